/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-rusage.c — the program's rusage in the session, and the
 * software model telling waiting from being preempted
 *
 * argv[1]: the cs-test-workload program, argv[2]: the cyclescope binary.
 * The cases are made so by construction, not by timing: a program pinned
 * with taskset to the CPU a busy program is pinned to can only run when the
 * scheduler preempts the other, and is itself preempted (involuntary
 * switches) but never blocks; a program that sleeps 100 times blocks 100
 * times (voluntary switches) and has its CPU to itself in between. The
 * verdict is read from `cyclescope report -f json`, as a user gets it.
 */
#include "config.h"

#include <signal.h>
#include <sys/wait.h>

#include "cs-test-json.h"
#include "cs-test-record.h"

static CsSession *
record (const char * const *argv,
        const char         *bundle)
{
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  CsSession *loaded;

  options->model_id = g_strdup ("software");
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  return loaded;
}

/* The band of the software model's "waiting-or-preempted" chart. */
static char *
verdict (const char *bundle)
{
  const char *argv[] = { cyclescope, "report", "-f", "json", bundle, NULL };
  CsTestOutput out = cs_test_output (argv, NULL);
  json_object *root;
  char *band;

  g_assert_true (g_spawn_check_wait_status (out.status, NULL));
  root = cs_test_json_parse (out.out);
  g_assert_nonnull (root);
  band = cs_test_json_chart_band (root, "waiting-or-preempted");
  json_object_put (root);
  g_free (out.out);
  g_free (out.err);
  return band;
}

static void
test_preempted (void)
{
  g_autofree char *taskset = g_find_program_in_path ("taskset");
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "contended.cyclescope", NULL);
  g_autofree char *band = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  const CsRusage *u;
  GPid busy;
  int status;

  if (taskset == NULL)
    {
      g_test_skip ("taskset (util-linux) is not installed");
      return;
    }
  {
    const char *busy_argv[] = { taskset, "-c", "0", workload, "spin", "600", NULL };
    g_spawn_async (NULL, (char **) busy_argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                   &busy, &error);
    g_assert_no_error (error);
  }
  {
    const char *argv[] = { taskset, "-c", "0", workload, "spin", "0.3", NULL };
    session = record (argv, bundle);
  }
  kill (busy, SIGKILL);
  waitpid (busy, &status, 0);
  g_spawn_close_pid (busy);

  u = &cs_session_get_run (session, 0)->rusage;
  g_assert_true (u->present);
  g_test_message ("contended: %" G_GUINT64_FORMAT " voluntary, %" G_GUINT64_FORMAT " involuntary",
                  u->voluntary_switches, u->involuntary_switches);
  g_assert_cmpuint (u->involuntary_switches, >, u->voluntary_switches);
  band = verdict (bundle);
  g_assert_cmpstr (band, ==, "high");
  cs_test_rmdir (dir);
}

static void
test_waiting (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "nap.cyclescope", NULL);
  const char *argv[] = { workload, "nap", "100", "2000", NULL };
  g_autoptr(CsSession) session = record (argv, bundle);
  const CsRusage *u = &cs_session_get_run (session, 0)->rusage;
  g_autofree char *band = NULL;

  g_assert_true (u->present);
  g_test_message ("napping: %" G_GUINT64_FORMAT " voluntary, %" G_GUINT64_FORMAT " involuntary",
                  u->voluntary_switches, u->involuntary_switches);
  g_assert_cmpuint (u->voluntary_switches, >=, 100);
  band = verdict (bundle);
  g_assert_cmpstr (band, ==, "low");
  cs_test_rmdir (dir);
}

/* Faults and the resident set: touching N fresh pages faults each in. */
static void
test_faults (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "touch.cyclescope", NULL);
  const char *argv[] = { workload, "touch", "4096", NULL };
  g_autoptr(CsSession) session = record (argv, bundle);
  const CsRusage *u = &cs_session_get_run (session, 0)->rusage;
  const CsRusage *s = &cs_session_get_sampling_run (session, 0)->rusage;

  g_assert_true (u->present);
  g_assert_true (s->present);
  g_assert_cmpuint (u->minor_faults, >=, 4096);
  /* 4096 pages of 4 KiB or more were resident at once. */
  g_assert_cmpuint (u->max_rss_kb, >=, 4096 * 4);
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  cs_test_record_init (argc, argv);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record-rusage/preempted", test_preempted);
  g_test_add_func ("/record-rusage/waiting", test_waiting);
  g_test_add_func ("/record-rusage/faults", test_faults);
  return g_test_run ();
}
