/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-index.h — a module's function symbols, sorted for lookups
 *
 * libdwfl's dwfl_module_addrinfo scans the whole symbol table on every
 * call; profiles resolve thousands of addresses per module, so the
 * symbols are read once and searched by binary search. Overlapping
 * symbols (a small function inside a bigger asm one) are handled, and an
 * address is only ever matched by a symbol that covers it.
 */
#pragma once

#include <elfutils/libdwfl.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsSymbolIndex CsSymbolIndex;

/* Function symbols (FUNC, IFUNC, NOTYPE) of the symbol table libdwfl chose
 * (.symtab of the file or its debug file, else .dynsym) and the PLT
 * entries of the file (cs-elf-plt.c). Addresses are ELF virtual addresses
 * (libdwfl's minus @bias). */
CsSymbolIndex *cs_symbol_index_new     (Dwfl_Module   *module,
                                        GElf_Addr      bias);
/* An index filled by hand (a perf map's symbols): global symbols, names
 * copied; call cs_symbol_index_finish() before looking up. */
CsSymbolIndex *cs_symbol_index_new_empty (void);
void           cs_symbol_index_add     (CsSymbolIndex *self,
                                        const char    *name,
                                        guint64        start,
                                        guint64        size);
void           cs_symbol_index_finish  (CsSymbolIndex *self);
void           cs_symbol_index_free    (CsSymbolIndex *self);
/* The symbol covering @vaddr: [start, start + size); an ELF symbol
 * without a size covers up to the next one (the last, and a perf map's,
 * only its own address), as in perf. Among aliases the one perf report shows (perf's
 * choose_best_symbol: sized, non-weak, global, fewer leading underscores,
 * longer name). */
gboolean       cs_symbol_index_lookup  (CsSymbolIndex *self,
                                        guint64        vaddr,
                                        const char   **name,
                                        guint64       *start,
                                        guint64       *size);
guint          cs_symbol_index_get_n   (CsSymbolIndex *self);
const char    *cs_symbol_index_get     (CsSymbolIndex *self,
                                        guint          i,
                                        guint64       *start,
                                        guint64       *size);

G_END_DECLS
