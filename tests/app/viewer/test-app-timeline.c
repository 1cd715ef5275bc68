/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-timeline.c — the timeline selects a range, Filter In, and every
 * page shows that range's numbers, in a real window
 *
 * argv[1]: timeline-workload (two processes, four threads at different
 * times, two modules). It is recorded with `perf record -g --sample-cpu`
 * and the plain perf.data opened in the viewer. Then, as a user would:
 *
 *  - the timeline shows a row per process of the workload;
 *  - a range from 30 % to 60 % of the recording is dragged on it with
 *    xdotool (set through the view's API when xdotool is missing) and
 *    "Filter In on Selection" chosen from its menu;
 *  - a chip says the filter, the title says "(filtered)";
 *  - the Modules page's samples per module are those of `perf report -n
 *    --sort dso --time START,STOP` on the same file over the range
 *    selected (perf's top 10 within 1 %), and the flame graph's root holds
 *    the range's samples, perf's total;
 *  - Back returns to the whole recording, whose module table is
 *    `perf report -n --sort dso` again;
 *  - in the flame graph, a click on tl_lib_spin (in libtlwork.so) and
 *    "Filter In on Function" from its menu: the graph's samples and the
 *    module table are those of `perf report -n --sort dso --parent
 *    '^tl_lib_spin$' -x` (the samples with it anywhere on the stack);
 *  - Reset, then "Filter Out Module" on libtlwork.so from the module
 *    table's menu: the table is perf's whole-file rows without it;
 *  - Reset, then a right click on tl_lib_spin in the Call Graph's functions
 *    list and "Filter Out Function": the module table is perf's whole-file
 *    rows minus those of `--parent '^tl_lib_spin$' -x`.
 *
 * Screenshots: meson-logs/timeline-*.png. Exits 77 without perf.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "cs-call-item.h"
#include "cs-callgraph-page.h"
#include "cs-flame-view.h"
#include "cs-memory-page.h"
#include "cs-modules-page.h"
#include "cs-perf-test-util.h"
#include "cs-profile-summary.h"
#include "cs-test-app.h"
#include "cs-test-viewer.h"
#include "cs-timeline-view.h"

static const char *perf;
static const char *workload;
static char *tmpdir;
static char *data;
static char *xdotool;

typedef struct
{
  guint64     start, end;   /* the range filtered in */
  GHashTable *expected;     /* dso → samples, perf's */
  guint64     expected_total;
  gboolean    used_xdotool;
} State;

/* `perf report -n --sort dso [OPTION VALUE [-x]]` as dso → samples. */
static GHashTable *
perf_dso_counts_with (const char *option,
                      const char *value,
                      gboolean    exclude_other,
                      guint64    *total)
{
  const char *args[] = { "report", "-i", data, "-n", "--stdio", "--no-children", "-g", "none", "-t", ";",
                         "--sort", "dso", option, value, exclude_other ? "-x" : NULL, NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  *total = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      guint64 n;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], ";", -1);
      if (g_strv_length (f) < 3)
        continue;
      n = g_ascii_strtoull (g_strstrip (f[1]), NULL, 10);
      g_hash_table_insert (counts, g_strdup (g_strstrip (f[2])), GSIZE_TO_POINTER ((gsize) n));
      *total += n;
    }
  g_assert_cmpuint (g_hash_table_size (counts), >, 0);
  return counts;
}

static GHashTable *
perf_dso_counts (const char *time,
                 guint64    *total)
{
  return perf_dso_counts_with (time != NULL ? "--time" : NULL, time, FALSE, total);
}

/* The samples with @function anywhere on their stack: perf's --parent
 * (a regex searched through the call chain) with -x (only the matches). */
static GHashTable *
perf_dso_counts_on_stack (const char *function,
                          guint64    *total)
{
  g_autofree char *regex = g_strdup_printf ("^%s$", function);

  return perf_dso_counts_with ("--parent", regex, TRUE, total);
}

static CsTimelineView *
timeline_of (CsWindow *window)
{
  return CS_TIMELINE_VIEW (gtk_widget_get_template_child (GTK_WIDGET (window), CS_TYPE_WINDOW, "timeline_view"));
}

static GtkWidget *
page (CsWindow   *window,
      const char *name)
{
  return gtk_stack_get_child_by_name (cs_test_window_pages (window), name);
}

/* The module table's rows agree with perf's counts: perf's 10 largest
 * modules are ours within 1 %, and we show no module perf does not. */
static void
check_modules (CsWindow   *window,
               GHashTable *expected,
               guint64     expected_total)
{
  CsModuleTable *table = cs_modules_page_get_module_table (CS_MODULES_PAGE (page (window, "modules")));
  GListModel *rows = G_LIST_MODEL (cs_module_table_get_selection (table));
  g_autoptr(GList) dsos = g_hash_table_get_keys (expected);
  guint checked = 0;

  for (GList *l = dsos; l != NULL; l = l->next)
    {
      guint64 want = GPOINTER_TO_SIZE (g_hash_table_lookup (expected, l->data));
      gboolean found = FALSE;

      /* perf's smallest rows fall below the table's limits; the top 10 count */
      if (want * 100 < expected_total)
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);

          if (cs_module_row_get_kind (row) != CS_SCOPE_MODULE ||
              g_strcmp0 (cs_module_row_get_name (row), l->data) != 0)
            continue;
          found = TRUE;
          g_test_message ("module %s: %" G_GUINT64_FORMAT " samples, perf %" G_GUINT64_FORMAT,
                          (char *) l->data, cs_module_row_get_n_samples (row), want);
          g_assert_cmpfloat (fabs ((double) cs_module_row_get_n_samples (row) - (double) want), <=,
                             MAX (want * 0.01, 0.5));
        }
      if (!found)
        g_error ("perf's module %s (%" G_GUINT64_FORMAT " samples) is not in the table", (char *) l->data, want);
      checked++;
    }
  g_assert_cmpuint (checked, >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);

      if (cs_module_row_get_kind (row) == CS_SCOPE_MODULE && cs_module_row_get_n_samples (row) > 0 &&
          !g_hash_table_contains (expected, cs_module_row_get_name (row)))
        g_error ("our module %s is not perf's", cs_module_row_get_name (row));
    }
}

#ifdef GDK_WINDOWING_X11
static void
run_xdotool (const char * const *argv)
{
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = 0;

  out = cs_test_run (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xdotool failed: %s", err);
}
#endif

/* A click of the real pointer at (@x, @y) of @widget; FALSE when that
 * cannot be done here. */
static gboolean
click_button (CsWindow   *window,
              GtkWidget  *widget,
              double      x,
              double      y,
              const char *button)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_point_t at;
  double sx, sy;
  g_autofree char *xid = NULL;
  g_autofree char *px = NULL;
  g_autofree char *py = NULL;

  if (xdotool == NULL || !GDK_IS_X11_SURFACE (surface) ||
      !gtk_widget_compute_point (widget, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x, y), &at))
    return FALSE;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  px = g_strdup_printf ("%d", (int) round (at.x + sx));
  py = g_strdup_printf ("%d", (int) round (at.y + sy));
  {
    const char *argv[] = { xdotool, "mousemove", "--sync", "--window", xid, px, py, "click", button, NULL };

    run_xdotool (argv);
  }
  return TRUE;
#else
  return FALSE;
#endif
}

static gboolean
click (CsWindow  *window,
       GtkWidget *widget,
       double     x,
       double     y)
{
  return click_button (window, widget, x, y, "1");
}

/* Whether @item (a table's row) is the module or function @name. */
static gboolean
row_named (gpointer    item,
           const char *name)
{
  const CsCallFunction *f;

  if (CS_IS_MODULE_ROW (item))
    return g_strcmp0 (cs_module_row_get_name (item), name) == 0;
  if (CS_IS_CALL_ITEM (item) || GTK_IS_TREE_LIST_ROW (item))
    return (f = cs_call_item_get_function (cs_call_item_from (item))) != NULL && g_strcmp0 (f->name, name) == 0;
  return FALSE;
}

/* The cell widget of @root's table showing the row of @name. */
static GtkWidget *
row_cell (GtkWidget  *root,
          const char *name)
{
  gpointer item = g_object_get_data (G_OBJECT (root), "cs-item");

  if (item != NULL && row_named (item, name) && gtk_widget_get_mapped (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = row_cell (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Drags from @a to @b (times) over the first row of the timeline, with the
 * real pointer; FALSE when that cannot be done here. */
static gboolean
drag (CsWindow       *window,
      CsTimelineView *view,
      guint64         a,
      guint64         b)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_point_t from, to;
  double sx, sy;
  g_autofree char *xid = NULL;
  g_autofree char *x0 = NULL;
  g_autofree char *x1 = NULL;
  g_autofree char *y = NULL;

  if (xdotool == NULL || !GDK_IS_X11_SURFACE (surface))
    return FALSE;
  if (!gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                 &GRAPHENE_POINT_INIT (cs_timeline_view_time_x (view, a), cs_timeline_view_row_y (view, 0)),
                                 &from) ||
      !gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                 &GRAPHENE_POINT_INIT (cs_timeline_view_time_x (view, b), cs_timeline_view_row_y (view, 0)),
                                 &to))
    return FALSE;
  /* window coordinates are the surface's, shifted by its shadow */
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  x0 = g_strdup_printf ("%d", (int) round (from.x + sx));
  x1 = g_strdup_printf ("%d", (int) round (to.x + sx));
  y = g_strdup_printf ("%d", (int) round (from.y + sy));
  {
    const char *argv[] = { xdotool, "mousemove", "--sync", "--window", xid, x0, y, "mousedown", "1",
                           "mousemove", "--window", xid, x1, y, "sleep", "0.1",
                           "mousemove", "--window", xid, x1, y, "mouseup", "1", NULL };

    run_xdotool (argv);
  }
  return TRUE;
#else
  return FALSE;
#endif
}

static gboolean
step (CsTestApp *app)
{
  State *state = app->data;
  CsWindow *window = cs_test_app_get_window (app);
  CsTimelineView *view;
  const CsTimelineLayout *layout;
  CsAnalysis *analysis;
  CsCallGraphPage *call_graph;

  if (window == NULL || cs_test_window_loading (window) || (analysis = cs_window_get_analysis (window)) == NULL)
    return FALSE;
  g_assert_null (cs_test_window_error (window));
  view = timeline_of (window);
  switch (app->stage)
    {
    case 0:   /* the whole recording, a row per process */
      if (!gtk_widget_get_mapped (GTK_WIDGET (view)) || (layout = cs_timeline_view_get_layout (view)) == NULL ||
          gtk_widget_get_width (GTK_WIDGET (view)) < 400)
        return FALSE;
      g_assert_true (layout->has_time);
      g_assert_cmpuint (layout->n_process_rows, >=, 2);
      {
        gboolean main_row = FALSE, child_row = FALSE;

        for (guint r = 0; r < layout->n_process_rows; r++)
          {
            const CsTimelineRow *row = g_ptr_array_index (layout->rows, r);

            main_row |= g_str_has_prefix (row->label, "tl-main");
            child_row |= g_str_has_prefix (row->label, "tl-child");
          }
        g_assert_true (main_row);
        g_assert_true (child_row);
      }
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-whole"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      app->stage = 1;
      return FALSE;

    case 1:   /* drag 30 %–60 %, Filter In from the menu's action */
      {
        guint64 first, last, a, b;

        g_assert_true (cs_profile_get_time_bounds (cs_analysis_get_profile (analysis), &first, &last));
        a = first + (last - first) * 3 / 10;
        b = first + (last - first) * 6 / 10;
        state->used_xdotool = drag (window, view, a, b);
        if (!state->used_xdotool)
          {
            g_test_message ("xdotool is missing: the range is selected through the view's API");
            cs_timeline_view_set_selection (view, a, b);
          }
        app->stage = 2;
        return FALSE;
      }

    case 2:
      if (!cs_timeline_view_get_selection (view, &state->start, &state->end))
        return FALSE;
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-selected"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      {
        g_autofree char *range = g_strdup_printf ("%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT ",%"
                                                  G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                                  state->start / 1000000000, state->start % 1000000000,
                                                  state->end / 1000000000, state->end % 1000000000);

        g_test_message ("selected %s (xdotool: %d)", range, state->used_xdotool);
        state->expected = perf_dso_counts (range, &state->expected_total);
      }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.filter-in", NULL));
      app->stage = 3;
      return FALSE;

    case 3:   /* filtered: chips, title, modules, flame graph */
      {
        CsProfileFilter *filter = cs_analysis_get_filter (analysis);
        const CsFilterClause *clause;
        GtkWidget *chips;

        if (filter == NULL)
          return FALSE;
        g_assert_cmpuint (cs_profile_filter_get_n_clauses (filter), ==, 1);
        clause = cs_profile_filter_get_clause (filter, 0);
        g_assert_cmpint (clause->kind, ==, CS_FILTER_TIME);
        g_assert_false (clause->exclude);
        g_assert_cmpuint (clause->ranges[0].start, ==, state->start);
        g_assert_cmpuint (clause->ranges[0].end, ==, state->end);
        g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "(filtered)"));
        chips = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), CS_TYPE_WINDOW, "filter_chips"));
        g_assert_true (gtk_widget_get_mapped (chips));
        g_assert_nonnull (gtk_widget_get_first_child (chips));
        g_assert_false (cs_timeline_view_get_selection (view, NULL, NULL));
        cs_window_show_page (window, "modules");
        app->stage = 4;
        return FALSE;
      }

    case 4:
      if (!gtk_widget_get_mapped (page (window, "modules")))
        return FALSE;
      if (app->shot_path == NULL)
        check_modules (window, state->expected, state->expected_total);
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-filtered-modules"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      cs_window_show_page (window, "call-graph");
      app->stage = 5;
      return FALSE;

    case 5:
      call_graph = CS_CALL_GRAPH_PAGE (page (window, "call-graph"));
      if (!gtk_widget_get_mapped (GTK_WIDGET (call_graph)) || cs_call_graph_page_is_loading (call_graph) ||
          cs_call_graph_page_get_graph (call_graph) == NULL)
        return FALSE;
      cs_call_graph_page_show_view (call_graph, "flame");
      {
        CsCallGraph *graph = cs_call_graph_page_get_graph (call_graph);
        guint64 n = cs_call_graph_get_event_samples (graph, cs_call_graph_page_get_event (call_graph));

        g_test_message ("flame graph: %" G_GUINT64_FORMAT " samples, perf %" G_GUINT64_FORMAT, n,
                        state->expected_total);
        g_assert_cmpfloat (fabs ((double) n - (double) state->expected_total), <=, state->expected_total * 0.01);
      }
      app->stage = 6;
      return FALSE;

    case 6:
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-filtered-flame"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.filter-back", NULL));
      app->stage = 7;
      return FALSE;

    case 7:   /* Back: the whole recording again */
      if (cs_analysis_get_filter (analysis) != NULL)
        return FALSE;
      g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "(filtered)"));
      cs_window_show_page (window, "modules");
      {
        guint64 total = 0;
        g_autoptr(GHashTable) whole = perf_dso_counts (NULL, &total);

        g_assert_cmpuint (total, >, state->expected_total);
        check_modules (window, whole, total);
      }
      cs_window_show_page (window, "call-graph");
      app->stage = 8;
      return FALSE;

    case 8:   /* the flame graph's menu: Filter In on Function, on tl_lib_spin */
      call_graph = CS_CALL_GRAPH_PAGE (page (window, "call-graph"));
      if (!gtk_widget_get_mapped (GTK_WIDGET (call_graph)) || cs_call_graph_page_is_loading (call_graph) ||
          cs_call_graph_page_get_graph (call_graph) == NULL)
        return FALSE;
      cs_call_graph_page_show_view (call_graph, "flame");
      {
        CsFlameView *flame = CS_FLAME_VIEW (gtk_widget_get_template_child (GTK_WIDGET (call_graph),
                                                                           CS_TYPE_CALL_GRAPH_PAGE, "flame_view"));
        const CsFlameLayout *flame_layout = cs_flame_view_get_layout (flame);
        CsCallGraph *graph = cs_call_graph_page_get_graph (call_graph);
        const CsFlameFrame *widest = NULL;
        graphene_rect_t rect;

        if (flame_layout == NULL || !gtk_widget_get_mapped (GTK_WIDGET (flame)))
          return FALSE;
        for (guint i = 0; i < flame_layout->frames->len; i++)
          {
            const CsFlameFrame *f = &g_array_index (flame_layout->frames, CsFlameFrame, i);

            if (f->function != CS_CALL_NO_FUNCTION &&
                g_str_equal (cs_profile_get_function (cs_call_graph_get_profile (graph), f->function)->name,
                             "tl_lib_spin") &&
                (widest == NULL || f->width > widest->width))
              widest = f;
          }
        g_assert_nonnull (widest);
        g_assert_true (cs_flame_view_get_frame_rect (flame, widest->node, &rect));
        if (!click (window, GTK_WIDGET (flame), rect.origin.x + rect.size.width / 2,
                    rect.origin.y + rect.size.height / 2))
          {
            g_test_message ("xdotool is missing: no click on the flame graph");
            app->stage = 10;
            return FALSE;
          }
        g_clear_pointer (&state->expected, g_hash_table_unref);
        state->expected = perf_dso_counts_on_stack ("tl_lib_spin", &state->expected_total);
        app->stage = 9;
        return FALSE;
      }

    case 9:
      {
        CsFlameView *flame = CS_FLAME_VIEW (gtk_widget_get_template_child (GTK_WIDGET (page (window, "call-graph")),
                                                                           CS_TYPE_CALL_GRAPH_PAGE, "flame_view"));
        CsProfileFilter *filter = cs_analysis_get_filter (analysis);

        if (filter == NULL)
          {
            /* the click zoomed into the frame and focused it */
            if (cs_flame_view_get_focus_node (flame) == CS_CALL_NO_NODE)
              return FALSE;
            g_assert_true (gtk_widget_activate_action (GTK_WIDGET (flame), "flame.filter-in", NULL));
            app->stage = 90;
            return FALSE;
          }
        return FALSE;
      }

    case 90:
      {
        CsProfileFilter *filter = cs_analysis_get_filter (analysis);
        const CsFilterClause *clause;

        call_graph = CS_CALL_GRAPH_PAGE (page (window, "call-graph"));
        if (filter == NULL || cs_call_graph_page_is_loading (call_graph) || cs_call_graph_page_get_graph (call_graph) == NULL)
          return FALSE;
        g_assert_cmpuint (cs_profile_filter_get_n_clauses (filter), ==, 1);
        clause = cs_profile_filter_get_clause (filter, 0);
        g_assert_cmpint (clause->kind, ==, CS_FILTER_FUNCTION);
        g_assert_false (clause->exclude);
        g_assert_cmpstr (clause->strings[0], ==, "tl_lib_spin");
        /* the samples with it on the stack, as perf --parent -x selects them */
        {
          guint64 n = cs_call_graph_get_event_samples (cs_call_graph_page_get_graph (call_graph),
                                                       cs_call_graph_page_get_event (call_graph));

          g_test_message ("Filter In on tl_lib_spin: %" G_GUINT64_FORMAT " samples, perf --parent %" G_GUINT64_FORMAT,
                          n, state->expected_total);
          g_assert_cmpfloat (fabs ((double) n - (double) state->expected_total), <=, state->expected_total * 0.01);
        }
        cs_window_show_page (window, "modules");
        app->stage = 91;
        return FALSE;
      }

    case 91:
      if (!gtk_widget_get_mapped (page (window, "modules")))
        return FALSE;
      if (app->shot_path == NULL)
        check_modules (window, state->expected, state->expected_total);
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-function-filter"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.filter-reset", NULL));
      app->stage = 92;
      return FALSE;

    case 92:  /* Reset, then the module table's menu: Filter Out Module */
      {
        CsModuleTable *table = cs_modules_page_get_module_table (CS_MODULES_PAGE (page (window, "modules")));
        GtkWidget *cell;

        if (cs_analysis_get_filter (analysis) != NULL)
          return FALSE;
        /* painted: the rows of the whole recording are where they are drawn */
        if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-reset"))
          return FALSE;
        cs_test_app_reset_screenshot (app);
        cell = row_cell (GTK_WIDGET (table), "libtlwork.so");
        g_assert_nonnull (cell);
        /* a right click on its row selects it and opens the menu */
        if (!click_button (window, cell, 5, gtk_widget_get_height (cell) / 2.0, "3"))
          g_assert_true (cs_module_table_select (table, -1, "libtlwork.so"));
        app->stage = 94;
        return FALSE;
      }

    case 94:
      {
        CsModuleTable *table = cs_modules_page_get_module_table (CS_MODULES_PAGE (page (window, "modules")));
        CsModuleRow *selected = cs_module_table_get_selected (table);
        guint64 total = 0;

        if (selected == NULL || g_strcmp0 (cs_module_row_get_name (selected), "libtlwork.so") != 0)
          return FALSE;
        if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-module-menu"))
          return FALSE;
        cs_test_app_reset_screenshot (app);
        g_clear_pointer (&state->expected, g_hash_table_unref);
        state->expected = perf_dso_counts (NULL, &total);
        state->expected_total = total - GPOINTER_TO_SIZE (g_hash_table_lookup (state->expected, "libtlwork.so"));
        g_assert_true (g_hash_table_remove (state->expected, "libtlwork.so"));
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (cs_module_table_get_column_view (table)), "row.filter-out", NULL));
        app->stage = 93;
        return FALSE;
      }

    case 93:
      {
        CsProfileFilter *filter = cs_analysis_get_filter (analysis);
        const CsFilterClause *clause;

        if (filter == NULL || !gtk_widget_get_mapped (page (window, "modules")))
          return FALSE;
        clause = cs_profile_filter_get_clause (filter, 0);
        g_assert_cmpint (clause->kind, ==, CS_FILTER_MODULE);
        g_assert_true (clause->exclude);
        g_assert_cmpstr (clause->strings[0], ==, "libtlwork.so");
        /* perf's rows without libtlwork.so, and no row of it */
        if (app->shot_path == NULL)
          check_modules (window, state->expected, state->expected_total);
        if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-module-filter"))
          return FALSE;
        cs_test_app_reset_screenshot (app);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.filter-reset", NULL));
        cs_window_show_page (window, "call-graph");
        app->stage = 95;
        return FALSE;
      }

    case 95:  /* Reset, then the Call Graph's functions list: a right click on tl_lib_spin */
      {
        GtkWidget *list, *cell;

        call_graph = CS_CALL_GRAPH_PAGE (page (window, "call-graph"));
        if (cs_analysis_get_filter (analysis) != NULL || !gtk_widget_get_mapped (GTK_WIDGET (call_graph)) ||
            cs_call_graph_page_is_loading (call_graph) || cs_call_graph_page_get_graph (call_graph) == NULL)
          return FALSE;
        cs_call_graph_page_show_view (call_graph, "functions");
        list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (call_graph), CS_TYPE_CALL_GRAPH_PAGE,
                                                          "functions_view"));
        if (!gtk_widget_get_mapped (list))
          return FALSE;
        if ((cell = row_cell (list, "tl_lib_spin")) == NULL)
          {
            /* scrolled to its row (selected there), then nothing selected */
            CsProfile *profile = cs_call_graph_get_profile (cs_call_graph_page_get_graph (call_graph));

            for (guint f = 0; f < cs_profile_get_n_functions (profile); f++)
              if (g_str_equal (cs_profile_get_function (profile, f)->name, "tl_lib_spin"))
                cs_call_graph_page_select (call_graph, f);
            gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (list))),
                                               GTK_INVALID_LIST_POSITION);
            return FALSE;
          }
        if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-functions"))
          return FALSE;
        cs_test_app_reset_screenshot (app);
        /* a right click on its row selects it and opens the menu */
        if (!click_button (window, cell, 5, gtk_widget_get_height (cell) / 2.0, "3"))
          {
            GtkSingleSelection *model = GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (list)));

            g_test_message ("xdotool is missing: the row is selected through the model");
            for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
              {
                g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (model), i);

                if (row_named (item, "tl_lib_spin"))
                  gtk_single_selection_set_selected (model, i);
              }
          }
        app->stage = 96;
        return FALSE;
      }

    case 96:  /* selected: Filter Out Function from the menu's action */
      {
        GtkWidget *list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (page (window, "call-graph")),
                                                                     CS_TYPE_CALL_GRAPH_PAGE, "functions_view"));
        GtkSelectionModel *model = gtk_column_view_get_model (GTK_COLUMN_VIEW (list));
        gpointer selected = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (model));
        g_autoptr(GHashTable) on_stack = NULL;
        g_autoptr(GList) dsos = NULL;
        guint64 total = 0, excluded = 0;

        if (selected == NULL || !row_named (selected, "tl_lib_spin"))
          return FALSE;
        if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-function-menu"))
          return FALSE;
        cs_test_app_reset_screenshot (app);
        /* perf's whole-file rows minus those of the samples with it on the
         * stack (--parent -x, as for Filter In above) */
        g_clear_pointer (&state->expected, g_hash_table_unref);
        state->expected = perf_dso_counts (NULL, &total);
        on_stack = perf_dso_counts_on_stack ("tl_lib_spin", &excluded);
        dsos = g_hash_table_get_keys (on_stack);
        for (GList *l = dsos; l != NULL; l = l->next)
          {
            guint64 all = GPOINTER_TO_SIZE (g_hash_table_lookup (state->expected, l->data));
            guint64 out = GPOINTER_TO_SIZE (g_hash_table_lookup (on_stack, l->data));

            g_assert_cmpuint (all, >=, out);
            if (all == out)
              g_hash_table_remove (state->expected, l->data);
            else
              g_hash_table_insert (state->expected, g_strdup (l->data), GSIZE_TO_POINTER ((gsize) (all - out)));
          }
        g_assert_cmpuint (excluded, >, 0);
        state->expected_total = total - excluded;
        g_assert_true (gtk_widget_activate_action (list, "row.filter-out", NULL));
        app->stage = 97;
        return FALSE;
      }

    case 97:
      {
        CsProfileFilter *filter = cs_analysis_get_filter (analysis);
        const CsFilterClause *clause;

        if (filter == NULL)
          return FALSE;
        g_assert_cmpuint (cs_profile_filter_get_n_clauses (filter), ==, 1);
        clause = cs_profile_filter_get_clause (filter, 0);
        g_assert_cmpint (clause->kind, ==, CS_FILTER_FUNCTION);
        g_assert_true (clause->exclude);
        g_assert_cmpstr (clause->strings[0], ==, "tl_lib_spin");
        cs_window_show_page (window, "modules");
        app->stage = 98;
        return FALSE;
      }

    case 98:  /* perf's rows without the samples through tl_lib_spin */
      if (!gtk_widget_get_mapped (page (window, "modules")))
        return FALSE;
      if (app->shot_path == NULL)
        check_modules (window, state->expected, state->expected_total);
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "timeline-function-out"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      app->stage = 10;
      return FALSE;

    case 10:  /* quit once the pages' own work for the last change is done */
      return !cs_call_graph_page_is_loading (CS_CALL_GRAPH_PAGE (page (window, "call-graph"))) &&
             !cs_memory_page_is_loading (CS_MEMORY_PAGE (page (window, "memory")));
    }
  g_assert_not_reached ();
}

static void
test_filter_in (void)
{
  const char *files[] = { data, NULL };
  State state = { 0 };

  cs_test_app_run (files, step, &state);
  g_clear_pointer (&state.expected, g_hash_table_unref);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/timeline/no-display");
  int status;

  g_assert_cmpint (argc, >=, 2);
  workload = argv[1];
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  tmpdir = cs_test_mkdtemp ();
  data = g_build_filename (tmpdir, "timeline.data", NULL);
  xdotool = g_find_program_in_path ("xdotool");
  if (display)
    {
      const char *args[] = { "-g", "--sample-cpu", "-F", "4000", "-e", "cpu-clock", NULL };
      const char *cmd[] = { workload, "600", NULL };

      if (!cs_perf_test_record (perf, data, args, cmd, FALSE))
        g_error ("perf record failed");
      g_test_add_func ("/app/timeline/filter-in", test_filter_in);
    }
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (data);
  g_free (xdotool);
  cs_test_app_cleanup ();
  return status;
}
