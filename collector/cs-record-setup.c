/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-setup.c — everything a recording decides before the program runs
 *
 * Model choice, event encoding and planning, the sampled event and the bundle
 * path are settled here, so that a typo in an event name or a missing
 * program is an error before anything is started or written.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-launcher.h"
#include "cs-model-registry.h"
#include "cs-perf-names.h"
#include "cs-record-private.h"

#define SOFTWARE_MODEL_ID "software"
#define GENERIC_MODEL_ID  "generic"

/* options */

CsRecordOptions *
cs_record_options_new (void)
{
  CsRecordOptions *options = g_new0 (CsRecordOptions, 1);

  options->mode = CS_PLAN_MODE_RUNS;
  options->repeat = 1;
  options->counting = TRUE;
  options->sampling = TRUE;
  return options;
}

CsRecordOptions *
cs_record_options_copy (const CsRecordOptions *options)
{
  CsRecordOptions *copy = g_memdup2 (options, sizeof *options);

  copy->argv = g_strdupv (options->argv);
  copy->cwd = g_strdup (options->cwd);
  copy->output = g_strdup (options->output);
  copy->model_id = g_strdup (options->model_id);
  copy->events = g_strdupv (options->events);
  copy->pids = options->n_pids > 0 ? g_memdup2 (options->pids, options->n_pids * sizeof (GPid)) : NULL;
  return copy;
}

void
cs_record_options_free (CsRecordOptions *options)
{
  if (options == NULL)
    return;
  g_strfreev (options->argv);
  g_free (options->cwd);
  g_free (options->output);
  g_free (options->model_id);
  g_strfreev (options->events);
  g_free (options->pids);
  g_free (options);
}

static void
add_notice (CsRecorder *self,
            char       *text)
{
  /* Kept NULL-terminated for cs_recorder_get_notices(). */
  g_ptr_array_insert (self->notices, self->notices->len - 1, text);
}

static char *
list_model_ids (CsModelRegistry *registry)
{
  g_autoptr(GPtrArray) models = cs_model_registry_list (registry);
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; models != NULL && i < models->len; i++)
    {
      if (ids->len > 0)
        g_string_append (ids, ", ");
      g_string_append (ids, cs_model_get_id (g_ptr_array_index (models, i)));
    }
  if (ids->len == 0)
    g_string_append (ids, "—");
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static gboolean
choose_model (CsRecorder  *self,
              GError     **error)
{
  CsModelRegistry *registry = cs_model_registry_get_default ();
  g_autofree char *reason = NULL;
  CsModel *model = NULL;

  if (cs_pfm_hardware_usable (&reason))
    self->pmu = cs_pfm_get_host_pmu ();
  else
    self->no_pmu_reason = g_steal_pointer (&reason);

  if (self->options->model_id != NULL)
    {
      model = cs_model_registry_lookup (registry, self->options->model_id);
      if (model == NULL)
        {
          g_autofree char *ids = list_model_ids (registry);
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("No model “%s”: the models here are %s (`cyclescope models` describes them)"),
                       self->options->model_id, ids);
          return FALSE;
        }
      if (self->pmu == NULL && self->no_pmu_reason != NULL &&
          !cs_model_applies_to_pmu (model, "perf"))
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_NO_PMU,
                       _("The model “%s” needs hardware counters, but none are usable here: %s "
                         "Use the model “%s” (or leave out -m)."),
                       self->options->model_id, self->no_pmu_reason, SOFTWARE_MODEL_ID);
          return FALSE;
        }
      /* The session's warning is the first notice whenever there is no PMU
       * (new_session), also when the user named the model. */
      if (self->pmu == NULL && self->no_pmu_reason != NULL)
        /* TRANSLATORS: the first %s is cs_pfm_hardware_usable()'s sentence on why */
        add_notice (self, g_strdup_printf (_("%s Recording with the model “%s”."),
                                           self->no_pmu_reason, cs_model_get_id (model)));
    }
  else if (self->pmu != NULL)
    {
      model = cs_model_registry_choose (registry, self->pmu->name);
      if (model == NULL)
        {
          model = cs_model_registry_lookup (registry, GENERIC_MODEL_ID);
          if (model != NULL)
            add_notice (self, g_strdup_printf (_("No model describes the PMU %s; recording "
                                                 "with the model “%s”."),
                                               self->pmu->name, GENERIC_MODEL_ID));
        }
    }
  else
    {
      model = cs_model_registry_lookup (registry, SOFTWARE_MODEL_ID);
      if (model != NULL)
        /* TRANSLATORS: the first %s is cs_pfm_hardware_usable()'s sentence on why */
        add_notice (self, g_strdup_printf (_("%s Recording with the model “%s”: software "
                                             "events only, no cycle accounting."),
                                           self->no_pmu_reason, SOFTWARE_MODEL_ID));
    }

  if (model == NULL)
    {
      g_autofree char *ids = list_model_ids (registry);
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("No model to record with (models found: %s): check the installation or "
                     "set CYCLESCOPE_MODEL_PATH to a directory of model files"),
                   ids);
      return FALSE;
    }

  self->model = g_object_ref (model);
  return TRUE;
}

gboolean
_cs_recorder_plan_events (CsRecorder  *self,
                          GError     **error)
{
  char **extra = self->options->events;
  guint n_model = cs_model_get_n_events (self->model);
  guint n_extra = extra != NULL ? g_strv_length (extra) : 0;
  g_autofree const CsModelEvent **events = NULL;
  g_autofree CsModelEvent *extra_events = NULL;
  guint n = 0;

  if (n_extra == 0)
    {
      self->plan = cs_planner_plan_model (self->model, self->pmu, self->options->mode,
                                          self->options->repeat, error);
      return self->plan != NULL;
    }

  /* -e events are counted beside the model's; the planner encodes them all
   * and fails on the first unknown one with libpfm4's closest names. */
  events = g_new0 (const CsModelEvent *, n_model + n_extra + 1);
  extra_events = g_new0 (CsModelEvent, n_extra);
  for (guint i = 0; i < n_model; i++)
    events[n++] = cs_model_get_event (self->model, i);
  for (guint i = 0; i < n_extra; i++)
    {
      if (cs_model_find_event (self->model, extra[i]) != NULL)
        continue;
      extra_events[i].alias = extra[i];
      extra_events[i].event = extra[i];
      events[n++] = &extra_events[i];
    }

  self->plan = cs_planner_plan (events, n, cs_model_get_cycles_alias (self->model),
                                self->pmu, self->options->mode, self->options->repeat, error);
  if (self->plan == NULL)
    return FALSE;
  g_free (self->plan->model);
  self->plan->model = g_strdup (cs_model_get_id (self->model));
  return TRUE;
}

/* Counted context switches and CPU migrations that miss the kernel's part
 * read 0 or close to it: say so, and how to get the real numbers. */
static void
note_user_only_software (CsRecorder *self)
{
  g_autofree char *note = NULL;

  if (!self->options->counting || (note = cs_pfm_software_user_only_note ()) == NULL)
    return;
  for (guint g = 0; g < self->plan->groups->len; g++)
    {
      const CsPlanGroup *group = g_ptr_array_index (self->plan->groups, g);

      for (guint i = 0; i < group->events->len; i++)
        {
          const CsPlanEvent *e = g_ptr_array_index (group->events, i);

          if (cs_pfm_is_software (&e->attr) && e->attr.exclude_kernel
              && (e->attr.config == PERF_COUNT_SW_CONTEXT_SWITCHES
                  || e->attr.config == PERF_COUNT_SW_CPU_MIGRATIONS))
            {
              add_notice (self, g_steal_pointer (&note));
              return;
            }
        }
    }
}

static gboolean
choose_sampled_event (CsRecorder  *self,
                      GError     **error)
{
  const char *alias = cs_model_get_sample_alias (self->model);
  const CsModelEvent *event;
  g_autoptr(GError) local = NULL;

  if (alias == NULL)
    alias = cs_model_get_cycles_alias (self->model);
  event = alias != NULL ? cs_model_find_event (self->model, alias) : NULL;
  if (event == NULL)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("The model “%s” names no event to sample (its sample or cycles alias "
                     "“%s” is not one of its events): fix the model file or use --no-sampling"),
                   cs_model_get_id (self->model), alias != NULL ? alias : "");
      return FALSE;
    }

  if (!cs_pfm_encode_any (event->event, (const char * const *) event->alternatives,
                          &self->sample_attr, &self->sample_fstr, &self->sample_event, &local))
    {
      g_set_error (error, local->domain, local->code,
                   _("sampled event %s: %s"), alias, local->message);
      return FALSE;
    }
  /* Recorded and shown as perf spells it ("cpu-clock"); the model's
   * alias ("cpu_clock") only names it in formulas. */
  self->sample_name = g_strdup (cs_perf_event_spelling (event->event) != NULL
                                ? cs_perf_event_spelling (event->event) : alias);
  /* libcyclescope-region stamps its marks with CLOCK_MONOTONIC: the samples
   * must carry the same clock to be given their region (perf's default
   * clock is the kernel's local_clock, which user space cannot read). */
  if (self->options->regions)
    {
      self->sample_attr.use_clockid = 1;
      self->sample_attr.clockid = CLOCK_MONOTONIC;
    }

  if (self->options->frequency > 0)
    self->frequency = self->options->frequency;
  else if (self->options->period > 0)
    self->period = self->options->period;
  else if (event->sample_period != NULL &&
           (self->period = g_ascii_strtoull (event->sample_period, NULL, 0)) > 0)
    ;
  else
    self->frequency = 1000;
  return TRUE;
}

static gboolean
check_output (CsRecorder  *self,
              GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autofree char *here = g_get_current_dir ();

  if (self->options->output != NULL)
    self->bundle_path = g_canonicalize_filename (self->options->output, here);
  else
    {
      g_autofree char *name = g_path_get_basename (self->program);
      g_autofree char *file = g_strconcat (name, ".cyclescope", NULL);
      self->bundle_path = g_build_filename (here, file, NULL);
    }

  if (!g_file_test (self->bundle_path, G_FILE_TEST_EXISTS))
    return TRUE;
  if (!g_file_test (self->bundle_path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                   _("Cannot write the recording to “%s”: a file of that name exists; "
                     "choose another name with -o"), self->bundle_path);
      return FALSE;
    }
  if (_cs_recorder_is_bundle (self->bundle_path))
    return TRUE;
  /* A directory that is not ours is never overwritten. */
  dir = g_dir_open (self->bundle_path, 0, NULL);
  if (dir != NULL && g_dir_read_name (dir) != NULL)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO,
                   _("Cannot write the recording to “%s”: the directory is not empty and holds "
                     "no session.json; choose another name with -o"), self->bundle_path);
      return FALSE;
    }
  return TRUE;
}

gboolean
_cs_recorder_setup (CsRecorder  *self,
                    GError     **error)
{
  const CsRecordOptions *o = self->options;

  if (!_cs_recorder_check_attach (self, error))
    return FALSE;
  if (self->attach == NULL && (o->argv == NULL || o->argv[0] == NULL))
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                           _("No program to record: give it after “--”"));
      return FALSE;
    }
  if (!o->counting && !o->sampling)
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                           _("Nothing to record: counting and sampling are both turned off"));
      return FALSE;
    }
  if (o->frequency > 0 && o->period > 0)
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                           _("Give a sampling frequency (-F) or a period (-c), not both"));
      return FALSE;
    }

  if (self->attach == NULL)
    {
      self->cwd = o->cwd != NULL ? g_canonicalize_filename (o->cwd, NULL) : g_get_current_dir ();
      if (!(self->program = cs_launcher_resolve (o->argv[0], self->cwd, NULL, error)))
        return FALSE;
    }
  if (!cs_pfm_init (error))
    return FALSE;
  if (!choose_model (self, error))
    return FALSE;
  if (!_cs_recorder_plan_events (self, error) || !_cs_recorder_plan_attach (self, error))
    return FALSE;
  note_user_only_software (self);
  if (o->sampling && !choose_sampled_event (self, error))
    return FALSE;
  if (!check_output (self, error))
    return FALSE;
  _cs_recorder_plan_same_run (self);

  for (guint i = 0; i < self->plan->dropped->len; i++)
    {
      const CsPlanDropped *d = g_ptr_array_index (self->plan->dropped, i);
      add_notice (self, g_strdup_printf (_("Event %s (%s) is not recorded: %s"),
                                         d->alias, d->event, d->reason));
    }
  return TRUE;
}

char *
_cs_recorder_sampling_label (CsRecorder *self)
{
  g_autoptr(GString) s = g_string_new (self->sample_name);

  if (self->frequency > 0)
    /* TRANSLATORS: "cpu-clock at 1000 Hz" */
    g_string_append_printf (s, _(" at %llu Hz"), (unsigned long long) self->frequency);
  else
    /* TRANSLATORS: "cycles every 2000003 events" */
    g_string_append_printf (s, _(" every %llu events"), (unsigned long long) self->period);
  if (self->options->callchains && self->options->stack_user > 0)
    /* TRANSLATORS: ", DWARF call stacks (8192-byte stack copies)" */
    g_string_append_printf (s, _(", DWARF call stacks (%u-byte stack copies)"), self->options->stack_user);
  else if (self->options->callchains)
    g_string_append (s, _(", call chains"));
  if (self->options->user_regs)
    g_string_append (s, _(", user registers"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Sampling in the counting run saves the program a whole run. It is only
 * done when counting needs one run of the program anyway and the sampled
 * event takes no counter the counted ones need: a software event, or one
 * generic counter left free (a sampling event fighting the group for a
 * counter would make the kernel multiplex both). Regions count and sample
 * through different libcyclescope-region set-ups, so they keep two runs. */
void
_cs_recorder_plan_same_run (CsRecorder *self)
{
  const CsRecordOptions *o = self->options;
  const CsPlan *plan = self->plan;
  guint n_group_runs = 0;
  const CsPlanGroup *group;
  const CsPlanRun *first;

  self->same_run = FALSE;
  /* Attached processes are recorded once (cs-record-attach.c). */
  if (self->attach != NULL)
    {
      self->same_run = o->counting && o->sampling;
      return;
    }
  if (!o->counting || !o->sampling || o->separate_sampling || o->regions || plan->runs->len == 0)
    return;
  for (guint i = 0; i < plan->runs->len; i++)
    if (!((const CsPlanRun *) g_ptr_array_index (plan->runs, i))->cycles_only)
      n_group_runs++;
  first = g_ptr_array_index (plan->runs, 0);
  if (n_group_runs != 1 || first->cycles_only || first->groups->len != 1)
    return;
  group = g_ptr_array_index (plan->groups, g_array_index (first->groups, guint, 0));
  self->same_run = self->sample_attr.type == PERF_TYPE_SOFTWARE ||
                   (plan->pmu != NULL && group->n_generic < plan->n_generic);
}
