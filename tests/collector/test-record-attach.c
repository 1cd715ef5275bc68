/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-attach.c — `cyclescope record -p PID` of running processes
 *
 * argv[1]: the cs-test-attach workload, argv[2]: the cyclescope binary.
 * perf is the oracle: `perf report` reads our perf.data and must name the
 * workload's spinning functions (symbols from the MMAP2 records we
 * synthesized for mappings that existed before the attach, and from the
 * kernel's records for the child forked after it). No timing is asserted:
 * the workload forks its child or starts its second thread only once our
 * perf.data shows the events are on (the records written at attach), and
 * each spinner says when it has used 50 ms of CPU time, after which the
 * recording is stopped with SIGINT, as Ctrl-C would.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <grp.h>
#include <unistd.h>

#include "cs-session.h"
#include "cs-test-util.h"

#define NOBODY 65534

static const char *workload;
static const char *cyclescope;

typedef struct
{
  pid_t  pid;
  int    in;      /* the workload's stdin */
  FILE  *out;     /* its stdout */
} Workload;

/* Starts the workload in @mode and waits for its "ready". */
static void
workload_start (Workload   *w,
                const char *mode)
{
  int in[2], out[2];
  char line[64];

  g_assert_no_errno (pipe2 (in, O_CLOEXEC));
  g_assert_no_errno (pipe2 (out, O_CLOEXEC));
  w->pid = fork ();
  g_assert_cmpint (w->pid, >=, 0);
  if (w->pid == 0)
    {
      dup2 (in[0], STDIN_FILENO);
      dup2 (out[1], STDOUT_FILENO);
      execl (workload, workload, mode, (char *) NULL);
      _exit (127);
    }
  close (in[0]);
  close (out[1]);
  w->in = in[1];
  w->out = fdopen (out[0], "r");
  g_assert_nonnull (fgets (line, sizeof line, w->out));
  g_assert_cmpstr (line, ==, "ready\n");
}

/* Waits until the workload has said "@a spun" and "@b spun". */
static void
workload_wait_spun (Workload   *w,
                    const char *a,
                    const char *b)
{
  g_autofree char *la = g_strdup_printf ("%s spun\n", a);
  g_autofree char *lb = g_strdup_printf ("%s spun\n", b);
  gboolean seen_a = FALSE, seen_b = FALSE;
  char line[64];

  while (!(seen_a && seen_b))
    {
      g_assert_nonnull (fgets (line, sizeof line, w->out));
      seen_a |= strcmp (line, la) == 0;
      seen_b |= strcmp (line, lb) == 0;
    }
}

static gboolean
alive (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  const char *paren;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || (paren = strrchr (stat, ')')) == NULL)
    return FALSE;
  return paren[2] != 'Z' && paren[2] != 'X';
}

/* Asserts the workload outlived the recording, then kills it and the
 * children it forked. */
static void
workload_stop (Workload *w)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/children", (int) w->pid, (int) w->pid);
  g_autofree char *children = NULL;

  g_assert_true (alive (w->pid));
  if (g_file_get_contents (path, &children, NULL, NULL))
    {
      g_auto(GStrv) pids = g_strsplit (g_strstrip (children), " ", -1);

      for (guint i = 0; pids[i] != NULL; i++)
        if (*pids[i] != '\0')
          {
            pid_t child = (pid_t) g_ascii_strtoll (pids[i], NULL, 10);

            g_assert_true (alive (child));
            kill (child, SIGKILL);
          }
    }
  kill (w->pid, SIGKILL);
  waitpid (w->pid, NULL, 0);
  close (w->in);
  fclose (w->out);
}

/* Starts `cyclescope record ARGS…` with stderr into @err_path. */
static pid_t
record_start (const char * const *args,
              const char         *err_path)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  pid_t pid;

  g_ptr_array_add (argv, (char *) cyclescope);
  g_ptr_array_add (argv, (char *) "record");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

      dup2 (fd, STDERR_FILENO);
      execv (cyclescope, (char **) argv->pdata);
      _exit (127);
    }
  return pid;
}

static int
record_wait (pid_t pid)
{
  int status = 0;

  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* Waits until @file holds @needle: our records of what existed at attach
 * time are flushed once the events are enabled (cs-attach-run.c). */
static void
wait_for_attach (const char *file,
                 const char *needle,
                 pid_t       recorder)
{
  for (;;)
    {
      g_autofree char *contents = NULL;
      gsize len = 0;

      if (g_file_get_contents (file, &contents, &len, NULL) &&
          memmem (contents, len, needle, strlen (needle)) != NULL)
        return;
      g_assert_cmpint (waitpid (recorder, NULL, WNOHANG), ==, 0);  /* still recording */
      g_usleep (10000);
    }
}

/* The samples of each symbol as `perf report -n --sort KEYS` counts them,
 * and the symbol of the first row (perf sorts by overhead). */
static GHashTable *
perf_samples (const char  *perf,
              const char  *data,
              const char  *keys,
              char       **top)
{
  const char *argv[] = { perf, "report", "-i", data, "--stdio", "-n", "--sort", keys, NULL };
  g_autofree char *err = NULL;
  int status = 0;
  g_autofree char *out = cs_test_run (argv, &err, &status);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GHashTable *samples = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (g_spawn_check_wait_status (status, NULL));
  *top = NULL;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) f = g_ptr_array_new ();
      g_auto(GStrv) parts = NULL;
      const char *sym;
      guint count;

      if (lines[i][0] == '#' || strchr (lines[i], '%') == NULL)
        continue;
      /* "    49.93%   210578  cs-test-attach  [.] attach_parent_spin" */
      parts = g_strsplit (lines[i], " ", -1);
      for (guint k = 0; parts[k] != NULL; k++)
        if (*parts[k] != '\0')
          g_ptr_array_add (f, parts[k]);
      g_assert_cmpuint (f->len, >=, 3);
      sym = g_ptr_array_index (f, f->len - 1);
      count = (guint) g_ascii_strtoull (g_ptr_array_index (f, 1), NULL, 10);
      g_hash_table_insert (samples, g_strdup (sym),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (samples, sym)) + count));
      if (*top == NULL)
        *top = g_strdup (sym);
    }
  g_test_message ("perf report --sort %s:\n%s", keys, out);
  return samples;
}

/* The first symbol row of `cyclescope report -s sym`. */
static char *
our_top_symbol (const char *bundle)
{
  const char *argv[] = { cyclescope, "report", "-s", "sym", "-n", "5", bundle, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  g_auto(GStrv) lines = g_strsplit (r.out, "\n", -1);
  gboolean table = FALSE;

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "#  Overhead"))
        table = TRUE;
      else if (table && lines[i][0] != '#' && strstr (lines[i], "] ") != NULL)
        return g_strdup (g_strstrip (strstr (lines[i], "] ") + 2));
    }
  g_assert_not_reached ();
}

/* Attach, make the workload start its second spinner, wait until both
 * spun, stop with SIGINT; then perf must find samples in both functions
 * and our report the same top symbol as perf. */
static void
record_two_spinners (const char *mode,
                     const char *first_name,
                     const char *first_func,
                     const char *second_name,
                     const char *second_func)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *dir = NULL, *bundle = NULL, *data = NULL, *err_path = NULL, *pid = NULL;
  g_autofree char *perf_top = NULL, *ours = NULL;
  g_autoptr(GHashTable) samples = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  Workload w;
  pid_t recorder;

  if (perf == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  dir = cs_test_mkdtemp ();
  bundle = g_build_filename (dir, "rec.cyclescope", NULL);
  data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  err_path = g_build_filename (dir, "stderr", NULL);
  workload_start (&w, mode);
  pid = g_strdup_printf ("%d", (int) w.pid);
  {
    const char *args[] = { "-p", pid, "-F", "1000", "-o", bundle, NULL };
    recorder = record_start (args, err_path);
  }
  wait_for_attach (data, "cs-test-attach", recorder);
  g_assert_cmpint (write (w.in, "go\n", 3), ==, 3);
  workload_wait_spun (&w, first_name, second_name);
  kill (recorder, SIGINT);
  {
    int code = record_wait (recorder);
    g_autofree char *err = NULL;

    g_file_get_contents (err_path, &err, NULL, NULL);
    g_test_message ("record: %s", err);
    g_assert_cmpint (code, ==, 0);
  }
  workload_stop (&w);

  session = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_get_complete (session));
  g_assert_cmpuint (cs_session_get_n_sampling_runs (session), ==, 1);
  g_assert_cmpuint (cs_session_get_n_runs (session), ==, 1);

  samples = perf_samples (perf, data, "comm,sym", &perf_top);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (samples, first_func)), >, 0);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (samples, second_func)), >, 0);
  g_clear_pointer (&samples, g_hash_table_unref);
  g_clear_pointer (&perf_top, g_free);

  /* Ties aside, both readers put the same symbol first. */
  samples = perf_samples (perf, data, "sym", &perf_top);
  ours = our_top_symbol (bundle);
  g_test_message ("top symbol: perf %s, ours %s", perf_top, ours);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (samples, ours)), ==,
                    GPOINTER_TO_UINT (g_hash_table_lookup (samples, perf_top)));
  cs_test_rmdir (dir);
}

static void
test_samples (void)
{
  record_two_spinners ("fork", "parent", "attach_parent_spin", "child", "attach_child_spin");
}

static void
test_threads (void)
{
  record_two_spinners ("threads", "before", "attach_thread_before", "after", "attach_thread_after");
}

/* --duration ends the recording by itself; the session and --dry-run say
 * what was attached, perf reads the file, the program runs on. */
static void
test_duration (void)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "rec.cyclescope", NULL);
  g_autofree char *data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autofree char *err_path = g_build_filename (dir, "stderr", NULL);
  g_autofree char *pid = NULL, *attached = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *notes;
  gboolean noted = FALSE;
  Workload w;

  workload_start (&w, "fork");
  pid = g_strdup_printf ("%d", (int) w.pid);
  attached = g_strdup_printf ("Attached to pid %s (%s fork) for 0.5 s", pid, workload);
  {
    const char *argv[] = { cyclescope, "record", "--dry-run", "-p", pid, "--duration", "0.5",
                           "-o", bundle, NULL };
    g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

    g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
    g_assert_nonnull (strstr (r.out, attached));
    g_assert_nonnull (strstr (r.out, "Runs: 1\n"));
  }
  {
    const char *args[] = { "-p", pid, "--duration", "0.5", "-o", bundle, NULL };
    g_assert_cmpint (record_wait (record_start (args, err_path)), ==, 0);
  }
  workload_stop (&w);

  session = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_get_complete (session));
  g_assert_cmpstr (cs_session_get_argv (session)[0], ==, workload);
  g_assert_cmpstr (cs_session_get_argv (session)[1], ==, "fork");
  notes = cs_session_get_notes (session);
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    noted |= strcmp (notes[i], attached) == 0;
  g_assert_true (noted);
  /* Only the parent can wait for a process: no rusage is made up. */
  g_assert_false (cs_session_get_sampling_run (session, 0)->rusage.present);
  g_assert_false (cs_session_get_run (session, 0)->rusage.present);
  if (perf != NULL)
    {
      const char *argv[] = { perf, "report", "-i", data, "--stdio", NULL };
      g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

      g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
    }
  cs_test_rmdir (dir);
}

/* `cyclescope record ARGS…` that must fail with @code and say @message. */
static void
assert_record_fails (const char * const *args,
                     int                 code,
                     const char         *message)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(CsTestOutput) r = { NULL, };

  g_ptr_array_add (argv, (char *) cyclescope);
  g_ptr_array_add (argv, (char *) "record");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  r = cs_test_output ((const char * const *) argv->pdata, NULL);
  g_test_message ("%s", r.err);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, code);
  g_assert_nonnull (strstr (r.err, message));
}

/* A pid no process has: the highest free one below pid_max. */
static pid_t
free_pid (void)
{
  g_autofree char *max = NULL;
  pid_t pid;

  g_assert_true (g_file_get_contents ("/proc/sys/kernel/pid_max", &max, NULL, NULL));
  for (pid = (pid_t) g_ascii_strtoll (max, NULL, 10) - 1; pid > 1; pid--)
    if (kill (pid, 0) != 0 && errno == ESRCH)
      return pid;
  g_assert_not_reached ();
}

/* Forks a process that becomes user nobody (no capabilities kept) and
 * execs @argv with stdout and stderr into @out_path. */
static pid_t
spawn_as_nobody (const char * const *argv,
                 const char         *out_path)
{
  pid_t pid = fork ();

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int fd = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);

      dup2 (fd, STDOUT_FILENO);
      dup2 (fd, STDERR_FILENO);
      if (prctl (PR_SET_KEEPCAPS, 0) != 0 || setgroups (0, NULL) != 0 ||
          setresgid (NOBODY, NOBODY, NOBODY) != 0 || setresuid (NOBODY, NOBODY, NOBODY) != 0)
        _exit (126);
      execv (argv[0], (char **) argv);
      _exit (127);
    }
  return pid;
}

static int
paranoid (void)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents ("/proc/sys/kernel/perf_event_paranoid", &text, NULL, NULL));
  return (int) g_ascii_strtoll (text, NULL, 10);
}

static void
test_errors (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "rec.cyclescope", NULL);
  g_autofree char *none = g_strdup_printf ("%d", (int) free_pid ());
  g_autofree char *no_such = g_strdup_printf ("No process with pid %s", none);

  /* Usage errors (2) and refusals (1), before anything is written. */
  {
    const char *args[] = { "-p", "1", "--", "/bin/true", NULL };
    assert_record_fails (args, 2, "-p attaches to running processes: give no program with it");
  }
  {
    const char *args[] = { "--duration", "1", "--", "/bin/true", NULL };
    assert_record_fails (args, 2, "--duration needs -p PID");
  }
  {
    const char *args[] = { "-p", "12x", NULL };
    assert_record_fails (args, 2, "-p takes process ids separated by commas");
  }
  {
    const char *args[] = { "-p", "1", "--regions", "-o", bundle, NULL };
    assert_record_fails (args, 1, "--regions cannot be used with -p");
  }
  {
    const char *args[] = { "-p", none, "-o", bundle, NULL };
    assert_record_fails (args, 1, no_such);
  }
  /* A child that has exited but is not reaped yet: a zombie. */
  {
    siginfo_t info;
    pid_t child = fork ();
    g_autofree char *pid = NULL, *message = NULL;

    g_assert_cmpint (child, >=, 0);
    if (child == 0)
      _exit (0);
    g_assert_no_errno (waitid (P_PID, child, &info, WEXITED | WNOWAIT));
    pid = g_strdup_printf ("%d", (int) child);
    message = g_strdup_printf ("Process %s (", pid);
    {
      const char *args[] = { "-p", pid, "-o", bundle, NULL };
      assert_record_fails (args, 1, "has exited: there is nothing left to record");
      assert_record_fails (args, 1, message);
    }
    waitpid (child, NULL, 0);
  }
  g_assert_false (g_file_test (bundle, G_FILE_TEST_EXISTS));
  cs_test_rmdir (dir);
}

/* As user nobody: a root process may not be recorded (the message names
 * the sysctls and what to change); nobody's own process may, as long as
 * perf_event_paranoid is at most 2. */
static void
test_permission (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "rec.cyclescope", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out", NULL);
  g_autofree char *target_out = g_build_filename (dir, "target", NULL);
  g_autofree char *pid = NULL, *out = NULL, *expected = NULL;
  const char *sleep_argv[] = { "/bin/sleep", "1000", NULL };
  pid_t target, recorder;
  int status = 0;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to become another user");
      return;
    }
  g_assert_no_errno (chmod (dir, 0777));

  /* Root's process, recorded by nobody. */
  target = fork ();
  g_assert_cmpint (target, >=, 0);
  if (target == 0)
    {
      execv (sleep_argv[0], (char **) sleep_argv);
      _exit (127);
    }
  pid = g_strdup_printf ("%d", (int) target);
  {
    const char *argv[] = { cyclescope, "record", "-p", pid, "-o", bundle, NULL };
    recorder = spawn_as_nobody (argv, out_path);
  }
  g_assert_cmpint (waitpid (recorder, &status, 0), ==, recorder);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, NULL));
  g_test_message ("%s", out);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  expected = g_strdup_printf ("Not allowed to record process %s (sleep, user root) as user nobody: "
                              "kernel.perf_event_paranoid is %d and kernel.yama.ptrace_scope is ",
                              pid, paranoid ());
  g_assert_nonnull (strstr (out, expected));
  g_assert_nonnull (strstr (out, "Record as the process’s user with perf_event_paranoid at most 2"));
  g_assert_nonnull (strstr (out, "or as root or with CAP_PERFMON"));
  g_assert_true (alive (target));
  kill (target, SIGKILL);
  waitpid (target, NULL, 0);
  g_clear_pointer (&out, g_free);

  /* Nobody's process, recorded by nobody. */
  if (paranoid () > 2)
    {
      g_test_message ("perf_event_paranoid > 2: no user may record, skipped the allowed case");
      cs_test_rmdir (dir);
      return;
    }
  target = spawn_as_nobody (sleep_argv, target_out);
  /* Attaching before the exec would find root's credentials. */
  for (;;)
    {
      g_autofree char *comm_path = g_strdup_printf ("/proc/%d/comm", (int) target);
      g_autofree char *comm = NULL;

      if (g_file_get_contents (comm_path, &comm, NULL, NULL) && strcmp (comm, "sleep\n") == 0)
        break;
      g_usleep (1000);
    }
  g_free (pid);
  pid = g_strdup_printf ("%d", (int) target);
  {
    const char *argv[] = { cyclescope, "record", "-p", pid, "--duration", "0.2", "-o", bundle, NULL };
    recorder = spawn_as_nobody (argv, out_path);
  }
  g_assert_cmpint (waitpid (recorder, &status, 0), ==, recorder);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, NULL));
  g_test_message ("%s", out);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_true (alive (target));
  kill (target, SIGKILL);
  waitpid (target, NULL, 0);
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
  g_test_add_func ("/record-attach/errors", test_errors);
  g_test_add_func ("/record-attach/permission", test_permission);
  g_test_add_func ("/record-attach/duration", test_duration);
  g_test_add_func ("/record-attach/samples", test_samples);
  g_test_add_func ("/record-attach/threads", test_threads);
  return g_test_run ();
}
