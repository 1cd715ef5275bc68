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
/* "1234: 0–7; 1235: 8–15": which bytes of the line each thread touched. */
char *cs_memory_format_threads (const CsMemoryLine *line);
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
