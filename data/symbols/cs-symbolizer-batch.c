/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer-batch.c — resolving many addresses, on a worker thread
 *
 * The viewer symbolizes every unique (module, offset) of a recording after
 * loading it; that must not block the window and must show progress. Keys
 * are resolved sorted by module and offset so that libdw walks each
 * module's tables in order.
 */
#include "config.h"

#include "cs-context-call.h"
#include "cs-symbolizer.h"

/* Keys between progress reports and cancellation checks. */
#define CHUNK 256

typedef struct
{
  const CsAddressKey *keys;
} SortData;

static int
compare_key_indices (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  const CsAddressKey *keys = ((SortData *) user_data)->keys;
  const CsAddressKey *ka = &keys[*(const guint *) a];
  const CsAddressKey *kb = &keys[*(const guint *) b];

  if (ka->module != kb->module)
    return ka->module < kb->module ? -1 : 1;
  if (ka->offset != kb->offset)
    return ka->offset < kb->offset ? -1 : 1;
  return 0;
}

static gboolean
resolve_keys (CsSymbolizer        *self,
              const CsAddressKey  *keys,
              guint                n_keys,
              gboolean             with_source,
              const CsLocation   **locations,
              GCancellable        *cancellable,
              CsSymbolizerProgress progress,
              gpointer             progress_data,
              GError             **error)
{
  g_autofree guint *order = NULL;
  SortData sort = { keys };

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), FALSE);
  g_return_val_if_fail (keys != NULL || n_keys == 0, FALSE);

  order = g_new (guint, MAX (n_keys, 1));
  for (guint i = 0; i < n_keys; i++)
    order[i] = i;
  g_qsort_with_data (order, n_keys, sizeof (guint), compare_key_indices, &sort);

  for (guint i = 0; i < n_keys; i++)
    {
      const CsAddressKey *key = &keys[order[i]];
      const CsLocation *loc;

      if (i % CHUNK == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (progress != NULL && i > 0)
            progress (i, n_keys, progress_data);
        }
      loc = with_source ? cs_symbolizer_resolve (self, key->module, key->offset)
                        : cs_symbolizer_resolve_symbol (self, key->module, key->offset);
      if (locations != NULL)
        locations[order[i]] = loc;
    }
  if (progress != NULL)
    progress (n_keys, n_keys, progress_data);
  return TRUE;
}

gboolean
cs_symbolizer_resolve_many (CsSymbolizer        *self,
                            const CsAddressKey  *keys,
                            guint                n_keys,
                            const CsLocation   **locations,
                            GCancellable        *cancellable,
                            CsSymbolizerProgress progress,
                            gpointer             progress_data,
                            GError             **error)
{
  return resolve_keys (self, keys, n_keys, TRUE, locations, cancellable, progress, progress_data,
                       error);
}

gboolean
cs_symbolizer_resolve_symbols_many (CsSymbolizer        *self,
                                    const CsAddressKey  *keys,
                                    guint                n_keys,
                                    const CsLocation   **locations,
                                    GCancellable        *cancellable,
                                    CsSymbolizerProgress progress,
                                    gpointer             progress_data,
                                    GError             **error)
{
  return resolve_keys (self, keys, n_keys, FALSE, locations, cancellable, progress, progress_data,
                       error);
}

/* Shared by the batch and every queued progress message, so that the
 * caller's data lives until the last message has been delivered. */
typedef struct
{
  CsSymbolizerProgress  func;
  gpointer              data;
  GDestroyNotify        destroy;
  GMainContext         *context;
} ProgressTarget;

typedef struct
{
  ProgressTarget *target;
  guint           done;
  guint           total;
} ProgressMessage;

typedef struct
{
  CsAddressKey   *keys;
  guint           n_keys;
  ProgressTarget *target;
} BatchData;

typedef struct
{
  GDestroyNotify destroy;
  gpointer       data;
} DestroyCall;

static gboolean
destroy_call_run (gpointer user_data)
{
  DestroyCall *call = user_data;

  call->destroy (call->data);
  return G_SOURCE_REMOVE;
}

/* The last reference may go in the worker thread; the caller's data (a
 * widget, say) is released in the caller's context. */
static void
progress_target_clear (gpointer data)
{
  ProgressTarget *target = data;

  if (target->destroy != NULL)
    {
      DestroyCall *call = g_new0 (DestroyCall, 1);

      call->destroy = target->destroy;
      call->data = target->data;
      cs_context_call (target->context, destroy_call_run, call, g_free);
    }
  g_main_context_unref (target->context);
}

static void
progress_target_unref (ProgressTarget *target)
{
  g_atomic_rc_box_release_full (target, progress_target_clear);
}

static void
progress_message_free (gpointer data)
{
  ProgressMessage *message = data;

  progress_target_unref (message->target);
  g_free (message);
}

static gboolean
progress_deliver (gpointer data)
{
  ProgressMessage *message = data;

  message->target->func (message->done, message->total, message->target->data);
  return G_SOURCE_REMOVE;
}

static void
progress_from_worker (guint    done,
                      guint    total,
                      gpointer user_data)
{
  ProgressTarget *target = user_data;
  ProgressMessage *message = g_new0 (ProgressMessage, 1);

  message->target = g_atomic_rc_box_acquire (target);
  message->done = done;
  message->total = total;
  cs_context_call (target->context, progress_deliver, message, progress_message_free);
}

static void
batch_data_free (gpointer data)
{
  BatchData *batch = data;

  g_free (batch->keys);
  if (batch->target != NULL)
    progress_target_unref (batch->target);
  g_free (batch);
}

static void
batch_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  BatchData *batch = task_data;
  g_autoptr(GPtrArray) locations = g_ptr_array_sized_new (MAX (batch->n_keys, 1));
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (locations, batch->n_keys);
  if (!cs_symbolizer_resolve_many (source_object, batch->keys, batch->n_keys,
                                   (const CsLocation **) locations->pdata, cancellable,
                                   batch->target != NULL ? progress_from_worker : NULL,
                                   batch->target, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_steal_pointer (&locations), (GDestroyNotify) g_ptr_array_unref);
}

void
cs_symbolizer_resolve_async (CsSymbolizer        *self,
                             const CsAddressKey  *keys,
                             guint                n_keys,
                             GCancellable        *cancellable,
                             CsSymbolizerProgress progress,
                             gpointer             progress_data,
                             GDestroyNotify       progress_data_destroy,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  BatchData *batch;

  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  g_return_if_fail (keys != NULL || n_keys == 0);

  batch = g_new0 (BatchData, 1);
  batch->keys = g_memdup2 (keys, (gsize) n_keys * sizeof (CsAddressKey));
  batch->n_keys = n_keys;
  if (progress != NULL)
    {
      batch->target = g_atomic_rc_box_new0 (ProgressTarget);
      batch->target->func = progress;
      batch->target->data = progress_data;
      batch->target->destroy = progress_data_destroy;
      batch->target->context = g_main_context_ref_thread_default ();
    }
  else if (progress_data_destroy != NULL)
    progress_data_destroy (progress_data);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cs_symbolizer_resolve_async);
  g_task_set_task_data (task, batch, batch_data_free);
  g_task_run_in_thread (task, batch_thread);
}

GPtrArray *
cs_symbolizer_resolve_finish (CsSymbolizer  *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
