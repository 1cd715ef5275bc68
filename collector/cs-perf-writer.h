/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-writer.h — writes a standard perf.data file
 *
 * The layout is perf's own (tools/perf/Documentation/perf.data-file-format.txt):
 * header, the ids of each event, the attr section, the data section streamed
 * through a large buffer as records arrive, then the feature sections
 * (HOSTNAME, OSRELEASE, VERSION, ARCH, NRCPUS, CPUDESC, CPUID, TOTAL_MEM,
 * CMDLINE, EVENT_DESC, PMU_MAPPINGS, BUILD_ID of the mapped executables) and
 * finally the header again with the real sizes. As perf does, the file is
 * written under its name from the start, with 0 as the header's data size
 * until cs_perf_writer_finish(): a collector killed while recording leaves
 * the records written so far, which readers take to the end of the file.
 */
#pragma once

#include <glib.h>
#include <linux/perf_event.h>

/* Record types, also those perf itself synthesizes (HEADER_BUILD_ID,
 * FINISHED_ROUND), as the reader numbers them. */
#include "cs-perf-reader.h"

G_BEGIN_DECLS

typedef struct _CsPerfWriter CsPerfWriter;

/* Creates @path (truncating it, never through a symbolic link).
 * CS_COLLECTOR_ERROR_IO naming the file when that fails. */
CsPerfWriter *cs_perf_writer_new           (const char                   *path,
                                            GError                      **error);
/* The command line stored in the CMDLINE feature (default: this process's). */
void          cs_perf_writer_set_cmdline   (CsPerfWriter                 *self,
                                            const char * const           *argv);
/* Declares an event: @attr as it was opened, its @name (EVENT_DESC) and the
 * ids the kernel gave its fds (PERF_EVENT_IOC_ID), which samples carry. All
 * events must be added before the first record is written. */
gboolean      cs_perf_writer_add_event     (CsPerfWriter                 *self,
                                            const struct perf_event_attr *attr,
                                            const char                   *name,
                                            const guint64                *ids,
                                            guint                         n_ids,
                                            GError                      **error);
/* Appends whole records (as read from a ring buffer) to the data section.
 * Buffered: a write(2) only when the buffer is full. Errors are sticky: after
 * a failure every call returns FALSE with the same message. */
gboolean      cs_perf_writer_write         (CsPerfWriter                 *self,
                                            const void                   *records,
                                            gsize                         len,
                                            GError                      **error);
/* Writes the buffered records to the file, so that they survive the
 * collector being killed. */
gboolean      cs_perf_writer_flush         (CsPerfWriter                 *self,
                                            GError                      **error);
/* Appends a FINISHED_ROUND record: readers may sort what came before it. */
gboolean      cs_perf_writer_finish_round  (CsPerfWriter                 *self,
                                            GError                      **error);
/* Flushes, writes the feature sections and the final header. On failure
 * the file is removed. */
gboolean      cs_perf_writer_finish        (CsPerfWriter                 *self,
                                            GError                      **error);
/* Removes the file unless cs_perf_writer_finish() succeeded. */
void          cs_perf_writer_free          (CsPerfWriter                 *self);
const char   *cs_perf_writer_get_path      (CsPerfWriter                 *self);
/* Bytes of records written to the data section so far (buffered included). */
guint64       cs_perf_writer_get_data_size (CsPerfWriter                 *self);
/* The id of the first event's first fd (0 before any event is added): used
 * for records the collector synthesizes. */
guint64       cs_perf_writer_get_first_id  (CsPerfWriter                 *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsPerfWriter, cs_perf_writer_free)

G_END_DECLS
