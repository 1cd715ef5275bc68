/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluation.c — metrics evaluated on a scope: references between
 * metrics, loops, program(), provenance, missing events
 *
 * Expected values are hand computations written next to each assertion.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-evaluation.h"

/* Events a, b, c; constant K = 4; metrics defined out of order on purpose
 * (Total uses Sum, which comes later in the file). */
static const char *model_json =
  "{ \"format\": 1, \"id\": \"t\", \"name\": \"T\", \"pmus\": [\"core\"], \"cycles\": \"a\",\n"
  "  \"events\": [ { \"alias\": \"a\", \"event\": \"A\" }, { \"alias\": \"b\", \"event\": \"B\" },\n"
  "              { \"alias\": \"c.x\", \"event\": \"C:X\" } ],\n"
  "  \"constants\": [ { \"name\": \"K\", \"value\": 4 } ],\n"
  "  \"metrics\": [\n"
  "    { \"name\": \"Total\", \"formula\": \"Sum * K\" },\n"
  "    { \"name\": \"Sum\", \"formula\": \"a + b\" },\n"
  "    { \"name\": \"Ratio\", \"formula\": \"Total / Sum\" },\n"
  "    { \"name\": \"OfC\", \"formula\": \"c.x * 2\" },\n"
  "    { \"name\": \"Mixed\", \"formula\": \"Sum + OfC\" },\n"
  "    { \"name\": \"Constant\", \"formula\": \"K * 2\" },\n"
  "    { \"name\": \"Share\", \"formula\": \"100 * a / program(a)\" },\n"
  "    { \"name\": \"ShareOfSum\", \"formula\": \"100 * Sum / program(Sum)\" },\n"
  "    { \"name\": \"Pick\", \"formula\": \"a if K > 1 else c.x\" },\n"
  "    { \"name\": \"Rate\", \"formula\": \"a / (duration_time / 1e9)\" }\n"
  "  ] }\n";

static CsModel *
load_model (const char *json)
{
  g_autoptr(GError) error = NULL;
  CsModel *model = cs_model_new_from_data (json, -1, "t.json", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static CsEvaluation *
evaluate (CsModel      *model,
          CsCounts     *counts,
          CsEvaluation *program)
{
  g_autoptr(GError) error = NULL;
  CsEvaluation *ev = cs_evaluation_new (model, counts, program, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ev);
  return ev;
}

static void
test_metric_references (void)
{
  g_autoptr(CsModel) model = load_model (model_json);
  g_autoptr(CsCounts) counts = cs_counts_new ();
  g_autoptr(CsEvaluation) ev = NULL;

  cs_counts_set (counts, "a", 30, CS_PROVENANCE_COUNTED);
  cs_counts_set (counts, "b", 10, CS_PROVENANCE_COUNTED);
  cs_counts_set (counts, "c.x", 7, CS_PROVENANCE_COUNTED);
  ev = evaluate (model, counts, NULL);

  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Sum"), ==, 40);       /* 30 + 10 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Total"), ==, 160);    /* 40 * 4, Sum defined later */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Ratio"), ==, 4);      /* 160 / 40 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "OfC"), ==, 14);       /* 7 * 2 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Mixed"), ==, 54);     /* 40 + 14 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Constant"), ==, 8);   /* 4 * 2 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Pick"), ==, 30);      /* K > 1: a */
  /* By index, in model order. */
  g_assert_cmpint (cs_model_get_metric_index (model, "Ratio"), ==, 2);
  g_assert_cmpfloat (cs_evaluation_get_value (ev, 2), ==, 4);
  g_assert_true (isnan (cs_evaluation_get_value (ev, 999)));
  g_assert_true (isnan (cs_evaluation_lookup (ev, "NoSuchMetric")));
  g_assert_true (cs_evaluation_get_model (ev) == model);
  g_assert_true (cs_evaluation_get_counts (ev) == counts);
}

static void
assert_load_fails (const char *json,
                   int         code,
                   const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = cs_model_new_from_data (json, -1, "loop.json", &error);

  g_assert_null (model);
  g_assert_error (error, CS_DATA_ERROR, code);
  if (strstr (error->message, needle) == NULL)
    g_error ("expected “%s” in “%s”", needle, error->message);
}

static void
test_metric_cycle (void)
{
  /* X -> Y -> Z -> X; W is fine and must not be named. */
  assert_load_fails (
    "{ \"format\": 1, \"id\": \"l\", \"name\": \"L\", \"pmus\": [\"core\"], \"cycles\": \"a\",\n"
    "  \"events\": [ { \"alias\": \"a\", \"event\": \"A\" } ],\n"
    "  \"metrics\": [ { \"name\": \"W\", \"formula\": \"a\" },\n"
    "                { \"name\": \"X\", \"formula\": \"Y + 1\" },\n"
    "                { \"name\": \"Y\", \"formula\": \"W + Z\" },\n"
    "                { \"name\": \"Z\", \"formula\": \"2 * X\" } ] }",
    CS_DATA_ERROR_CYCLE, "loop.json: metrics[1].formula: metrics refer to each other in a loop: X → Y → Z → X");
  /* A metric using itself, even in an untaken branch. */
  assert_load_fails (
    "{ \"format\": 1, \"id\": \"l\", \"name\": \"L\", \"pmus\": [\"core\"], \"cycles\": \"a\",\n"
    "  \"events\": [ { \"alias\": \"a\", \"event\": \"A\" } ],\n"
    "  \"metrics\": [ { \"name\": \"S\", \"formula\": \"a if 1 else S\" } ] }",
    CS_DATA_ERROR_CYCLE, "S → S");
  /* program(P) inside P loops when P is evaluated for the program itself. */
  assert_load_fails (
    "{ \"format\": 1, \"id\": \"l\", \"name\": \"L\", \"pmus\": [\"core\"], \"cycles\": \"a\",\n"
    "  \"events\": [ { \"alias\": \"a\", \"event\": \"A\" } ],\n"
    "  \"metrics\": [ { \"name\": \"P\", \"formula\": \"a / program(P)\" } ] }",
    CS_DATA_ERROR_CYCLE, "P → P");
}

static void
test_unknown_identifier (void)
{
  /* "a + FOO": FOO starts at column 5. */
  assert_load_fails (
    "{ \"format\": 1, \"id\": \"u\", \"name\": \"U\", \"pmus\": [\"core\"], \"cycles\": \"a\",\n"
    "  \"events\": [ { \"alias\": \"a\", \"event\": \"A\" } ],\n"
    "  \"metrics\": [ { \"name\": \"Ok\", \"formula\": \"a\" },\n"
    "                { \"name\": \"Bad\", \"formula\": \"a + FOO\" } ] }",
    CS_DATA_ERROR_NOT_FOUND, "loop.json: metrics[1].formula: column 5: unknown identifier “FOO” (metric “Bad”)");
}

static void
test_program_scope (void)
{
  g_autoptr(CsModel) model = load_model (model_json);
  g_autoptr(CsCounts) whole = cs_counts_new ();
  g_autoptr(CsCounts) module = cs_counts_new ();
  g_autoptr(CsEvaluation) program = NULL;
  g_autoptr(CsEvaluation) ev = NULL;

  cs_counts_set (whole, "a", 1000, CS_PROVENANCE_COUNTED);
  cs_counts_set (whole, "b", 600, CS_PROVENANCE_COUNTED);
  cs_counts_set (module, "a", 250, CS_PROVENANCE_COUNTED);
  cs_counts_set (module, "b", 150, CS_PROVENANCE_COUNTED);

  program = evaluate (model, whole, NULL);
  /* Without a program evaluation, program() reads the scope itself. */
  g_assert_cmpfloat (cs_evaluation_lookup (program, "Share"), ==, 100);       /* 100*1000/1000 */
  g_assert_cmpfloat (cs_evaluation_lookup (program, "ShareOfSum"), ==, 100);

  ev = evaluate (model, module, program);
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Share"), ==, 25);             /* 100*250/1000 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "ShareOfSum"), ==, 25);        /* 100*400/1600 */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Sum"), ==, 400);              /* the module's own */
}

static void
test_provenance (void)
{
  g_autoptr(CsModel) model = load_model (model_json);
  g_autoptr(CsCounts) whole = cs_counts_new ();
  g_autoptr(CsCounts) module = cs_counts_new ();
  g_autoptr(CsEvaluation) program = NULL;
  g_autoptr(CsEvaluation) ev = NULL;

  cs_counts_set (whole, "a", 1000, CS_PROVENANCE_COUNTED);
  cs_counts_set (whole, "b", 500, CS_PROVENANCE_COUNTED);
  cs_counts_set (module, "a", 100, CS_PROVENANCE_COUNTED);
  cs_counts_set (module, "b", 50, CS_PROVENANCE_SCALED);
  cs_counts_set (module, "c.x", 5, CS_PROVENANCE_ESTIMATED);
  program = evaluate (model, whole, NULL);
  ev = evaluate (model, module, program);

#define PROV(name) cs_evaluation_get_provenance (ev, cs_model_get_metric_index (model, name))
  g_assert_cmpint (PROV ("Sum"), ==, CS_PROVENANCE_SCALED);       /* counted + scaled */
  g_assert_cmpint (PROV ("Total"), ==, CS_PROVENANCE_SCALED);     /* through Sum */
  g_assert_cmpint (PROV ("OfC"), ==, CS_PROVENANCE_ESTIMATED);
  g_assert_cmpint (PROV ("Mixed"), ==, CS_PROVENANCE_ESTIMATED);  /* weakest of Sum and OfC */
  g_assert_cmpint (PROV ("Constant"), ==, CS_PROVENANCE_COUNTED); /* exact: no event at all */
  g_assert_cmpint (PROV ("Share"), ==, CS_PROVENANCE_COUNTED);    /* a here and in the program */
  g_assert_cmpint (PROV ("Pick"), ==, CS_PROVENANCE_COUNTED);     /* only the taken branch (a) */
  g_assert_cmpint (PROV ("Rate"), ==, CS_PROVENANCE_NONE);        /* duration_time missing: NaN */
#undef PROV

  /* A weak program value weakens the module's ratio. */
  {
    g_autoptr(CsCounts) est = cs_counts_new ();
    g_autoptr(CsEvaluation) weak_program = NULL;
    g_autoptr(CsEvaluation) ev2 = NULL;

    cs_counts_set (est, "a", 1000, CS_PROVENANCE_ESTIMATED);
    weak_program = evaluate (model, est, NULL);
    ev2 = evaluate (model, module, weak_program);
    g_assert_cmpint (cs_evaluation_get_provenance (ev2, cs_model_get_metric_index (model, "Share")),
                     ==, CS_PROVENANCE_ESTIMATED);
    g_assert_cmpfloat (cs_evaluation_lookup (ev2, "Share"), ==, 10);   /* 100*100/1000 */
  }
}

static void
test_missing_event (void)
{
  g_autoptr(CsModel) model = load_model (model_json);
  g_autoptr(CsCounts) counts = cs_counts_new ();
  g_autoptr(CsEvaluation) ev = NULL;

  /* b and c.x were never counted. */
  cs_counts_set (counts, "a", 30, CS_PROVENANCE_COUNTED);
  cs_counts_set (counts, "duration_time", 2e9, CS_PROVENANCE_COUNTED);
  ev = evaluate (model, counts, NULL);

  g_assert_true (isnan (cs_evaluation_lookup (ev, "Sum")));
  g_assert_true (isnan (cs_evaluation_lookup (ev, "Total")));
  g_assert_true (isnan (cs_evaluation_lookup (ev, "Mixed")));
  g_assert_cmpint (cs_evaluation_get_provenance (ev, cs_model_get_metric_index (model, "Sum")),
                   ==, CS_PROVENANCE_NONE);
  /* The others still compute. */
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Pick"), ==, 30);
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Constant"), ==, 8);
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Rate"), ==, 15);       /* 30 / (2e9/1e9) */

  /* No counts at all. */
  {
    g_autoptr(CsEvaluation) empty = evaluate (model, NULL, NULL);

    g_assert_true (isnan (cs_evaluation_lookup (empty, "Sum")));
    g_assert_cmpfloat (cs_evaluation_lookup (empty, "Constant"), ==, 8);
  }
}

static void
test_names (void)
{
  g_autoptr(CsModel) model = load_model (model_json);
  guint i = 99;

  g_assert_cmpint (cs_model_lookup_name (model, "a", &i), ==, CS_MODEL_NAME_EVENT);
  g_assert_cmpuint (i, ==, 0);
  g_assert_cmpint (cs_model_lookup_name (model, "c.x", &i), ==, CS_MODEL_NAME_EVENT);
  g_assert_cmpuint (i, ==, 2);
  g_assert_cmpint (cs_model_lookup_name (model, "K", &i), ==, CS_MODEL_NAME_CONSTANT);
  g_assert_cmpint (cs_model_lookup_name (model, "Ratio", &i), ==, CS_MODEL_NAME_METRIC);
  g_assert_cmpuint (i, ==, 2);
  g_assert_cmpint (cs_model_lookup_name (model, "user_time", NULL), ==, CS_MODEL_NAME_PSEUDO_EVENT);
  g_assert_cmpint (cs_model_lookup_name (model, "nope", NULL), ==, CS_MODEL_NAME_NONE);
  g_assert_true (cs_model_check (model, NULL));
}

static void
test_refcount (void)
{
  g_autoptr(CsModel) model = load_model (model_json);
  CsEvaluation *program = evaluate (model, NULL, NULL);
  CsEvaluation *ev = evaluate (model, NULL, program);

  /* The scope keeps its program evaluation alive. */
  cs_evaluation_unref (program);
  g_assert_cmpfloat (cs_evaluation_lookup (ev, "Constant"), ==, 8);
  g_assert_true (cs_evaluation_ref (ev) == ev);
  cs_evaluation_unref (ev);
  cs_evaluation_unref (ev);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/evaluation/metric-references", test_metric_references);
  g_test_add_func ("/evaluation/metric-cycle", test_metric_cycle);
  g_test_add_func ("/evaluation/unknown-identifier", test_unknown_identifier);
  g_test_add_func ("/evaluation/program-scope", test_program_scope);
  g_test_add_func ("/evaluation/provenance", test_provenance);
  g_test_add_func ("/evaluation/missing-event", test_missing_event);
  g_test_add_func ("/evaluation/names", test_names);
  g_test_add_func ("/evaluation/refcount", test_refcount);
  return g_test_run ();
}
