/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-item.c — one row of the hot-symbols pane */

#include "config.h"

#include <math.h>

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
  /* compared with a base (cs_symbol_item_set_comparison()) */
  gboolean               compared;
  CsRowDelta             delta;   /* the numbers only: name and module are not kept */
};

G_DEFINE_FINAL_TYPE (CsSymbolItem, cs_symbol_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_SIGNATURE,
  PROP_BASE_SHARE,
  PROP_NEW_SHARE,
  PROP_DELTA_SIZE,
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
    case PROP_BASE_SHARE:
      g_value_set_double (value, self->compared ? self->delta.base_share : NAN);
      break;
    case PROP_NEW_SHARE:
      g_value_set_double (value, self->compared ? self->delta.new_share : NAN);
      break;
    case PROP_DELTA_SIZE:
      g_value_set_double (value, self->compared ? fabs (self->delta.delta_points) : NAN);
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
  /* What the comparison's columns sort by: the shares, and the change by
   * its size (a function that shrank by 10 points matters as much as one
   * that grew by 10); NaN when not compared. */
  properties[PROP_BASE_SHARE] =
    g_param_spec_double ("base-share", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NEW_SHARE] =
    g_param_spec_double ("new-share", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DELTA_SIZE] =
    g_param_spec_double ("delta-size", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
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

void
cs_symbol_item_set_comparison (CsSymbolItem     *self,
                               const CsRowDelta *delta)
{
  g_return_if_fail (CS_IS_SYMBOL_ITEM (self));

  self->compared = delta != NULL;
  if (delta != NULL)
    {
      self->delta = *delta;
      self->delta.name = self->delta.module = NULL;
    }
}

gboolean
cs_symbol_item_get_comparison (CsSymbolItem *self,
                               CsRowDelta   *delta)
{
  g_return_val_if_fail (CS_IS_SYMBOL_ITEM (self), FALSE);

  if (self->compared && delta != NULL)
    *delta = self->delta;
  return self->compared;
}
