/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-dwarf-units.h — the compile unit of an address, without .debug_aranges
 *
 * libdw 0.188 (Debian 12) finds an address's compile unit, and so its
 * source line, only through .debug_aranges, which clang does not emit
 * (GCC does): every line of a clang -g program would read ??:0. The units'
 * own address ranges (DW_AT_ranges, DW_AT_low_pc/high_pc) say the same;
 * they are read once per module and searched by address.
 */
#pragma once

#include <elfutils/libdw.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsDwarfUnits CsDwarfUnits;

CsDwarfUnits *cs_dwarf_units_new    (Dwarf        *dwarf);
void          cs_dwarf_units_free   (CsDwarfUnits *self);
/* How many compile units the file's DWARF has. */
guint         cs_dwarf_units_get_n  (CsDwarfUnits *self);
/* The compile unit whose ranges hold @pc (a DWARF address). */
gboolean      cs_dwarf_units_find   (CsDwarfUnits *self,
                                     Dwarf_Addr    pc,
                                     Dwarf_Die    *cudie);

G_END_DECLS
