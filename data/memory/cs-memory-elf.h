/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-elf.h — a module's data as its ELF file describes it (private)
 *
 * To name a cacheline that lies in a program's or a library's .data or .bss
 * by the variable that holds it, the memory profile needs the file's load
 * segments (how file offsets and run-time addresses relate to its ELF
 * addresses, and how far .bss reaches past the file) and its data symbols
 * (STT_OBJECT, from .symtab, else .dynsym). The code symbolizer indexes
 * functions only.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsMemoryElf CsMemoryElf;

/* NULL when @path cannot be read or is no ELF file. */
CsMemoryElf *_cs_memory_elf_open         (const char        *path);
void         _cs_memory_elf_free         (CsMemoryElf       *elf);
/* The ELF address loaded from file offset @offset; FALSE when no PT_LOAD
 * segment maps it. */
gboolean     _cs_memory_elf_offset_to_address (const CsMemoryElf *elf,
                                               guint64            offset,
                                               guint64           *address);
/* Whether a PT_LOAD segment covers ELF address @address, .bss included. */
gboolean     _cs_memory_elf_covers       (const CsMemoryElf *elf,
                                          guint64            address);
/* The data symbol covering @address and @address's offset in it; NULL when
 * none does. */
const char  *_cs_memory_elf_object_at    (const CsMemoryElf *elf,
                                          guint64            address,
                                          guint64           *offset);
/* The address and size of the data symbol @name; FALSE when there is none. */
gboolean     _cs_memory_elf_find_object  (const CsMemoryElf *elf,
                                          const char        *name,
                                          guint64           *address,
                                          guint64           *size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsMemoryElf, _cs_memory_elf_free)

G_END_DECLS
