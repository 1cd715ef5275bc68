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
#include "cs-test-perf-dso.h"
#include "cs-test-viewer.h"
#include "cs-test-xdotool.h"
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
        state->used_xdotool = cs_test_xdotool_drag (xdotool, GTK_WIDGET (window), GTK_WIDGET (view),
                                                    cs_timeline_view_time_x (view, a),
                                                    cs_timeline_view_time_x (view, b),
                                                    cs_timeline_view_row_y (view, 0));
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
        state->expected = cs_test_perf_dso_counts_in (perf, data, range, &state->expected_total);
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
        cs_test_check_modules (window, state->expected, state->expected_total);
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
        g_autoptr(GHashTable) whole = cs_test_perf_dso_counts_in (perf, data, NULL, &total);

        g_assert_cmpuint (total, >, state->expected_total);
        cs_test_check_modules (window, whole, total);
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
        if (!cs_test_xdotool_click (xdotool, GTK_WIDGET (window), GTK_WIDGET (flame),
                                    rect.origin.x + rect.size.width / 2,
                                    rect.origin.y + rect.size.height / 2, "1"))
          {
            g_test_message ("xdotool is missing: no click on the flame graph");
            app->stage = 10;
            return FALSE;
          }
        g_clear_pointer (&state->expected, g_hash_table_unref);
        state->expected = cs_test_perf_dso_counts_on_stack (perf, data, "tl_lib_spin", &state->expected_total);
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
        cs_test_check_modules (window, state->expected, state->expected_total);
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
        if (!cs_test_xdotool_click (xdotool, GTK_WIDGET (window), cell, 5, gtk_widget_get_height (cell) / 2.0, "3"))
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
        state->expected = cs_test_perf_dso_counts_in (perf, data, NULL, &total);
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
          cs_test_check_modules (window, state->expected, state->expected_total);
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
        if (!cs_test_xdotool_click (xdotool, GTK_WIDGET (window), cell, 5, gtk_widget_get_height (cell) / 2.0, "3"))
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
        state->expected = cs_test_perf_dso_counts_in (perf, data, NULL, &total);
        on_stack = cs_test_perf_dso_counts_on_stack (perf, data, "tl_lib_spin", &excluded);
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
        cs_test_check_modules (window, state->expected, state->expected_total);
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
