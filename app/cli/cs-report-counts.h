/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-counts.h — the counting part of `cyclescope report`
 *
 * Run information, every metric of the model for the whole program and per
 * region, and the values of every BAR / REF chart, as text, JSON or CSV
 * (docs/cli.md describes the JSON and CSV shapes). Sample tables from
 * perf.data files are a separate renderer; this one only reads counts.
 */
#pragma once

#include "cs-analysis.h"
#include "cs-model.h"
#include "cs-session.h"

G_BEGIN_DECLS

typedef enum
{
  CS_REPORT_FORMAT_TEXT,
  CS_REPORT_FORMAT_JSON,
  CS_REPORT_FORMAT_CSV,
} CsReportFormat;

gboolean cs_report_format_from_string (const char     *text,
                                       CsReportFormat *format);

/* Appends the report to @out. @model may be NULL (the session names none):
 * run information and raw counts are printed without metrics. @region NULL
 * reports the whole program and every region; otherwise only that region
 * (an unknown region is an error listing the known ones). With the
 * session's @analysis (nullable; its session must be @session) the whole
 * program's charts and warnings are the analysis' — the ones the viewer and
 * the exporter show ("Samples by module" first when there are samples). */
gboolean cs_report_counts_for_analysis (CsSession      *session,
                                        CsModel        *model,
                                        CsAnalysis     *analysis,
                                        const char     *region,
                                        CsReportFormat  format,
                                        GString        *out,
                                        GError        **error);
/* cs_report_counts_for_analysis() of a session without samples, written
 * to standard output as it is computed (cs_cli_print_output()): the report
 * of 20 000 regions is 150 MB of JSON that need not be held at once. An
 * error before the first byte (an unknown region) prints nothing; FALSE
 * also when a write failed. */
gboolean cs_report_counts_print       (CsSession      *session,
                                       CsModel        *model,
                                       const char     *region,
                                       CsReportFormat  format,
                                       GError        **error);
/* The charts of @analysis (cs_analysis_get_charts) as the counting report
 * shows them, for a plain perf.data, which has no counting report: text
 * lines under a "Charts" heading (with the line about charts that need
 * counting runs), or for JSON a JSON array. CSV gets nothing. */
void     cs_report_analysis_charts (CsAnalysis     *analysis,
                                    CsReportFormat  format,
                                    GString        *out);

/* Machine-readable provenance keyword: "counted", "scaled", "estimated",
 * "reconstructed" or "none". */
const char *cs_report_provenance_keyword (CsProvenance provenance);

G_END_DECLS
