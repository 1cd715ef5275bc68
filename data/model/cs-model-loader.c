/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-loader.c — reads a model JSON file (docs/models.md) into CsModel
 *
 * Every error names the file, the JSON path (e.g. "metrics[3].formula") and
 * what was expected, because model files are written by hand and the person
 * reading the message has to find the spot. Unknown keys are errors: a
 * misspelt "formla" would otherwise be silently ignored.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-json-reader.h"
#include "cs-model-json.h"

/* Names are used bare in formulas, so they must lex as one identifier. */
static gboolean
check_name (CsModelLoader  *l,
            const char     *path,
            const char     *name,
            GError        **error)
{
  if (!(g_ascii_isalpha (name[0]) || name[0] == '_'))
    goto bad;
  for (const char *p = name; *p; p++)
    if (!(g_ascii_isalnum (*p) || *p == '_' || *p == '.'))
      goto bad;
  if (strcmp (name, "if") == 0 || strcmp (name, "else") == 0)
    goto bad;
  return TRUE;

bad:
  return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                       _("“%s” is not a valid name: use letters, digits, “_” and “.”, "
                         "starting with a letter or “_” (and not “if” or “else”)"), name);
}

static gboolean
register_name (CsModelLoader    *l,
               const char       *path,
               const char       *name,
               CsModelNameKind   kind,
               guint             index,
               GError          **error)
{
  static const char *kinds[] = { NULL, N_("an event alias"), N_("a constant"), N_("a metric"), NULL };
  gpointer existing;

  if (!check_name (l, path, name, error))
    return FALSE;
  if (cs_model_is_pseudo_event (name))
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                         _("“%s” is reserved for the pseudo-event of the same name"), name);
  if (g_hash_table_lookup_extended (l->model->names, name, NULL, &existing))
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                         _("“%s” is already used as %s; names of events, constants and metrics must be unique"),
                         name, _(kinds[GPOINTER_TO_UINT (existing) >> 24]));
  g_hash_table_insert (l->model->names, (gpointer) name,
                       GUINT_TO_POINTER ((guint) kind << 24 | index));
  return TRUE;
}

static gboolean
load_events (CsModelLoader  *l,
             json_object    *root,
             GError        **error)
{
  static const char * const keys[] = {
    "alias", "event", "alternatives", "description", "constraint", "sample_period", "pmus", NULL,
  };
  static const char * const constraints[] = { "pmc0", "pmc1", "offcore_rsp", "leader", NULL };
  CsModel *model = l->model;
  json_object *array;
  gsize n;

  if (!cs_json_get_array (l, root, "events", TRUE, &array, error))
    return FALSE;
  n = json_object_array_length (array);
  if (n == 0)
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, "events", _("a model needs at least one event"));
  g_array_set_size (model->events, n);

  for (gsize i = 0; i < n; i++)
    {
      CsModelEvent *e = &g_array_index (model->events, CsModelEvent, i);
      g_autofree char *path = g_strdup_printf ("events[%" G_GSIZE_FORMAT "]", i);
      g_autofree char *alias_path = g_strdup_printf ("%s.alias", path);
      json_object *item;
      json_object *period;

      if (!cs_json_get_object_item (l, array, i, path, &item, error) ||
          !cs_json_check_keys (l, item, path, keys, error) ||
          !cs_json_get_string (l, item, path, "alias", TRUE, &e->alias, error) ||
          !cs_json_get_string (l, item, path, "event", TRUE, &e->event, error) ||
          !cs_json_get_string_array (l, item, path, "alternatives", FALSE, &e->alternatives, error) ||
          !cs_json_get_string (l, item, path, "description", FALSE, &e->description, error) ||
          !cs_json_get_string (l, item, path, "constraint", FALSE, &e->constraint, error) ||
          !cs_json_get_string_array (l, item, path, "pmus", FALSE, &e->pmus, error) ||
          !cs_json_get_typed (l, item, path, "sample_period", json_type_int, _("a whole number"),
                              FALSE, &period, error) ||
          !register_name (l, alias_path, e->alias, CS_MODEL_NAME_EVENT, i, error))
        return FALSE;

      if (e->constraint != NULL && !g_strv_contains (constraints, e->constraint))
        {
          g_autofree char *where = g_strdup_printf ("%s.constraint", path);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where,
                               _("unknown constraint “%s” (expected pmc0, pmc1, offcore_rsp or leader)"),
                               e->constraint);
        }
      if (period != NULL)
        {
          gint64 value = json_object_get_int64 (period);

          if (value <= 0)
            {
              g_autofree char *where = g_strdup_printf ("%s.sample_period", path);

              return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where, _("must be a positive number"));
            }
          e->sample_period = g_strdup_printf ("%" G_GINT64_FORMAT, value);
        }
      for (guint p = 0; e->pmus != NULL && e->pmus[p] != NULL; p++)
        if (!g_strv_contains ((const char * const *) model->pmus, e->pmus[p]) &&
            !g_strv_contains ((const char * const *) model->pmus, "*"))
          {
            g_autofree char *where = g_strdup_printf ("%s.pmus[%u]", path, p);
            g_autofree char *list = g_strjoinv (", ", model->pmus);

            return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where,
                                 _("“%s” is not one of the model’s PMUs (%s)"), e->pmus[p], list);
          }
    }
  return TRUE;
}

static gboolean
load_constants (CsModelLoader  *l,
                json_object    *root,
                GError        **error)
{
  static const char * const keys[] = { "name", "value", "description", NULL };
  json_object *array;
  gsize n;

  if (!cs_json_get_array (l, root, "constants", FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  n = json_object_array_length (array);
  g_array_set_size (l->model->constants, n);
  for (gsize i = 0; i < n; i++)
    {
      CsModelConstant *c = &g_array_index (l->model->constants, CsModelConstant, i);
      g_autofree char *path = g_strdup_printf ("constants[%" G_GSIZE_FORMAT "]", i);
      g_autofree char *name_path = g_strdup_printf ("%s.name", path);
      json_object *item;

      if (!cs_json_get_object_item (l, array, i, path, &item, error) ||
          !cs_json_check_keys (l, item, path, keys, error) ||
          !cs_json_get_string (l, item, path, "name", TRUE, &c->name, error) ||
          !cs_json_get_number (l, item, path, "value", TRUE, &c->value, error) ||
          !cs_json_get_string (l, item, path, "description", FALSE, &c->description, error) ||
          !register_name (l, name_path, c->name, CS_MODEL_NAME_CONSTANT, i, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_metrics (CsModelLoader  *l,
              json_object    *root,
              GError        **error)
{
  static const char * const keys[] = {
    "name", "title", "formula", "unit", "description", "level", "group", NULL,
  };
  json_object *array;
  gsize n;

  if (!cs_json_get_array (l, root, "metrics", TRUE, &array, error))
    return FALSE;
  n = json_object_array_length (array);
  g_array_set_size (l->model->metrics, n);
  for (gsize i = 0; i < n; i++)
    {
      CsModelMetric *m = &g_array_index (l->model->metrics, CsModelMetric, i);
      g_autofree char *path = g_strdup_printf ("metrics[%" G_GSIZE_FORMAT "]", i);
      g_autofree char *name_path = g_strdup_printf ("%s.name", path);
      g_autoptr(GError) parse_error = NULL;
      double level = 1;
      json_object *item;

      if (!cs_json_get_object_item (l, array, i, path, &item, error) ||
          !cs_json_check_keys (l, item, path, keys, error) ||
          !cs_json_get_string (l, item, path, "name", TRUE, &m->name, error) ||
          !cs_json_get_string (l, item, path, "title", FALSE, &m->title, error) ||
          !cs_json_get_string (l, item, path, "formula", TRUE, &m->formula, error) ||
          !cs_json_get_string (l, item, path, "unit", FALSE, &m->unit, error) ||
          !cs_json_get_string (l, item, path, "description", FALSE, &m->description, error) ||
          !cs_json_get_number (l, item, path, "level", FALSE, &level, error) ||
          !cs_json_get_string (l, item, path, "group", FALSE, &m->group, error) ||
          !register_name (l, name_path, m->name, CS_MODEL_NAME_METRIC, i, error))
        return FALSE;

      if (level < 1 || level > 9 || level != floor (level))
        {
          g_autofree char *where = g_strdup_printf ("%s.level", path);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where,
                               _("expected a whole number from 1 (top of the tree) to 9"));
        }
      m->level = (int) level;
      if (m->title == NULL)
        m->title = g_strdup (m->name);
      if (m->unit == NULL)
        m->unit = g_strdup ("");
      m->expr = cs_expr_parse (m->formula, &parse_error);
      if (m->expr == NULL)
        {
          g_autofree char *where = g_strdup_printf ("%s.formula", path);

          return cs_json_fail (l, error, CS_DATA_ERROR_PARSE, where, "%s", parse_error->message);
        }
    }
  return TRUE;
}

static gboolean
check_metric_ref (CsModelLoader  *l,
                  const char     *path,
                  const char     *name,
                  GError        **error)
{
  if (cs_model_lookup_name (l->model, name, NULL) != CS_MODEL_NAME_METRIC)
    return cs_json_fail (l, error, CS_DATA_ERROR_NOT_FOUND, path,
                         _("“%s” is not a metric of this model"), name);
  return TRUE;
}

static gboolean
load_chart (CsModelLoader  *l,
            json_object    *item,
            const char     *path,
            CsModelChart   *c,
            GError        **error)
{
  static const char * const bar_keys[] = { "id", "kind", "title", "description", "parts", NULL };
  static const char * const ref_keys[] = {
    "id", "kind", "title", "description", "metric", "low", "medium", "high",
    "higher_is_better", "sentences", NULL,
  };
  static const char * const sentence_keys[] = { "low", "medium", "high", NULL };
  g_autofree char *kind = NULL;
  g_autofree char *sentences_path = g_strdup_printf ("%s.sentences", path);
  json_object *sentences;

  if (!cs_json_get_string (l, item, path, "id", TRUE, &c->id, error) ||
      !cs_json_get_string (l, item, path, "kind", TRUE, &kind, error))
    return FALSE;

  if (strcmp (kind, "bar") == 0)
    {
      c->kind = CS_CHART_BAR;
      if (!cs_json_check_keys (l, item, path, bar_keys, error) ||
          !cs_json_get_string (l, item, path, "title", TRUE, &c->title, error) ||
          !cs_json_get_string (l, item, path, "description", FALSE, &c->description, error) ||
          !cs_json_get_string_array (l, item, path, "parts", TRUE, &c->parts, error))
        return FALSE;
      for (guint i = 0; c->parts[i] != NULL; i++)
        {
          g_autofree char *where = g_strdup_printf ("%s.parts[%u]", path, i);

          if (!check_metric_ref (l, where, c->parts[i], error))
            return FALSE;
        }
      return TRUE;
    }
  if (strcmp (kind, "ref") != 0)
    {
      g_autofree char *where = g_strdup_printf ("%s.kind", path);

      return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where,
                           _("unknown chart kind “%s” (expected “bar” or “ref”)"), kind);
    }

  c->kind = CS_CHART_REF;
  if (!cs_json_check_keys (l, item, path, ref_keys, error) ||
      !cs_json_get_string (l, item, path, "title", TRUE, &c->title, error) ||
      !cs_json_get_string (l, item, path, "description", FALSE, &c->description, error) ||
      !cs_json_get_string (l, item, path, "metric", TRUE, &c->metric, error) ||
      !cs_json_get_number (l, item, path, "low", TRUE, &c->low, error) ||
      !cs_json_get_number (l, item, path, "medium", TRUE, &c->medium, error) ||
      !cs_json_get_number (l, item, path, "high", TRUE, &c->high, error) ||
      !cs_json_get_bool (l, item, path, "higher_is_better", &c->higher_is_better, error) ||
      !cs_json_get_typed (l, item, path, "sentences", json_type_object, _("an object with low, medium and high"),
                          TRUE, &sentences, error) ||
      !cs_json_check_keys (l, sentences, sentences_path, sentence_keys, error) ||
      !cs_json_get_string (l, sentences, sentences_path, "low", TRUE, &c->sentence_low, error) ||
      !cs_json_get_string (l, sentences, sentences_path, "medium", TRUE, &c->sentence_medium, error) ||
      !cs_json_get_string (l, sentences, sentences_path, "high", TRUE, &c->sentence_high, error))
    return FALSE;
  {
    g_autofree char *where = g_strdup_printf ("%s.metric", path);

    if (!check_metric_ref (l, where, c->metric, error))
      return FALSE;
  }
  if (!(c->low <= c->medium && c->medium <= c->high))
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                         _("the thresholds must satisfy low ≤ medium ≤ high (found %g, %g, %g)"),
                         c->low, c->medium, c->high);
  return TRUE;
}

static gboolean
load_charts (CsModelLoader  *l,
             json_object    *root,
             GError        **error)
{
  json_object *array;
  gsize n;

  if (!cs_json_get_array (l, root, "charts", FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  n = json_object_array_length (array);
  g_array_set_size (l->model->charts, n);
  for (gsize i = 0; i < n; i++)
    {
      CsModelChart *c = &g_array_index (l->model->charts, CsModelChart, i);
      g_autofree char *path = g_strdup_printf ("charts[%" G_GSIZE_FORMAT "]", i);
      json_object *item;

      if (!cs_json_get_object_item (l, array, i, path, &item, error) ||
          !load_chart (l, item, path, c, error))
        return FALSE;
      if (g_hash_table_contains (l->model->charts_by_id, c->id))
        {
          g_autofree char *where = g_strdup_printf ("%s.id", path);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where,
                               _("another chart already has the id “%s”"), c->id);
        }
      g_hash_table_insert (l->model->charts_by_id, c->id, GUINT_TO_POINTER (i + 1));
    }
  return TRUE;
}

static gboolean
check_event_ref (CsModelLoader  *l,
                 const char     *path,
                 const char     *alias,
                 GError        **error)
{
  if (alias != NULL && cs_model_lookup_name (l->model, alias, NULL) != CS_MODEL_NAME_EVENT)
    return cs_json_fail (l, error, CS_DATA_ERROR_NOT_FOUND, path,
                         _("“%s” is not the alias of one of the model’s events"), alias);
  return TRUE;
}

/* The texts people read (names, titles, descriptions, REF sentences) are
 * translated once, here, so the viewer, `cyclescope report`, `models` and the
 * exported charts all show the same language. build-aux/extract-model-strings
 * lists the same fields in po/model-strings.c for xgettext; identifiers,
 * formulas, units and groups stay as written because formulas and the CLI
 * refer to them. */
static void
translate (char **text)
{
  const char *translated;

  if (*text == NULL || **text == '\0')
    return;
  translated = g_dgettext (GETTEXT_PACKAGE, *text);
  if (translated != *text)
    {
      g_free (*text);
      *text = g_strdup (translated);
    }
}

static void
translate_texts (CsModel *self)
{
  translate (&self->name);
  translate (&self->description);
  translate (&self->source);
  for (guint i = 0; i < self->events->len; i++)
    translate (&g_array_index (self->events, CsModelEvent, i).description);
  for (guint i = 0; i < self->constants->len; i++)
    translate (&g_array_index (self->constants, CsModelConstant, i).description);
  for (guint i = 0; i < self->metrics->len; i++)
    {
      CsModelMetric *m = &g_array_index (self->metrics, CsModelMetric, i);

      translate (&m->title);
      translate (&m->description);
    }
  for (guint i = 0; i < self->charts->len; i++)
    {
      CsModelChart *c = &g_array_index (self->charts, CsModelChart, i);

      translate (&c->title);
      translate (&c->description);
      translate (&c->sentence_low);
      translate (&c->sentence_medium);
      translate (&c->sentence_high);
    }
}

gboolean
_cs_model_load_json (CsModel     *self,
                    const char  *data,
                    gssize       len,
                    GError     **error)
{
  static const char * const keys[] = {
    "format", "id", "name", "description", "source", "pmus", "cycles", "sample",
    "events", "constants", "metrics", "charts", "table_columns", NULL,
  };
  CsModelLoader loader = { self };
  CsModelLoader *l = &loader;
  json_object *root = NULL;
  json_object *format;
  gboolean ok = FALSE;

  root = cs_jr_parse (data, len, self->display_name, error);
  if (root == NULL)
    return FALSE;

  if (json_object_get_type (root) != json_type_object)
    {
      cs_json_fail (l, error, CS_DATA_ERROR_INVALID, NULL,
                    _("expected a JSON object at the top level, found %s"), cs_json_type_name (root));
      goto out;
    }
  if (!cs_json_get_typed (l, root, "", "format", json_type_int, _("the format version, 1"), TRUE, &format, error))
    goto out;
  self->format = json_object_get_int (format);
  if (self->format != CS_MODEL_FORMAT_VERSION)
    {
      cs_json_fail (l, error, CS_DATA_ERROR_VERSION, "format",
                    _("version %d is not supported (this Cyclescope reads version %d); "
                      "update Cyclescope or rewrite the model for version %d"),
                    self->format, CS_MODEL_FORMAT_VERSION, CS_MODEL_FORMAT_VERSION);
      goto out;
    }

  if (!cs_json_check_keys (l, root, "", keys, error) ||
      !cs_json_get_string (l, root, "", "id", TRUE, &self->id, error) ||
      !cs_json_get_string (l, root, "", "name", TRUE, &self->name, error) ||
      !cs_json_get_string (l, root, "", "description", FALSE, &self->description, error) ||
      !cs_json_get_string (l, root, "", "source", FALSE, &self->source, error) ||
      !cs_json_get_string_array (l, root, "", "pmus", TRUE, &self->pmus, error) ||
      !cs_json_get_string (l, root, "", "cycles", TRUE, &self->cycles_alias, error) ||
      !cs_json_get_string (l, root, "", "sample", FALSE, &self->sample_alias, error))
    goto out;
  for (const char *p = self->id; *p; p++)
    if (!(g_ascii_isalnum (*p) || *p == '-' || *p == '_' || *p == '.'))
      {
        cs_json_fail (l, error, CS_DATA_ERROR_INVALID, "id",
                      _("“%s” is not a valid model id: use letters, digits, “-”, “_” and “.”"), self->id);
        goto out;
      }

  if (!load_events (l, root, error) ||
      !load_constants (l, root, error) ||
      !load_metrics (l, root, error) ||
      !load_charts (l, root, error) ||
      !cs_json_get_string_array (l, root, "", "table_columns", FALSE, &self->table_columns, error) ||
      !check_event_ref (l, "cycles", self->cycles_alias, error) ||
      !check_event_ref (l, "sample", self->sample_alias, error))
    goto out;
  for (guint i = 0; self->table_columns != NULL && self->table_columns[i] != NULL; i++)
    {
      g_autofree char *where = g_strdup_printf ("table_columns[%u]", i);

      if (!check_metric_ref (l, where, self->table_columns[i], error))
        goto out;
    }
  translate_texts (self);
  ok = TRUE;

out:
  json_object_put (root);
  return ok;
}
