/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-loader.c — reads a model JSON file (docs/models.md) into CsModel
 *
 * Every error names the file, the JSON path (e.g. "metrics[3].formula") and
 * what was expected, because model files are written by hand and the person
 * reading the message has to find the spot: the getters are the session
 * reader's (cs-json-reader.h). Unknown keys are errors: a misspelt "formla"
 * would otherwise be silently ignored.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-json-reader.h"
#include "cs-model-private.h"

/* A list of strings read into a NULL-terminated vector; @required lists
 * must not be empty, and no item may be. */
static gboolean
read_strv (CsJsonReader  *r,
           json_object   *obj,
           const char    *key,
           gboolean       required,
           char        ***out)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  gsize saved;

  if (!cs_jr_string_list (r, obj, key, required, items))
    return FALSE;
  if (!json_object_object_get_ex (obj, key, NULL))
    return TRUE;
  saved = cs_jr_push_key (r, key);
  if (required && items->len == 0)
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("must not be empty"));
  for (guint i = 0; i < items->len; i++)
    if (((char *) g_ptr_array_index (items, i))[0] == '\0')
      {
        cs_jr_push_index (r, i);
        return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("must not be empty"));
      }
  cs_jr_pop (r, saved);
  g_ptr_array_add (items, NULL);
  g_strfreev (*out);
  *out = (char **) g_ptr_array_free (g_steal_pointer (&items), FALSE);
  return TRUE;
}

/* Names are used bare in formulas, so they must lex as one identifier. */
static gboolean
check_name (CsJsonReader *r,
            const char   *key,
            const char   *name)
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
  return cs_jr_fail_at (r, key, CS_DATA_ERROR_INVALID,
                  _("“%s” is not a valid name: use letters, digits, “_” and “.”, "
                    "starting with a letter or “_” (and not “if” or “else”)"), name);
}

static gboolean
register_name (CsJsonReader    *r,
               CsModel         *model,
               const char      *key,
               const char      *name,
               CsModelNameKind  kind,
               guint            index)
{
  static const char *kinds[] = { NULL, N_("an event alias"), N_("a constant"), N_("a metric"), NULL };
  gpointer existing;

  if (!check_name (r, key, name))
    return FALSE;
  if (cs_model_is_pseudo_event (name))
    return cs_jr_fail_at (r, key, CS_DATA_ERROR_INVALID,
                    _("“%s” is reserved for the pseudo-event of the same name"), name);
  if (g_hash_table_lookup_extended (model->names, name, NULL, &existing))
    return cs_jr_fail_at (r, key, CS_DATA_ERROR_INVALID,
                    _("“%s” is already used as %s; names of events, constants and metrics must be unique"),
                    name, _(kinds[GPOINTER_TO_UINT (existing) >> 24]));
  g_hash_table_insert (model->names, (gpointer) name, GUINT_TO_POINTER ((guint) kind << 24 | index));
  return TRUE;
}

static gboolean
load_event (CsJsonReader *r,
            CsModel      *model,
            json_object  *item,
            guint         index,
            gpointer      out)
{
  CsModelEvent *e = out;
  static const char * const keys[] = {
    "alias", "event", "alternatives", "description", "constraint", "sample_period", "pmus", NULL,
  };
  static const char * const constraints[] = { "pmc0", "pmc1", "offcore_rsp", "leader", NULL };
  gint64 period = 0;

  if (!cs_jr_check_keys (r, item, keys) ||
      !cs_jr_string (r, item, "alias", TRUE, FALSE, &e->alias) ||
      !cs_jr_string (r, item, "event", TRUE, FALSE, &e->event) ||
      !read_strv (r, item, "alternatives", FALSE, &e->alternatives) ||
      !cs_jr_string (r, item, "description", FALSE, FALSE, &e->description) ||
      !cs_jr_string (r, item, "constraint", FALSE, FALSE, &e->constraint) ||
      !read_strv (r, item, "pmus", FALSE, &e->pmus) ||
      !cs_jr_int (r, item, "sample_period", 1, G_MAXINT64, &period) ||
      !register_name (r, model, "alias", e->alias, CS_MODEL_NAME_EVENT, index))
    return FALSE;
  if (e->constraint != NULL && !g_strv_contains (constraints, e->constraint))
    return cs_jr_fail_at (r, "constraint", CS_DATA_ERROR_INVALID,
                    _("unknown constraint “%s” (expected pmc0, pmc1, offcore_rsp or leader)"), e->constraint);
  if (period > 0)
    e->sample_period = g_strdup_printf ("%" G_GINT64_FORMAT, period);
  for (guint p = 0; e->pmus != NULL && e->pmus[p] != NULL; p++)
    if (!g_strv_contains ((const char * const *) model->pmus, e->pmus[p]) &&
        !g_strv_contains ((const char * const *) model->pmus, "*"))
      {
        g_autofree char *list = g_strjoinv (", ", model->pmus);

        cs_jr_push_key (r, "pmus");
        cs_jr_push_index (r, p);
        return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("“%s” is not one of the model’s PMUs (%s)"),
                           e->pmus[p], list);
      }
  return TRUE;
}

static gboolean
load_constant (CsJsonReader *r,
               CsModel      *model,
               json_object  *item,
               guint         index,
               gpointer      out)
{
  CsModelConstant *c = out;
  static const char * const keys[] = { "name", "value", "description", NULL };

  return cs_jr_check_keys (r, item, keys) &&
         cs_jr_string (r, item, "name", TRUE, FALSE, &c->name) &&
         cs_jr_number (r, item, "value", TRUE, &c->value) &&
         cs_jr_string (r, item, "description", FALSE, FALSE, &c->description) &&
         register_name (r, model, "name", c->name, CS_MODEL_NAME_CONSTANT, index);
}

static gboolean
load_metric (CsJsonReader *r,
             CsModel      *model,
             json_object  *item,
             guint         index,
             gpointer      out)
{
  CsModelMetric *m = out;
  static const char * const keys[] = {
    "name", "title", "formula", "unit", "description", "level", "group", NULL,
  };
  g_autoptr(GError) parse_error = NULL;
  gint64 level = 1;

  if (!cs_jr_check_keys (r, item, keys) ||
      !cs_jr_string (r, item, "name", TRUE, FALSE, &m->name) ||
      !cs_jr_string (r, item, "title", FALSE, FALSE, &m->title) ||
      !cs_jr_string (r, item, "formula", TRUE, FALSE, &m->formula) ||
      !cs_jr_string (r, item, "unit", FALSE, TRUE, &m->unit) ||
      !cs_jr_string (r, item, "description", FALSE, FALSE, &m->description) ||
      /* 1: the top of the tree */
      !cs_jr_int (r, item, "level", 1, 9, &level) ||
      !cs_jr_string (r, item, "group", FALSE, FALSE, &m->group) ||
      !register_name (r, model, "name", m->name, CS_MODEL_NAME_METRIC, index))
    return FALSE;
  m->level = (int) level;
  if (m->title == NULL)
    m->title = g_strdup (m->name);
  if (m->unit == NULL)
    m->unit = g_strdup ("");
  m->expr = cs_expr_parse (m->formula, &parse_error);
  if (m->expr == NULL)
    return cs_jr_fail_at (r, "formula", CS_DATA_ERROR_PARSE, "%s", parse_error->message);
  return TRUE;
}

static gboolean
check_metric_ref (CsJsonReader *r,
                  CsModel      *model,
                  const char   *name)
{
  if (cs_model_lookup_name (model, name, NULL) != CS_MODEL_NAME_METRIC)
    return cs_jr_fail (r, CS_DATA_ERROR_NOT_FOUND, _("“%s” is not a metric of this model"), name);
  return TRUE;
}

/* Each of @names (at @key of the object the path is on) is a metric. */
static gboolean
check_metric_refs (CsJsonReader *r,
                   CsModel      *model,
                   const char   *key,
                   char        **names)
{
  gsize saved = cs_jr_push_key (r, key);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      gsize s = cs_jr_push_index (r, i);

      if (!check_metric_ref (r, model, names[i]))
        return FALSE;
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
load_ref_chart (CsJsonReader *r,
                CsModel      *model,
                json_object  *item,
                CsModelChart *c)
{
  static const char * const keys[] = {
    "id", "kind", "title", "description", "metric", "low", "medium", "high",
    "higher_is_better", "sentences", NULL,
  };
  static const char * const sentence_keys[] = { "low", "medium", "high", NULL };
  json_object *sentences;
  gsize saved;

  c->kind = CS_CHART_REF;
  if (!cs_jr_check_keys (r, item, keys) ||
      !cs_jr_string (r, item, "title", TRUE, FALSE, &c->title) ||
      !cs_jr_string (r, item, "description", FALSE, FALSE, &c->description) ||
      !cs_jr_string (r, item, "metric", TRUE, FALSE, &c->metric) ||
      !cs_jr_number (r, item, "low", TRUE, &c->low) ||
      !cs_jr_number (r, item, "medium", TRUE, &c->medium) ||
      !cs_jr_number (r, item, "high", TRUE, &c->high) ||
      !cs_jr_bool (r, item, "higher_is_better", &c->higher_is_better) ||
      !cs_jr_container (r, item, "sentences", json_type_object, TRUE, &sentences, &saved) ||
      !cs_jr_check_keys (r, sentences, sentence_keys) ||
      !cs_jr_string (r, sentences, "low", TRUE, FALSE, &c->sentence_low) ||
      !cs_jr_string (r, sentences, "medium", TRUE, FALSE, &c->sentence_medium) ||
      !cs_jr_string (r, sentences, "high", TRUE, FALSE, &c->sentence_high))
    return FALSE;
  cs_jr_pop (r, saved);
  saved = cs_jr_push_key (r, "metric");
  if (!check_metric_ref (r, model, c->metric))
    return FALSE;
  cs_jr_pop (r, saved);
  if (!(c->low <= c->medium && c->medium <= c->high))
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                       _("the thresholds must satisfy low ≤ medium ≤ high (found %g, %g, %g)"),
                       c->low, c->medium, c->high);
  return TRUE;
}

static gboolean
load_chart (CsJsonReader *r,
            CsModel      *model,
            json_object  *item,
            guint         index,
            gpointer      out)
{
  CsModelChart *c = out;
  static const char * const bar_keys[] = { "id", "kind", "title", "description", "parts", NULL };
  g_autofree char *kind = NULL;

  if (!cs_jr_string (r, item, "id", TRUE, FALSE, &c->id) ||
      !cs_jr_string (r, item, "kind", TRUE, FALSE, &kind))
    return FALSE;
  if (strcmp (kind, "bar") == 0)
    {
      c->kind = CS_CHART_BAR;
      if (!cs_jr_check_keys (r, item, bar_keys) ||
          !cs_jr_string (r, item, "title", TRUE, FALSE, &c->title) ||
          !cs_jr_string (r, item, "description", FALSE, FALSE, &c->description) ||
          !read_strv (r, item, "parts", TRUE, &c->parts) ||
          !check_metric_refs (r, model, "parts", c->parts))
        return FALSE;
    }
  else if (strcmp (kind, "ref") == 0)
    {
      if (!load_ref_chart (r, model, item, c))
        return FALSE;
    }
  else
    return cs_jr_fail_at (r, "kind", CS_DATA_ERROR_INVALID,
                    _("unknown chart kind “%s” (expected “bar” or “ref”)"), kind);
  if (g_hash_table_contains (model->charts_by_id, c->id))
    return cs_jr_fail_at (r, "id", CS_DATA_ERROR_INVALID, _("another chart already has the id “%s”"), c->id);
  g_hash_table_insert (model->charts_by_id, c->id, GUINT_TO_POINTER (index + 1));
  return TRUE;
}

typedef gboolean (*LoadItem) (CsJsonReader *r,
                              CsModel      *model,
                              json_object  *item,
                              guint         index,
                              gpointer      out);

/* The array @key of objects, each read by @load into @items (resized). */
static gboolean
load_array (CsJsonReader *r,
            CsModel      *model,
            json_object  *root,
            const char   *key,
            gboolean      required,
            GArray       *items,
            LoadItem      load)
{
  json_object *array;
  gsize saved;

  if (!cs_jr_container (r, root, key, json_type_array, required, &array, &saved))
    return FALSE;
  if (array == NULL)
    return TRUE;
  g_array_set_size (items, json_object_array_length (array));
  for (gsize i = 0; i < items->len; i++)
    {
      json_object *item;
      gsize s;

      if (!cs_jr_object_at (r, array, i, &item, &s) ||
          !load (r, model, item, i, items->data + i * g_array_get_element_size (items)))
        return FALSE;
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
check_event_ref (CsJsonReader *r,
                 CsModel      *model,
                 const char   *key,
                 const char   *alias)
{
  if (alias != NULL && cs_model_lookup_name (model, alias, NULL) != CS_MODEL_NAME_EVENT)
    return cs_jr_fail_at (r, key, CS_DATA_ERROR_NOT_FOUND,
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
  g_autoptr(GString) path = g_string_new (NULL);
  CsJsonReader reader = { self->display_name, path, error };
  CsJsonReader *r = &reader;
  json_object *root = NULL;
  json_object *format;
  gboolean ok = FALSE;
  gsize saved;

  root = cs_jr_parse (data, len, self->display_name, error);
  if (root == NULL)
    return FALSE;

  if (!json_object_is_type (root, json_type_object))
    {
      cs_jr_expected (r, _("a JSON object"), root);
      goto out;
    }
  if (!cs_jr_member (r, root, "format", _("the format version, 1"), &format, &saved))
    goto out;
  if (!json_object_is_type (format, json_type_int))
    {
      cs_jr_expected (r, _("the format version, 1"), format);
      goto out;
    }
  self->format = json_object_get_int (format);
  if (self->format != CS_MODEL_FORMAT_VERSION)
    {
      cs_jr_fail (r, CS_DATA_ERROR_VERSION,
                  _("version %d is not supported (this Cyclescope reads version %d); "
                    "update Cyclescope or rewrite the model for version %d"),
                  self->format, CS_MODEL_FORMAT_VERSION, CS_MODEL_FORMAT_VERSION);
      goto out;
    }
  cs_jr_pop (r, saved);

  if (!cs_jr_check_keys (r, root, keys) ||
      !cs_jr_string (r, root, "id", TRUE, FALSE, &self->id) ||
      !cs_jr_string (r, root, "name", TRUE, FALSE, &self->name) ||
      !cs_jr_string (r, root, "description", FALSE, FALSE, &self->description) ||
      !cs_jr_string (r, root, "source", FALSE, FALSE, &self->source) ||
      !read_strv (r, root, "pmus", TRUE, &self->pmus) ||
      !cs_jr_string (r, root, "cycles", TRUE, FALSE, &self->cycles_alias) ||
      !cs_jr_string (r, root, "sample", FALSE, FALSE, &self->sample_alias))
    goto out;
  for (const char *p = self->id; *p; p++)
    if (!(g_ascii_isalnum (*p) || *p == '-' || *p == '_' || *p == '.'))
      {
        cs_jr_fail_at (r, "id", CS_DATA_ERROR_INVALID,
                 _("“%s” is not a valid model id: use letters, digits, “-”, “_” and “.”"), self->id);
        goto out;
      }

  if (!load_array (r, self, root, "events", TRUE, self->events, load_event))
    goto out;
  if (self->events->len == 0)
    {
      cs_jr_fail_at (r, "events", CS_DATA_ERROR_INVALID, _("a model needs at least one event"));
      goto out;
    }
  if (!load_array (r, self, root, "constants", FALSE, self->constants, load_constant) ||
      !load_array (r, self, root, "metrics", TRUE, self->metrics, load_metric) ||
      !load_array (r, self, root, "charts", FALSE, self->charts, load_chart) ||
      !read_strv (r, root, "table_columns", FALSE, &self->table_columns) ||
      !check_metric_refs (r, self, "table_columns", self->table_columns) ||
      !check_event_ref (r, self, "cycles", self->cycles_alias) ||
      !check_event_ref (r, self, "sample", self->sample_alias))
    goto out;
  translate_texts (self);
  ok = TRUE;

out:
  json_object_put (root);
  return ok;
}
