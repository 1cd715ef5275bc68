/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-json.c — typed JSON getters for the model loader
 *
 * Model files are written by hand, so every failure says where (file and
 * JSON path) and what was expected. Syntax errors are cs_jr_parse()'s, as
 * for session.json.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-error.h"
#include "cs-model-json.h"

gboolean
cs_json_fail (CsModelLoader  *l,
              GError        **error,
              int             code,
              const char     *path,
              const char     *format,
              ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  if (path != NULL && *path != '\0')
    g_set_error (error, CS_DATA_ERROR, code, "%s: %s: %s", l->model->display_name, path, msg);
  else
    g_set_error (error, CS_DATA_ERROR, code, "%s: %s", l->model->display_name, msg);
  return FALSE;
}

const char *
cs_json_type_name (json_object *obj)
{
  switch (json_object_get_type (obj))
    {
    case json_type_null:    return _("null");
    case json_type_boolean: return _("true or false");
    case json_type_double:
    case json_type_int:     return _("a number");
    case json_type_string:  return _("a string");
    case json_type_array:   return _("an array");
    case json_type_object:  return _("an object");
    default:                return "?";
    }
}

char *
cs_json_join_path (const char *path,
                   const char *key)
{
  return *path ? g_strdup_printf ("%s.%s", path, key) : g_strdup (key);
}

gboolean
cs_json_check_keys (CsModelLoader       *l,
                    json_object         *obj,
                    const char          *path,
                    const char * const *allowed,
                    GError             **error)
{
  json_object_object_foreach (obj, key, value)
    {
      (void) value;
      if (!g_strv_contains (allowed, key))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) allowed);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                               _("unknown key “%s” (expected one of: %s)"), key, list);
        }
    }
  return TRUE;
}

gboolean
cs_json_get_typed (CsModelLoader  *l,
                   json_object    *obj,
                   const char     *path,
                   const char     *key,
                   json_type       type,
                   const char     *expected,
                   gboolean        required,
                   json_object   **out,
                   GError        **error)
{
  json_object *value = NULL;
  g_autofree char *where = cs_json_join_path (path, key);

  *out = NULL;
  if (!json_object_object_get_ex (obj, key, &value))
    {
      if (!required)
        return TRUE;
      if (*path == '\0')
        return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, NULL,
                             _("missing “%s” (%s)"), key, expected);
      return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                           _("missing “%s” (%s)"), key, expected);
    }
  /* null stands for "not given" where a key is optional. */
  if (value == NULL && !required)
    return TRUE;
  if (json_object_get_type (value) != type &&
      !(type == json_type_double && json_object_get_type (value) == json_type_int))
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where,
                         _("expected %s, found %s"), expected, cs_json_type_name (value));
  *out = value;
  return TRUE;
}

gboolean
cs_json_get_string (CsModelLoader  *l,
                    json_object    *obj,
                    const char     *path,
                    const char     *key,
                    gboolean        required,
                    char          **out,
                    GError        **error)
{
  json_object *value;

  if (!cs_json_get_typed (l, obj, path, key, json_type_string, _("a string"), required, &value, error))
    return FALSE;
  if (value != NULL)
    {
      const char *s = json_object_get_string (value);

      if (*s == '\0' && required)
        {
          g_autofree char *where = cs_json_join_path (path, key);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where, _("must not be empty"));
        }
      if (!g_utf8_validate (s, -1, NULL))
        {
          g_autofree char *where = cs_json_join_path (path, key);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where, _("is not valid UTF-8"));
        }
      g_free (*out);
      *out = g_strdup (s);
    }
  return TRUE;
}

gboolean
cs_json_get_number (CsModelLoader  *l,
                    json_object    *obj,
                    const char     *path,
                    const char     *key,
                    gboolean        required,
                    double         *out,
                    GError        **error)
{
  json_object *value;

  if (!cs_json_get_typed (l, obj, path, key, json_type_double, _("a number"), required, &value, error))
    return FALSE;
  if (value != NULL)
    *out = json_object_get_double (value);
  return TRUE;
}

gboolean
cs_json_get_bool (CsModelLoader  *l,
                  json_object    *obj,
                  const char     *path,
                  const char     *key,
                  gboolean       *out,
                  GError        **error)
{
  json_object *value;

  if (!cs_json_get_typed (l, obj, path, key, json_type_boolean, _("true or false"), FALSE, &value, error))
    return FALSE;
  if (value != NULL)
    *out = json_object_get_boolean (value);
  return TRUE;
}

gboolean
cs_json_get_string_array (CsModelLoader   *l,
                          json_object     *obj,
                          const char      *path,
                          const char      *key,
                          gboolean         required,
                          char          ***out,
                          GError         **error)
{
  g_autofree char *where = cs_json_join_path (path, key);
  g_autoptr(GStrvBuilder) builder = NULL;
  json_object *array;
  gsize n;

  if (!cs_json_get_typed (l, obj, path, key, json_type_array, _("an array of strings"), required, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  n = json_object_array_length (array);
  if (n == 0 && required)
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, where, _("must not be empty"));
  builder = g_strv_builder_new ();
  for (gsize i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (array, i);

      if (json_object_get_type (item) != json_type_string || *json_object_get_string (item) == '\0')
        {
          g_autofree char *item_path = g_strdup_printf ("%s[%" G_GSIZE_FORMAT "]", where, i);

          return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, item_path,
                               _("expected a non-empty string, found %s"), cs_json_type_name (item));
        }
      g_strv_builder_add (builder, json_object_get_string (item));
    }
  g_strfreev (*out);
  *out = g_strv_builder_end (builder);
  return TRUE;
}

gboolean
cs_json_get_array (CsModelLoader  *l,
                   json_object    *root,
                   const char     *key,
                   gboolean        required,
                   json_object   **array,
                   GError        **error)
{
  if (!cs_json_get_typed (l, root, "", key, json_type_array, _("an array"), required, array, error))
    return FALSE;
  return TRUE;
}

gboolean
cs_json_get_object_item (CsModelLoader  *l,
                         json_object    *array,
                         gsize           i,
                         const char     *path,
                         json_object   **item,
                         GError        **error)
{
  *item = json_object_array_get_idx (array, i);
  if (json_object_get_type (*item) != json_type_object)
    return cs_json_fail (l, error, CS_DATA_ERROR_INVALID, path,
                         _("expected an object, found %s"), cs_json_type_name (*item));
  return TRUE;
}
