/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-item.c — see cs-call-item.h */
#include "config.h"

#include <gtk/gtk.h>

#include "cs-call-item.h"

struct _CsCallItem
{
  GObject         parent_instance;
  CsCallGraph    *graph;
  CsCallItemKind  kind;
  CsCallTreeKind  tree;
  guint           node;
  guint           edge;
  guint           function;
};

G_DEFINE_FINAL_TYPE (CsCallItem, cs_call_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_MODULE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cs_call_item_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CsCallItem *self = CS_CALL_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, cs_call_item_get_name (self));
      break;
    case PROP_MODULE:
      g_value_set_string (value, cs_call_item_get_module (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_call_item_dispose (GObject *object)
{
  g_clear_object (&CS_CALL_ITEM (object)->graph);
  G_OBJECT_CLASS (cs_call_item_parent_class)->dispose (object);
}

static void
cs_call_item_class_init (CsCallItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = cs_call_item_get_property;
  object_class->dispose = cs_call_item_dispose;
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODULE] = g_param_spec_string ("module", NULL, NULL, NULL,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cs_call_item_init (CsCallItem *self)
{
  self->node = CS_CALL_NO_NODE;
}

static CsCallItem *
item_new (CsCallGraph    *graph,
          CsCallItemKind  kind)
{
  CsCallItem *self = g_object_new (CS_TYPE_CALL_ITEM, NULL);

  self->graph = g_object_ref (graph);
  self->kind = kind;
  return self;
}

CsCallItem *
cs_call_item_new_node (CsCallGraph    *graph,
                       CsCallTreeKind  tree,
                       guint           node)
{
  CsCallItem *self = item_new (graph, CS_CALL_ITEM_NODE);

  self->tree = tree;
  self->node = node;
  self->function = cs_call_graph_get_node (graph, tree, node)->function;
  return self;
}

CsCallItem *
cs_call_item_new_function (CsCallGraph *graph,
                           guint        function)
{
  CsCallItem *self = item_new (graph, CS_CALL_ITEM_FUNCTION);

  self->function = function;
  return self;
}

CsCallItem *
cs_call_item_new_edge (CsCallGraph *graph,
                       guint        edge,
                       gboolean     caller)
{
  CsCallItem *self = item_new (graph, caller ? CS_CALL_ITEM_CALLER : CS_CALL_ITEM_CALLEE);

  self->edge = edge;
  cs_call_graph_get_edge (graph, edge, caller ? &self->function : NULL, caller ? NULL : &self->function);
  return self;
}

CsCallItemKind
cs_call_item_get_kind (CsCallItem *self)
{
  return self->kind;
}

CsCallGraph *
cs_call_item_get_graph (CsCallItem *self)
{
  return self->graph;
}

CsCallTreeKind
cs_call_item_get_tree (CsCallItem *self)
{
  return self->tree;
}

guint
cs_call_item_get_node (CsCallItem *self)
{
  return self->node;
}

const CsCallFunction *
cs_call_item_get_function (CsCallItem *self)
{
  g_return_val_if_fail (CS_IS_CALL_ITEM (self), NULL);
  if (self->function == CS_CALL_NO_FUNCTION)
    return NULL;
  return cs_profile_get_function (cs_call_graph_get_profile (self->graph), self->function);
}

const char *
cs_call_item_get_name (CsCallItem *self)
{
  const CsCallFunction *f = cs_call_item_get_function (self);

  return f != NULL ? f->name : "";
}

const char *
cs_call_item_get_module (CsCallItem *self)
{
  const CsCallFunction *f = cs_call_item_get_function (self);

  return f != NULL ? f->module->name : "";
}

guint64
cs_call_item_get_self (CsCallItem *self,
                       guint       event)
{
  switch (self->kind)
    {
    case CS_CALL_ITEM_NODE:
      return cs_call_graph_get_self (self->graph, self->tree, self->node, event);
    case CS_CALL_ITEM_FUNCTION:
      return cs_call_graph_get_function_self (self->graph, self->function, event);
    case CS_CALL_ITEM_CALLER:
    case CS_CALL_ITEM_CALLEE:
    default:
      return 0;
    }
}

guint64
cs_call_item_get_total (CsCallItem *self,
                        guint       event)
{
  switch (self->kind)
    {
    case CS_CALL_ITEM_NODE:
      return cs_call_graph_get_total (self->graph, self->tree, self->node, event);
    case CS_CALL_ITEM_FUNCTION:
      return cs_call_graph_get_function_total (self->graph, self->function, event);
    case CS_CALL_ITEM_CALLER:
    case CS_CALL_ITEM_CALLEE:
    default:
      return cs_call_graph_get_edge_cost (self->graph, self->edge, event);
    }
}

static gboolean
has_self (CsCallGraph *graph,
          guint        node)
{
  g_autoptr(GArray) events = cs_call_graph_dup_events (graph);

  for (guint i = 0; i < events->len; i++)
    if (cs_call_graph_get_self (graph, CS_CALL_TREE_BOTTOM_UP, node, g_array_index (events, guint, i)) > 0)
      return TRUE;
  return FALSE;
}

GListModel *
cs_call_item_dup_children (CsCallItem *self)
{
  const CsCallNode *n;
  GListStore *store;

  if (self->kind != CS_CALL_ITEM_NODE)
    return NULL;
  n = cs_call_graph_get_node (self->graph, self->tree, self->node);
  if (n->size <= 1)
    return NULL;
  store = g_list_store_new (CS_TYPE_CALL_ITEM);
  for (guint c = self->node + 1; c < self->node + n->size; c += cs_call_graph_get_node (self->graph, self->tree, c)->size)
    {
      g_autoptr(CsCallItem) child = NULL;

      /* The bottom-up tree says where the sampled functions' own time came
       * from: a path none of it came through (a function only ever on the
       * way to others) has nothing to say there. */
      if (self->tree == CS_CALL_TREE_BOTTOM_UP && !has_self (self->graph, c))
        continue;
      child = cs_call_item_new_node (self->graph, self->tree, c);
      g_list_store_append (store, child);
    }
  if (g_list_model_get_n_items (G_LIST_MODEL (store)) == 0)
    g_clear_object (&store);
  return G_LIST_MODEL (store);
}

CsCallItem *
cs_call_item_from (gpointer item)
{
  if (GTK_IS_TREE_LIST_ROW (item))
    {
      /* (the row keeps its item alive) */
      CsCallItem *inner = gtk_tree_list_row_get_item (item);

      g_object_unref (inner);
      return inner;
    }
  return item;
}
