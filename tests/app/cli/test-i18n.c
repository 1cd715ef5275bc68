/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-i18n.c — the command line speaks German under LANGUAGE=de
 *
 * Runs the real app/cli/cyclescope (argv[1]) once in English and once with
 * LC_ALL=C.UTF-8 LANGUAGE=de and the build tree's catalogues. Expected German
 * text is read from po/de.po by the test's own parser (cs-test-po.h); the
 * English texts to look for come from the English run and from the model
 * file (json-c), never from the code that prints them.
 */
#include "config.h"

#include <json.h>

#include "cs-test-po.h"
#include "cs-test-util.h"

static const char *cyclescope;
static GHashTable *de;

/* Runs cyclescope with @args in English (@language NULL) or @language. */
static char *
run_cyclescope (const char  *language,
                const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) cyclescope);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  /* glibc ignores LANGUAGE in the "C" locale but honours it in C.UTF-8,
   * which every Debian system has: no German locale needs to be installed. */
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANG");
  if (language != NULL)
    envp = g_environ_setenv (envp, "LANGUAGE", language, TRUE);
  else
    envp = g_environ_unsetenv (envp, "LANGUAGE");
  envp = g_environ_setenv (envp, "CYCLESCOPE_LOCALEDIR", CS_BUILD_LOCALEDIR, TRUE);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("cyclescope %s failed (LANGUAGE=%s): %s", args[0], language ? language : "", err);
  return out;
}

/* The pieces of @text a catalogue entry can print whole: each line, and
 * each column of a line (columns are separated by two or more spaces, as in
 * `--help` listings). A substring test would also match "Export charts"
 * inside "Export charts as PNG, SVG or PDF", whose German differs. */
static GHashTable *
text_pieces (const char *text)
{
  GHashTable *pieces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GRegex) columns = g_regex_new (" {2,}", 0, 0, NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_regex_split (columns, lines[i], 0);

      g_hash_table_add (pieces, g_strstrip (g_strdup (lines[i])));
      for (guint j = 0; parts[j] != NULL; j++)
        g_hash_table_add (pieces, g_strstrip (g_strdup (parts[j])));
    }
  return pieces;
}

/* Every catalogue entry that the English run printed whole must appear
 * translated in the German run; at least @min_matches of them. */
static void
check_translated (const char  *english,
                  const char  *german,
                  guint        min_matches)
{
  g_autoptr(GHashTable) pieces = text_pieces (english);
  GHashTableIter iter;
  gpointer key, value;
  guint matches = 0;

  g_hash_table_iter_init (&iter, de);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *msgid = key, *msgstr = value;

      /* Format strings are printed filled in; trailing newlines are not
       * part of a line. */
      if (strchr (msgid, '%') != NULL || strchr (msgid, '\n') != NULL ||
          !g_hash_table_contains (pieces, msgid))
        continue;
      if (strstr (german, msgstr) == NULL)
        g_error ("the English output shows “%s”, but the German output lacks its translation “%s”:\n%s",
                 msgid, msgstr, german);
      matches++;
    }
  g_test_message ("%u translated texts found", matches);
  g_assert_cmpuint (matches, >=, min_matches);
  g_assert_cmpstr (english, !=, german);
}

static void
test_help (void)
{
  const char *args[] = { "--help", NULL };
  g_autofree char *english = run_cyclescope (NULL, args);
  g_autofree char *german = run_cyclescope ("de", args);

  /* usage line, description, "Verbs:", six verb summaries, the hint */
  check_translated (english, german, 8);
  /* Verb names stay as they are: they are what the user types. */
  g_assert_nonnull (strstr (german, "  record "));
  g_assert_nonnull (strstr (german, "  report "));
}

static void
test_verb_help (void)
{
  const char *args[] = { "report", "--help", NULL };
  g_autofree char *english = run_cyclescope (NULL, args);
  g_autofree char *german = run_cyclescope ("de", args);

  /* GOption output: the summary and the option descriptions */
  check_translated (english, german, 4);
  g_assert_nonnull (strstr (german, "--format"));
}

/* The chart titles of the fixture's model, in file order, read from
 * data/models/intel-core2.json with json-c. */
static GPtrArray *
model_chart_titles (const char *model_id)
{
  g_autofree char *name = g_strconcat (model_id, ".json", NULL);
  g_autofree char *path = g_build_filename (CS_SOURCE_ROOT, "data", "models", name, NULL);
  json_object *root = json_object_from_file (path);
  json_object *charts;
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "charts", &charts));
  for (size_t i = 0; i < json_object_array_length (charts); i++)
    {
      json_object *title;

      g_assert_true (json_object_object_get_ex (json_object_array_get_idx (charts, i), "title", &title));
      g_ptr_array_add (titles, g_strdup (json_object_get_string (title)));
    }
  json_object_put (root);
  return titles;
}

static void
test_report_charts (void)
{
  g_autofree char *bundle = g_build_filename (CS_TEST_SRCDIR, "fixtures", "core2-counts.cyclescope", NULL);
  const char *args[] = { "report", bundle, NULL };
  g_autofree char *english = run_cyclescope (NULL, args);
  g_autofree char *german = run_cyclescope ("de", args);
  g_autoptr(GPtrArray) titles = model_chart_titles ("intel-core2");

  guint n_changed = 0;

  g_assert_cmpuint (titles->len, >, 0);
  for (guint i = 0; i < titles->len; i++)
    {
      const char *title = g_ptr_array_index (titles, i);
      const char *translated = cs_test_po_lookup (de, title);

      g_assert_nonnull (strstr (english, title));
      if (strstr (german, translated) == NULL)
        g_error ("the German report lacks the chart title “%s” (“%s”):\n%s", translated, title, german);
      /* "CPI" stays "CPI"; the others must really change. */
      if (g_strcmp0 (translated, title) != 0)
        {
          g_assert_null (strstr (german, title));
          n_changed++;
        }
    }
  g_assert_cmpuint (n_changed, >=, titles->len / 2);
  /* The report's own headings come from the C code's catalogue. */
  g_assert_nonnull (strstr (german, cs_test_po_lookup (de, "Charts")));
  g_assert_nonnull (strstr (german, cs_test_po_lookup (de, "Whole program")));
  /* Identifiers stay English: the model id and metric names are what the
   * CLI and formulas refer to. */
  g_assert_nonnull (strstr (german, "intel-core2"));
  g_assert_nonnull (strstr (german, "StalledCycles"));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *po = g_build_filename (CS_SOURCE_ROOT, "po", "de.po", NULL);
  int status;

  cyclescope = cs_test_init_cli (&argc, &argv);
  de = cs_test_po_load (po);
  /* A sanity check of the parser on the catalogue itself. */
  g_assert_cmpuint (g_hash_table_size (de), >, 100);

  g_test_add_func ("/i18n/cli/help", test_help);
  g_test_add_func ("/i18n/cli/verb-help", test_verb_help);
  g_test_add_func ("/i18n/cli/report-charts", test_report_charts);
  status = g_test_run ();
  g_hash_table_unref (de);
  return status;
}
