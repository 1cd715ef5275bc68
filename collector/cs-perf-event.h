/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-event.h — perf_event_open(2) with errors a user can act on
 *
 * Every run (counting, sampling) opens its events through here so that
 * EACCES/EPERM always says what perf_event_paranoid is and which sysctl fixes
 * it, and an unsupported event is named.
 */
#pragma once

#include <glib.h>
#include <linux/perf_event.h>
#include <sys/types.h>

G_BEGIN_DECLS

/* Opens @attr on @pid/@cpu (close-on-exec). @what names the event in errors
 * (e.g. "task-clock"). Returns the fd, or -1 with CS_COLLECTOR_ERROR_PERMISSION,
 * _UNSUPPORTED, _PROGRAM (the process is gone) or _FAILED. */
int      cs_perf_event_open      (struct perf_event_attr *attr,
                                  pid_t                   pid,
                                  int                     cpu,
                                  int                     group_fd,
                                  const char             *what,
                                  GError                **error);
/* /proc/sys/kernel/perf_event_paranoid, or G_MININT when it cannot be read. */
int      cs_perf_event_paranoid  (void);
/* Sets @error from an errno of perf_event_open for @what (shared by callers
 * that issue the syscall themselves). */
void     cs_perf_event_set_error (GError     **error,
                                  int          errsv,
                                  const char  *what);

G_END_DECLS
