/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-report.c — `cyclescope report` on the hand-written Core 2 bundle
 *
 * Runs the built program. Expected metric values are worked out here from the
 * fixture's numbers and the Kruse, CMSSW Performance Monitoring, 2011, §6.1
 * formulas (not from the code under test); metric titles, thresholds and
 * sentences are read from the model file itself with json-c.
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <string.h>

#include "cs-test-util.h"
#include "cs-test-json.h"

#define FIXTURE "tests/fixtures/core2-counts.cyclescope"

/* Whole-program counts of tests/fixtures/core2-counts.cyclescope. */
static const double C[10] = {  /* UNHALTED_CORE_CYCLES of runs 0…9 */
  11913402118., 12087955310., 12004117942., 11958630077., 12120481536.,
  11987263904., 12046892215., 11931574660., 12069338481., 12001743209.,
};
#define INSTR_0   9412883105.   /* run 0 */
#define STALLS_0  4926301877.   /* run 0, RS_UOPS_DISPATCHED:c=1:i=1 */
#define L2MISS_0  9874512.      /* run 0 */
#define L1DMISS_1 61203448.     /* run 1 */
#define ILD_1     3107239.      /* run 1 */
#define DTLB_2    14288611.     /* run 2 */
#define STA_2     40114902.     /* run 2 */
#define OVERLAP_3 22876315.     /* run 3 */
#define SPAN_3    1954207.      /* run 3 */
/* Region TrackProducer. */
static const double TP_C[10] = {
  1402337516., 1421950082., 1411086347., 1398772905., 1430116284.,
  1409558613., 1415204770., 1396640129., 1424881052., 1410062437.,
};
#define TP_INSTR_0 1071205334.

typedef struct
{
  char *out;
  char *err;
  int   status;
} Result;

static void
result_clear (Result *r)
{
  g_free (r->out);
  g_free (r->err);
}

static char *cyclescope_exe;

static Result
run_report (const char *first,
            ...)
{
  const char *exe = cyclescope_exe;
  g_autofree char *models = cs_test_source_path ("data/models");
  g_autofree char *xdg = cs_test_mkdtemp ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  Result r = { 0 };
  va_list args;

  /* Only the source tree's models: nothing from the user's data directory. */
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", xdg, TRUE);
  envp = g_environ_setenv (envp, "CYCLESCOPE_MODEL_PATH", models, TRUE);
  g_ptr_array_add (argv, (gpointer) exe);
  g_ptr_array_add (argv, "report");
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &r.out, &r.err, &r.status, &error);
  g_assert_no_error (error);
  cs_test_rmdir (xdg);
  return r;
}

static int
exit_status (const Result *r)
{
  g_assert_true (WIFEXITED (r->status));
  return WEXITSTATUS (r->status);
}

static json_object *
load_model (void)
{
  g_autofree char *path = cs_test_source_path ("data/models/intel-core2.json");
  json_object *model = json_object_from_file (path);

  g_assert_nonnull (model);
  return model;
}

static json_object *
model_array (json_object *model,
             const char  *key)
{
  json_object *arr = NULL;

  g_assert_true (json_object_object_get_ex (model, key, &arr));
  return arr;
}

static double
mean (const double *v)
{
  double s = 0;

  for (guint i = 0; i < 10; i++)
    s += v[i];
  return s / 10;
}

/* The expected whole-program numbers, from Kruse's §6.1 formulas applied
 * to the fixture counts after normalisation to the mean cycles (each event
 * × M / cycles of the run that counted it). */
typedef struct
{
  double total_cycles, cpi, pct_stalled, l2miss_impact, counted_stalled, l2miss_pct, imargin;
} Expected;

static Expected
expected_program (void)
{
  double M = mean (C);
  double l2miss = L2MISS_0 * M / C[0];
  Expected e;

  e.total_cycles = M;
  /* CPI = cycles / instructions = M / (INSTR_0 × M / C0) = C0 / INSTR_0 */
  e.cpi = C[0] / INSTR_0;
  e.pct_stalled = (STALLS_0 * M / C[0]) * 100 / M;
  e.l2miss_impact = l2miss * 200;
  e.counted_stalled = e.l2miss_impact
                      + (L1DMISS_1 * M / C[1] - l2miss) * 14.5
                      + ILD_1 * M / C[1] * 6
                      + DTLB_2 * M / C[2] * 10
                      + STA_2 * M / C[2] * 5 + OVERLAP_3 * M / C[3] * 6 + SPAN_3 * M / C[3] * 20;
  e.l2miss_pct = e.l2miss_impact * 100 / e.counted_stalled;
  /* For the whole program iMargin = 100 − 100 × EXPECTED_CPI / CPI. */
  e.imargin = 100 - 100 * 0.25 / e.cpi;
  return e;
}

static void
assert_rel (double value,
            double expected)
{
  g_assert_cmpfloat_with_epsilon (value, expected, 1e-9 * fabs (expected));
}

static json_object *
find_by (json_object *arr,
         const char  *key,
         const char  *value)
{
  for (size_t i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *o = json_object_array_get_idx (arr, i), *v;

      if (json_object_object_get_ex (o, key, &v) && json_object_is_type (v, json_type_string) &&
          strcmp (json_object_get_string (v), value) == 0)
        return o;
    }
  g_error ("no entry with %s = %s", key, value);
  return NULL;
}

static double
get_double (json_object *o,
            const char  *key)
{
  json_object *v;

  g_assert_true (json_object_object_get_ex (o, key, &v));
  g_assert_true (json_object_is_type (v, json_type_double) || json_object_is_type (v, json_type_int));
  return json_object_get_double (v);
}

static const char *
get_string (json_object *o,
            const char  *key)
{
  json_object *v;

  g_assert_true (json_object_object_get_ex (o, key, &v));
  return json_object_get_string (v);
}

static void
test_json (void)
{
  Result r = run_report (FIXTURE, "--format", "json", NULL);
  g_autoptr(GError) error = NULL;
  json_object *root, *scopes, *program, *metrics, *region, *charts, *chart, *parts, *model, *mchart, *v;
  Expected e = expected_program ();
  double tp_cpi, tp_imargin;

  g_assert_cmpint (exit_status (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpstr (get_string (json_object_object_get (root, "model"), "id"), ==, "intel-core2");
  g_assert_cmpint (json_object_array_length (json_object_object_get (root, "runs")), ==, 10);

  scopes = json_object_object_get (root, "scopes");
  g_assert_cmpint (json_object_array_length (scopes), ==, 3);
  program = json_object_array_get_idx (scopes, 0);
  g_assert_cmpstr (get_string (program, "scope"), ==, "program");
  metrics = json_object_object_get (program, "metrics");
  assert_rel (get_double (find_by (metrics, "name", "TotalCycles"), "value"), e.total_cycles);
  assert_rel (get_double (find_by (metrics, "name", "CPI"), "value"), e.cpi);
  assert_rel (get_double (find_by (metrics, "name", "PctOfTotalCycles"), "value"), e.pct_stalled);
  assert_rel (get_double (find_by (metrics, "name", "L2MissImpact"), "value"), e.l2miss_impact);
  assert_rel (get_double (find_by (metrics, "name", "CountedStalledCycles"), "value"), e.counted_stalled);
  assert_rel (get_double (find_by (metrics, "name", "L2MissPctOfCountedStalledCycles"), "value"), e.l2miss_pct);
  assert_rel (get_double (find_by (metrics, "name", "iMargin"), "value"), e.imargin);
  g_assert_cmpstr (get_string (find_by (metrics, "name", "CPI"), "provenance"), ==, "counted");
  g_assert_cmpstr (get_string (find_by (metrics, "name", "CPI"), "unit"), ==, "ratio");

  /* The BAR's L2 miss part is L2MissImpact over the five (positive) parts,
   * whose sum is CountedStalledCycles. */
  charts = json_object_object_get (program, "charts");
  chart = find_by (charts, "id", "stall-decomposition");
  g_assert_cmpstr (get_string (chart, "kind"), ==, "bar");
  parts = json_object_object_get (chart, "parts");
  assert_rel (get_double (chart, "total"), e.counted_stalled);
  assert_rel (get_double (find_by (parts, "metric", "L2MissImpact"), "share"), e.l2miss_impact / e.counted_stalled);

  /* REF CPI: band and sentence from the model file's thresholds. */
  model = load_model ();
  mchart = find_by (model_array (model, "charts"), "id", "cpi");
  chart = find_by (charts, "id", "cpi");
  assert_rel (get_double (chart, "value"), e.cpi);
  g_assert_cmpfloat (e.cpi, >=, get_double (mchart, "medium"));
  g_assert_cmpfloat (e.cpi, <, get_double (mchart, "high"));
  g_assert_cmpstr (get_string (chart, "band"), ==, "medium");
  g_assert_true (json_object_object_get_ex (mchart, "sentences", &v));
  g_assert_cmpstr (get_string (chart, "sentence"), ==, get_string (v, "medium"));

  /* Region TrackProducer: region cycles normalised the same way; iMargin
   * is a share of the whole program's cycles: 100 × Mr × (1 − 0.25/CPIr) / M. */
  region = find_by (scopes, "region", "TrackProducer");
  g_assert_cmpstr (get_string (region, "scope"), ==, "region");
  g_assert_cmpint (json_object_get_int (json_object_object_get (region, "calls")), ==, 1000);
  metrics = json_object_object_get (region, "metrics");
  tp_cpi = TP_C[0] / TP_INSTR_0;
  tp_imargin = 100 * mean (TP_C) * (1 - 0.25 / tp_cpi) / mean (C);
  assert_rel (get_double (find_by (metrics, "name", "TotalCycles"), "value"), mean (TP_C));
  assert_rel (get_double (find_by (metrics, "name", "CPI"), "value"), tp_cpi);
  assert_rel (get_double (find_by (metrics, "name", "iMargin"), "value"), tp_imargin);
  find_by (scopes, "region", "MuonIdProducer");

  /* Every metric of the model appears in every scope. */
  for (size_t s = 0; s < 3; s++)
    g_assert_cmpint (json_object_array_length (json_object_object_get (json_object_array_get_idx (scopes, s), "metrics")),
                     ==, json_object_array_length (model_array (model, "metrics")));

  json_object_put (model);
  json_object_put (root);
  result_clear (&r);
}

static void
test_text (void)
{
  Result r = run_report (FIXTURE, NULL);
  json_object *model = load_model ();
  json_object *metrics = model_array (model, "metrics");
  Expected e = expected_program ();
  g_autofree char *cpi = g_strdup_printf ("%.2f", e.cpi);

  g_assert_cmpint (exit_status (&r), ==, 0);
  /* Run information. */
  g_assert_nonnull (strstr (r.out, "fixture-core2"));
  g_assert_nonnull (strstr (r.out, "core (Intel Core)"));
  g_assert_nonnull (strstr (r.out, "intel-core2"));
  g_assert_nonnull (strstr (r.out, "cmsRun reco_RAW2DIGI_RECO.py"));
  g_assert_nonnull (strstr (r.out, "group 10"));
  g_assert_nonnull (strstr (r.out, "not measured on any hardware"));
  /* Sections and every metric title. */
  g_assert_nonnull (strstr (r.out, "== Whole program =="));
  g_assert_nonnull (strstr (r.out, "== Region TrackProducer"));
  g_assert_nonnull (strstr (r.out, "== Region MuonIdProducer"));
  for (size_t i = 0; i < json_object_array_length (metrics); i++)
    {
      const char *title = get_string (json_object_array_get_idx (metrics, i), "title");

      if (strstr (r.out, title) == NULL)
        g_error ("metric title “%s” missing from the report", title);
    }
  /* Mean cycles 120121399452 / 10 = 12012139945.2, grouped in thousands. */
  g_assert_nonnull (strstr (r.out, "12,012,139,945"));
  g_assert_nonnull (strstr (r.out, cpi));
  g_assert_nonnull (strstr (r.out, "BAR  Stall Decomposition"));
  g_assert_nonnull (strstr (r.out, "REF  CPI"));
  json_object_put (model);
  result_clear (&r);
}

static void
test_csv (void)
{
  Result r = run_report (FIXTURE, "--format", "csv", NULL);
  json_object *model = load_model ();
  size_t n_metrics = json_object_array_length (model_array (model, "metrics"));
  g_auto(GStrv) lines = NULL;
  guint n_lines;
  Expected e = expected_program ();
  gboolean found_cpi = FALSE;

  g_assert_cmpint (exit_status (&r), ==, 0);
  g_assert_true (g_str_has_suffix (r.out, "\n"));
  lines = g_strsplit (r.out, "\n", -1);
  n_lines = g_strv_length (lines) - 1;   /* the text ends with a line break */
  g_assert_cmpstr (lines[0], ==, "scope,region,metric,title,value,unit,provenance");
  /* One row per (scope, metric): program + 2 regions. */
  g_assert_cmpuint (n_lines, ==, 1 + 3 * n_metrics);
  for (guint i = 1; i < n_lines; i++)
    if (g_str_has_prefix (lines[i], "program,,CPI,CPI,"))
      {
        g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);

        assert_rel (g_ascii_strtod (f[4], NULL), e.cpi);
        g_assert_cmpstr (f[5], ==, "ratio");
        found_cpi = TRUE;
      }
  g_assert_true (found_cpi);
  json_object_put (model);
  result_clear (&r);
}

static void
test_region_option (void)
{
  Result r = run_report (FIXTURE, "--format", "json", "--region", "MuonIdProducer", NULL);
  Result bad = run_report (FIXTURE, "--region", "NoSuchModule", NULL);
  json_object *root, *scopes;

  g_assert_cmpint (exit_status (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  scopes = json_object_object_get (root, "scopes");
  g_assert_cmpint (json_object_array_length (scopes), ==, 1);
  g_assert_cmpstr (get_string (json_object_array_get_idx (scopes, 0), "region"), ==, "MuonIdProducer");
  json_object_put (root);

  g_assert_cmpint (exit_status (&bad), ==, 1);
  g_assert_nonnull (strstr (bad.err, "NoSuchModule"));
  g_assert_nonnull (strstr (bad.err, "TrackProducer"));
  result_clear (&r);
  result_clear (&bad);
}

/* The region table (Kruse, CMSSW Performance Monitoring, 2011, Fig. 5.4):
 * one row per region, the model's table columns first and in their order
 * (read from the model file), then every other metric; the largest Total
 * Cycles first. */
static void
test_region_table (void)
{
  Result r = run_report (FIXTURE, NULL);
  json_object *model = load_model ();
  json_object *columns = model_array (model, "table_columns");
  json_object *metrics = model_array (model, "metrics");
  g_auto(GStrv) lines = NULL;
  const char *header = NULL, *first = NULL, *second = NULL;
  const char *at;
  g_autofree char *tp_cycles = NULL;
  guint64 tp = (guint64) (mean (TP_C) + 0.5);

  g_assert_cmpint (exit_status (&r), ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strcmp (lines[i], "== Regions ==") == 0 && lines[i + 1] != NULL && lines[i + 2] != NULL)
      {
        header = lines[i + 2];
        first = lines[i + 3];
        second = lines[i + 4];
        break;
      }
  g_assert_nonnull (header);
  g_assert_true (g_str_has_prefix (g_strchug ((char *) header), "Region"));
  at = header;
  for (size_t i = 0; i < json_object_array_length (columns); i++)
    {
      const char *name = json_object_get_string (json_object_array_get_idx (columns, i));
      g_autofree char *cell = g_strdup_printf (" %s ", name);
      const char *found = strstr (at, cell);

      if (found == NULL)
        g_error ("table column %s missing or out of order in “%s”", name, header);
      at = found + 1;
    }
  for (size_t i = 0; i < json_object_array_length (metrics); i++)
    {
      const char *name = get_string (json_object_array_get_idx (metrics, i), "name");
      g_autofree char *cell = g_strdup_printf (" %s", name);

      if (strstr (header, cell) == NULL)
        g_error ("metric %s missing from the region table", name);
    }
  /* TrackProducer: mean cycles of its runs, 1,412,061,014 cycles; the
   * first row, ahead of MuonIdProducer (fewer cycles). */
  tp_cycles = g_strdup_printf ("%u,%03u,%03u,%03u", (guint) (tp / 1000000000), (guint) (tp / 1000000 % 1000),
                               (guint) (tp / 1000 % 1000), (guint) (tp % 1000));
  g_assert_true (g_str_has_prefix (g_strchug ((char *) first), "TrackProducer"));
  g_assert_nonnull (strstr (first, tp_cycles));
  g_assert_true (g_str_has_prefix (g_strchug ((char *) second), "MuonIdProducer"));
  json_object_put (model);
  result_clear (&r);
}

static void
test_bad_input (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "broken.cyclescope", NULL);
  g_autofree char *file = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.cyclescope", NULL);
  Result r;

  g_assert_cmpint (g_mkdir (bundle, 0755), ==, 0);
  g_assert_true (g_file_set_contents (file, "{ \"format\": 1, \"host\": {}, \"command\": ", -1, NULL));
  r = run_report (bundle, NULL);
  g_assert_cmpint (exit_status (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, file));
  g_assert_cmpstr (r.out, ==, "");
  result_clear (&r);

  /* Valid JSON, wrong content: the JSON path is named. */
  g_assert_true (g_file_set_contents (file, "{ \"format\": 1, \"host\": {}, \"command\": { \"argv\": [\"x\"] }, "
                                      "\"model\": \"intel-core2\", \"runs\": [ { \"counts\": [ { \"name\": \"a\", "
                                      "\"value\": -1, \"time_enabled\": 1, \"time_running\": 1 } ] } ] }", -1, NULL));
  r = run_report (bundle, "--format", "json", NULL);
  g_assert_cmpint (exit_status (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, file));
  g_assert_nonnull (strstr (r.err, "runs[0].counts[0].value"));
  result_clear (&r);

  r = run_report (missing, NULL);
  g_assert_cmpint (exit_status (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, missing));
  result_clear (&r);

  r = run_report (FIXTURE, "--format", "xml", NULL);
  g_assert_cmpint (exit_status (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, "xml"));
  result_clear (&r);

  r = run_report (NULL);
  g_assert_cmpint (exit_status (&r), ==, 1);
  result_clear (&r);

  /* A model nobody installed. */
  g_assert_true (g_file_set_contents (file, "{ \"format\": 1, \"host\": {}, \"command\": { \"argv\": [\"x\"] }, "
                                      "\"model\": \"no-such-model\", \"runs\": [] }", -1, NULL));
  r = run_report (bundle, NULL);
  g_assert_cmpint (exit_status (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, "no-such-model"));
  result_clear (&r);
  cs_test_rmdir (dir);
}

/* The other two fixtures: they must stay loadable with the models as those
 * evolve, and show what their shape is for. */
static void
test_nehalem_multiplexed (void)
{
  Result r = run_report ("tests/fixtures/nehalem-counts.cyclescope", "--format", "json", NULL);
  json_object *root, *program, *metrics, *unscheduled, *mux;
  gboolean found = FALSE;

  g_assert_cmpint (exit_status (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpstr (get_string (json_object_object_get (root, "model"), "id"), ==, "intel-nehalem");
  /* The group of OFFCORE_RESPONSE_0…UNCORE_HIT never ran: left out, listed. */
  unscheduled = json_object_object_get (root, "unscheduled");
  for (size_t i = 0; i < json_object_array_length (unscheduled); i++)
    if (strcmp (json_object_get_string (json_object_array_get_idx (unscheduled, i)),
                "OFFCORE_RESPONSE_0.DMND_IFETCH.UNCORE_HIT") == 0)
      found = TRUE;
  g_assert_true (found);
  /* ARITH.CYCLES_DIV_BUSY ran 385602117 of 5012447903 ns (group 1). */
  mux = find_by (json_object_object_get (root, "multiplexing"), "event", "ARITH.CYCLES_DIV_BUSY");
  assert_rel (get_double (mux, "running_ratio"), 385602117. / 5012447903.);
  program = json_object_array_get_idx (json_object_object_get (root, "scopes"), 0);
  metrics = json_object_object_get (program, "metrics");
  g_assert_cmpstr (get_string (find_by (metrics, "name", "CPI"), "provenance"), ==, "scaled");
  json_object_put (root);
  result_clear (&r);
}

static void
test_software (void)
{
  Result r = run_report ("tests/fixtures/software-counts.cyclescope", "--format", "json", NULL);
  json_object *root, *program, *metrics;
  /* task_clock of the five runs (normalised to their own mean: the mean) over
   * the mean wall time of the runs, 2.02094 s. */
  double task = (2013448120. + 2009871332. + 2015902447. + 2011336908. + 2012774561.) / 5;
  double wall = (2.0216 + 2.0181 + 2.0243 + 2.0197 + 2.0210) / 5 * 1e9;

  g_assert_cmpint (exit_status (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  g_assert_nonnull (root);
  g_assert_null (get_string (json_object_object_get (root, "host"), "pmu"));
  program = json_object_array_get_idx (json_object_object_get (root, "scopes"), 0);
  metrics = json_object_object_get (program, "metrics");
  assert_rel (get_double (find_by (metrics, "name", "CPUsUtilized"), "value"), task / wall);
  json_object_put (root);
  result_clear (&r);
}

static void
test_help (void)
{
  Result r = run_report ("--help", NULL);

  g_assert_cmpint (exit_status (&r), ==, 0);
  g_assert_nonnull (strstr (r.out, "--format"));
  g_assert_nonnull (strstr (r.out, "--region"));
  result_clear (&r);
}

int
main (int argc, char **argv)
{
  g_autofree char *root = NULL;

  g_test_init (&argc, &argv, NULL);
  /* meson passes the program (so that it is built first); by hand, the
   * build tree's is used. */
  cyclescope_exe = argc > 1 ? g_canonicalize_filename (argv[1], NULL)
                            : cs_test_build_path ("app/cli/cyclescope");
  /* The fixture path is relative to the source tree. */
  root = cs_test_source_path ("");
  g_assert_cmpint (g_chdir (root), ==, 0);
  g_test_add_func ("/cli-report/json", test_json);
  g_test_add_func ("/cli-report/text", test_text);
  g_test_add_func ("/cli-report/csv", test_csv);
  g_test_add_func ("/cli-report/region-option", test_region_option);
  g_test_add_func ("/cli-report/region-table", test_region_table);
  g_test_add_func ("/cli-report/bad-input", test_bad_input);
  g_test_add_func ("/cli-report/nehalem-multiplexed", test_nehalem_multiplexed);
  g_test_add_func ("/cli-report/software", test_software);
  g_test_add_func ("/cli-report/help", test_help);
  return g_test_run ();
}
