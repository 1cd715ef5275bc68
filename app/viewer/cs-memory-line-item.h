/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-line-item.h — one cacheline of a CsMemoryProfile as a list item
 *
 * The Memory page's table is a GtkColumnView over a GListStore of these; the
 * item keeps its profile alive, so a line pointer never outlives its data.
 * Read-only properties give the numbers the table's sorters compare
 * (cs-cacheline-table.ui): "address", "samples", "loads", "stores",
 * "threads", "false-sharing", "sharing" (2 false, 1 true, 0 none), "data"
 * (what holds the line).
 */
#pragma once

#include <glib-object.h>

#include "cs-memory-profile.h"

G_BEGIN_DECLS

#define CS_TYPE_MEMORY_LINE_ITEM (cs_memory_line_item_get_type ())
G_DECLARE_FINAL_TYPE (CsMemoryLineItem, cs_memory_line_item, CS, MEMORY_LINE_ITEM, GObject)

CsMemoryLineItem   *cs_memory_line_item_new         (CsMemoryProfile  *profile,
                                                     guint             index);
const CsMemoryLine *cs_memory_line_item_get_line    (CsMemoryLineItem *self);
CsMemoryProfile    *cs_memory_line_item_get_profile (CsMemoryLineItem *self);

G_END_DECLS
