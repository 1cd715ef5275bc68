/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-same-run.c — counting and sampling in one run agree with
 * counting and sampling in runs of their own
 *
 * argv[1]: the cs-test-workload program, argv[2]: the cyclescope binary.
 * The software model's events fit in one group, so `record` counts and
 * samples in one run; --separate-sampling gives the two-run recording to
 * compare with. The references are independent of our reading: the
 * kernel's rusage of the program (user + system time, from wait4) and the
 * samples as `perf script` reads them from our perf.data. No timing is
 * asserted: each one-run recording is compared with the spread of the
 * separate recordings, and inside one run the sampled cpu-clock periods
 * must add up to the counted task-clock to within the sampling's own
 * granularity (the period), which separate runs cannot promise.
 */
#include "config.h"

#include <math.h>

#include "cs-perf-test-util.h"
#include "cs-test-record.h"

#define N_RECORDINGS 3

static char *perf;

typedef struct
{
  double task_clock;   /* ns, counted */
  double rusage;       /* ns of user + system time, wait4 */
  double sampled;      /* ns, the sum of the sample periods perf script reads */
  double max_period;   /* ns */
  guint  n_runs;
} Measure;

static void
record_once (gboolean  separate,
             Measure  *m)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "spin.cyclescope", NULL);
  const char *argv[] = { workload, "spin", "0.15", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autofree char *perf_data = NULL;
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;
  const CsCount *task_clock;
  CsSamplingRun *srun;
  CsRun *run;
  guint n_samples = 0;

  options->model_id = g_strdup ("software");
  options->frequency = 1000;
  options->separate_sampling = separate;
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cs_recorder_get_same_run (recorder), ==, !separate);
  g_assert_cmpuint (cs_recorder_get_n_runs (recorder), ==, separate ? 2 : 1);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  /* What the session says about the runs, as read back from the bundle. */
  g_clear_object (&session);
  session = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cs_session_get_n_runs (session), ==, 1);
  g_assert_cmpuint (cs_session_get_n_sampling_runs (session), ==, 1);
  run = cs_session_get_run (session, 0);
  srun = cs_session_get_sampling_run (session, 0);
  g_assert_cmpint (run->status, ==, CS_RUN_OK);
  g_assert_cmpint (srun->status, ==, CS_RUN_OK);
  g_assert_cmpint (srun->same_run, ==, !separate);
  g_assert_cmpuint (srun->counting_run, ==, 0);

  task_clock = find_count (run, "task_clock");
  g_assert_nonnull (task_clock);
  g_assert_cmpuint (task_clock->time_running, >, 0);
  m->task_clock = task_clock->value;
  m->rusage = (run->user_seconds + run->system_seconds) * 1e9;
  m->n_runs = cs_recorder_get_n_runs (recorder);

  perf_data = g_build_filename (bundle, srun->perf_data, NULL);
  {
    const char *args[] = { "script", "-i", perf_data, "-F", "period", NULL };
    script = cs_perf_test_run (perf, args);
  }
  lines = g_strsplit (script, "\n", -1);
  m->sampled = m->max_period = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *text = g_strstrip (lines[i]);
      double period;

      if (*text == '\0')
        continue;
      period = g_ascii_strtod (text, NULL);
      m->sampled += period;
      m->max_period = MAX (m->max_period, period);
      n_samples++;
    }
  g_assert_cmpuint (n_samples, ==, srun->n_samples);
  g_assert_cmpuint (n_samples, >, 0);
  g_test_message ("%s: task-clock %.0f ns, rusage %.0f ns, sampled %.0f ns (max period %.0f)",
                  separate ? "separate" : "one run", m->task_clock, m->rusage, m->sampled,
                  m->max_period);
  cs_test_rmdir (dir);
}

static void
range (const double *v,
       guint         n,
       double       *lo,
       double       *hi)
{
  *lo = *hi = v[0];
  for (guint i = 1; i < n; i++)
    {
      *lo = MIN (*lo, v[i]);
      *hi = MAX (*hi, v[i]);
    }
}

/* @value lies in the range of @v widened by the range's own width and by
 * @slack (the measurement's granularity). */
static void
assert_within_spread (const char   *what,
                      double        value,
                      const double *v,
                      guint         n,
                      double        slack)
{
  double lo, hi, width;

  range (v, n, &lo, &hi);
  width = hi - lo;
  g_test_message ("%s: one run %.4f, separate runs %.4f … %.4f", what, value, lo, hi);
  if (value < lo - width - slack || value > hi + width + slack)
    g_error ("%s of the one-run recording, %.4f, is outside the separate runs' %.4f … %.4f "
             "(± %.4f)", what, value, lo, hi, width + slack);
}

static void
test_agree (void)
{
  Measure same[N_RECORDINGS], separate[N_RECORDINGS];
  double sep_count[N_RECORDINGS], sep_samples[N_RECORDINGS];

  for (guint i = 0; i < N_RECORDINGS; i++)
    {
      record_once (FALSE, &same[i]);
      record_once (TRUE, &separate[i]);
      g_assert_cmpuint (same[i].n_runs, ==, 1);
      sep_count[i] = separate[i].task_clock / separate[i].rusage;
      /* Separate runs: the samples of one run against the count of another. */
      sep_samples[i] = separate[i].sampled / separate[i].task_clock;
    }

  for (guint i = 0; i < N_RECORDINGS; i++)
    {
      /* In one run the samples cover the counted task-clock but for the
       * period the program ended in (and one the kernel had started). */
      g_assert_cmpfloat (fabs (same[i].sampled - same[i].task_clock), <=, 2 * same[i].max_period);
      /* rusage is kept with a tick's granularity at worst (4 ms). */
      assert_within_spread ("task-clock / rusage", same[i].task_clock / same[i].rusage,
                            sep_count, N_RECORDINGS, 4e6 / same[i].rusage);
      assert_within_spread ("sampled / task-clock", same[i].sampled / same[i].task_clock,
                            sep_samples, N_RECORDINGS, 2 * same[i].max_period / same[i].task_clock);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  int ret;

  perf = cs_test_find_perf ();
  if (perf == NULL)
    {
      g_print ("perf is not installed: skipping\n");
      return CS_TEST_SKIP_EXIT;
    }
  cs_test_record_init (argc, argv);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record-same-run/agree", test_agree);
  ret = cs_test_run_with_tmpdir (&tmpdir);
  g_free (perf);
  return ret;
}
