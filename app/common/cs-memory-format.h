/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-format.h — how a cacheline reads in the report and the viewer
 *
 * One spelling for `cyclescope report --memory` and the Memory page, so
 * that what a user copies from one is found in the other.
 */
#pragma once

#include "cs-memory-profile.h"

G_BEGIN_DECLS

/* "0–7, 16" from a bit mask of byte offsets. */
char *cs_memory_format_bytes   (guint64             mask);
/* "1230/1234": a thread with its process, as the reports write both. */
char *cs_memory_format_thread  (const CsMemoryThread *thread);
/* "1230/1234: 0–7; 1230/1235: 8–15": which bytes of the line each thread
 * (process/thread) touched. */
char *cs_memory_format_threads (const CsMemoryLine *line);
/* What holds the line: "counters+0x8 (libfoo.so)", "[heap]+0x1240",
 * "stack of thread 1234", "/dev/shm/x+0x40", "shared anonymous memory+0x40";
 * "—" when unknown. */
char *cs_memory_format_region  (const CsMemoryLine *line);
/* "False sharing", "True sharing", "False and true sharing", or "" for
 * none: the table's and the report's word for the verdict. */
const char *cs_memory_format_sharing (const CsMemoryLine *line);
/* An instruction: "symbol (module)". */
char *cs_memory_format_ip      (const CsMemoryIp   *ip);
/* The line's hottest instruction: "symbol (module)", or "—". */
char *cs_memory_format_top_ip  (const CsMemoryLine *line);

/* "1,234" in the locale's digit grouping. */
char *cs_memory_format_count   (guint64             v);
/* "0x7ffd1234" */
char *cs_memory_format_address (guint64             address);
/* "12 samples · 10 loads · 2 stores" */
char *cs_memory_format_counts  (guint64             samples,
                                guint64             loads,
                                guint64             stores);

/* One sentence about the hottest false-sharing candidate (and how many
 * more there are), for the Overview; NULL when there is none. */
char *cs_memory_format_finding (CsMemoryProfile    *profile);

G_END_DECLS
