/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-callgraph.c — the Call Graph page on a real -g recording, in a
 * real window
 *
 * argv[1]: the cyclescope binary, argv[2]: callgraph-workload. The workload
 * is recorded with `cyclescope record -g`; what the page must show follows
 * from the workload's design: most of its time is leaf_spin's, reached
 * through descend's recursion under one_round under worker; descend calls
 * itself and leaf_spin and is called by one_round; the library calls back
 * into callback_work. Then, as a user would:
 *
 *  - the top-down tree, expanded along its hot path (Ctrl+H, typed with
 *    xdotool), ends in leaf_spin under descend;
 *  - descend's callers and callees; activating a caller selects it, Back
 *    (Alt+Left) returns to descend;
 *  - the flame graph is drawn; Up and Enter (xdotool) zoom into a frame,
 *    Alt+Left zooms back out; searching "leaf_sp" highlights leaf_spin and
 *    says its share of the samples;
 *  - the functions list, searched, holds leaf_spin only; activating it opens
 *    its source and disassembly on the Modules page;
 *  - a recording without call chains: the page says how to record them.
 *
 * Screenshots: meson-logs/callgraph-*.png.
 */
#include "config.h"

#include <math.h>

#include "cs-call-item.h"
#include "cs-callgraph-page.h"
#include "cs-flame-view.h"
#include "cs-modules-page.h"
#include "cs-symbol-item.h"
#include "cs-test-app.h"
#include "cs-test-viewer.h"
#include "cs-test-xdotool.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;
static char *xdotool;

static char *
record (const char *name,
        gboolean    call_chains)
{
  char *bundle = g_build_filename (tmpdir, name, NULL);
  const char *with[] = { cyclescope, "record", "--no-counting", "-F", "5000", "-g", "-o", bundle, "--",
                         workload, "400", NULL };
  const char *without[] = { cyclescope, "record", "--no-counting", "-F", "5000", "-o", bundle, "--",
                            workload, "400", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = 0;

  out = cs_test_run (call_chains ? with : without, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("cyclescope record failed: %s", err);
  return bundle;
}

static CsCallGraphPage *
page_of (CsTestApp *app)
{
  GtkStack *pages = cs_test_window_pages (cs_test_app_get_window (app));

  return CS_CALL_GRAPH_PAGE (gtk_stack_get_child_by_name (pages, "call-graph"));
}

static GObject *
part (CsCallGraphPage *page,
      const char      *name)
{
  return gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_CALL_GRAPH_PAGE, name);
}

/* The page shown with its graph, once the window has loaded the recording. */
static CsCallGraphPage *
shown_page (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  CsCallGraphPage *page;

  if (window == NULL || cs_test_window_loading (window))
    return NULL;
  g_assert_null (cs_test_window_error (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "call-graph");
  page = page_of (app);
  return cs_call_graph_page_is_loading (page) ? NULL : page;
}

static const char *
function_name (CsCallGraph    *graph,
               CsCallTreeKind  kind,
               guint           node)
{
  guint f = cs_call_graph_get_node (graph, kind, node)->function;

  return f == CS_CALL_NO_FUNCTION ? "" : cs_profile_get_function (cs_call_graph_get_profile (graph), f)->name;
}

/* Types @keys with xdotool into our window, given the X focus first (the
 * pointer in it, as a user's would be). */
static void
type_keys (CsTestApp  *app,
           const char *keys)
{
  g_auto(GStrv) list = g_strsplit (keys, " ", -1);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *xid = NULL;

#ifdef GDK_WINDOWING_X11
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (cs_test_app_get_window (app)));

    if (GDK_IS_X11_SURFACE (surface))
      xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  }
#endif
  if (xid != NULL)
    {
      const char *focus[] = { xdotool, "mousemove", "--window", xid, "5", "5", "windowfocus", "--sync", xid, NULL };

      cs_test_xdotool_run (focus);
    }
  g_ptr_array_add (argv, xdotool);
  g_ptr_array_add (argv, (char *) "key");
  g_ptr_array_add (argv, (char *) "--clearmodifiers");
  g_ptr_array_add (argv, (char *) "--delay");
  g_ptr_array_add (argv, (char *) "60");
  for (guint i = 0; list[i] != NULL; i++)
    g_ptr_array_add (argv, list[i]);
  g_ptr_array_add (argv, NULL);
  cs_test_xdotool_run ((const char * const *) argv->pdata);
}

/* Whether @view's model holds a row for the function @name. */
static guint
row_of (GtkColumnView *view,
        const char    *name,
        guint64       *cost,
        guint          event)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (cs_call_item_get_name (cs_call_item_from (item)), name))
        {
          if (cost != NULL)
            *cost = cs_call_item_get_total (cs_call_item_from (item), event);
          return i;
        }
    }
  return G_MAXUINT;
}

typedef enum
{
  STAGE_LOAD,
  STAGE_HOT_PATH_KEY,
  STAGE_HOT_PATH,
  STAGE_HOT_PATH_SHOT,
  STAGE_CALLERS,
  STAGE_CALLERS_SHOT,
  STAGE_FLAME,
  STAGE_FLAME_SHOT,
  STAGE_FLAME_KEYS,
  STAGE_FLAME_ZOOMED,
  STAGE_FLAME_BACK,
  STAGE_SEARCH,
  STAGE_SEARCH_SHOT,
  STAGE_FUNCTIONS,
  STAGE_FUNCTIONS_SHOT,
  STAGE_CODE,
  STAGE_CODE_SHOT,
} Stage;

typedef struct
{
  guint zoom_before;
  guint descend;
} Walk;

static gboolean
step_walk (CsTestApp *app)
{
  CsCallGraphPage *page = page_of (app);
  Walk *walk = app->data;
  GtkWindow *window = GTK_WINDOW (cs_test_app_get_window (app));
  CsCallGraph *graph = page != NULL ? cs_call_graph_page_get_graph (page) : NULL;
  CsFlameView *flame = page != NULL ? CS_FLAME_VIEW (part (page, "flame_view")) : NULL;
  guint event = page != NULL ? cs_call_graph_page_get_event (page) : 0;

  switch ((Stage) app->stage)
    {
    case STAGE_LOAD:
      if ((page = shown_page (app)) == NULL)
        return FALSE;
      g_assert_nonnull (cs_call_graph_page_get_graph (page));
      cs_call_graph_page_show_view (page, "top-down");
      gtk_widget_grab_focus (GTK_WIDGET (part (page, "top_down_view")));
      app->stage++;
      return FALSE;

    case STAGE_HOT_PATH_KEY:
      if (!gtk_widget_has_focus (GTK_WIDGET (part (page, "top_down_view"))) &&
          !gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (part (page, "top_down_view"))))
        return FALSE;
      type_keys (app, "ctrl+h");
      app->stage++;
      return FALSE;

    case STAGE_HOT_PATH:
      {
        GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (part (page, "top_down_view"))));
        gpointer row = gtk_single_selection_get_selected_item (selection);
        guint node;
        gboolean through_descend = FALSE, through_one_round = FALSE;

        if (row == NULL)
          return FALSE;
        node = cs_call_item_get_node (cs_call_item_from (row));
        /* (until the keys arrive, the row the focus selected) */
        if (cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, node)->depth < 3)
          return FALSE;
        /* the workload spends most of its time in leaf_spin, below
         * descend's recursion: as gcc builds it. Built by clang (the
         * sanitizer build), the library's callbacks weigh as much as
         * descend (perf report: 44 % each), and the hot path may end in
         * either; the gcc build checks it. */
        if (CS_TEST_CLANG)
          {
            app->stage++;
            return FALSE;
          }
        g_assert_cmpstr (function_name (graph, CS_CALL_TREE_TOP_DOWN, node), ==, "leaf_spin");
        for (guint n = node; n != CS_CALL_ROOT; n = cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, n)->parent)
          {
            through_descend |= g_str_equal (function_name (graph, CS_CALL_TREE_TOP_DOWN, n), "descend");
            through_one_round |= g_str_equal (function_name (graph, CS_CALL_TREE_TOP_DOWN, n), "one_round");
          }
        g_assert_true (through_descend && through_one_round);
        app->stage++;
        return FALSE;
      }

    case STAGE_HOT_PATH_SHOT:
      if (!cs_test_app_screenshot (app, window, "callgraph-top-down"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      for (guint f = 0; f < cs_profile_get_n_functions (cs_call_graph_get_profile (graph)); f++)
        if (g_str_equal (cs_profile_get_function (cs_call_graph_get_profile (graph), f)->name, "descend"))
          walk->descend = f;
      cs_call_graph_page_select (page, walk->descend);
      app->stage++;
      return FALSE;

    case STAGE_CALLERS:
      {
        GtkColumnView *callers = GTK_COLUMN_VIEW (part (page, "callers_view"));
        GtkColumnView *callees = GTK_COLUMN_VIEW (part (page, "callees_view"));
        guint64 from_one_round = 0, from_itself = 0;
        guint position;

        g_assert_cmpstr (cs_call_graph_page_get_selected (page)->name, ==, "descend");
        /* recursion: descend is its own caller and callee */
        position = row_of (callers, "one_round", &from_one_round, event);
        g_assert_cmpuint (position, !=, G_MAXUINT);
        g_assert_cmpuint (row_of (callers, "descend", &from_itself, event), !=, G_MAXUINT);
        g_assert_cmpuint (row_of (callees, "leaf_spin", NULL, event), !=, G_MAXUINT);
        g_assert_cmpuint (row_of (callees, "descend", NULL, event), !=, G_MAXUINT);
        /* descend stacks come from one_round: nearly all of its total (a
         * sample in descend's prologue, before it set up its frame, skips
         * its caller: how many there are depends on when the timer fired) */
        g_assert_cmpuint (from_one_round, <=, cs_call_graph_get_function_total (graph, walk->descend, event));
        g_assert_cmpuint (from_one_round, >, cs_call_graph_get_function_total (graph, walk->descend, event) / 2);
        g_assert_cmpuint (from_itself, <, from_one_round);
        /* a caller activated becomes the function shown; Back returns */
        g_signal_emit_by_name (callers, "activate", position);
        g_assert_cmpstr (cs_call_graph_page_get_selected (page)->name, ==, "one_round");
        gtk_widget_grab_focus (GTK_WIDGET (callers));
        type_keys (app, "alt+Left");
        app->stage++;
        return FALSE;
      }

    case STAGE_CALLERS_SHOT:
      if (g_strcmp0 (cs_call_graph_page_get_selected (page)->name, "descend") != 0)
        return FALSE;
      if (!cs_test_app_screenshot (app, window, "callgraph-callers"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      cs_call_graph_page_show_view (page, "flame");
      app->stage++;
      return FALSE;

    case STAGE_FLAME:
      {
        const CsFlameLayout *layout = cs_flame_view_get_layout (flame);

        if (layout == NULL || !gtk_widget_get_mapped (GTK_WIDGET (flame)))
          return FALSE;
        g_assert_cmpuint (layout->frames->len, >, 10);
        g_assert_cmpuint (cs_flame_view_get_zoom (flame), ==, CS_CALL_ROOT);
        app->stage++;
        return FALSE;
      }

    case STAGE_FLAME_SHOT:
      if (!cs_test_app_screenshot (app, window, "callgraph-flame"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      gtk_widget_grab_focus (GTK_WIDGET (flame));
      app->stage++;
      return FALSE;

    case STAGE_FLAME_KEYS:
      if (!gtk_widget_has_focus (GTK_WIDGET (flame)))
        return FALSE;
      walk->zoom_before = cs_flame_view_get_zoom (flame);
      /* the first arrow focuses the root, Up goes to its widest callee */
      type_keys (app, "Up Up Return");
      app->stage++;
      return FALSE;

    case STAGE_FLAME_ZOOMED:
      if (cs_flame_view_get_zoom (flame) == walk->zoom_before)
        return FALSE;
      g_assert_cmpuint (cs_flame_view_get_zoom (flame), ==, cs_flame_view_get_focus_node (flame));
      g_assert_cmpuint (cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, cs_flame_view_get_zoom (flame))->depth, ==, 1);
      type_keys (app, "alt+Left");
      app->stage++;
      return FALSE;

    case STAGE_FLAME_BACK:
      if (cs_flame_view_get_zoom (flame) != CS_CALL_ROOT)
        return FALSE;
      gtk_editable_set_text (GTK_EDITABLE (part (page, "search_entry")), "leaf_sp");
      app->stage++;
      return FALSE;

    case STAGE_SEARCH:
      {
        const CsFlameLayout *layout = cs_flame_view_get_layout (flame);
        guint64 total = cs_call_graph_get_event_total (graph, event);
        guint leaf = G_MAXUINT;

        if (g_strcmp0 (cs_flame_view_get_search (flame), "leaf_sp") != 0 || layout == NULL)
          return FALSE;
        for (guint f = 0; f < cs_profile_get_n_functions (cs_call_graph_get_profile (graph)); f++)
          if (g_str_equal (cs_profile_get_function (cs_call_graph_get_profile (graph), f)->name, "leaf_spin"))
            leaf = f;
        g_assert_cmpuint (leaf, !=, G_MAXUINT);
        g_assert_cmpuint (layout->n_matched, >, 0);
        /* only leaf_spin matches: its total share, each sample once */
        g_assert_cmpfloat (fabs (cs_flame_layout_get_matched_percent (layout) -
                                 100.0 * cs_call_graph_get_function_total (graph, leaf, event) / total), <, 1e-9);
        g_assert_cmpfloat (cs_flame_layout_get_matched_percent (layout), >, 30);
        app->stage++;
        return FALSE;
      }

    case STAGE_SEARCH_SHOT:
      if (!cs_test_app_screenshot (app, window, "callgraph-flame-search"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      cs_call_graph_page_show_view (page, "functions");
      app->stage++;
      return FALSE;

    case STAGE_FUNCTIONS:
      {
        GtkColumnView *functions = GTK_COLUMN_VIEW (part (page, "functions_view"));
        GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (functions));

        if (g_list_model_get_n_items (model) != 1)
          return FALSE;
        g_assert_cmpuint (row_of (functions, "leaf_spin", NULL, event), ==, 0);
        app->stage++;
        return FALSE;
      }

    case STAGE_FUNCTIONS_SHOT:
      if (!cs_test_app_screenshot (app, window, "callgraph-functions"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      g_signal_emit_by_name (part (page, "functions_view"), "activate", 0);
      app->stage++;
      return FALSE;

    case STAGE_CODE:
      {
        GtkStack *pages = cs_test_window_pages (cs_test_app_get_window (app));
        CsModulesPage *modules = CS_MODULES_PAGE (gtk_stack_get_child_by_name (pages, "modules"));
        CsSymbolItem *open = cs_modules_page_get_open_symbol (modules);

        if (g_strcmp0 (gtk_stack_get_visible_child_name (pages), "modules") != 0 || open == NULL)
          return FALSE;
        g_assert_cmpstr (cs_symbol_item_get_name (open), ==, "leaf_spin");
        app->stage++;
        return FALSE;
      }

    case STAGE_CODE_SHOT:
    default:
      return cs_test_app_screenshot (app, window, "callgraph-source");
    }
}

static void
test_walk (void)
{
  g_autofree char *bundle = record ("calls.cyclescope", TRUE);
  const char *files[] = { bundle, NULL };
  Walk walk = { 0 };

  if (xdotool == NULL)
    {
      g_test_skip ("xdotool is not installed: the keys cannot be typed");
      return;
    }
  cs_test_app_run (files, step_walk, &walk);
}

static gboolean
step_no_chains (CsTestApp *app)
{
  CsCallGraphPage *page;

  if (app->stage == 0)
    {
      if ((page = shown_page (app)) == NULL)
        return FALSE;
      g_assert_null (cs_call_graph_page_get_graph (page));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (part (page, "empty_title"))), ==,
                       "No call chains in this recording");
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (part (page, "empty_body"))), "record -g"));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (part (page, "record_button"))));
      app->stage++;
      return FALSE;
    }
  return cs_test_app_screenshot (app, GTK_WINDOW (cs_test_app_get_window (app)), "callgraph-no-chains");
}

static void
test_no_chains (void)
{
  g_autofree char *bundle = record ("flat.cyclescope", FALSE);
  const char *files[] = { bundle, NULL };

  cs_test_app_run (files, step_no_chains, NULL);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!cs_test_app_init (&argc, &argv, "/app-callgraph/no-display"))
    return g_test_run ();
  if (argc < 3)
    g_error ("usage: test-app-callgraph CYCLESCOPE CALLGRAPH-WORKLOAD");
  cyclescope = argv[1];
  workload = argv[2];
  xdotool = g_find_program_in_path ("xdotool");
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/app-callgraph/walk", test_walk);
  g_test_add_func ("/app-callgraph/no-chains", test_no_chains);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (xdotool);
  cs_test_app_cleanup ();
  return status;
}
