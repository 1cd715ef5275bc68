/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwinder.c — a batch of samples unwound on every core
 *
 * Each thread owns one CsUnwindContext (libdwfl is not thread-safe, but
 * separate Dwfls are), so a batch needs no locking beyond handing out
 * chunks of samples: the calling thread takes part, the others are a
 * GThreadPool of exclusive threads that live as long as the unwinder.
 * Each sample's result goes to its own slot, so the order in which
 * threads take chunks changes nothing.
 */
#include "config.h"

#include <string.h>

#include "cs-error.h"
#include "cs-symbolizer-private.h"
#include "cs-unwind-private.h"

/* Samples a thread takes at a time: small enough to balance the load,
 * large enough that handing out is free. */
#define CHUNK 8
/* Below this many samples the calling thread does the batch alone. */
#define MIN_PARALLEL (4 * CHUNK)

struct _CsUnwinder
{
  CsUnwindArch          arch;
  CsUnwindFiles        *files;
  guint                 n_threads;
  CsUnwindContext     **contexts;   /* [n_threads]; 0 is the calling thread's */
  GThreadPool          *pool;

  /* the batch at hand */
  GMutex                lock;
  GCond                 done;
  guint                 n_running;
  const CsUnwindSample *samples;
  guint                 n_samples;
  guint64              *frames;
  CsUnwindResult       *results;
  GCancellable         *cancellable;
  gint                  next;       /* atomic: first sample not handed out */
};

static guint
default_threads (void)
{
  const char *env = g_getenv ("CYCLESCOPE_UNWIND_THREADS");
  guint64 n = env != NULL ? g_ascii_strtoull (env, NULL, 10) : 0;

  if (n == 0)
    n = g_get_num_processors ();
  return (guint) CLAMP (n, 1, 256);
}

static void
work (CsUnwinder *self,
      guint       slot)
{
  CsUnwindContext *ctx = self->contexts[slot];

  for (;;)
    {
      guint first = (guint) g_atomic_int_add (&self->next, CHUNK);

      if (first >= self->n_samples ||
          (self->cancellable != NULL && g_cancellable_is_cancelled (self->cancellable)))
        break;
      for (guint i = first; i < MIN (first + CHUNK, self->n_samples); i++)
        _cs_unwind_context_run (ctx, &self->samples[i], self->frames + (gsize) i * CS_UNWIND_MAX_FRAMES,
                                &self->results[i]);
    }
}

static void
pool_func (gpointer data,
           gpointer user_data)
{
  CsUnwinder *self = user_data;

  work (self, GPOINTER_TO_UINT (data));
  g_mutex_lock (&self->lock);
  if (--self->n_running == 0)
    g_cond_signal (&self->done);
  g_mutex_unlock (&self->lock);
}

CsUnwinder *
cs_unwinder_new (CsSymbolizer *symbolizer,
                 const char   *arch,
                 const char   *osrelease,
                 guint         n_threads)
{
  CsUnwinder *self;
  g_autofree char *debuginfo_path = NULL;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (symbolizer), NULL);

  self = g_new0 (CsUnwinder, 1);
  self->arch = cs_unwind_arch_from_name (arch);
  self->files = _cs_unwind_files_new (symbolizer, osrelease);
  self->n_threads = n_threads > 0 ? n_threads : default_threads ();
  debuginfo_path = _cs_symbolizer_dup_debuginfo_path (symbolizer);
  self->contexts = g_new0 (CsUnwindContext *, self->n_threads);
  for (guint i = 0; i < self->n_threads; i++)
    self->contexts[i] = _cs_unwind_context_new (self->files, self->arch, debuginfo_path);
  g_mutex_init (&self->lock);
  g_cond_init (&self->done);
  if (self->n_threads > 1)
    self->pool = g_thread_pool_new (pool_func, self, (gint) self->n_threads - 1, TRUE, NULL);
  return self;
}

void
cs_unwinder_free (CsUnwinder *self)
{
  if (self == NULL)
    return;
  /* waits for the threads (none is working: unwind returns when done) */
  if (self->pool != NULL)
    g_thread_pool_free (self->pool, TRUE, TRUE);
  for (guint i = 0; i < self->n_threads; i++)
    _cs_unwind_context_free (self->contexts[i]);
  g_free (self->contexts);
  _cs_unwind_files_free (self->files);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->done);
  g_free (self);
}

gboolean
cs_unwinder_is_supported (CsUnwinder *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->arch != CS_UNWIND_ARCH_NONE;
}

guint
cs_unwinder_get_n_threads (CsUnwinder *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_threads;
}

gboolean
cs_unwinder_unwind (CsUnwinder           *self,
                    const CsUnwindSample *samples,
                    guint                 n_samples,
                    guint64              *frames,
                    CsUnwindResult       *results,
                    GCancellable         *cancellable,
                    GError              **error)
{
  guint helpers = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (n_samples == 0 || (samples != NULL && frames != NULL && results != NULL), FALSE);

  memset (results, 0, sizeof *results * n_samples);
  self->samples = samples;
  self->n_samples = n_samples;
  self->frames = frames;
  self->results = results;
  self->cancellable = cancellable;
  g_atomic_int_set (&self->next, 0);
  if (self->pool != NULL && n_samples >= MIN_PARALLEL)
    helpers = MIN (self->n_threads - 1, n_samples / CHUNK - 1);
  self->n_running = helpers;
  for (guint i = 1; i <= helpers; i++)
    g_thread_pool_push (self->pool, GUINT_TO_POINTER (i), NULL);
  work (self, 0);
  g_mutex_lock (&self->lock);
  while (self->n_running > 0)
    g_cond_wait (&self->done, &self->lock);
  g_mutex_unlock (&self->lock);
  self->samples = NULL;
  self->frames = NULL;
  self->results = NULL;
  self->cancellable = NULL;
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}
