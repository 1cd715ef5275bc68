/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-process-table.c — the running processes as the record dialog lists them
 *
 * A child this test forks and names with prctl(PR_SET_NAME) must appear
 * with its pid, that name, this user (from getuid() and GLib's user name)
 * and its command line, and disappear once reaped. A spinning child's CPU
 * use must become > 0 between two refreshes; the test spins until it does
 * (a cap of 600 refreshes catches a value that never moves), so no fixed
 * amount of CPU time is assumed. Its name holds ") (" to check that the
 * stat fields are counted from the last parenthesis.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-process-table.h"

static char *self_path;

/* A child named @name that spins (@spin) or waits on a pipe until killed. */
static GPid
start_child (const char *name,
             gboolean    spin)
{
  int fds[2];
  GPid pid;
  char ready;

  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      volatile guint64 n = 0;

      /* Gone with the test, even when an assertion aborts it. */
      prctl (PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
      prctl (PR_SET_NAME, name, 0, 0, 0);
      close (fds[0]);
      /* The name is set before the parent reads it. */
      if (write (fds[1], "x", 1) != 1)
        _exit (1);
      for (;;)
        if (spin)
          n++;
        else
          pause ();
    }
  close (fds[1]);
  g_assert_cmpint (read (fds[0], &ready, 1), ==, 1);
  close (fds[0]);
  return pid;
}

static void
stop_child (GPid pid)
{
  int status;

  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
}

static void
test_child_listed (void)
{
  g_autoptr(CsProcessTable) table = cs_process_table_new ();
  g_autoptr(GError) error = NULL;
  GPid pid = start_child ("cs-proctab", FALSE);
  const CsProcessInfo *info;

  g_assert_true (cs_process_table_refresh (table, &error));
  g_assert_no_error (error);
  info = cs_process_table_lookup (table, pid);
  g_assert_nonnull (info);
  g_assert_cmpint (info->pid, ==, pid);
  g_assert_cmpstr (info->name, ==, "cs-proctab");
  g_assert_cmpuint (info->uid, ==, getuid ());
  g_assert_cmpstr (info->user, ==, g_get_user_name ());
  /* A forked child keeps the parent's command line. */
  g_assert_true (g_str_has_prefix (info->command, self_path));
  /* No CPU use before a second refresh. */
  g_assert_true (isnan (info->cpu_percent));
  /* This process is listed too; kernel threads (kthreadd, pid 2) are not. */
  g_assert_nonnull (cs_process_table_lookup (table, getpid ()));
  g_assert_null (cs_process_table_lookup (table, 2));
  {
    gboolean found = FALSE;

    for (guint i = 0; i < cs_process_table_get_n (table); i++)
      found |= cs_process_table_get (table, i)->pid == pid;
    g_assert_true (found);
  }

  stop_child (pid);
  g_assert_true (cs_process_table_refresh (table, &error));
  g_assert_null (cs_process_table_lookup (table, pid));
}

static void
test_cpu_use (void)
{
  g_autoptr(CsProcessTable) table = cs_process_table_new ();
  GPid pid = start_child ("spin) (x", TRUE);
  const CsProcessInfo *info;
  guint refreshes = 0;

  g_assert_true (cs_process_table_refresh (table, NULL));
  info = cs_process_table_lookup (table, pid);
  g_assert_nonnull (info);
  g_assert_cmpstr (info->name, ==, "spin) (x");
  do
    {
      g_usleep (50 * 1000);
      g_assert_true (cs_process_table_refresh (table, NULL));
      info = cs_process_table_lookup (table, pid);
      g_assert_nonnull (info);
      g_assert_false (isnan (info->cpu_percent));
      g_assert_cmpfloat (info->cpu_percent, >=, 0);
    }
  while (info->cpu_percent == 0 && ++refreshes < 600);
  g_assert_cmpfloat (info->cpu_percent, >, 0);
  stop_child (pid);
}

int
main (int    argc,
      char **argv)
{
  self_path = argv[0];
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/process-table/child-listed", test_child_listed);
  g_test_add_func ("/process-table/cpu-use", test_cpu_use);
  return g_test_run ();
}
