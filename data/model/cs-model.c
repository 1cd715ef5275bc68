/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model.c — a cycle-accounting model: the immutable result of loading
 * one model JSON file (cs-model-loader.c) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-evaluation.h"
#include "cs-file.h"
#include "cs-model-private.h"

G_DEFINE_FINAL_TYPE (CsModel, cs_model, G_TYPE_OBJECT)

static const char * const pseudo_events[] = {
  "duration_time", "user_time", "system_time",
  /* the program's rusage at exit (cs_session_build_counts) */
  "voluntary_switches", "involuntary_switches", "minor_faults", "major_faults", "max_rss", NULL,
};

static void
clear_event (gpointer data)
{
  CsModelEvent *e = data;

  g_free (e->alias);
  g_free (e->event);
  g_strfreev (e->alternatives);
  g_free (e->description);
  g_free (e->constraint);
  g_free (e->sample_period);
  g_strfreev (e->pmus);
}

static void
clear_constant (gpointer data)
{
  CsModelConstant *c = data;

  g_free (c->name);
  g_free (c->description);
}

static void
clear_metric (gpointer data)
{
  CsModelMetric *m = data;

  g_free (m->name);
  g_free (m->title);
  g_free (m->formula);
  g_clear_pointer (&m->expr, cs_expr_free);
  g_free (m->unit);
  g_free (m->description);
  g_free (m->group);
}

static void
clear_chart (gpointer data)
{
  CsModelChart *c = data;

  g_free (c->id);
  g_free (c->title);
  g_free (c->description);
  g_strfreev (c->parts);
  g_free (c->metric);
  g_free (c->sentence_low);
  g_free (c->sentence_medium);
  g_free (c->sentence_high);
}

static void
cs_model_finalize (GObject *object)
{
  CsModel *self = CS_MODEL (object);

  g_free (self->filename);
  g_free (self->display_name);
  g_free (self->id);
  g_free (self->name);
  g_free (self->description);
  g_free (self->source);
  g_strfreev (self->pmus);
  g_free (self->cycles_alias);
  g_free (self->sample_alias);
  g_array_unref (self->events);
  g_array_unref (self->constants);
  g_array_unref (self->metrics);
  g_array_unref (self->charts);
  g_strfreev (self->table_columns);
  g_hash_table_unref (self->names);
  g_hash_table_unref (self->charts_by_id);

  g_free (self->metric_order);
  G_OBJECT_CLASS (cs_model_parent_class)->finalize (object);
}

static void
cs_model_class_init (CsModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_model_finalize;
}

static void
cs_model_init (CsModel *self)
{
  self->events = g_array_new (FALSE, TRUE, sizeof (CsModelEvent));
  g_array_set_clear_func (self->events, clear_event);
  self->constants = g_array_new (FALSE, TRUE, sizeof (CsModelConstant));
  g_array_set_clear_func (self->constants, clear_constant);
  self->metrics = g_array_new (FALSE, TRUE, sizeof (CsModelMetric));
  g_array_set_clear_func (self->metrics, clear_metric);
  self->charts = g_array_new (FALSE, TRUE, sizeof (CsModelChart));
  g_array_set_clear_func (self->charts, clear_chart);
  self->names = g_hash_table_new (g_str_hash, g_str_equal);
  self->charts_by_id = g_hash_table_new (g_str_hash, g_str_equal);
}

CsModel *
_cs_model_new_empty (const char *filename)
{
  CsModel *self = g_object_new (CS_TYPE_MODEL, NULL);

  self->filename = g_strdup (filename);
  self->display_name = g_path_get_basename (filename != NULL ? filename : "model.json");
  return self;
}

CsModel *
cs_model_new_from_data (const char  *data,
                        gssize       len,
                        const char  *filename,
                        GError     **error)
{
  g_autoptr(CsModel) self = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  self = _cs_model_new_empty (filename);
  if (!_cs_model_load_json (self, data, len, error))
    return NULL;
  /* Unknown names and loops between metrics are load errors, so that a
   * broken model is reported once, when it is read, not on every scope. */
  if (!cs_model_check (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* Far beyond any real model (the bundled ones are under 100 KB); bounds
 * what a stray file in a model directory costs. */
#define CS_MODEL_FILE_MAX ((gsize) 64 << 20)

CsModel *
cs_model_new_from_file (const char  *path,
                        GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize len = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!cs_file_read_regular (path, CS_MODEL_FILE_MAX, &data, &len, &local_error))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Could not read the model file: %s"), local_error->message);
      return NULL;
    }
  return cs_model_new_from_data (data, len, path, error);
}

const char *
cs_model_get_id (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->id;
}

const char *
cs_model_get_name (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->name;
}

const char *
cs_model_get_description (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->description;
}

const char *
cs_model_get_source (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->source;
}

const char *
cs_model_get_filename (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->filename;
}

const char * const *
cs_model_get_pmus (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return (const char * const *) self->pmus;
}

gboolean
cs_model_applies_to_pmu (CsModel    *self,
                         const char *pmu_name)
{
  g_return_val_if_fail (CS_IS_MODEL (self), FALSE);

  for (guint i = 0; self->pmus != NULL && self->pmus[i] != NULL; i++)
    if (strcmp (self->pmus[i], "*") == 0 ||
        (pmu_name != NULL && strcmp (self->pmus[i], pmu_name) == 0))
      return TRUE;
  return FALSE;
}

gboolean
cs_model_event_applies_to_pmu (const CsModelEvent *event,
                               const char         *pmu_name)
{
  g_return_val_if_fail (event != NULL, FALSE);

  if (event->pmus == NULL)
    return TRUE;
  return pmu_name != NULL && g_strv_contains ((const char * const *) event->pmus, pmu_name);
}

const char *
cs_model_get_cycles_alias (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->cycles_alias;
}

const char *
cs_model_get_sample_alias (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->sample_alias;
}

guint
cs_model_get_n_events (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), 0);
  return self->events->len;
}

const CsModelEvent *
cs_model_get_event (CsModel *self,
                    guint    i)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  g_return_val_if_fail (i < self->events->len, NULL);
  return &g_array_index (self->events, CsModelEvent, i);
}

CsModelNameKind
cs_model_lookup_name (CsModel    *self,
                      const char *name,
                      guint      *index)
{
  gpointer value;

  g_return_val_if_fail (CS_IS_MODEL (self), CS_MODEL_NAME_NONE);
  g_return_val_if_fail (name != NULL, CS_MODEL_NAME_NONE);

  if (g_hash_table_lookup_extended (self->names, name, NULL, &value))
    {
      guint packed = GPOINTER_TO_UINT (value);

      if (index)
        *index = packed & 0xffffff;
      return packed >> 24;
    }
  if (cs_model_is_pseudo_event (name))
    {
      if (index)
        *index = 0;
      return CS_MODEL_NAME_PSEUDO_EVENT;
    }
  return CS_MODEL_NAME_NONE;
}

gboolean
cs_model_is_pseudo_event (const char *name)
{
  return name != NULL && g_strv_contains (pseudo_events, name);
}

const CsModelEvent *
cs_model_find_event (CsModel    *self,
                     const char *alias)
{
  guint i;

  if (cs_model_lookup_name (self, alias, &i) != CS_MODEL_NAME_EVENT)
    return NULL;
  return cs_model_get_event (self, i);
}

guint
cs_model_get_n_constants (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), 0);
  return self->constants->len;
}

const CsModelConstant *
cs_model_get_constant (CsModel *self,
                       guint    i)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  g_return_val_if_fail (i < self->constants->len, NULL);
  return &g_array_index (self->constants, CsModelConstant, i);
}

guint
cs_model_get_n_metrics (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), 0);
  return self->metrics->len;
}

const CsModelMetric *
cs_model_get_metric (CsModel *self,
                     guint    i)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  g_return_val_if_fail (i < self->metrics->len, NULL);
  return &g_array_index (self->metrics, CsModelMetric, i);
}

int
cs_model_get_metric_index (CsModel    *self,
                           const char *name)
{
  guint i;

  if (name == NULL || cs_model_lookup_name (self, name, &i) != CS_MODEL_NAME_METRIC)
    return -1;
  return (int) i;
}

const CsModelMetric *
cs_model_find_metric (CsModel    *self,
                      const char *name)
{
  int i = cs_model_get_metric_index (self, name);

  return i < 0 ? NULL : cs_model_get_metric (self, i);
}

guint
cs_model_get_n_charts (CsModel *self)
{
  g_return_val_if_fail (CS_IS_MODEL (self), 0);
  return self->charts->len;
}

const CsModelChart *
cs_model_get_chart (CsModel *self,
                    guint    i)
{
  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  g_return_val_if_fail (i < self->charts->len, NULL);
  return &g_array_index (self->charts, CsModelChart, i);
}

const CsModelChart *
cs_model_find_chart (CsModel    *self,
                     const char *id)
{
  guint i;

  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  if (id == NULL)
    return NULL;
  i = GPOINTER_TO_UINT (g_hash_table_lookup (self->charts_by_id, id));
  return i == 0 ? NULL : cs_model_get_chart (self, i - 1);
}

const char * const *
cs_model_get_table_columns (CsModel *self)
{
  static const char * const empty[] = { NULL };

  g_return_val_if_fail (CS_IS_MODEL (self), NULL);
  return self->table_columns ? (const char * const *) self->table_columns : empty;
}
