/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-page-confirm.c — the Memory page's Confirm with Watchpoints: a watched run on a worker thread */
#include "config.h"

#include "cs-cacheline-pane.h"
#include "cs-cacheline-table.h"
#include "cs-memory-confirm.h"
#include "cs-memory-page-private.h"

/* A watched run lasts at most this long: every access to the watched
 * words traps, so a program that ran seconds may run minutes. */
#define CONFIRM_SECONDS 10.0

/* Confirm with Watchpoints: for a flagged line of a recording that says
 * which program ran, while no run is under way. */
void
_cs_memory_page_update_confirm (CsMemoryPage *self)
{
  const CsMemoryLine *line = cs_cacheline_table_get_selected_line (self->lines_table);
  CsSession *session = self->analysis != NULL ? cs_analysis_get_session (self->analysis) : NULL;
  const char * const *argv = session != NULL ? cs_session_get_argv (session) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.confirm",
                                 self->confirming == NULL && line != NULL && line->sharing != CS_MEMORY_SHARING_NONE &&
                                 argv != NULL && argv[0] != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "memory.stop-confirm", self->confirming != NULL);
}

typedef struct
{
  CsMemoryProfile     *profile;
  CsMemoryWatchTarget *target;
  GStrv                argv;
  char                *cwd;
} ConfirmJob;

static void
confirm_job_free (ConfirmJob *job)
{
  g_object_unref (job->profile);
  cs_memory_watch_target_free (job->target);
  g_strfreev (job->argv);
  g_free (job->cwd);
  g_free (job);
}

/* ptrace wants every request from the thread that attached: the whole run
 * is on this one. */
static void
confirm_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  ConfirmJob *job = data;
  GError *error = NULL;
  CsMemoryConfirm *confirm = cs_memory_confirm_run (job->profile, g_steal_pointer (&job->target),
                                                    (const char * const *) job->argv, job->cwd,
                                                    CONFIRM_SECONDS, cancellable, &error);

  if (confirm == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, confirm, (GDestroyNotify) cs_memory_confirm_free);
}

static void
confirm_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CsMemoryPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsMemoryConfirm) confirm = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->confirming)
    return;
  g_clear_object (&self->confirming);
  /* Stopped because another line was selected: nothing to show. */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      (cs_cacheline_table_get_selected_line (self->lines_table) != NULL &&
       cs_cacheline_table_get_selected_line (self->lines_table)->id == self->confirm_line))
    cs_cacheline_pane_set_confirm (self->line_pane, confirm, error);
  _cs_memory_page_update_confirm (self);
}

void
_cs_memory_page_confirm (GtkWidget  *widget,
                         const char *action,
                         GVariant   *parameter)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (widget);
  const CsMemoryLine *line = cs_cacheline_table_get_selected_line (self->lines_table);
  CsSession *session = self->analysis != NULL ? cs_analysis_get_session (self->analysis) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  g_autofree char *command = NULL;
  ConfirmJob *job;

  if (line == NULL || session == NULL || self->confirming != NULL)
    return;
  job = g_new0 (ConfirmJob, 1);
  job->profile = g_object_ref (self->profile);
  if (!(job->target = cs_memory_watch_target_for_line (self->profile, line, &error)))
    {
      confirm_job_free (job);
      cs_cacheline_pane_set_confirm (self->line_pane, NULL, error);
      return;
    }
  job->argv = g_strdupv ((char **) cs_session_get_argv (session));
  job->cwd = g_strdup (cs_session_get_cwd (session));
  command = g_strjoinv (" ", job->argv);
  self->confirming = g_cancellable_new ();
  self->confirm_line = line->id;
  cs_cacheline_pane_set_confirm_running (self->line_pane, command);
  _cs_memory_page_update_confirm (self);
  task = g_task_new (NULL, self->confirming, confirm_done, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) confirm_job_free);
  g_task_run_in_thread (task, confirm_thread);
}

void
_cs_memory_page_stop_confirm (GtkWidget  *widget,
                              const char *action,
                              GVariant   *parameter)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (widget);

  g_cancellable_cancel (self->confirming);
}
