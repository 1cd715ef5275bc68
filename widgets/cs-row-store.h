/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-row-store.h — a list model over an array of rows, in a given order
 *
 * What GListStore does for the module table, with O(1) access by position
 * and a permutation: sorting swaps the order in one step, without touching
 * (or referencing) the rows, and emits one ::items-changed.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CS_TYPE_ROW_STORE (cs_row_store_get_type ())
G_DECLARE_FINAL_TYPE (CsRowStore, cs_row_store, CS, ROW_STORE, GObject)

CsRowStore *cs_row_store_new      (GType       item_type);
/* Replaces every row with @rows (GObjects of the item type; referenced),
 * emitting one ::items-changed. NULL empties the store. */
void        cs_row_store_set      (CsRowStore *self,
                                   GPtrArray  *rows);

/* @order: @n indexes into the rows (taken), or NULL for the rows' own
 * order. */
void        cs_row_store_set_order (CsRowStore *self,
                                    guint      *order,
                                    guint       n);
/* The rows in the order they were set (not sorted); owned by @self. */
GPtrArray  *cs_row_store_get_rows  (CsRowStore *self);

G_END_DECLS
