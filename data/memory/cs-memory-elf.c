/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-elf.c — a module's load segments and data symbols, from libelf */
#include "config.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cs-memory-elf.h"

typedef struct
{
  guint64 address;     /* p_vaddr */
  guint64 offset;      /* p_offset */
  guint64 filesz;
  guint64 memsz;
} Segment;

typedef struct
{
  guint64     address;
  guint64     size;
  const char *name;    /* in names */
} Object;

struct _CsMemoryElf
{
  GArray       *segments;  /* Segment */
  GArray       *objects;   /* Object, by address */
  GStringChunk *names;
};

void
_cs_memory_elf_free (CsMemoryElf *elf)
{
  if (elf == NULL)
    return;
  g_array_unref (elf->segments);
  g_array_unref (elf->objects);
  g_string_chunk_free (elf->names);
  g_free (elf);
}

static int
compare_objects (gconstpointer a,
                 gconstpointer b)
{
  const Object *x = a, *y = b;

  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  /* The larger first: an alias of size 0 must not hide the variable. */
  return x->size > y->size ? -1 : x->size < y->size;
}

/* Data symbols of one symbol table; FALSE when it has none. */
static gboolean
read_objects (CsMemoryElf *self,
              Elf         *e,
              Elf_Scn     *scn,
              GElf_Shdr   *shdr)
{
  Elf_Data *d = elf_getdata (scn, NULL);
  gsize n = shdr->sh_entsize > 0 ? shdr->sh_size / shdr->sh_entsize : 0;
  guint before = self->objects->len;

  for (gsize i = 0; d != NULL && i < n; i++)
    {
      GElf_Sym sym;
      const char *name;
      Object o;

      if (gelf_getsym (d, (int) i, &sym) == NULL || GELF_ST_TYPE (sym.st_info) != STT_OBJECT ||
          sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE ||
          (name = elf_strptr (e, shdr->sh_link, sym.st_name)) == NULL || *name == '\0')
        continue;
      o.address = sym.st_value;
      o.size = sym.st_size;
      o.name = g_string_chunk_insert_const (self->names, name);
      g_array_append_val (self->objects, o);
    }
  return self->objects->len > before;
}

CsMemoryElf *
_cs_memory_elf_open (const char *path)
{
  g_autoptr(CsMemoryElf) self = NULL;
  Elf_Scn *scn = NULL, *dynsym = NULL;
  GElf_Shdr dynsym_shdr;
  gboolean symtab = FALSE;
  size_t n_phdrs = 0;
  Elf *e;
  int fd;

  if (path == NULL || (fd = open (path, O_RDONLY | O_CLOEXEC)) < 0)
    return NULL;
  elf_version (EV_CURRENT);
  if ((e = elf_begin (fd, ELF_C_READ_MMAP, NULL)) == NULL || elf_kind (e) != ELF_K_ELF ||
      elf_getphdrnum (e, &n_phdrs) != 0)
    {
      if (e != NULL)
        elf_end (e);
      close (fd);
      return NULL;
    }
  self = g_new0 (CsMemoryElf, 1);
  self->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  self->objects = g_array_new (FALSE, FALSE, sizeof (Object));
  self->names = g_string_chunk_new (4096);
  for (size_t i = 0; i < n_phdrs; i++)
    {
      GElf_Phdr phdr;

      if (gelf_getphdr (e, (int) i, &phdr) != NULL && phdr.p_type == PT_LOAD)
        {
          Segment s = { phdr.p_vaddr, phdr.p_offset, phdr.p_filesz, phdr.p_memsz };

          g_array_append_val (self->segments, s);
        }
    }
  /* .symtab has the static variables too; .dynsym only the exported ones. */
  while ((scn = elf_nextscn (e, scn)) != NULL)
    {
      GElf_Shdr shdr;

      if (gelf_getshdr (scn, &shdr) == NULL)
        continue;
      if (shdr.sh_type == SHT_SYMTAB)
        symtab |= read_objects (self, e, scn, &shdr);
      else if (shdr.sh_type == SHT_DYNSYM)
        {
          dynsym = scn;
          dynsym_shdr = shdr;
        }
    }
  if (!symtab && dynsym != NULL)
    read_objects (self, e, dynsym, &dynsym_shdr);
  g_array_sort (self->objects, compare_objects);
  elf_end (e);
  close (fd);
  return g_steal_pointer (&self);
}

gboolean
_cs_memory_elf_offset_to_address (const CsMemoryElf *elf,
                                  guint64            offset,
                                  guint64           *address)
{
  for (guint i = 0; i < elf->segments->len; i++)
    {
      const Segment *s = &g_array_index (elf->segments, Segment, i);

      /* A mapping starts on a page: the segment's page holds offsets
       * before p_offset too, at addresses before p_vaddr. */
      guint64 page_offset = s->offset & ~(guint64) 0xfff;

      if (offset >= page_offset && offset < s->offset + MAX (s->filesz, 1))
        {
          *address = s->address - (s->offset - offset);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
_cs_memory_elf_covers (const CsMemoryElf *elf,
                       guint64            address)
{
  for (guint i = 0; i < elf->segments->len; i++)
    {
      const Segment *s = &g_array_index (elf->segments, Segment, i);

      if (address >= s->address && address < s->address + s->memsz)
        return TRUE;
    }
  return FALSE;
}

const char *
_cs_memory_elf_object_at (const CsMemoryElf *elf,
                          guint64            address,
                          guint64           *offset)
{
  guint lo = 0, hi = elf->objects->len;

  /* The last object starting at or before @address … */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (elf->objects, Object, mid).address <= address)
        lo = mid + 1;
      else
        hi = mid;
    }
  /* … or one of those before it that is large enough (nested aliases). */
  for (guint i = lo; i > 0 && lo - i < 8; i--)
    {
      const Object *o = &g_array_index (elf->objects, Object, i - 1);

      if (address < o->address + MAX (o->size, 1))
        {
          *offset = address - o->address;
          return o->name;
        }
    }
  return NULL;
}

gboolean
_cs_memory_elf_find_object (const CsMemoryElf *elf,
                            const char        *name,
                            guint64           *address,
                            guint64           *size)
{
  for (guint i = 0; i < elf->objects->len; i++)
    {
      const Object *o = &g_array_index (elf->objects, Object, i);

      if (strcmp (o->name, name) == 0)
        {
          *address = o->address;
          *size = o->size;
          return TRUE;
        }
    }
  return FALSE;
}
