/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-kallsyms-private.h — the table cs-kallsyms.c builds and
 * cs-kallsyms-cache.c writes and maps
 */
#pragma once

#include "cs-kallsyms.h"

G_BEGIN_DECLS

#define CS_KALLSYMS_NO_MODULE G_MAXUINT32

/* One text symbol; 24 bytes, the same in memory and in the cache file. */
typedef struct
{
  guint64 address;
  guint64 size;      /* up to the next text symbol of the same module; 0: unknown */
  guint32 name;      /* offset into the pool */
  guint32 module;    /* offset into the pool, CS_KALLSYMS_NO_MODULE for the kernel image */
} CsKallsymsEntry;

G_STATIC_ASSERT (sizeof (CsKallsymsEntry) == 24);

struct _CsKallsyms
{
  const CsKallsymsEntry *entries;   /* sorted by address, then image before modules */
  guint                  n_entries;
  const char            *pool;      /* NUL-terminated names; ends in a NUL */
  gsize                  pool_len;

  /* where the table lives: parsed (owned) or a mapped cache file */
  CsKallsymsEntry       *owned_entries;
  char                  *owned_pool;
  GMappedFile           *map;
  gpointer               owned_image;  /* an inflated saved image (cs-kallsyms-saved.c) */

  GHashTable            *symbols;   /* entry index + 1 -> CsKernelSymbol*, made on demand */
  GHashTable            *by_name;   /* name -> entry index + 1, built on first find */
};

/* cs-kallsyms.c: reads and parses @path (no cache). */
CsKallsyms *_cs_kallsyms_parse (const char  *path,
                               GError     **error);

/* cs-kallsyms-cache.c: the cache file's layout (header, key, entries, pool),
 * which the copy saved with a recording (cs-kallsyms-saved.c) shares. */

/* A table over @data, a whole image, or NULL when it is not a valid one.
 * With @key, the image's key must equal it. *@image_key (may be NULL) points
 * at the key inside @data (not NUL-terminated), *@image_key_len is its
 * length. @data must be 8-byte aligned and outlive the table. */
CsKallsyms *_cs_kallsyms_image_open  (const char        *data,
                                     gsize              len,
                                     const char        *key,
                                     const char       **image_key,
                                     gsize             *image_key_len);
typedef gboolean (*CsKallsymsWriteFunc) (const void *data,
                                         gsize       len,
                                         gpointer    user_data);
/* Hands the image of @table with @key to @write piece by piece. */
gboolean    _cs_kallsyms_image_write (const CsKallsyms  *table,
                                     const char        *key,
                                     CsKallsymsWriteFunc write,
                                     gpointer           user_data);
gsize       _cs_kallsyms_image_size  (const CsKallsyms  *table,
                                     const char        *key);
/* The running kernel's table through the cache, like
 * cs_kallsyms_load_cached (NULL, NULL, …), and the key it was checked
 * against (NULL when the kernel's identity could not be read). */
CsKallsyms *_cs_kallsyms_load_running (char             **key,
                                      gboolean          *from_cache,
                                      GError           **error);

G_END_DECLS
