/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-row.c — one row of the module table */

#include "config.h"

#include <math.h>

#include "cs-module-row-private.h"

G_DEFINE_FINAL_TYPE (CsModuleRow, cs_module_row, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_PATH,
  PROP_MODULE_ID,
  PROP_N_SAMPLES,
  PROP_SAMPLE_SHARE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cs_module_row_finalize (GObject *object)
{
  CsModuleRow *self = CS_MODULE_ROW (object);

  g_free (self->name);
  g_free (self->path);
  g_free (self->sort_key);
  g_free (self->values);
  g_free (self->provenances);
  g_clear_pointer (&self->evaluation, cs_evaluation_unref);
  G_OBJECT_CLASS (cs_module_row_parent_class)->finalize (object);
}

static void
cs_module_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CsModuleRow *self = CS_MODULE_ROW (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_MODULE_ID:
      g_value_set_int (value, self->module_id);
      break;
    case PROP_N_SAMPLES:
      g_value_set_uint64 (value, self->n_samples);
      break;
    case PROP_SAMPLE_SHARE:
      g_value_set_double (value, self->sample_share);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_module_row_class_init (CsModuleRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cs_module_row_finalize;
  object_class->get_property = cs_module_row_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODULE_ID] =
    g_param_spec_int ("module-id", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_SAMPLES] =
    g_param_spec_uint64 ("n-samples", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SAMPLE_SHARE] =
    g_param_spec_double ("sample-share", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cs_module_row_init (CsModuleRow *self)
{
  self->module_id = -1;
}

CsModuleRow *
cs_module_row_new (CsScopeKind         kind,
                   const char         *name,
                   const char         *path,
                   int                 module_id,
                   guint64             n_samples,
                   double              sample_share,
                   const double       *values,
                   const CsProvenance *provenances,
                   guint               n_values)
{
  CsModuleRow *self = g_object_new (CS_TYPE_MODULE_ROW, NULL);
  g_autofree char *folded = NULL;

  self->kind = kind;
  self->name = g_strdup (name != NULL ? name : "");
  self->path = g_strdup (path);
  folded = g_utf8_casefold (self->name, -1);
  /* Collation keys let the sorter use strcmp(): 100 k rows sort in
   * milliseconds instead of collating on every comparison. */
  self->sort_key = g_utf8_collate_key_for_filename (folded, -1);
  self->module_id = module_id;
  self->n_samples = n_samples;
  self->sample_share = isfinite (sample_share) ? CLAMP (sample_share, 0, 1) : 0;
  self->n_values = n_values;
  self->values = g_new (double, MAX (1, n_values));
  self->provenances = g_new0 (CsProvenance, MAX (1, n_values));
  for (guint i = 0; i < n_values; i++)
    {
      self->values[i] = values != NULL ? values[i] : NAN;
      self->provenances[i] = provenances != NULL ? provenances[i] : CS_PROVENANCE_NONE;
    }
  return self;
}

CsModuleRow *
cs_module_row_new_from_scope (const CsScope *scope)
{
  CsModuleRow *self;
  CsModel *model;
  guint n;
  g_autofree double *values = NULL;
  g_autofree CsProvenance *provenances = NULL;

  g_return_val_if_fail (scope != NULL, NULL);

  model = scope->evaluation != NULL ? cs_evaluation_get_model (scope->evaluation) : NULL;
  n = model != NULL ? cs_model_get_n_metrics (model) : 0;
  values = g_new (double, MAX (1, n));
  provenances = g_new0 (CsProvenance, MAX (1, n));
  for (guint i = 0; i < n; i++)
    {
      values[i] = cs_evaluation_get_value (scope->evaluation, i);
      provenances[i] = cs_evaluation_get_provenance (scope->evaluation, i);
    }

  self = cs_module_row_new (scope->kind, scope->name, scope->path, scope->module_id,
                            scope->n_samples, scope->sample_share, values, provenances, n);
  if (scope->evaluation != NULL)
    self->evaluation = cs_evaluation_ref (scope->evaluation);
  return self;
}

CsScopeKind
cs_module_row_get_kind (CsModuleRow *self)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), CS_SCOPE_MODULE);
  return self->kind;
}

const char *
cs_module_row_get_name (CsModuleRow *self)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), NULL);
  return self->name;
}

const char *
cs_module_row_get_path (CsModuleRow *self)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), NULL);
  return self->path;
}

int
cs_module_row_get_module_id (CsModuleRow *self)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), -1);
  return self->module_id;
}

guint64
cs_module_row_get_n_samples (CsModuleRow *self)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), 0);
  return self->n_samples;
}

double
cs_module_row_get_sample_share (CsModuleRow *self)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), 0);
  return self->sample_share;
}

double
cs_module_row_get_value (CsModuleRow *self,
                         guint        metric_index)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), NAN);
  return metric_index < self->n_values ? self->values[metric_index] : NAN;
}

CsProvenance
cs_module_row_get_provenance (CsModuleRow *self,
                              guint        metric_index)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), CS_PROVENANCE_NONE);
  return metric_index < self->n_values ? self->provenances[metric_index] : CS_PROVENANCE_NONE;
}

void
cs_module_row_set_comparison (CsModuleRow      *self,
                              const CsRowDelta *delta)
{
  g_return_if_fail (CS_IS_MODULE_ROW (self));

  self->compared = delta != NULL;
  if (delta == NULL)
    return;
  self->base_share = delta->base_share;
  self->new_share = delta->new_share;
  self->delta_points = delta->delta_points;
  self->delta_points_sigma = delta->delta_points_sigma;
  self->change = delta->change;
}

gboolean
cs_module_row_get_comparison (CsModuleRow *self,
                              CsRowDelta  *delta)
{
  g_return_val_if_fail (CS_IS_MODULE_ROW (self), FALSE);

  if (!self->compared)
    return FALSE;
  *delta = (CsRowDelta) { 0 };
  delta->base_share = self->base_share;
  delta->new_share = self->new_share;
  delta->delta_points = self->delta_points;
  delta->delta_points_sigma = self->delta_points_sigma;
  delta->change = self->change;
  return TRUE;
}
