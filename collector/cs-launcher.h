/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-launcher.h — starts the target program so counters attach before it runs
 *
 * The program is started directly (argv, never a shell): the child is forked
 * and blocks on a pipe; the caller opens its perf events on the child's pid
 * (enable_on_exec, inherit) and then calls cs_launcher_start(), which lets the
 * child exec. An exec failure travels back over a close-on-exec pipe, so the
 * caller learns "No such file or directory" instead of a silent exit 127.
 *
 * The program runs in a process group of its own, with the terminal when
 * the caller was in the terminal's foreground; a cancelled wait, a kill and
 * freeing an unreaped launcher reach the whole group, and a guardian
 * process kills the group if the caller dies (docs/cli.md, "Interrupted
 * recordings").
 */
#pragma once

#include <gio/gio.h>
#include <sys/resource.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct _CsLauncher CsLauncher;

/* Checks that argv[0] resolves (PATH search when it has no '/') to an
 * executable regular file, before anything is forked:
 * CS_COLLECTOR_ERROR_PROGRAM otherwise, naming the program. @cwd and @envp may
 * be NULL (inherit). The child is forked and waiting when this returns. */
CsLauncher *cs_launcher_new        (const char * const  *argv,
                                    const char          *cwd,
                                    const char * const  *envp,
                                    GError             **error);
pid_t       cs_launcher_get_pid    (CsLauncher          *self);
/* Absolute path of the program that will be executed. */
const char *cs_launcher_get_path   (CsLauncher          *self);
/* Lets the child exec. FALSE with an error if exec failed. */
gboolean    cs_launcher_start      (CsLauncher          *self,
                                    GError             **error);
/* Waits for the child (blocking; returns early with CANCELLED after killing
 * the child and its process group when @cancellable fires, and returns
 * CANCELLED when Ctrl-C on the program's terminal ended it). @wait_status
 * as waitpid(2); @usage gets the child's resource usage (wait4). */
gboolean    cs_launcher_wait       (CsLauncher          *self,
                                    int                 *wait_status,
                                    struct rusage       *usage,
                                    GCancellable        *cancellable,
                                    GError             **error);
/* Non-blocking: TRUE and fills the outputs once the child has exited. */
gboolean    cs_launcher_try_wait   (CsLauncher          *self,
                                    int                 *wait_status,
                                    struct rusage       *usage);
/* Sends @signo to the program's process group. */
void        cs_launcher_kill       (CsLauncher          *self,
                                    int                  signo);
/* TRUE once the program ended from Ctrl-C (or Ctrl-\) on its terminal. */
gboolean    cs_launcher_was_interrupted (CsLauncher     *self);
/* A pidfd of the child (readable once it exits) for the caller's poll(2),
 * to be closed by the caller; -1 with errno where the kernel has none. */
int         cs_launcher_open_pidfd (CsLauncher          *self);
/* Kills (SIGKILL) the process group of a child that is still there and
 * reaps it. */
void        cs_launcher_free       (CsLauncher          *self);

/* The check cs_launcher_new() makes, without forking: the absolute path
 * @program resolves to (PATH search when it has no '/', relative paths
 * against @cwd), or NULL with CS_COLLECTOR_ERROR_PROGRAM. */
char       *cs_launcher_resolve    (const char          *program,
                                    const char          *cwd,
                                    const char * const  *envp,
                                    GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsLauncher, cs_launcher_free)

G_END_DECLS
