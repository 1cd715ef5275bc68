/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-flame-view.c — CsFlameView in a real window: pixels, tooltip text,
 * zoom and back, search, the export of the view as shown
 *
 * The call chains are those of tests/lib/cs-callchain-synth.h, counted by
 * hand there: of 800, _start and the path down to one_round 700, descend
 * under it 400, op_rotate 100 on its own.
 *
 * Arguments (meson passes them): CALLGRAPH-WORKLOAD
 */
#include "config.h"

#include "cs-callchain-synth.h"
#include "cs-flame-view.h"
#include "cs-test-widgets.h"

#define WIDTH  800
#define HEIGHT 420

static char *tmpdir;
static CsProfile *profile;
static CsCallGraph *graph;

static CsFlameView *
show (GtkWindow **window)
{
  GtkWidget *view = cs_flame_view_new ();

  cs_flame_view_set_graph (CS_FLAME_VIEW (view), graph, 0);
  cs_flame_view_set_title (CS_FLAME_VIEW (view), "cpu-clock: 8 samples");
  *window = cs_test_show (view, WIDTH, HEIGHT);
  cs_test_wait_frames (view);
  return CS_FLAME_VIEW (view);
}

/* Frames as wide as their totals, within a pixel, where the widget drew
 * them: the frame's colour across its rectangle. */
static void
test_frames (void)
{
  GtkWindow *window;
  CsFlameView *view = show (&window);
  graphene_rect_t one_round, op_rotate;
  g_autoptr(CsTestImage) image = NULL;
  double scale;

  g_assert_true (cs_flame_view_get_frame_rect (view, synth_node (graph, "_start/main/worker/one_round"), &one_round));
  g_assert_true (cs_flame_view_get_frame_rect (view, synth_node (graph, "op_rotate"), &op_rotate));
  g_assert_cmpfloat (fabs (one_round.size.width - 700.0 / 800 * WIDTH), <=, 1);
  g_assert_cmpfloat (fabs (op_rotate.size.width - 100.0 / 800 * WIDTH), <=, 1);
  /* flame: callers below callees, op_rotate on the row of _start */
  g_assert_cmpfloat (op_rotate.origin.y, >, one_round.origin.y);

  image = cs_test_render (GTK_WIDGET (view));
  scale = (double) image->width / gtk_widget_get_width (GTK_WIDGET (view));
  {
    CsChartStyle style;
    CsColor expected;
    int y = (int) ((one_round.origin.y + 2) * scale);

    cs_cairo_view_get_style (CS_CAIRO_VIEW (view), &style, NULL);
    cs_flame_frame_color (cs_flame_view_get_layout (view), &style,
                          cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, synth_node (graph, "_start/main/worker/one_round"))->function,
                          &expected);
    /* the frame's colour to its last pixel, past its name; the next
     * pixel (the row's end) is the frame's no more */
    for (int x = (int) (one_round.origin.x + one_round.size.width / 2); x < one_round.origin.x + one_round.size.width; x++)
      g_assert_true (cs_test_image_near (image, (int) (x * scale), y, expected.red, expected.green, expected.blue, 3));
  }
  gtk_window_destroy (window);
}

static void
test_tooltip_zoom (void)
{
  GtkWindow *window;
  CsFlameView *view = show (&window);
  guint one_round = synth_node (graph, "_start/main/worker/one_round");
  graphene_rect_t rect;
  g_autofree char *tip = NULL;

  g_assert_true (cs_flame_view_get_frame_rect (view, one_round, &rect));
  tip = cs_cairo_view_describe (CS_CAIRO_VIEW (view), rect.origin.x + rect.size.width / 2,
                                rect.origin.y + rect.size.height / 2);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "one_round"));
  g_assert_nonnull (strstr (tip, "87.50 %"));   /* 700 of 800 */
  g_assert_nonnull (strstr (tip, "0.00 %"));    /* no time of its own */

  cs_flame_view_zoom (view, one_round);
  cs_test_wait_frames (GTK_WIDGET (view));
  g_assert_true (cs_flame_view_get_frame_rect (view, one_round, &rect));
  g_assert_cmpfloat (rect.size.width, ==, WIDTH);
  g_assert_true (cs_flame_view_get_frame_rect (view, synth_node (graph, "_start/main/worker/one_round/descend"), &rect));
  g_assert_cmpfloat (fabs (rect.size.width - 400.0 / 700 * WIDTH), <=, 1);
  g_assert_false (cs_flame_view_get_frame_rect (view, synth_node (graph, "op_rotate"), &rect));
  g_assert_true (cs_flame_view_zoom_out (view));
  g_assert_cmpuint (cs_flame_view_get_zoom (view), ==, CS_CALL_ROOT);
  g_assert_false (cs_flame_view_zoom_out (view));

  /* the search marks the frames and counts each sample once */
  cs_flame_view_set_search (view, "descend");
  cs_test_wait_frames (GTK_WIDGET (view));
  g_assert_cmpfloat_with_epsilon (cs_flame_layout_get_matched_percent (cs_flame_view_get_layout (view)), 62.5, 1e-9);
  gtk_window_destroy (window);
}

static void
test_export (void)
{
  GtkWindow *window;
  CsFlameView *view = show (&window);
  const char *names[] = { "view.png", "view.svg", "view.pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (tmpdir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length = 0;

      g_assert_true (cs_cairo_view_export (CS_CAIRO_VIEW (view), path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      if (i == 0)
        {
          cairo_surface_t *png = cairo_image_surface_create_from_png (path);

          /* as shown, twice the pixels */
          g_assert_cmpint (cairo_image_surface_get_width (png), ==, 2 * WIDTH);
          cairo_surface_destroy (png);
        }
      else if (i == 1)
        g_assert_nonnull (strstr (contents, "<svg"));
      else
        g_assert_true (length > 5 && memcmp (contents, "%PDF-", 5) == 0);
    }
  gtk_window_destroy (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *workload = NULL;
  g_autofree char *data = NULL;
  int status;

  cs_test_widgets_init (&argc, &argv);
  if (argc < 2)
    g_error ("usage: test-flame-view CALLGRAPH-WORKLOAD");
  workload = g_canonicalize_filename (argv[1], NULL);
  tmpdir = cs_test_mkdtemp ();
  data = synth_write_stacks (workload, tmpdir);
  profile = synth_load (data, tmpdir);
  graph = synth_graph (profile);

  g_test_add_func ("/flame-view/frames", test_frames);
  g_test_add_func ("/flame-view/tooltip-zoom", test_tooltip_zoom);
  g_test_add_func ("/flame-view/export", test_export);
  status = g_test_run ();
  g_clear_object (&graph);
  g_clear_object (&profile);
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
