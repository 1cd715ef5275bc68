/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-pfm-private.h — shared between cs-pfm.c and cs-pfm-list.c, not installed */
#pragma once

#include <glib.h>

/* linux/perf_event.h first: libpfm4's copy steps aside when it sees it. */
#include "cs-pfm.h"
#include <perfmon/pfmlib.h>

G_BEGIN_DECLS

/* Initialises libpfm4 once; FALSE (and no error set) when it failed, see
 * cs_pfm_init() for the message. */
gboolean   _cs_pfm_ready               (void);
/* PMUs whose events resolve in this process: the host PMU or the forced one,
 * plus perf's generic PMU when it is active. "perf_raw" is left out: its only
 * event is a hex code, nothing to list or suggest. */
GArray    *_cs_pfm_active_pmus         (void);  /* of pfm_pmu_t */
/* The name used in messages for where @event was looked up ("core", "perf"). */
const char *_cs_pfm_lookup_pmu_name    (const char *event);
/* "A", "A or B", "A, B or C" — translated. */
char      *_cs_pfm_join_alternatives   (const char * const *names);
gboolean   _cs_pfm_get_pmu_info        (pfm_pmu_t        pmu,
                                        pfm_pmu_info_t  *info);
/* Encodes a kernel software event (task-clock, perf::PERF_COUNT_SW_…,
 * with :u / :k) without libpfm4, for when its perf PMU is inactive. */
gboolean   _cs_pfm_encode_software     (const char             *event,
                                        struct perf_event_attr *attr,
                                        char                  **fstr);
/* The kernel opened a hardware cycles event (whatever libpfm4 knows). */
gboolean   _cs_pfm_kernel_counts_hardware (void);

G_END_DECLS
