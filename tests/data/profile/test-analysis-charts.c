/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-charts.c — the program's charts and warnings of an analysis
 *
 * Charts: a plain perf.data (tests/fixtures/perf-cpu-clock.data, recorded by
 * perf; cpu-clock only) gets "Samples by module" first, whose shares are
 * perf's own per-DSO overhead (`perf report --sort dso`, run here when perf
 * is installed), and none of the software model's charts: every one of them
 * needs what only counting runs measure (task-clock, the program's user and
 * system time, its wall time), so they are left out and counted. A bundle
 * with counts and no samples (the hand-written core2 fixture) keeps all of
 * its model's charts (their number read from the model file with json-c)
 * and gets no module chart.
 *
 * Warnings: a session written here, on a host without a PMU, with a failed
 * run and an English sentence recorded in it. The analysis states the short
 * warnings from those facts — in German under LANGUAGE=de, checked against
 * po/de.po — and keeps the recorded sentence, unchanged, as a detail.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json.h>
#include <locale.h>
#include <math.h>

#include "cs-analysis.h"
#include "cs-chart-values.h"
#include "cs-test-po.h"
#include "cs-test-util.h"

#define NO_PMU "No hardware PMU on the recording host: software events only."
#define RECORDED "No hardware PMU: the kernel exposes no CPU performance counters (recorded in English)."

static char *perf;
static char *tmpdir;

static char *
fixture (const char *name)
{
  return g_build_filename (CS_TEST_SRCDIR, "fixtures", name, NULL);
}

/* perf's "Overhead" per DSO of @file, 0..100. */
static GHashTable *
perf_dso_overhead (const char *file)
{
  const char *argv[] = { perf, "report", "-i", file, "--stdio", "-q", "--sort", "dso",
                         "-F", "overhead,dso", "-g", "none", "--no-children", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int status = 0;

  out = cs_test_run (argv, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", 2);
      double *pct;

      if (f[0] == NULL || f[1] == NULL || !g_str_has_suffix (f[0], "%"))
        continue;
      pct = g_new (double, 1);
      *pct = g_ascii_strtod (f[0], NULL);
      g_hash_table_insert (table, g_strdup (g_strstrip (f[1])), pct);
    }
  return table;
}

static guint
model_file_charts (const char *model_id)
{
  g_autofree char *file = g_strdup_printf ("data/models/%s.json", model_id);
  g_autofree char *path = cs_test_source_path (file);
  json_object *root = json_object_from_file (path);
  json_object *charts = NULL;
  guint n;

  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "charts", &charts));
  n = json_object_array_length (charts);
  json_object_put (root);
  return n;
}

static void
test_perf_data (void)
{
  g_autofree char *path = fixture ("perf-cpu-clock.data");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = cs_analysis_load (path, NULL, NULL, NULL, NULL, &error);
  g_autofree char *hidden_line = NULL;
  const CsChartValues *chart;
  GPtrArray *charts, *hidden;
  double sum = 0;

  g_assert_no_error (error);
  charts = cs_analysis_get_charts (analysis);
  hidden = cs_analysis_get_hidden_charts (analysis);
  g_assert_cmpstr (cs_model_get_id (cs_analysis_get_model (analysis)), ==, "software");

  /* The module chart, first and alone. */
  g_assert_cmpuint (charts->len, ==, 1);
  chart = g_ptr_array_index (charts, 0);
  g_assert_cmpstr (chart->id, ==, CS_ANALYSIS_CHART_SAMPLES_BY_MODULE);
  g_assert_cmpint (chart->kind, ==, CS_CHART_BAR);
  /* cpu-clock counts nanoseconds: the bar adds up milliseconds of CPU. */
  g_assert_cmpstr (chart->unit, ==, "ms");
  /* perf record -c 1000000: 25 samples of 1 ms each (fixtures/README.md). */
  g_assert_cmpfloat (fabs (chart->total - 25.0), <, 1e-9);
  g_assert_cmpuint (chart->n_parts, ==, 2);
  for (guint i = 0; i < chart->n_parts; i++)
    {
      g_assert_cmpint (chart->parts[i].provenance, ==, CS_PROVENANCE_ESTIMATED);
      sum += chart->parts[i].share;
      if (i > 0)
        g_assert_cmpfloat (chart->parts[i].share, <=, chart->parts[i - 1].share);
    }
  g_assert_cmpfloat (fabs (sum - 1.0), <, 1e-9);
  if (perf != NULL)
    {
      g_autoptr(GHashTable) overhead = perf_dso_overhead (path);

      g_assert_cmpuint (g_hash_table_size (overhead), ==, chart->n_parts);
      for (guint i = 0; i < chart->n_parts; i++)
        {
          double *pct = g_hash_table_lookup (overhead, chart->parts[i].label);

          g_test_message ("%s: %.2f %% (perf %.2f %%)", chart->parts[i].label,
                          100 * chart->parts[i].share, pct != NULL ? *pct : NAN);
          g_assert_nonnull (pct);
          g_assert_cmpfloat (fabs (100 * chart->parts[i].share - *pct), <, 0.006);
        }
    }
  else
    g_test_message ("perf is not installed: the shares are not compared with perf report");

  /* Without counting runs the software model's charts have no value: all
   * of them are left out, and the line says how many. */
  g_assert_cmpuint (hidden->len, ==, model_file_charts ("software"));
  for (guint i = 0; i < hidden->len; i++)
    g_assert_cmpstr (((CsChartValues *) g_ptr_array_index (hidden, i))->id, !=,
                     CS_ANALYSIS_CHART_SAMPLES_BY_MODULE);
  hidden_line = cs_analysis_describe_hidden_charts (analysis);
  g_assert_nonnull (hidden_line);
  {
    g_autofree char *count = g_strdup_printf ("%u charts", hidden->len);

    g_assert_nonnull (strstr (hidden_line, count));
    g_assert_nonnull (strstr (hidden_line, "cyclescope record"));
  }
}

static void
test_counts_bundle (void)
{
  g_autofree char *path = fixture ("core2-counts.cyclescope");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = cs_analysis_load (path, NULL, NULL, NULL, NULL, &error);
  g_autofree char *hidden_line = NULL;
  GPtrArray *charts;

  g_assert_no_error (error);
  charts = cs_analysis_get_charts (analysis);
  g_assert_cmpuint (charts->len, ==, model_file_charts ("intel-core2"));
  for (guint i = 0; i < charts->len; i++)
    g_assert_cmpstr (((CsChartValues *) g_ptr_array_index (charts, i))->id, !=,
                     CS_ANALYSIS_CHART_SAMPLES_BY_MODULE);
  g_assert_cmpuint (cs_analysis_get_hidden_charts (analysis)->len, ==, 0);
  hidden_line = cs_analysis_describe_hidden_charts (analysis);
  g_assert_null (hidden_line);
  /* Its host had a PMU and nothing was recorded as a warning. */
  g_assert_null (cs_analysis_get_warning_details (analysis)[0]);
}

/* A bundle of one counting run that failed, recorded on a host without a
 * PMU, with the recorder's English sentence in its warnings. */
static char *
write_session (void)
{
  g_autoptr(CsSession) session = cs_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) start = g_date_time_new_utc (2024, 3, 1, 12, 0, 0);
  const char *argv[] = { "./spin", NULL };
  char *bundle = g_build_filename (tmpdir, "nopmu.cyclescope", NULL);
  CsRun *run;

  cs_session_set_host (session, "test-host", "Test CPU", NULL, NULL, "6.1.0", 2);
  cs_session_set_command (session, argv, "/tmp");
  cs_session_set_model_id (session, "software");
  cs_session_set_cycles_alias (session, "task_clock");
  cs_session_set_mode (session, "runs");
  cs_session_set_start_time (session, start);
  cs_session_set_duration (session, 1.0);
  cs_session_set_complete (session, TRUE);
  run = cs_session_add_run (session);
  run->group = g_strdup ("group 1");
  run->status = CS_RUN_FAILED;
  run->exit_code = 3;
  run->wall_seconds = 1.0;
  run->user_seconds = 0.9;
  run->system_seconds = 0.05;
  cs_run_add_count (run, "task_clock", "perf::PERF_COUNT_SW_TASK_CLOCK", NULL, 950000000, 1000000000, 1000000000);
  cs_session_add_warning (session, RECORDED);
  g_assert_true (cs_session_save (session, bundle, &error));
  g_assert_no_error (error);
  return bundle;
}

static gboolean
strv_has (const char * const *strv,
          const char          *text)
{
  return strv != NULL && g_strv_contains (strv, text);
}

static gboolean
strv_has_prefix (const char * const *strv,
                 const char          *prefix)
{
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    if (g_str_has_prefix (strv[i], prefix))
      return TRUE;
  return FALSE;
}

static void
test_warnings (void)
{
  g_autofree char *bundle = write_session ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = cs_analysis_load (bundle, NULL, NULL, NULL, NULL, &error);
  g_auto(GStrv) facts = NULL;
  const char * const *warnings, *const *details;

  g_assert_no_error (error);
  warnings = cs_analysis_get_warnings (analysis);
  details = cs_analysis_get_warning_details (analysis);
  /* Short warnings from the facts, never the recorded sentence. */
  g_assert_true (strv_has (warnings, NO_PMU));
  g_assert_true (strv_has_prefix (warnings, "The program failed in 1 run "));
  g_assert_false (strv_has (warnings, RECORDED));
  /* The recorded sentence is a detail, as it was written. */
  g_assert_cmpuint (g_strv_length ((char **) details), ==, 1);
  g_assert_cmpstr (details[0], ==, RECORDED);
  /* The report's variant (no analysis) says the same from the session. */
  facts = cs_analysis_dup_session_warnings (cs_analysis_get_session (analysis));
  g_assert_cmpuint (g_strv_length (facts), ==, g_strv_length ((char **) warnings));
  for (guint i = 0; facts[i] != NULL; i++)
    g_assert_cmpstr (facts[i], ==, warnings[i]);
}

static void
test_warnings_german (void)
{
  g_autofree char *po = cs_test_source_path ("po/de.po");
  g_autoptr(GHashTable) de = cs_test_po_load (po);
  g_autofree char *mo = g_build_filename (CS_BUILD_LOCALEDIR, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *bundle = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  const char *german = cs_test_po_lookup (de, NO_PMU);

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the German catalogue is not built");
      return;
    }
  g_assert_nonnull (german);
  g_assert_cmpstr (german, !=, NO_PMU);

  bundle = write_session ();
  /* glibc honours LANGUAGE in C.UTF-8: no German locale is needed. */
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, CS_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  analysis = cs_analysis_load (bundle, NULL, NULL, NULL, NULL, &error);
  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C");
  g_assert_no_error (error);

  g_assert_true (strv_has (cs_analysis_get_warnings (analysis), german));
  g_assert_false (strv_has (cs_analysis_get_warnings (analysis), NO_PMU));
  /* The recorded sentence stays as it was recorded. */
  g_assert_cmpstr (cs_analysis_get_warning_details (analysis)[0], ==, RECORDED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  perf = cs_test_find_perf ();
  tmpdir = cs_test_mkdtemp ();
  g_test_add_func ("/analysis-charts/perf-data", test_perf_data);
  g_test_add_func ("/analysis-charts/counts-bundle", test_counts_bundle);
  g_test_add_func ("/analysis-charts/warnings", test_warnings);
  g_test_add_func ("/analysis-charts/warnings-german", test_warnings_german);
  {
    int ret = g_test_run ();

    cs_test_rmdir (tmpdir);
    return ret;
  }
}
