/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-process-table.h — the running processes, read from /proc, with their CPU use
 *
 * What the record dialog's process list shows (name, pid, user, CPU %) for
 * attaching to a running program. CPU use is the utime + stime a process
 * gained between two refreshes over the wall time between them, so the first
 * refresh has no CPU use yet (NaN). Kernel threads are left out: there is no
 * program to attach to.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  GPid     pid;
  char    *name;         /* /proc/PID/comm: the thread name of the main thread */
  char    *command;      /* the command line, arguments separated by spaces; "" for none */
  char    *user;         /* the owner's login name, or the uid as a number */
  guint    uid;
  guint64  cpu_ticks;    /* utime + stime so far, in clock ticks */
  double   cpu_percent;  /* of one CPU since the previous refresh; NaN on the first */
} CsProcessInfo;

typedef struct _CsProcessTable CsProcessTable;

CsProcessTable      *cs_process_table_new     (void);
void                 cs_process_table_free    (CsProcessTable  *self);
/* Reads /proc again. A process that exits meanwhile is skipped; only an
 * unreadable /proc is an error. */
gboolean             cs_process_table_refresh (CsProcessTable  *self,
                                               GError         **error);
guint                cs_process_table_get_n   (CsProcessTable  *self);
const CsProcessInfo *cs_process_table_get     (CsProcessTable  *self,
                                               guint            index);
const CsProcessInfo *cs_process_table_lookup  (CsProcessTable  *self,
                                               GPid             pid);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsProcessTable, cs_process_table_free)

G_END_DECLS
