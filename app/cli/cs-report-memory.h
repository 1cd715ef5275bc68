/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-memory.h — `cyclescope report --memory`: the cacheline table
 *
 * The data addresses of a sampling run recorded with --regs, reconstructed
 * from the sampled registers (data/cs-memory-profile.h), as text, JSON or
 * CSV: how many samples got an address and why the others did not, then
 * the cachelines by samples with their threads, the bytes each thread
 * touched, and the instructions; false-sharing candidates are marked.
 */
#pragma once

#include "cs-profile-filter.h"
#include "cs-report-counts.h"

G_BEGIN_DECLS

/* Appends the memory report of @path (a bundle or a perf.data) to @out;
 * @limit lines (0: all); of the samples in @selected only (NULL: all), the
 * filters' (cs-report-filter.h). A bundle without a sampling run with
 * registers is an error that says how to record one. */
gboolean cs_report_memory (const char         *path,
                           guint               limit,
                           CsReportFormat      format,
                           CsProfileSampleSet *selected,
                           GString            *out,
                           GError            **error);

G_END_DECLS
