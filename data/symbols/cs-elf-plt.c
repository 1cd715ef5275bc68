/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-elf-plt.c — names for the PLT entries of an ELF file
 *
 * No symbol table covers the PLT: a call through it would read
 * "libfoo.so+0x1030". perf names each entry after the function its
 * relocation resolves ("sin@plt", the way objdump labels them too), and so
 * do we, with the semantics of perf's dso__synthesize_plt_symbols():
 *
 * - .plt starts with a header (".plt") and has one entry per .rela.plt
 *   relocation, in the order of the GOT slots they fill (IFUNC relocations
 *   are not listed in that order, so they are sorted by r_offset); a .plt
 *   with exactly as many entries as relocations has no header.
 * - with Intel CET (.plt.sec, x86), .plt is all header and lazy-binding
 *   stubs (".plt"), and the entries are in .plt.sec.
 * - .plt.got entries (x86, functions bound at load time) jump through a GOT
 *   slot that a .rela.dyn relocation names.
 * - an entry whose relocation names no symbol (IRELATIVE) takes the name of
 *   the IFUNC at its addend, else "offset_0x…@plt".
 *
 * Only the file itself has these sections: a separate debug file keeps
 * .plt as NOBITS, so the caller passes the runtime ELF.
 */
#include "config.h"

#include <gelf.h>
#include <string.h>

#include "cs-elf-plt.h"

typedef struct
{
  Elf        *elf;
  GElf_Ehdr   ehdr;
  size_t      shstrndx;
} PltElf;

static Elf_Scn *
section_by_name (PltElf     *p,
                 const char *name,
                 GElf_Shdr  *shdr)
{
  Elf_Scn *scn = NULL;

  while ((scn = elf_nextscn (p->elf, scn)) != NULL)
    {
      const char *sname;

      if (gelf_getshdr (scn, shdr) == NULL)
        continue;
      sname = elf_strptr (p->elf, p->shstrndx, shdr->sh_name);
      if (sname != NULL && strcmp (sname, name) == 0)
        return scn;
    }
  return NULL;
}

static gboolean
is_x86 (const PltElf *p)
{
  return p->ehdr.e_machine == EM_X86_64 || p->ehdr.e_machine == EM_386;
}

/* perf's get_plt_sizes(): fixed sizes where the ABI fixes them, else the
 * section's entry size (x86: 8 or 16, else guessed from the alignment). */
static gboolean
plt_sizes (const PltElf    *p,
           const GElf_Shdr *plt,
           guint64         *header_size,
           guint64         *entry_size)
{
  switch (p->ehdr.e_machine)
    {
    case EM_ARM:
      *header_size = 20;
      *entry_size = 12;
      return TRUE;
    case EM_AARCH64:
      *header_size = 32;
      *entry_size = 16;
      return TRUE;
    case EM_SPARC:
      *header_size = 48;
      *entry_size = 12;
      return TRUE;
    case EM_SPARCV9:
      *header_size = 128;
      *entry_size = 32;
      return TRUE;
    case EM_386:
    case EM_X86_64:
      *entry_size = plt->sh_entsize;
      if (*entry_size != 8 && *entry_size != 16)
        *entry_size = plt->sh_addralign == 8 ? 8 : 16;
      *header_size = *entry_size;
      return TRUE;
    default:
      *header_size = *entry_size = plt->sh_entsize;
      return *entry_size > 0;
    }
}

typedef struct
{
  guint64 offset;    /* r_offset: the GOT slot */
  guint64 addend;
  guint32 symbol;
  guint32 type;
} Reloc;

static int
compare_relocs (gconstpointer a,
                gconstpointer b)
{
  const Reloc *ra = a, *rb = b;

  return ra->offset < rb->offset ? -1 : ra->offset > rb->offset;
}

/* The relocations of @scn (REL or RELA). */
static GArray *
read_relocs (Elf_Scn         *scn,
             const GElf_Shdr *shdr)
{
  GArray *relocs = g_array_new (FALSE, FALSE, sizeof (Reloc));
  Elf_Data *data = elf_getdata (scn, NULL);
  size_t n;

  if (data == NULL || shdr->sh_entsize == 0 || shdr->sh_type == SHT_NOBITS)
    return relocs;
  n = shdr->sh_size / shdr->sh_entsize;
  for (size_t i = 0; i < n; i++)
    {
      Reloc r = { 0 };

      if (shdr->sh_type == SHT_RELA)
        {
          GElf_Rela rela;

          if (gelf_getrela (data, (int) i, &rela) == NULL)
            break;
          r.offset = rela.r_offset;
          r.addend = rela.r_addend;
          r.symbol = GELF_R_SYM (rela.r_info);
          r.type = GELF_R_TYPE (rela.r_info);
        }
      else
        {
          GElf_Rel rel;

          if (gelf_getrel (data, (int) i, &rel) == NULL)
            break;
          r.offset = rel.r_offset;
          r.symbol = GELF_R_SYM (rel.r_info);
          r.type = GELF_R_TYPE (rel.r_info);
        }
      g_array_append_val (relocs, r);
    }
  return relocs;
}

/* The name of symbol @index of the symbol table @symtab links to, or "". */
static const char *
symbol_name (PltElf     *p,
             Elf_Scn    *symtab,
             guint32     index)
{
  GElf_Shdr shdr;
  Elf_Data *data;
  GElf_Sym sym;
  const char *name;

  if (symtab == NULL || gelf_getshdr (symtab, &shdr) == NULL ||
      (data = elf_getdata (symtab, NULL)) == NULL || gelf_getsym (data, (int) index, &sym) == NULL)
    return "";
  name = elf_strptr (p->elf, shdr.sh_link, sym.st_name);
  return name != NULL ? name : "";
}

/* An IRELATIVE relocation's addend is the IFUNC resolver's address: the
 * entry is named after the IFUNC symbol there. */
static char *
ifunc_name (PltElf       *p,
            const Reloc  *r)
{
  const char *tables[] = { ".symtab", ".dynsym" };

  if (p->ehdr.e_machine != EM_X86_64 || r->type != R_X86_64_IRELATIVE)
    return NULL;
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      GElf_Shdr shdr;
      Elf_Scn *scn = section_by_name (p, tables[t], &shdr);
      Elf_Data *data = scn != NULL ? elf_getdata (scn, NULL) : NULL;

      for (size_t i = 0; data != NULL && shdr.sh_entsize > 0 && i < shdr.sh_size / shdr.sh_entsize; i++)
        {
          GElf_Sym sym;

          if (gelf_getsym (data, (int) i, &sym) != NULL && sym.st_value == r->addend &&
              GELF_ST_TYPE (sym.st_info) == STT_GNU_IFUNC && sym.st_name != 0)
            return g_strdup_printf ("%s@plt", elf_strptr (p->elf, shdr.sh_link, sym.st_name));
        }
    }
  return NULL;
}

static char *
entry_name (PltElf      *p,
            Elf_Scn     *symtab,
            const Reloc *r,
            guint64      file_offset)
{
  const char *name = symbol_name (p, symtab, r->symbol);
  char *ifunc;

  if (*name != '\0')
    return g_strdup_printf ("%s@plt", name);
  if ((ifunc = ifunc_name (p, r)) != NULL)
    return ifunc;
  return g_strdup_printf ("offset_%#" G_GINT64_MODIFIER "x@plt", file_offset);
}

/* x86-64 .plt.got entries: [endbr64] [bnd] jmp *disp(%rip). The GOT slot
 * they jump through, or 0. */
static guint64
plt_got_slot (const guint8 *code,
              gsize         len,
              guint64       vaddr)
{
  static const guint8 endbr64[] = { 0xf3, 0x0f, 0x1e, 0xfa };
  gsize n = 0;
  gint32 disp;

  if (len >= sizeof endbr64 && memcmp (code, endbr64, sizeof endbr64) == 0)
    n += sizeof endbr64;
  if (n < len && code[n] == 0xf2)
    n++;
  if (n + 6 > len || code[n] != 0xff || code[n + 1] != 0x25)
    return 0;
  memcpy (&disp, code + n + 2, sizeof disp);
  disp = GINT32_FROM_LE (disp);
  return vaddr + n + 6 + (gint64) disp;
}

static void
foreach_plt_got (PltElf     *p,
                 CsPltFunc   func,
                 gpointer    user_data)
{
  g_autoptr(GArray) relocs = NULL;
  GElf_Shdr got, dyn;
  Elf_Scn *got_scn = section_by_name (p, ".plt.got", &got);
  Elf_Scn *dyn_scn;
  Elf_Data *code;

  if (got_scn == NULL || got.sh_entsize == 0 || got.sh_type == SHT_NOBITS ||
      (code = elf_getdata (got_scn, NULL)) == NULL)
    return;
  dyn_scn = p->ehdr.e_machine == EM_X86_64 ? section_by_name (p, ".rela.dyn", &dyn) : NULL;
  relocs = dyn_scn != NULL ? read_relocs (dyn_scn, &dyn) : g_array_new (FALSE, FALSE, sizeof (Reloc));
  g_array_sort (relocs, compare_relocs);
  for (guint64 at = 0; at + got.sh_entsize <= got.sh_size && at + got.sh_entsize <= code->d_size;
       at += got.sh_entsize)
    {
      guint64 slot = plt_got_slot ((const guint8 *) code->d_buf + at, got.sh_entsize, got.sh_addr + at);
      Reloc key = { slot, 0, 0, 0 };
      const Reloc *r = NULL;
      g_autofree char *name = NULL;

      if (slot != 0 && relocs->len > 0)
        r = bsearch (&key, relocs->data, relocs->len, sizeof (Reloc), compare_relocs);
      if (r != NULL && r->symbol != 0 && *symbol_name (p, elf_getscn (p->elf, dyn.sh_link), r->symbol) != '\0')
        name = g_strdup_printf ("%s@plt", symbol_name (p, elf_getscn (p->elf, dyn.sh_link), r->symbol));
      else
        name = g_strdup_printf ("offset_%#" G_GINT64_MODIFIER "x@plt", got.sh_offset + at);
      func (name, got.sh_addr + at, got.sh_entsize, user_data);
    }
}

void
_cs_elf_plt_foreach (Elf       *elf,
                     CsPltFunc  func,
                     gpointer   user_data)
{
  g_autoptr(GArray) relocs = NULL;
  GElf_Shdr plt, sec, rel;
  Elf_Scn *rel_scn;
  PltElf p = { elf, { { 0 } }, 0 };
  guint64 header_size, entry_size, vaddr, offset;
  gboolean lazy;

  if (elf == NULL || gelf_getehdr (elf, &p.ehdr) == NULL || elf_getshdrstrndx (elf, &p.shstrndx) != 0)
    return;
  if (section_by_name (&p, ".plt", &plt) == NULL || plt.sh_type == SHT_NOBITS ||
      !plt_sizes (&p, &plt, &header_size, &entry_size))
    return;

  if (is_x86 (&p))
    foreach_plt_got (&p, func, user_data);

  if ((rel_scn = section_by_name (&p, ".rela.plt", &rel)) == NULL &&
      (rel_scn = section_by_name (&p, ".rel.plt", &rel)) == NULL)
    {
      func (".plt", plt.sh_addr, header_size, user_data);
      return;
    }
  if ((rel.sh_type != SHT_RELA && rel.sh_type != SHT_REL) || rel.sh_link == 0)
    return;
  relocs = read_relocs (rel_scn, &rel);

  if (is_x86 (&p) && section_by_name (&p, ".plt.sec", &sec) != NULL && sec.sh_type != SHT_NOBITS)
    {
      if (!plt_sizes (&p, &sec, &header_size, &entry_size))
        return;
      func (".plt", plt.sh_addr, plt.sh_size, user_data);
      vaddr = sec.sh_addr;
      offset = sec.sh_offset;
      lazy = FALSE;
    }
  else
    {
      vaddr = plt.sh_addr;
      offset = plt.sh_offset;
      lazy = TRUE;
    }
  /* A lazy .plt with no room for a header has none. */
  if (lazy && relocs->len * entry_size != plt.sh_size)
    {
      func (".plt", plt.sh_addr, header_size, user_data);
      vaddr += header_size;
      offset += header_size;
    }
  if (is_x86 (&p))
    g_array_sort (relocs, compare_relocs);
  for (guint i = 0; i < relocs->len; i++)
    {
      g_autofree char *name = entry_name (&p, elf_getscn (elf, rel.sh_link),
                                          &g_array_index (relocs, Reloc, i), offset);

      func (name, vaddr, entry_size, user_data);
      vaddr += entry_size;
      offset += entry_size;
    }
}
