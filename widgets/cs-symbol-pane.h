/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-pane.h — the hot symbols of the selected module, per event
 *
 * A tab per sampled event (GtkStackSwitcher), each a CsSymbolList of the
 * top N symbols. A double click or Enter on a row emits ::symbol-activated;
 * the page then opens the source and disassembly panes.
 *
 * For a region (counted, not sampled) or with no module, the pane lists the
 * whole program's hot symbols and says so in its title.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-module-row.h"
#include "cs-symbol-item.h"

G_BEGIN_DECLS

#define CS_TYPE_SYMBOL_PANE (cs_symbol_pane_get_type ())
G_DECLARE_FINAL_TYPE (CsSymbolPane, cs_symbol_pane, CS, SYMBOL_PANE, GtkWidget)

GtkWidget    *cs_symbol_pane_new            (void);
/* Property "analysis": the recording whose sampled events get a tab each.
 * Property "limit": rows per tab (the GSettings key symbol-limit); 20. */
void          cs_symbol_pane_set_analysis   (CsSymbolPane *self,
                                             CsAnalysis   *analysis);
/* The module (or region) whose symbols are shown; NULL: whole program. */
void          cs_symbol_pane_set_module     (CsSymbolPane *self,
                                             CsModuleRow  *row);
CsModuleRow  *cs_symbol_pane_get_module     (CsSymbolPane *self);
/* Property "comparison": compared with a base, the tab of the comparison's
 * event lists the functions of both sides with Base, New and Δ
 * (cs-symbol-list.h); a module of the base only (a row the module table
 * added) lists the base's functions. NULL: not compared. */
void          cs_symbol_pane_set_comparison (CsSymbolPane *self,
                                             CsComparison *comparison);
/* Lists nothing and says @message instead, until the next module (the
 * table's filter hid the selected one). */
void          cs_symbol_pane_clear          (CsSymbolPane *self,
                                             const char   *message);
/* The pane's heading, e.g. "Hot symbols — libcsdemo.so". */
const char   *cs_symbol_pane_get_title      (CsSymbolPane *self);
/* What the pane says instead of listing symbols; NULL while it lists. */
const char   *cs_symbol_pane_get_message    (CsSymbolPane *self);
/* The event of the visible tab; NULL without samples. */
const char   *cs_symbol_pane_get_visible_event (CsSymbolPane *self);
/* The rows of @event's tab (NULL: the visible one): CsSymbolItem. */
GListModel   *cs_symbol_pane_get_symbols    (CsSymbolPane *self,
                                             const char   *event);

G_END_DECLS
