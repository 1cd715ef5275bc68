/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-region.c — what holds a line: a variable, the heap, a stack, a file
 *
 * A line in a module's data (a global or static variable) is named by the
 * ELF symbol holding it: the mapping relates the run-time address to the
 * file offset, the load segments the file offset to the ELF address. .bss
 * past the end of the file is mapped anonymously right after the module's
 * last file mapping: the segments' sizes in memory say how far it reaches.
 * Recordings without data mappings (perf record without -d) still name
 * module data this way, from the code mapping below it.
 *
 * Everything else is named by its mapping: [heap] (the kernel's records
 * call the brk heap "//anon" when it grows: the anonymous mapping that
 * follows the executable is the heap), a thread's stack (the mapping its
 * sampled stack pointer lay in; thread-local variables live there too),
 * shared anonymous memory, a mapped file, other anonymous memory.
 */
#include "config.h"

#include <string.h>
#include <sys/mman.h>

#include "cs-memory-elf.h"
#include "cs-memory-private.h"

/* The ELF data of @m's file, read once per module; NULL when the file
 * cannot be used (gone, changed since the recording, no ELF). */
static const CsMemoryElf *
elf_of (CsMemoryData    *data,
        const CsMapping *m,
        CsModule       **module_out)
{
  CsModule *module = cs_symbolizer_get_module_for_mapping (data->symbolizer, m);
  gpointer value;
  CsMemoryElf *elf = NULL;

  *module_out = module;
  if (module == NULL)
    return NULL;
  if (g_hash_table_lookup_extended (data->elf_files, module, NULL, &value))
    return value;
  if (cs_module_get_kind (module) == CS_MODULE_FILE)
    {
      g_autofree char *problem = cs_symbolizer_dup_module_problem (data->symbolizer, module);

      if (problem == NULL)
        elf = _cs_memory_elf_open (cs_module_get_path (module));
    }
  g_hash_table_insert (data->elf_files, module, elf);
  return elf;
}

/* The ELF address of run-time address @address in the module mapped by
 * @m (@address may lie past @m: .bss); FALSE when the module does not
 * cover it. */
static gboolean
module_address (CsMemoryData    *data,
                const CsMapping *m,
                guint64          address,
                CsModule       **module,
                guint64         *elf_address,
                const CsMemoryElf **elf_out)
{
  const CsMemoryElf *elf = elf_of (data, m, module);
  guint64 start;

  if (elf == NULL || !_cs_memory_elf_offset_to_address (elf, m->pgoff, &start))
    return FALSE;
  *elf_address = start + (address - m->start);
  *elf_out = elf;
  return _cs_memory_elf_covers (elf, *elf_address);
}

static void
set_module (CsMemoryKey       *key,
            CsModule          *module,
            const CsMemoryElf *elf,
            guint64            elf_address,
            guint              first_byte)
{
  CsMemoryRegion *r = &key->region;

  r->kind = CS_MEMORY_REGION_MODULE;
  r->module = module;
  r->elf_address = elf_address;
  r->symbol = _cs_memory_elf_object_at (elf, elf_address + first_byte, &r->symbol_offset);
}

static gboolean
same_file (const CsMapping *a,
           const CsMapping *b)
{
  return a != NULL && b != NULL && strcmp (a->filename, b->filename) == 0;
}

void
_cs_memory_region_resolve (CsMemoryData *data,
                           CsMemoryKey  *key,
                           guint         first_byte)
{
  CsMemoryRegion *r = &key->region;
  const CsMapping *m = key->mapping;
  const CsMemoryElf *elf = NULL;
  CsModule *module = NULL;
  guint64 elf_address = 0;

  *r = (CsMemoryRegion) { .kind = CS_MEMORY_REGION_UNKNOWN };
  if (m != NULL)
    {
      r->mapping = m->filename;
      /* Files and shared memory by file offset; the rest from the start. */
      r->offset = (m->flags & MAP_SHARED) || _cs_memory_mapping_is_file (m)
                  ? m->pgoff + (key->address - m->start) : key->address - m->start;
    }

  /* A module's data, in its own mapping … */
  if (m != NULL && _cs_memory_mapping_is_file (m) && !(m->flags & MAP_SHARED) &&
      module_address (data, m, key->address, &module, &elf_address, &elf))
    {
      set_module (key, module, elf, elf_address, first_byte);
      return;
    }
  /* … or past it (.bss), or in a recording without data mappings. */
  if ((m == NULL || (!(m->flags & MAP_SHARED) && !_cs_memory_mapping_is_file (m))) && key->below != NULL &&
      module_address (data, key->below, key->address, &module, &elf_address, &elf))
    {
      set_module (key, module, elf, elf_address, first_byte);
      return;
    }
  if (m == NULL)
    return;

  if (strcmp (m->filename, "[stack]") == 0 || (key->stack_tid != 0 && !(m->flags & MAP_SHARED)))
    {
      r->kind = CS_MEMORY_REGION_STACK;
      r->tid = key->stack_tid != 0 ? key->stack_tid : key->pid;
    }
  else if (strcmp (m->filename, "[heap]") == 0)
    r->kind = CS_MEMORY_REGION_HEAP;
  else if (m->flags & MAP_SHARED)
    r->kind = g_str_has_prefix (m->filename, "/dev/zero") || g_str_has_prefix (m->filename, "//anon")
              ? CS_MEMORY_REGION_SHARED_ANONYMOUS : CS_MEMORY_REGION_FILE;
  else if (_cs_memory_mapping_is_file (m))
    r->kind = CS_MEMORY_REGION_FILE;
  /* brk memory comes right after the executable (its .bss), below every
   * library; mmap'ed memory lies among the libraries. */
  else if (same_file (key->below, key->executable))
    r->kind = CS_MEMORY_REGION_HEAP;
  else
    r->kind = CS_MEMORY_REGION_ANONYMOUS;
}
