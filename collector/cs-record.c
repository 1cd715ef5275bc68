/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record.c — runs a planned recording and keeps the session up to date
 *
 * The session is saved (atomically, by cs_session_save) before every run,
 * as it would stand should the collector die during that run: the runs so
 * far, this one interrupted, the others not run, complete=false. So
 * whatever stops the recording — the program crashing, Ctrl-C, a closed
 * terminal, SIGKILL, a write error — leaves a loadable bundle with what was
 * measured; a sampling run's perf.data is written under its name from the
 * start and holds the samples until then.
 */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "cs-collector-error.h"
#include "cs-counting.h"
#include "cs-perf-names.h"
#include "cs-record-private.h"
#include "cs-region-run.h"
#include "cs-sampling-run.h"

typedef struct
{
  CsRecorder           *self;
  CsSession            *session;
  CsRecordProgressFunc  progress;
  gpointer              progress_data;
  gint64                t0;
  guint                 run;       /* 1-based number of the current run */
  guint                 n_runs;
  gboolean              any_failed;
} RunState;

/* running */

static CsSession *
new_session (CsRecorder *self)
{
  CsSession *session = cs_session_new ();
  g_autofree char *hostname = NULL, *cpu = NULL, *kernel = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  cs_session_fill_host_from_system (session);
  hostname = g_strdup (cs_session_get_hostname (session));
  cpu = g_strdup (cs_session_get_cpu_model (session));
  kernel = g_strdup (cs_session_get_kernel_release (session));
  cs_session_set_host (session, hostname, cpu,
                       self->pmu != NULL ? self->pmu->name : NULL,
                       self->pmu != NULL ? self->pmu->description : NULL,
                       kernel, cs_session_get_n_cpus (session));
  if (self->attach != NULL)
    _cs_recorder_session_attach (self, session);
  else
    cs_session_set_command (session, (const char * const *) self->options->argv, self->cwd);
  cs_session_set_model_id (session, cs_model_get_id (self->model));
  cs_session_set_cycles_alias (session, self->plan->cycles_alias);
  cs_session_set_mode (session, cs_plan_mode_to_string (self->options->mode));
  cs_session_set_start_time (session, now);
  cs_session_set_complete (session, FALSE);

  if (self->no_pmu_reason != NULL)
    cs_session_add_warning (session, (const char *) g_ptr_array_index (self->notices, 0));
  for (guint i = self->no_pmu_reason != NULL ? 1 : 0; i + 1 < self->notices->len; i++)
    cs_session_add_note (session, g_ptr_array_index (self->notices, i));
  for (guint i = 0; i < self->plan->notes->len; i++)
    cs_session_add_note (session, g_ptr_array_index (self->plan->notes, i));
  return session;
}

static double
timeval_seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec / 1e6;
}

static void
report (RunState        *state,
        CsRecordRunKind  kind,
        const char      *label,
        const char      *events,
        gboolean         finished,
        double           run_seconds,
        const char      *outcome,
        const char      *warning)
{
  CsRecordProgress p = {
    .run = state->run,
    .n_runs = state->n_runs,
    .kind = kind,
    .label = label,
    .events = events,
    .finished = finished,
    .elapsed = (g_get_monotonic_time () - state->t0) / (double) G_USEC_PER_SEC,
    .run_seconds = run_seconds,
    .outcome = outcome,
    .warning = warning,
  };

  if (state->progress != NULL)
    state->progress (&p, state->progress_data);
}

static GPtrArray *
counting_groups (const CsPlan    *plan,
                 const CsPlanRun *prun,
                 GString         *label,
                 GString         *events)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_group_free);

  for (guint k = 0; k < prun->groups->len; k++)
    {
      guint index = g_array_index (prun->groups, guint, k);
      const CsPlanGroup *pg = g_ptr_array_index (plan->groups, index);
      g_autofree char *session_label = g_strdup_printf ("g%u", index + 1);
      CsCountingGroup *group = cs_counting_group_new (session_label);

      if (label->len > 0)
        g_string_append (label, " + ");
      g_string_append (label, pg->label);
      for (guint e = 0; e < pg->events->len; e++)
        {
          const CsPlanEvent *pe = g_ptr_array_index (pg->events, e);

          cs_counting_group_add (group, cs_counting_event_new (pe->alias, pe->event, pe->fstr,
                                                               &pe->attr));
          if (events->len > 0)
            g_string_append (events, ", ");
          g_string_append (events, cs_perf_event_spelling (pe->event) != NULL
                                   ? cs_perf_event_spelling (pe->event) : pe->alias);
        }
      g_ptr_array_add (groups, group);
    }
  return groups;
}

static char *
session_run_label (const CsPlan    *plan,
                   const CsPlanRun *prun,
                   guint            i)
{
  if (plan->mode == CS_PLAN_MODE_MULTIPLEX)
    return g_strdup ("all");
  if (prun->cycles_only)
    return g_strdup_printf ("repeat-%u", i + 1);
  return g_strdup_printf ("g%u", g_array_index (prun->groups, guint, 0) + 1);
}

/* The counting run @i of the plan into the session, from the values a
 * counting or a counting-and-sampling run read. Unscheduled events go to
 * @warning (and the session's warnings). */
static CsRun *
add_counting_run (RunState            *state,
                  guint                i,
                  const char          *label,
                  GArray              *values,
                  int                  wait_status,
                  const struct rusage *usage,
                  double               wall_seconds,
                  gboolean             interrupted,
                  GString             *warning)
{
  CsRecorder *self = state->self;
  const CsPlanRun *prun = g_ptr_array_index (self->plan->runs, i);
  CsRun *run = cs_session_add_run (state->session);

  run->group = session_run_label (self->plan, prun, i);
  run->multiplexed = self->plan->mode == CS_PLAN_MODE_MULTIPLEX;
  _cs_recorder_set_run_status (&run->status, &run->exit_code, &run->term_signal, wait_status, interrupted);
  run->wall_seconds = wall_seconds;
  run->user_seconds = timeval_seconds (&usage->ru_utime);
  run->system_seconds = timeval_seconds (&usage->ru_stime);
  /* An attached recording's comes from /proc (cs-attach-run.h). */
  _cs_recorder_set_rusage (&run->rusage, usage);
  for (guint v = 0; v < values->len; v++)
    {
      const CsCountingValue *cv = &g_array_index (values, CsCountingValue, v);

      cs_run_add_count (run, cv->name, cv->event, cv->fstr, cv->value,
                        cv->time_enabled, cv->time_running);
      /* Never silently zero: the session leaves the value out and says so. */
      /* time_enabled 0 too: an attached process that never ran, whose
       * counts are 0 rather than unscheduled. */
      if (cv->time_running == 0 && cv->time_enabled > 0 && !interrupted)
        {
          if (warning->len > 0)
            g_string_append (warning, ", ");
          g_string_append (warning, cv->name);
        }
    }
  _cs_recorder_note_idle (self, state->session, values);
  if (warning->len > 0)
    {
      g_autofree char *text =
        g_strdup_printf (_("Run %u (%s): the kernel never scheduled %s (time_running 0); "
                           "those values are left out. Try --mode runs or fewer events."),
                         state->run, label, warning->str);
      cs_session_add_warning (state->session, text);
      g_string_assign (warning, text);
    }
  if (run->status == CS_RUN_FAILED)
    state->any_failed = TRUE;
  return run;
}

static gboolean save_provisional (RunState *state, const char *sampling_file, GError **error);

static CsSamplingRun *
add_sampling_run (RunState   *state,
                  const char *file)
{
  CsRecorder *self = state->self;
  CsSamplingRun *srun = cs_session_add_sampling_run (state->session);

  srun->perf_data = g_strdup (file);
  srun->event = g_strdup (self->sample_name);
  srun->event_string = g_strdup (self->sample_fstr != NULL ? self->sample_fstr : self->sample_event);
  srun->period = self->period;
  srun->frequency = self->frequency;
  srun->callchains = self->options->callchains;
  srun->user_regs = self->options->user_regs;
  return srun;
}

/* Returns FALSE with @error when the run could not happen; an interrupted
 * run is recorded and reported through @interrupted. */
static gboolean
do_counting_run (RunState      *state,
                 guint          i,
                 gboolean      *interrupted,
                 GCancellable  *cancellable,
                 GError       **error)
{
  CsRecorder *self = state->self;
  const CsPlanRun *prun = g_ptr_array_index (self->plan->runs, i);
  g_autoptr(GString) label = g_string_new (NULL);
  g_autoptr(GString) events = g_string_new (NULL);
  g_autoptr(GString) warning = g_string_new (NULL);
  g_autoptr(GPtrArray) groups = counting_groups (self->plan, prun, label, events);
  g_autoptr(CsCountingResult) result = NULL;
  g_autoptr(CsRegionRun) regions = NULL;
  g_autofree char *outcome = NULL;
  CsRun *run;

  report (state, CS_RECORD_RUN_COUNTING, label->str, events->str, FALSE, 0, NULL, NULL);
  if (!save_provisional (state, NULL, error))
    return FALSE;
  if (self->options->regions)
    {
      g_autofree char *name = g_strdup_printf ("run-%u", i);

      regions = cs_region_run_new (self->bundle_path, name, groups, self->options->skip_events);
    }
  result = _cs_recorder_count (self, groups, regions != NULL ? cs_region_run_get_envp (regions) : NULL,
                               cancellable, error);
  if (result == NULL)
    return FALSE;

  run = add_counting_run (state, i, label->str, result->values, result->wait_status,
                          &result->usage, result->wall_seconds, result->interrupted, warning);
  if (regions != NULL)
    {
      g_autofree char *what = g_strdup_printf (_("Run %u (%s)"), state->run, label->str);

      if (!cs_region_run_collect_counts (regions, run, result->interrupted ? NULL : state->session,
                                         what, error))
        return FALSE;
    }

  outcome = _cs_recorder_describe_outcome (result->wait_status, result->interrupted);
  report (state, CS_RECORD_RUN_COUNTING, label->str, events->str, TRUE, result->wall_seconds,
          outcome, warning->len > 0 ? warning->str : NULL);
  *interrupted = result->interrupted;
  return TRUE;
}

/* With @counting_index >= 0 the plan's counting run of that index is
 * counted in the same run (cs_recorder_get_same_run()). */
static gboolean
do_sampling_run (RunState      *state,
                 int            counting_index,
                 gboolean      *interrupted,
                 GCancellable  *cancellable,
                 GError       **error)
{
  CsRecorder *self = state->self;
  guint index = cs_session_get_n_sampling_runs (state->session);
  g_autofree char *file = g_strdup_printf ("sampling-%u.perf.data", index);  /* docs/session-format.md */
  g_autofree char *path = g_build_filename (self->bundle_path, file, NULL);
  g_autofree char *label = _cs_recorder_sampling_label (self);
  g_autofree char *outcome = NULL;
  g_autofree char *warning = NULL;
  CsSamplerEvent event = { &self->sample_attr, self->sample_name };
  CsSamplerOptions options = {
    .frequency = self->frequency,
    .period = self->period,
    .callchain = self->options->callchains && self->options->stack_user == 0,
    .stack_user = self->options->callchains ? self->options->stack_user : 0,
    .user_regs = self->options->user_regs,
  };
  CsSamplingResult result;
  CsSamplingRun *srun;
  GThread *kallsyms = NULL;
  g_autoptr(CsRegionRun) regions = NULL;
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GString) count_label = g_string_new (NULL);
  g_autoptr(GString) events = g_string_new (self->sample_name);
  g_autoptr(GString) count_warning = g_string_new (NULL);
  CsRecordRunKind kind = CS_RECORD_RUN_SAMPLING;

  if (counting_index >= 0)
    {
      g_autoptr(GString) counted = g_string_new (NULL);

      groups = counting_groups (self->plan, g_ptr_array_index (self->plan->runs, counting_index),
                                count_label, counted);
      /* TRANSLATORS: the sampled event, then the counted ones: "cpu-clock; task-clock, …" */
      g_string_append_printf (events, _("; counting %s"), counted->str);
      kind = CS_RECORD_RUN_COUNTING_SAMPLING;
    }
  report (state, kind, label, events->str, FALSE, 0, NULL, NULL);
  if (!save_provisional (state, file, error))
    return FALSE;
  if (!self->sample_attr.exclude_kernel)
    kallsyms = _cs_recorder_start_kallsyms_save (index, self->bundle_path);
  if (self->options->regions)
    {
      g_autofree char *name = g_strdup_printf ("sampling-%u", index);

      regions = cs_region_run_new (self->bundle_path, name, NULL, self->options->skip_events);
    }
  if (!_cs_recorder_sample (self, regions != NULL ? cs_region_run_get_envp (regions) : NULL,
                            &event, &options, groups, path, &result, cancellable, error))
    {
      _cs_recorder_finish_kallsyms_save (kallsyms, state->session, NULL);
      return FALSE;
    }

  if (groups != NULL)
    add_counting_run (state, counting_index, count_label->str, result.values, result.wait_status,
                      &result.usage, result.wall_seconds, result.interrupted, count_warning);
  cs_sampling_result_clear (&result);
  srun = add_sampling_run (state, file);
  srun->same_run = groups != NULL;
  srun->counting_run = groups != NULL ? cs_session_get_n_runs (state->session) - 1 : 0;
  srun->n_samples = result.stats.n_samples;
  srun->n_lost = result.stats.n_lost;
  srun->wall_seconds = result.wall_seconds;
  _cs_recorder_set_rusage (&srun->rusage, &result.usage);
  _cs_recorder_finish_kallsyms_save (kallsyms, state->session, srun);
  _cs_recorder_set_run_status (&srun->status, &srun->exit_code, &srun->term_signal,
                  result.wait_status, result.interrupted);
  if (srun->status == CS_RUN_FAILED)
    state->any_failed = TRUE;
  if (regions != NULL)
    {
      g_autofree char *what = g_strdup_printf (_("Sampling run %u"), index + 1);
      g_autofree char *marks = g_strdup_printf ("sampling-%u.regions", index);  /* docs/session-format.md */

      if (!cs_region_run_collect_marks (regions, marks, result.interrupted ? NULL : state->session,
                                        what, &srun->regions, error))
        return FALSE;
    }
  if (result.stats.n_lost > 0)
    {
      warning = g_strdup_printf (_("Sampling run %u lost %llu samples (the ring buffer was "
                                   "full): lower the rate with -F"), index + 1,
                                 (unsigned long long) result.stats.n_lost);
      cs_session_add_warning (state->session, warning);
    }
  if (count_warning->len > 0)
    {
      g_autofree char *both = warning != NULL ? g_strdup_printf ("%s; %s", count_warning->str, warning)
                                              : g_strdup (count_warning->str);
      g_free (warning);
      warning = g_steal_pointer (&both);
    }

  outcome = _cs_recorder_describe_outcome (result.wait_status, result.interrupted);
  report (state, kind, label, events->str, TRUE, result.wall_seconds, outcome, warning);
  *interrupted = result.interrupted;
  return TRUE;
}

static gboolean
save (RunState  *state,
      GError   **error)
{
  cs_session_set_duration (state->session,
                           (g_get_monotonic_time () - state->t0) / (double) G_USEC_PER_SEC);
  return cs_session_save (state->session, state->self->bundle_path, error);
}

/* Planned runs that never started are listed so a reader sees the gap. */
static void add_not_run (RunState *state, guint first);

/* Saves the session as it should stand if the collector died during the
 * run about to start (state->run; @sampling_file when it is the sampling
 * run): that run interrupted, the later counting runs not run, a warning;
 * then takes those back. */
static gboolean
save_provisional (RunState    *state,
                  const char  *sampling_file,
                  GError     **error)
{
  CsSession *session = state->session;
  guint n_runs = cs_session_get_n_runs (session);
  guint n_sampling = cs_session_get_n_sampling_runs (session);
  guint n_warnings = g_strv_length ((char **) cs_session_get_warnings (session));
  g_autofree char *text =
    g_strdup_printf (_("The recording did not finish: it stopped during run %u of %u (the "
                       "collector was killed or crashed). The runs before it are kept, and "
                       "the samples written until then."),
                     state->run, state->n_runs);
  gboolean ok;

  add_not_run (state, n_runs);
  if (sampling_file != NULL)
    add_sampling_run (state, sampling_file)->status = CS_RUN_INTERRUPTED;
  else if (n_runs < cs_session_get_n_runs (session))
    cs_session_get_run (session, n_runs)->status = CS_RUN_INTERRUPTED;
  cs_session_add_warning (session, text);
  ok = save (state, error);
  cs_session_truncate (session, n_runs, n_sampling, n_warnings);
  return ok;
}

static void
add_not_run (RunState *state,
             guint     first)
{
  CsRecorder *self = state->self;

  if (!self->options->counting)
    return;
  for (guint i = first; i < self->plan->runs->len; i++)
    {
      CsRun *run = cs_session_add_run (state->session);
      run->group = session_run_label (self->plan, g_ptr_array_index (self->plan->runs, i), i);
      run->multiplexed = self->plan->mode == CS_PLAN_MODE_MULTIPLEX;
      run->status = CS_RUN_NOT_RUN;
    }
}

CsSession *
cs_recorder_run (CsRecorder            *self,
                 CsRecordProgressFunc   progress,
                 gpointer               progress_data,
                 GCancellable          *cancellable,
                 GError               **error)
{
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) local = NULL;
  RunState state = { 0, };
  guint n_counting;
  guint done = 0;
  gboolean interrupted = FALSE;

  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);

  if (self->started)
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                           _("This recorder has already run; create a new one"));
      return NULL;
    }
  self->started = TRUE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (!_cs_recorder_prepare_bundle (self, error))
    return NULL;

  session = new_session (self);
  state.self = self;
  state.session = session;
  state.progress = progress;
  state.progress_data = progress_data;
  state.t0 = g_get_monotonic_time ();
  state.n_runs = cs_recorder_get_n_runs (self);
  n_counting = self->options->counting ? self->plan->runs->len : 0;

  for (done = 0; done < n_counting && !interrupted; done++)
    {
      state.run = done + 1;
      if (!(done == 0 && self->same_run
            ? do_sampling_run (&state, 0, &interrupted, cancellable, &local)
            : do_counting_run (&state, done, &interrupted, cancellable, &local)))
        goto failed;
    }

  if (!interrupted && self->options->sampling && !self->same_run)
    {
      state.run = n_counting + 1;
      if (!do_sampling_run (&state, -1, &interrupted, cancellable, &local))
        goto failed;
    }

  if (interrupted)
    {
      g_autofree char *text = g_strdup_printf (_("The recording was interrupted during run %u of %u; "
                                                 "the runs after it are missing."),
                                               state.run, state.n_runs);
      add_not_run (&state, done);
      cs_session_add_warning (session, text);
      if (!save (&state, error))
        return NULL;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Recording interrupted during run %u of %u; the partial recording was "
                     "saved to %s (marked incomplete)"),
                   state.run, state.n_runs, self->bundle_path);
      return NULL;
    }

  if (state.any_failed)
    cs_session_add_warning (session, _("The program failed in some runs (see each run’s exit "
                                       "status): its counts may describe less work than a "
                                       "normal run."));
  cs_session_set_complete (session, TRUE);
  if (!save (&state, error))
    return NULL;
  cs_session_set_bundle_path (session, self->bundle_path);
  return g_steal_pointer (&session);

failed:
  /* Keep what was measured before the error (unless nothing was). */
  if (cs_session_get_n_runs (session) > 0 || cs_session_get_n_sampling_runs (session) > 0)
    {
      g_autoptr(GError) save_error = NULL;
      g_autofree char *text = g_strdup_printf (_("The recording stopped at run %u of %u: %s"),
                                               state.run, state.n_runs, local->message);

      add_not_run (&state, cs_session_get_n_runs (session));
      cs_session_add_warning (session, text);
      if (save (&state, &save_error))
        g_prefix_error (&local, _("(runs before were saved to %s, marked incomplete) "),
                        self->bundle_path);
    }
  else
    {
      /* Nothing measured: the provisional session.json goes, and the
       * directory if that leaves it empty (never a previous recording). */
      g_autofree char *json = g_build_filename (self->bundle_path, "session.json", NULL);

      g_unlink (json);
      g_rmdir (self->bundle_path);
    }
  g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}
