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

static inline guint32
key_hash (guint16 event,
          guint32 module,
          guint64 offset)
{
  guint64 h = offset * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  h ^= ((guint64) module << 16 | event) * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f);
  return (guint32) (h >> 32) ^ (guint32) h;
}

void
cs_profile_key_table_init (CsProfileKeyTable *table)
{
  memset (table, 0, sizeof *table);
  table->n_slots = INITIAL_SLOTS;
  table->slots = g_new0 (guint32, table->n_slots);
  table->keys_cap = INITIAL_SLOTS / 2;
  table->keys = g_new (CsProfileKey, table->keys_cap);
}

void
cs_profile_key_table_clear (CsProfileKeyTable *table)
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
      guint s = key_hash (k->event, k->module, k->offset) & (n_slots - 1);

      while (slots[s] != 0)
        s = (s + 1) & (n_slots - 1);
      slots[s] = i + 1;
    }
  g_free (table->slots);
  table->slots = slots;
  table->n_slots = n_slots;
}

CsProfileKey *
cs_profile_key_table_get (CsProfileKeyTable *table,
                          guint16            event,
                          guint32            module,
                          guint64            offset)
{
  guint mask = table->n_slots - 1;
  guint s = key_hash (event, module, offset) & mask;
  CsProfileKey *k;

  for (;;)
    {
      guint32 idx = table->slots[s];

      if (idx == 0)
        break;
      k = &table->keys[idx - 1];
      if (k->offset == offset && k->module == module && k->event == event)
        return k;
      s = (s + 1) & mask;
    }

  if (table->n_keys == table->keys_cap)
    {
      table->keys_cap *= 2;
      table->keys = g_renew (CsProfileKey, table->keys, table->keys_cap);
    }
  k = &table->keys[table->n_keys++];
  k->offset = offset;
  k->module = module;
  k->event = event;
  k->flags = 0;
  k->samples = 0;
  k->period = 0;
  table->slots[s] = table->n_keys;
  if (table->n_keys * 2 > table->n_slots)
    grow (table);
  return k;
}
