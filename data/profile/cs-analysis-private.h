/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis-private.h — what the files of the analysis share
 *
 * cs-analysis.c loads and evaluates, cs-analysis-charts.c makes the
 * program's charts, cs-analysis-warnings.c collects the banner's warnings,
 * cs-analysis-queries.c answers the viewer's questions, cs-analysis-filter.c
 * makes the analysis of the samples a filter selects.
 */
#pragma once

#include "cs-analysis.h"
#include "cs-chart-values.h"
#include "cs-profile-filter.h"

G_BEGIN_DECLS

struct _CsAnalysis
{
  GObject     parent_instance;
  char       *path;
  CsSession  *session;
  CsProfile  *profile;      /* NULL without samples */
  CsModel    *model;
  CsScope     program;
  GArray     *scopes;       /* CsScope */
  GPtrArray  *charts;       /* CsChartValues* */
  GPtrArray  *hidden_charts; /* CsChartValues*: no value without counts */
  GPtrArray  *warnings;     /* char*, NULL-terminated once loaded */
  GPtrArray  *details;      /* char*, NULL-terminated: the session's own sentences */
  int         default_event;
  guint       symbol_limit;
  /* a filtered analysis (cs-analysis-filter.c) */
  CsAnalysis      *base;
  CsProfileFilter *filter;
};

/* Evaluates the model for the program, each region and each sampled
 * module of the profile (cs-analysis.c). */
gboolean _cs_analysis_evaluate           (CsAnalysis *self,
                                         GError    **error);

/* Appends the warnings of the session, the samples and the symbolizer, and
 * the session's recorded sentences to the details. */
void     _cs_analysis_collect_warnings   (CsAnalysis *self);
/* Fills charts and hidden_charts from the program's evaluation. */
void     _cs_analysis_build_charts       (CsAnalysis *self);
/* The "Samples by module" BAR chart, NULL without samples. */
CsChartValues *_cs_analysis_samples_by_module_chart (CsAnalysis *self);
/* Whether @profile (may be NULL) has samples, all of software events:
 * what a host without a PMU records. */
gboolean _cs_analysis_sampled_software_only (CsProfile *profile);

G_END_DECLS
