/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis-charts.c — the charts of the whole program
 *
 * The model's charts are computed from counts. A recording with samples
 * also gets a chart that needs no counts at all: the share of each module
 * in the default event's period (Kruse, CMSSW Performance Monitoring, 2011,
 * §5.4: modules are estimated from samples), so that a plain perf.data shows more than empty charts. Without
 * counting runs a model chart whose every value is NaN says nothing but
 * "record with counts": it is left out of the grid, and the viewer, the
 * report and the exporter say how many were left out instead.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cs-analysis-private.h"
#include "cs-chart-values.h"

/* Modules drawn as their own part; the rest is one "other" part, so that
 * the bar keeps distinguishable colours and a readable legend. */
#define TOP_MODULES 5

/* perf_event_attr.type / config of the clock events (linux/perf_event.h),
 * whose period is nanoseconds. */
#define PERF_TYPE_HARDWARE_ID    0
#define PERF_TYPE_SOFTWARE_ID    1
#define SW_CPU_CLOCK             0
#define SW_TASK_CLOCK            1
#define HW_CPU_CYCLES            0

/* How the period of @event reads: clock events in milliseconds (as the
 * software model shows CPU time), cycles as cycles, anything else as a plain
 * count of the event. Returns the factor to apply to the period. */
static double
period_unit (const CsProfileEvent  *event,
             const char           **unit)
{
  if (event->type == PERF_TYPE_SOFTWARE_ID &&
      (event->config == SW_CPU_CLOCK || event->config == SW_TASK_CLOCK))
    {
      *unit = "ms";
      return 1e-6;
    }
  if (event->type == PERF_TYPE_HARDWARE_ID && event->config == HW_CPU_CYCLES)
    {
      *unit = "cycles";
      return 1.0;
    }
  *unit = "count";
  return 1.0;
}

static void
set_part (CsChartPart *part,
          const char  *name,
          const char  *label,
          double       value,
          double       share)
{
  part->name = g_strdup (name);
  part->label = g_strdup (label);
  part->value = value;
  part->share = share;
  part->provenance = CS_PROVENANCE_ESTIMATED;
}

CsChartValues *
_cs_analysis_samples_by_module_chart (CsAnalysis *self)
{
  const CsProfileEvent *event = cs_analysis_get_default_event (self);
  g_autoptr(GArray) modules = NULL;
  CsChartValues *values;
  const char *unit = NULL;
  double factor, total = 0, rest = 0;
  guint n_shown;

  if (event == NULL || event->period == 0)
    return NULL;
  modules = cs_profile_dup_module_table (self->profile, event->index);
  if (modules == NULL || modules->len == 0)
    return NULL;
  for (guint i = 0; i < modules->len; i++)
    total += (double) g_array_index (modules, CsProfileModuleRow, i).period;
  if (!(total > 0))
    return NULL;

  factor = period_unit (event, &unit);
  /* One "other" part for a single leftover module would hide its name. */
  n_shown = modules->len <= TOP_MODULES + 1 ? modules->len : TOP_MODULES;

  values = g_new0 (CsChartValues, 1);
  values->id = g_strdup (CS_ANALYSIS_CHART_SAMPLES_BY_MODULE);
  values->kind = CS_CHART_BAR;
  /* TRANSLATORS: title of the chart of each module's share of the samples */
  values->title = g_strdup (_("Samples by module"));
  values->unit = g_strdup (unit);
  values->n_parts = n_shown + (n_shown < modules->len ? 1 : 0);
  values->parts = g_new0 (CsChartPart, values->n_parts);
  values->value = NAN;
  values->low = values->medium = values->high = NAN;
  values->band = CS_BAND_NONE;
  values->provenance = CS_PROVENANCE_ESTIMATED;

  for (guint i = 0; i < modules->len; i++)
    {
      const CsProfileModuleRow *row = &g_array_index (modules, CsProfileModuleRow, i);

      if (i < n_shown)
        set_part (&values->parts[i], row->module->name, row->module->name,
                  (double) row->period * factor, (double) row->period / total);
      else
        rest += (double) row->period;
    }
  if (n_shown < modules->len)
    /* TRANSLATORS: the part of the "Samples by module" chart that adds up
     * the modules too small to be shown one by one */
    set_part (&values->parts[n_shown], "other", _("Other modules"), rest * factor, rest / total);
  values->total = total * factor;
  return values;
}

static gboolean
chart_has_value (const CsChartValues *chart)
{
  if (chart->kind != CS_CHART_BAR)
    return !isnan (chart->value);
  for (guint i = 0; i < chart->n_parts; i++)
    if (!isnan (chart->parts[i].value))
      return TRUE;
  return FALSE;
}

void
_cs_analysis_build_charts (CsAnalysis *self)
{
  g_autoptr(GPtrArray) model_charts = cs_chart_values_list (self->program.evaluation);
  gboolean has_counts = cs_session_get_n_runs (self->session) > 0;
  CsChartValues *modules = NULL;

  self->charts = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_chart_values_free);
  self->hidden_charts = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_chart_values_free);

  if (self->profile != NULL && (modules = _cs_analysis_samples_by_module_chart (self)) != NULL)
    g_ptr_array_add (self->charts, modules);

  /* Ownership moves from the model's list to ours. */
  g_ptr_array_set_free_func (model_charts, NULL);
  for (guint i = 0; i < model_charts->len; i++)
    {
      CsChartValues *chart = g_ptr_array_index (model_charts, i);

      g_ptr_array_add (has_counts || chart_has_value (chart) ? self->charts : self->hidden_charts, chart);
    }
}

char *
cs_analysis_describe_hidden_charts (CsAnalysis *self)
{
  guint n;

  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);

  n = self->hidden_charts != NULL ? self->hidden_charts->len : 0;
  if (n == 0)
    return NULL;
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u chart needs counting runs: record with “cyclescope record” to see it.",
                                       "%u charts need counting runs: record with “cyclescope record” to see them.",
                                       n),
                          n);
}
