/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-launcher.c — fork / hold / exec of the target program, on real processes */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-launcher.h"
#include "cs-test-util.h"

/* Starts @argv (in @cwd, with @envp) through a launcher, waits for it to
 * end and returns its wait status; @usage (nullable) receives its rusage. */
static int
run_to_end (const char * const *argv,
            const char         *cwd,
            const char * const *envp,
            struct rusage      *usage)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsLauncher) launcher = cs_launcher_new (argv, cwd, envp, &error);
  int status = -1;

  g_assert_no_error (error);
  g_assert_true (cs_launcher_start (launcher, &error));
  g_assert_no_error (error);
  g_assert_true (cs_launcher_wait (launcher, &status, usage, NULL, &error));
  g_assert_no_error (error);
  return status;
}

static void
test_true_exits_zero (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsLauncher) launcher = NULL;
  g_autofree char *expected = g_find_program_in_path ("true");
  struct rusage usage;
  int status = -1;

  launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (launcher);
  g_assert_cmpint (cs_launcher_get_pid (launcher), >, 0);
  /* PATH search gives an absolute path, the one the shell would find. */
  g_assert_true (g_path_is_absolute (cs_launcher_get_path (launcher)));
  g_assert_cmpstr (cs_launcher_get_path (launcher), ==, expected);

  g_assert_true (cs_launcher_start (launcher, &error));
  g_assert_no_error (error);
  g_assert_true (cs_launcher_wait (launcher, &status, &usage, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
}

static void
test_exit_code (void)
{
  const char *argv[] = { "/bin/sh", "-c", "exit 3", NULL };
  int status = run_to_end (argv, NULL, NULL, NULL);

  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 3);
}

/* Arguments go to the program verbatim: no shell splits or expands them. */
static void
test_argv_not_shell (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autofree char *content = NULL;
  const char *argv[] = { "/bin/sh", "-c", "printf '%s|' \"$@\" > \"$0\"", out, "a b", "$HOME", "*", NULL };

  run_to_end (argv, NULL, NULL, NULL);
  g_assert_true (g_file_get_contents (out, &content, NULL, NULL));
  g_assert_cmpstr (content, ==, "a b|$HOME|*|");
  cs_test_rmdir (dir);
}

static void
test_missing_program (void)
{
  const char *argv[] = { "cyclescope-no-such-program-xyz", NULL };
  const char *argv2[] = { "/nonexistent/dir/prog", NULL };
  g_autoptr(GError) error = NULL;
  CsLauncher *launcher;

  launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_assert_null (launcher);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  g_assert_nonnull (strstr (error->message, "cyclescope-no-such-program-xyz"));
  cs_test_assert_no_children ();
  g_clear_error (&error);

  launcher = cs_launcher_new (argv2, NULL, NULL, &error);
  g_assert_null (launcher);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  g_assert_nonnull (strstr (error->message, "/nonexistent/dir/prog"));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
  cs_test_assert_no_children ();
}

static void
test_not_executable (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *file = g_build_filename (dir, "script", NULL);
  const char *argv[] = { file, NULL };
  const char *argv_dir[] = { dir, NULL };
  g_autoptr(GError) error = NULL;
  CsLauncher *launcher;

  g_assert_true (g_file_set_contents (file, "#!/bin/sh\nexit 0\n", -1, NULL));
  g_assert_cmpint (g_chmod (file, 0644), ==, 0);

  launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_assert_null (launcher);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  g_assert_nonnull (strstr (error->message, "not executable"));
  cs_test_assert_no_children ();
  g_clear_error (&error);

  launcher = cs_launcher_new (argv_dir, NULL, NULL, &error);
  g_assert_null (launcher);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  cs_test_assert_no_children ();
  cs_test_rmdir (dir);
}

/* execve itself fails (missing interpreter): the errno comes back over the
 * close-on-exec pipe instead of a silent exit 127. */
static void
test_exec_failure_reported (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *file = g_build_filename (dir, "script", NULL);
  const char *argv[] = { file, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsLauncher) launcher = NULL;

  g_assert_true (g_file_set_contents (file, "#!/nonexistent/interpreter\n", -1, NULL));
  g_assert_cmpint (g_chmod (file, 0755), ==, 0);

  launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (cs_launcher_start (launcher, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
  g_clear_pointer (&launcher, cs_launcher_free);
  cs_test_assert_no_children ();
  cs_test_rmdir (dir);
}

static char *
read_proc_link (pid_t       pid,
                const char *what)
{
  g_autofree char *p = g_strdup_printf ("/proc/%d/%s", (int) pid, what);
  return g_file_read_link (p, NULL);
}

/* Until cs_launcher_start() the child has not exec'd: it is still a copy of
 * this test program, so counters opened now see the whole target. */
static void
test_child_waits_for_start (void)
{
  const char *argv[] = { "/bin/sleep", "0", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsLauncher) launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *child_exe = NULL;
  int status = -1;

  g_assert_no_error (error);
  child_exe = read_proc_link (cs_launcher_get_pid (launcher), "exe");
  g_assert_cmpstr (child_exe, ==, self_exe);
  g_assert_false (cs_launcher_try_wait (launcher, &status, NULL));

  g_assert_true (cs_launcher_start (launcher, &error));
  g_assert_true (cs_launcher_wait (launcher, &status, NULL, NULL, &error));
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
}

/* The pidfd turns readable when the child exits, and only then: a child
 * still held before exec keeps it quiet. */
static void
test_pidfd (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsLauncher) launcher = cs_launcher_new (argv, NULL, NULL, &error);
  struct pollfd pfd = { -1, POLLIN, 0 };
  int status = -1;

  g_assert_no_error (error);
  pfd.fd = cs_launcher_open_pidfd (launcher);
  if (pfd.fd < 0)
    {
      g_assert_cmpint (errno, ==, ENOSYS);
      g_test_skip ("no pidfd_open(2) in this kernel");
      return;
    }
  g_assert_cmpint (poll (&pfd, 1, 0), ==, 0);
  g_assert_true (cs_launcher_start (launcher, &error));
  g_assert_no_error (error);
  g_assert_cmpint (poll (&pfd, 1, -1), ==, 1);
  g_assert_true (pfd.revents & POLLIN);
  g_assert_true (cs_launcher_try_wait (launcher, &status, NULL));
  g_assert_true (WIFEXITED (status));
  close (pfd.fd);
}

static void
test_cwd_and_env (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autofree char *content = NULL;
  g_autofree char *expected = NULL;
  const char *argv[] = { "/bin/sh", "-c", "printf '%s %s' \"$(pwd -P)\" \"$CS_LAUNCHER_TEST\" > out", NULL };
  const char *envp[] = { "CS_LAUNCHER_TEST=hello", "PATH=/usr/bin:/bin", NULL };
  g_autofree char *real = realpath (dir, NULL);
  int status = run_to_end (argv, dir, envp, NULL);

  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_assert_true (g_file_get_contents (out, &content, NULL, NULL));
  expected = g_strdup_printf ("%s hello", real);
  g_assert_cmpstr (content, ==, expected);
  cs_test_rmdir (dir);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* Cancels from another thread, as the UI does, whether the wait has begun
 * yet or not: either way the child must be killed. */
static gpointer
cancel_thread (gpointer data)
{
  cancel_later (data);
  return NULL;
}

static void
test_cancel_kills (void)
{
  const char *argv[] = { "sleep", "100", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsLauncher) launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GThread *thread;
  int status = -1;

  g_assert_no_error (error);
  g_assert_true (cs_launcher_start (launcher, &error));
  thread = g_thread_new ("cancel", cancel_thread, cancellable);
  g_assert_false (cs_launcher_wait (launcher, &status, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_thread_join (thread);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
}

static void
test_free_unstarted (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(GError) error = NULL;
  CsLauncher *launcher = cs_launcher_new (argv, NULL, NULL, &error);

  g_assert_no_error (error);
  cs_launcher_free (launcher);
  cs_test_assert_no_children ();
}

/* The wait reports the child's CPU time: a busy loop has non-zero user time. */
static void
test_rusage (void)
{
  const char *argv[] = { "/bin/sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done", NULL };
  struct rusage usage;

  run_to_end (argv, NULL, NULL, &usage);
  g_assert_cmpint (usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/launcher/true", test_true_exits_zero);
  g_test_add_func ("/launcher/exit-code", test_exit_code);
  g_test_add_func ("/launcher/argv-not-shell", test_argv_not_shell);
  g_test_add_func ("/launcher/missing-program", test_missing_program);
  g_test_add_func ("/launcher/not-executable", test_not_executable);
  g_test_add_func ("/launcher/exec-failure", test_exec_failure_reported);
  g_test_add_func ("/launcher/waits-for-start", test_child_waits_for_start);
  g_test_add_func ("/launcher/pidfd", test_pidfd);
  g_test_add_func ("/launcher/cwd-env", test_cwd_and_env);
  g_test_add_func ("/launcher/cancel", test_cancel_kills);
  g_test_add_func ("/launcher/free-unstarted", test_free_unstarted);
  g_test_add_func ("/launcher/rusage", test_rusage);

  return g_test_run ();
}
