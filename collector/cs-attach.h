/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-attach.h — the running processes `record -p` attaches to
 *
 * Everything about a target that can be told before attaching is checked
 * here, so that a mistyped pid or a process that has exited fails before
 * a bundle is created: the pid must name a live process (not a zombie).
 * What the process is (its command line, its owner) is kept for the
 * session and for errors that must say why the kernel refused it.
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct
{
  pid_t   pid;
  char   *comm;     /* /proc/PID/comm */
  char  **argv;     /* /proc/PID/cmdline; [comm] for a kernel thread */
  char   *cwd;      /* /proc/PID/cwd, NULL when unreadable */
  uid_t   uid;      /* the owner of /proc/PID */
} CsAttachProcess;

void             cs_attach_process_free    (CsAttachProcess  *process);

/* One CsAttachProcess per pid (duplicates once), or NULL with
 * CS_COLLECTOR_ERROR_PROGRAM naming the pid that does not exist or has
 * exited. */
GPtrArray       *cs_attach_inspect         (const GPid       *pids,
                                            guint             n_pids,
                                            GError          **error);
/* "pid 123 (prog arg), pid 456 (other)", for the session and --dry-run. */
char            *cs_attach_describe        (GPtrArray        *processes);
/* Whether @process still exists (and is not a zombie). */
gboolean         cs_attach_process_alive   (const CsAttachProcess *process);
/* Turns an error of perf_event_open on a thread of @process into one that
 * names the process: refused (with perf_event_paranoid, ptrace_scope and
 * what to change), or gone (@error's code CS_COLLECTOR_ERROR_PROGRAM). */
void             cs_attach_explain_error   (GError          **error,
                                            const CsAttachProcess *process);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsAttachProcess, cs_attach_process_free)

G_END_DECLS
