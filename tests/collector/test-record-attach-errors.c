/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-attach-errors.c — what `cyclescope record -p` refuses, and why
 *
 * argv[1]: the cs-test-attach workload (unused here), argv[2]: the
 * cyclescope binary. Usage errors exit 2, refusals 1, before anything is
 * written: a pid no process has, a process that has exited (a zombie), a
 * process of another user (the message names perf_event_paranoid,
 * ptrace_scope and what to change). As root here, the tests become user
 * nobody in a forked child to be refused, and check that nobody may record
 * nobody's process while perf_event_paranoid is at most 2.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/stat.h>

#include "cs-test-attach.h"

#define NOBODY 65534

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
  return g_test_run ();
}
