/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-counts.c — named event values with provenance */
#include "config.h"

#include "cs-counts.h"

typedef struct
{
  double       value;
  CsProvenance provenance;
} Entry;

struct _CsCounts
{
  gatomicrefcount ref_count;
  GHashTable     *entries;  /* name -> Entry* */
  GPtrArray      *names;    /* insertion order; strings owned by entries' keys */
};

CsCounts *
cs_counts_new (void)
{
  CsCounts *self = g_new0 (CsCounts, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->names = g_ptr_array_new ();
  return self;
}

CsCounts *
cs_counts_ref (CsCounts *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
cs_counts_unref (CsCounts *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_ptr_array_unref (self->names);
  g_hash_table_unref (self->entries);
  g_free (self);
}

static Entry *
ensure_entry (CsCounts   *self,
              const char *name,
              gboolean   *created)
{
  Entry *e = g_hash_table_lookup (self->entries, name);

  *created = FALSE;
  if (e == NULL)
    {
      char *key = g_strdup (name);

      e = g_new0 (Entry, 1);
      g_hash_table_insert (self->entries, key, e);
      g_ptr_array_add (self->names, key);
      *created = TRUE;
    }
  return e;
}

void
cs_counts_set (CsCounts     *self,
               const char   *name,
               double        value,
               CsProvenance  provenance)
{
  gboolean created;
  Entry *e;

  g_return_if_fail (self != NULL && name != NULL);
  e = ensure_entry (self, name, &created);
  e->value = value;
  e->provenance = provenance;
}

void
cs_counts_add (CsCounts     *self,
               const char   *name,
               double        value,
               CsProvenance  provenance)
{
  gboolean created;
  Entry *e;

  g_return_if_fail (self != NULL && name != NULL);
  e = ensure_entry (self, name, &created);
  e->value += value;
  /* Larger enum values are weaker claims about the number's origin. */
  if (created || provenance > e->provenance)
    e->provenance = provenance;
}

gboolean
cs_counts_lookup (const CsCounts *self,
                  const char     *name,
                  double         *value,
                  CsProvenance   *provenance)
{
  Entry *e;

  g_return_val_if_fail (self != NULL && name != NULL, FALSE);
  e = g_hash_table_lookup (self->entries, name);
  if (e == NULL)
    return FALSE;
  if (value)
    *value = e->value;
  if (provenance)
    *provenance = e->provenance;
  return TRUE;
}

guint
cs_counts_get_size (const CsCounts *self)
{
  return self->names->len;
}

const char **
cs_counts_get_names (const CsCounts *self,
                     guint          *n_names)
{
  if (n_names)
    *n_names = self->names->len;
  return (const char **) self->names->pdata;
}
