/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-item.h — one row of the Call Graph page's lists and trees
 *
 * A node of the top-down or bottom-up tree (its children are made when the
 * row is expanded), a function of the functions list, or an edge of the
 * callers and callees lists (standing for the function at its other end).
 * Costs are read from the call graph for any event, so one item serves
 * every event's columns. "name" and "module" are properties, for filters
 * and sorters.
 */
#pragma once

#include <gio/gio.h>

#include "cs-call-graph.h"

G_BEGIN_DECLS

typedef enum
{
  CS_CALL_ITEM_NODE,
  CS_CALL_ITEM_FUNCTION,
  CS_CALL_ITEM_CALLER,   /* an edge, standing for its caller */
  CS_CALL_ITEM_CALLEE,   /* an edge, standing for its callee */
} CsCallItemKind;

#define CS_TYPE_CALL_ITEM (cs_call_item_get_type ())
G_DECLARE_FINAL_TYPE (CsCallItem, cs_call_item, CS, CALL_ITEM, GObject)

CsCallItem           *cs_call_item_new_node      (CsCallGraph    *graph,
                                                  CsCallTreeKind  tree,
                                                  guint           node);
CsCallItem           *cs_call_item_new_function  (CsCallGraph    *graph,
                                                  guint           function);
CsCallItem           *cs_call_item_new_edge      (CsCallGraph    *graph,
                                                  guint           edge,
                                                  gboolean        caller);

CsCallItemKind        cs_call_item_get_kind      (CsCallItem *self);
CsCallGraph          *cs_call_item_get_graph     (CsCallItem *self);
CsCallTreeKind        cs_call_item_get_tree      (CsCallItem *self);
/* The tree node (CS_CALL_ITEM_NODE), else CS_CALL_NO_NODE. */
guint                 cs_call_item_get_node      (CsCallItem *self);
/* The function the row stands for. */
const CsCallFunction *cs_call_item_get_function  (CsCallItem *self);
const char           *cs_call_item_get_name      (CsCallItem *self);
const char           *cs_call_item_get_module    (CsCallItem *self);
/* Self: a node's, a function's; 0 for an edge. Total: a node's, a
 * function's; an edge's cost (the part of the callee's total that comes
 * through that call). */
guint64               cs_call_item_get_self      (CsCallItem *self,
                                                  guint       event);
guint64               cs_call_item_get_total     (CsCallItem *self,
                                                  guint       event);
/* A tree node's children as items (NULL for a leaf or another kind). */
GListModel           *cs_call_item_dup_children  (CsCallItem *self);
/* The item of a GtkTreeListRow, or @item itself. */
CsCallItem           *cs_call_item_from         (gpointer    item);

G_END_DECLS
