/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-index.c — a module's function symbols, sorted for lookups */
#include "config.h"

#include <string.h>

#include "cs-elf-plt.h"
#include "cs-sorted.h"
#include "cs-symbol-index.h"

typedef struct
{
  guint64     start;
  guint64     size;
  guint64     max_end;   /* the largest end among this and all earlier entries */
  const char *name;      /* in the ELF string table, alive with the Dwfl */
  guint8      binding;   /* STB_* */
  guint       order;     /* symbol table index, for a stable sort */
} Entry;

struct _CsSymbolIndex
{
  GArray       *entries;   /* Entry; once finished by start, the preferred alias only */
  GStringChunk *names;     /* names made or copied here ("sin@plt") */
};

static guint
leading_underscores (const char *name)
{
  guint n = 0;

  while (name[n] == '_')
    n++;
  return n;
}

/* Which of two aliases (symbols at the same address) to show, as perf's
 * choose_best_symbol() decides: one with a size over one without, a
 * non-weak over a weak one, a global over a local one, fewer leading
 * underscores, the longer name; else the one listed first. Negative when
 * @a is preferred. So libc's getppid is "__GI___getppid", random
 * "__random", free "cfree@GLIBC_2.2.5", write "__GI___libc_write". */
static int
compare_aliases (const Entry *a,
                 const Entry *b)
{
  gsize la, lb;
  guint ua, ub;

  if ((a->size > 0) != (b->size > 0))
    return a->size > 0 ? -1 : 1;
  if ((a->binding == STB_WEAK) != (b->binding == STB_WEAK))
    return a->binding == STB_WEAK ? 1 : -1;
  if ((a->binding == STB_GLOBAL) != (b->binding == STB_GLOBAL))
    return a->binding == STB_GLOBAL ? -1 : 1;
  ua = leading_underscores (a->name);
  ub = leading_underscores (b->name);
  if (ua != ub)
    return ua < ub ? -1 : 1;
  la = strlen (a->name);
  lb = strlen (b->name);
  if (la != lb)
    return la > lb ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *ea = a;
  const Entry *eb = b;

  if (ea->start != eb->start)
    return ea->start < eb->start ? -1 : 1;
  return compare_aliases (ea, eb);
}

static void
append (CsSymbolIndex *self,
        const char    *name,
        guint64        start,
        guint64        size,
        guint8         binding,
        guint          order)
{
  Entry e = { start, size, 0, name, binding, order };

  g_array_append_val (self->entries, e);
}

CsSymbolIndex *
cs_symbol_index_new_empty (void)
{
  CsSymbolIndex *self = g_new0 (CsSymbolIndex, 1);

  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  self->names = g_string_chunk_new (1024);
  return self;
}

void
cs_symbol_index_add (CsSymbolIndex *self,
                     const char    *name,
                     guint64        start,
                     guint64        size)
{
  append (self, g_string_chunk_insert_const (self->names, name), start, size, STB_GLOBAL,
          self->entries->len);
}

/* Sorts, keeps the preferred alias per address and, with
 * @extend_sizeless, lets an assembly label (ld.so's _start has no size)
 * cover up to the next symbol, as perf's symbols__fixup_end() does for
 * ELF symbols (not for perf maps); the last one keeps only its own
 * address. */
static void
finish (CsSymbolIndex *self,
        gboolean       extend_sizeless)
{
  GArray *all = self->entries;
  guint64 max_end = 0;

  g_array_sort (all, compare_entries);
  self->entries = g_array_sized_new (FALSE, FALSE, sizeof (Entry), all->len);
  for (guint i = 0; i < all->len; i++)
    {
      Entry *e = &g_array_index (all, Entry, i);

      if (self->entries->len > 0 &&
          g_array_index (self->entries, Entry, self->entries->len - 1).start == e->start)
        continue;
      g_array_append_val (self->entries, *e);
    }
  g_array_unref (all);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (extend_sizeless && e->size == 0 && i + 1 < self->entries->len)
        e->size = g_array_index (self->entries, Entry, i + 1).start - e->start;
      max_end = MAX (max_end, e->start + MAX (e->size, 1));
      e->max_end = max_end;
    }
}

void
cs_symbol_index_finish (CsSymbolIndex *self)
{
  finish (self, FALSE);
}

/* PLT entries are global, sized symbols, added after the symbol table,
 * as perf makes them. */
static void
add_plt_entry (const char *name,
               guint64     vaddr,
               guint64     size,
               gpointer    user_data)
{
  CsSymbolIndex *self = user_data;

  append (self, g_string_chunk_insert_const (self->names, name), vaddr, size, STB_GLOBAL,
          0x80000000u + self->entries->len);
}

CsSymbolIndex *
cs_symbol_index_new (Dwfl_Module *module,
                     GElf_Addr    bias)
{
  CsSymbolIndex *self = cs_symbol_index_new_empty ();
  int n = dwfl_module_getsymtab (module);
  GElf_Addr elf_bias = 0;
  Elf *elf;

  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr addr = 0;
      GElf_Word shndx = 0;
      const char *name = dwfl_module_getsym_info (module, i, &sym, &addr, &shndx, NULL, NULL);
      int type = GELF_ST_TYPE (sym.st_info);

      if (name == NULL || name[0] == '\0' || shndx == SHN_UNDEF || shndx == SHN_ABS ||
          shndx == (GElf_Word) -1 ||
          (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE))
        continue;
      /* perf's elf_sym__is_label(): a hidden assembly label is a place
       * inside a function (a loop's head), not a function of its own */
      if (type == STT_NOTYPE && (GELF_ST_VISIBILITY (sym.st_other) == STV_HIDDEN ||
                                 GELF_ST_VISIBILITY (sym.st_other) == STV_INTERNAL))
        continue;
      /* The name lives in libdwfl's string table as long as the module. */
      append (self, name, addr - bias, sym.st_size, GELF_ST_BIND (sym.st_info), i);
    }
  /* The PLT from the file itself (libdwfl's getelf gives the main file,
   * whatever table it chose). */
  if ((elf = dwfl_module_getelf (module, &elf_bias)) != NULL)
    _cs_elf_plt_foreach (elf, add_plt_entry, self);
  finish (self, TRUE);
  return self;
}

void
cs_symbol_index_free (CsSymbolIndex *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_clear_pointer (&self->names, g_string_chunk_free);
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
