/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-scatter.h — the Memory page's scatter data from a memory profile */
#pragma once

#include "cs-analysis.h"
#include "cs-memory-profile.h"
#include "cs-scatter-data.h"

G_BEGIN_DECLS

/* Most points a scatter gets: beyond it every n-th access is drawn (the
 * title says so). The density drawing keeps a million points within a
 * frame (bench-memory). */
#define CS_MEMORY_SCATTER_MAX_POINTS 1000000

/* Every reconstructed access against time, each point keyed by its line's
 * id; @selected (may be NULL) is highlighted as a band. @flagged_only: only
 * the accesses to lines with false or true sharing. */
CsScatterData *cs_memory_scatter_new_all  (CsMemoryProfile    *profile,
                                           const CsMemoryLine *selected,
                                           gboolean            flagged_only);
/* The accesses of one line: byte offset against time, per thread. */
CsScatterData *cs_memory_scatter_new_line (CsMemoryProfile    *profile,
                                           const CsMemoryLine *line);

/* The perf.data of @analysis whose samples carry registers: the first
 * sampling run recorded with --regs, or the plain perf.data that was
 * opened (the profile then says whether it has registers). NULL: none. */
char          *cs_memory_scatter_find_perf_data (CsAnalysis *analysis);
/* The line "line" or "all" stands for (the hottest), or the line holding
 * the address @which spells ("0x7ffd…"); NULL: no such line. */
const CsMemoryLine *
               cs_memory_scatter_pick_line      (CsMemoryProfile *profile,
                                                 const char      *which);

G_END_DECLS
