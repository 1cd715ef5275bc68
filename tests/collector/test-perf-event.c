/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-event.c — perf_event_open errors a user can act on, on the real kernel
 *
 * The permission case drops to an unprivileged user in a child process and
 * asks for kernel-mode counting, which perf_event_paranoid ≥ 2 forbids.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-event.h"
#include "cs-perf-hooks.h"
#include "cs-test-util.h"

static void
test_open_ok (void)
{
  struct perf_event_attr attr;
  g_autoptr(GError) error = NULL;
  int fd;

  cs_test_software_attr (&attr, PERF_COUNT_SW_TASK_CLOCK);
  fd = cs_perf_event_open (&attr, 0, -1, -1, "task-clock", &error);
  g_assert_no_error (error);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
}

static void
test_paranoid_value (void)
{
  g_assert_cmpint (cs_perf_event_paranoid (), ==, cs_test_read_paranoid ());
}

static void
test_unsupported_named (void)
{
  struct perf_event_attr attr;
  g_autoptr(GError) error = NULL;

  cs_test_software_attr (&attr, PERF_COUNT_SW_TASK_CLOCK);
  attr.config = 0x7777;   /* no such software event */
  g_assert_cmpint (cs_perf_event_open (&attr, 0, -1, -1, "made-up-event", &error), ==, -1);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "made-up-event"));
}

static void
test_gone_process (void)
{
  struct perf_event_attr attr;
  g_autoptr(GError) error = NULL;
  pid_t pid = fork ();
  int status;

  if (pid == 0)
    _exit (0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  cs_test_software_attr (&attr, PERF_COUNT_SW_TASK_CLOCK);
  g_assert_cmpint (cs_perf_event_open (&attr, pid, -1, -1, "task-clock", &error), ==, -1);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
}

/* perf_event_paranoid ≥ 2 refuses kernel-mode counting to an unprivileged
 * user: the message says the value and the sysctl that fixes it. */
static void
test_permission_message (void)
{
  int paranoid = cs_perf_event_paranoid ();
  int pipefd[2];
  pid_t pid;
  char buf[1024] = { 0, };
  ssize_t n;
  int status;
  g_autofree char *expected_value = NULL;

  if (paranoid < 2)
    {
      g_test_skip ("perf_event_paranoid < 2 lets everyone count the kernel");
      return;
    }
  if (getuid () != 0)
    {
      g_test_skip ("needs root to drop to an unprivileged user");
      return;
    }

  g_assert_cmpint (pipe (pipefd), ==, 0);
  pid = fork ();
  if (pid == 0)
    {
      struct perf_event_attr attr;
      GError *error = NULL;
      int code = 0;

      close (pipefd[0]);
      if (!cs_test_drop_to_nobody ())
        _exit (3);
      cs_test_software_attr (&attr, PERF_COUNT_SW_TASK_CLOCK);
      attr.exclude_kernel = 0;
      if (cs_perf_event_open (&attr, 0, -1, -1, "task-clock", &error) >= 0)
        _exit (4);
      if (!g_error_matches (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION))
        code = 5;
      if (write (pipefd[1], error->message, strlen (error->message)) < 0)
        code = 6;
      _exit (code);
    }
  close (pipefd[1]);
  n = read (pipefd[0], buf, sizeof buf - 1);
  close (pipefd[0]);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_test_message ("child said: %s", buf);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_cmpint (n, >, 0);
  expected_value = g_strdup_printf ("perf_event_paranoid is %d", paranoid);
  g_assert_nonnull (strstr (buf, expected_value));
  g_assert_nonnull (strstr (buf, "sysctl kernel.perf_event_paranoid=1"));
  g_assert_nonnull (strstr (buf, "task-clock"));
}

/* Open perf event descriptors of this process. */
static guint
count_perf_fds (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (path, NULL);

      if (target != NULL && strcmp (target, "anon_inode:[perf_event]") == 0)
        n++;
    }
  return n;
}

/* The held event exists from wait() until release(), whatever thread opened
 * it, and nothing is left behind. */
static void
test_hooks_hold (void)
{
  guint before = count_perf_fds ();
  CsPerfHooks *hooks = cs_perf_hooks_hold ();

  cs_perf_hooks_wait (hooks);
  g_assert_cmpuint (count_perf_fds (), ==, before + 1);
  cs_perf_hooks_wait (hooks);  /* idempotent */
  cs_perf_hooks_release (hooks);
  g_assert_cmpuint (count_perf_fds (), ==, before);
  cs_perf_hooks_release (NULL);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/perf-event/open", test_open_ok);
  g_test_add_func ("/perf-event/hooks-hold", test_hooks_hold);
  g_test_add_func ("/perf-event/paranoid", test_paranoid_value);
  g_test_add_func ("/perf-event/unsupported", test_unsupported_named);
  g_test_add_func ("/perf-event/gone-process", test_gone_process);
  g_test_add_func ("/perf-event/permission", test_permission_message);

  return g_test_run ();
}
