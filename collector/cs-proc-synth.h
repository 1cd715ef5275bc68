/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-proc-synth.h — the records perf record synthesizes for what already exists
 *
 * The kernel only reports what happens after an event is opened: the
 * kernel's own map, and for a process we attach to its threads' names and
 * the files it mapped before, must be written into the perf.data by the
 * collector, as `perf record -p` does (tools/perf/util/synthetic-events.c):
 * per thread a FORK (the main thread from its parent, the others from the
 * main thread) and a COMM, per process an MMAP2 for every mapping of
 * /proc/PID/maps that perf would keep. The records carry time 0, so that
 * readers sort them before the samples, and the sample_id_all trailer of
 * CS_SAMPLER_SAMPLE_TYPE with the writer's first id.
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

#include "cs-perf-writer.h"

G_BEGIN_DECLS

/* PERF_RECORD_MMAP of [kernel.kallsyms]_text from /proc/kallsyms (nothing
 * when the addresses are hidden by kptr_restrict). */
gboolean cs_proc_synth_kernel_mmap (CsPerfWriter  *writer,
                                    GError       **error);
/* FORK and COMM for every thread of @pid, then MMAP2 for its executable
 * mappings (all of them with @data_maps: DWARF stacks and --regs need the
 * data maps too). A process that is gone meanwhile is no error: there is
 * nothing left to describe. */
gboolean cs_proc_synth_process     (CsPerfWriter  *writer,
                                    pid_t          pid,
                                    gboolean       data_maps,
                                    GError       **error);
/* The thread ids of /proc/@pid/task, ascending; an empty array when the
 * process is gone. */
GArray  *cs_proc_list_threads      (pid_t          pid);

G_END_DECLS
