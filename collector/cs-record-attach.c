/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-attach.c — a recording of processes that already run (`record -p`)
 *
 * The recorder's runs go through here: a launched program is started
 * once per run (cs_counting_run, cs_sampling_run); attached processes are
 * recorded once, counting and sampling together (cs_attach_run), so the
 * plan must fit one run: a plan of several counter groups is multiplexed,
 * and what needs runs of its own (--regions, --repeat,
 * --separate-sampling) is refused with the reason.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-attach-run.h"
#include "cs-collector-error.h"
#include "cs-record-private.h"

gboolean
_cs_recorder_check_attach (CsRecorder  *self,
                           GError     **error)
{
  const CsRecordOptions *o = self->options;
  const char *refused = NULL;
  const CsAttachProcess *first;

  if (o->n_pids == 0)
    {
      if (o->duration > 0)
        {
          g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                               _("--duration needs -p PID: a program that cyclescope starts is "
                                 "recorded until it exits"));
          return FALSE;
        }
      return TRUE;
    }
  if (o->argv != NULL && o->argv[0] != NULL)
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                           _("Give a program to run or -p PID to attach to, not both"));
      return FALSE;
    }
  if (o->regions)
    refused = _("--regions cannot be used with -p: libcyclescope-region learns its counter "
                "groups from the environment of a program that cyclescope starts");
  else if (o->repeat > 1)
    refused = _("--repeat cannot be used with -p: running processes are recorded once");
  else if (o->separate_sampling)
    refused = _("--separate-sampling cannot be used with -p: running processes are counted "
                "and sampled in the same run");
  else if (o->duration < 0)
    refused = _("--duration takes a positive number of seconds");
  if (refused != NULL)
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED, refused);
      return FALSE;
    }

  if (!(self->attach = cs_attach_inspect (o->pids, o->n_pids, error)))
    return FALSE;
  first = g_ptr_array_index (self->attach, 0);
  self->cwd = g_strdup (first->cwd != NULL ? first->cwd : "/");
  self->program = g_strdup (first->argv[0]);
  return TRUE;
}

/* A plan of several counting runs becomes one multiplexed run. */
gboolean
_cs_recorder_plan_attach (CsRecorder  *self,
                          GError     **error)
{
  CsPlan *multiplexed;

  if (self->attach == NULL || self->plan->runs->len <= 1)
    return TRUE;
  self->options->mode = CS_PLAN_MODE_MULTIPLEX;
  g_clear_pointer (&self->plan, cs_plan_free);
  if (!_cs_recorder_plan_events (self, error))
    return FALSE;
  multiplexed = self->plan;
  g_ptr_array_add (multiplexed->notes,
                   g_strdup (_("Attached processes are recorded once: the counter groups are "
                               "multiplexed (the kernel rotates them, counts are scaled)")));
  return TRUE;
}

char *
_cs_recorder_describe_attach (CsRecorder *self)
{
  g_autofree char *who = cs_attach_describe (self->attach);

  if (self->options->duration > 0)
    /* TRANSLATORS: "Attached to pid 12 (./server) for 2.0 s" */
    return g_strdup_printf (_("Attached to %s for %.1f s"), who, self->options->duration);
  /* TRANSLATORS: "Attached to pid 12 (./server) until Ctrl-C or until it exits" */
  return g_strdup_printf (_("Attached to %s until Ctrl-C or until the processes exit"), who);
}

void
_cs_recorder_session_attach (CsRecorder *self,
                             CsSession  *session)
{
  const CsAttachProcess *first = g_ptr_array_index (self->attach, 0);
  g_autofree char *text = _cs_recorder_describe_attach (self);

  cs_session_set_command (session, (const char * const *) first->argv, self->cwd);
  cs_session_add_note (session, text);
  /* wait4 is the parent's alone: the session says where the numbers of
   * the "Waiting or Preempted" chart come from and what they leave out. */
  cs_session_add_note (session, _("Context switches, page faults and maximum RSS are from /proc "
                                  "over the attached window (switches of threads that exited "
                                  "meanwhile are lost; maximum RSS is the peak since each "
                                  "process started)"));
}

CsCountingResult *
_cs_recorder_count (CsRecorder          *self,
                    GPtrArray           *groups,
                    const char * const  *envp,
                    GCancellable        *cancellable,
                    GError             **error)
{
  CsSamplingResult result;
  CsCountingResult *counts;

  if (self->attach == NULL)
    return cs_counting_run ((const char * const *) self->options->argv, self->cwd, envp,
                            groups, cancellable, error);
  if (!cs_attach_run (self->attach, self->options->duration, NULL, 0, NULL, groups, NULL,
                      &result, cancellable, error))
    return NULL;
  counts = g_new0 (CsCountingResult, 1);
  counts->usage = result.usage;
  counts->wall_seconds = result.wall_seconds;
  counts->values = g_steal_pointer (&result.values);
  return counts;
}

gboolean
_cs_recorder_sample (CsRecorder              *self,
                     const char * const      *envp,
                     const CsSamplerEvent    *event,
                     const CsSamplerOptions  *options,
                     GPtrArray               *groups,
                     const char              *path,
                     CsSamplingResult        *result,
                     GCancellable            *cancellable,
                     GError                 **error)
{
  if (self->attach == NULL)
    return cs_sampling_run ((const char * const *) self->options->argv, self->cwd, envp,
                            event, 1, options, groups, path, result, cancellable, error);
  return cs_attach_run (self->attach, self->options->duration, event, 1, options, groups, path,
                        result, cancellable, error);
}

void
_cs_recorder_note_idle (CsRecorder *self,
                        CsSession  *session,
                        GArray     *values)
{
  if (self->attach == NULL)
    return;
  for (guint v = 0; v < values->len; v++)
    if (g_array_index (values, CsCountingValue, v).time_enabled > 0)
      return;
  /* Per-thread counters only advance while their thread runs. */
  cs_session_add_note (session, _("The attached processes did not run while they were recorded "
                                  "(they slept or waited): nothing was counted"));
}
