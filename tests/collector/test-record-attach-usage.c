/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-attach-usage.c — an attached recording's rusage, from /proc
 * over the attached window, and the software model's verdict on it
 *
 * argv[1]: the cs-test-usage workload, argv[2]: the cyclescope binary.
 * The independent source is the test's own reading of
 * /proc/PID/task/TID/status: taken before `record -p` starts and after it
 * ended, it brackets the window from outside; taken once the perf.data
 * shows the events are on and before the recording is stopped, from
 * inside. Our stored switches must lie between the two differences. The
 * cases are so by construction, not by timing: a workload blocked in
 * read(2), sent a byte only while it sleeps, switches voluntarily; a spinning
 * workload pinned to the CPU another spinner is pinned to never blocks
 * and is preempted. The test asks the workload for its counts until the
 * expected kind has grown, then stops the recording with SIGINT.
 */
#define _GNU_SOURCE
#include "config.h"

#include <sched.h>
#include <stdlib.h>

#include "cs-session.h"
#include "cs-test-attach.h"
#include "cs-test-json.h"

/* How many switches of the expected kind the window must hold. */
#define ENOUGH 30

typedef struct
{
  guint64 voluntary;
  guint64 involuntary;
} Switches;

/* The test's own reading: the sum over @pid's threads. */
static Switches
proc_switches (pid_t pid)
{
  g_autofree char *dir_path = g_strdup_printf ("/proc/%d/task", (int) pid);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  Switches s = { 0, 0 };
  const char *tid;

  g_assert_nonnull (dir);
  while ((tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s/status", dir_path, tid);
      g_autofree char *status = NULL;
      const char *v, *n;

      g_assert_true (g_file_get_contents (path, &status, NULL, NULL));
      v = strstr (status, "\nvoluntary_ctxt_switches:");
      n = strstr (status, "\nnonvoluntary_ctxt_switches:");
      g_assert_nonnull (v);
      g_assert_nonnull (n);
      s.voluntary += g_ascii_strtoull (strchr (v, ':') + 1, NULL, 10);
      s.involuntary += g_ascii_strtoull (strchr (n, ':') + 1, NULL, 10);
    }
  return s;
}

/* Waits until @pid sleeps (state S in /proc/PID/stat): in wait mode, in
 * read(2) on its stdin. */
static void
wait_sleeping (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);

  for (;;)
    {
      g_autofree char *stat = NULL;
      const char *paren;

      g_assert_true (g_file_get_contents (path, &stat, NULL, NULL));
      paren = strrchr (stat, ')');
      g_assert_nonnull (paren);
      if (paren[2] == 'S')
        return;
      g_usleep (1000);
    }
}

/* Asks the workload for its counts ("V I"). */
static Switches
ask (Workload *w)
{
  Switches s;
  char line[64];

  g_assert_cmpint (write (w->in, "?", 1), ==, 1);
  g_assert_nonnull (fgets (line, sizeof line, w->out));
  g_assert_cmpint (sscanf (line, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                           &s.voluntary, &s.involuntary), ==, 2);
  return s;
}

static char *
verdict (const char *bundle)
{
  const char *argv[] = { cyclescope, "report", "-f", "json", bundle, NULL };
  g_auto(CsTestOutput) out = cs_test_output (argv, NULL);
  json_object *root;
  char *band;

  g_assert_cmpint (cs_test_output_exit_code (&out), ==, 0);
  root = cs_test_json_parse (out.out);
  band = cs_test_json_chart_band (root, "waiting-or-preempted");
  json_object_put (root);
  return band;
}

/* Records @w with the software model until it has had ENOUGH more
 * switches of the kind @involuntary says than once attached (as it reports
 * them through its pipe when spinning, as /proc shows them while it waits:
 * asking would disturb the waits); checks the
 * stored switches against the brackets and returns the session. */
static CsSession *
record_window (Workload   *w,
               gboolean    involuntary,
               const char *bundle,
               const char *err_path)
{
  g_autofree char *pid = g_strdup_printf ("%d", (int) w->pid);
  g_autofree char *data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autoptr(GError) error = NULL;
  const char *args[] = { "-p", pid, "-m", "software", "-o", bundle, NULL };
  Switches outer0, inner0, inner1, outer1;
  CsSession *session;
  const CsRusage *u, *s;
  pid_t recorder;

  outer0 = proc_switches (w->pid);
  recorder = record_start (args, err_path);
  wait_for_attach (data, "cs-test-usage", recorder);
  inner0 = proc_switches (w->pid);
  if (involuntary)
    {
      Switches asked0 = ask (w), asked;

      do
        asked = ask (w);
      while (asked.involuntary - asked0.involuntary < ENOUGH);
    }
  else
    {
      /* A byte only while it sleeps (cs-test-usage.c says why). */
      do
        {
          wait_sleeping (w->pid);
          g_assert_cmpint (write (w->in, ".", 1), ==, 1);
        }
      while (proc_switches (w->pid).voluntary - inner0.voluntary < ENOUGH);
    }
  inner1 = proc_switches (w->pid);
  kill (recorder, SIGINT);
  {
    int code = record_wait (recorder);
    g_autofree char *err = NULL;

    g_file_get_contents (err_path, &err, NULL, NULL);
    g_test_message ("record: %s", err);
    g_assert_cmpint (code, ==, 0);
  }
  outer1 = proc_switches (w->pid);

  session = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  u = &cs_session_get_run (session, 0)->rusage;
  s = &cs_session_get_sampling_run (session, 0)->rusage;
  g_assert_true (u->present);
  g_assert_true (s->present);
  g_test_message ("voluntary: inside %" G_GUINT64_FORMAT ", ours %" G_GUINT64_FORMAT
                  ", outside %" G_GUINT64_FORMAT "; involuntary: inside %" G_GUINT64_FORMAT
                  ", ours %" G_GUINT64_FORMAT ", outside %" G_GUINT64_FORMAT,
                  inner1.voluntary - inner0.voluntary, u->voluntary_switches,
                  outer1.voluntary - outer0.voluntary, inner1.involuntary - inner0.involuntary,
                  u->involuntary_switches, outer1.involuntary - outer0.involuntary);
  g_assert_cmpuint (u->voluntary_switches, >=, inner1.voluntary - inner0.voluntary);
  g_assert_cmpuint (u->voluntary_switches, <=, outer1.voluntary - outer0.voluntary);
  g_assert_cmpuint (u->involuntary_switches, >=, inner1.involuntary - inner0.involuntary);
  g_assert_cmpuint (u->involuntary_switches, <=, outer1.involuntary - outer0.involuntary);
  /* One run counts and samples: both carry the same window. */
  g_assert_cmpuint (s->voluntary_switches, ==, u->voluntary_switches);
  g_assert_cmpuint (s->involuntary_switches, ==, u->involuntary_switches);
  /* A high-water mark since the process started: at least some pages. */
  g_assert_cmpuint (u->max_rss_kb, >, 0);
  return session;
}

static gboolean
has_note (CsSession  *session,
          const char *start)
{
  const char * const *notes = cs_session_get_notes (session);

  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    if (g_str_has_prefix (notes[i], start))
      return TRUE;
  return FALSE;
}

static void
test_waiting (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "wait.cyclescope", NULL);
  g_autofree char *err_path = g_build_filename (dir, "stderr", NULL);
  g_autofree char *band = NULL;
  g_autoptr(CsSession) session = NULL;
  Workload w;

  workload_start (&w, "wait");
  session = record_window (&w, FALSE, bundle, err_path);
  workload_stop (&w);
  g_assert_cmpuint (cs_session_get_run (session, 0)->rusage.voluntary_switches, >=, ENOUGH);
  g_assert_true (has_note (session, "Context switches, page faults and maximum RSS are from /proc"));
  band = verdict (bundle);
  g_assert_cmpstr (band, ==, "low");
  cs_test_rmdir (dir);
}

static void
test_preempted (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "contended.cyclescope", NULL);
  g_autofree char *err_path = g_build_filename (dir, "stderr", NULL);
  g_autofree char *band = NULL;
  g_autoptr(CsSession) session = NULL;
  const CsRusage *u;
  cpu_set_t ours, one;
  pid_t busy;
  int cpu = 0;
  Workload w;

  /* One CPU we may run on, for both spinners. */
  g_assert_no_errno (sched_getaffinity (0, sizeof ours, &ours));
  while (!CPU_ISSET (cpu, &ours))
    cpu++;
  CPU_ZERO (&one);
  CPU_SET (cpu, &one);
  busy = fork ();
  g_assert_cmpint (busy, >=, 0);
  if (busy == 0)
    {
      volatile unsigned long sink = 0;

      if (sched_setaffinity (0, sizeof one, &one) != 0)
        _exit (1);
      for (;;)
        sink++;
    }
  workload_start (&w, "spin");
  g_assert_no_errno (sched_setaffinity (w.pid, sizeof one, &one));
  session = record_window (&w, TRUE, bundle, err_path);
  workload_stop (&w);
  kill (busy, SIGKILL);
  waitpid (busy, NULL, 0);

  u = &cs_session_get_run (session, 0)->rusage;
  g_assert_cmpuint (u->involuntary_switches, >=, ENOUGH);
  g_assert_cmpuint (u->involuntary_switches, >, u->voluntary_switches);
  band = verdict (bundle);
  g_assert_cmpstr (band, ==, "high");
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  workload = argv[1];
  cyclescope = argv[2];
  g_test_add_func ("/record-attach-usage/waiting", test_waiting);
  g_test_add_func ("/record-attach-usage/preempted", test_preempted);
  return g_test_run ();
}
