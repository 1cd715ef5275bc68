/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-columns.c — see cs-callgraph-columns.h */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-call-item.h"
#include "cs-callgraph-columns.h"
#include "cs-chart-format.h"
#include "cs-column.h"
#include "cs-column-sorter.h"

typedef struct
{
  CsCallGraph *graph;
  guint        event;
  gboolean     total;
} CostColumn;

static void
cost_column_free (gpointer data)
{
  CostColumn *c = data;

  g_clear_object (&c->graph);
  g_free (c);
}

static void
cost_column_notify (gpointer  data,
                    GClosure *closure)
{
  cost_column_free (data);
}

static guint64
cost_of (CsCallItem       *item,
         const CostColumn *c)
{
  return c->total ? cs_call_item_get_total (item, c->event) : cs_call_item_get_self (item, c->event);
}

static void
fill_cost (gpointer       item,
           CsCellContent *content,
           gpointer       data)
{
  const CostColumn *c = data;
  guint64 total = cs_call_graph_get_event_total (c->graph, c->event);
  double share = total > 0 ? (double) cost_of (cs_call_item_from (item), c) / (double) total : 0;

  content->text = cs_chart_format_share (share);
  content->fraction = share;
}

static guint64
sort_cost (CsCallItem *item,
           gpointer    data)
{
  return cost_of (item, data);
}

/* sort_cost() called directly: the generic marshaller (libffi) costs more
 * than the comparison, and a sort makes thousands of them. */
static void
marshal_cost (GClosure     *closure,
              GValue       *return_value,
              guint         n_param_values,
              const GValue *param_values,
              gpointer      invocation_hint,
              gpointer      marshal_data)
{
  gpointer item = g_value_peek_pointer (&param_values[0]);

  g_value_set_uint64 (return_value, sort_cost (item, closure->data));
}

/* @title, e.g. "Total · cpu-clock"; @total: the total, else the self cost. */
static GtkColumnViewColumn *
cs_callgraph_cost_column (CsCallGraph *graph,
                          guint        event,
                          gboolean     total,
                          const char  *title)
{
  CostColumn *c = g_new0 (CostColumn, 1);
  CostColumn *s = g_new0 (CostColumn, 1);
  GtkColumnViewColumn *column;
  GtkExpression *expression;

  c->graph = g_object_ref (graph);
  c->event = event;
  c->total = total;
  *s = *c;
  g_object_ref (s->graph);
  column = cs_column_new (title, CS_CELL_HEAT, fill_cost, c, cost_column_free);
  expression = gtk_cclosure_expression_new (G_TYPE_UINT64, marshal_cost, 0, NULL, G_CALLBACK (sort_cost), s,
                                            cost_column_notify);
  gtk_column_view_column_set_sorter (column, GTK_SORTER (cs_column_sorter_new (expression, TRUE)));
  return column;
}

static void
fill_module (gpointer       item,
             CsCellContent *content,
             gpointer       data)
{
  const CsCallFunction *f = cs_call_item_get_function (cs_call_item_from (item));

  content->text = g_strdup (f != NULL ? f->module->name : "");
  if (f != NULL)
    content->tooltip = g_strdup (f->module->path != NULL ? f->module->path : f->module->name);
}

static GtkColumnViewColumn *
cs_callgraph_module_column (void)
{
  GtkColumnViewColumn *column = cs_column_new (_("Module"), CS_CELL_TEXT, fill_module, NULL, NULL);

  gtk_column_view_column_set_sorter (column, GTK_SORTER (cs_column_sorter_new (
    gtk_property_expression_new (CS_TYPE_CALL_ITEM, NULL, "module"), FALSE)));
  return column;
}

static char *
display_name (CsCallItem *item)
{
  const CsCallFunction *f = cs_call_item_get_function (item);

  if (f == NULL)
    return g_strdup ("");
  if (f->inlined)
    /* TRANSLATORS: a function inlined into its caller, e.g. "mix (inlined)" */
    return g_strdup_printf (_("%s (inlined)"), f->name);
  return g_strdup (f->name);
}

static void
fill_name (gpointer       item,
           CsCellContent *content,
           gpointer       data)
{
  CsCallItem *call = cs_call_item_from (item);
  const CsCallFunction *f = cs_call_item_get_function (call);

  content->text = display_name (call);
  /* the whole cell text first: a narrow column ellipsizes it */
  if (f != NULL)
    content->tooltip = g_strdup_printf ("%s%s%s\n%s", f->inlined ? content->text : "", f->inlined ? "\n" : "",
                                        f->symbol->symbol->signature != NULL ? f->symbol->symbol->signature : f->name,
                                        f->module->path != NULL ? f->module->path : f->module->name);
}

static GtkColumnViewColumn *
cs_callgraph_name_column (gboolean tree)
{
  GtkColumnViewColumn *column = cs_column_new (_("Function"), tree ? CS_CELL_TREE : CS_CELL_TEXT,
                                               fill_name, NULL, NULL);

  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_column_set_sorter (column, GTK_SORTER (cs_column_sorter_new (
    gtk_property_expression_new (CS_TYPE_CALL_ITEM, NULL, "name"), FALSE)));
  return column;
}

GtkColumnViewColumn *
cs_callgraph_set_columns (GtkColumnView *view,
                          CsCallGraph   *graph,
                          GArray        *events,
                          guint          sort_event,
                          gboolean       tree,
                          gboolean       with_self)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  CsProfile *profile = cs_call_graph_get_profile (graph);
  GtkColumnViewColumn *sort_column = NULL;
  gboolean several = events->len > 1;
  g_autoptr(GtkColumnViewColumn) name = cs_callgraph_name_column (tree);
  g_autoptr(GtkColumnViewColumn) module = cs_callgraph_module_column ();

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (view, c);
    }
  gtk_column_view_append_column (view, name);
  gtk_column_view_append_column (view, module);
  for (guint i = 0; i < events->len; i++)
    {
      guint e = g_array_index (events, guint, i);
      const char *event = cs_profile_get_event (profile, e)->name;
      /* TRANSLATORS: column titles with several events: "Self · cpu-clock" */
      g_autofree char *self_title = several ? g_strdup_printf (_("Self · %s"), event)
                                          : g_strdup (C_("call graph column", "Self"));
      /* TRANSLATORS: column titles with several events: "Total · cpu-clock" */
      g_autofree char *total_title = several ? g_strdup_printf (_("Total · %s"), event) : g_strdup (_("Total"));
      g_autoptr(GtkColumnViewColumn) total = cs_callgraph_cost_column (graph, e, TRUE, total_title);

      if (with_self)
        {
          g_autoptr(GtkColumnViewColumn) self = cs_callgraph_cost_column (graph, e, FALSE, self_title);

          gtk_column_view_append_column (view, self);
        }
      gtk_column_view_append_column (view, total);
      if (e == sort_event)
        sort_column = total;
    }
  return sort_column;
}

/* --- compared with a base --- */

typedef struct
{
  CsCallGraph *graph;
  guint        event;
  gboolean     total;
  gboolean     by_function;  /* @shares by function index, not by node */
  GBytes      *shares;   /* CsNodeShares per node of the view's tree */
} DeltaColumn;

static void
delta_column_free (gpointer data)
{
  DeltaColumn *c = data;

  g_clear_object (&c->graph);
  g_clear_pointer (&c->shares, g_bytes_unref);
  g_free (c);
}

static void
delta_column_notify (gpointer  data,
                     GClosure *closure)
{
  delta_column_free (data);
}

/* The node's new share and its base's, in percent; FALSE for a row that
 * is no node of the tree the shares are of. */
static gboolean
delta_shares (CsCallItem        *item,
              const DeltaColumn *c,
              double            *new_share,
              double            *base_share)
{
  gsize size = 0;
  const CsNodeShares *shares = g_bytes_get_data (c->shares, &size);
  const CsCallFunction *f = cs_call_item_get_function (item);
  guint node = c->by_function ? (f != NULL ? f->index : CS_CALL_NO_NODE) : cs_call_item_get_node (item);
  guint64 total = cs_call_graph_get_event_total (c->graph, c->event);

  if (node == CS_CALL_NO_NODE || node >= size / sizeof (CsNodeShares) || total == 0)
    return FALSE;
  *new_share = 100.0 * (double) (c->total ? cs_call_item_get_total (item, c->event)
                                          : cs_call_item_get_self (item, c->event)) / (double) total;
  *base_share = c->total ? shares[node].total_share : shares[node].self_share;
  return TRUE;
}

static void
fill_delta (gpointer       item,
            CsCellContent *content,
            gpointer       data)
{
  double new_share, base_share;

  if (!delta_shares (cs_call_item_from (item), data, &new_share, &base_share))
    {
      content->text = g_strdup (CS_CHART_NO_VALUE);
      return;
    }
  /* TRANSLATORS: a change of a share in percentage points in the call trees, "−1.25 pt" */
  content->text = g_strdup_printf (_("%+.2f pt"), new_share - base_share);
  /* TRANSLATORS: tooltip of a call tree's Δ cell */
  content->tooltip = g_strdup_printf (_("Base: %.2f %% · New: %.2f %%"), base_share, new_share);
}

/* By the size of the change, as the module table's Δ. */
static double
sort_delta (CsCallItem *item,
            gpointer    data)
{
  double new_share, base_share;

  return delta_shares (item, data, &new_share, &base_share) ? fabs (new_share - base_share) : -1;
}

static GtkColumnViewColumn *
delta_column (CsCallGraph *graph,
              guint        event,
              gboolean     total,
              gboolean     by_function,
              GBytes      *shares,
              const char  *title)
{
  DeltaColumn *c = g_new0 (DeltaColumn, 1);
  DeltaColumn *s = g_new0 (DeltaColumn, 1);
  GtkColumnViewColumn *column;
  GtkExpression *expression;

  *c = (DeltaColumn) { g_object_ref (graph), event, total, by_function, g_bytes_ref (shares) };
  *s = (DeltaColumn) { g_object_ref (graph), event, total, by_function, g_bytes_ref (shares) };
  column = cs_column_new (title, CS_CELL_NUMBER, fill_delta, c, delta_column_free);
  expression = gtk_cclosure_expression_new (G_TYPE_DOUBLE, NULL, 0, NULL, G_CALLBACK (sort_delta), s,
                                            delta_column_notify);
  gtk_column_view_column_set_sorter (column, GTK_SORTER (cs_column_sorter_new (expression, TRUE)));
  g_object_set_data (G_OBJECT (column), "cs-delta-column", GINT_TO_POINTER (TRUE));
  return column;
}

void
cs_callgraph_set_delta_columns (GtkColumnView *view,
                                CsCallGraph   *graph,
                                guint          event,
                                gboolean       by_function,
                                GBytes        *shares)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = g_list_model_get_n_items (columns); i > 0; i--)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (columns, i - 1);

      if (g_object_get_data (G_OBJECT (c), "cs-delta-column") != NULL)
        gtk_column_view_remove_column (view, c);
    }
  if (shares == NULL || graph == NULL)
    return;
  {
    /* TRANSLATORS: call tree column in a comparison: change of the self share */
    g_autoptr(GtkColumnViewColumn) self = delta_column (graph, event, FALSE, by_function, shares, _("Δ Self"));
    /* TRANSLATORS: call tree column in a comparison: change of the total share */
    g_autoptr(GtkColumnViewColumn) total = delta_column (graph, event, TRUE, by_function, shares, _("Δ Total"));

    gtk_column_view_append_column (view, self);
    gtk_column_view_append_column (view, total);
  }
}
