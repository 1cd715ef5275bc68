/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-line-item.c — see cs-memory-line-item.h */
#include "config.h"

#include "cs-memory-format.h"
#include "cs-memory-line-item.h"

struct _CsMemoryLineItem
{
  GObject          parent_instance;
  CsMemoryProfile *profile;
  guint            index;
};

G_DEFINE_FINAL_TYPE (CsMemoryLineItem, cs_memory_line_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ADDRESS,
  PROP_SAMPLES,
  PROP_LOADS,
  PROP_STORES,
  PROP_THREADS,
  PROP_FALSE_SHARING,
  PROP_SHARING,
  PROP_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cs_memory_line_item_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  const CsMemoryLine *line = cs_memory_line_item_get_line (CS_MEMORY_LINE_ITEM (object));

  switch (prop_id)
    {
    case PROP_ADDRESS:
      g_value_set_uint64 (value, line->address);
      break;
    case PROP_SAMPLES:
      g_value_set_uint64 (value, line->samples);
      break;
    case PROP_LOADS:
      g_value_set_uint64 (value, line->loads);
      break;
    case PROP_STORES:
      g_value_set_uint64 (value, line->stores);
      break;
    case PROP_THREADS:
      g_value_set_uint (value, line->n_threads);
      break;
    case PROP_FALSE_SHARING:
      g_value_set_boolean (value, line->false_sharing);
      break;
    case PROP_SHARING:
      /* Sorted biggest first: false sharing, then true, then none. */
      g_value_set_uint (value, line->false_sharing ? 2 : line->true_sharing ? 1 : 0);
      break;
    case PROP_DATA:
      g_value_take_string (value, cs_memory_format_region (line));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

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
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = cs_memory_line_item_finalize;
  object_class->get_property = cs_memory_line_item_get_property;

  properties[PROP_ADDRESS] = g_param_spec_uint64 ("address", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_SAMPLES] = g_param_spec_uint64 ("samples", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_LOADS] = g_param_spec_uint64 ("loads", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_STORES] = g_param_spec_uint64 ("stores", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_THREADS] = g_param_spec_uint ("threads", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_FALSE_SHARING] = g_param_spec_boolean ("false-sharing", NULL, NULL, FALSE, flags);
  properties[PROP_SHARING] = g_param_spec_uint ("sharing", NULL, NULL, 0, 2, 0, flags);
  properties[PROP_DATA] = g_param_spec_string ("data", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
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

CsMemoryProfile *
cs_memory_line_item_get_profile (CsMemoryLineItem *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_LINE_ITEM (self), NULL);
  return self->profile;
}
