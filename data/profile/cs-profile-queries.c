/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-queries.c — what a loaded profile answers: header strings,
 * events, modules and symbols (the tables are in cs-profile-tables.c) */
#include "config.h"

#include "cs-profile-private.h"

const char *
cs_profile_get_path (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->path;
}

CsSymbolizer *
cs_profile_get_symbolizer (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->symbolizer;
}

guint64
cs_profile_stats_get_n_lost (const CsProfileStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0);
  return stats->n_lost_samples > 0 ? stats->n_lost_samples : stats->n_lost;
}

const CsProfileStats *
cs_profile_get_stats (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return &self->stats;
}

const char * const *
cs_profile_get_warnings (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return (const char * const *) self->warnings->pdata;
}

const char *
cs_profile_get_hostname (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->hostname;
}

const char *
cs_profile_get_os_release (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->os_release;
}

const char *
cs_profile_get_arch (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->arch;
}

guint
cs_profile_get_n_events (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->n_events;
}

const CsProfileEvent *
cs_profile_get_event (CsProfile *self,
                      guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->n_events, NULL);
  return &self->events[index];
}

const CsProfileEvent *
cs_profile_find_event (CsProfile  *self,
                       const char *name)
{
  g_autofree char *want = NULL;

  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->n_events; i++)
    if (g_strcmp0 (self->events[i].name, name) == 0)
      return &self->events[i];
  want = _cs_profile_canonical_event (name);
  for (guint i = 0; i < self->n_events; i++)
    {
      g_autofree char *have = _cs_profile_canonical_event (self->events[i].name);

      if (g_strcmp0 (have, want) == 0)
        return &self->events[i];
    }
  return NULL;
}

const CsProfileEvent *
cs_profile_get_default_event (CsProfile *self)
{
  const CsProfileEvent *best = NULL;

  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);

  for (guint i = 0; i < self->n_events; i++)
    if (self->events[i].n_samples > 0 && (best == NULL || self->events[i].n_samples > best->n_samples))
      best = &self->events[i];
  return best;
}

const char * const *
cs_profile_get_sampled_event_names (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return (const char * const *) self->sampled_names->pdata;
}

guint
cs_profile_get_n_modules (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->modules->len;
}

const CsProfileModule *
cs_profile_get_module (CsProfile *self,
                       guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->modules->len, NULL);
  return &((CsProfileModuleData *) g_ptr_array_index (self->modules, index))->public;
}

const CsProfileModule *
cs_profile_find_module (CsProfile  *self,
                        const char *name_or_path)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (name_or_path != NULL, NULL);

  for (guint i = 0; i < self->modules->len; i++)
    {
      const CsProfileModule *m = cs_profile_get_module (self, i);

      if (g_strcmp0 (m->name, name_or_path) == 0 || g_strcmp0 (m->path, name_or_path) == 0)
        return m;
    }
  return NULL;
}

guint
cs_profile_get_n_symbols (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->symbols->len;
}

const CsProfileSymbol *
cs_profile_get_symbol (CsProfile *self,
                       guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->symbols->len, NULL);
  return &((CsProfileSymbolData *) g_ptr_array_index (self->symbols, index))->public;
}
