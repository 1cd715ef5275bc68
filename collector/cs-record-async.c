/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-async.c — a recording in a worker thread, for the viewer
 *
 * The recording blocks in waitpid/poll for as long as the program runs, so
 * the viewer runs it in a GTask thread; progress is bounced to the caller's
 * main context, where widgets may be touched.
 */
#include "config.h"

#include "cs-context-call.h"
#include "cs-record-private.h"

typedef struct
{
  CsRecordProgressFunc  progress;
  gpointer              progress_data;
  GDestroyNotify        progress_destroy;
  GMainContext         *context;
} AsyncData;

typedef struct
{
  CsRecordProgress  progress;
  AsyncData        *data;   /* borrowed: the task outlives every dispatch */
  GTask            *task;   /* keeps @data alive until dispatched */
} ProgressCall;

static void
async_data_free (gpointer p)
{
  AsyncData *data = p;

  if (data->progress_destroy != NULL)
    data->progress_destroy (data->progress_data);
  g_main_context_unref (data->context);
  g_free (data);
}

static void
progress_call_free (gpointer p)
{
  ProgressCall *call = p;

  g_free ((char *) call->progress.label);
  g_free ((char *) call->progress.events);
  g_free ((char *) call->progress.outcome);
  g_free ((char *) call->progress.warning);
  g_object_unref (call->task);
  g_free (call);
}

static gboolean
dispatch_progress (gpointer p)
{
  ProgressCall *call = p;

  call->data->progress (&call->progress, call->data->progress_data);
  return G_SOURCE_REMOVE;
}

/* Runs in the worker: copies @progress and queues it on the caller's context. */
static void
forward_progress (const CsRecordProgress *progress,
                  gpointer                user_data)
{
  GTask *task = user_data;
  AsyncData *data = g_task_get_task_data (task);
  ProgressCall *call;

  if (data->progress == NULL)
    return;
  call = g_new0 (ProgressCall, 1);
  call->progress = *progress;
  call->progress.label = g_strdup (progress->label);
  call->progress.events = g_strdup (progress->events);
  call->progress.outcome = g_strdup (progress->outcome);
  call->progress.warning = g_strdup (progress->warning);
  call->data = data;
  call->task = g_object_ref (task);
  cs_context_call (data->context, dispatch_progress, call, progress_call_free);
}

static void
run_in_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  GError *error = NULL;
  CsSession *session;

  session = cs_recorder_run (CS_RECORDER (source_object), forward_progress, task,
                             cancellable, &error);
  if (session == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, session, g_object_unref);
}

void
cs_recorder_run_async (CsRecorder            *self,
                       CsRecordProgressFunc   progress,
                       gpointer               progress_data,
                       GDestroyNotify         progress_destroy,
                       GCancellable          *cancellable,
                       GAsyncReadyCallback    callback,
                       gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  AsyncData *data;

  g_return_if_fail (CS_IS_RECORDER (self));

  data = g_new0 (AsyncData, 1);
  data->progress = progress;
  data->progress_data = progress_data;
  data->progress_destroy = progress_destroy;
  data->context = g_main_context_ref_thread_default ();

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cs_recorder_run_async);
  g_task_set_task_data (task, data, async_data_free);
  /* A cancelled recording returns its own G_IO_ERROR_CANCELLED, whose
   * message names the saved partial bundle, not GTask's bare one. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, run_in_thread);
}

CsSession *
cs_recorder_run_finish (CsRecorder    *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (CS_IS_RECORDER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
