/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-view.c — a profile of the samples that pass a filter
 *
 * A filtered profile is a CsProfile like the whole file's, so that every
 * table, tree and chart is computed the same way for both: it has its own
 * counts (per key, symbol, module and event) and caches, summed again over
 * the selected samples, and borrows everything else from the file's
 * profile: the columns, the keys' locations, the call stacks, the threads.
 * Symbols, modules and functions are copied in the same order, so an index
 * means the same row in both.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-profile-filter.h"
#include "cs-profile-private.h"

#define CANCEL_EVERY 65536

CsProfile *
cs_profile_get_base (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->base != NULL ? self->base : self;
}

/* Before a filtered profile is finalized: what it borrowed is not its own. */
void
_cs_profile_view_release (CsProfile *self)
{
  if (self->base == NULL)
    return;
  self->raw_modules = NULL;
  self->raw_module_ids = NULL;
  self->locations = NULL;
  self->key_symbol = NULL;
  self->stacks = NULL;
  self->sample_time = NULL;
  self->sample_period = NULL;
  self->sample_context = NULL;
  self->sample_location = NULL;
  self->sample_stack = NULL;
  self->large_periods = NULL;
  self->contexts = NULL;
  self->context_ids = NULL;
  self->location_event = NULL;
  self->location_region = NULL;
  self->threads = NULL;
  self->thread_ids = NULL;
  self->comms = NULL;
  self->tasks = NULL;
  self->processes = NULL;
  self->sample_marks = NULL;
}

static void
copy_modules (CsProfile *self,
              CsProfile *base)
{
  guint E = MAX (self->n_events, 1);

  for (guint i = 0; i < base->modules->len; i++)
    {
      const CsProfileModuleData *b = g_ptr_array_index (base->modules, i);
      CsProfileModuleData *m = g_new0 (CsProfileModuleData, 1);

      m->public = b->public;
      m->samples = g_new0 (guint64, E);
      m->period = g_new0 (guint64, E);
      m->public.samples = m->samples;
      m->public.period = m->period;
      g_ptr_array_add (self->modules, m);
      g_hash_table_insert (self->module_ids, b->public.module, GUINT_TO_POINTER (i + 1));
    }
}

static void
copy_symbols (CsProfile *self,
              CsProfile *base)
{
  guint E = MAX (self->n_events, 1);

  for (guint i = 0; i < base->symbols->len; i++)
    {
      const CsProfileSymbolData *b = g_ptr_array_index (base->symbols, i);
      CsProfileSymbolData *s = g_new0 (CsProfileSymbolData, 1);

      s->public = b->public;
      s->display_name = g_strdup (b->display_name);
      s->samples = g_new0 (guint64, E);
      s->period = g_new0 (guint64, E);
      /* the keys a symbol owns do not change */
      s->keys = g_array_ref (b->keys);
      s->public.display_name = s->display_name;
      s->public.samples = s->samples;
      s->public.period = s->period;
      s->public.module = cs_profile_get_module (self, b->public.module->index);
      g_ptr_array_add (self->symbols, s);
      g_hash_table_insert (self->symbol_ids, (gpointer) b->public.symbol, GUINT_TO_POINTER (i + 1));
    }
}

static void
copy_functions (CsProfile *self,
                CsProfile *base)
{
  GHashTableIter iter;
  gpointer k, v;

  if (base->functions == NULL)
    return;
  self->functions = g_ptr_array_new_with_free_func (_cs_call_function_data_free);
  self->function_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < base->functions->len; i++)
    {
      const CsCallFunctionData *b = g_ptr_array_index (base->functions, i);
      CsCallFunctionData *f = g_new0 (CsCallFunctionData, 1);

      f->public = b->public;
      f->name = g_strdup (b->name);
      f->public.name = f->name;
      f->public.symbol = cs_profile_get_symbol (self, b->public.symbol->index);
      f->public.module = cs_profile_get_module (self, b->public.module->index);
      g_ptr_array_add (self->functions, f);
    }
  g_hash_table_iter_init (&iter, base->function_ids);
  while (g_hash_table_iter_next (&iter, &k, &v))
    g_hash_table_insert (self->function_ids, g_strdup (k), v);
}

/* The view's shared parts: @base's, and copies of what has counts. */
static void
borrow (CsProfile *self,
        CsProfile *base)
{
  /* (the empty ones cs_profile_init() made) */
  _cs_profile_samples_clear (self);
  _cs_profile_tasks_clear (self);

  self->base = g_object_ref (base);
  self->path = g_strdup (base->path);
  self->symbolizer = g_object_ref (base->symbolizer);
  self->hostname = g_strdup (base->hostname);
  self->os_release = g_strdup (base->os_release);
  self->arch = g_strdup (base->arch);
  for (guint i = 0; i + 1 < base->warnings->len; i++)
    g_ptr_array_add (self->warnings, g_strdup (g_ptr_array_index (base->warnings, i)));
  g_ptr_array_add (self->warnings, NULL);
  self->stats = base->stats;

  self->n_events = base->n_events;
  self->events = g_memdup2 (base->events, sizeof (CsProfileEvent) * MAX (base->n_events, 1));
  for (guint i = 0; i < self->n_events; i++)
    self->events[i].n_samples = self->events[i].period = 0;
  for (guint i = 0; i < base->sampled_names->len; i++)
    g_ptr_array_add (self->sampled_names, g_ptr_array_index (base->sampled_names, i));

  self->raw_modules = base->raw_modules;
  self->raw_module_ids = base->raw_module_ids;
  _cs_profile_key_table_clear (&self->table);
  self->table.n_keys = self->table.keys_cap = base->table.n_keys;
  self->table.keys = g_memdup2 (base->table.keys, sizeof (CsProfileKey) * MAX (base->table.n_keys, 1));
  for (guint k = 0; k < self->table.n_keys; k++)
    self->table.keys[k].samples = self->table.keys[k].period = 0;
  self->locations = base->locations;
  self->key_symbol = base->key_symbol;

  self->has_call_chains = base->has_call_chains;
  self->stacks = base->stacks;
  self->sample_time = base->sample_time;
  self->sample_period = base->sample_period;
  self->sample_context = base->sample_context;
  self->sample_location = base->sample_location;
  self->sample_stack = base->sample_stack;
  self->large_periods = base->large_periods;
  self->contexts = base->contexts;
  self->context_ids = base->context_ids;
  self->location_event = base->location_event;
  self->location_region = base->location_region;
  self->threads = base->threads;
  self->thread_ids = base->thread_ids;
  self->comms = base->comms;
  self->tasks = base->tasks;
  self->processes = base->processes;
  self->sample_marks = base->sample_marks;
  self->marks = base->marks != NULL ? cs_region_marks_ref (base->marks) : NULL;
  _cs_profile_samples_set_views (self);

  copy_modules (self, base);
  copy_symbols (self, base);
  copy_functions (self, base);
}

/* The counts of the selected samples: per key and event, then per symbol
 * and module, as loading sums them. */
static gboolean
sum_samples (CsProfile     *self,
             GCancellable  *cancellable,
             GError       **error)
{
  const CsProfileSamples *samples = &self->samples;

  for (guint i = 0; i < self->n_subset; i++)
    {
      guint s = self->subset[i];
      CsProfileKey *k = &self->table.keys[samples->location[s]];
      guint64 period = cs_profile_samples_period (samples, s);

      if (G_UNLIKELY (i % CANCEL_EVERY == 0) && g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CANCELLED, "%s", _("Filtering was cancelled"));
          return FALSE;
        }
      k->samples++;
      k->period += period;
    }
  for (guint k = 0; k < self->table.n_keys; k++)
    {
      const CsProfileKey *key = &self->table.keys[k];
      CsProfileSymbolData *s;
      CsProfileModuleData *m;

      if (key->samples == 0)
        continue;
      s = g_ptr_array_index (self->symbols, self->key_symbol[k]);
      m = g_ptr_array_index (self->modules, s->public.module->index);
      s->samples[key->event] += key->samples;
      s->period[key->event] += key->period;
      m->samples[key->event] += key->samples;
      m->period[key->event] += key->period;
      self->events[key->event].n_samples += key->samples;
      self->events[key->event].period += key->period;
    }
  return TRUE;
}

CsProfile *
cs_profile_new_filtered (CsProfile             *base,
                         const CsProfileFilter *filter,
                         GCancellable          *cancellable,
                         GError               **error)
{
  g_autoptr(CsProfile) self = NULL;

  g_return_val_if_fail (CS_IS_PROFILE (base), NULL);

  base = cs_profile_get_base (base);
  self = g_object_new (CS_TYPE_PROFILE, NULL);
  borrow (self, base);
  self->subset = cs_profile_filter_select (filter, base, &self->n_subset, cancellable, error);
  if (self->subset == NULL || !sum_samples (self, cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}
