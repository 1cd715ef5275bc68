/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-elf-plt.h — names for the PLT entries of an ELF file (private) */
#pragma once

#include <gelf.h>
#include <glib.h>

G_BEGIN_DECLS

/* @name: "sin@plt", ".plt" for the header; @vaddr: ELF virtual address. */
typedef void (*CsPltFunc) (const char *name,
                           guint64     vaddr,
                           guint64     size,
                           gpointer    user_data);

/* Calls @func for each PLT entry of @elf (.plt, .plt.sec, .plt.got), as
 * perf's dso__synthesize_plt_symbols() names them. Nothing for a file
 * without a PLT or a debug file (.plt is NOBITS there). */
void _cs_elf_plt_foreach (Elf       *elf,
                          CsPltFunc  func,
                          gpointer   user_data);

G_END_DECLS
