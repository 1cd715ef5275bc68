/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-attach-run.h — counting and sampling processes that already run
 *
 * `record -p`: the events are opened on every thread that exists
 * (/proc/PID/task, listed again until no new thread turns up, so a thread
 * started while we open is not missed), each with inherit, which follows
 * the threads and children they start later. perf_event_attr.inherit only
 * reaches tasks forked after the event was opened, hence per-thread
 * events. What existed before (threads' names, mapped files) is written
 * into the perf.data as perf record synthesizes it (cs-proc-synth.h),
 * then the events are enabled. The recording ends when @duration has
 * passed, every process has exited, or @cancellable fires (Ctrl-C: a
 * normal end for an attached recording); the processes keep running.
 */
#pragma once

#include <gio/gio.h>

#include "cs-sampling-run.h"

G_BEGIN_DECLS

/* @processes: CsAttachProcess* (cs_attach_inspect()). @n_events 0: counting
 * only, no perf.data (@perf_data_path unused). @count_groups nullable.
 * @result->usage holds what the processes used meanwhile, read from /proc
 * at attach and at the end (cs-proc-usage.h): CPU time (all in ru_utime),
 * context switches, faults, and ru_maxrss, a high-water mark since each
 * process started; wait_status is 0 and interrupted FALSE. */
gboolean cs_attach_run (GPtrArray               *processes,
                        double                   duration,
                        const CsSamplerEvent    *events,
                        guint                    n_events,
                        const CsSamplerOptions  *options,
                        GPtrArray               *count_groups,
                        const char              *perf_data_path,
                        CsSamplingResult        *result,
                        GCancellable            *cancellable,
                        GError                 **error);

G_END_DECLS
