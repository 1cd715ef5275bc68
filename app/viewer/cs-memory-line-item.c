/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-line-item.c — see cs-memory-line-item.h */
#include "config.h"

#include "cs-memory-line-item.h"

struct _CsMemoryLineItem
{
  GObject          parent_instance;
  CsMemoryProfile *profile;
  guint            index;
};

G_DEFINE_FINAL_TYPE (CsMemoryLineItem, cs_memory_line_item, G_TYPE_OBJECT)

static void
cs_memory_line_item_finalize (GObject *object)
{
  CsMemoryLineItem *self = CS_MEMORY_LINE_ITEM (object);

  g_clear_object (&self->profile);
  G_OBJECT_CLASS (cs_memory_line_item_parent_class)->finalize (object);
}

static void
cs_memory_line_item_class_init (CsMemoryLineItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_memory_line_item_finalize;
}

static void
cs_memory_line_item_init (CsMemoryLineItem *self)
{
}

CsMemoryLineItem *
cs_memory_line_item_new (CsMemoryProfile *profile,
                         guint            index)
{
  CsMemoryLineItem *self = g_object_new (CS_TYPE_MEMORY_LINE_ITEM, NULL);

  self->profile = g_object_ref (profile);
  self->index = index;
  return self;
}

const CsMemoryLine *
cs_memory_line_item_get_line (CsMemoryLineItem *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_LINE_ITEM (self), NULL);
  return cs_memory_profile_get_line (self->profile, self->index);
}

guint
cs_memory_line_item_get_index (CsMemoryLineItem *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_LINE_ITEM (self), 0);
  return self->index;
}
