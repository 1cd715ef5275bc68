/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-item.h — one row of the hot-symbols pane
 *
 * A profile symbol with its samples of one event. The item keeps the
 * analysis alive, since the symbol belongs to its profile; the source and
 * disassembly panes take the item's analysis, symbol and event.
 */
#pragma once

#include <glib-object.h>

#include "cs-analysis.h"
#include "cs-comparison.h"
#include "cs-profile.h"

G_BEGIN_DECLS

#define CS_TYPE_SYMBOL_ITEM (cs_symbol_item_get_type ())
G_DECLARE_FINAL_TYPE (CsSymbolItem, cs_symbol_item, CS, SYMBOL_ITEM, GObject)

/* @share: the fraction the pane shows (of the module's period for a module,
 * of the event's total otherwise), 0..1. */
CsSymbolItem          *cs_symbol_item_new           (CsAnalysis               *analysis,
                                                     const char               *event,
                                                     const CsProfileSymbolRow *row,
                                                     double                    share);
CsAnalysis            *cs_symbol_item_get_analysis  (CsSymbolItem *self);
const CsProfileSymbol *cs_symbol_item_get_symbol    (CsSymbolItem *self);
const char            *cs_symbol_item_get_event     (CsSymbolItem *self);
guint64                cs_symbol_item_get_samples   (CsSymbolItem *self);
/* Of the event's total period, 0..100 (perf's "Overhead"). */
double                 cs_symbol_item_get_percent   (CsSymbolItem *self);
/* Of the module's period, 0..100. */
double                 cs_symbol_item_get_module_percent (CsSymbolItem *self);
double                 cs_symbol_item_get_share     (CsSymbolItem *self);
/* perf's name ("ns::Class::method"), the module's name, the demangled
 * signature (the plain name for C). */
const char            *cs_symbol_item_get_name      (CsSymbolItem *self);
const char            *cs_symbol_item_get_library   (CsSymbolItem *self);
const char            *cs_symbol_item_get_signature (CsSymbolItem *self);

/* The function compared with a base: its shares on both sides, the change
 * and its verdict (NULL: not compared); for the Base, New and Δ columns
 * (cs-symbol-list.h). A function of the base only is an item of the base's
 * analysis. Name and module of @delta are not kept. */
void                   cs_symbol_item_set_comparison (CsSymbolItem     *self,
                                                      const CsRowDelta *delta);
gboolean               cs_symbol_item_get_comparison (CsSymbolItem     *self,
                                                      CsRowDelta       *delta);

G_END_DECLS
