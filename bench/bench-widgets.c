/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-widgets.c — the module table and the chart grid at scale
 *
 *   bench-widgets PROFILE-WORKLOAD [SAMPLES]
 *
 * 1. Sorting a 100 000-row module table by a numeric column (goal ≤ 50 ms):
 *    the model chain alone (CsRowStore sorted by CsModuleSorter → filter →
 *    selection),
 *    and the real CsModuleTable in a window (the call that a header click
 *    makes, and the frame after it). Values are random, 5 % NaN.
 * 2. The first frame of the module table and the chart grid after a perf.data
 *    of about SAMPLES (default 700 000) samples has loaded (goal ≤ 0.5 s).
 *    Set-up: `perf record -F 20000 -e cpu-clock` over profile-workload's two
 *    threads (as bench-import does); loading is timed apart.
 *
 * CS_BENCH_PERF_DATA=FILE reuses a recording instead of making one.
 *
 * Needs a display for the window figures (run under xvfb-run); prints what
 * it can measure otherwise. Exit status 0 unless something failed to run.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cs-bench-paint.h"
#include "cs-bench-util.h"
#include "cs-chart-grid-view.h"
#include "cs-module-sorter.h"
#include "cs-module-table.h"
#include "cs-row-store.h"

#define N_ROWS  100000
#define REPEAT  5

static CsModel *
load_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (CS_SOURCE_MODELDIR, "intel-core2.json", NULL);
  CsModel *model = cs_model_new_from_file (path, &error);

  if (model == NULL)
    {
      g_printerr ("bench-widgets: %s\n", error->message);
      exit (1);
    }
  return model;
}

static GPtrArray *
make_rows (CsModel *model)
{
  GPtrArray *rows = g_ptr_array_new_full (N_ROWS, g_object_unref);
  guint n = cs_model_get_n_metrics (model);
  g_autofree double *values = g_new (double, n);
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);

  for (guint r = 0; r < N_ROWS; r++)
    {
      g_autofree char *name = g_strdup_printf ("libmodule%06u.so", g_rand_int_range (rand, 0, 1000000));

      for (guint m = 0; m < n; m++)
        values[m] = g_rand_double (rand) < 0.05 ? NAN : g_rand_double_range (rand, 0, 1e10);
      g_ptr_array_add (rows, cs_module_row_new (CS_SCOPE_MODULE, name, NULL, (int) r,
                                                g_rand_int_range (rand, 0, 100000),
                                                g_rand_double (rand), values, NULL, n));
    }
  return rows;
}

/* The table's model chain without the view: CsRowStore → GtkFilterListModel
 * (GtkStringFilter) → GtkSingleSelection; a sort is cs_module_sorter_sort()
 * and the store's new order (what the table does on a header click, minus
 * keeping its selection). */
static void
bench_sort_model (CsModel   *model,
                  GPtrArray *rows)
{
  g_autoptr(CsRowStore) store = cs_row_store_new (CS_TYPE_MODULE_ROW);
  g_autoptr(CsModuleSorter) sorter = cs_module_sorter_new (CS_MODULE_SORT_NONE, FALSE);
  GtkStringFilter *filter = gtk_string_filter_new (gtk_property_expression_new (CS_TYPE_MODULE_ROW, NULL, "name"));
  GtkFilterListModel *filtered;
  g_autoptr(GtkSingleSelection) selection = NULL;
  int metric = cs_model_get_metric_index (model, cs_model_get_table_columns (model)[0]);
  double t[REPEAT];

  cs_module_sorter_rank_names (rows);
  cs_row_store_set (store, rows);
  filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (store)), GTK_FILTER (filter));
  selection = gtk_single_selection_new (G_LIST_MODEL (filtered));
  gtk_single_selection_set_autoselect (selection, FALSE);
  for (guint i = 0; i < REPEAT; i++)
    {
      guint *order = g_new (guint, rows->len);
      double t0;

      cs_row_store_set_order (store, NULL, rows->len);
      t0 = cs_bench_now ();
      cs_module_sorter_set (sorter, metric, i % 2 == 0);
      cs_module_sorter_sort (sorter, rows, order);
      cs_row_store_set_order (store, order, rows->len);
      t[i] = cs_bench_now () - t0;
    }
  g_print ("sort %u rows by %s (model chain, no view): median %.1f ms (goal ≤ 50 ms)\n",
           N_ROWS, cs_model_get_metric (model, metric)->name,
           cs_bench_median (t, REPEAT) * 1000);
}

static void
bench_sort_table (CsModel   *model,
                  GPtrArray *rows)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = cs_module_table_new ();
  const char *column = cs_model_get_table_columns (model)[0];
  double call[REPEAT], frame[REPEAT];

  cs_module_table_set_rows (CS_MODULE_TABLE (table), model, rows);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_set_child (GTK_WINDOW (window), table);
  gtk_window_present (GTK_WINDOW (window));
  cs_bench_wait_for_paint (window);
  for (guint i = 0; i < REPEAT; i++)
    {
      double t0, t1;

      cs_module_table_sort_by (CS_MODULE_TABLE (table), NULL, GTK_SORT_ASCENDING);
      cs_bench_wait_for_paint (window);
      t0 = cs_bench_now ();
      cs_module_table_sort_by (CS_MODULE_TABLE (table), column, i % 2 ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING);
      t1 = cs_bench_now ();
      call[i] = t1 - t0;
      frame[i] = cs_bench_wait_for_paint (window) - t0;
    }
  g_print ("sort %u rows by %s (CsModuleTable in a window): median %.1f ms, next frame painted after %.1f ms\n",
           N_ROWS, column, cs_bench_median (call, REPEAT) * 1000,
           cs_bench_median (frame, REPEAT) * 1000);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The viewer's overview: the chart grid above the module table, in a window
 * of its size, presented; with @analysis (may be NULL) set before. */
static GtkWidget *
present_window (CsAnalysis  *analysis,
                GtkWidget  **grid,
                GtkWidget  **table)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

  *grid = cs_chart_grid_view_new ();
  *table = cs_module_table_new ();
  if (analysis != NULL)
    {
      cs_chart_grid_view_set_analysis (CS_CHART_GRID_VIEW (*grid), analysis);
      cs_module_table_set_analysis (CS_MODULE_TABLE (*table), analysis);
    }
  gtk_paned_set_start_child (GTK_PANED (paned), *grid);
  gtk_paned_set_end_child (GTK_PANED (paned), *table);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_set_child (GTK_WINDOW (window), paned);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
bench_first_frame (const char *workload,
                   guint64     want,
                   gboolean    display)
{
  g_autofree char *perf = g_find_program_in_path ("perf");
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window, *table, *grid;
  CsProfile *profile;
  double t0, t1, painted;

  if (perf == NULL)
    {
      g_print ("first frame: perf is not installed (skipped)\n");
      return;
    }
  if (g_getenv ("CS_BENCH_PERF_DATA") != NULL)
    file = g_strdup (g_getenv ("CS_BENCH_PERF_DATA"));
  else
    {
      dir = g_dir_make_tmp ("cyclescope-bench-XXXXXX", NULL);
      file = g_build_filename (dir, "widgets.data", NULL);
      if (!cs_bench_perf_record (perf, workload, file, want / CS_BENCH_SAMPLES_PER_SECOND))
        exit (1);
    }

  t0 = cs_bench_now ();
  analysis = cs_analysis_load (file, NULL, NULL, NULL, NULL, &error);
  t1 = cs_bench_now ();
  if (analysis == NULL)
    {
      g_printerr ("bench-widgets: %s\n", error->message);
      exit (1);
    }
  profile = cs_analysis_get_profile (analysis);
  g_print ("loaded %" G_GUINT64_FORMAT " samples, %u modules in %.2f s (not part of the figure below)\n",
           profile ? cs_profile_get_stats (profile)->n_samples : 0,
           cs_analysis_get_n_scopes (analysis), t1 - t0);

  if (!display)
    {
      g_print ("first frame: no display (run under xvfb-run)\n");
    }
  else
    {
      /* As in the viewer: the window is up (showing the loading progress)
       * when the analysis arrives; the figure is from handing the analysis
       * to the widgets to the first frame that shows them. */
      window = present_window (NULL, &grid, &table);
      cs_bench_wait_for_paint (window);

      t0 = cs_bench_now ();
      cs_chart_grid_view_set_analysis (CS_CHART_GRID_VIEW (grid), analysis);
      cs_module_table_set_analysis (CS_MODULE_TABLE (table), analysis);
      painted = cs_bench_wait_for_paint (window);
      g_print ("first frame of module table + chart grid (%u charts, %u rows): %.0f ms after the "
               "analysis loaded (goal ≤ 500 ms)\n",
               cs_chart_grid_view_get_n_charts (CS_CHART_GRID_VIEW (grid)),
               cs_analysis_get_n_scopes (analysis), (painted - t0) * 1000);
      gtk_window_destroy (GTK_WINDOW (window));

      /* And with a new window, as when a file is opened from the command
       * line: includes creating and mapping the window. */
      t0 = cs_bench_now ();
      window = present_window (analysis, &grid, &table);
      painted = cs_bench_wait_for_paint (window);
      g_print ("  in a new window (creating and mapping it included): %.0f ms\n", (painted - t0) * 1000);
      gtk_window_destroy (GTK_WINDOW (window));
    }

  if (dir != NULL)
    {
      g_unlink (file);
      g_rmdir (dir);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(CsModel) model = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint64 want = 700000;
  gboolean display;

  if (argc < 2)
    {
      g_printerr ("usage: bench-widgets PROFILE-WORKLOAD [SAMPLES]\n");
      return 1;
    }
  if (argc > 2)
    want = g_ascii_strtoull (argv[2], NULL, 10);

  g_setenv ("GTK_A11Y", "none", FALSE);
  display = gtk_init_check ();
  model = load_model ();
  rows = make_rows (model);
  bench_sort_model (model, rows);
  if (display)
    bench_sort_table (model, rows);
  else
    g_print ("sort in a window: no display (run under xvfb-run)\n");
  if (want > 0)
    bench_first_frame (argv[1], want, display);
  return 0;
}
