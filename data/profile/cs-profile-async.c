/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-async.c — loading a profile on a worker thread (GTask) */
#include "config.h"

#include "cs-profile.h"

typedef struct
{
  char              *path;
  CsSymbolizer      *symbolizer;
  CsProfileProgress  progress;
  gpointer           progress_data;
} LoadData;

static void
load_data_free (gpointer data)
{
  LoadData *d = data;

  g_free (d->path);
  g_clear_object (&d->symbolizer);
  g_free (d);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadData *d = task_data;
  GError *error = NULL;
  CsProfile *profile = cs_profile_load (d->path, d->symbolizer, d->progress, d->progress_data,
                                        cancellable, &error);

  if (profile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, profile, g_object_unref);
}

void
cs_profile_load_async (const char         *path,
                       CsSymbolizer       *symbolizer,
                       CsProfileProgress   progress,
                       gpointer            progress_data,
                       GCancellable       *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer            user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  LoadData *d = g_new0 (LoadData, 1);

  d->path = g_strdup (path);
  d->symbolizer = symbolizer != NULL ? g_object_ref (symbolizer) : NULL;
  d->progress = progress;
  d->progress_data = progress_data;
  g_task_set_source_tag (task, cs_profile_load_async);
  g_task_set_task_data (task, d, load_data_free);
  g_task_run_in_thread (task, load_thread);
}

CsProfile *
cs_profile_load_finish (GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
