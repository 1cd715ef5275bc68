/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-keys.c — the table of distinct (event, module, offset) keys
 *
 * Every sample ends here, so this is the hot path of loading: open
 * addressing with linear probing over a slot array of 32-bit indices, keys
 * stored contiguously (no allocation per key, let alone per sample). The
 * slot array stays at most half full.
 */
#include "config.h"

#include <string.h>

#include "cs-profile-private.h"

#define INITIAL_SLOTS 4096

void
_cs_profile_key_table_init (CsProfileKeyTable *table)
{
  memset (table, 0, sizeof *table);
  table->n_slots = INITIAL_SLOTS;
  table->slots = g_new0 (guint32, table->n_slots);
  table->keys_cap = INITIAL_SLOTS / 2;
  table->keys = g_new (CsProfileKey, table->keys_cap);
}

void
_cs_profile_key_table_clear (CsProfileKeyTable *table)
{
  g_clear_pointer (&table->slots, g_free);
  g_clear_pointer (&table->keys, g_free);
  table->n_keys = table->keys_cap = table->n_slots = 0;
}

static void
grow (CsProfileKeyTable *table)
{
  guint n_slots = table->n_slots * 2;
  guint32 *slots = g_new0 (guint32, n_slots);

  for (guint i = 0; i < table->n_keys; i++)
    {
      const CsProfileKey *k = &table->keys[i];
      guint s = _cs_profile_key_hash (k->event, k->module, k->offset, k->region) & (n_slots - 1);

      while (slots[s] != 0)
        s = (s + 1) & (n_slots - 1);
      slots[s] = i + 1;
    }
  g_free (table->slots);
  table->slots = slots;
  table->n_slots = n_slots;
}

CsProfileKey *
_cs_profile_key_table_insert (CsProfileKeyTable *table,
                             guint              slot,
                             guint16            event,
                             guint32            module,
                             guint64            offset,
                             guint16            region)
{
  CsProfileKey *k;

  if (table->n_keys == table->keys_cap)
    {
      table->keys_cap *= 2;
      table->keys = g_renew (CsProfileKey, table->keys, table->keys_cap);
    }
  k = &table->keys[table->n_keys++];
  k->offset = offset;
  k->module = module;
  k->event = event;
  k->region = region;
  k->samples = 0;
  k->period = 0;
  table->slots[slot] = table->n_keys;
  /* Only the slots move; @k stays where it is. */
  if (table->n_keys * 2 > table->n_slots)
    grow (table);
  return k;
}
