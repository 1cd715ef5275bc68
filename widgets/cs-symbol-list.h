/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-list.h — one tab of the hot-symbols pane: the top symbols of one event
 *
 * Samples, share with a heat bar, symbol, library and the full signature
 * (columns declared in cs-symbol-list.ui). Enter or a double click emits
 * ::symbol-activated with the CsSymbolItem.
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
/* The rows (the selection model). */
GListModel   *cs_symbol_list_get_items (CsSymbolList *self);

G_END_DECLS
