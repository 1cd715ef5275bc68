/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-unwind.c — opening a DWARF recording in a real window: the
 * unwinding shows as a stage of the progress bar and can be cancelled
 *
 * argv[1]: the cyclescope binary, argv[2]: dwarf-workload. The workload
 * (two threads, no frame pointers) is recorded with `cyclescope record
 * --call-graph dwarf`, then opened:
 *
 *  - the window's progress label reads "Unwinding call stacks" while the
 *    load unwinds (the window rendered at that moment:
 *    meson-logs/unwind-progress.png);
 *  - Cancel, pressed from that stage, leaves the window as it was before
 *    the open (empty, or the recording shown), not loading and without an
 *    error, at once;
 *  - opened again and left to finish, the Call Graph page's graph holds
 *    the unwound stacks: nearly every stack reaches its thread's start.
 *    (The test quits only once the page has built it: quitting while the
 *    page builds makes GTK warn about an expression watch at exit.)
 *
 * The window reports only the newest stage when the main loop gets to it,
 * so a load on a busy machine might pass the unwinding unseen: then the
 * file is opened again (a bounded number of times), which keeps the checks
 * free of timing.
 */
#include "config.h"

#include "cs-call-graph.h"
#include "cs-callgraph-page.h"
#include "cs-test-app.h"
#include "cs-test-viewer.h"

#define UNWINDING    "Unwinding call stacks"
#define MAX_ATTEMPTS 30

static const char *cyclescope;
static const char *workload;
static char *tmpdir;

typedef struct
{
  char     *bundle;
  gulong    handler;
  gboolean  rendered;           /* the stage's picture is taken */
  gboolean  cancel_in_stage;    /* the label handler presses Cancel itself */
  gboolean  seen;               /* the label read UNWINDING in this load */
  gboolean  cancelled;
  guint     attempts;
  gpointer  before;             /* the recording shown when the load began */
} Watch;

static GtkLabel *
progress_label (CsWindow *window)
{
  return GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (window), CS_TYPE_WINDOW, "progress_label"));
}

/* Writes the window as it is at this moment (before the main loop moves on
 * to the next stage) to meson-logs/NAME. Its cached frame
 * is out of date, so its children draw anew, laid out for the new text. */
static void
render_png (CsWindow   *window,
            const char *name)
{
  GtkWidget *widget = GTK_WIDGET (window);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = cs_test_build_path ("meson-logs");
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  g_mkdir_with_parents (dir, 0755);
  gtk_widget_allocate (widget, width, height, -1, NULL);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 }, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  gsk_renderer_realize (renderer, NULL, &error);
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_renderer_unrealize (renderer);
  gsk_render_node_unref (node);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("the window at the unwinding stage: %s", path);
}

static void
on_label (GtkLabel   *label,
          GParamSpec *pspec,
          Watch      *w)
{
  CsWindow *window = CS_WINDOW (gtk_widget_get_root (GTK_WIDGET (label)));

  if (w->seen || !g_str_has_prefix (gtk_label_get_text (label), UNWINDING))
    return;
  w->seen = TRUE;
  /* the stage is shown only while the load runs */
  g_assert_true (cs_test_window_loading (window));
  if (!w->rendered)
    {
      render_png (window, "unwind-progress.png");
      w->rendered = TRUE;
    }
  if (w->cancel_in_stage)
    {
      cs_window_cancel_load (window);
      g_assert_false (cs_test_window_loading (window));
      g_assert_true ((gpointer) cs_window_get_analysis (window) == w->before);
      g_assert_null (cs_test_window_error (window));
      w->cancelled = TRUE;
    }
}

static void
open_again (CsWindow *window,
            Watch    *w)
{
  g_autoptr(GFile) file = g_file_new_for_path (w->bundle);

  g_test_message ("opening, attempt %u%s", w->attempts + 1, w->cancel_in_stage ? " (to cancel)" : "");
  g_assert_cmpuint (++w->attempts, <=, MAX_ATTEMPTS);
  w->seen = FALSE;
  w->before = cs_window_get_analysis (window);
  cs_window_open (window, file);
}

static gboolean
step (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  Watch *w = app->data;

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return FALSE;
  switch (app->stage)
    {
    case 0:
      w->handler = g_signal_connect (progress_label (window), "notify::label", G_CALLBACK (on_label), w);
      open_again (window, w);
      app->stage = 1;
      return FALSE;

    case 1:     /* wait for the stage (on_label renders the window) */
      if (!w->seen)
        {
          if (!cs_test_window_loading (window))
            open_again (window, w);
          return FALSE;
        }
      /* the load may have ended meanwhile */
      cs_window_cancel_load (window);
      w->attempts = 0;
      w->cancel_in_stage = TRUE;
      open_again (window, w);
      app->stage = 2;
      return FALSE;

    case 2:     /* Cancel pressed from the unwinding stage (on_label) */
      if (!w->cancelled)
        {
          if (!cs_test_window_loading (window))
            {
              g_assert_null (cs_test_window_error (window));
              open_again (window, w);
            }
          return FALSE;
        }
      w->cancel_in_stage = FALSE;
      w->attempts = 0;
      open_again (window, w);
      app->stage = 3;
      return FALSE;

    default:    /* the whole load, and the Call Graph page built from it */
      {
        CsCallGraphPage *page = CS_CALL_GRAPH_PAGE (gtk_stack_get_child_by_name (cs_test_window_pages (window),
                                                                                 "call-graph"));
        CsCallGraph *graph;
        double broken;

        if (cs_test_window_loading (window) || cs_call_graph_page_is_loading (page))
          return FALSE;
        g_assert_null (cs_test_window_error (window));
        g_assert_nonnull (cs_window_get_analysis (window));
        graph = cs_call_graph_page_get_graph (page);
        g_assert_nonnull (graph);
        broken = cs_call_graph_get_broken_percent (graph, 0);
        g_test_message ("broken stacks: %.2f %%", broken);
        g_assert_cmpuint (cs_call_graph_get_n_nodes (graph, 0), >, 10);
        /* clang's workloads: see cs_test_skip_clang_unwind() */
        if (!CS_TEST_CLANG)
          g_assert_cmpfloat (broken, <, 5);
      }
      g_signal_handler_disconnect (progress_label (window), w->handler);
      return TRUE;
    }
}

static void
test_progress_cancel (void)
{
  g_autofree char *bundle = g_build_filename (tmpdir, "dwarf.cyclescope", NULL);
  /* about 16 000 samples with 8 KiB stacks (130 MB): unwinding is most of
   * the load, a few tenths of a second */
  const char *argv[] = { cyclescope, "record", "--no-counting", "-F", "4000", "--call-graph", "dwarf", "-o", bundle,
                         "--", workload, "--cpu", "2", "--threads", "2", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = 0;
  Watch w = { 0 };

  out = cs_test_run (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("cyclescope record failed: %s", err);
  w.bundle = bundle;
  cs_test_app_run (NULL, step, &w);
  g_assert_true (w.cancelled);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!cs_test_app_init (&argc, &argv, "/app-unwind/no-display"))
    return g_test_run ();
  if (argc < 3)
    g_error ("usage: test-app-unwind CYCLESCOPE DWARF-WORKLOAD");
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/app-unwind/progress-cancel", test_progress_cancel);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  cs_test_app_cleanup ();
  return status;
}
