/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-diff-report.h — what `cyclescope diff` hands its renderers
 *
 * cs-cli-diff.c parses the options, loads both recordings, builds the
 * comparison (data/compare) and its tables, sorted and cut to --limit;
 * cs-diff-text.c, cs-diff-json.c and cs-diff-csv.c only print them.
 */
#pragma once

#include <glib.h>

#include "cs-comparison.h"

G_BEGIN_DECLS

typedef struct
{
  const char *title;      /* translated heading, "Functions" */
  const char *id;         /* JSON member / CSV table column: "functions" */
  gboolean    functions;  /* rows have a module */
  GArray     *rows;       /* CsRowDelta, sorted, at most --limit */
  guint       n_rows;     /* before the limit */
} CsDiffTable;

typedef struct
{
  CsComparison *comparison;
  gboolean      children;  /* the function table is by total share */
  CsDiffTable   tables[3]; /* modules, functions, regions */
} CsDiffReport;

/* The verdict as JSON and CSV name it: "within-noise", "grew", "shrank",
 * "no-spread", "base-only", "new-only". */
const char *cs_diff_change_id     (CsChange change);
/* The command of a side's session, one line. */
char       *cs_diff_command       (CsAnalysis *analysis);
/* Counting runs and sampling runs of a side. */
guint       cs_diff_n_runs        (CsAnalysis *analysis);
const char *cs_diff_model_id      (CsAnalysis *analysis);

void        cs_diff_render_text   (const CsDiffReport *report,
                                   GString            *out);
void        cs_diff_render_json   (const CsDiffReport *report,
                                   GString            *out);
void        cs_diff_render_csv    (const CsDiffReport *report,
                                   GString            *out);

G_END_DECLS
