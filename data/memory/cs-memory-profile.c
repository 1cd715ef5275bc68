/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-profile.c — the cachelines of a recording, or of some of its samples
 *
 * Loading (cs-memory-stream.c) decodes every sample once into a
 * CsMemoryData that a profile and the profiles filtered from it share; the
 * stats and lines are counted from the profile's own samples, so a
 * filtered profile costs one pass over the accesses and no decoding.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-memory-elf.h"
#include "cs-memory-private.h"

struct _CsMemoryProfile
{
  GObject        parent_instance;

  CsMemoryData  *data;
  CsMemoryStats  stats;
  CsMemoryLines  lines;
  GArray        *accesses;   /* CsMemoryAccess: the data's, or the kept ones */
};

G_DEFINE_FINAL_TYPE (CsMemoryProfile, cs_memory_profile, G_TYPE_OBJECT)

CsMemoryData *
_cs_memory_data_new (CsSymbolizer *symbolizer)
{
  CsMemoryData *data = g_new0 (CsMemoryData, 1);

  g_atomic_ref_count_init (&data->ref_count);
  data->symbolizer = symbolizer != NULL ? g_object_ref (symbolizer) : cs_symbolizer_new ();
  data->accesses = g_array_new (FALSE, FALSE, sizeof (CsMemoryAccess));
  data->others = g_array_new (FALSE, FALSE, sizeof (CsMemoryOther));
  data->warnings = g_ptr_array_new_with_free_func (g_free);
  data->elf_files = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) _cs_memory_elf_free);
  _cs_memory_keys_init (data);
  return data;
}

CsMemoryData *
_cs_memory_data_ref (CsMemoryData *data)
{
  g_atomic_ref_count_inc (&data->ref_count);
  return data;
}

void
_cs_memory_data_unref (CsMemoryData *data)
{
  if (data == NULL || !g_atomic_ref_count_dec (&data->ref_count))
    return;
  g_array_unref (data->accesses);
  g_array_unref (data->others);
  g_ptr_array_unref (data->keys);
  g_hash_table_unref (data->by_address);
  g_hash_table_unref (data->by_identity);
  g_clear_pointer (&data->sites, g_hash_table_unref);
  g_ptr_array_unref (data->warnings);
  g_hash_table_unref (data->elf_files);
  g_object_unref (data->symbolizer);
  g_free (data);
}

static void
cs_memory_profile_finalize (GObject *object)
{
  CsMemoryProfile *self = CS_MEMORY_PROFILE (object);

  _cs_memory_lines_clear (&self->lines);
  g_clear_pointer (&self->accesses, g_array_unref);
  g_clear_pointer (&self->data, _cs_memory_data_unref);

  G_OBJECT_CLASS (cs_memory_profile_parent_class)->finalize (object);
}

static void
cs_memory_profile_class_init (CsMemoryProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_memory_profile_finalize;
}

static void
cs_memory_profile_init (CsMemoryProfile *self)
{
}

static void
count_other (CsMemoryStats       *st,
             const CsMemoryOther *o)
{
  st->n_samples++;
  switch ((CsMemoryReason) o->reason)
    {
    case CS_MEMORY_REASON_KERNEL:      st->n_kernel++; return;
    case CS_MEMORY_REASON_NO_REGS:     st->n_no_regs++; return;
    case CS_MEMORY_REASON_NO_MEMORY:   st->n_no_memory++; break;
    case CS_MEMORY_REASON_SEGMENT:     st->n_unknown_segment++; break;
    case CS_MEMORY_REASON_REGISTER:    st->n_unknown_register++; break;
    case CS_MEMORY_REASON_OVERWRITTEN: st->n_unknown_overwritten++; break;
    case CS_MEMORY_REASON_JUMP_TARGET: st->n_unknown_jump_target++; break;
    case CS_MEMORY_REASON_NO_CODE:     st->n_no_code++; break;
    case CS_MEMORY_REASON_UNDECODABLE:
    default:                           st->n_undecodable++; break;
    }
  st->n_with_regs++;
}

/* The stats and lines of the profile's accesses and the data's other
 * samples that @func keeps (NULL: all). */
static void
count (CsMemoryProfile    *self,
       CsMemorySampleFunc  func,
       gpointer            user_data)
{
  CsMemoryStats *st = &self->stats;
  const CsMemoryAccess *a = (const CsMemoryAccess *) self->accesses->data;

  *st = (CsMemoryStats) { .truncated = self->data->truncated, .data_mappings = self->data->data_mappings };
  for (guint i = 0; i < self->data->others->len; i++)
    {
      const CsMemoryOther *o = &g_array_index (self->data->others, CsMemoryOther, i);

      if (func == NULL || func (o->time, o->pid, o->tid, o->cpu, user_data))
        count_other (st, o);
    }
  for (guint i = 0; i < self->accesses->len; i++)
    {
      st->n_samples++;
      st->n_with_regs++;
      st->n_known++;
      st->n_known_previous += (a[i].flags & CS_MEMORY_ACCESS_SKID) != 0;
      st->n_loads += (a[i].flags & CS_MEMORY_ACCESS_LOAD) != 0;
      st->n_stores += (a[i].flags & CS_MEMORY_ACCESS_STORE) != 0;
    }
  _cs_memory_lines_build (&self->lines, self->data, a, self->accesses->len);
  st->n_lines = self->lines.sorted->len;
}

CsMemoryProfile *
cs_memory_profile_load (const char    *path,
                        CsSymbolizer  *symbolizer,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(CsMemoryProfile) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (symbolizer == NULL || CS_IS_SYMBOLIZER (symbolizer), NULL);

  self = g_object_new (CS_TYPE_MEMORY_PROFILE, NULL);
  self->data = _cs_memory_data_new (symbolizer);
  if (!_cs_memory_stream (self->data, path, cancellable, error))
    return NULL;
  g_ptr_array_add (self->data->warnings, NULL);
  self->accesses = g_array_ref (self->data->accesses);
  count (self, NULL, NULL);
  return g_steal_pointer (&self);
}

CsMemoryProfile *
cs_memory_profile_filter (CsMemoryProfile    *self,
                          CsMemorySampleFunc  func,
                          gpointer            user_data)
{
  CsMemoryProfile *subset;

  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  g_return_val_if_fail (func != NULL, NULL);

  subset = g_object_new (CS_TYPE_MEMORY_PROFILE, NULL);
  subset->data = _cs_memory_data_ref (self->data);
  subset->accesses = g_array_new (FALSE, FALSE, sizeof (CsMemoryAccess));
  for (guint i = 0; i < self->data->accesses->len; i++)
    {
      const CsMemoryAccess *a = &g_array_index (self->data->accesses, CsMemoryAccess, i);

      if (func (a->time, a->pid, a->tid, a->cpu, user_data))
        g_array_append_val (subset->accesses, *a);
    }
  count (subset, func, user_data);
  return subset;
}

const CsMemoryStats *
cs_memory_profile_get_stats (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return &self->stats;
}

guint
cs_memory_profile_get_n_lines (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), 0);
  return self->lines.sorted->len;
}

const CsMemoryLine *
cs_memory_profile_get_line (CsMemoryProfile *self,
                            guint            index)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->lines.sorted->len, NULL);
  return g_ptr_array_index (self->lines.sorted, index);
}

const CsMemoryLine *
cs_memory_profile_get_line_by_id (CsMemoryProfile *self,
                                  guint32          id)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return g_hash_table_lookup (self->lines.by_id, GUINT_TO_POINTER (id));
}

const CsMemoryLine *
cs_memory_profile_find_line (CsMemoryProfile *self,
                             guint32          pid,
                             guint64          address)
{
  guint32 id;

  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  if (!_cs_memory_keys_find (self->data, pid, address, &id))
    return NULL;
  return cs_memory_profile_get_line_by_id (self, id);
}

const CsMemoryAccess *
cs_memory_profile_get_accesses (CsMemoryProfile *self,
                                guint           *n_accesses)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  g_return_val_if_fail (n_accesses != NULL, NULL);
  *n_accesses = self->accesses->len;
  return (const CsMemoryAccess *) self->accesses->data;
}

const char * const *
cs_memory_profile_get_warnings (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return (const char * const *) self->data->warnings->pdata;
}

CsSymbolizer *
cs_memory_profile_get_symbolizer (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return self->data->symbolizer;
}
