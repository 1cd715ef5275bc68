/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-values.c — the numbers behind one BAR or REF chart
 *
 * BAR (Kruse, CMSSW Performance Monitoring, 2011, §5.1): "component percentages
 * of a whole", so each part's share is its value over the sum of the parts.
 * Negative parts (Kruse's formulas can go below zero when events over-count,
 * e.g. non-retiring cycles) and unknown parts take no room in the bar.
 * REF: a value against fixed low / medium / high references, each band with
 * its sentence.
 */
#include "config.h"

#include <math.h>

#include "cs-chart-values.h"

CsBand
cs_band_for_value (double value,
                   double medium,
                   double high)
{
  if (isnan (value))
    return CS_BAND_NONE;
  if (value < medium)
    return CS_BAND_LOW;
  if (value < high)
    return CS_BAND_MEDIUM;
  return CS_BAND_HIGH;
}

static void
fill_bar (CsChartValues      *values,
          const CsModelChart *chart,
          CsEvaluation       *evaluation)
{
  CsModel *model = cs_evaluation_get_model (evaluation);
  guint n = chart->parts ? g_strv_length (chart->parts) : 0;

  values->parts = g_new0 (CsChartPart, MAX (n, 1));
  values->n_parts = n;
  values->total = 0;
  values->provenance = CS_PROVENANCE_NONE;

  for (guint i = 0; i < n; i++)
    {
      CsChartPart *part = &values->parts[i];
      int index = cs_model_get_metric_index (model, chart->parts[i]);

      part->name = g_strdup (chart->parts[i]);
      if (index < 0)
        {
          part->label = g_strdup (chart->parts[i]);
          part->value = NAN;
          part->provenance = CS_PROVENANCE_NONE;
          continue;
        }
      part->label = g_strdup (cs_model_get_metric (model, index)->title);
      part->value = cs_evaluation_get_value (evaluation, index);
      part->provenance = cs_evaluation_get_provenance (evaluation, index);
      if (values->unit == NULL)
        values->unit = g_strdup (cs_model_get_metric (model, index)->unit);
      if (!isnan (part->value) && part->value > 0)
        values->total += part->value;
      /* The chart as a whole is as weak as its weakest part. */
      if (part->provenance > values->provenance)
        values->provenance = part->provenance;
    }

  for (guint i = 0; i < n; i++)
    {
      CsChartPart *part = &values->parts[i];

      if (values->total > 0 && !isnan (part->value) && part->value > 0)
        part->share = part->value / values->total;
      else
        part->share = 0;
    }
}

static void
fill_ref (CsChartValues      *values,
          const CsModelChart *chart,
          CsEvaluation       *evaluation)
{
  CsModel *model = cs_evaluation_get_model (evaluation);
  int index = cs_model_get_metric_index (model, chart->metric);

  values->metric = g_strdup (chart->metric);
  values->low = chart->low;
  values->medium = chart->medium;
  values->high = chart->high;
  values->higher_is_better = chart->higher_is_better;
  values->sentences[CS_BAND_LOW] = g_strdup (chart->sentence_low);
  values->sentences[CS_BAND_MEDIUM] = g_strdup (chart->sentence_medium);
  values->sentences[CS_BAND_HIGH] = g_strdup (chart->sentence_high);

  if (index < 0)
    {
      values->metric_label = g_strdup (chart->metric);
      values->value = NAN;
      values->provenance = CS_PROVENANCE_NONE;
    }
  else
    {
      const CsModelMetric *metric = cs_model_get_metric (model, index);

      values->metric_label = g_strdup (metric->title);
      values->unit = g_strdup (metric->unit);
      values->value = cs_evaluation_get_value (evaluation, index);
      values->provenance = cs_evaluation_get_provenance (evaluation, index);
    }
  values->band = cs_band_for_value (values->value, values->medium, values->high);
  values->sentence = values->band == CS_BAND_NONE ? NULL : values->sentences[values->band];
}

CsChartValues *
cs_chart_values_new (const CsModelChart *chart,
                     CsEvaluation       *evaluation)
{
  CsChartValues *values;

  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (evaluation != NULL, NULL);

  values = g_new0 (CsChartValues, 1);
  values->id = g_strdup (chart->id);
  values->kind = chart->kind;
  values->title = g_strdup (chart->title);
  values->value = NAN;
  values->low = values->medium = values->high = NAN;
  values->band = CS_BAND_NONE;

  if (chart->kind == CS_CHART_BAR)
    fill_bar (values, chart, evaluation);
  else
    fill_ref (values, chart, evaluation);
  if (values->unit == NULL)
    values->unit = g_strdup ("");
  return values;
}

void
cs_chart_values_free (CsChartValues *values)
{
  if (values == NULL)
    return;
  for (guint i = 0; i < values->n_parts; i++)
    {
      g_free (values->parts[i].name);
      g_free (values->parts[i].label);
    }
  g_free (values->parts);
  g_free (values->id);
  g_free (values->title);
  g_free (values->unit);
  g_free (values->metric);
  g_free (values->metric_label);
  for (guint i = 0; i < G_N_ELEMENTS (values->sentences); i++)
    g_free (values->sentences[i]);
  g_free (values);
}

GPtrArray *
cs_chart_values_list (CsEvaluation *evaluation)
{
  CsModel *model;
  GPtrArray *list;

  g_return_val_if_fail (evaluation != NULL, NULL);

  model = cs_evaluation_get_model (evaluation);
  list = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_chart_values_free);
  for (guint i = 0; i < cs_model_get_n_charts (model); i++)
    g_ptr_array_add (list, cs_chart_values_new (cs_model_get_chart (model, i), evaluation));
  return list;
}
