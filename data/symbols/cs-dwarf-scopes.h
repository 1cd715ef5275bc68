/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-dwarf-scopes.h — the inline call chain around an address
 *
 * dwarf_getscopes() and dwarf_getscopes_die() each walk a whole compile
 * unit per address, which makes ~10 000 addresses take most of a second.
 * Each compile unit's functions are indexed once (sorted by address);
 * an address then only walks the function that holds it.
 */
#pragma once

#include <elfutils/libdw.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsDwarfScopes CsDwarfScopes;

CsDwarfScopes *cs_dwarf_scopes_new  (void);
void           cs_dwarf_scopes_free (CsDwarfScopes *self);
/* Fills @chain (Dwarf_Die) innermost first: the inlined subroutines that
 * hold @pc (a DWARF address of @cudie's unit), then the function they were
 * inlined into. Empty when @pc is in no function. */
void           cs_dwarf_scopes_find (CsDwarfScopes *self,
                                     Dwarf_Die     *cudie,
                                     Dwarf_Addr     pc,
                                     GArray        *chain);

G_END_DECLS
