/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-attach.h — the running workload and the recorder of the `record -p`
 * tests (header only)
 *
 * The workload (tests/workloads/cs-test-attach.c) is started with a pipe
 * on its stdin (the line that makes it fork or start its second thread)
 * and one on its stdout (its "ready" and "NAME spun" lines);
 * `cyclescope record` is started with its stderr in a file.
 */
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-test-util.h"

static const char *workload;
static const char *cyclescope;

typedef struct
{
  pid_t  pid;
  int    in;      /* the workload's stdin */
  FILE  *out;     /* its stdout */
} Workload;

/* Starts the workload in @mode and waits for its "ready". */
static inline void
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
static inline void
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

static inline gboolean
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
static inline void
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

/* Waits until @file holds @needle: our records of what existed at attach
 * time are flushed once the events are enabled (cs-attach-run.c). */
static inline void
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

/* Starts `cyclescope record ARGS…` with stderr into @err_path. */
static inline pid_t
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

static inline int
record_wait (pid_t pid)
{
  int status = 0;

  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}
