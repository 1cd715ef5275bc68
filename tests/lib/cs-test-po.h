/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-po.h — reads a gettext .po file for the translation tests (header only)
 *
 * The German tests compare what the program prints with the translations in
 * po/de.po, read here with a small parser of their own: expected strings come
 * from the catalogue the translators wrote, never from the code under test.
 */
#pragma once

#include <glib.h>
#include <string.h>

/* Appends the C-escaped text between the quotes of @line to @out. */
static inline gboolean
cs_test_po_append_quoted (GString    *out,
                          const char *line)
{
  const char *p = strchr (line, '"');
  const char *end = strrchr (line, '"');

  if (p == NULL || end == p)
    return FALSE;
  for (p++; p < end; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }
      switch (*++p)
        {
        case 'n':  g_string_append_c (out, '\n'); break;
        case 't':  g_string_append_c (out, '\t'); break;
        case '"':  g_string_append_c (out, '"'); break;
        case '\\': g_string_append_c (out, '\\'); break;
        default:   g_string_append_c (out, '\\'); g_string_append_c (out, *p); break;
        }
    }
  return TRUE;
}

typedef enum { PO_NONE, PO_CTXT, PO_ID, PO_PLURAL, PO_STR, PO_STR_N } CsTestPoField;

/* msgid → msgstr of every translated, non-fuzzy, singular entry without a
 * context. Plural entries and the header are left out. */
static inline GHashTable *
cs_test_po_load (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GString) ctxt = g_string_new (NULL);
  g_autoptr(GString) id = g_string_new (NULL);
  g_autoptr(GString) str = g_string_new (NULL);
  gboolean fuzzy = FALSE, plural = FALSE, has_ctxt = FALSE, has_id = FALSE;
  CsTestPoField field = PO_NONE;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; ; i++)
    {
      const char *line = lines[i];

      /* A blank line (or the end) closes an entry. */
      if (line == NULL || *line == '\0')
        {
          if (has_id && id->len > 0 && str->len > 0 && !fuzzy && !plural && !has_ctxt)
            g_hash_table_replace (table, g_strdup (id->str), g_strdup (str->str));
          g_string_truncate (ctxt, 0);
          g_string_truncate (id, 0);
          g_string_truncate (str, 0);
          fuzzy = plural = has_ctxt = has_id = FALSE;
          field = PO_NONE;
          if (line == NULL)
            break;
          continue;
        }
      if (g_str_has_prefix (line, "#,"))
        fuzzy = fuzzy || strstr (line, "fuzzy") != NULL;
      else if (line[0] == '#')
        continue;    /* comments, references, obsolete entries */
      else if (g_str_has_prefix (line, "msgctxt "))
        field = PO_CTXT, has_ctxt = TRUE, cs_test_po_append_quoted (ctxt, line);
      else if (g_str_has_prefix (line, "msgid_plural "))
        field = PO_PLURAL, plural = TRUE;
      else if (g_str_has_prefix (line, "msgid "))
        field = PO_ID, has_id = TRUE, cs_test_po_append_quoted (id, line);
      else if (g_str_has_prefix (line, "msgstr["))
        field = PO_STR_N;
      else if (g_str_has_prefix (line, "msgstr "))
        field = PO_STR, cs_test_po_append_quoted (str, line);
      else if (line[0] == '"')
        {
          if (field == PO_ID)
            cs_test_po_append_quoted (id, line);
          else if (field == PO_STR)
            cs_test_po_append_quoted (str, line);
          else if (field == PO_CTXT)
            cs_test_po_append_quoted (ctxt, line);
        }
    }
  return table;
}

/* The translation of @msgid in @table; fails the test when it has none, so
 * that a check never silently compares English with English. */
static inline const char *
cs_test_po_lookup (GHashTable *table,
                   const char *msgid)
{
  const char *msgstr = g_hash_table_lookup (table, msgid);

  if (msgstr == NULL)
    g_error ("po/de.po has no translation of “%s”", msgid);
  return msgstr;
}
