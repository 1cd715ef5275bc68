/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-item.c — one row of the hot-symbols pane */

#include "config.h"

#include "cs-symbol-item.h"

struct _CsSymbolItem
{
  GObject                parent_instance;
  CsAnalysis            *analysis;
  const CsProfileSymbol *symbol;
  char                  *event;
  guint64                samples;
  guint64                period;
  double                 percent;
  double                 module_percent;
  double                 share;
};

G_DEFINE_FINAL_TYPE (CsSymbolItem, cs_symbol_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_SIGNATURE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cs_symbol_item_finalize (GObject *object)
{
  CsSymbolItem *self = CS_SYMBOL_ITEM (object);

  g_clear_object (&self->analysis);
  g_free (self->event);
  G_OBJECT_CLASS (cs_symbol_item_parent_class)->finalize (object);
}

static void
cs_symbol_item_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CsSymbolItem *self = CS_SYMBOL_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, cs_symbol_item_get_name (self));
      break;
    case PROP_SIGNATURE:
      g_value_set_string (value, cs_symbol_item_get_signature (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_symbol_item_class_init (CsSymbolItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cs_symbol_item_finalize;
  object_class->get_property = cs_symbol_item_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIGNATURE] =
    g_param_spec_string ("signature", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cs_symbol_item_init (CsSymbolItem *self)
{
}

CsSymbolItem *
cs_symbol_item_new (CsAnalysis               *analysis,
                    const char               *event,
                    const CsProfileSymbolRow *row,
                    double                    share)
{
  CsSymbolItem *self;

  g_return_val_if_fail (CS_IS_ANALYSIS (analysis), NULL);
  g_return_val_if_fail (row != NULL && row->symbol != NULL, NULL);

  self = g_object_new (CS_TYPE_SYMBOL_ITEM, NULL);
  self->analysis = g_object_ref (analysis);
  self->symbol = row->symbol;
  self->event = g_strdup (event);
  self->samples = row->samples;
  self->period = row->period;
  self->percent = row->percent;
  self->module_percent = row->module_percent;
  self->share = share;
  return self;
}

CsAnalysis *
cs_symbol_item_get_analysis (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), NULL);
  return self->analysis;
}

const CsProfileSymbol *
cs_symbol_item_get_symbol (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), NULL);
  return self->symbol;
}

const char *
cs_symbol_item_get_event (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), NULL);
  return self->event;
}

guint64
cs_symbol_item_get_samples (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), 0);
  return self->samples;
}

double
cs_symbol_item_get_percent (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), 0);
  return self->percent;
}

double
cs_symbol_item_get_module_percent (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), 0);
  return self->module_percent;
}

double
cs_symbol_item_get_share (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), 0);
  return self->share;
}

const char *
cs_symbol_item_get_name (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), NULL);
  return self->symbol->display_name;
}

const char *
cs_symbol_item_get_library (CsSymbolItem *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), NULL);
  return self->symbol->module != NULL ? self->symbol->module->name : NULL;
}

const char *
cs_symbol_item_get_signature (CsSymbolItem *self)
{
  const CsSymbol *symbol;

  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), NULL);
  symbol = self->symbol->symbol;
  if (symbol != NULL && symbol->signature != NULL)
    return symbol->signature;
  return self->symbol->display_name;
}
