/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis.c — loading a recorded session and a plain perf.data
 *
 * A bundle is recorded at test time by our own `cyclescope record` (counting
 * runs and a sampling run of profile-workload); a plain perf.data by perf.
 * Checked against independent sources: perf report's per-DSO periods and
 * its event count, the host's sysfs for the no-PMU notice, getrusage-free
 * facts of the workload (its two DSOs and hottest function).
 *
 * Arguments (meson passes them): PROFILE-WORKLOAD CYCLESCOPE. Exits 77 when
 * neither our recorder nor perf can record here.
 */
#include "config.h"

#include <math.h>

#include "cs-analysis.h"
#include "cs-error.h"
#include "cs-profile-test-util.h"

static char *perf;
static char *workload;
static char *cyclescope;
static char *tmpdir;
static char *bundle;      /* NULL when our recorder failed */
static char *perf_data;   /* NULL without perf */

static gboolean
host_has_pmu (void)
{
  return g_file_test ("/sys/bus/event_source/devices/cpu", G_FILE_TEST_EXISTS) ||
         g_file_test ("/sys/bus/event_source/devices/cpu_core", G_FILE_TEST_EXISTS);
}

static gboolean
has_warning (CsAnalysis *analysis,
             const char *part)
{
  for (const char * const *w = cs_analysis_get_warnings (analysis); w != NULL && *w != NULL; w++)
    if (strstr (*w, part) != NULL)
      return TRUE;
  return FALSE;
}

static const CsScope *
module_scope (CsAnalysis *analysis,
              const char *name)
{
  for (guint i = 0; i < cs_analysis_get_n_scopes (analysis); i++)
    {
      const CsScope *s = cs_analysis_get_scope (analysis, i);

      if (s->kind == CS_SCOPE_MODULE && g_strcmp0 (s->name, name) == 0)
        return s;
    }
  return NULL;
}

/* perf's Σ period per DSO ("Period" column). */
static GHashTable *
perf_periods (const char *file)
{
  const char *args[] = { "report", "-i", file, "--stdio", "--sort", "dso", "-F", "period,dso",
                         "-t", "|", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GHashTable *periods = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      guint64 *v;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], "|", 2);
      if (g_strv_length (f) < 2)
        continue;
      v = g_new (guint64, 1);
      *v = g_ascii_strtoull (g_strstrip (f[0]), NULL, 10);
      g_hash_table_insert (periods, g_strdup (g_strstrip (f[1])), v);
    }
  return periods;
}

/* Module scopes: each evaluated on its own estimated counts. */
static void
check_modules (CsAnalysis *analysis,
               const char *perf_file)
{
  const CsScope *program = cs_analysis_get_program (analysis);
  const CsScope *exe = module_scope (analysis, "profile-workload");
  const CsScope *lib = module_scope (analysis, "libcsprofwork.so");
  const CsProfileEvent *e = cs_analysis_get_default_event (analysis);
  g_autoptr(GArray) top = NULL;
  guint64 n = 0;
  double share = 0;

  g_assert_nonnull (e);
  g_assert_nonnull (exe);
  g_assert_nonnull (lib);
  g_assert_cmpuint (program->n_samples, ==, e->n_samples);
  for (guint i = 0; i < cs_analysis_get_n_scopes (analysis); i++)
    {
      const CsScope *s = cs_analysis_get_scope (analysis, i);
      double v;
      CsProvenance p;

      if (s->kind != CS_SCOPE_MODULE)
        continue;
      g_assert_nonnull (s->evaluation);
      /* every module's count of the sampled event is an estimate */
      g_assert_true (cs_counts_lookup (cs_evaluation_get_counts (s->evaluation), "cpu_clock", &v, &p));
      g_assert_cmpint (p, ==, CS_PROVENANCE_ESTIMATED);
      n += s->n_samples;
      share += s->sample_share;
    }
  g_assert_cmpuint (n, ==, program->n_samples);
  g_assert_cmpfloat (fabs (share - 1.0), <, 1e-9);

  if (perf != NULL)
    {
      g_autoptr(GHashTable) periods = perf_periods (perf_file);
      const char *names[] = { "profile-workload", "libcsprofwork.so" };

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          const CsScope *s = module_scope (analysis, names[i]);
          const guint64 *theirs = g_hash_table_lookup (periods, names[i]);
          double v = 0;

          g_assert_nonnull (theirs);
          g_assert_true (cs_counts_lookup (cs_evaluation_get_counts (s->evaluation), "cpu_clock", &v, NULL));
          g_assert_cmpfloat (v, ==, (double) *theirs);
        }
    }

  /* The hottest symbols of the executable: exe_hash does most of its work
   * (profile-workload.c), and its lines come from that file. */
  top = cs_analysis_dup_top_symbols (analysis, exe, NULL);
  g_assert_cmpuint (top->len, >=, 2);
  g_assert_cmpuint (top->len, <=, 20);
  g_assert_cmpstr (g_array_index (top, CsProfileSymbolRow, 0).symbol->display_name, ==, "exe_hash");
  {
    const GArray *lines = cs_analysis_get_line_table (analysis, g_array_index (top, CsProfileSymbolRow, 0).symbol, NULL);
    const GArray *again = cs_analysis_get_line_table (analysis, g_array_index (top, CsProfileSymbolRow, 0).symbol, NULL);

    g_assert_true (lines == again);  /* cached */
    g_assert_cmpuint (lines->len, >, 0);
    g_assert_true (g_str_has_suffix (g_array_index (lines, CsProfileLineRow, 0).file, "profile-workload.c"));
  }
}

static void
test_bundle (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  g_autofree char *perf_file = NULL;
  const CsScope *program;
  int index;

  if (bundle == NULL)
    {
      g_test_skip ("cyclescope record does not work here");
      return;
    }
  analysis = cs_analysis_load (bundle, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cs_analysis_get_profile (analysis));
  g_assert_cmpstr (cs_model_get_id (cs_analysis_get_model (analysis)), ==,
                   cs_session_get_model_id (cs_analysis_get_session (analysis)));

  /* The program is evaluated on the counting runs: counted values. */
  program = cs_analysis_get_program (analysis);
  g_assert_nonnull (program->evaluation);
  if (cs_model_find_metric (cs_analysis_get_model (analysis), "TaskClock") != NULL)
    {
      index = cs_model_get_metric_index (cs_analysis_get_model (analysis), "TaskClock");
      g_assert_true (isfinite (cs_evaluation_get_value (program->evaluation, index)));
      g_assert_cmpint (cs_evaluation_get_provenance (program->evaluation, index), ==, CS_PROVENANCE_COUNTED);
    }
  g_assert_nonnull (cs_analysis_get_charts (analysis));

  perf_file = cs_session_get_perf_data_path (cs_analysis_get_session (analysis),
                                             cs_session_get_sampling_run (cs_analysis_get_session (analysis), 0));
  check_modules (analysis, perf_file);
  if (!host_has_pmu ())
    g_assert_true (has_warning (analysis, "No hardware PMU"));
}

static void
test_perf_data (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  const char *args[] = { "report", "-i", perf_data, "--stdio", "--sort", "dso", NULL };
  g_autofree char *header = NULL;
  const char *p;
  double v = 0;
  CsProvenance prov;

  if (perf_data == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  analysis = cs_analysis_load (perf_data, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  /* cpu-clock is a software event: the software model. */
  g_assert_cmpstr (cs_model_get_id (cs_analysis_get_model (analysis)), ==, "software");
  g_assert_cmpstr (cs_session_get_mode (cs_analysis_get_session (analysis)), ==, "perf");
  g_assert_cmpstr (cs_analysis_get_sampled_events (analysis)[0], ==, "cpu-clock");
  g_assert_null (cs_analysis_get_sampled_events (analysis)[1]);
  /* Without counting runs the program is estimated from samples; perf's
   * "Event count (approx.)" is the same Σ period. */
  header = cs_perf_test_run (perf, args);
  p = strstr (header, "# Event count (approx.): ");
  g_assert_nonnull (p);
  g_assert_true (cs_counts_lookup (cs_evaluation_get_counts (cs_analysis_get_program (analysis)->evaluation),
                                   "cpu_clock", &v, &prov));
  g_assert_cmpint (prov, ==, CS_PROVENANCE_ESTIMATED);
  g_assert_cmpfloat (v, ==, (double) g_ascii_strtoull (p + strlen ("# Event count (approx.): "), NULL, 10));
  check_modules (analysis, perf_data);
  /* Only software events were sampled: the same notice. */
  g_assert_true (has_warning (analysis, "No hardware PMU"));
}

typedef struct
{
  GMainLoop  *loop;
  CsAnalysis *analysis;
  GError     *error;
  guint       n_progress;
  double      last;
  gboolean    backwards;
} AsyncRun;

static void
on_progress (const char *stage,
             double      fraction,
             gpointer    user_data)
{
  AsyncRun *run = user_data;

  g_atomic_int_inc (&run->n_progress);
  if (fraction >= 0 && fraction + 1e-9 < run->last)
    run->backwards = TRUE;
  if (fraction >= 0)
    run->last = fraction;
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  AsyncRun *run = user_data;

  run->analysis = cs_analysis_load_finish (result, &run->error);
  g_main_loop_quit (run->loop);
}

static void
test_async_and_cancel (void)
{
  const char *path = perf_data != NULL ? perf_data : bundle;
  AsyncRun run = { 0 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  CsAnalysis *cancelled;

  if (path == NULL)
    {
      g_test_skip ("nothing recorded");
      return;
    }
  run.loop = g_main_loop_new (NULL, FALSE);
  cs_analysis_load_async (path, NULL, on_progress, &run, NULL, on_loaded, &run);
  g_main_loop_run (run.loop);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.analysis);
  g_assert_cmpuint (run.n_progress, >=, 2);
  g_assert_false (run.backwards);
  g_assert_cmpfloat (run.last, ==, 1.0);
  g_clear_object (&run.analysis);
  g_main_loop_unref (run.loop);

  g_cancellable_cancel (cancellable);
  cancelled = cs_analysis_load (path, NULL, NULL, NULL, cancellable, &error);
  g_assert_null (cancelled);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_errors (void)
{
  g_autofree char *missing = g_build_filename (tmpdir, "missing.data", NULL);
  g_autofree char *bad = g_build_filename (tmpdir, "truncated.data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;

  analysis = cs_analysis_load (missing, NULL, NULL, NULL, NULL, &error);
  g_assert_null (analysis);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  /* A perf.data cut short in its header. */
  g_assert_true (g_file_set_contents (bad, "PERFILE2\x68\0\0\0\0\0\0\0", 16, NULL));
  analysis = cs_analysis_load (bad, NULL, NULL, NULL, NULL, &error);
  g_assert_null (analysis);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "offset"));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *models = NULL;
  g_autofree char *xdg = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-analysis PROFILE-WORKLOAD CYCLESCOPE");
  workload = argv[1];
  cyclescope = argv[2];
  perf = cs_test_find_perf ();
  tmpdir = cs_test_mkdtemp ();
  /* Only the source tree's models, for us and for the recorder. */
  models = cs_test_source_path ("data/models");
  xdg = g_build_filename (tmpdir, "xdg", NULL);
  g_setenv ("CYCLESCOPE_MODEL_PATH", models, TRUE);
  g_setenv ("XDG_DATA_HOME", xdg, TRUE);

  {
    g_autofree char *out = g_build_filename (tmpdir, "workload.cyclescope", NULL);
    const char *args[] = { "record", "-F", "2000", "--repeat", "2", "-o", out, "--", workload, "2", "150", NULL };
    CliResult r = cli_run (cyclescope, args);

    if (r.status == 0)
      bundle = g_steal_pointer (&out);
    else
      g_printerr ("cyclescope record failed (%d): %s\n", r.status, r.err);
    cli_result_clear (&r);
  }
  if (perf != NULL)
    {
      const char *rec[] = { "-F", "5000", "-e", "cpu-clock", NULL };
      const char *cmd[] = { workload, "2", "150", NULL };

      perf_data = g_build_filename (tmpdir, "workload.data", NULL);
      profile_record (perf, perf_data, rec, cmd);
    }
  if (bundle == NULL && perf_data == NULL)
    {
      g_printerr ("neither cyclescope record nor perf can record here: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }

  g_test_add_func ("/analysis/bundle", test_bundle);
  g_test_add_func ("/analysis/perf-data", test_perf_data);
  g_test_add_func ("/analysis/async-and-cancel", test_async_and_cancel);
  g_test_add_func ("/analysis/errors", test_errors);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  return status;
}
