/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison.c — two analyses side by side: the common event, each
 * side's facts and the model metrics of the whole program
 *
 * The tables are in cs-comparison-rows.c, the call trees in
 * cs-comparison-tree.c, the rule behind every verdict in
 * cs-comparison-verdict.c (docs/compare.md).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cs-comparison-private.h"
#include "cs-error.h"

/* perf_event_attr.type / config of the clock events (linux/perf_event.h):
 * their period is nanoseconds of CPU time, so Σ period is the sampled time. */
#define SOFTWARE_TYPE    1u
#define SW_CPU_CLOCK     0u
#define SW_TASK_CLOCK    1u

G_DEFINE_FINAL_TYPE (CsComparison, cs_comparison, G_TYPE_OBJECT)

void
cs_metric_delta_clear (CsMetricDelta *delta)
{
  g_clear_pointer (&delta->name, g_free);
  g_clear_pointer (&delta->label, g_free);
  g_clear_pointer (&delta->unit, g_free);
}

void
cs_row_delta_clear (CsRowDelta *row)
{
  g_clear_pointer (&row->name, g_free);
  g_clear_pointer (&row->module, g_free);
}

const char *
cs_change_to_string (CsChange change)
{
  switch (change)
    {
    case CS_CHANGE_WITHIN_NOISE:
      return _("within noise");
    case CS_CHANGE_GREW:
      return _("grew");
    case CS_CHANGE_SHRANK:
      return _("shrank");
    case CS_CHANGE_NO_SPREAD:
      return _("no spread: record with --repeat N");
    case CS_CHANGE_BASE_ONLY:
      return _("only in base");
    case CS_CHANGE_NEW_ONLY:
      return _("only in new");
    default:
      return "";
    }
}

static void
cs_comparison_finalize (GObject *object)
{
  CsComparison *self = CS_COMPARISON (object);

  g_clear_object (&self->base.analysis);
  g_clear_object (&self->new_side.analysis);
  g_free (self->base.program);
  g_free (self->base.program_as);
  g_free (self->new_side.program);
  g_free (self->new_side.program_as);
  g_free (self->event);
  g_clear_pointer (&self->metrics, g_array_unref);
  G_OBJECT_CLASS (cs_comparison_parent_class)->finalize (object);
}

static void
cs_comparison_class_init (CsComparisonClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_comparison_finalize;
}

static void
cs_comparison_init (CsComparison *self)
{
  self->base.event = -1;
  self->new_side.event = -1;
  self->metrics = g_array_new (FALSE, TRUE, sizeof (CsMetricDelta));
  g_array_set_clear_func (self->metrics, (GDestroyNotify) cs_metric_delta_clear);
}

/* The profile's event @name when it has samples, else -1. */
static int
sampled_event (CsProfile  *profile,
               const char *name)
{
  const CsProfileEvent *event;

  if (profile == NULL || name == NULL)
    return -1;
  event = cs_profile_find_event (profile, name);
  return event != NULL && event->n_samples > 0 ? (int) event->index : -1;
}

/* The new side's default event when the base sampled it too, else the
 * first event the new side sampled that the base has. */
static const char *
choose_event (CsProfile *base,
              CsProfile *new_profile)
{
  const CsProfileEvent *preferred;
  const char * const *names;

  if (base == NULL || new_profile == NULL)
    return NULL;
  preferred = cs_profile_get_default_event (new_profile);
  if (preferred != NULL && sampled_event (base, preferred->name) >= 0)
    return preferred->name;
  names = cs_profile_get_sampled_event_names (new_profile);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (sampled_event (base, names[i]) >= 0)
      return names[i];
  return NULL;
}

static double
side_sampled_seconds (CsCompareSide *side)
{
  const CsProfileEvent *event = cs_profile_get_event (side->profile, side->event);
  CsSession *session = cs_analysis_get_session (side->analysis);

  if (event->type == SOFTWARE_TYPE && (event->config == SW_CPU_CLOCK || event->config == SW_TASK_CLOCK))
    return (double) event->period / 1e9;
  /* Another event counts no time: its shares are shares of the run the
   * samples were taken in. */
  if (cs_session_get_n_sampling_runs (session) > 0)
    {
      CsSamplingRun *run = cs_session_get_sampling_run (session, 0);

      if (run->wall_seconds > 0)
        return run->wall_seconds;
    }
  return cs_session_get_duration (session);
}

/* TRUE when samples were taken in counting run @index: its counts carry
 * the cost of sampling (at 10 kHz with call chains, about 15 % more CPU
 * time here), which is no run-to-run spread. */
static gboolean
run_sampled (CsSession *session,
             guint      index)
{
  for (guint i = 0; i < cs_session_get_n_sampling_runs (session); i++)
    {
      const CsSamplingRun *s = cs_session_get_sampling_run (session, i);

      if (s->same_run && s->counting_run == index)
        return TRUE;
    }
  return FALSE;
}

/* The count @alias of each completed run that counted it, scaled as the
 * session scales counts; with @skip_sampled, not of runs that sampled. */
static GArray *
repeated_counts (CsSession  *session,
                 const char *alias,
                 gboolean    skip_sampled)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < cs_session_get_n_runs (session); i++)
    {
      const CsRun *run = cs_session_get_run (session, i);

      if (run->status != CS_RUN_OK || (skip_sampled && run_sampled (session, i)))
        continue;
      for (guint j = 0; j < run->counts->len; j++)
        {
          const CsCount *c = &g_array_index (run->counts, CsCount, j);
          double v;

          if (g_strcmp0 (c->name, alias) != 0 || c->time_running == 0)
            continue;
          v = (double) c->value * ((double) c->time_enabled / (double) c->time_running);
          g_array_append_val (values, v);
          break;
        }
    }
  return values;
}

/* The relative spread of the count every run repeats: the session's
 * cycles event (task_clock in the software model), over the runs that did
 * not also sample when at least two such runs exist. */
static void
side_spread (CsCompareSide *side)
{
  CsSession *session = cs_analysis_get_session (side->analysis);
  const char *alias = cs_session_get_cycles_alias (session);
  g_autoptr(GArray) values = NULL;
  double mean = 0, sq = 0;

  if (alias == NULL)
    alias = cs_model_get_cycles_alias (cs_analysis_get_model (side->analysis));
  side->rel_spread = NAN;
  side->n_runs = 0;
  if (alias == NULL)
    return;
  values = repeated_counts (session, alias, TRUE);
  if (values->len < 2)
    {
      g_array_unref (values);
      values = repeated_counts (session, alias, FALSE);
    }
  side->n_runs = values->len;
  if (values->len < 2)
    return;
  for (guint i = 0; i < values->len; i++)
    mean += g_array_index (values, double, i) / values->len;
  for (guint i = 0; i < values->len; i++)
    sq += pow (g_array_index (values, double, i) - mean, 2);
  if (mean > 0)
    side->rel_spread = sqrt (sq / (values->len - 1)) / mean;
}

static void
side_init (CsCompareSide *side,
           CsAnalysis    *analysis,
           const char    *event)
{
  side->analysis = g_object_ref (analysis);
  side->profile = cs_analysis_get_profile (analysis);
  side->event = sampled_event (side->profile, event);
  if (side->event >= 0)
    {
      const CsProfileEvent *e = cs_profile_get_event (side->profile, side->event);

      side->n_samples = e->n_samples;
      side->period = e->period;
      side->sampled_seconds = side_sampled_seconds (side);
    }
  side_spread (side);
}

static double
program_value (CsAnalysis *analysis,
               const char *metric)
{
  const CsScope *program = cs_analysis_get_program (analysis);

  if (program == NULL || program->evaluation == NULL)
    return NAN;
  return cs_evaluation_lookup (program->evaluation, metric);
}

static void
add_metric (CsComparison          *self,
            const CsModelMetric   *metric,
            gboolean               in_base,
            gboolean               in_new)
{
  CsMetricDelta d = { 0 };
  double rb = self->base.rel_spread, rn = self->new_side.rel_spread;

  d.name = g_strdup (metric->name);
  d.label = g_strdup (metric->title != NULL ? metric->title : metric->name);
  d.unit = g_strdup (metric->unit);
  d.base = in_base ? program_value (self->base.analysis, metric->name) : NAN;
  d.new_value = in_new ? program_value (self->new_side.analysis, metric->name) : NAN;
  d.delta = d.new_value - d.base;
  d.ratio = d.base != 0 && !isnan (d.base) ? d.new_value / d.base : NAN;
  d.base_spread = isnan (rb) ? NAN : rb * fabs (d.base);
  d.new_spread = isnan (rn) ? NAN : rn * fabs (d.new_value);
  d.base_runs = self->base.n_runs;
  d.new_runs = self->new_side.n_runs;
  if (isnan (d.base) && !isnan (d.new_value))
    d.change = CS_CHANGE_NEW_ONLY;
  else if (!isnan (d.base) && isnan (d.new_value))
    d.change = CS_CHANGE_BASE_ONLY;
  else
    d.change = _cs_change_judge (d.delta, d.base_spread, d.new_spread);
  g_array_append_val (self->metrics, d);
}

/* Every program metric of either model by name, the new model's order
 * first: the two sides may have been recorded with different models. */
static guint
build_metrics (CsComparison *self)
{
  CsModel *bm = cs_analysis_get_model (self->base.analysis);
  CsModel *nm = cs_analysis_get_model (self->new_side.analysis);
  guint common = 0;

  for (guint i = 0; nm != NULL && i < cs_model_get_n_metrics (nm); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (nm, i);
      gboolean in_base = bm != NULL && cs_model_find_metric (bm, m->name) != NULL;

      add_metric (self, m, in_base, TRUE);
    }
  for (guint i = 0; bm != NULL && i < cs_model_get_n_metrics (bm); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (bm, i);

      if (nm == NULL || cs_model_find_metric (nm, m->name) == NULL)
        add_metric (self, m, TRUE, FALSE);
    }
  for (guint i = 0; i < self->metrics->len; i++)
    {
      const CsMetricDelta *d = &g_array_index (self->metrics, CsMetricDelta, i);

      if (!isnan (d->base) && !isnan (d->new_value))
        common++;
    }
  return common;
}

static char *
join_events (CsAnalysis *analysis)
{
  const char * const *names = cs_analysis_get_sampled_events (analysis);

  if (names == NULL || names[0] == NULL)
    return g_strdup (_("none"));
  return g_strjoinv (", ", (char **) names);
}

CsComparison *
cs_comparison_new_for_event (CsAnalysis  *base,
                             CsAnalysis  *new_analysis,
                             const char  *event,
                             GError     **error)
{
  g_autoptr(CsComparison) self = NULL;
  CsProfile *bp, *np;
  const char *chosen;

  g_return_val_if_fail (CS_IS_ANALYSIS (base), NULL);
  g_return_val_if_fail (CS_IS_ANALYSIS (new_analysis), NULL);

  bp = cs_analysis_get_profile (base);
  np = cs_analysis_get_profile (new_analysis);
  if (event != NULL && (sampled_event (bp, event) < 0 || sampled_event (np, event) < 0))
    {
      g_autofree char *be = join_events (base);
      g_autofree char *ne = join_events (new_analysis);

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("Event “%s” was not sampled in both recordings (base: %s; new: %s). "
                     "Choose an event both sampled."),
                   event, be, ne);
      return NULL;
    }
  chosen = event != NULL ? cs_profile_get_event (np, sampled_event (np, event))->name
                         : choose_event (bp, np);

  self = g_object_new (CS_TYPE_COMPARISON, NULL);
  self->event = g_strdup (chosen);
  side_init (&self->base, base, chosen);
  side_init (&self->new_side, new_analysis, chosen);
  _cs_comparison_pair_programs (self);

  if (build_metrics (self) == 0 && chosen == NULL)
    {
      g_autofree char *be = join_events (base);
      g_autofree char *ne = join_events (new_analysis);

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("“%s” and “%s” have no sampled event and no model metric in common "
                     "(sampled in base: %s; in new: %s). Record both with the same "
                     "events, e.g. “cyclescope record -e cpu-clock”."),
                   cs_analysis_get_path (base), cs_analysis_get_path (new_analysis), be, ne);
      return NULL;
    }
  return g_steal_pointer (&self);
}

CsComparison *
cs_comparison_new (CsAnalysis  *base,
                   CsAnalysis  *new_analysis,
                   GError     **error)
{
  return cs_comparison_new_for_event (base, new_analysis, NULL, error);
}

CsAnalysis *
cs_comparison_get_base (CsComparison *self)
{
  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  return self->base.analysis;
}

CsAnalysis *
cs_comparison_get_new (CsComparison *self)
{
  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  return self->new_side.analysis;
}

const char *
cs_comparison_get_event (CsComparison *self)
{
  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  return self->event;
}

const GArray *
cs_comparison_get_metrics (CsComparison *self)
{
  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  return self->metrics;
}

void
cs_comparison_get_side_facts (CsComparison       *self,
                              gboolean            base,
                              CsCompareSideFacts *facts)
{
  const CsCompareSide *side;

  g_return_if_fail (CS_IS_COMPARISON (self));
  g_return_if_fail (facts != NULL);
  side = base ? &self->base : &self->new_side;
  facts->n_samples = side->n_samples;
  facts->sampled_seconds = side->sampled_seconds;
  facts->rel_spread = side->rel_spread;
  facts->n_runs = side->n_runs;
}
