/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-values.h — the numbers behind one BAR or REF chart
 *
 * Computed in the data layer so that the CLI report, the widgets and the
 * headless exporter show exactly the same values.
 */
#pragma once

#include "cs-evaluation.h"

G_BEGIN_DECLS

typedef enum
{
  CS_BAND_NONE = -1,   /* value is NaN */
  CS_BAND_LOW,
  CS_BAND_MEDIUM,
  CS_BAND_HIGH,
} CsBand;

typedef struct
{
  char         *name;      /* metric name */
  char         *label;     /* metric title */
  double        value;     /* metric value (NaN possible) */
  double        share;     /* value / sum of the non-negative parts, 0..1 */
  CsProvenance  provenance;
} CsChartPart;

typedef struct
{
  char         *id;
  CsChartKind   kind;
  char         *title;
  char         *unit;      /* unit of the values */
  /* BAR */
  CsChartPart  *parts;
  guint         n_parts;
  double        total;     /* sum of the non-negative, non-NaN part values */
  /* REF */
  char         *metric;
  char         *metric_label;
  double        value;
  double        low, medium, high;
  gboolean      higher_is_better;
  CsBand        band;
  const char   *sentence;  /* the sentence of @band, points into @sentences */
  char         *sentences[3];
  CsProvenance  provenance;
} CsChartValues;

CsChartValues *cs_chart_values_new    (const CsModelChart *chart,
                                       CsEvaluation       *evaluation);
void           cs_chart_values_free   (CsChartValues      *values);
/* All charts of the evaluation's model, in model order. */
GPtrArray     *cs_chart_values_list   (CsEvaluation       *evaluation);
CsBand         cs_band_for_value      (double              value,
                                       double              medium,
                                       double              high);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsChartValues, cs_chart_values_free)

G_END_DECLS
