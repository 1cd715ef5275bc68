/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-columns.c — see cs-callgraph-columns.h */
#include "config.h"

#include <glib/gi18n.h>

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

GtkColumnViewColumn *
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
  content->text = g_strdup (cs_call_item_get_module (cs_call_item_from (item)));
}

GtkColumnViewColumn *
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
  if (f != NULL)
    content->tooltip = g_strdup_printf ("%s\n%s", f->symbol->symbol->signature != NULL ? f->symbol->symbol->signature
                                                                                      : f->name,
                                        f->module->path != NULL ? f->module->path : f->module->name);
}

static void
setup_tree_name (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), label);
  gtk_list_item_set_child (list_item, expander);
}

static void
bind_tree_name (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *label = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  CsCellContent content = { 0 };

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  /* the row under a point, for the context menu (cs-column.h) */
  g_object_set_data (G_OBJECT (expander), "cs-item", row);
  fill_name (row, &content, NULL);
  gtk_label_set_text (GTK_LABEL (label), content.text);
  gtk_widget_set_tooltip_text (label, content.tooltip);
  g_free (content.text);
  g_free (content.tooltip);
}

GtkColumnViewColumn *
cs_callgraph_name_column (gboolean tree)
{
  GtkColumnViewColumn *column;

  if (tree)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

      g_signal_connect (factory, "setup", G_CALLBACK (setup_tree_name), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_tree_name), NULL);
      column = gtk_column_view_column_new (_("Function"), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
    }
  else
    column = cs_column_new (_("Function"), CS_CELL_TEXT, fill_name, NULL, NULL);
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
      g_autofree char *self_title = several ? g_strdup_printf (_("Self · %s"), event) : g_strdup (_("Self"));
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
