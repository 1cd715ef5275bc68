/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-proc-usage.h — the resource use of a running process family from /proc
 *
 * What wait4(2) reports at exit only a parent can have; for processes we
 * attach to, the same quantities are read from /proc at attach and at
 * detach, and the difference is what the processes used meanwhile:
 * - context switches: voluntary_ctxt_switches / nonvoluntary_ctxt_switches
 *   of /proc/PID/task/TID/status, per thread. A thread that exits before
 *   the detach takes its switches with it: /proc keeps no per-process
 *   total of ended threads (unlike the CPU time and the faults);
 * - faults: minflt + cminflt, majflt + cmajflt of /proc/PID/stat (fields
 *   10–13): the threads', live or ended, and those of the children the
 *   process reaped;
 * - CPU time: utime + stime + cutime + cstime (fields 14–17), in ticks;
 * - maximum RSS: VmHWM of /proc/PID/status at detach, a high-water mark
 *   since the process started, not limited to the window (wait4's
 *   ru_maxrss can be larger: it also keeps the peak from before exec).
 * Each reading covers the process and its live descendants (their values
 * move into the parent's c* fields once reaped), so a child started and
 * reaped meanwhile still counts, except for its switches.
 */
#pragma once

#include <glib.h>
#include <sys/resource.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct _CsProcUsage CsProcUsage;

/* NULL when @pid is gone (its /proc/PID/stat cannot be read). */
CsProcUsage *cs_proc_usage_read       (pid_t               pid);
void         cs_proc_usage_free       (CsProcUsage        *usage);
guint64      cs_proc_usage_get_ticks  (const CsProcUsage  *usage);
/* Adds what was used between @start and @end to @total: switches, faults
 * (ru_nvcsw, ru_nivcsw, ru_minflt, ru_majflt) and ru_maxrss (the largest,
 * as wait4 reports the largest child's; from @end). */
void         cs_proc_usage_add_window (const CsProcUsage  *start,
                                       const CsProcUsage  *end,
                                       struct rusage      *total);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsProcUsage, cs_proc_usage_free)

G_END_DECLS
