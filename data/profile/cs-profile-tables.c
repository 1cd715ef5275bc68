/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-tables.c — resolving keys; module and symbol tables; counts
 *
 * A key's module is the module of the mapping its sample fell in; the
 * module a row is shown under is the module of the symbol the key resolved
 * to. They differ only for the kernel, whose symbols from kallsyms belong to
 * "[kernel.kallsyms]" or to a kernel module ("[ext4]"), as in perf.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-profile-private.h"

typedef struct
{
  CsProfileProgress progress;
  gpointer          data;
} ResolveProgress;

static void
on_resolve_progress (guint    done,
                     guint    total,
                     gpointer user_data)
{
  ResolveProgress *rp = user_data;

  rp->progress (_("Resolving symbols"), total > 0 ? (double) done / total : -1, rp->data);
}

static guint
module_index (CsProfile *self,
              CsModule  *module)
{
  gpointer v = g_hash_table_lookup (self->module_ids, module);
  CsProfileModuleData *m;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  m = g_new0 (CsProfileModuleData, 1);
  m->samples = g_new0 (guint64, MAX (self->n_events, 1));
  m->period = g_new0 (guint64, MAX (self->n_events, 1));
  m->public.index = self->modules->len;
  m->public.module = module;
  m->public.name = cs_module_get_name (module);
  m->public.path = cs_module_get_path (module);
  m->public.kind = cs_module_get_kind (module);
  m->public.samples = m->samples;
  m->public.period = m->period;
  g_ptr_array_add (self->modules, m);
  g_hash_table_insert (self->module_ids, module, GUINT_TO_POINTER (self->modules->len));
  return m->public.index;
}

guint
_cs_profile_symbol_index (CsProfile      *self,
                         const CsSymbol *sym,
                         CsModule       *module)
{
  gpointer v = g_hash_table_lookup (self->symbol_ids, sym);
  CsProfileModuleData *m;
  CsProfileSymbolData *s;
  guint mi;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  mi = module_index (self, sym->module != NULL ? sym->module : module);
  /* (not folded into the line above: module_index() may move pdata) */
  m = g_ptr_array_index (self->modules, mi);
  s = g_new0 (CsProfileSymbolData, 1);
  s->samples = g_new0 (guint64, MAX (self->n_events, 1));
  s->period = g_new0 (guint64, MAX (self->n_events, 1));
  s->keys = g_array_new (FALSE, FALSE, sizeof (guint));
  s->display_name = _cs_profile_display_name (sym);
  s->public.index = self->symbols->len;
  s->public.symbol = sym;
  s->public.module = &m->public;
  s->public.display_name = s->display_name;
  s->public.samples = s->samples;
  s->public.period = s->period;
  g_ptr_array_add (self->symbols, s);
  g_hash_table_insert (self->symbol_ids, (gpointer) sym, GUINT_TO_POINTER (self->symbols->len));
  return s->public.index;
}

gboolean
_cs_profile_resolve (CsProfile          *self,
                    CsProfileProgress   progress,
                    gpointer            progress_data,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autofree CsAddressKey *akeys = NULL;
  ResolveProgress rp = { progress, progress_data };
  guint n = self->table.n_keys;

  akeys = g_new (CsAddressKey, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      akeys[i].module = g_ptr_array_index (self->raw_modules, self->table.keys[i].module);
      akeys[i].offset = self->table.keys[i].offset;
    }
  self->locations = g_new0 (const CsLocation *, MAX (n, 1));
  if (progress != NULL)
    progress (_("Resolving symbols"), 0, progress_data);
  /* Symbols only: source lines are looked up per symbol when a line or
   * instruction table asks (cs-profile-detail.c), so no DWARF is read here. */
  if (!cs_symbolizer_resolve_symbols_many (self->symbolizer, akeys, n, self->locations, cancellable,
                                           progress != NULL ? on_resolve_progress : NULL, &rp,
                                           error))
    return FALSE;

  if (progress != NULL)
    progress (_("Building tables"), -1, progress_data);
  self->key_symbol = g_new (guint32, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const CsProfileKey *k = &self->table.keys[i];
      guint si = _cs_profile_symbol_index (self, self->locations[i]->symbol, akeys[i].module);
      CsProfileSymbolData *s = g_ptr_array_index (self->symbols, si);
      CsProfileModuleData *m = g_ptr_array_index (self->modules, s->public.module->index);

      s->samples[k->event] += k->samples;
      s->period[k->event] += k->period;
      m->samples[k->event] += k->samples;
      m->period[k->event] += k->period;
      g_array_append_val (s->keys, i);
      self->key_symbol[i] = s->public.index;
    }
  return TRUE;
}

double
_cs_profile_percent (CsProfile *self,
                    guint      event,
                    guint64    period)
{
  const CsProfileEvent *e = &self->events[event];

  return e->period > 0 ? 100.0 * (double) period / (double) e->period : 0.0;
}

static int
compare_module_rows (gconstpointer a,
                     gconstpointer b)
{
  const CsProfileModuleRow *ra = a, *rb = b;

  if (ra->period != rb->period)
    return ra->period > rb->period ? -1 : 1;
  if (ra->samples != rb->samples)
    return ra->samples > rb->samples ? -1 : 1;
  return g_strcmp0 (ra->module->name, rb->module->name);
}

GArray *
cs_profile_dup_module_table (CsProfile *self,
                             guint      event)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileModuleRow));

  g_return_val_if_fail (CS_IS_PROFILE (self), rows);
  g_return_val_if_fail (event < self->n_events, rows);

  for (guint i = 0; i < self->modules->len; i++)
    {
      const CsProfileModule *m = cs_profile_get_module (self, i);
      CsProfileModuleRow row = { m, m->samples[event], m->period[event], 0 };

      if (row.samples == 0)
        continue;
      row.percent = _cs_profile_percent (self, event, row.period);
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_module_rows);
  return rows;
}

int
_cs_profile_compare_symbol_rows (gconstpointer a,
                                 gconstpointer b)
{
  const CsProfileSymbolRow *ra = a, *rb = b;
  int c;

  if (ra->period != rb->period)
    return ra->period > rb->period ? -1 : 1;
  if (ra->samples != rb->samples)
    return ra->samples > rb->samples ? -1 : 1;
  c = g_strcmp0 (ra->symbol->module->name, rb->symbol->module->name);
  return c != 0 ? c : g_strcmp0 (ra->symbol->display_name, rb->symbol->display_name);
}

GArray *
cs_profile_dup_symbol_table (CsProfile             *self,
                             guint                  event,
                             const CsProfileModule *module,
                             guint                  limit)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileSymbolRow));

  g_return_val_if_fail (CS_IS_PROFILE (self), rows);
  g_return_val_if_fail (event < self->n_events, rows);

  for (guint i = 0; i < self->symbols->len; i++)
    {
      const CsProfileSymbol *s = cs_profile_get_symbol (self, i);
      CsProfileSymbolRow row = { s, s->samples[event], s->period[event], 0, 0 };
      guint64 module_period;

      if (row.samples == 0 || (module != NULL && s->module != module))
        continue;
      row.percent = _cs_profile_percent (self, event, row.period);
      module_period = s->module->period[event];
      row.module_percent = module_period > 0 ? 100.0 * (double) row.period / (double) module_period : 0;
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, _cs_profile_compare_symbol_rows);
  if (limit > 0 && rows->len > limit)
    g_array_set_size (rows, limit);
  return rows;
}

GPtrArray *
cs_profile_find_symbols (CsProfile  *self,
                         const char *name)
{
  GPtrArray *found = g_ptr_array_new ();

  g_return_val_if_fail (CS_IS_PROFILE (self), found);
  g_return_val_if_fail (name != NULL, found);

  for (guint i = 0; i < self->symbols->len; i++)
    {
      const CsProfileSymbol *s = cs_profile_get_symbol (self, i);
      const CsSymbol *sym = s->symbol;
      guint64 n = 0;

      /* (symbols only on call stacks have no samples of their own) */
      for (guint e = 0; e < self->n_events; e++)
        n += s->samples[e];
      if (n == 0)
        continue;
      if (g_strcmp0 (s->display_name, name) == 0 || g_strcmp0 (sym->name, name) == 0 ||
          g_strcmp0 (sym->signature, name) == 0 || g_strcmp0 (sym->mangled, name) == 0)
        g_ptr_array_add (found, (gpointer) s);
    }
  /* Most samples first over all events: the one a user most likely means. */
  for (guint i = 1; i < found->len; i++)
    for (guint j = i; j > 0; j--)
      {
        const CsProfileSymbol *a = found->pdata[j - 1], *b = found->pdata[j];
        guint64 na = 0, nb = 0;

        for (guint e = 0; e < self->n_events; e++)
          {
            na += a->samples[e];
            nb += b->samples[e];
          }
        if (nb <= na)
          break;
        found->pdata[j - 1] = (gpointer) b;
        found->pdata[j] = (gpointer) a;
      }
  return found;
}

const char *
cs_profile_get_model_alias (CsProfile *self,
                            CsModel   *model,
                            guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (CS_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < self->n_events, NULL);

  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *me = cs_model_get_event (model, i);

      if (cs_profile_event_matches (self->events[index].name, me))
        return me->alias;
    }
  return NULL;
}

CsCounts *
cs_profile_build_counts (CsProfile             *self,
                         CsModel               *model,
                         const CsProfileModule *module)
{
  CsCounts *counts = cs_counts_new ();

  g_return_val_if_fail (CS_IS_PROFILE (self), counts);
  g_return_val_if_fail (CS_IS_MODEL (model), counts);

  for (guint i = 0; i < self->n_events; i++)
    {
      const CsProfileEvent *e = &self->events[i];
      const char *alias;
      guint64 period;

      if (e->n_samples == 0 || (alias = cs_profile_get_model_alias (self, model, i)) == NULL)
        continue;
      period = module != NULL ? module->period[i] : e->period;
      /* Σ period is what the kernel counted between samples: an estimate
       * of the event count, never a counted value. */
      cs_counts_add (counts, alias, (double) period, CS_PROVENANCE_ESTIMATED);
    }
  return counts;
}
