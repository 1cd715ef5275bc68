/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-row-store.c — a list model over an array of rows */

#include "config.h"

#include "cs-row-store.h"

struct _CsRowStore
{
  GObject    parent_instance;
  GType      item_type;
  GPtrArray *rows;
  guint     *order;   /* NULL: identity */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CsRowStore, cs_row_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return CS_ROW_STORE (model)->item_type;
}

static guint
get_n_items (GListModel *model)
{
  return CS_ROW_STORE (model)->rows->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  CsRowStore *self = CS_ROW_STORE (model);

  if (position >= self->rows->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->rows, self->order ? self->order[position] : position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
cs_row_store_finalize (GObject *object)
{
  g_clear_pointer (&CS_ROW_STORE (object)->rows, g_ptr_array_unref);
  g_clear_pointer (&CS_ROW_STORE (object)->order, g_free);
  G_OBJECT_CLASS (cs_row_store_parent_class)->finalize (object);
}

static void
cs_row_store_class_init (CsRowStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_row_store_finalize;
}

static void
cs_row_store_init (CsRowStore *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
}

CsRowStore *
cs_row_store_new (GType item_type)
{
  CsRowStore *self;

  g_return_val_if_fail (g_type_is_a (item_type, G_TYPE_OBJECT), NULL);

  self = g_object_new (CS_TYPE_ROW_STORE, NULL);
  self->item_type = item_type;
  return self;
}

void
cs_row_store_set (CsRowStore *self,
                  GPtrArray  *rows)
{
  guint removed, added;

  g_return_if_fail (CS_IS_ROW_STORE (self));

  removed = self->rows->len;
  g_clear_pointer (&self->order, g_free);
  g_ptr_array_set_size (self->rows, 0);
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      g_return_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (g_ptr_array_index (rows, i), self->item_type));
      g_ptr_array_add (self->rows, g_object_ref (g_ptr_array_index (rows, i)));
    }
  added = self->rows->len;
  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, added);
}

void
cs_row_store_set_order (CsRowStore *self,
                        guint      *order,
                        guint       n)
{
  g_return_if_fail (CS_IS_ROW_STORE (self));
  g_return_if_fail (order == NULL || n == self->rows->len);

  g_free (self->order);
  self->order = order;
  if (self->rows->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->rows->len, self->rows->len);
}

GPtrArray *
cs_row_store_get_rows (CsRowStore *self)
{
  g_return_val_if_fail (CS_IS_ROW_STORE (self), NULL);
  return self->rows;
}
