/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-private.h — what the files of the profile share
 *
 * cs-profile.c streams the file into keys, cs-profile-keys.c is the key
 * table,
 * cs-profile-tables.c builds the module and symbol tables and the counts,
 * cs-profile-detail.c the line and instruction tables, cs-profile-names.c
 * names (events, display names of symbols), cs-profile-queries.c the
 * accessors.
 */
#pragma once

#include "cs-profile.h"
#include "cs-perf-reader.h"
#include "cs-region-marks.h"

G_BEGIN_DECLS

/* One distinct (event, module, file offset, region) with its samples. 32
 * bytes: the only thing that grows while streaming, and only with the
 * number of distinct addresses (times the regions they ran in). */
typedef struct
{
  guint64 offset;
  guint32 module;     /* index into CsProfile.raw_modules (the mapping's module) */
  guint16 event;
  guint16 region;     /* the region running on the sample's thread (cs-region-marks.h), 0: none */
  guint64 samples;
  guint64 period;
} CsProfileKey;

typedef struct
{
  CsProfileKey *keys;
  guint         n_keys;
  guint         keys_cap;
  guint32      *slots;      /* key index + 1; 0 = empty */
  guint         n_slots;    /* power of two */
} CsProfileKeyTable;

void          _cs_profile_key_table_init   (CsProfileKeyTable *table);
void          _cs_profile_key_table_clear  (CsProfileKeyTable *table);
/* Adds (event, module, offset, region) with zero counts at the empty slot @slot. */
CsProfileKey *_cs_profile_key_table_insert (CsProfileKeyTable *table,
                                           guint              slot,
                                           guint16            event,
                                           guint32            module,
                                           guint64            offset,
                                           guint16            region);

static inline guint32
_cs_profile_key_hash (guint16 event,
                     guint32 module,
                     guint64 offset,
                     guint16 region)
{
  guint64 h = offset * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  h ^= ((guint64) region << 48 | (guint64) module << 16 | event) * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f);
  return (guint32) (h >> 32) ^ (guint32) h;
}

/* The key for (event, module, offset, region), added with zero counts when
 * new. Inline: every sample of a file comes through here. */
static inline CsProfileKey *
_cs_profile_key_table_get (CsProfileKeyTable *table,
                          guint16            event,
                          guint32            module,
                          guint64            offset,
                          guint16            region)
{
  guint mask = table->n_slots - 1;
  guint s = _cs_profile_key_hash (event, module, offset, region) & mask;

  for (;;)
    {
      guint32 idx = table->slots[s];
      CsProfileKey *k;

      if (idx == 0)
        return _cs_profile_key_table_insert (table, s, event, module, offset, region);
      k = &table->keys[idx - 1];
      if (k->offset == offset && k->module == module && k->event == event && k->region == region)
        return k;
      s = (s + 1) & mask;
    }
}

/* A symbol's aggregate; the public part first. */
typedef struct
{
  CsProfileSymbol public;
  char           *display_name;
  guint64        *samples;
  guint64        *period;
  GArray         *keys;     /* guint: indices of the keys that resolved to it */
} CsProfileSymbolData;

typedef struct
{
  CsProfileModule public;
  guint64        *samples;
  guint64        *period;
} CsProfileModuleData;

struct _CsProfile
{
  GObject            parent_instance;

  char              *path;
  CsSymbolizer      *symbolizer;
  char              *hostname;
  char              *os_release;
  char              *arch;
  GPtrArray         *warnings;      /* char*, NULL-terminated */
  CsProfileStats     stats;

  CsProfileEvent    *events;
  guint              n_events;
  char             **event_names;   /* owned copies of the attr names */
  GPtrArray         *sampled_names; /* const char*, NULL-terminated */

  /* streaming */
  GPtrArray         *raw_modules;   /* CsModule*: the modules keys point to */
  GHashTable        *raw_module_ids;/* CsModule* -> index + 1 */
  CsProfileKeyTable  table;

  /* after resolution */
  const CsLocation **locations;     /* [n_keys] */
  guint32           *key_symbol;    /* [n_keys]: symbol index */
  GPtrArray         *modules;       /* CsProfileModuleData* */
  GHashTable        *module_ids;    /* CsModule* -> index + 1 */
  GPtrArray         *symbols;       /* CsProfileSymbolData* */

  /* regions (cs-profile-regions.c); NULL: the recording has none */
  CsRegionMarks     *marks;

  GMutex             cache_lock;
  GHashTable        *line_cache;    /* "event:symbol" -> GArray */
  GHashTable        *insn_cache;
};

/* cs-profile-tables.c */
gboolean  _cs_profile_resolve          (CsProfile          *self,
                                       CsProfileProgress   progress,
                                       gpointer            progress_data,
                                       GCancellable       *cancellable,
                                       GError            **error);
double    _cs_profile_percent          (CsProfile          *self,
                                       guint               event,
                                       guint64             period);
/* Symbol rows by period, largest first (qsort order). */
int       _cs_profile_compare_symbol_rows (gconstpointer    a,
                                          gconstpointer    b);

/* cs-profile-names.c */
/* perf's spelling: lower case, '-' for '_', no "pmu::", no perf modifiers,
 * "PERF_COUNT_SW_CPU_CLOCK" -> "cpu-clock", "cpu-cycles" -> "cycles". */
char     *_cs_profile_canonical_event  (const char         *name);
/* "ns::Class::method" out of "int ns::Class::method(int) const". */
char     *_cs_profile_display_name     (const CsSymbol     *symbol);

/* cs-profile-detail.c */
void      _cs_profile_free_insn_table  (gpointer            table);

G_END_DECLS
