/* cs-analysis-private.h — what the files of the analysis share
 *
 * cs-analysis.c loads and evaluates, cs-analysis-warnings.c collects the
 * banner's warnings, cs-analysis-queries.c answers the viewer's questions.
 */
#pragma once

#include "cs-analysis.h"

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
  GPtrArray  *warnings;     /* char*, NULL-terminated once loaded */
  int         default_event;
  guint       symbol_limit;
};

/* Appends the warnings of the session, the samples and the symbolizer. */
void     cs_analysis_collect_warnings   (CsAnalysis *self);

G_END_DECLS
