/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sampling-run.c — one sampling run of a real program into a perf.data
 *
 * argv[1]: the cs-test-workload program. cpu-clock is a software event, so
 * this runs on machines without a PMU. Expected sample counts come from the
 * workload's CPU time (rusage) times the frequency.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "cs-collector-error.h"
#include "cs-sampling-run.h"
#include "cs-test-util.h"

static const char *workload;

static void
test_samples_match_cpu_time (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = g_build_filename (dir, "s.perf.data", NULL);
  const char *argv[] = { workload, "spin", "0.5", NULL };
  struct perf_event_attr attr;
  CsSamplerEvent event = { &attr, "cpu-clock" };
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplingResult result;
  g_autoptr(GError) error = NULL;
  double cpu;

  cs_test_software_attr (&attr, PERF_COUNT_SW_CPU_CLOCK);
  g_assert_true (cs_sampling_run (argv, NULL, NULL, &event, 1, &options, NULL, path, &result,
                                  NULL, &error));
  g_assert_no_error (error);
  g_assert_false (result.interrupted);
  g_assert_true (WIFEXITED (result.wait_status));
  g_assert_cmpint (WEXITSTATUS (result.wait_status), ==, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  cpu = cs_test_rusage_cpu_seconds (&result.usage);
  g_test_message ("%" G_GUINT64_FORMAT " samples for %.3f s of CPU", result.stats.n_samples, cpu);
  /* 1 kHz of CPU time: about one sample per millisecond of CPU (±20 %). */
  g_assert_cmpfloat (result.stats.n_samples, >=, cpu * 1000 * 0.8);
  g_assert_cmpfloat (result.stats.n_samples, <=, cpu * 1000 * 1.2);
  g_assert_cmpuint (result.stats.n_lost, ==, 0);
  cs_test_rmdir (dir);
}

static void
test_missing_program (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = g_build_filename (dir, "s.perf.data", NULL);
  const char *argv[] = { "/nonexistent/program", NULL };
  struct perf_event_attr attr;
  CsSamplerEvent event = { &attr, "cpu-clock" };
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplingResult result;
  g_autoptr(GError) error = NULL;

  cs_test_software_attr (&attr, PERF_COUNT_SW_CPU_CLOCK);
  g_assert_false (cs_sampling_run (argv, NULL, NULL, &event, 1, &options, NULL, path, &result,
                                   NULL, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  cs_test_assert_no_children ();
  cs_test_rmdir (dir);
}

/* Cancelled: the program is killed, the file is finished with what was
 * sampled so far. */
static void
test_cancel_keeps_file (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = g_build_filename (dir, "s.perf.data", NULL);
  g_autofree char *marker = g_build_filename (dir, "running", NULL);
  const char *argv[] = { workload, "sleep", "60", marker, NULL };
  struct perf_event_attr attr;
  CsSamplerEvent event = { &attr, "cpu-clock" };
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplingResult result;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GThread *thread;

  cs_test_software_attr (&attr, PERF_COUNT_SW_CPU_CLOCK);
  thread = cs_test_call_when_file (marker, (GDestroyNotify) g_cancellable_cancel, cancellable);
  g_assert_true (cs_sampling_run (argv, NULL, NULL, &event, 1, &options, NULL, path, &result,
                                  cancellable, &error));
  g_thread_join (thread);
  g_assert_no_error (error);
  g_assert_true (result.interrupted);
  g_assert_true (WIFSIGNALED (result.wait_status));
  g_assert_cmpint (WTERMSIG (result.wait_status), ==, SIGKILL);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, >=, 2);
  workload = argv[1];

  g_test_add_func ("/sampling-run/samples", test_samples_match_cpu_time);
  g_test_add_func ("/sampling-run/missing-program", test_missing_program);
  g_test_add_func ("/sampling-run/cancel", test_cancel_keeps_file);

  return g_test_run ();
}
