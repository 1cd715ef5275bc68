/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-object.c — the CsRecorder object: its construction, accessors and description */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cs-record-private.h"

G_DEFINE_FINAL_TYPE (CsRecorder, cs_recorder, G_TYPE_OBJECT)

static void
cs_recorder_finalize (GObject *object)
{
  CsRecorder *self = CS_RECORDER (object);

  g_clear_pointer (&self->hooks, cs_perf_hooks_release);
  g_clear_pointer (&self->options, cs_record_options_free);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->program, g_free);
  g_clear_pointer (&self->bundle_path, g_free);
  g_clear_object (&self->model);
  g_clear_pointer (&self->plan, cs_plan_free);
  g_clear_pointer (&self->no_pmu_reason, g_free);
  g_clear_pointer (&self->notices, g_ptr_array_unref);
  g_clear_pointer (&self->sample_name, g_free);
  g_clear_pointer (&self->sample_event, g_free);
  g_clear_pointer (&self->sample_fstr, g_free);
  g_clear_pointer (&self->attach, g_ptr_array_unref);

  G_OBJECT_CLASS (cs_recorder_parent_class)->finalize (object);
}

static void
cs_recorder_class_init (CsRecorderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_recorder_finalize;
}

static void
cs_recorder_init (CsRecorder *self)
{
  self->notices = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->notices, NULL);
}

CsRecorder *
cs_recorder_new (const CsRecordOptions  *options,
                 GError                **error)
{
  g_autoptr(CsRecorder) self = NULL;

  g_return_val_if_fail (options != NULL, NULL);

  self = g_object_new (CS_TYPE_RECORDER, NULL);
  /* Started first so the kernel's wait overlaps the model and the plan. */
  self->hooks = cs_perf_hooks_hold ();
  self->options = cs_record_options_copy (options);
  if (self->options->repeat < 1)
    self->options->repeat = 1;
  if (!_cs_recorder_setup (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

CsModel *
cs_recorder_get_model (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);
  return self->model;
}

const CsPlan *
cs_recorder_get_plan (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);
  return self->options->counting ? self->plan : NULL;
}

const char *
cs_recorder_get_bundle_path (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);
  return self->bundle_path;
}

const char * const *
cs_recorder_get_notices (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);
  return (const char * const *) self->notices->pdata;
}

guint
cs_recorder_get_n_runs (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), 0);
  return (self->options->counting ? self->plan->runs->len : 0) +
         (self->options->sampling && !self->same_run ? 1 : 0);
}

gboolean
cs_recorder_get_same_run (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), FALSE);
  return self->same_run;
}

/* The mean wall time of one run of the program in the recording already at
 * the output path, when it recorded the same command; 0 otherwise. */
static double
previous_run_seconds (CsRecorder *self)
{
  g_autoptr(CsSession) previous = cs_session_load (self->bundle_path, NULL);
  const char * const *argv;
  double sum = 0;
  guint n = 0;

  if (previous == NULL || (argv = cs_session_get_argv (previous)) == NULL ||
      !g_strv_equal (argv, (const char * const *) self->options->argv))
    return 0;
  for (guint i = 0; i < cs_session_get_n_runs (previous); i++)
    if (cs_session_get_run (previous, i)->status == CS_RUN_OK)
      {
        sum += cs_session_get_run (previous, i)->wall_seconds;
        n++;
      }
  for (guint i = 0; i < cs_session_get_n_sampling_runs (previous); i++)
    {
      const CsSamplingRun *srun = cs_session_get_sampling_run (previous, i);

      /* A shared run is counted once, as its counting run. */
      if (srun->status == CS_RUN_OK && !srun->same_run)
        {
          sum += srun->wall_seconds;
          n++;
        }
    }
  return n > 0 ? sum / n : 0;
}

double
cs_recorder_get_expected_seconds (CsRecorder *self)
{
  double run_seconds;

  g_return_val_if_fail (CS_IS_RECORDER (self), NAN);
  /* An attached recording lasts its --duration, or until it is stopped. */
  if (self->attach != NULL)
    return self->options->duration > 0 ? self->options->duration : NAN;
  run_seconds = previous_run_seconds (self);
  return run_seconds > 0 ? run_seconds * cs_recorder_get_n_runs (self) : NAN;
}

char *
cs_recorder_get_sampling_label (CsRecorder *self)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);
  return _cs_recorder_sampling_label (self);
}

char *
cs_recorder_describe (CsRecorder *self)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *args = NULL;

  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);

  if (self->attach != NULL)
    {
      g_autofree char *attached = _cs_recorder_describe_attach (self);
      g_string_append_printf (s, "%s\n", attached);
    }
  else
    {
      args = g_strjoinv (" ", self->options->argv + 1);
      g_string_append_printf (s, _("Program: %s %s\n"), self->program, args);
    }
  g_string_append_printf (s, _("Model: %s (%s)\n"), cs_model_get_id (self->model),
                          cs_model_get_name (self->model));
  for (guint i = 0; i + 1 < self->notices->len; i++)
    g_string_append_printf (s, _("Note: %s\n"), (char *) g_ptr_array_index (self->notices, i));
  if (self->options->counting)
    {
      g_autofree char *plan = cs_plan_format (self->plan);
      g_string_append (s, plan);
    }
  else
    g_string_append (s, _("Counting: off\n"));
  if (self->options->sampling)
    {
      g_autofree char *label = _cs_recorder_sampling_label (self);
      g_string_append_printf (s, _("Sampling: %s\n"), label);
      if (self->same_run)
        g_string_append (s, _("Sampling and counting in the same run: the events fit in one group\n"));
      else if (self->options->counting)
        g_string_append (s, self->options->separate_sampling
                            ? _("Sampling in a run of its own (--separate-sampling)\n")
                            : _("Sampling in a run of its own: counting needs several runs, "
                                "regions are recorded or the sampled event needs a counter\n"));
    }
  else
    g_string_append (s, _("Sampling: off\n"));
  if (self->options->regions)
    {
      /* Preformatted: a G_GUINT64_FORMAT would not survive translation. */
      g_autofree char *skip = g_strdup_printf ("%" G_GUINT64_FORMAT, self->options->skip_events);

      g_string_append_printf (s, _("Regions: counted and sampled per region (libcyclescope-region), "
                                   "the first %s framework events left out\n"), skip);
    }
  g_string_append_printf (s, _("Runs: %u\n"), cs_recorder_get_n_runs (self));
  /* An attached recording lasts what -p's line above says. */
  if (self->attach == NULL)
  {
    double run_seconds = previous_run_seconds (self);

    if (run_seconds > 0)
      /* TRANSLATORS: "Expected time: about 6.1 s (3 runs of 2.03 s, as in the recording at PATH)" */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                              "Expected time: about %.1f s (%u run of %.2f s, as in "
                                              "the recording at %s)\n",
                                              "Expected time: about %.1f s (%u runs of %.2f s, as in "
                                              "the recording at %s)\n",
                                              cs_recorder_get_n_runs (self)),
                              run_seconds * cs_recorder_get_n_runs (self),
                              cs_recorder_get_n_runs (self), run_seconds, self->bundle_path);
    else
      g_string_append_printf (s, _("Expected time: %u × the program’s own time (known once it "
                                   "has been recorded to %s)\n"),
                              cs_recorder_get_n_runs (self), self->bundle_path);
  }
  g_string_append_printf (s, _("Output: %s\n"), self->bundle_path);
  return g_string_free (g_steal_pointer (&s), FALSE);
}
