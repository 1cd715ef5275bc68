/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-model.c — libFuzzer target for the model loader
 *
 * Loads the input as a model file; what loads is evaluated on counts for
 * every event it names (two scopes: the program and one that refers to it
 * through program()), and its charts are computed from both, so that the
 * formula engine, the metric order and the chart values run on whatever
 * the loader accepts.
 */
#include "config.h"

#include <stdint.h>

#include "cs-chart-values.h"
#include "cs-evaluation.h"
#include "cs-model.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = cs_model_new_from_data ((const char *) data, size, "fuzz.json", &error);
  g_autoptr(CsCounts) counts = NULL;
  g_autoptr(CsCounts) part = NULL;
  g_autoptr(CsEvaluation) program = NULL;
  g_autoptr(CsEvaluation) scope = NULL;
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GPtrArray) scope_charts = NULL;

  if (model == NULL)
    return 0;
  counts = cs_counts_new ();
  part = cs_counts_new ();
  /* Varied values, zeros included (division by zero is NaN, d_ratio 0). */
  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *event = cs_model_get_event (model, i);

      cs_counts_set (counts, event->alias, 1000.0 * (i + 1), CS_PROVENANCE_COUNTED);
      cs_counts_set (part, event->alias, i % 3 == 0 ? 0 : 10.0 * i, CS_PROVENANCE_SCALED);
    }
  program = cs_evaluation_new (model, counts, NULL, &error);
  if (program == NULL)
    return 0;
  charts = cs_chart_values_list (program);
  scope = cs_evaluation_new (model, part, program, &error);
  if (scope == NULL)
    return 0;
  scope_charts = cs_chart_values_list (scope);
  return 0;
}
