/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-index.c — a module's function symbols, sorted for lookups */
#include "config.h"

#include "cs-sorted.h"
#include "cs-symbol-index.h"

typedef struct
{
  guint64     start;
  guint64     size;
  guint64     max_end;   /* the largest end among this and all earlier entries */
  const char *name;      /* in the ELF string table, alive with the Dwfl */
  guint       rank;      /* lower is preferred among aliases */
  guint       order;     /* symbol table index, for a stable sort */
} Entry;

struct _CsSymbolIndex
{
  GArray *entries;   /* Entry, by start then rank, one per start address */
};

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *ea = a;
  const Entry *eb = b;

  if (ea->start != eb->start)
    return ea->start < eb->start ? -1 : 1;
  if (ea->rank != eb->rank)
    return ea->rank < eb->rank ? -1 : 1;
  return ea->order < eb->order ? -1 : ea->order > eb->order;
}

static guint
binding_rank (const GElf_Sym *sym)
{
  switch (GELF_ST_BIND (sym->st_info))
    {
    case STB_GLOBAL:
      return 0;
    case STB_WEAK:
      return 1;
    case STB_LOCAL:
      return 2;
    default:
      return 3;
    }
}

CsSymbolIndex *
cs_symbol_index_new (Dwfl_Module *module,
                     GElf_Addr    bias)
{
  CsSymbolIndex *self = g_new0 (CsSymbolIndex, 1);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (Entry));
  int n = dwfl_module_getsymtab (module);
  guint64 max_end = 0;

  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr addr = 0;
      GElf_Word shndx = 0;
      const char *name = dwfl_module_getsym_info (module, i, &sym, &addr, &shndx, NULL, NULL);
      int type = GELF_ST_TYPE (sym.st_info);
      Entry e;

      if (name == NULL || name[0] == '\0' || shndx == SHN_UNDEF || shndx == SHN_ABS ||
          shndx == (GElf_Word) -1 ||
          (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE))
        continue;
      e.start = addr - bias;
      e.size = sym.st_size;
      e.name = name;
      e.rank = (sym.st_size == 0 ? 4 : 0) + binding_rank (&sym);
      e.order = i;
      e.max_end = 0;
      g_array_append_val (all, e);
    }
  g_array_sort (all, compare_entries);

  self->entries = g_array_sized_new (FALSE, FALSE, sizeof (Entry), all->len);
  for (guint i = 0; i < all->len; i++)
    {
      Entry *e = &g_array_index (all, Entry, i);

      if (self->entries->len > 0 &&
          g_array_index (self->entries, Entry, self->entries->len - 1).start == e->start)
        continue;
      max_end = MAX (max_end, e->start + MAX (e->size, 1));
      e->max_end = max_end;
      g_array_append_val (self->entries, *e);
    }
  return self;
}

void
cs_symbol_index_free (CsSymbolIndex *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_free (self);
}

gboolean
cs_symbol_index_lookup (CsSymbolIndex *self,
                        guint64        vaddr,
                        const char   **name,
                        guint64       *start,
                        guint64       *size)
{
  const Entry *entries = (const Entry *) (gpointer) self->entries->data;
  guint lo = cs_sorted_upper_bound (entries, self->entries->len, sizeof *entries,
                                    G_STRUCT_OFFSET (Entry, start), vaddr);

  /* Closest start first; step back only while an earlier symbol can still
   * reach @vaddr. */
  for (guint j = lo; j > 0; j--)
    {
      const Entry *e = &entries[j - 1];

      if (e->size > 0 ? vaddr - e->start < e->size : vaddr == e->start)
        {
          *name = e->name;
          *start = e->start;
          *size = e->size;
          return TRUE;
        }
      if (j < 2 || entries[j - 2].max_end <= vaddr)
        break;
    }
  return FALSE;
}

guint
cs_symbol_index_get_n (CsSymbolIndex *self)
{
  return self->entries->len;
}

const char *
cs_symbol_index_get (CsSymbolIndex *self,
                     guint          i,
                     guint64       *start,
                     guint64       *size)
{
  const Entry *e = &g_array_index (self->entries, Entry, i);

  *start = e->start;
  *size = e->size;
  return e->name;
}
