/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-columns.h — the columns of the Call Graph page's tables
 *
 * Every list and tree of the page shows CsCallItems (in trees wrapped in
 * GtkTreeListRows): the function (with an expander in trees), its module,
 * and per event its self and total cost as shares of the event's total
 * over heat bars. Each column sorts: names in collation order, costs
 * biggest first (cs-column-sorter.h); in a tree the order applies among
 * siblings.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-call-graph.h"

G_BEGIN_DECLS

GtkColumnViewColumn *cs_callgraph_name_column   (gboolean     tree);
GtkColumnViewColumn *cs_callgraph_module_column (void);
/* @title, e.g. "Total · cpu-clock"; @total: the total, else the self cost. */
GtkColumnViewColumn *cs_callgraph_cost_column   (CsCallGraph *graph,
                                                 guint        event,
                                                 gboolean     total,
                                                 const char  *title);
/* Replaces @view's columns: name, module, then self and total of each of
 * @events (guint), sorted by the total of @sort_event; returns that column. */
GtkColumnViewColumn *cs_callgraph_set_columns   (GtkColumnView *view,
                                                 CsCallGraph   *graph,
                                                 GArray        *events,
                                                 guint          sort_event,
                                                 gboolean       tree,
                                                 gboolean       with_self);

G_END_DECLS
