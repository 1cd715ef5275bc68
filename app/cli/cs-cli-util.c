/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-util.c — what the command-line verbs share */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "cs-cli.h"
#include "cs-cli-util.h"

gboolean
cs_cli_parse_options (const char         *verb,
                      const char         *parameter_string,
                      const char         *summary,
                      const GOptionEntry *entries,
                      gboolean            strict_posix,
                      int                *argc,
                      char             ***argv)
{
  g_autofree char *prgname = g_strconcat ("cyclescope ", verb, NULL);
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;

  /* "Usage: cyclescope VERB [OPTION…] …" in --help. */
  g_set_prgname (prgname);
  context = g_option_context_new (parameter_string);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  g_option_context_set_strict_posix (context, strict_posix);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      cs_cli_error (verb, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

json_object *
cs_cli_json_number (double value)
{
  return isfinite (value) ? json_object_new_double (value) : NULL;
}

json_object *
cs_cli_json_string (const char *text)
{
  return text != NULL ? json_object_new_string (text) : NULL;
}

/* Two levels (an object and its "children" array) per frame of the
 * deepest stack: 255 frames, kernel and user, with room to spare. */
#define JSON_MAX_DEPTH 4096

json_object *
cs_cli_json_parse (const char *text)
{
  json_tokener *tok = json_tokener_new_ex (JSON_MAX_DEPTH);
  json_object *o = json_tokener_parse_ex (tok, text, -1);

  if (json_tokener_get_error (tok) != json_tokener_success)
    g_clear_pointer (&o, json_object_put);
  json_tokener_free (tok);
  return o;
}

void
cs_cli_append_json (GString     *out,
                    json_object *root)
{
  g_string_append (out, json_object_to_json_string_ext (root, JSON_C_TO_STRING_PRETTY |
                                                              JSON_C_TO_STRING_SPACED |
                                                              JSON_C_TO_STRING_NOSLASHESCAPE));
  json_object_put (root);
}

void
cs_cli_csv_field (GString    *out,
                  const char *text,
                  gboolean    last)
{
  if (text == NULL)
    text = "";
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      g_string_append_c (out, '"');
      for (const char *p = text; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, text);
  /* "\n" line ends, which is what shell tools expect. */
  g_string_append (out, last ? "\n" : ",");
}

/* One character of @text at @p (of @len bytes left): its code point, or -1
 * for a byte that does not start valid UTF-8. */
static gunichar
next_char (const char *p,
           gsize       len,
           gsize      *size)
{
  gunichar c = g_utf8_get_char_validated (p, (gssize) MIN (len, 6));

  if (c == (gunichar) -1 || c == (gunichar) -2 || (c == 0 && *p != '\0'))
    {
      *size = 1;
      return (gunichar) -1;
    }
  *size = g_utf8_next_char (p) - p;
  return c;
}

typedef enum
{
  ESCAPE_FIELD,   /* one line: every control character escaped */
  ESCAPE_LINES,   /* a report: line feed and tab kept */
  ESCAPE_JSON,    /* JSON text from json-c: valid UTF-8, DEL and C1 as JSON escapes */
} EscapeMode;

typedef void (*EmitFunc) (const char *data,
                          gsize       len,
                          gpointer    user_data);

static gboolean
is_plain (guchar   c,
          gboolean keep_lines)
{
  return (c >= 0x20 && c < 0x7f) || (keep_lines && (c == '\n' || c == '\t'));
}

/* Passes @text on to @emit with what cs_cli_escape() describes escaped:
 * runs of plain ASCII (most of any report) in one piece, no copy. */
static void
escape (const char *text,
        gsize       n,
        EscapeMode  mode,
        EmitFunc    emit,
        gpointer    user_data)
{
  /* json-c escapes C0 controls itself (and emits tab, line feed between
   * members); a byte that is not UTF-8 is the text \xNN in its string,
   * whose backslash JSON doubles. */
  gboolean keep_lines = mode != ESCAPE_FIELD;
  char buf[16];

  for (gsize i = 0; i < n;)
    {
      gsize size, plain = i;
      gunichar c;

      while (plain < n && is_plain ((guchar) text[plain], keep_lines))
        plain++;
      if (plain > i)
        {
          emit (text + i, plain - i, user_data);
          i = plain;
          continue;
        }
      c = next_char (text + i, n - i, &size);
      if (c == (gunichar) -1 && mode == ESCAPE_JSON)
        emit (buf, g_snprintf (buf, sizeof buf, "\\\\x%02x", (guint8) text[i]), user_data);
      else if (c == (gunichar) -1)
        emit (buf, g_snprintf (buf, sizeof buf, "\\x%02x", (guint8) text[i]), user_data);
      else if (mode != ESCAPE_JSON && (c < 0x20 || c == 0x7f))
        emit (buf, g_snprintf (buf, sizeof buf, "\\x%02x", c), user_data);
      else if (c == 0x7f || (c >= 0x80 && c < 0xa0))
        emit (buf, g_snprintf (buf, sizeof buf, "\\u%04x", c), user_data);
      else
        emit (text + i, size, user_data);
      i += size;
    }
}

static void
emit_string (const char *data,
             gsize       len,
             gpointer    user_data)
{
  g_string_append_len (user_data, data, len);
}

static void
emit_file (const char *data,
           gsize       len,
           gpointer    user_data)
{
  fwrite (data, 1, len, user_data);
}

char *
cs_cli_escape (const char *text,
               gssize      len,
               gboolean    keep_lines)
{
  GString *out;
  gsize n;

  if (text == NULL)
    return NULL;
  n = len < 0 ? strlen (text) : (gsize) len;
  out = g_string_sized_new (n + 16);
  escape (text, n, keep_lines ? ESCAPE_LINES : ESCAPE_FIELD, emit_string, out);
  return g_string_free (out, FALSE);
}

gboolean
cs_cli_print_output (const GString *out,
                     gboolean       json)
{
  escape (out->str, out->len, json ? ESCAPE_JSON : ESCAPE_LINES, emit_file, stdout);
  return fflush (stdout) == 0 && !ferror (stdout);
}

void
cs_cli_error (const char *verb,
              const char *format,
              ...)
{
  g_autofree char *msg = NULL;
  g_autofree char *safe = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  /* Messages name files and symbols of the recording. */
  safe = cs_cli_escape (msg, -1, TRUE);
  /* TRANSLATORS: "cyclescope record: <error message>" */
  g_printerr (_("cyclescope %s: %s\n"), verb, safe);
}

char *
cs_cli_grouped (guint64 v)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, v);
  GString *s = g_string_new (NULL);
  gsize n = strlen (digits);

  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append_c (s, ',');
      g_string_append_c (s, digits[i]);
    }
  return g_string_free (s, FALSE);
}

guint
cs_cli_display_width (const char *text)
{
  g_autofree char *safe = cs_cli_escape (text, -1, FALSE);

  return safe != NULL ? (guint) g_utf8_strlen (safe, -1) : 0;
}

void
cs_cli_append_padded (GString    *out,
                      const char *text,
                      guint       width)
{
  g_autofree char *safe = cs_cli_escape (text, -1, FALSE);
  glong n = g_utf8_strlen (safe, -1);

  g_string_append (out, safe);
  for (glong i = n; i < (glong) width; i++)
    g_string_append_c (out, ' ');
}

void
cs_cli_end_line (GString *out)
{
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  g_string_append_c (out, '\n');
}
