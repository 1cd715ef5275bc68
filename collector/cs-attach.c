/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-attach.c — the running processes `record -p` attaches to */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pwd.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs-attach.h"
#include "cs-collector-error.h"
#include "cs-perf-event.h"

void
cs_attach_process_free (CsAttachProcess *process)
{
  if (process == NULL)
    return;
  g_free (process->comm);
  g_strfreev (process->argv);
  g_free (process->cwd);
  g_free (process);
}

/* The state letter of /proc/PID/stat (after the parenthesized comm, which
 * may itself hold parentheses), or 0 when the process is gone. */
static char
process_state (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *contents = NULL;
  const char *paren;

  if (!g_file_get_contents (path, &contents, NULL, NULL) ||
      (paren = strrchr (contents, ')')) == NULL || paren[1] != ' ')
    return 0;
  return paren[2];
}

gboolean
cs_attach_process_alive (const CsAttachProcess *process)
{
  char state = process_state (process->pid);

  return state != 0 && state != 'Z' && state != 'X';
}

static char **
read_cmdline (pid_t       pid,
              const char *comm)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/cmdline", (int) pid);
  g_autofree char *contents = NULL;
  gsize len = 0;
  GPtrArray *argv = g_ptr_array_new ();

  if (g_file_get_contents (path, &contents, &len, NULL))
    for (gsize pos = 0; pos < len; pos += strlen (contents + pos) + 1)
      g_ptr_array_add (argv, g_strndup (contents + pos, len - pos));
  /* Kernel threads and processes that cleared their arguments have none:
   * perf and ps show the comm in brackets then. */
  if (argv->len == 0)
    g_ptr_array_add (argv, g_strdup_printf ("[%s]", comm));
  g_ptr_array_add (argv, NULL);
  return (char **) g_ptr_array_free (argv, FALSE);
}

GPtrArray *
cs_attach_inspect (const GPid  *pids,
                   guint        n_pids,
                   GError     **error)
{
  g_autoptr(GPtrArray) processes =
    g_ptr_array_new_with_free_func ((GDestroyNotify) cs_attach_process_free);

  for (guint i = 0; i < n_pids; i++)
    {
      g_autofree char *dir = g_strdup_printf ("/proc/%d", (int) pids[i]);
      g_autofree char *comm_path = g_build_filename (dir, "comm", NULL);
      g_autofree char *cwd_path = g_build_filename (dir, "cwd", NULL);
      g_autoptr(CsAttachProcess) process = g_new0 (CsAttachProcess, 1);
      gboolean duplicate = FALSE;
      char state;
      struct stat st;

      for (guint k = 0; k < processes->len; k++)
        duplicate |= ((CsAttachProcess *) g_ptr_array_index (processes, k))->pid == pids[i];
      if (duplicate)
        continue;

      state = pids[i] > 0 ? process_state (pids[i]) : 0;
      if (state == 0 || stat (dir, &st) != 0)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                       _("No process with pid %d: check the number (ps -e lists the running "
                         "processes)"), (int) pids[i]);
          return NULL;
        }
      process->pid = pids[i];
      process->uid = st.st_uid;
      if (g_file_get_contents (comm_path, &process->comm, NULL, NULL))
        g_strchomp (process->comm);
      else
        process->comm = g_strdup ("?");
      if (state == 'Z' || state == 'X')
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                       _("Process %d (%s) has exited: there is nothing left to record"),
                       (int) pids[i], process->comm);
          return NULL;
        }
      process->argv = read_cmdline (pids[i], process->comm);
      process->cwd = g_file_read_link (cwd_path, NULL);
      g_ptr_array_add (processes, g_steal_pointer (&process));
    }
  return g_steal_pointer (&processes);
}

char *
cs_attach_describe (GPtrArray *processes)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < processes->len; i++)
    {
      const CsAttachProcess *p = g_ptr_array_index (processes, i);
      g_autofree char *args = g_strjoinv (" ", p->argv);

      if (s->len > 0)
        g_string_append (s, ", ");
      /* TRANSLATORS: one attached process: "pid 123 (./server --port 80)" */
      g_string_append_printf (s, _("pid %d (%s)"), (int) p->pid, args);
    }
  return g_string_free (s, FALSE);
}

static char *
read_sysctl (const char *path)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strdup (g_strstrip (contents));
}

static char *
user_name (uid_t uid)
{
  struct passwd *pw = getpwuid (uid);

  return pw != NULL ? g_strdup (pw->pw_name) : g_strdup_printf ("%u", (unsigned) uid);
}

void
cs_attach_explain_error (GError                **error,
                         const CsAttachProcess  *process)
{
  g_autofree char *paranoid = NULL, *scope = NULL, *owner = NULL, *me = NULL;
  GError *old;

  if (error == NULL || *error == NULL)
    return;
  old = *error;
  if (g_error_matches (old, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM) ||
      !cs_attach_process_alive (process))
    {
      *error = g_error_new (CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                            _("Process %d (%s) exited while attaching: there is nothing left "
                              "to record"), (int) process->pid, process->comm);
      g_error_free (old);
      return;
    }
  if (!g_error_matches (old, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION))
    {
      g_prefix_error (error, _("Process %d (%s): "), (int) process->pid, process->comm);
      return;
    }

  paranoid = read_sysctl ("/proc/sys/kernel/perf_event_paranoid");
  scope = read_sysctl ("/proc/sys/kernel/yama/ptrace_scope");
  owner = user_name (process->uid);
  me = user_name (geteuid ());
  *error = g_error_new (CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION,
                        _("Not allowed to record process %d (%s, user %s) as user %s: "
                          "kernel.perf_event_paranoid is %s and kernel.yama.ptrace_scope is %s. "
                          "Record as the process’s user with perf_event_paranoid at most 2 "
                          "(1 to include the kernel: `sudo sysctl kernel.perf_event_paranoid=1`), "
                          "or as root or with CAP_PERFMON"),
                        (int) process->pid, process->comm, owner, me,
                        paranoid != NULL ? paranoid : _("unreadable"),
                        scope != NULL ? scope : _("not set (no Yama)"));
  g_error_free (old);
}
