/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-pane.h — the hot symbols of the selected module, per event
 *
 * A tab per sampled event (GtkStackSwitcher), each a table of the top N
 * symbols: samples, share with a heat bar, symbol, library and the full
 * signature. A double click or Enter on a row emits ::symbol-activated;
 * the window then opens the source and disassembly panes.
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
void          cs_symbol_pane_set_analysis   (CsSymbolPane *self,
                                             CsAnalysis   *analysis);
/* The module (or region) whose symbols are shown; NULL: whole program. */
void          cs_symbol_pane_set_module     (CsSymbolPane *self,
                                             CsModuleRow  *row);
CsModuleRow  *cs_symbol_pane_get_module     (CsSymbolPane *self);
/* The pane's heading, e.g. "Hot symbols — libcsdemo.so". */
const char   *cs_symbol_pane_get_title      (CsSymbolPane *self);

/* Tabs: the sampled events, in the analysis' order. */
guint         cs_symbol_pane_get_n_events   (CsSymbolPane *self);
const char   *cs_symbol_pane_get_event      (CsSymbolPane *self,
                                             guint         index);
/* The event of the visible tab; NULL without samples. */
const char   *cs_symbol_pane_get_visible_event (CsSymbolPane *self);
gboolean      cs_symbol_pane_set_visible_event (CsSymbolPane *self,
                                                const char   *event);
/* The rows of @event's tab (NULL: the visible one): CsSymbolItem. */
GListModel   *cs_symbol_pane_get_symbols    (CsSymbolPane *self,
                                             const char   *event);
/* As Enter on row @position of the visible tab. */
void          cs_symbol_pane_activate       (CsSymbolPane *self,
                                             guint         position);

/* Rows per tab (the GSettings key symbol-limit); default 20. */
void          cs_symbol_pane_set_limit      (CsSymbolPane *self,
                                             guint         limit);
guint         cs_symbol_pane_get_limit      (CsSymbolPane *self);

G_END_DECLS
