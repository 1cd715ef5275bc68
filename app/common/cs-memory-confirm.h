/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-confirm.h — watch a recorded line in a new run of its program
 *
 * What `cyclescope watch` and the Memory page's "Confirm with Watchpoints"
 * share: the recorded command runs again with hardware watchpoints on the
 * line's hottest words (collector/cs-watch.h), located by what holds the
 * line (data/memory/cs-memory-watch.h), and every access it makes there is
 * decoded and set beside the reconstructed ones. Blocking: the viewer calls
 * it on a worker thread (ptrace wants one thread for all of it).
 */
#pragma once

#include "cs-memory-watch.h"

G_BEGIN_DECLS

typedef struct _CsMemoryConfirm CsMemoryConfirm;

struct _CsMemoryConfirm
{
  CsMemoryWatchTarget *target;
  CsMemoryWatchResult *result;
  guint64              addresses[CS_MEMORY_WATCH_MAX_WORDS];
  guint32              pid;        /* the watched run's process */
  int                  status;     /* its wait status */
  gboolean             stopped;    /* killed at the time limit */
  guint64              counted;    /* accesses the breakpoints counted */
  guint64              lost;       /* … whose samples the kernel dropped */
  char                *command;
};

/* Runs @argv in @cwd with @target (taken) watched, for at most @seconds
 * (0: until it exits). */
CsMemoryConfirm *cs_memory_confirm_run  (CsMemoryProfile      *profile,
                                         CsMemoryWatchTarget  *target,
                                         const char * const   *argv,
                                         const char           *cwd,
                                         double                seconds,
                                         GCancellable         *cancellable,
                                         GError              **error);
void             cs_memory_confirm_free (CsMemoryConfirm      *confirm);
/* One sentence: what the watched run found, and whether it confirms the
 * recording's verdict and the threads' words. */
char            *cs_memory_confirm_describe (const CsMemoryConfirm *confirm);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsMemoryConfirm, cs_memory_confirm_free)

G_END_DECLS
