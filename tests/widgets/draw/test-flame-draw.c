/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-flame-draw.c — the flame graph rendered headless
 *
 * On the call chains of cs-callchain-synth.h (counted by hand there: 800 in
 * all; _start 700 → main → worker → one_round 700 → descend 400 and
 * op_divide 300; op_rotate 100 on its own), rendered to an image:
 *
 *  - each frame is as wide as its total, within 1 px (measured on the
 *    pixels: a searched frame is the match colour, nothing else is);
 *  - a search highlights the matching frames, fades the others and says
 *    their share, each sample once (descend: 500 of 800);
 *  - zooming into a frame spreads it over the width, its callers too;
 *  - the row and frame under a point are the ones drawn there;
 *  - PNG, SVG and PDF come out as such files.
 *
 * Arguments (meson passes them): CALLGRAPH-WORKLOAD
 */
#include "config.h"

#include "cs-callchain-synth.h"
#include "cs-flame-export.h"
#include "cs-test-charts.h"

#define WIDTH  800
#define HEIGHT 500

static char *workload;
static char *tmpdir;
static CsProfile *profile;
static CsCallGraph *graph;

static cairo_surface_t *
render (const CsFlameLayout      *layout,
        const CsFlameDrawOptions *options,
        CsTheme                   theme)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  CsChartStyle style;

  cs_chart_style_init (&style, theme);
  cs_flame_draw (cr, layout, &style, options, WIDTH, HEIGHT);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

/* The match colour (or its darker left edge): magenta, which no module
 * colour of the palette is. */
static gboolean
magenta (TestPixel p)
{
  return p.r > p.g + 0.3 && p.b > p.g + 0.3 && fabs (p.r - p.b) < 0.15;
}

/* Runs of the match colour along the top line (no text there) of @row. */
static GArray *
magenta_runs (cairo_surface_t *surface,
              const CsFlameLayout *layout,
              const CsFlameDrawOptions *options,
              guint            row)
{
  CsChartStyle style;
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (int));
  int y, start = -1;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  y = (int) cs_flame_row_y (layout, &style, options, HEIGHT, row) + 1;
  for (int x = 0; x <= WIDTH; x++)
    {
      gboolean m = x < WIDTH && magenta (test_pixel (surface, x, y));

      if (m && start < 0)
        start = x;
      else if (!m && start >= 0)
        {
          int len = x - start;

          g_array_append_val (runs, len);
          start = -1;
        }
    }
  return runs;
}

/* Searching @name: one frame of that name in @row, @expected px wide
 * within 1 px; the share said is @share %. */
static void
check_search (const char *name,
              guint       row,
              double      expected,
              double      share)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, name);
  CsFlameDrawOptions options;
  cairo_surface_t *surface;
  g_autoptr(GArray) runs = NULL;

  cs_flame_draw_options_init (&options);
  options.searching = TRUE;
  surface = render (layout, &options, CS_THEME_LIGHT);
  runs = magenta_runs (surface, layout, &options, row);
  g_assert_cmpuint (runs->len, >=, 1);
  g_test_message ("%s: %d px, %.2f expected", name, g_array_index (runs, int, 0), expected);
  g_assert_cmpfloat (fabs (g_array_index (runs, int, 0) - expected), <=, 1.0);
  g_assert_cmpfloat_with_epsilon (cs_flame_layout_get_matched_percent (layout), share, 1e-9);
  cairo_surface_destroy (surface);
}

static void
test_widths (void)
{
  /* rows: 0 all, 1 _start, 2 main, 3 worker, 4 one_round, 5 descend / op_divide */
  check_search ("one_round", 4, 700.0 / 800 * WIDTH, 700.0 / 8);
  check_search ("op_divide", 5, 300.0 / 800 * WIDTH, 300.0 / 8);
  check_search ("op_rotate", 1, 100.0 / 800 * WIDTH, 100.0 / 8);
  check_search ("_start", 1, 700.0 / 800 * WIDTH, 700.0 / 8);
}

static void
test_search (void)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, "DESCEND");
  g_autoptr(CsFlameLayout) plain = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                        WIDTH, 0, NULL);
  CsFlameDrawOptions options;
  cairo_surface_t *surface, *before;
  g_autoptr(GArray) row5 = NULL;
  g_autoptr(GArray) row2 = NULL;
  CsChartStyle style;
  const CsFlameFrame *worker = cs_flame_layout_find_node (plain, synth_node (graph, "_start/main/worker"));
  int y;

  /* case folded; A, C and D each once although descend is thrice on A */
  g_assert_cmpfloat_with_epsilon (cs_flame_layout_get_matched_percent (layout), 62.5, 1e-9);
  cs_flame_draw_options_init (&options);
  options.searching = TRUE;
  surface = render (layout, &options, CS_THEME_LIGHT);
  /* descend under one_round (A, C: 400) and under op_rotate (D: 100) */
  row5 = magenta_runs (surface, layout, &options, 5);
  g_assert_cmpuint (row5->len, ==, 1);
  g_assert_cmpint (abs (g_array_index (row5, int, 0) - 400), <=, 1);
  row2 = magenta_runs (surface, layout, &options, 2);
  g_assert_cmpuint (row2->len, ==, 1);
  g_assert_cmpint (abs (g_array_index (row2, int, 0) - 100), <=, 1);
  /* the rest is faded: worker's colour moved towards the background */
  cs_chart_style_init (&style, CS_THEME_LIGHT);
  before = render (plain, NULL, CS_THEME_LIGHT);
  y = (int) cs_flame_row_y (plain, &style, &options, HEIGHT, worker->depth) + 1;
  {
    TestPixel a = test_pixel (before, (int) worker->x + 10, y);
    TestPixel b = test_pixel (surface, (int) worker->x + 10, y);
    CsColor card;

    cs_palette_get_role_color (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD, &card);
    g_assert_false (magenta (b));
    g_assert_cmpfloat (test_contrast (b, (TestPixel) { card.red, card.green, card.blue }), <,
                       test_contrast (a, (TestPixel) { card.red, card.green, card.blue }));
  }
  cairo_surface_destroy (surface);
  cairo_surface_destroy (before);
}

static void
test_zoom (void)
{
  guint one_round = synth_node (graph, "_start/main/worker/one_round");
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, one_round,
                                                         WIDTH, 0, NULL);
  const CsFlameFrame *zoomed = cs_flame_layout_find_node (layout, one_round);
  const CsFlameFrame *descend = cs_flame_layout_find_node (layout, synth_node (graph, "_start/main/worker/one_round/descend"));
  const CsFlameFrame *main_frame = cs_flame_layout_find_node (layout, synth_node (graph, "_start/main"));

  g_assert_nonnull (zoomed);
  g_assert_cmpfloat (zoomed->x, ==, 0);
  g_assert_cmpfloat (zoomed->width, ==, WIDTH);
  g_assert_false (zoomed->ancestor);
  /* its callers full width, marked */
  g_assert_nonnull (main_frame);
  g_assert_true (main_frame->ancestor);
  g_assert_cmpfloat (main_frame->width, ==, WIDTH);
  /* 400 of one_round's 700 */
  g_assert_nonnull (descend);
  g_assert_cmpfloat (fabs (descend->width - 400.0 / 700 * WIDTH), <=, 1.0);
  /* what is not under it is gone */
  g_assert_null (cs_flame_layout_find_node (layout, synth_node (graph, "op_rotate")));
  /* drawn: the frame spans the image where it says */
  {
    CsFlameDrawOptions options;
    g_autoptr(CsFlameLayout) searched = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, one_round,
                                                             WIDTH, 0, "descend");
    cairo_surface_t *surface;
    g_autoptr(GArray) runs = NULL;

    cs_flame_draw_options_init (&options);
    options.searching = TRUE;
    surface = render (searched, &options, CS_THEME_DARK);
    runs = magenta_runs (surface, searched, &options, descend->depth);
    g_assert_cmpuint (runs->len, ==, 1);
    g_assert_cmpfloat (fabs (g_array_index (runs, int, 0) - 400.0 / 700 * WIDTH), <=, 1.0);
    cairo_surface_destroy (surface);
  }
}

static void
test_hit (void)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, NULL);
  const CsFlameFrame *f = cs_flame_layout_find_node (layout, synth_node (graph, "_start/main/worker/one_round/op_divide"));
  CsFlameDrawOptions options;
  CsChartStyle style;
  double y;
  int row;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  cs_flame_draw_options_init (&options);
  for (guint icicle = 0; icicle < 2; icicle++)
    {
      options.icicle = icicle;
      y = cs_flame_row_y (layout, &style, &options, HEIGHT, f->depth) + 3;
      row = cs_flame_row_at (layout, &style, &options, HEIGHT, y);
      g_assert_cmpint (row, ==, (int) f->depth);
      g_assert_true (cs_flame_layout_frame_at (layout, row, f->x + f->width / 2) == f);
      g_assert_null (cs_flame_layout_frame_at (layout, row, WIDTH + 5));
    }
  /* the header is no row */
  g_assert_cmpint (cs_flame_row_at (layout, &style, &options, HEIGHT, 2), ==, -1);
  /* a threshold above op_rotate's 12.5 % leaves it out */
  {
    g_autoptr(CsFlameLayout) cut = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                        WIDTH, 13, NULL);

    g_assert_null (cs_flame_layout_find_node (cut, synth_node (graph, "op_rotate")));
    g_assert_nonnull (cs_flame_layout_find_node (cut, synth_node (graph, "_start")));
  }
}

/* The icicle: the bottom-up tree hanging from the top, widths by the
 * sampled functions' own cost: leaf_spin 400 of 800. */
static void
test_icicle (void)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_BOTTOM_UP, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, "leaf_spin");
  CsFlameDrawOptions options;
  cairo_surface_t *surface;
  g_autoptr(GArray) runs = NULL;

  cs_flame_draw_options_init (&options);
  options.icicle = TRUE;
  options.searching = TRUE;
  surface = render (layout, &options, CS_THEME_LIGHT);
  runs = magenta_runs (surface, layout, &options, 1);
  g_assert_cmpuint (runs->len, ==, 1);
  g_assert_cmpint (abs (g_array_index (runs, int, 0) - 400), <=, 1);
  cairo_surface_destroy (surface);
}

static void
test_export (void)
{
  const struct { CsExportFormat format; const char *name; } cases[] = {
    { CS_EXPORT_PNG, "flame.png" }, { CS_EXPORT_SVG, "flame.svg" }, { CS_EXPORT_PDF, "flame.pdf" },
  };
  CsChartStyle style;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (tmpdir, cases[i].name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      g_assert_true (cs_flame_export (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT, 0, NULL, NULL, &style,
                                      cases[i].format, 640, 360, 2, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      switch (cases[i].format)
        {
        case CS_EXPORT_PNG:
          {
            cairo_surface_t *png = cairo_image_surface_create_from_png (path);

            g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
            g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1280);
            g_assert_cmpint (cairo_image_surface_get_height (png), ==, 720);
            cairo_surface_destroy (png);
          }
          break;
        case CS_EXPORT_SVG:
          g_assert_nonnull (strstr (contents, "<svg"));
          break;
        case CS_EXPORT_PDF:
        default:
          g_assert_true (length > 5 && memcmp (contents, "%PDF-", 5) == 0);
          break;
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-flame-draw CALLGRAPH-WORKLOAD");
  workload = g_canonicalize_filename (argv[1], NULL);
  tmpdir = cs_test_mkdtemp ();
  data = synth_write_stacks (workload, tmpdir);
  profile = synth_load (data, tmpdir);
  graph = synth_graph (profile);

  g_test_add_func ("/flame-draw/widths", test_widths);
  g_test_add_func ("/flame-draw/search", test_search);
  g_test_add_func ("/flame-draw/zoom", test_zoom);
  g_test_add_func ("/flame-draw/hit", test_hit);
  g_test_add_func ("/flame-draw/icicle", test_icicle);
  g_test_add_func ("/flame-draw/export", test_export);
  status = g_test_run ();
  g_clear_object (&graph);
  g_clear_object (&profile);
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (workload);
  return status;
}
