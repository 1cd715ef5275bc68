/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-list.h — one tab of the hot-symbols pane: the top symbols of one event
 *
 * Samples, share with a heat bar, symbol, library and the full signature
 * (columns declared in cs-symbol-list.ui). Enter or a double click emits
 * ::symbol-activated with the CsSymbolItem. Compared with a base, Base, New
 * and Δ columns take the place of Samples and Share.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-symbol-item.h"

G_BEGIN_DECLS

#define CS_TYPE_SYMBOL_LIST (cs_symbol_list_get_type ())
G_DECLARE_FINAL_TYPE (CsSymbolList, cs_symbol_list, CS, SYMBOL_LIST, GtkWidget)

CsSymbolList *cs_symbol_list_new       (const char   *event);
const char   *cs_symbol_list_get_event (CsSymbolList *self);
/* Replaces the rows with @items (CsSymbolItem*) and selects the first. The
 * library column shows only when @show_library, the signature only when
 * one differs from its name (C functions have none). */
void          cs_symbol_list_set_items (CsSymbolList *self,
                                        GPtrArray    *items,
                                        gboolean      show_library);
/* The rows (the selection model), in the order shown. */
GListModel   *cs_symbol_list_get_items (CsSymbolList *self);

/* Compared with a base (cs-symbol-list-compare.c): Base, New and Δ columns
 * (each side's share of its samples in percent, the change in points,
 * from cs_symbol_item_get_comparison()) instead of Samples and Share. Δ
 * sorts by the size of the change, largest first on the first click. */
void          cs_symbol_list_set_compared (CsSymbolList *self,
                                           gboolean      compared);
gboolean      cs_symbol_list_get_compared (CsSymbolList *self);
/* The rows of a compared list: the @limit hottest functions of @module
 * (a basename; NULL: the whole program) in @analysis (the new side) for
 * @event, then those of the base not among them, each with its
 * comparison; a function found in the base only is an item of the base's
 * analysis. @analysis NULL: a module of the base only, its base functions. */
GPtrArray    *cs_symbol_list_dup_compared_items (CsComparison *comparison,
                                                 CsAnalysis   *analysis,
                                                 const char   *module,
                                                 const char   *event,
                                                 guint         limit);

G_END_DECLS
