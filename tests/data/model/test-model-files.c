/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model-files.c — every bundled model loads and is consistent; broken
 * model files give errors that name the file and the JSON path; the
 * registry keeps going past broken files
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-evaluation.h"
#include "cs-model-registry.h"
#include "cs-test-model.h"

static const char * const bundled[] = {
  "amd-zen4-pipeline", "generic", "gooda-tree", "intel-core2", "intel-nehalem",
  "intel-tma-skl", "intel-topdown-metrics", "software", NULL,
};

static void
check_model (CsModel *model)
{
  const char * const *columns;

  g_assert_true (cs_model_check (model, NULL));
  g_assert_nonnull (cs_model_get_name (model));
  g_assert_nonnull (cs_model_get_description (model));
  g_assert_nonnull (cs_model_get_source (model));
  g_assert_nonnull (cs_model_get_pmus (model)[0]);
  g_assert_nonnull (cs_model_find_event (model, cs_model_get_cycles_alias (model)));
  if (cs_model_get_sample_alias (model))
    g_assert_nonnull (cs_model_find_event (model, cs_model_get_sample_alias (model)));
  g_assert_cmpuint (cs_model_get_n_events (model), >, 0);
  g_assert_cmpuint (cs_model_get_n_metrics (model), >, 0);
  g_assert_cmpuint (cs_model_get_n_charts (model), >, 0);

  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *e = cs_model_get_event (model, i);

      g_assert_true (e->event != NULL && *e->event);
      g_assert_true (e->description != NULL && *e->description);
      g_assert_true (cs_model_find_event (model, e->alias) == e);
      for (guint p = 0; e->pmus && e->pmus[p]; p++)
        g_assert_true (cs_model_applies_to_pmu (model, e->pmus[p]));
    }
  for (guint i = 0; i < cs_model_get_n_metrics (model); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (model, i);
      g_autoptr(GPtrArray) ids = cs_expr_get_identifiers (m->expr);

      g_assert_true (m->description != NULL && *m->description);
      g_assert_nonnull (m->unit);
      g_assert_cmpint (m->level, >=, 1);
      for (guint k = 0; k < ids->len; k++)
        g_assert_cmpint (cs_model_lookup_name (model, g_ptr_array_index (ids, k), NULL), !=, CS_MODEL_NAME_NONE);
    }
  for (guint i = 0; i < cs_model_get_n_charts (model); i++)
    {
      const CsModelChart *c = cs_model_get_chart (model, i);

      g_assert_true (cs_model_find_chart (model, c->id) == c);
      g_assert_true (c->description != NULL && *c->description);
      if (c->kind == CS_CHART_BAR)
        {
          g_assert_cmpuint (g_strv_length (c->parts), >=, 2);
          for (guint p = 0; c->parts[p]; p++)
            g_assert_nonnull (cs_model_find_metric (model, c->parts[p]));
        }
      else
        {
          g_assert_nonnull (cs_model_find_metric (model, c->metric));
          g_assert_cmpfloat (c->low, <=, c->medium);
          g_assert_cmpfloat (c->medium, <=, c->high);
          g_assert_true (c->sentence_low && c->sentence_medium && c->sentence_high);
        }
    }
  columns = cs_model_get_table_columns (model);
  g_assert_nonnull (columns[0]);
  for (guint i = 0; columns[i]; i++)
    g_assert_nonnull (cs_model_find_metric (model, columns[i]));

  /* Evaluating on no counts at all must not fail (everything is "—"). */
  {
    g_autoptr(GError) error = NULL;
    G_GNUC_UNUSED g_autoptr(CsEvaluation) ev = cs_evaluation_new (model, NULL, NULL, &error);

    g_assert_no_error (error);
  }
}

static void
test_bundled (void)
{
  g_autofree char *dir = cs_test_source_path ("data/models");
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *id = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(CsModel) model = NULL;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (dir, name, NULL);
      model = cs_model_new_from_file (path, &error);
      g_assert_no_error (error);
      /* The file is named after the model id. */
      id = g_strndup (name, strlen (name) - 5);
      g_assert_cmpstr (cs_model_get_id (model), ==, id);
      g_assert_true (g_strv_contains (bundled, id));
      check_model (model);
      n++;
    }
  g_assert_cmpuint (n, ==, g_strv_length ((char **) bundled));
}

/* Kruse's lists, by name, as libpfm4 spells them: the
 * model must count each of them (as its event or an alternative). */
static void
assert_has_events (CsModel            *model,
                   const char * const *names)
{
  for (guint i = 0; names[i]; i++)
    {
      gboolean found = FALSE;

      for (guint k = 0; k < cs_model_get_n_events (model) && !found; k++)
        {
          const CsModelEvent *e = cs_model_get_event (model, k);

          found = g_ascii_strcasecmp (e->event, names[i]) == 0 ||
                  (e->alternatives && g_strv_contains ((const char * const *) e->alternatives, names[i]));
        }
      if (!found)
        g_error ("%s: Kruse's event %s is missing", cs_model_get_id (model), names[i]);
    }
}

static void
test_seed_lists (void)
{
  /* Kruse, CMSSW Performance Monitoring, 2011, §6.1: 17 events and 8 constants. */
  static const char * const core_events[] = {
    "BRANCH_INSTRUCTIONS_RETIRED", "ILD_STALL", "INST_RETIRED:LOADS", "INST_RETIRED:OTHER",
    "INST_RETIRED:STORES", "INSTRUCTIONS_RETIRED", "LOAD_BLOCK:OVERLAP_STORE", "LOAD_BLOCK:STA",
    "LOAD_BLOCK:UNTIL_RETIRE", "MEM_LOAD_RETIRED:DTLB_MISS", "MEM_LOAD_RETIRED:L1D_LINE_MISS",
    "MEM_LOAD_RETIRED:L2_LINE_MISS", "MISPREDICTED_BRANCH_RETIRED", "RS_UOPS_DISPATCHED",
    "RS_UOPS_DISPATCHED:c=1:i=1", "SIMD_COMP_INST_RETIRED:PACKED_SINGLE:PACKED_DOUBLE",
    "UNHALTED_CORE_CYCLES", NULL,
  };
  static const struct { const char *name; double value; } core_constants[] = {
    { "CORE_L2_MISS_CYCLES", 200 }, { "CORE_L2_HIT_CYCLES", 14.5 }, { "CORE_L1_DTLB_MISS_CYCLES", 10 },
    { "CORE_LCP_STALL_CYCLES", 6 }, { "CORE_UNKNOWN_ADDR_STORE_CYCLES", 5 }, { "CORE_OVERLAPPING_CYCLES", 6 },
    { "CORE_SPAN_ACROSS_CACHE_LINE_CYCLES", 20 }, { "EXPECTED_CPI", 0.25 },
  };
  /* Kruse, CMSSW Performance Monitoring, 2011, §6.2: 41 events (UOPS_DECODED:MS
   * CMASK=1, UOPS_ISSUED:ANY CMASK=1 INV=1 and UOPS_EXECUTED:0x3f as core stall
   * cycles spelt out). */
  static const char * const nhm_events[] = {
    "ARITH:CYCLES_DIV_BUSY", "BR_INST_EXEC:ANY", "BR_INST_EXEC:DIRECT_NEAR_CALL",
    "BR_INST_EXEC:INDIRECT_NEAR_CALL", "BR_INST_EXEC:INDIRECT_NON_CALL", "BR_INST_EXEC:NEAR_CALLS",
    "BR_INST_EXEC:NON_CALLS", "BR_INST_EXEC:RETURN_NEAR", "BR_INST_RETIRED:ALL_BRANCHES",
    "BR_INST_RETIRED:CONDITIONAL", "BR_INST_RETIRED:NEAR_CALL", "BR_MISP_EXEC:ANY",
    "CPU_CLK_UNHALTED:THREAD_P", "DTLB_LOAD_MISSES:WALK_COMPLETED", "INST_RETIRED:ANY_P",
    "ITLB_MISSES:WALK_COMPLETED", "L2_RQSTS:IFETCH_HIT", "L2_RQSTS:IFETCH_MISS",
    "MEM_INST_RETIRED:LOADS", "MEM_INST_RETIRED:STORES", "MEM_LOAD_RETIRED:L2_HIT",
    "MEM_LOAD_RETIRED:L3_MISS", "MEM_LOAD_RETIRED:L3_UNSHARED_HIT",
    "MEM_LOAD_RETIRED:OTHER_CORE_L2_HIT_HITM", "MEM_UNCORE_RETIRED:LOCAL_DRAM",
    "MEM_UNCORE_RETIRED:OTHER_CORE_L2_HITM", "MEM_UNCORE_RETIRED:REMOTE_CACHE_LOCAL_HOME_HIT",
    "MEM_UNCORE_RETIRED:REMOTE_DRAM", "OFFCORE_RESPONSE_0:DMND_IFETCH:LOCAL_DRAM",
    "OFFCORE_RESPONSE_0:DMND_IFETCH:OTHER_CORE_HITM", "OFFCORE_RESPONSE_0:DMND_IFETCH:OTHER_CORE_HIT_SNP",
    "OFFCORE_RESPONSE_0:DMND_IFETCH:REMOTE_CACHE_FWD", "OFFCORE_RESPONSE_0:DMND_IFETCH:REMOTE_DRAM",
    "OFFCORE_RESPONSE_0:DMND_IFETCH:UNCORE_HIT", "RESOURCE_STALLS:ANY",
    "SSEX_UOPS_RETIRED:PACKED_DOUBLE", "SSEX_UOPS_RETIRED:PACKED_SINGLE", "UOPS_DECODED:MS:c=1",
    "UOPS_ISSUED:ANY:c=1:i=1", "ITLB_MISS_RETIRED", "UOPS_EXECUTED:0x3f:c=1:i=1:t=1", NULL,
  };
  g_autoptr(CsModel) core = cs_test_load_model ("intel-core2");
  g_autoptr(CsModel) nhm = cs_test_load_model ("intel-nehalem");

  g_assert_cmpuint (g_strv_length ((char **) core_events), ==, 17);
  g_assert_cmpuint (g_strv_length ((char **) nhm_events), ==, 41);
  assert_has_events (core, core_events);
  assert_has_events (nhm, nhm_events);
  g_assert_cmpuint (cs_model_get_n_constants (core), ==, G_N_ELEMENTS (core_constants));
  for (guint i = 0; i < G_N_ELEMENTS (core_constants); i++)
    {
      guint index;

      g_assert_cmpint (cs_model_lookup_name (core, core_constants[i].name, &index), ==, CS_MODEL_NAME_CONSTANT);
      g_assert_cmpfloat (cs_model_get_constant (core, index)->value, ==, core_constants[i].value);
    }
  /* MEM_LOAD_RETIRED can only use counter 0 on Core 2. */
  for (guint i = 0; i < cs_model_get_n_events (core); i++)
    {
      const CsModelEvent *e = cs_model_get_event (core, i);

      if (g_str_has_prefix (e->event, "MEM_LOAD_RETIRED:"))
        g_assert_cmpstr (e->constraint, ==, "pmc0");
    }
  g_assert_cmpuint (cs_model_get_n_constants (nhm), ==, 17);
}

/* ---- malformed files --------------------------------------------------- */

static const char *valid_json =
  "{\n"
  "  \"format\": 1,\n"
  "  \"id\": \"m\",\n"
  "  \"name\": \"M\",\n"
  "  \"pmus\": [\"core\", \"nhm\"],\n"
  "  \"cycles\": \"cyc\",\n"
  "  \"events\": [ { \"alias\": \"cyc\", \"event\": \"UNHALTED_CORE_CYCLES\", \"constraint\": \"pmc0\", \"pmus\": [\"core\"] },\n"
  "              { \"alias\": \"ins\", \"event\": \"INSTRUCTIONS_RETIRED\" } ],\n"
  "  \"constants\": [ { \"name\": \"K\", \"value\": 2 } ],\n"
  "  \"metrics\": [ { \"name\": \"CPI\", \"formula\": \"cyc / ins\", \"unit\": \"ratio\" },\n"
  "               { \"name\": \"Twice\", \"formula\": \"CPI * K\" } ],\n"
  "  \"charts\": [ { \"id\": \"b\", \"kind\": \"bar\", \"title\": \"B\", \"parts\": [\"CPI\", \"Twice\"] },\n"
  "              { \"id\": \"r\", \"kind\": \"ref\", \"title\": \"R\", \"metric\": \"CPI\", \"low\": 0, \"medium\": 1, \"high\": 2,\n"
  "                \"sentences\": { \"low\": \"l\", \"medium\": \"m\", \"high\": \"h\" } } ],\n"
  "  \"table_columns\": [\"CPI\"]\n"
  "}\n";

static void
assert_broken (const char *old,
               const char *replacement,
               int         code,
               const char *message)
{
  GString *json = g_string_new (valid_json);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = NULL;

  g_assert_cmpuint (g_string_replace (json, old, replacement, 1), ==, 1);
  model = cs_model_new_from_data (json->str, json->len, "/some/dir/broken.json", &error);
  g_string_free (json, TRUE);
  g_assert_null (model);
  g_assert_error (error, CS_DATA_ERROR, code);
  if (!g_str_has_prefix (error->message, message))
    g_error ("expected “%s…”, got “%s”", message, error->message);
}

static void
test_valid_template (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = cs_model_new_from_data (valid_json, -1, "m.json", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (cs_model_get_filename (model), ==, "m.json");
  g_assert_true (cs_model_applies_to_pmu (model, "nhm"));
  g_assert_false (cs_model_applies_to_pmu (model, "skl"));
  g_assert_null (cs_model_get_sample_alias (model));
  g_assert_true (cs_model_event_applies_to_pmu (cs_model_find_event (model, "cyc"), "core"));
  g_assert_false (cs_model_event_applies_to_pmu (cs_model_find_event (model, "cyc"), "nhm"));
  g_assert_true (cs_model_event_applies_to_pmu (cs_model_find_event (model, "ins"), "nhm"));
  g_assert_cmpstr (cs_model_find_metric (model, "Twice")->title, ==, "Twice");   /* title defaults to name */
}

static void
test_malformed (void)
{
  /* JSON syntax: the missing comma is found at the start of line 4. */
  assert_broken ("\"m\",\n", "\"m\"\n", CS_DATA_ERROR_PARSE, "broken.json: line 4, column 3: not valid JSON");
  /* Truncated file: the 25 characters of line 15 end at column 26. */
  assert_broken ("  \"table_columns\": [\"CPI\"]\n}\n", "  \"table_columns\": [\"CPI\"", CS_DATA_ERROR_PARSE,
                 "broken.json: line 15, column 26: not valid JSON (the file ends too early)");
  /* Something after the object: a second "}" on line 17. */
  assert_broken ("[\"CPI\"]\n}\n", "[\"CPI\"]\n}\n}\n", CS_DATA_ERROR_PARSE, "broken.json: line 17, column 1: not valid JSON (unexpected character)");
  /* Version. */
  assert_broken ("\"format\": 1", "\"format\": 7", CS_DATA_ERROR_VERSION, "broken.json: format: version 7 is not supported");
  assert_broken ("\"format\": 1,", "", CS_DATA_ERROR_INVALID, "broken.json: format: missing; expected the format version, 1");
  /* Missing field, wrong type. */
  assert_broken ("\"name\": \"M\",", "", CS_DATA_ERROR_INVALID, "broken.json: name: missing; expected a string");
  assert_broken ("\"pmus\": [\"core\", \"nhm\"]", "\"pmus\": \"core\"", CS_DATA_ERROR_INVALID,
                 "broken.json: pmus: expected an array, found a string");
  assert_broken ("\"pmus\": [\"core\", \"nhm\"]", "\"pmus\": [\"core\", 3]", CS_DATA_ERROR_INVALID,
                 "broken.json: pmus[1]: expected a string, found an integer");
  assert_broken ("{ \"alias\": \"ins\", ", "{ ", CS_DATA_ERROR_INVALID, "broken.json: events[1].alias: missing; expected a string");
  /* null where a value is required is no value. */
  assert_broken ("\"alias\": \"ins\"", "\"alias\": null", CS_DATA_ERROR_INVALID,
                 "broken.json: events[1].alias: expected a string, found null");
  assert_broken ("{ \"name\": \"K\", \"value\": 2 }", "{ \"name\": \"K\", \"value\": \"2\" }", CS_DATA_ERROR_INVALID,
                 "broken.json: constants[0].value: expected a number, found a string");
  assert_broken ("\"low\": 0,", "\"low\": null,", CS_DATA_ERROR_INVALID, "broken.json: charts[1].low: expected a number, found null");
  /* Unknown key (a typo). */
  assert_broken ("\"formula\": \"cyc / ins\"", "\"formla\": \"cyc / ins\"", CS_DATA_ERROR_INVALID,
                 "broken.json: metrics[0]: unknown key “formla”");
  assert_broken ("\"id\": \"m\",", "\"id\": \"m\", \"colour\": 1,", CS_DATA_ERROR_INVALID, "broken.json: top level: unknown key “colour”");
  /* Names. */
  assert_broken ("\"alias\": \"ins\"", "\"alias\": \"K\"", CS_DATA_ERROR_INVALID, "broken.json: constants[0].name: “K” is already used as an event alias");
  assert_broken ("\"alias\": \"ins\"", "\"alias\": \"branch-misses\"", CS_DATA_ERROR_INVALID,
                 "broken.json: events[1].alias: “branch-misses” is not a valid name");
  assert_broken ("\"alias\": \"ins\"", "\"alias\": \"duration_time\"", CS_DATA_ERROR_INVALID,
                 "broken.json: events[1].alias: “duration_time” is reserved");
  assert_broken ("\"constraint\": \"pmc0\"", "\"constraint\": \"pmc7\"", CS_DATA_ERROR_INVALID,
                 "broken.json: events[0].constraint: unknown constraint “pmc7”");
  assert_broken ("\"pmus\": [\"core\"] }", "\"pmus\": [\"skl\"] }", CS_DATA_ERROR_INVALID,
                 "broken.json: events[0].pmus[0]: “skl” is not one of the model’s PMUs (core, nhm)");
  /* Formulas. */
  assert_broken ("\"cyc / ins\"", "\"cyc / / ins\"", CS_DATA_ERROR_PARSE,
                 "broken.json: metrics[0].formula: column 7: expected a number, a name or “(”, found “/”");
  assert_broken ("\"CPI * K\"", "\"CPI * FOO\"", CS_DATA_ERROR_NOT_FOUND,
                 "broken.json: metrics[1].formula: column 7: unknown identifier “FOO” (metric “Twice”)");
  assert_broken ("\"cyc / ins\"", "\"cyc / Twice\"", CS_DATA_ERROR_CYCLE,
                 "broken.json: metrics[0].formula: metrics refer to each other in a loop: CPI → Twice → CPI");
  /* Charts and columns refer to metrics. */
  assert_broken ("[\"CPI\", \"Twice\"]", "[\"CPI\", \"Thrice\"]", CS_DATA_ERROR_NOT_FOUND,
                 "broken.json: charts[0].parts[1]: “Thrice” is not a metric of this model");
  assert_broken ("\"metric\": \"CPI\"", "\"metric\": \"ins\"", CS_DATA_ERROR_NOT_FOUND,
                 "broken.json: charts[1].metric: “ins” is not a metric of this model");
  assert_broken ("\"medium\": 1", "\"medium\": 5", CS_DATA_ERROR_INVALID,
                 "broken.json: charts[1]: the thresholds must satisfy low ≤ medium ≤ high");
  assert_broken ("\"kind\": \"bar\"", "\"kind\": \"pie\"", CS_DATA_ERROR_INVALID, "broken.json: charts[0].kind: unknown chart kind “pie”");
  assert_broken ("\"high\": \"h\"", "\"hi\": \"h\"", CS_DATA_ERROR_INVALID, "broken.json: charts[1].sentences: unknown key “hi”");
  assert_broken ("[\"CPI\"]\n}", "[\"IPC\"]\n}", CS_DATA_ERROR_NOT_FOUND, "broken.json: table_columns[0]: “IPC” is not a metric");
  assert_broken ("\"cycles\": \"cyc\"", "\"cycles\": \"CPI\"", CS_DATA_ERROR_NOT_FOUND,
                 "broken.json: cycles: “CPI” is not the alias of one of the model’s events");
}

static void
test_not_an_object (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = cs_model_new_from_data ("[1, 2]", -1, "array.json", &error);

  g_assert_null (model);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "array.json: top level: expected a JSON object, found an array");
  g_clear_error (&error);
  g_assert_null (cs_model_new_from_file ("/nonexistent/x.json", &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "/nonexistent/x.json"));
}

/* ---- registry ------------------------------------------------------------ */

static void
write_file (const char *dir,
            const char *name,
            const char *contents)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

static void
test_registry (void)
{
  g_autofree char *bundled_dir = cs_test_source_path ("data/models");
  g_autofree char *user = cs_test_mkdtemp ();
  g_autoptr(CsModelRegistry) registry = cs_model_registry_new ();
  g_autoptr(GPtrArray) list = NULL;
  GString *override = g_string_new (valid_json);
  const char * const *errors;
  g_autofree char *broken_path = g_build_filename (user, "broken.json", NULL);

  /* A user model overriding a bundled id, a broken one, a non-JSON file. */
  g_string_replace (override, "\"id\": \"m\"", "\"id\": \"generic\"", 1);
  g_string_replace (override, "\"pmus\": [\"core\", \"nhm\"]", "\"pmus\": [\"core\", \"perf\"]", 1);
  write_file (user, "my-generic.json", override->str);
  write_file (user, "broken.json", "{ \"format\": 1, ");
  write_file (user, "README", "not a model");
  g_string_free (override, TRUE);

  cs_model_registry_add_directory (registry, bundled_dir);
  cs_model_registry_add_directory (registry, user);
  cs_model_registry_add_directory (registry, "/nonexistent/models");

  list = cs_model_registry_list (registry);
  g_assert_cmpuint (list->len, ==, g_strv_length ((char **) bundled));
  for (guint i = 0; i < list->len; i++)   /* sorted by id */
    g_assert_cmpstr (cs_model_get_id (g_ptr_array_index (list, i)), ==, bundled[i]);

  /* The later directory wins. */
  g_assert_cmpstr (cs_model_get_name (cs_model_registry_lookup (registry, "generic")), ==, "M");
  g_assert_null (cs_model_registry_lookup (registry, "nope"));

  errors = cs_model_registry_get_errors (registry);
  g_assert_cmpuint (g_strv_length ((char **) errors), ==, 1);
  g_assert_true (g_str_has_prefix (errors[0], broken_path));
  g_assert_nonnull (strstr (errors[0], "not valid JSON"));

  /* Choosing by PMU: an exact name, the model with the most metrics. */
  g_assert_cmpstr (cs_model_get_id (cs_model_registry_choose (registry, "core")), ==, "intel-core2");
  g_assert_cmpstr (cs_model_get_id (cs_model_registry_choose (registry, "nhm")), ==, "intel-nehalem");
  g_assert_cmpstr (cs_model_get_id (cs_model_registry_choose (registry, "wsm_dp")), ==, "gooda-tree");
  g_assert_cmpstr (cs_model_get_id (cs_model_registry_choose (registry, "spr")), ==, "intel-topdown-metrics");
  g_assert_cmpstr (cs_model_get_id (cs_model_registry_choose (registry, "perf")), ==, "generic");
  g_assert_null (cs_model_registry_choose (registry, "arm_a64fx"));
  g_assert_null (cs_model_registry_choose (registry, NULL));

  cs_test_rmdir (user);
}

static void
test_registry_default (void)
{
  CsModelRegistry *registry = cs_model_registry_get_default ();

  /* Uninstalled, the default registry reads the source tree's models. */
  g_assert_true (registry == cs_model_registry_get_default ());
  g_assert_nonnull (cs_model_registry_lookup (registry, "intel-core2"));
  g_assert_nonnull (cs_model_registry_lookup (registry, "software"));
}

int
main (int    argc,
      char **argv)
{
  /* Keep the user's own models out of the default registry. */
  g_autofree char *home = cs_test_mkdtemp ();
  int ret;

  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_unsetenv ("CYCLESCOPE_MODEL_PATH");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model-files/bundled", test_bundled);
  g_test_add_func ("/model-files/seed-lists", test_seed_lists);
  g_test_add_func ("/model-files/valid-template", test_valid_template);
  g_test_add_func ("/model-files/malformed", test_malformed);
  g_test_add_func ("/model-files/not-an-object", test_not_an_object);
  g_test_add_func ("/model-files/registry", test_registry);
  g_test_add_func ("/model-files/registry-default", test_registry_default);
  ret = g_test_run ();
  cs_test_rmdir (home);
  return ret;
}
