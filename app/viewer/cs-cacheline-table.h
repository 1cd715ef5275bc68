/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cacheline-table.h — the Memory page's table of cachelines
 *
 * One row per cacheline of a CsMemoryProfile (CsMemoryLineItem), hottest
 * first: a false-sharing flag, the line's address (reconstructed: †),
 * samples with a heat bar, loads, stores, threads, the bytes each thread
 * touched and the top instruction. Columns and sorters are declared in
 * cs-cacheline-table.ui; a numeric header sorts biggest first.
 *
 * Properties: "profile" (CsMemoryProfile, the lines shown) and
 * "selected-item" (CsMemoryLineItem, read-only, NULL without rows).
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-memory-line-item.h"

G_BEGIN_DECLS

#define CS_TYPE_CACHELINE_TABLE (cs_cacheline_table_get_type ())
G_DECLARE_FINAL_TYPE (CsCachelineTable, cs_cacheline_table, CS, CACHELINE_TABLE, GtkWidget)

const CsMemoryLine *cs_cacheline_table_get_selected_line (CsCachelineTable *self);
/* Selects the line holding @address (of the selected line's process when
 * two processes used that address) and scrolls to it; FALSE when no line
 * holds it. */
gboolean            cs_cacheline_table_select_address    (CsCachelineTable *self,
                                                          guint64           address);
/* Selects the line with CsMemoryLine.id @id; FALSE when the table has none. */
gboolean            cs_cacheline_table_select_id         (CsCachelineTable *self,
                                                          guint32           id);

G_END_DECLS
