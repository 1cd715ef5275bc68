/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-counting.c — counting runs on the real kernel with software events
 *
 * Expected values come from outside the counters: the child's CPU time from
 * wait4's rusage, and the number of pages the workload writes.
 *
 * argv[1]: the cs-test-workload program (passed by tests/meson.build).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-counting.h"
#include "cs-pfm.h"
#include "cs-test-util.h"

static const char *workload;

static double
rusage_cpu_ns (const struct rusage *ru)
{
  return cs_test_rusage_cpu_seconds (ru) * 1e9;
}

static CsCountingEvent *
software_event (const char *name,
                guint64     config)
{
  struct perf_event_attr attr;

  cs_test_software_attr (&attr, config);
  return cs_counting_event_new (name, name, NULL, &attr);
}

static GPtrArray *
software_groups (void)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_group_free);
  CsCountingGroup *g = cs_counting_group_new ("g1");

  cs_counting_group_add (g, software_event ("task-clock", PERF_COUNT_SW_TASK_CLOCK));
  cs_counting_group_add (g, software_event ("page-faults", PERF_COUNT_SW_PAGE_FAULTS));
  cs_counting_group_add (g, software_event ("context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES));
  cs_counting_group_add (g, software_event ("cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS));
  g_ptr_array_add (groups, g);
  return groups;
}

static CsCountingResult *
count (const char * const *argv,
       GPtrArray          *groups)
{
  g_autoptr(GError) error = NULL;
  CsCountingResult *result = cs_counting_run (argv, NULL, NULL, groups, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_false (result->interrupted);
  return result;
}

static void
assert_within (double value,
               double expected,
               double fraction)
{
  g_test_message ("value %.0f expected %.0f (+/-%.0f %%)", value, expected, fraction * 100);
  g_assert_cmpfloat (value, >=, expected * (1 - fraction));
  g_assert_cmpfloat (value, <=, expected * (1 + fraction));
}

static void
test_task_clock_matches_rusage (void)
{
  const char *argv[] = { workload, "spin", "0.5", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(CsCountingResult) result = count (argv, groups);
  const CsCountingValue *tc = cs_counting_result_lookup (result, "task-clock");

  g_assert_true (WIFEXITED (result->wait_status));
  g_assert_cmpint (WEXITSTATUS (result->wait_status), ==, 0);
  g_assert_nonnull (tc);
  g_assert_cmpuint (tc->time_running, >, 0);
  /* The workload burns 0.5 s of CPU by its own clock; rusage confirms it. */
  g_assert_cmpfloat (rusage_cpu_ns (&result->usage), >=, 0.5e9);
  assert_within (tc->value, rusage_cpu_ns (&result->usage), 0.10);

  /* One group read: every member carries the same times. */
  for (guint i = 0; i < result->values->len; i++)
    {
      const CsCountingValue *v = &g_array_index (result->values, CsCountingValue, i);
      g_assert_cmpstr (v->group, ==, "g1");
      g_assert_cmpuint (v->time_enabled, ==, tc->time_enabled);
      g_assert_cmpuint (v->time_running, ==, tc->time_running);
    }
}

static void
test_page_faults_cover_touched_pages (void)
{
  const char *argv[] = { workload, "touch", "3000", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(CsCountingResult) result = count (argv, groups);
  const CsCountingValue *pf = cs_counting_result_lookup (result, "page-faults");

  g_assert_nonnull (pf);
  g_test_message ("page-faults %" G_GUINT64_FORMAT " minflt %ld", pf->value, result->usage.ru_minflt);
  /* Every fresh anonymous page written faults at least once. */
  g_assert_cmpuint (pf->value, >=, 3000);
  /* And the kernel's own fault accounting agrees within a few percent. */
  assert_within (pf->value, result->usage.ru_minflt + result->usage.ru_majflt, 0.10);
}

static void
test_two_threads_counted (void)
{
  const char *argv[] = { workload, "threads", "2", "0.3", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(CsCountingResult) result = count (argv, groups);
  const CsCountingValue *tc = cs_counting_result_lookup (result, "task-clock");

  /* Each thread burns 0.3 s of its own CPU time: 0.6 s together. */
  g_assert_cmpfloat (rusage_cpu_ns (&result->usage), >=, 0.6e9);
  g_assert_cmpfloat (tc->value, >=, 0.6e9 * 0.9);
  assert_within (tc->value, rusage_cpu_ns (&result->usage), 0.10);
}

static void
test_child_process_counted (void)
{
  const char *argv[] = { workload, "fork", "0.3", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(CsCountingResult) result = count (argv, groups);
  const CsCountingValue *tc = cs_counting_result_lookup (result, "task-clock");

  /* The parent only waits; the 0.3 s are the child's, inherited. */
  g_assert_cmpfloat (tc->value, >=, 0.3e9 * 0.9);
  assert_within (tc->value, rusage_cpu_ns (&result->usage), 0.10);
}

static void
test_groups_at_once (void)
{
  const char *argv[] = { workload, "spin", "0.2", NULL };
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_group_free);
  g_autoptr(CsCountingResult) result = NULL;
  CsCountingGroup *g1 = cs_counting_group_new ("g1");
  CsCountingGroup *g2 = cs_counting_group_new ("g2");
  const CsCountingValue *a, *b;

  cs_counting_group_add (g1, software_event ("task-clock", PERF_COUNT_SW_TASK_CLOCK));
  cs_counting_group_add (g2, software_event ("cpu-clock", PERF_COUNT_SW_CPU_CLOCK));
  cs_counting_group_add (g2, software_event ("page-faults", PERF_COUNT_SW_PAGE_FAULTS));
  g_ptr_array_add (groups, g1);
  g_ptr_array_add (groups, g2);
  result = count (argv, groups);

  g_assert_cmpuint (result->values->len, ==, 3);
  a = cs_counting_result_lookup (result, "task-clock");
  b = cs_counting_result_lookup (result, "cpu-clock");
  g_assert_cmpstr (a->group, ==, "g1");
  g_assert_cmpstr (b->group, ==, "g2");
  /* Both clocks measured the same run of the same program. */
  assert_within (a->value, rusage_cpu_ns (&result->usage), 0.10);
  assert_within (b->value, rusage_cpu_ns (&result->usage), 0.10);
}

static void
test_segfault_keeps_counts (void)
{
  const char *argv[] = { workload, "segv", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(CsCountingResult) result = count (argv, groups);
  const CsCountingValue *pf = cs_counting_result_lookup (result, "page-faults");

  g_assert_true (WIFSIGNALED (result->wait_status));
  g_assert_cmpint (WTERMSIG (result->wait_status), ==, SIGSEGV);
  /* The program ran (it faulted at least on its own pages): values are kept. */
  g_assert_nonnull (pf);
  g_assert_cmpuint (pf->value, >, 0);
  g_assert_cmpuint (pf->time_running, >, 0);
}

static void
test_exit_code (void)
{
  const char *argv[] = { workload, "exit", "7", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(CsCountingResult) result = count (argv, groups);

  g_assert_true (WIFEXITED (result->wait_status));
  g_assert_cmpint (WEXITSTATUS (result->wait_status), ==, 7);
  g_assert_cmpuint (result->values->len, ==, 4);
}

static void
test_missing_program (void)
{
  const char *argv[] = { "/nonexistent/cyclescope-target", NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsCountingResult) result = cs_counting_run (argv, NULL, NULL, groups, NULL, &error);

  g_assert_null (result);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  cs_test_assert_no_children ();
}

/* An event the kernel does not have is named, and the program never runs. */
static void
test_unsupported_event (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *marker = g_build_filename (dir, "ran", NULL);
  const char *argv[] = { workload, "marker", marker, NULL };
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_group_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsCountingResult) result = NULL;
  CsCountingGroup *g = cs_counting_group_new ("g1");
  struct perf_event_attr attr;

  cs_test_software_attr (&attr, 0xdead);   /* no such software counter */
  cs_counting_group_add (g, software_event ("task-clock", PERF_COUNT_SW_TASK_CLOCK));
  cs_counting_group_add (g, cs_counting_event_new ("bogus", "bogus", NULL, &attr));
  g_ptr_array_add (groups, g);

  result = cs_counting_run (argv, NULL, NULL, groups, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "bogus"));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  cs_test_rmdir (dir);
}

static void
test_cancel_keeps_partial (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *marker = g_build_filename (dir, "running", NULL);
  const char *argv[] = { workload, "sleep", "100", marker, NULL };
  g_autoptr(GPtrArray) groups = software_groups ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsCountingResult) result = NULL;
  GThread *thread = cs_test_call_when_file (marker, (GDestroyNotify) g_cancellable_cancel, cancellable);

  result = cs_counting_run (argv, NULL, NULL, groups, cancellable, &error);
  g_thread_join (thread);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_true (result->interrupted);
  g_assert_true (WIFSIGNALED (result->wait_status));
  g_assert_cmpint (WTERMSIG (result->wait_status), ==, SIGKILL);
  g_assert_cmpuint (result->values->len, ==, 4);
  g_assert_cmpuint (cs_counting_result_lookup (result, "task-clock")->time_enabled, >, 0);
  cs_test_rmdir (dir);
}

static CsCountingEvent *
encoded_event (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fstr = NULL;
  struct perf_event_attr attr;

  g_assert_true (cs_pfm_encode (name, &attr, &fstr, &error));
  g_assert_no_error (error);
  return cs_counting_event_new (name, name, fstr, &attr);
}

/* A program that sleeps N times is switched out at least N times. The
 * switch happens in the kernel, so the count needs kernel context, which
 * the event layer includes when the process may (root here). */
static void
test_context_switches_counted (void)
{
  const guint n = 200;
  g_autofree char *n_text = g_strdup_printf ("%u", n);
  const char *argv[] = { workload, "nap", n_text, "1000", NULL };
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_group_free);
  g_autoptr(CsCountingResult) result = NULL;
  CsCountingGroup *g = cs_counting_group_new ("g1");
  const CsCountingValue *cs, *migrations;

  cs_counting_group_add (g, encoded_event ("task-clock"));
  cs_counting_group_add (g, encoded_event ("context-switches"));
  cs_counting_group_add (g, encoded_event ("cpu-migrations"));
  g_ptr_array_add (groups, g);
  result = count (argv, groups);

  cs = cs_counting_result_lookup (result, "context-switches");
  migrations = cs_counting_result_lookup (result, "cpu-migrations");
  g_assert_nonnull (cs);
  g_assert_nonnull (migrations);
  g_test_message ("context-switches %" G_GUINT64_FORMAT ", cpu-migrations %" G_GUINT64_FORMAT
                  ", rusage voluntary %ld involuntary %ld", cs->value, migrations->value,
                  result->usage.ru_nvcsw, result->usage.ru_nivcsw);
  g_assert_true (WIFEXITED (result->wait_status));
  g_assert_cmpint (WEXITSTATUS (result->wait_status), ==, 0);
  g_assert_cmpuint (cs->time_running, >, 0);
  /* The kernel's own accounting confirms the program blocked n times. */
  g_assert_cmpint (result->usage.ru_nvcsw, >=, n);
  if (geteuid () != 0)
    {
      g_test_message ("not root: context switches may be counted for user space only");
      return;
    }
  g_assert_cmpuint (cs->value, >=, n);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, >=, 2);
  workload = argv[1];

  g_test_add_func ("/counting/task-clock", test_task_clock_matches_rusage);
  g_test_add_func ("/counting/page-faults", test_page_faults_cover_touched_pages);
  g_test_add_func ("/counting/two-threads", test_two_threads_counted);
  g_test_add_func ("/counting/child-process", test_child_process_counted);
  g_test_add_func ("/counting/groups-at-once", test_groups_at_once);
  g_test_add_func ("/counting/segfault", test_segfault_keeps_counts);
  g_test_add_func ("/counting/exit-code", test_exit_code);
  g_test_add_func ("/counting/missing-program", test_missing_program);
  g_test_add_func ("/counting/unsupported-event", test_unsupported_event);
  g_test_add_func ("/counting/cancel", test_cancel_keeps_partial);
  g_test_add_func ("/counting/context-switches", test_context_switches_counted);

  return g_test_run ();
}
