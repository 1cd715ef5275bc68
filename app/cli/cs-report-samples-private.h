/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-samples-private.h — shared by the text and the JSON / CSV
 * renderers of the sample tables */
#pragma once

#include <json-c/json.h>

#include "cs-call-graph.h"
#include "cs-profile-samples.h"
#include "cs-report-samples.h"

G_BEGIN_DECLS

/* The events to report (const CsProfileEvent*): @event alone, or every
 * sampled one; NULL and an error when @event has no samples. */
GPtrArray     *_cs_report_samples_events       (CsAnalysis            *analysis,
                                               const char            *event,
                                               GError               **error);
/* The analysis scope that evaluates @module, or NULL. */
const CsScope *_cs_report_samples_module_scope (CsAnalysis            *analysis,
                                               const CsProfileModule *module);
/* "file.c:12", or "??:0" when the line is unknown (as addr2line prints it). */
char          *_cs_report_samples_srcline      (const CsProfileLineRow *row);

void           _cs_report_samples_render_json  (CsAnalysis                  *analysis,
                                               GPtrArray                   *events,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);
void           _cs_report_samples_render_csv   (CsAnalysis                  *analysis,
                                               GPtrArray                   *events,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);

/* The call graph of @analysis' profile, built once and kept with it; NULL
 * without call chains. */
CsCallGraph   *_cs_report_call_graph           (CsAnalysis            *analysis);

/* cs-report-children.c: the --children tables. */
void           _cs_report_children_text        (CsAnalysis                  *analysis,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);
json_object   *_cs_report_children_json        (CsAnalysis                  *analysis,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options);
void           _cs_report_children_csv_header  (const CsReportSampleOptions *options,
                                               GString                     *out);
void           _cs_report_children_csv         (CsAnalysis                  *analysis,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);

/* "EVENT,PERCENT,SAMPLES,PERIOD," of a CSV row. */
void           _cs_report_samples_csv_numbers  (GString                     *out,
                                               const char                  *event,
                                               double                       percent,
                                               guint64                      samples,
                                               guint64                      period);

/* cs-report-groups.c: the tables of any list of sort keys. */
void           _cs_report_groups_text          (CsAnalysis                  *analysis,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);
json_object   *_cs_report_groups_json          (CsAnalysis                  *analysis,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options);
void           _cs_report_groups_csv_header    (const CsReportSampleOptions *options,
                                               GString                     *out);
void           _cs_report_groups_csv           (CsAnalysis                  *analysis,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);

/* cs-report-callgraph.c: the trees. */
void           _cs_report_callgraph_text       (CsCallGraph                 *graph,
                                               const CsProfileEvent        *e,
                                               const CsReportSampleOptions *options,
                                               GString                     *out);
json_object   *_cs_report_callgraph_json       (CsCallGraph                 *graph,
                                               const CsProfileEvent        *e,
                                               double                       percent_limit);

G_END_DECLS
