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

  GHashTable            *symbols;   /* entry index + 1 -> CsKernelSymbol*, made on demand */
  GHashTable            *by_name;   /* name -> entry index + 1, built on first find */
};

/* cs-kallsyms.c: reads and parses @path (no cache). */
CsKallsyms *cs_kallsyms_parse (const char  *path,
                               GError     **error);

G_END_DECLS
