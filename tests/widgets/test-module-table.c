/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-module-table.c — CsModuleTable's model: numeric sorting by every
 * column (NaN last both ways), the filter, the column chooser and its
 * GSettings binding, selection and activation signals, cell text */

#include "config.h"

#include <string.h>

#include "cs-module-table.h"
#include "cs-symbol-pane.h"
#include "cs-test-module-rows.h"

static void
test_sort_every_column (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  GtkWindow *window;
  GtkWidget *table = show_table (model, &window);
  CsModuleTable *t = CS_MODULE_TABLE (table);
  guint n_metrics = cs_model_get_n_metrics (model);
  double values[N_ROWS];
  guint n;

  g_assert_cmpuint (n_metrics, >, 5);
  for (guint m = 0; m < n_metrics; m++)
    {
      const char *id = cs_model_get_metric (model, m)->name;
      guint expected_nan = 0;

      for (guint r = 0; r < N_ROWS; r++)
        expected_nan += isnan (value_for (r, m));

      for (int dir = 0; dir < 2; dir++)
        {
          GtkSortType direction = dir ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;
          GtkSortType got;
          guint n_nan = 0;

          cs_module_table_sort_by (t, id, direction);
          g_assert_cmpstr (cs_module_table_get_sort_column (t, &got), ==, id);
          g_assert_cmpint (got, ==, direction);
          collect (t, (int) m, values, &n);
          g_assert_cmpuint (n, ==, N_ROWS);
          check_order (values, n, dir);
          for (guint i = 0; i < n; i++)
            n_nan += isnan (values[i]);
          g_assert_cmpuint (n_nan, ==, expected_nan);
          g_assert_cmpuint (expected_nan, >, 0);
        }
    }

  /* Samples and names sort too. */
  cs_module_table_sort_by (t, CS_MODULE_COLUMN_SAMPLES, GTK_SORT_DESCENDING);
  collect (t, -1, values, &n);
  check_order (values, n, TRUE);
  /* Names: ascending is the reverse of descending, and plain lower-case
   * names come in alphabetical order (by hand). */
  {
    GListModel *list = G_LIST_MODEL (cs_module_table_get_selection (t));
    const char *up[N_ROWS];
    const char *alphabetical[] = { "cs-demo", "libc.so.6", "libm.so.6", "libstdc++.so.6" };
    guint next = 0;

    cs_module_table_sort_by (t, CS_MODULE_COLUMN_NAME, GTK_SORT_ASCENDING);
    for (guint i = 0; i < N_ROWS; i++)
      {
        g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

        up[i] = cs_module_row_get_name (row);
        if (next < G_N_ELEMENTS (alphabetical) && strcmp (up[i], alphabetical[next]) == 0)
          next++;
      }
    g_assert_cmpuint (next, ==, G_N_ELEMENTS (alphabetical));
    cs_module_table_sort_by (t, CS_MODULE_COLUMN_NAME, GTK_SORT_DESCENDING);
    for (guint i = 0; i < N_ROWS; i++)
      {
        g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

        g_assert_cmpstr (cs_module_row_get_name (row), ==, up[N_ROWS - 1 - i]);
      }
  }

  /* Back to the given order. */
  cs_module_table_sort_by (t, NULL, GTK_SORT_ASCENDING);
  g_assert_null (cs_module_table_get_sort_column (t, NULL));
  {
    GListModel *list = G_LIST_MODEL (cs_module_table_get_selection (t));

    for (guint i = 0; i < N_ROWS; i++)
      {
        g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

        g_assert_cmpstr (cs_module_row_get_name (row), ==, names[i]);
      }
  }
  gtk_window_destroy (window);
}

static guint
count_names_containing (const char *needle)
{
  guint n = 0;
  g_autofree char *lower_needle = g_ascii_strdown (needle, -1);

  for (guint i = 0; i < N_ROWS; i++)
    {
      g_autofree char *lower = g_ascii_strdown (names[i], -1);

      n += strstr (lower, lower_needle) != NULL;
    }
  return n;
}

static void
test_filter (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  GtkWindow *window;
  GtkWidget *table = show_table (model, &window);
  CsModuleTable *t = CS_MODULE_TABLE (table);
  GListModel *list = G_LIST_MODEL (cs_module_table_get_selection (t));

  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_ROWS);
  cs_module_table_set_filter_text (t, "lib");
  /* By hand: libcsdemo.so, libc.so.6, libm.so.6, libstdc++.so.6, LibUpper.so */
  g_assert_cmpuint (count_names_containing ("lib"), ==, 5);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 5);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);
      g_autofree char *lower = g_ascii_strdown (cs_module_row_get_name (row), -1);

      g_assert_nonnull (strstr (lower, "lib"));
    }
  /* Filter and sort together. */
  cs_module_table_sort_by (t, CS_MODULE_COLUMN_SAMPLES, GTK_SORT_DESCENDING);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 5);
  cs_module_table_set_filter_text (t, "so.6");
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 3);
  cs_module_table_set_filter_text (t, "no such module");
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);
  cs_module_table_set_filter_text (t, "");
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_ROWS);

  /* Ctrl+F lands in the filter entry. */
  cs_module_table_focus_filter (t);
  cs_test_flush ();
  g_assert_true (GTK_IS_TEXT (gtk_root_get_focus (GTK_ROOT (window))));
  gtk_window_destroy (window);
}

static void
on_row_signal (CsModuleTable *table,
               CsModuleRow   *row,
               CsModuleRow  **out)
{
  g_set_object (out, row);
}

static void
test_selection_signals (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  g_autoptr(CsModuleRow) selected = NULL;
  g_autoptr(CsModuleRow) activated = NULL;
  GtkWindow *window;
  GtkWidget *table = show_table (model, &window);
  CsModuleTable *t = CS_MODULE_TABLE (table);
  CsModuleRow *first;

  /* The first sampled module is selected to begin with (row 0 is a region). */
  first = cs_module_table_get_selected (t);
  g_assert_nonnull (first);
  g_assert_cmpstr (cs_module_row_get_name (first), ==, names[1]);

  g_signal_connect (table, "module-selected", G_CALLBACK (on_row_signal), &selected);
  g_signal_connect (table, "module-activated", G_CALLBACK (on_row_signal), &activated);
  g_assert_true (cs_module_table_select (t, 5, NULL));
  g_assert_nonnull (selected);
  g_assert_cmpstr (cs_module_row_get_name (selected), ==, "libm.so.6");
  g_assert_true (cs_module_table_select (t, -1, "cs-demo"));
  g_assert_cmpint (cs_module_row_get_kind (selected), ==, CS_SCOPE_REGION);

  /* Sorting keeps the selected row selected, filtered or not, and does not
   * announce it again. */
  g_assert_true (cs_module_table_select (t, 5, NULL));
  g_clear_object (&selected);
  cs_module_table_sort_by (t, "PageFaults", GTK_SORT_DESCENDING);
  g_assert_cmpstr (cs_module_row_get_name (cs_module_table_get_selected (t)), ==, "libm.so.6");
  cs_module_table_set_filter_text (t, "lib");
  cs_module_table_sort_by (t, "PageFaults", GTK_SORT_ASCENDING);
  g_assert_cmpstr (cs_module_row_get_name (cs_module_table_get_selected (t)), ==, "libm.so.6");
  g_assert_null (selected);
  cs_module_table_set_filter_text (t, NULL);
  cs_module_table_sort_by (t, NULL, GTK_SORT_ASCENDING);

  /* Enter / double click on a row: GtkColumnView's "activate". */
  g_signal_emit_by_name (cs_module_table_get_column_view (t), "activate", 2);
  g_assert_nonnull (activated);
  g_assert_cmpstr (cs_module_row_get_name (activated), ==, names[2]);
  gtk_window_destroy (window);
}

static void
collect_texts (GtkWidget  *widget,
               GPtrArray  *texts,
               guint      *n_sorted)
{
  if (GTK_IS_INSCRIPTION (widget) && gtk_inscription_get_text (GTK_INSCRIPTION (widget)) != NULL)
    g_ptr_array_add (texts, g_strdup (gtk_inscription_get_text (GTK_INSCRIPTION (widget))));
  if (gtk_widget_has_css_class (widget, "cs-sorted") && gtk_widget_get_mapped (widget))
    (*n_sorted)++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts, n_sorted);
}

static gboolean
texts_have (GPtrArray  *texts,
            const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (strcmp (g_ptr_array_index (texts, i), text) == 0)
      return TRUE;
  return FALSE;
}

/* Cells read as the UX asks: separators, unit, "—" for NaN, a provenance
 * marker; the sorted column's cells are highlighted. */
static void
test_cells (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  int task_clock = cs_model_get_metric_index (model, "TaskClock");
  int page_faults = cs_model_get_metric_index (model, "PageFaults");
  guint n = cs_model_get_n_metrics (model);
  g_autofree double *values = g_new (double, n);
  g_autofree CsProvenance *prov = g_new (CsProvenance, n);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *table = cs_module_table_new ();
  GtkWindow *window;
  guint n_sorted = 0;

  g_assert_cmpint (task_clock, >=, 0);
  for (guint m = 0; m < n; m++)
    values[m] = NAN, prov[m] = CS_PROVENANCE_ESTIMATED;
  values[task_clock] = 1234567.0;
  /* A value in one row only: the column shows, with "—" in the other. */
  values[page_faults] = 3;
  g_ptr_array_add (rows, cs_module_row_new (CS_SCOPE_MODULE, "libcsdemo.so", "/x/libcsdemo.so", 1,
                                            250, 0.25, values, prov, n));
  values[task_clock] = 42.0;
  values[page_faults] = NAN;
  prov[task_clock] = CS_PROVENANCE_COUNTED;
  g_ptr_array_add (rows, cs_module_row_new (CS_SCOPE_MODULE, "cs-demo", "/x/cs-demo", 2,
                                            750, 0.75, values, prov, n));
  cs_module_table_set_rows (CS_MODULE_TABLE (table), model, rows);
  window = cs_test_show (table, 1400, 500);
  cs_module_table_sort_by (CS_MODULE_TABLE (table), "TaskClock", GTK_SORT_DESCENDING);
  cs_test_wait_frames (table);

  collect_texts (table, texts, &n_sorted);
  /* By hand: 1,234,567 in the C locale's fallback grouping, the unit, the
   * "estimated from samples" marker. */
  g_assert_true (texts_have (texts, "1,234,567 ms ≈"));
  g_assert_true (texts_have (texts, "42 ms"));
  g_assert_true (texts_have (texts, "—"));
  g_assert_true (texts_have (texts, "libcsdemo.so"));
  /* One highlighted cell per row, in the sorted column. */
  g_assert_cmpuint (n_sorted, ==, 2);

  cs_module_table_sort_by (CS_MODULE_TABLE (table), NULL, GTK_SORT_ASCENDING);
  cs_test_wait_frames (table);
  n_sorted = 0;
  g_ptr_array_set_size (texts, 0);
  collect_texts (table, texts, &n_sorted);
  g_assert_cmpuint (n_sorted, ==, 0);
  {
    g_autoptr(CsTestImage) image = cs_test_render (table);

    cs_test_image_save (image, "cs-test-module-table.png");
  }
  gtk_window_destroy (window);
}

/* A counted session (regions, no samples): the table shows its regions with
 * the evaluation's values, sorts them by every metric, and the symbol pane
 * explains that there are no samples. */
static void
test_counted_session (void)
{
  g_autofree char *path = cs_test_source_path ("tests/fixtures/core2-counts.cyclescope");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = cs_analysis_load (path, NULL, NULL, NULL, NULL, &error);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *table = cs_module_table_new ();
  GtkWidget *pane = cs_symbol_pane_new ();
  CsModuleTable *t = CS_MODULE_TABLE (table);
  GListModel *list;
  CsModel *model;
  GtkWindow *window;
  guint n_scopes;

  g_assert_no_error (error);
  gtk_box_append (GTK_BOX (box), table);
  gtk_box_append (GTK_BOX (box), pane);
  cs_module_table_set_analysis (t, analysis);
  cs_symbol_pane_set_analysis (CS_SYMBOL_PANE (pane), analysis);
  window = cs_test_show (box, 1400, 500);
  model = cs_analysis_get_model (analysis);
  n_scopes = cs_analysis_get_n_scopes (analysis);
  list = G_LIST_MODEL (cs_module_table_get_selection (t));
  g_assert_cmpuint (n_scopes, >=, 2);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, n_scopes);

  for (guint m = 0; m < cs_model_get_n_metrics (model); m++)
    for (int dir = 0; dir < 2; dir++)
      {
        g_autofree double *values = g_new (double, n_scopes);

        cs_module_table_sort_by (t, cs_model_get_metric (model, m)->name,
                                 dir ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
        for (guint i = 0; i < n_scopes; i++)
          {
            g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);
            const CsScope *scope = NULL;

            /* The value as the evaluation has it, found by the row's name. */
            for (guint k = 0; k < n_scopes; k++)
              if (strcmp (cs_analysis_get_scope (analysis, k)->name, cs_module_row_get_name (row)) == 0)
                scope = cs_analysis_get_scope (analysis, k);
            g_assert_nonnull (scope);
            values[i] = cs_evaluation_get_value (scope->evaluation, m);
            g_assert_cmpint (cs_module_row_get_kind (row), ==, CS_SCOPE_REGION);
          }
        check_order (values, n_scopes, dir);
      }

  g_assert_cmpuint (cs_symbol_pane_get_n_events (CS_SYMBOL_PANE (pane)), ==, 0);
  g_assert_null (cs_symbol_pane_get_visible_event (CS_SYMBOL_PANE (pane)));
  gtk_window_destroy (window);
}

/* A sort (and a filter) belong to the recording they were made on: the
 * next one starts unsorted, in the analysis' order, with its module of
 * most samples selected, not the smallest one of an ascending sort. */
static void
test_next_recording (void)
{
  g_autofree char *path_a = cs_test_source_path ("tests/fixtures/perf-cpu-clock.data");
  g_autofree char *path_b = cs_test_source_path ("tests/fixtures/perf-two-events.data");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) a = cs_analysis_load (path_a, NULL, NULL, NULL, NULL, &error);
  g_autoptr(CsAnalysis) b = NULL;
  GtkWidget *table = cs_module_table_new ();
  CsModuleTable *t = CS_MODULE_TABLE (table);
  GListModel *list = G_LIST_MODEL (cs_module_table_get_selection (t));
  GtkSortType direction;
  GtkWindow *window;
  guint64 most = 0;

  g_assert_no_error (error);
  b = cs_analysis_load (path_b, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  cs_module_table_set_analysis (t, a);
  window = cs_test_show (table, 1200, 500);
  g_assert_cmpuint (g_list_model_get_n_items (list), >=, 2);
  cs_module_table_sort_by (t, CS_MODULE_COLUMN_SAMPLES, GTK_SORT_ASCENDING);
  g_assert_cmpstr (cs_module_table_get_sort_column (t, &direction), ==, CS_MODULE_COLUMN_SAMPLES);
  cs_module_table_set_filter_text (t, "no module has this name");
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);

  cs_module_table_set_analysis (t, b);
  g_assert_null (cs_module_table_get_sort_column (t, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, cs_analysis_get_n_scopes (b));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

      most = MAX (most, cs_module_row_get_n_samples (row));
    }
  g_assert_nonnull (cs_module_table_get_selected (t));
  g_assert_cmpuint (cs_module_row_get_n_samples (cs_module_table_get_selected (t)), ==, most);
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  cs_test_widgets_init (&argc, &argv);

  g_test_add_func ("/module-table/sort-every-column", test_sort_every_column);
  g_test_add_func ("/module-table/filter", test_filter);
  g_test_add_func ("/module-table/selection-signals", test_selection_signals);
  g_test_add_func ("/module-table/cells", test_cells);
  g_test_add_func ("/module-table/counted-session", test_counted_session);
  g_test_add_func ("/module-table/next-recording", test_next_recording);
  return g_test_run ();
}
