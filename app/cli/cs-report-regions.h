/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-regions.h — the samples of regions in `cyclescope report`
 *
 * Without --region: the regions ranked by samples, per event (Kruse, CMSSW
 * Performance Monitoring, 2011, Fig. 5.6). With --region NAME: that
 * region's top symbols per event with samples, percentage of the region,
 * symbol, library and complete signature (Fig. 5.7). The region table of
 * counted metrics (Fig. 5.4) belongs to the counting report
 * (cs-report-counts-private.h).
 */
#pragma once

#include "cs-report-samples.h"

G_BEGIN_DECLS

/* Appends to @out; nothing (text, CSV) or JSON null when there are no
 * samples per region. */
gboolean cs_report_region_samples (CsAnalysis                  *analysis,
                                   const char                  *region,
                                   const CsReportSampleOptions *options,
                                   CsReportFormat               format,
                                   GString                     *out,
                                   GError                     **error);

G_END_DECLS
