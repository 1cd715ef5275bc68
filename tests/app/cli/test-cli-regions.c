/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-regions.c — a report of 20 000 regions, every one right
 *
 * argv[1]: the cyclescope binary. A session of the software model with two
 * runs of 20 000 regions: region k has task_clock (the cycles alias)
 * 1000 + k in both runs and page_faults k, then k + 1, and was entered
 * k + 1 times in the first run. `report --format json` must list every
 * region once, in order, with those calls and page_faults k + 0.5 (the
 * mean, the region's cycles being equal in both runs). Reading the regions
 * once per region made this report take seconds; bench/bench-session
 * prints how long it takes beside its size. The report is written as it
 * is computed, not as a json-c tree: json-c printing the parsed report
 * with the report's flags must give the same text back.
 */
#include "config.h"

#include <json-c/json.h>
#include <string.h>

#include "cs-test-watchdog.h"
#include "cs-test-json.h"

#define N_REGIONS 20000

static const char *cyclescope;

static char *
session_json (void)
{
  GString *s = g_string_new ("{ \"format\": 1, \"host\": {}, \"command\": { \"argv\": [\"./r\"] },\n"
                             "  \"model\": \"software\", \"cycles_alias\": \"task_clock\",\n"
                             "  \"runs\": [\n");

  for (guint r = 0; r < 2; r++)
    {
      g_string_append_printf (s, "%s    { \"counts\": [ { \"name\": \"task_clock\", \"value\": 2000000000, "
                              "\"time_enabled\": 1, \"time_running\": 1 } ], \"regions\": [\n",
                              r > 0 ? ",\n" : "");
      for (guint k = 0; k < N_REGIONS; k++)
        g_string_append_printf (s, "%s      { \"name\": \"R%u\", \"calls\": %u, \"counts\": ["
                                " { \"name\": \"task_clock\", \"value\": %u, \"time_enabled\": 1, \"time_running\": 1 },"
                                " { \"name\": \"page_faults\", \"value\": %u, \"time_enabled\": 1, \"time_running\": 1 } ] }",
                                k > 0 ? ",\n" : "", k, k + 1 + r, 1000 + k, k + r);
      g_string_append (s, " ] }");
    }
  g_string_append (s, " ] }\n");
  return g_string_free (s, FALSE);
}

static double
count_value (json_object *scope,
             const char  *name)
{
  json_object *counts, *n, *v;

  g_assert_true (json_object_object_get_ex (scope, "counts", &counts));
  for (size_t i = 0; i < json_object_array_length (counts); i++)
    {
      json_object *c = json_object_array_get_idx (counts, i);

      g_assert_true (json_object_object_get_ex (c, "name", &n));
      if (strcmp (json_object_get_string (n), name) != 0)
        continue;
      g_assert_true (json_object_object_get_ex (c, "value", &v));
      return json_object_get_double (v);
    }
  g_error ("no count %s", name);
}

static void
test_regions (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "regions.cyclescope", NULL);
  g_autofree char *json = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *text = session_json ();
  const char *argv[] = { cyclescope, "report", "--format", "json", bundle, NULL };
  g_auto(CsTestOutput) r = { NULL, };
  json_object *root, *scopes;
  const char *again;

  g_assert_cmpint (g_mkdir (bundle, 0755), ==, 0);
  g_assert_true (g_file_set_contents (json, text, -1, NULL));
  r = cs_test_output_watched (argv, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "scopes", &scopes));
  /* The whole program, then each region. */
  g_assert_cmpuint (json_object_array_length (scopes), ==, N_REGIONS + 1);
  for (guint k = 0; k < N_REGIONS; k++)
    {
      json_object *scope = json_object_array_get_idx (scopes, k + 1);
      json_object *region, *calls;
      g_autofree char *name = g_strdup_printf ("R%u", k);

      g_assert_true (json_object_object_get_ex (scope, "region", &region));
      g_assert_cmpstr (json_object_get_string (region), ==, name);
      g_assert_true (json_object_object_get_ex (scope, "calls", &calls));
      g_assert_cmpint (json_object_get_int64 (calls), ==, k + 1);
      g_assert_cmpfloat_with_epsilon (count_value (scope, "page_faults"), k + 0.5, 1e-9);
    }
  /* The layout json-c gives (numbers keep their text when parsed); 150 MB
   * are compared without printing them. */
  again = json_object_to_json_string_ext (root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                JSON_C_TO_STRING_NOSLASHESCAPE);
  g_strchomp (r.out);
  g_assert_cmpuint (strlen (again), ==, strlen (r.out));
  g_assert_true (strcmp (again, r.out) == 0);
  json_object_put (root);
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);
  g_test_add_func ("/cli-regions/20000", test_regions);
  return g_test_run ();
}
