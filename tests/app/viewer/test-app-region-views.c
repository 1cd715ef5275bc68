/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-region-views.c — the call graph and the annotations of one region
 * in the real viewer equal what the command line prints
 *
 * argv[1]: the cyclescope binary, argv[2]: tests/workloads/cs-test-regions.
 * Records `cs-test-regions ratio` (regions "one", "two", "four" running the
 * same function work() 1 : 2 : 4 units) with `record --regions -g`, so that
 * only the region tells work()'s samples apart. Then, in a real window:
 *
 *  - the module table's own first selection leaves the Call Graph page on
 *    all samples; selecting the region "four" in the table chooses it on the
 *    Call Graph page ("Region four"); its region choice then picks "two";
 *  - the graph of "two" — top-down tree, functions list, flame graph title —
 *    equals, node by node, the tree `cyclescope report --region two
 *    --call-graph caller --percent-limit 0 --format json` prints;
 *  - Show Source and Disassembly of work() from that graph opens the Modules
 *    page on the region "two", and so does, later, opening work() from the
 *    region's hot symbols: work()'s source and disassembly show the samples
 *    `cyclescope annotate work --region two --format json` prints,
 *    instruction by instruction, fewer than work()'s samples in all
 *    regions, and the heading names the region;
 *  - from the graph of all regions, Show Source and Disassembly switches the
 *    table to shared objects and shows all of work()'s samples.
 *
 * Screenshots: meson-logs/app-region-callgraph.png, app-region-annotate.png.
 */
#include "config.h"

#include <json-c/json.h>
#include <string.h>

#include "cs-annotate-rows.h"
#include "cs-call-item.h"
#include "cs-callgraph-page.h"
#include "cs-modules-page.h"
#include "cs-symbol-item.h"
#include "cs-test-app.h"
#include "cs-test-json.h"
#include "cs-test-viewer.h"
#include "cs-test-regions.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (json_object, json_object_put)

static const char *cyclescope;
static const char *workload;
static char *tmpdir;
static char *bundle;

static json_object *
run_json (const char * const *argv)
{
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  json_object *root;
  int status = 0;

  out = cs_test_run (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s %s failed: %s", argv[0], argv[1], err);
  root = cs_test_json_parse (out);
  g_assert_nonnull (root);
  return root;
}

static GtkWidget *
template_child (gpointer    widget,
                GType       type,
                const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (widget), type, name));
}

static guint
event_of (CsCallGraph *graph,
          const char  *name)
{
  const CsProfileEvent *e = cs_profile_find_event (cs_call_graph_get_profile (graph), name);

  g_assert_nonnull (e);
  return e->index;
}

/* The CLI's tree @nodes (percent limit 0: every node with a cost) equals
 * the children of @parent in the page's graph, name, total and self. */
static void
compare_tree (CsCallGraph *graph,
              guint        event,
              guint        parent,
              json_object *nodes)
{
  g_autoptr(GArray) kids = cs_call_graph_dup_children (graph, CS_CALL_TREE_TOP_DOWN, parent, event);
  guint with_cost = 0;

  for (guint i = 0; i < kids->len; i++)
    if (cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, g_array_index (kids, guint, i), event) > 0)
      with_cost++;
  g_assert_cmpuint (with_cost, ==, json_object_array_length (nodes));
  for (size_t n = 0; n < json_object_array_length (nodes); n++)
    {
      json_object *o = json_object_array_get_idx (nodes, n);
      const char *name = json_object_get_string (cs_test_json_field (o, "function"));
      guint found = CS_CALL_NO_NODE;

      for (guint i = 0; i < kids->len && found == CS_CALL_NO_NODE; i++)
        {
          guint node = g_array_index (kids, guint, i);
          guint f = cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, node)->function;

          if (strcmp (cs_profile_get_function (cs_call_graph_get_profile (graph), f)->name, name) == 0)
            found = node;
        }
      g_assert_cmpuint (found, !=, CS_CALL_NO_NODE);
      g_assert_cmpuint (cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, found, event), ==,
                        (guint64) json_object_get_int64 (cs_test_json_field (o, "total_period")));
      g_assert_cmpuint (cs_call_graph_get_self (graph, CS_CALL_TREE_TOP_DOWN, found, event), ==,
                        (guint64) json_object_get_int64 (cs_test_json_field (o, "self_period")));
      compare_tree (graph, event, found, cs_test_json_field (o, "children"));
    }
}

/* Σ total_period of the CLI's nodes named @name (work() under each caller). */
static guint64
cli_total_of (json_object *nodes,
              const char  *name)
{
  guint64 sum = 0;

  for (size_t n = 0; n < json_object_array_length (nodes); n++)
    {
      json_object *o = json_object_array_get_idx (nodes, n);

      if (strcmp (json_object_get_string (cs_test_json_field (o, "function")), name) == 0)
        sum += (guint64) json_object_get_int64 (cs_test_json_field (o, "total_period"));
      else
        sum += cli_total_of (cs_test_json_field (o, "children"), name);
    }
  return sum;
}

static guint
function_named (CsCallGraph *graph,
                const char  *name)
{
  CsProfile *profile = cs_call_graph_get_profile (graph);

  for (guint f = 0; f < cs_profile_get_n_functions (profile); f++)
    if (strcmp (cs_profile_get_function (profile, f)->name, name) == 0)
      return f;
  g_error ("no function %s", name);
}

static void
check_call_graph (CsCallGraphPage *page)
{
  const char *argv[] = { cyclescope, "report", bundle, "--region", "two", "--call-graph", "caller",
                         "--percent-limit", "0", "--format", "json", NULL };
  g_autoptr(json_object) root = run_json (argv);
  json_object *profile = json_object_array_get_idx (cs_test_json_field (root, "profile"), 0);
  json_object *cg = cs_test_json_field (profile, "call_graph");
  json_object *top_down = cs_test_json_field (cg, "top_down");
  CsCallGraph *graph = cs_call_graph_page_get_graph (page);
  guint event = event_of (graph, json_object_get_string (cs_test_json_field (profile, "event")));
  GListModel *tree = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (template_child (page, CS_TYPE_CALL_GRAPH_PAGE, "top_down_view"))));
  GListModel *functions = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (template_child (page, CS_TYPE_CALL_GRAPH_PAGE, "functions_view"))));
  guint64 tops = 0, work_total = G_MAXUINT64;

  g_assert_cmpuint (cs_call_graph_page_get_event (page), ==, event);
  compare_tree (graph, event, CS_CALL_ROOT, top_down);
  for (size_t n = 0; n < json_object_array_length (top_down); n++)
    tops += (guint64) json_object_get_int64 (cs_test_json_field (json_object_array_get_idx (top_down, n), "total_period"));
  g_assert_cmpuint (cs_call_graph_get_event_total (graph, event), ==, tops);

  /* What the page shows: the tree's top rows and work() in the functions
   * list come from that graph. */
  g_assert_cmpuint (g_list_model_get_n_items (tree), >=, json_object_array_length (top_down));
  for (guint i = 0; i < g_list_model_get_n_items (tree); i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (tree, i);
      CsCallItem *item = cs_call_item_from (row);

      /* a row of the region's graph: its total is that graph's total of
       * its node */
      g_assert_cmpuint (cs_call_item_get_total (item, event), ==,
                        cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, cs_call_item_get_node (item), event));
    }
  for (guint i = 0; i < g_list_model_get_n_items (functions); i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (functions, i);
      CsCallItem *item = cs_call_item_from (row);

      if (g_strcmp0 (cs_call_item_get_name (item), "work") == 0)
        work_total = cs_call_item_get_total (item, event);
    }
  g_assert_cmpuint (work_total, ==, cli_total_of (top_down, "work"));
  g_assert_cmpuint (work_total, >, 0);
}

static void
check_annotation (CsModulesPage *page,
                  CsSymbolItem  *item)
{
  const char *argv[] = { cyclescope, "annotate", bundle, "work", "--region", "two", "--format", "json", NULL };
  g_autoptr(json_object) root = run_json (argv);
  json_object *insns = cs_test_json_field (root, "instructions");
  json_object *lines = cs_test_json_field (root, "lines");
  const char *event = json_object_get_string (cs_test_json_field (root, "event"));
  const char * const *events = cs_analysis_get_sampled_events (cs_symbol_item_get_analysis (item));
  GListModel *disasm = G_LIST_MODEL (cs_disasm_pane_get_selection (cs_test_modules_disasm (page)));
  CsSourcePane *source = cs_test_modules_source (page);
  GListModel *source_rows = G_LIST_MODEL (cs_source_pane_get_selection (source));
  const char *title = gtk_label_get_text (GTK_LABEL (template_child (page, CS_TYPE_MODULES_PAGE, "annotate_title")));
  g_autoptr(GHashTable) ui = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint64 region_sum = 0, ui_lines = 0, cli_lines = 0;
  guint e = G_MAXUINT;

  for (guint i = 0; events[i] != NULL; i++)
    if (strcmp (events[i], event) == 0)
      e = i;
  g_assert_cmpuint (e, !=, G_MAXUINT);
  g_assert_nonnull (strstr (title, "only region two"));

  for (guint i = 0; i < g_list_model_get_n_items (disasm); i++)
    {
      g_autoptr(CsAnnotateInsn) insn = g_list_model_get_item (disasm, i);
      gint64 *address = g_new (gint64, 1);

      *address = (gint64) cs_annotate_insn_get_address (insn);
      g_hash_table_insert (ui, address,
                           GSIZE_TO_POINTER (cs_annotate_row_get_samples (CS_ANNOTATE_ROW (insn), e)));
    }
  /* Every instruction, with the same samples (sampled ones and the rest). */
  g_assert_cmpuint (g_hash_table_size (ui), ==, json_object_array_length (insns));
  for (size_t n = 0; n < json_object_array_length (insns); n++)
    {
      json_object *o = json_object_array_get_idx (insns, n);
      gint64 address = json_object_get_int64 (cs_test_json_field (o, "address"));
      guint64 samples = (guint64) json_object_get_int64 (cs_test_json_field (o, "samples"));

      g_assert_true (g_hash_table_contains (ui, &address));
      g_assert_cmpuint (GPOINTER_TO_SIZE (g_hash_table_lookup (ui, &address)), ==, samples);
      region_sum += samples;
    }
  /* The region's share of work(): "two" runs 2 of 7 units. */
  g_assert_cmpuint (region_sum, >, 0);
  g_assert_cmpuint (region_sum, <, (guint64) json_object_get_int64 (cs_test_json_field (root, "samples")));

  /* The source pane: the CLI's lines of the file it shows. */
  g_assert_true (cs_source_pane_has_source (source));
  for (size_t n = 0; n < json_object_array_length (lines); n++)
    {
      json_object *o = json_object_array_get_idx (lines, n);

      if (g_strcmp0 (json_object_get_string (cs_test_json_field (o, "file")), cs_source_pane_get_file (source)) == 0)
        cli_lines += (guint64) json_object_get_int64 (cs_test_json_field (o, "samples"));
    }
  for (guint i = 0; i < g_list_model_get_n_items (source_rows); i++)
    {
      g_autoptr(CsAnnotateLine) line = g_list_model_get_item (source_rows, i);

      ui_lines += cs_annotate_line_get_samples (line, e);
    }
  g_assert_cmpuint (ui_lines, ==, cli_lines);
  g_assert_cmpuint (ui_lines, >, 0);
}

static gboolean
step (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  GtkStack *pages;
  CsModulesPage *modules;
  CsCallGraphPage *cg;
  CsModuleTable *table;
  CsSymbolPane *pane;

  if (window == NULL || cs_test_window_loading (window) || cs_window_get_analysis (window) == NULL)
    return FALSE;
  g_assert_null (cs_test_window_error (window));
  pages = cs_test_window_pages (window);
  modules = CS_MODULES_PAGE (gtk_stack_get_child_by_name (pages, "modules"));
  cg = CS_CALL_GRAPH_PAGE (gtk_stack_get_child_by_name (pages, "call-graph"));
  table = cs_test_modules_table (modules);
  pane = cs_test_modules_symbols (modules);

  switch (app->stage)
    {
    case 0:
      if (!gtk_widget_get_mapped (GTK_WIDGET (table)) || cs_module_table_get_selected (table) == NULL)
        return FALSE;
      /* The table's own first selection is not the user's choice. */
      g_assert_null (cs_call_graph_page_get_region (cg));
      g_assert_true (cs_module_table_select (table, -1, "four"));
      g_assert_cmpstr (cs_call_graph_page_get_region (cg), ==, "four");
      app->stage = 1;
      return FALSE;
    case 1:
      {
        GtkDropDown *choice = GTK_DROP_DOWN (template_child (cg, CS_TYPE_CALL_GRAPH_PAGE, "region_dropdown"));
        GListModel *names = gtk_drop_down_get_model (choice);
        guint two = GTK_INVALID_LIST_POSITION;

        gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "call-graph");
        g_assert_true (gtk_widget_get_visible (GTK_WIDGET (choice)));
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "All regions");
        g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), gtk_drop_down_get_selected (choice)), ==, "Region four");
        for (guint i = 0; i < g_list_model_get_n_items (names); i++)
          if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "Region two") == 0)
            two = i;
        g_assert_cmpuint (two, !=, GTK_INVALID_LIST_POSITION);
        gtk_drop_down_set_selected (choice, two);
        g_assert_cmpstr (cs_call_graph_page_get_region (cg), ==, "two");
        app->stage = 2;
        return FALSE;
      }
    case 2:
      if (cs_call_graph_page_is_loading (cg) || cs_call_graph_page_get_graph (cg) == NULL)
        return FALSE;
      check_call_graph (cg);
      cs_call_graph_page_show_view (cg, "flame");
      app->stage = 3;
      return FALSE;
    case 3:
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "app-region-callgraph"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      /* Show Source and Disassembly of work() from the region's graph. */
      cs_call_graph_page_select (cg, function_named (cs_call_graph_page_get_graph (cg), "work"));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (cg), "callgraph.show-code", NULL));
      app->stage = 4;
      return FALSE;
    case 4:
      if (g_strcmp0 (gtk_stack_get_visible_child_name (pages), "modules") != 0 ||
          cs_modules_page_get_open_symbol (modules) == NULL)
        return FALSE;
      g_assert_null (cs_test_window_error (window));
      g_assert_true (cs_module_table_get_show_regions (table));
      g_assert_cmpstr (cs_module_row_get_name (cs_module_table_get_selected (table)), ==, "two");
      check_annotation (modules, cs_modules_page_get_open_symbol (modules));
      /* From the graph of all samples: work() in its shared object. */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "call-graph");
      cs_call_graph_page_set_region (cg, NULL);
      app->stage = 5;
      return FALSE;
    case 5:
      if (cs_call_graph_page_is_loading (cg) || cs_call_graph_page_get_graph (cg) == NULL)
        return FALSE;
      cs_call_graph_page_select (cg, function_named (cs_call_graph_page_get_graph (cg), "work"));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (cg), "callgraph.show-code", NULL));
      g_assert_null (cs_test_window_error (window));
      g_assert_cmpstr (gtk_stack_get_visible_child_name (pages), ==, "modules");
      g_assert_false (cs_module_table_get_show_regions (table));
      g_assert_nonnull (cs_modules_page_get_open_symbol (modules));
      g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (template_child (modules, CS_TYPE_MODULES_PAGE, "annotate_title"))),
                             "only region"));
      /* Back to the regions; the user picks "two" and opens work(). */
      cs_module_table_set_show_regions (table, TRUE);
      g_assert_true (cs_module_table_select (table, -1, "one"));
      g_assert_true (cs_module_table_select (table, -1, "two"));
      app->stage = 6;
      return FALSE;
    case 6:
      {
        GListModel *symbols;

        if (g_strcmp0 (cs_symbol_pane_get_title (pane), "Hot symbols — region two") != 0)
          return FALSE;
        symbols = cs_symbol_pane_get_symbols (pane, NULL);
        g_assert_nonnull (symbols);
        for (guint i = 0; i < g_list_model_get_n_items (symbols); i++)
          {
            g_autoptr(CsSymbolItem) item = g_list_model_get_item (symbols, i);

            if (g_strcmp0 (cs_symbol_item_get_name (item), "work") == 0)
              {
                /* as a double click on its row would */
                g_signal_emit_by_name (pane, "symbol-activated", item);
                check_annotation (modules, item);
                app->stage = 7;
                return FALSE;
              }
          }
        g_error ("work() is not among the hot symbols of region two");
      }
    default:
      return cs_test_app_screenshot (app, GTK_WINDOW (window), "app-region-annotate");
    }
}

static void
test_region_views (void)
{
  const char *files[2] = { NULL, NULL };

  bundle = cs_test_record_regions_full (cyclescope, workload, tmpdir, "ratio", "60", TRUE);
  files[0] = bundle;
  cs_test_app_run (files, step, NULL);
  g_clear_pointer (&bundle, g_free);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/region-views/no-display");
  int status;

  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  if (display)
    g_test_add_func ("/app/region-views/call-graph-and-annotation", test_region_views);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  cs_test_app_cleanup ();
  return status;
}
