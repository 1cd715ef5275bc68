/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-summary.h — what a recording was, at the top of `report`
 *
 * The recorded command, its duration (first to last sample), processes
 * and threads, the sampling rate, lost and throttled samples, host, CPU and
 * kernel: for every recording, a plain perf.data too (cs-profile-summary.h).
 */
#pragma once

#include <json-c/json.h>

#include "cs-analysis.h"

G_BEGIN_DECLS

/* "# Recording: …" lines, nothing without samples. */
void         cs_report_summary_text (CsAnalysis *analysis,
                                     GString    *out);
/* The same as a JSON object, or NULL without samples. */
json_object *cs_report_summary_json (CsAnalysis *analysis);

G_END_DECLS
