/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-evaluation.h — every metric of a model evaluated on one scope
 *
 * A scope is the whole program, a region (instrumented module) or a sampled
 * module / symbol. Metrics are evaluated once, in dependency order, with
 * memoisation; program(...) in a formula reads the @program evaluation.
 */
#pragma once

#include "cs-counts.h"
#include "cs-model.h"

G_BEGIN_DECLS

typedef struct _CsEvaluation CsEvaluation;

/* @program: the whole-program evaluation, or NULL when @counts is the whole
 * program. Missing events evaluate to NaN (shown as "—"), not an error; an
 * identifier that is no alias, constant or metric is an error naming the
 * model file, the metric and the column; so is a cycle between metrics. */
CsEvaluation *cs_evaluation_new              (CsModel       *model,
                                              CsCounts      *counts,
                                              CsEvaluation  *program,
                                              GError       **error);
CsEvaluation *cs_evaluation_ref              (CsEvaluation  *self);
void          cs_evaluation_unref            (CsEvaluation  *self);
CsModel      *cs_evaluation_get_model        (CsEvaluation  *self);
CsCounts     *cs_evaluation_get_counts       (CsEvaluation  *self);
/* Index as in cs_model_get_metric(). NaN when not computable. */
double        cs_evaluation_get_value        (CsEvaluation  *self,
                                              guint          metric_index);
double        cs_evaluation_lookup           (CsEvaluation  *self,
                                              const char    *metric_name);
/* The weakest provenance among the events the metric depends on. */
CsProvenance  cs_evaluation_get_provenance   (CsEvaluation  *self,
                                              guint          metric_index);

/* Checks a model without counts: every identifier resolves and there is no
 * cycle. Used when a model file is loaded. */
gboolean      cs_model_check                 (CsModel       *model,
                                              GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsEvaluation, cs_evaluation_unref)

G_END_DECLS
