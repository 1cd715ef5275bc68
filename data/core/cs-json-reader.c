/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-json-reader.c — json-c getters that know where they are
 *
 * See cs-json-reader.h. json-c is lenient by default; the parser here is
 * strict (no trailing commas, no trailing values, valid UTF-8) so that a
 * hand-edited file that another JSON tool would reject is rejected here too.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "cs-json-reader.h"
#include "cs-text.h"


static const char *
describe (json_object *obj)
{
  switch (json_object_get_type (obj))
    {
    case json_type_null:    return _("null");
    case json_type_boolean: return _("a boolean");
    case json_type_double:  return _("a number with a fraction or exponent");
    case json_type_int:     return _("an integer");
    case json_type_object:  return _("an object");
    case json_type_array:   return _("an array");
    case json_type_string:  return _("a string");
    default:                return _("something else");
    }
}

static gboolean
fail_valist (CsJsonReader *r,
             CsDataError   code,
             const char   *format,
             va_list       args) G_GNUC_PRINTF (3, 0);

static gboolean
fail_valist (CsJsonReader *r,
             CsDataError   code,
             const char   *format,
             va_list       args)
{
  g_autofree char *msg = g_strdup_vprintf (format, args);

  g_set_error (r->error, CS_DATA_ERROR, code, "%s: %s: %s", r->filename,
               r->path->len > 0 ? r->path->str : _("top level"), msg);
  return FALSE;
}

gboolean
cs_jr_fail (CsJsonReader *r,
            CsDataError   code,
            const char   *format,
            ...)
{
  va_list args;

  va_start (args, format);
  fail_valist (r, code, format, args);
  va_end (args);
  return FALSE;
}

gboolean
cs_jr_fail_at (CsJsonReader *r,
               const char   *key,
               CsDataError   code,
               const char   *format,
               ...)
{
  va_list args;

  cs_jr_push_key (r, key);
  va_start (args, format);
  fail_valist (r, code, format, args);
  va_end (args);
  return FALSE;
}

gboolean
cs_jr_expected (CsJsonReader *r,
                const char   *what,
                json_object  *found)
{
  return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("expected %s, found %s"), what, describe (found));
}

gsize
cs_jr_push_key (CsJsonReader *r,
                const char   *key)
{
  gsize len = r->path->len;

  if (len > 0)
    g_string_append_c (r->path, '.');
  g_string_append (r->path, key);
  return len;
}

gsize
cs_jr_push_index (CsJsonReader *r,
                  gsize         i)
{
  gsize len = r->path->len;
  char buf[24];
  char *p = buf + sizeof buf;

  /* Digits by hand: a session of 20 000 regions pushes this for every
   * item it reads, and printf was a tenth of the load. */
  *--p = ']';
  do
    {
      *--p = '0' + i % 10;
      i /= 10;
    }
  while (i != 0);
  *--p = '[';
  g_string_append_len (r->path, p, buf + sizeof buf - p);
  return len;
}

void
cs_jr_pop (CsJsonReader *r,
           gsize         len)
{
  g_string_truncate (r->path, len);
}

/* Looks up @key; a missing member is an error only when @what is given. The
 * path is left pointing at the member for the caller's checks. */
gboolean
cs_jr_member (CsJsonReader  *r,
              json_object   *obj,
              const char    *key,
              const char    *what,
              json_object  **out,
              gsize         *saved)
{
  *saved = cs_jr_push_key (r, key);
  *out = NULL;
  if (json_object_object_get_ex (obj, key, out) || what == NULL)
    return TRUE;
  return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("missing; expected %s"), what);
}

gboolean
cs_jr_string (CsJsonReader  *r,
              json_object   *obj,
              const char    *key,
              gboolean       required,
              gboolean       nullable,
              char         **out)
{
  const char *what = nullable ? _("a string or null") : _("a string");
  json_object *v;
  gsize saved;

  if (!cs_jr_member (r, obj, key, required ? what : NULL, &v, &saved))
    return FALSE;
  /* json-c gives NULL for both an absent member and null: a required
   * string must be one. */
  if (v == NULL && required && !nullable)
    return cs_jr_expected (r, what, v);
  if (v == NULL)
    {
      cs_jr_pop (r, saved);
      return TRUE;
    }
  if (!json_object_is_type (v, json_type_string))
    return cs_jr_expected (r, what, v);
  if (!nullable && json_object_get_string_len (v) == 0)
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("must not be empty"));
  g_free (*out);
  /* json-c passes bytes that are no UTF-8 through; the saved text has them
   * as \xNN (cs-session-save.c), so a string reads the way it will be
   * written and a loaded session saves and loads back the same. */
  *out = cs_text_make_valid (json_object_get_string (v), -1);
  cs_jr_pop (r, saved);
  return TRUE;
}

/* json-c clamps integers beyond 64 bits to G_MAXUINT64 without telling, so
 * that one value is refused: no real counter reaches it. */
static gboolean
cs_jr_check_uint64 (CsJsonReader *r,
                    json_object  *v,
                    guint64      *out)
{
  if (!json_object_is_type (v, json_type_int))
    return cs_jr_expected (r, _("a non-negative integer"), v);
  if (json_object_get_int64 (v) < 0)
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("expected a non-negative integer, found %lld"),
                       (long long) json_object_get_int64 (v));
  *out = json_object_get_uint64 (v);
  if (*out == G_MAXUINT64)
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                       _("the number is too large (counts must be below 18446744073709551615)"));
  return TRUE;
}

gboolean
cs_jr_uint64 (CsJsonReader *r,
              json_object  *obj,
              const char   *key,
              gboolean      required,
              guint64      *out)
{
  json_object *v;
  gsize saved;

  if (!cs_jr_member (r, obj, key, required ? _("a non-negative integer") : NULL, &v, &saved))
    return FALSE;
  if (v == NULL && required)
    return cs_jr_expected (r, _("a non-negative integer"), v);
  if (v != NULL && !cs_jr_check_uint64 (r, v, out))
    return FALSE;
  cs_jr_pop (r, saved);
  return TRUE;
}

gboolean
cs_jr_int (CsJsonReader *r,
           json_object  *obj,
           const char   *key,
           gint64        min,
           gint64        max,
           gint64       *out)
{
  json_object *v;
  gsize saved;
  gint64 i;

  if (!cs_jr_member (r, obj, key, NULL, &v, &saved))
    return FALSE;
  if (v != NULL)
    {
      if (!json_object_is_type (v, json_type_int))
        return cs_jr_expected (r, _("an integer"), v);
      i = json_object_get_int64 (v);
      if (i < min || i > max)
        return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                           _("expected an integer from %" PRId64 " to %" PRId64
                             ", found %" PRId64), min, max, i);
      *out = i;
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

/* Seconds: any non-negative number; null stands for "not measured" (0). */
gboolean
cs_jr_seconds (CsJsonReader *r,
               json_object  *obj,
               const char   *key,
               double       *out)
{
  json_object *v;
  gsize saved;

  if (!cs_jr_member (r, obj, key, NULL, &v, &saved))
    return FALSE;
  if (v != NULL && !json_object_is_type (v, json_type_null))
    {
      double d;

      if (!json_object_is_type (v, json_type_int) && !json_object_is_type (v, json_type_double))
        return cs_jr_expected (r, _("a number of seconds"), v);
      d = json_object_get_double (v);
      if (!(d >= 0) || d > 1e12)
        return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("expected a non-negative number of seconds, found %g"), d);
      *out = d;
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

gboolean
cs_jr_bool (CsJsonReader *r,
            json_object  *obj,
            const char   *key,
            gboolean     *out)
{
  json_object *v;
  gsize saved;

  if (!cs_jr_member (r, obj, key, NULL, &v, &saved))
    return FALSE;
  if (v != NULL)
    {
      if (!json_object_is_type (v, json_type_boolean))
        return cs_jr_expected (r, _("true or false"), v);
      *out = json_object_get_boolean (v);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

/* Arrays and objects: the path stays on the member until the caller pops. */
gboolean
cs_jr_container (CsJsonReader  *r,
                 json_object   *obj,
                 const char    *key,
                 json_type      type,
                 gboolean       required,
                 json_object  **out,
                 gsize         *saved)
{
  const char *what = type == json_type_array ? _("an array") : _("an object");

  if (!cs_jr_member (r, obj, key, required ? what : NULL, out, saved))
    return FALSE;
  if ((*out == NULL && required) || (*out != NULL && !json_object_is_type (*out, type)))
    return cs_jr_expected (r, what, *out);
  return TRUE;
}

gboolean
cs_jr_number (CsJsonReader *r,
              json_object  *obj,
              const char   *key,
              gboolean      required,
              double       *out)
{
  json_object *v;
  gsize saved;

  if (!cs_jr_member (r, obj, key, required ? _("a number") : NULL, &v, &saved))
    return FALSE;
  /* NULL: absent or null, which only an optional member may be. */
  if (v == NULL && required)
    return cs_jr_expected (r, _("a number"), v);
  if (v != NULL)
    {
      if (!json_object_is_type (v, json_type_int) && !json_object_is_type (v, json_type_double))
        return cs_jr_expected (r, _("a number"), v);
      *out = json_object_get_double (v);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

gboolean
cs_jr_object_at (CsJsonReader  *r,
                 json_object   *array,
                 gsize          i,
                 json_object  **out,
                 gsize         *saved)
{
  *saved = cs_jr_push_index (r, i);
  *out = json_object_array_get_idx (array, i);
  if (!json_object_is_type (*out, json_type_object))
    return cs_jr_expected (r, _("an object"), *out);
  return TRUE;
}

gboolean
cs_jr_check_keys (CsJsonReader       *r,
                  json_object        *obj,
                  const char * const *allowed)
{
  json_object_object_foreach (obj, key, value)
    {
      (void) value;
      if (!g_strv_contains (allowed, key))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) allowed);

          return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("unknown key “%s” (expected one of: %s)"), key, list);
        }
    }
  return TRUE;
}

gboolean
cs_jr_string_list (CsJsonReader *r,
                   json_object  *obj,
                   const char   *key,
                   gboolean      required,
                   GPtrArray    *out)
{
  json_object *arr;
  gsize saved;

  if (!cs_jr_container (r, obj, key, json_type_array, required, &arr, &saved))
    return FALSE;
  for (gsize i = 0; arr != NULL && i < json_object_array_length (arr); i++)
    {
      json_object *v = json_object_array_get_idx (arr, i);
      gsize s = cs_jr_push_index (r, i);

      if (!json_object_is_type (v, json_type_string))
        return cs_jr_expected (r, _("a string"), v);
      g_ptr_array_add (out, cs_text_make_valid (json_object_get_string (v), -1));
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

/* 1-based line and column of a byte offset, for syntax errors; columns count
 * characters, as editors do. */
static void
line_column (const char *text,
             gsize       offset,
             guint      *line,
             guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && text[i] != '\0'; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) text[i] & 0xc0) != 0x80)
        (*column)++;
    }
}

json_object *
cs_jr_parse (const char  *text,
             gssize       len,
             const char  *filename,
             GError     **error)
{
  json_tokener *tok;
  json_object *root;
  enum json_tokener_error jerr;
  gsize parsed;
  const char *reason;
  guint line, column;

  if (len < 0)
    len = strlen (text);
  if (memchr (text, '\0', len) != NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("%s: contains a NUL byte; expected UTF-8 JSON text"), filename);
      return NULL;
    }
  if (len > G_MAXINT)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("%s: %zd bytes is too large for a JSON document"), filename, len);
      return NULL;
    }

  tok = json_tokener_new ();
  json_tokener_set_flags (tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
  root = json_tokener_parse_ex (tok, text, (int) len);
  jerr = json_tokener_get_error (tok);
  parsed = json_tokener_get_parse_end (tok);
  json_tokener_free (tok);

  if (jerr == json_tokener_success)
    {
      /* The tokener stops after the first value: anything but blanks after
       * it means two documents were concatenated or the file was damaged. */
      while (parsed < (gsize) len && g_ascii_isspace (text[parsed]))
        parsed++;
      if (parsed < (gsize) len)
        jerr = json_tokener_error_parse_unexpected;
    }
  else if (jerr == json_tokener_continue)
    {
      jerr = json_tokener_error_parse_eof;
      parsed = len;
    }
  if (jerr == json_tokener_success && root != NULL)
    return root;

  if (jerr == json_tokener_success)
    reason = _("empty document");
  else if (jerr == json_tokener_error_parse_eof)
    reason = _("the file ends too early");
  else
    reason = json_tokener_error_desc (jerr);
  line_column (text, parsed, &line, &column);
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
               _("%s: line %u, column %u: not valid JSON (%s)"), filename, line, column, reason);
  json_object_put (root);
  return NULL;
}
