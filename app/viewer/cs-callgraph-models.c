/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-models.c — the Call Graph page's lists and trees
 *
 * The functions list is a store of every function with a cost, filtered by
 * the search text and sorted by the view's sorter. The trees are
 * GtkTreeListModels whose rows make their children when expanded (a large
 * tree costs nothing until it is opened), sorted among siblings by a
 * GtkTreeListRowSorter around the view's sorter. The hot path follows the
 * child with the largest cost of the shown event: the total in the
 * top-down tree, the sampled function's own cost in the bottom-up tree
 * (where that cost comes from).
 */
#include "config.h"

#include "cs-callgraph-columns.h"
#include "cs-callgraph-page-private.h"
#include "cs-column.h"
#include "cs-column-sorter.h"

static void select_position (GtkColumnView *view,
                             guint          position);

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  return cs_call_item_dup_children (item);
}

static GtkSelectionModel *
sorted_selection (GtkColumnView *view,
                  GListModel    *model,
                  gboolean       tree)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (view);
  GtkSortListModel *sorted;
  GtkSingleSelection *selection;

  if (tree)
    sorted = gtk_sort_list_model_new (model, GTK_SORTER (gtk_tree_list_row_sorter_new (g_object_ref (sorter))));
  else
    sorted = gtk_sort_list_model_new (model, g_object_ref (sorter));
  selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  /* nothing chosen until the user chooses (the functions list picks its
   * hottest row itself) */
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
  return GTK_SELECTION_MODEL (selection);
}

static GListModel *
tree_model (CsCallGraph    *graph,
            CsCallTreeKind  kind)
{
  g_autoptr(CsCallItem) root = cs_call_item_new_node (graph, kind, CS_CALL_ROOT);
  GListModel *top = cs_call_item_dup_children (root);

  if (top == NULL)
    top = G_LIST_MODEL (g_list_store_new (CS_TYPE_CALL_ITEM));
  return G_LIST_MODEL (gtk_tree_list_model_new (top, FALSE, FALSE, create_children, NULL, NULL));
}

static GListModel *
functions_model (CsCallGraph *graph,
                 GArray      *events)
{
  GListStore *store = g_list_store_new (CS_TYPE_CALL_ITEM);
  guint n = cs_profile_get_n_functions (cs_call_graph_get_profile (graph));

  for (guint f = 0; f < n; f++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < events->len && !any; i++)
        any = cs_call_graph_get_function_total (graph, f, g_array_index (events, guint, i)) > 0;
      if (any)
        {
          g_autoptr(CsCallItem) item = cs_call_item_new_function (graph, f);

          g_list_store_append (store, item);
        }
    }
  return G_LIST_MODEL (store);
}

static void
clear_view (GtkColumnView *view)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  gtk_column_view_set_model (view, NULL);
  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (view, c);
    }
}

void
_cs_call_graph_page_set_models (CsCallGraphPage *self)
{
  GtkColumnView *trees[] = { self->top_down_view, self->bottom_up_view };
  g_autoptr(GtkFilterListModel) filtered = NULL;

  if (self->graph == NULL)
    {
      clear_view (self->functions_view);
      clear_view (self->top_down_view);
      clear_view (self->bottom_up_view);
      clear_view (self->callers_view);
      clear_view (self->callees_view);
      return;
    }

  cs_callgraph_set_columns (self->functions_view, self->graph, self->events, self->event, FALSE, TRUE);
  filtered = gtk_filter_list_model_new (functions_model (self->graph, self->events),
                                        GTK_FILTER (g_object_ref (self->name_filter)));
  gtk_column_view_set_model (self->functions_view,
                             sorted_selection (self->functions_view, G_LIST_MODEL (g_steal_pointer (&filtered)), FALSE));
  for (guint t = 0; t < G_N_ELEMENTS (trees); t++)
    {
      cs_callgraph_set_columns (trees[t], self->graph, self->events, self->event, TRUE, TRUE);
      gtk_column_view_set_model (trees[t], sorted_selection (trees[t], tree_model (self->graph, (CsCallTreeKind) t), TRUE));
    }
  cs_callgraph_set_columns (self->callers_view, self->graph, self->events, self->event, FALSE, FALSE);
  cs_callgraph_set_columns (self->callees_view, self->graph, self->events, self->event, FALSE, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (self->sorted_event); i++)
    self->sorted_event[i] = G_MAXUINT;
  _cs_call_graph_page_sort_by_event (self);
  /* the hottest function is the one shown first */
  select_position (self->functions_view, 0);
}

/* The Total column of @event in @view. */
static GtkColumnViewColumn *
total_column (CsCallGraphPage *self,
              GtkColumnView   *view,
              gboolean         with_self)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  guint index = 0;

  for (guint i = 0; i < self->events->len; i++)
    if (g_array_index (self->events, guint, i) == self->event)
      index = i;
  /* name, module, then (self,) total per event */
  return g_list_model_get_item (columns, 2 + index * (with_self ? 2 : 1) + (with_self ? 1 : 0));
}

/* Sorting a view re-sorts every row it holds and rebinds its cells: only
 * the one in sight is sorted at once, the others when they come into
 * sight (sorted_event says by which event each was sorted last). */
void
_cs_call_graph_page_sort_by_event (CsCallGraphPage *self)
{
  GtkColumnView *views[] = { self->functions_view, self->top_down_view, self->bottom_up_view,
                             self->callers_view, self->callees_view };
  GtkWidget *visible = gtk_stack_get_visible_child (self->view_stack);

  if (self->graph == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = NULL;

      if (i < 3 && (self->sorted_event[i] == self->event ||
                    (visible != NULL && !gtk_widget_is_ancestor (GTK_WIDGET (views[i]), visible))))
        continue;
      column = total_column (self, views[i], i < 3);
      if (column != NULL)
        cs_column_view_sort_by (views[i], column, GTK_SORT_DESCENDING);
      if (i < 3)
        self->sorted_event[i] = self->event;
    }
}

void
_cs_call_graph_page_update_edges (CsCallGraphPage *self)
{
  GtkColumnView *views[] = { self->callers_view, self->callees_view };

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      GListStore *store = g_list_store_new (CS_TYPE_CALL_ITEM);

      if (self->graph != NULL && self->selected != CS_CALL_NO_FUNCTION)
        {
          g_autoptr(GArray) edges = cs_call_graph_dup_edges (self->graph, self->selected, v == 0);

          for (guint i = 0; i < edges->len; i++)
            {
              g_autoptr(CsCallItem) item = cs_call_item_new_edge (self->graph, g_array_index (edges, guint, i), v == 0);

              g_list_store_append (store, item);
            }
        }
      gtk_column_view_set_model (views[v], sorted_selection (views[v], G_LIST_MODEL (store), FALSE));
    }
}

CsCallItem *
_cs_call_graph_page_item_at (GtkColumnView *view,
                             guint          position)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(GObject) item = NULL;

  if (model == NULL || position >= g_list_model_get_n_items (model))
    return NULL;
  item = g_list_model_get_item (model, position);
  /* (the model holds the item) */
  return cs_call_item_from (item);
}

/* The position of the row whose item is @target in @view's model. */
static guint
position_of (GtkColumnView *view,
             gpointer       target)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (item == target)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
select_position (GtkColumnView *view,
                 guint          position)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));

  if (position == GTK_INVALID_LIST_POSITION || model == NULL || position >= g_list_model_get_n_items (model))
    return;
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view)), position);
  cs_column_view_scroll_to (view, position);
}

void
_cs_call_graph_page_select_in_list (CsCallGraphPage *self,
                                    guint            function)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (self->functions_view));

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CsCallItem) item = g_list_model_get_item (model, i);

      if (cs_call_item_get_function (item) != NULL && cs_call_item_get_function (item)->index == function)
        {
          select_position (self->functions_view, i);
          return;
        }
    }
}

static guint64
hot_cost (CsCallGraphPage *self,
          CsCallTreeKind   kind,
          guint            node)
{
  return kind == CS_CALL_TREE_TOP_DOWN ? cs_call_graph_get_total (self->graph, kind, node, self->event)
                                       : cs_call_graph_get_self (self->graph, kind, node, self->event);
}

/* The child row of @row (or, @row NULL, the top row of @model) with the
 * largest hot cost, or NULL. The path ends where the row's own part of its
 * cost (what no child carries: the self cost of a top-down node, the stacks
 * that end there in the bottom-up tree) outweighs every child: a function
 * hot in itself, interrupted now and then, is the end of its hot path, not
 * the interrupt. */
static GtkTreeListRow *
hottest_row (CsCallGraphPage  *self,
             GtkTreeListModel *model,
             GtkTreeListRow   *row,
             CsCallTreeKind    kind)
{
  GtkTreeListRow *best = NULL;
  guint64 best_cost = 0, sum = 0;

  for (guint i = 0;; i++)
    {
      GtkTreeListRow *child = row != NULL ? gtk_tree_list_row_get_child_row (row, i)
                                          : gtk_tree_list_model_get_child_row (model, i);
      guint64 cost;

      if (child == NULL)
        break;
      cost = hot_cost (self, kind, cs_call_item_get_node (cs_call_item_from (child)));
      sum += cost;
      if (cost > best_cost)
        {
          g_clear_object (&best);
          best = g_object_ref (child);
          best_cost = cost;
        }
      g_object_unref (child);
    }
  if (row != NULL && best != NULL)
    {
      guint64 cost = hot_cost (self, kind, cs_call_item_get_node (cs_call_item_from (row)));

      if (best_cost < cost - MIN (sum, cost))
        g_clear_object (&best);
    }
  return best;
}

guint
cs_call_graph_page_expand_hot_path (CsCallGraphPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->view_stack);
  CsCallTreeKind kind = g_strcmp0 (name, "bottom-up") == 0 ? CS_CALL_TREE_BOTTOM_UP : CS_CALL_TREE_TOP_DOWN;
  GtkColumnView *view = kind == CS_CALL_TREE_BOTTOM_UP ? self->bottom_up_view : self->top_down_view;
  GtkSingleSelection *selection;
  GtkSortListModel *sorted;
  GtkTreeListModel *model;
  g_autoptr(GtkTreeListRow) row = NULL;
  GtkTreeListRow *next;

  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), CS_CALL_NO_NODE);
  if (self->graph == NULL)
    return CS_CALL_NO_NODE;
  if (g_strcmp0 (name, "bottom-up") != 0)
    gtk_stack_set_visible_child_name (self->view_stack, "top-down");
  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  sorted = GTK_SORT_LIST_MODEL (gtk_single_selection_get_model (selection));
  model = GTK_TREE_LIST_MODEL (gtk_sort_list_model_get_model (sorted));

  if (gtk_single_selection_get_selected_item (selection) != NULL)
    row = g_object_ref (gtk_single_selection_get_selected_item (selection));
  else
    row = hottest_row (self, model, NULL, kind);
  /* (a row lists its children only once expanded) */
  while (row != NULL && gtk_tree_list_row_is_expandable (row))
    {
      gtk_tree_list_row_set_expanded (row, TRUE);
      if ((next = hottest_row (self, model, row, kind)) == NULL)
        {
          /* the end of the path: its callees are not the point */
          gtk_tree_list_row_set_expanded (row, FALSE);
          break;
        }
      g_object_unref (row);
      row = next;
    }
  if (row == NULL)
    return CS_CALL_NO_NODE;
  select_position (view, position_of (view, row));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  return cs_call_item_get_node (cs_call_item_from (row));
}
