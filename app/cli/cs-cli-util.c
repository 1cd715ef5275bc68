/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-util.c — what the command-line verbs share */

#include "config.h"

#include <glib/gi18n.h>
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

void
cs_cli_error (const char *verb,
              const char *format,
              ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: "cyclescope record: <error message>" */
  g_printerr (_("cyclescope %s: %s\n"), verb, msg);
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

void
cs_cli_append_padded (GString    *out,
                      const char *text,
                      guint       width)
{
  glong n = g_utf8_strlen (text, -1);

  g_string_append (out, text);
  for (glong i = n; i < (glong) width; i++)
    g_string_append_c (out, ' ');
}
