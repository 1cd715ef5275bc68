/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-samples.h — the sample part of `cyclescope report`
 *
 * Tables of a profile sorted like `perf report --sort`: by module (dso), by
 * symbol (sym, dso,sym), by source line (srcline), or by any list of perf's
 * keys with the thread's and the CPU's (pid, comm, cpu), one table per
 * sampled event, as text, JSON or CSV (docs/cli.md describes the shapes).
 * Percentages are of the event's total period, as in perf. With call
 * chains, --children gives perf's Children and Self columns, --call-graph
 * the trees as text; JSON always carries both trees.
 */
#pragma once

#include "cs-analysis.h"
#include "cs-profile-groups.h"
#include "cs-report-counts.h"
#include "cs-report-filter.h"

G_BEGIN_DECLS

typedef enum
{
  CS_REPORT_SORT_DSO,
  CS_REPORT_SORT_SYM,
  CS_REPORT_SORT_DSO_SYM,
  CS_REPORT_SORT_SRCLINE,
  CS_REPORT_SORT_KEYS,           /* any other list of perf's keys (cs-profile-groups.h) */
} CsReportSort;

typedef enum
{
  CS_REPORT_CALL_GRAPH_NONE,
  CS_REPORT_CALL_GRAPH_CALLER,   /* the top-down tree, as perf -g caller */
  CS_REPORT_CALL_GRAPH_CALLEE,   /* the bottom-up tree, as perf -g callee */
} CsReportCallGraph;

typedef struct
{
  CsReportSort       sort;
  CsSortKey          keys[CS_SORT_MAX_KEYS];  /* --sort as given */
  guint              n_keys;
  const char        *event;          /* NULL: every sampled event */
  guint              limit;          /* rows per table, 0: all */
  gboolean           children;       /* perf report --children: Children and Self columns */
  CsReportCallGraph  call_graph;     /* text: the tree after each table */
  double             percent_limit;  /* tree nodes under this % of the event are left out */
  const CsReportFilterOptions *filter;  /* the filters given (the analysis is filtered already) */
} CsReportSampleOptions;

/* Sets @options' sort from --sort's @text: the tables of their own for
 * dso, sym, dso,sym (either order) and srcline, the grouped table of
 * cs-profile-groups.h for any other list of perf's keys. */
gboolean    cs_report_sort_parse       (const char            *text,
                                        CsReportSampleOptions *options,
                                        GError               **error);
/* "dso,sym", "comm,dso,sym": the keys as given. */
char       *cs_report_sort_describe    (const CsReportSampleOptions *options);

/* Appends the tables of @analysis's profile to @out. An --event that was
 * not sampled is an error naming the sampled events. Text and CSV are
 * complete documents; for JSON @out receives one object, the value of the
 * report's "profile" member. */
gboolean    cs_report_samples          (CsAnalysis                  *analysis,
                                        const CsReportSampleOptions *options,
                                        CsReportFormat               format,
                                        GString                     *out,
                                        GError                     **error);

/* When @analysis' perf.data is damaged after some samples (its tables hold
 * only those), says so on standard error as "cyclescope VERB: warning: …". */
void        cs_report_warn_partial     (const char                  *verb,
                                        CsAnalysis                  *analysis);

G_END_DECLS
