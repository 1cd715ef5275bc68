/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-charts.c — `report` and `export` show the viewer's charts and
 * warnings
 *
 *   test-cli-charts CYCLESCOPE   (meson passes it)
 *
 * On tests/fixtures/perf-cpu-clock.data (recorded by perf, cpu-clock only):
 * `export --chart list` and `report --format json` name the same charts in
 * the same order, "samples-by-module" first; its parts are perf's own
 * per-DSO overhead (`perf report --sort dso`, when perf is installed); a
 * chart that needs counting runs is refused by name; the PNG has the
 * requested size. On the hand-written bundles: the report's warnings are
 * stated from the session's facts — in German under LANGUAGE=de, checked
 * against po/de.po — and the sentence recorded in the nehalem bundle's
 * session.json (read with json-c) is printed unchanged under Details.
 */
#include "config.h"

#include <cairo.h>
#include <json.h>
#include <math.h>

#include "cs-test-po.h"
#include "cs-test-util.h"
#include "cs-test-json.h"

#define NO_PMU "No hardware PMU on the recording host: software events only."

static const char *cyclescope;
static char *perf;
static char *tmpdir;

static char *
fixture (const char *name)
{
  return g_build_filename (CS_TEST_SRCDIR, "fixtures", name, NULL);
}

/* Runs cyclescope with @args (NULL-terminated) in @language (NULL: English). */
static CsTestOutput
run (const char  *language,
     const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();

  g_ptr_array_add (argv, (char *) cyclescope);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANG");
  envp = language != NULL ? g_environ_setenv (envp, "LANGUAGE", language, TRUE)
                          : g_environ_unsetenv (envp, "LANGUAGE");
  envp = g_environ_setenv (envp, "CYCLESCOPE_LOCALEDIR", CS_BUILD_LOCALEDIR, TRUE);
  return cs_test_output ((const char * const *) argv->pdata, (const char * const *) envp);
}

static void
test_perf_data_charts (void)
{
  g_autofree char *data = fixture ("perf-cpu-clock.data");
  g_autofree char *png = g_build_filename (tmpdir, "charts.png", NULL);
  const char *list_args[] = { "export", data, "--chart", "list", NULL };
  const char *json_args[] = { "report", data, "--format", "json", NULL };
  const char *text_args[] = { "report", data, NULL };
  const char *hidden_args[] = { "export", data, "--chart", "cpu-time", "--png", png, NULL };
  const char *png_args[] = { "export", data, "--chart", "all", "--png", png, "--size", "640x360", NULL };
  g_auto(CsTestOutput) list = run (NULL, list_args);
  g_auto(CsTestOutput) report = run (NULL, json_args);
  g_auto(CsTestOutput) text = run (NULL, text_args);
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;
  json_object *root, *charts, *parts;
  cairo_surface_t *surface;

  g_assert_cmpint (cs_test_output_exit_code (&list), ==, 0);
  lines = g_strsplit (list.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " ", 2);

      if (f[0] != NULL && f[0][0] != '\0')
        g_ptr_array_add (listed, g_strdup (f[0]));
    }
  /* The model's charts all need counts: the note goes to stderr. */
  g_assert_nonnull (strstr (list.err, "need counting runs"));

  g_assert_cmpint (cs_test_output_exit_code (&report), ==, 0);
  root = cs_test_json_parse (report.out);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "charts", &charts));
  /* The same charts in the same order. */
  g_assert_cmpuint (json_object_array_length (charts), ==, listed->len);
  for (guint i = 0; i < listed->len; i++)
    g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (charts, i), "id")),
                     ==, g_ptr_array_index (listed, i));
  g_assert_cmpstr (g_ptr_array_index (listed, 0), ==, "samples-by-module");
  parts = json_object_object_get (json_object_array_get_idx (charts, 0), "parts");
  g_assert_cmpuint (json_object_array_length (parts), ==, 2);
  for (guint i = 0; i < json_object_array_length (parts); i++)
    g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (parts, i), "provenance")),
                     ==, "estimated");
  if (perf != NULL)
    {
      const char *argv[] = { perf, "report", "-i", data, "--stdio", "-q", "--sort", "dso", "-F", "overhead,dso",
                             "-g", "none", "--no-children", NULL };
      g_autofree char *err = NULL;
      g_autofree char *out = NULL;
      int status = 0;

      out = cs_test_run (argv, &err, &status);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      for (guint i = 0; i < json_object_array_length (parts); i++)
        {
          json_object *part = json_object_array_get_idx (parts, i);
          const char *dso = json_object_get_string (json_object_object_get (part, "title"));
          g_autofree char *line = g_strdup_printf ("%.2f%%  %s", 100 * json_object_get_double (json_object_object_get (part, "share")), dso);

          g_test_message ("expecting perf's line “%s”", line);
          g_assert_nonnull (strstr (out, line));
        }
    }
  json_object_put (root);

  /* The text report says the same, before the sample tables. */
  g_assert_cmpint (cs_test_output_exit_code (&text), ==, 0);
  g_assert_true (g_str_has_prefix (text.out, "Charts\n"));
  g_assert_nonnull (strstr (text.out, "BAR  Samples by module"));
  g_assert_true (strstr (text.out, "need counting runs") < strstr (text.out, "# Samples of"));

  /* A model chart without values is refused by name, with the reason. */
  {
    g_auto(CsTestOutput) hidden = run (NULL, hidden_args);

    g_assert_cmpint (cs_test_output_exit_code (&hidden), ==, 1);
    g_assert_nonnull (strstr (hidden.err, "cpu-time"));
    g_assert_nonnull (strstr (hidden.err, "counting runs"));
  }
  /* And the exporter draws the perf.data's charts. */
  {
    g_auto(CsTestOutput) out = run (NULL, png_args);

    g_assert_cmpint (cs_test_output_exit_code (&out), ==, 0);
    surface = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 640);
    g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 360);
    cairo_surface_destroy (surface);
  }
}

static void
test_report_warnings (void)
{
  g_autofree char *po = cs_test_source_path ("po/de.po");
  g_autoptr(GHashTable) de = cs_test_po_load (po);
  g_autofree char *software = fixture ("software-counts.cyclescope");
  g_autofree char *nehalem = fixture ("nehalem-counts.cyclescope");
  g_autofree char *session_json = g_build_filename (nehalem, "session.json", NULL);
  const char *software_args[] = { "report", software, NULL };
  const char *nehalem_args[] = { "report", nehalem, NULL };
  const char *nehalem_json_args[] = { "report", nehalem, "--format", "json", NULL };
  g_auto(CsTestOutput) english = run (NULL, software_args);
  g_auto(CsTestOutput) german = run ("de", software_args);
  g_auto(CsTestOutput) recorded = run ("de", nehalem_args);
  g_auto(CsTestOutput) recorded_json = run (NULL, nehalem_json_args);
  const char *translated = cs_test_po_lookup (de, NO_PMU);
  json_object *session = json_object_from_file (session_json);
  json_object *report, *warnings = NULL, *details = NULL;
  const char *sentence;

  /* software-counts: "pmu": null. */
  g_assert_cmpint (cs_test_output_exit_code (&english), ==, 0);
  g_assert_nonnull (strstr (english.out, NO_PMU));
  g_assert_cmpint (cs_test_output_exit_code (&german), ==, 0);
  g_assert_nonnull (translated);
  g_assert_cmpstr (translated, !=, NO_PMU);
  g_assert_nonnull (strstr (german.out, translated));
  g_assert_null (strstr (german.out, NO_PMU));

  /* nehalem-counts recorded one English sentence: under Details, verbatim,
   * even in the German report, and not as a warning. */
  g_assert_nonnull (session);
  sentence = json_object_get_string (json_object_array_get_idx (json_object_object_get (session, "warnings"), 0));
  g_assert_nonnull (sentence);
  g_assert_cmpint (cs_test_output_exit_code (&recorded), ==, 0);
  g_assert_nonnull (strstr (recorded.out, sentence));
  g_assert_true (strstr (recorded.out, sentence) > strstr (recorded.out, "\nDetails\n"));
  g_assert_cmpint (cs_test_output_exit_code (&recorded_json), ==, 0);
  report = cs_test_json_parse (recorded_json.out);
  g_assert_nonnull (report);
  g_assert_true (json_object_object_get_ex (report, "warnings", &warnings));
  g_assert_true (json_object_object_get_ex (report, "warning_details", &details));
  g_assert_cmpuint (json_object_array_length (details), ==, 1);
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (details, 0)), ==, sentence);
  /* Its facts: an unscheduled group and multiplexed counts. */
  g_assert_cmpuint (json_object_array_length (warnings), >=, 1);
  for (guint i = 0; i < json_object_array_length (warnings); i++)
    g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (warnings, i)), !=, sentence);
  json_object_put (report);
  json_object_put (session);
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);
  perf = cs_test_find_perf ();
  g_test_add_func ("/cli-charts/perf-data", test_perf_data_charts);
  g_test_add_func ("/cli-charts/report-warnings", test_report_warnings);
  return cs_test_run_with_tmpdir (&tmpdir);
}
