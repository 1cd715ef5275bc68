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
#include "cs-comparison.h"

G_BEGIN_DECLS

/* Replaces @view's columns: name, module, then self and total of each of
 * @events (guint), sorted by the total of @sort_event; returns that column. */
GtkColumnViewColumn *cs_callgraph_set_columns   (GtkColumnView *view,
                                                 CsCallGraph   *graph,
                                                 GArray        *events,
                                                 guint          sort_event,
                                                 gboolean       tree,
                                                 gboolean       with_self);

/* Compared with a base: Δ Self and Δ Total columns (points: the row's
 * share of @event minus the base's, from @shares, CsNodeShares of each
 * node of the tree @view shows, or @by_function of each function of the
 * profile) after @view's columns; NULL @shares removes them. */
void                 cs_callgraph_set_delta_columns (GtkColumnView *view,
                                                     CsCallGraph   *graph,
                                                     guint          event,
                                                     gboolean       by_function,
                                                     GBytes        *shares);

G_END_DECLS
