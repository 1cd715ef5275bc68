/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model-deep.c — formulas and metric chains as long as a file can make them
 *
 * A sum of 200 000 terms is a syntax tree 200 000 levels deep, a chain of
 * 100 000 metrics each using the next is as deep a dependency: parsing,
 * evaluating, freeing and checking them must not recurse that deep (the
 * stack overflowed). Expected values are worked out by hand: n ones add up
 * to n, and the k-th metric of the chain is (chain length − k). A broken
 * model of that size is a clear error naming file, metric and column, and
 * never hides the other models.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-evaluation.h"
#include "cs-formula.h"
#include "cs-model-registry.h"
#include "cs-test-deep-model.h"
#include "cs-test-util.h"

#define N_TERMS  200000
#define N_CHAIN  100000

static gboolean
resolve_x (const char  *name,
           gboolean     program,
           double      *value,
           gpointer     user_data,
           GError     **error)
{
  if (strcmp (name, "x") != 0)
    return FALSE;
  *value = 2;
  return TRUE;
}

static void
test_long_sum (void)
{
  g_autofree char *sum = cs_test_long_sum (N_TERMS, "+", "");
  g_autofree char *with_x = cs_test_long_sum (N_TERMS, "+", "*x");
  g_autofree char *diff = cs_test_long_sum (N_TERMS, "-", "");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse (sum, &error);
  g_autoptr(CsExpr) expr_x = NULL;
  g_autoptr(CsExpr) expr_diff = NULL;

  g_assert_no_error (error);
  g_assert_cmpfloat (cs_expr_eval (expr, resolve_x, NULL, &error), ==, N_TERMS);
  g_assert_no_error (error);
  g_assert_true (cs_expr_check (expr, resolve_x, NULL, &error));

  /* * binds tighter: the last 1 is doubled. */
  expr_x = cs_expr_parse (with_x, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (cs_expr_eval (expr_x, resolve_x, NULL, &error), ==, N_TERMS + 1);
  g_assert_no_error (error);

  /* Left-associative: 1 − 1 − … − 1 = 1 − (n − 1). */
  expr_diff = cs_expr_parse (diff, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (cs_expr_eval (expr_diff, resolve_x, NULL, &error), ==, 2.0 - N_TERMS);
  g_assert_no_error (error);
}

static void
test_long_min (void)
{
  GString *s = g_string_new ("min(");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = NULL;

  for (guint i = 0; i < N_TERMS; i++)
    g_string_append_printf (s, "%s%u", i > 0 ? "," : "", N_TERMS - i);
  g_string_append (s, ")");
  expr = cs_expr_parse (s->str, &error);
  g_string_free (s, TRUE);
  g_assert_no_error (error);
  g_assert_cmpfloat (cs_expr_eval (expr, resolve_x, NULL, &error), ==, 1);
  g_assert_no_error (error);
}

/* The unknown name sits at the very end: its column is the formula's length. */
static void
test_long_sum_errors (void)
{
  g_autofree char *unknown = cs_test_long_sum (N_TERMS, "+", "+nosuch");
  g_autofree char *syntax = cs_test_long_sum (N_TERMS, "+", "+");
  g_autofree char *column = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse (unknown, &error);

  g_assert_no_error (error);
  g_assert_false (cs_expr_check (expr, resolve_x, NULL, &error));
  column = g_strdup_printf ("column %u: ", (guint) strlen (unknown) - 5);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, column));
  g_clear_error (&error);
  g_assert_true (isnan (cs_expr_eval (expr, resolve_x, NULL, &error)));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_null (cs_expr_parse (syntax, &error));
  g_free (column);
  column = g_strdup_printf ("column %u: ", (guint) strlen (syntax) + 1);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, column));
}

/* Nesting (parentheses, unary minus, conditionals) stops at the documented
 * 200 levels (docs/models.md) with a column. */
static void
test_deep_nesting (void)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) ok = NULL;

  for (guint i = 0; i < 50; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (guint i = 0; i < 50; i++)
    g_string_append_c (s, ')');
  ok = cs_expr_parse (s->str, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (cs_expr_eval (ok, resolve_x, NULL, &error), ==, 1);

  g_string_truncate (s, 0);
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  g_assert_null (cs_expr_parse (s->str, &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "nested too deeply"));
  g_assert_true (g_str_has_prefix (error->message, "column "));
  g_string_free (s, TRUE);
}

static void
test_metric_chain (void)
{
  g_autofree char *json = cs_test_chain_model ("chain", N_CHAIN, "task_clock / task_clock");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = cs_model_new_from_data (json, -1, "chain.json", &error);
  g_autoptr(CsCounts) counts = cs_counts_new ();
  g_autoptr(CsEvaluation) evaluation = NULL;

  g_assert_no_error (error);
  cs_counts_set (counts, "task_clock", 5e8, CS_PROVENANCE_COUNTED);
  evaluation = cs_evaluation_new (model, counts, NULL, &error);
  g_assert_no_error (error);
  /* m(n−1) = 1, each one before adds 1. */
  g_assert_cmpfloat (cs_evaluation_lookup (evaluation, "m0"), ==, N_CHAIN);
  g_assert_cmpfloat (cs_evaluation_lookup (evaluation, "m99999"), ==, 1);
  g_assert_cmpint (cs_evaluation_get_provenance (evaluation, 0), ==, CS_PROVENANCE_COUNTED);
}

static void
test_metric_chain_errors (void)
{
  g_autofree char *loop = cs_test_chain_model ("loop", N_CHAIN, "m0 * 2");
  g_autofree char *unknown = cs_test_chain_model ("unknown", N_CHAIN, "1 + nosuch");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = cs_model_new_from_data (loop, -1, "/models/loop.json", &error);

  g_assert_null (model);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CYCLE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "loop.json: metrics["));
  g_assert_nonnull (strstr (error->message, "m0 → m1 → "));
  g_assert_nonnull (strstr (error->message, "m99999 → m0"));
  /* The path is shortened, not 100 000 names long. */
  g_assert_cmpuint (strlen (error->message), <, 400);
  g_clear_error (&error);

  model = cs_model_new_from_data (unknown, -1, "/models/unknown.json", &error);
  g_assert_null (model);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==,
                   "unknown.json: metrics[99999].formula: column 5: unknown identifier “nosuch” "
                   "(metric “m99999”)");
}

/* A directory with both broken giants and a valid one: the registry keeps
 * the valid one and every bundled model, and names each broken file. */
static void
test_registry (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *good = cs_test_chain_model ("chain", N_CHAIN, "1");
  g_autofree char *loop = cs_test_chain_model ("loop", N_CHAIN, "m0 * 2");
  g_autofree char *sum = cs_test_long_sum (N_TERMS, "+", "+");
  g_autofree char *formula = cs_test_formula_model ("sum", sum);
  g_autofree char *good_path = g_build_filename (dir, "chain.json", NULL);
  g_autofree char *loop_path = g_build_filename (dir, "loop.json", NULL);
  g_autofree char *sum_path = g_build_filename (dir, "sum.json", NULL);
  g_autofree char *bundled = cs_test_source_path ("data/models");
  g_autoptr(CsModelRegistry) registry = cs_model_registry_new ();
  g_autoptr(GPtrArray) models = NULL;
  const char * const *errors;

  g_assert_true (g_file_set_contents (good_path, good, -1, NULL));
  g_assert_true (g_file_set_contents (loop_path, loop, -1, NULL));
  g_assert_true (g_file_set_contents (sum_path, formula, -1, NULL));
  cs_model_registry_add_directory (registry, bundled);
  cs_model_registry_add_directory (registry, dir);
  models = cs_model_registry_list (registry);
  g_assert_nonnull (cs_model_registry_lookup (registry, "chain"));
  g_assert_nonnull (cs_model_registry_lookup (registry, "software"));
  g_assert_nonnull (cs_model_registry_lookup (registry, "intel-core2"));
  g_assert_null (cs_model_registry_lookup (registry, "loop"));
  g_assert_null (cs_model_registry_lookup (registry, "sum"));
  errors = cs_model_registry_get_errors (registry);
  g_assert_cmpuint (g_strv_length ((char **) errors), ==, 2);
  g_assert_nonnull (strstr (errors[0], "loop.json"));
  g_assert_nonnull (strstr (errors[1], "sum.json"));
  g_test_message ("%s", errors[1]);
  g_assert_nonnull (strstr (errors[1], "metrics[0].formula: column "));
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model-deep/long-sum", test_long_sum);
  g_test_add_func ("/model-deep/long-min", test_long_min);
  g_test_add_func ("/model-deep/long-sum-errors", test_long_sum_errors);
  g_test_add_func ("/model-deep/deep-nesting", test_deep_nesting);
  g_test_add_func ("/model-deep/metric-chain", test_metric_chain);
  g_test_add_func ("/model-deep/metric-chain-errors", test_metric_chain_errors);
  g_test_add_func ("/model-deep/registry", test_registry);
  return g_test_run ();
}
