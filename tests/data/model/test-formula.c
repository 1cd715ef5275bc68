/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-formula.c — the formula language: parsing, evaluation, errors
 *
 * Expected values are worked out by hand from the usual rules of arithmetic
 * (written next to each case), never taken from the evaluator.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-formula.h"

/* Variables for the tests: a=2 b=3 c=0 x.y=10 "RS:c=1"=7 if=5; anything
 * else is unknown. */
static gboolean
resolve (const char  *name,
         gboolean     program,
         double      *value,
         gpointer     user_data,
         GError     **error)
{
  static const struct { const char *name; double value; } vars[] = {
    { "a", 2 }, { "b", 3 }, { "c", 0 }, { "x.y", 10 }, { "RS:c=1", 7 }, { "if", 5 },
    { "MEM_LOAD_RETIRED.L2_LINE_MISS", 1000 }, { "CORE_L2_MISS_CYCLES", 200 },
  };
  guint *calls = user_data;

  if (calls)
    (*calls)++;
  if (program && strcmp (name, "a") == 0)
    {
      *value = 100;   /* the whole-program value of a */
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    if (strcmp (vars[i].name, name) == 0)
      {
        *value = vars[i].value;
        return TRUE;
      }
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND, "unknown identifier “%s”", name);
  return FALSE;
}

static double
eval (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse (text, &error);
  double value;

  g_assert_no_error (error);
  g_assert_nonnull (expr);
  g_assert_cmpstr (cs_expr_get_text (expr), ==, text);
  value = cs_expr_eval (expr, resolve, NULL, &error);
  g_assert_no_error (error);
  return value;
}

#define assert_eval(text, expected) \
  g_assert_cmpfloat_with_epsilon (eval (text), (expected), 1e-12)

static void
test_precedence (void)
{
  assert_eval ("1 + 2 * 3", 7);            /* 2*3 first */
  assert_eval ("(1 + 2) * 3", 9);
  assert_eval ("8 / 4 / 2", 1);            /* left-assoc: (8/4)/2 */
  assert_eval ("10 - 4 - 3", 3);           /* (10-4)-3 */
  assert_eval ("2 * 3 + 4 * 5", 26);
  assert_eval ("1 + 2 < 4", 1);            /* comparison binds looser than + */
  assert_eval ("a * b + x.y", 16);         /* 2*3 + 10 */
  assert_eval ("1.5e2 + .5", 150.5);
  assert_eval ("MEM_LOAD_RETIRED.L2_LINE_MISS * CORE_L2_MISS_CYCLES", 200000);
}

static void
test_unary_minus (void)
{
  assert_eval ("-a", -2);
  assert_eval ("--a", 2);
  assert_eval ("-a * b", -6);
  assert_eval ("2 - -3", 5);
  assert_eval ("-(a + b)", -5);
  assert_eval ("-2 * -2", 4);
}

static void
test_functions (void)
{
  assert_eval ("d_ratio(a, b)", 2.0 / 3.0);
  assert_eval ("d_ratio(a, c)", 0);        /* 0 when the denominator is 0 */
  assert_eval ("d_ratio(0, 0)", 0);
  assert_eval ("min(3, 1, 2)", 1);
  assert_eval ("max(3, 1, 2)", 3);
  assert_eval ("min(a)", 2);
  assert_eval ("max(a - b, 0)", 0);        /* max(-1, 0) */
  assert_eval ("program(a)", 100);         /* resolved in the program scope */
  assert_eval ("a / program(a) * 100", 2); /* 2 / 100 * 100 */
  assert_eval ("fallback(a, 9)", 2);
  assert_eval ("fallback(1 / c, 9)", 9);   /* 1/0 is NaN -> 9 */
}

static void
test_conditional (void)
{
  assert_eval ("a if b > a else x.y", 2);
  assert_eval ("a if b < a else x.y", 10);
  assert_eval ("1 if c else 2", 2);        /* 0 is false */
  assert_eval ("1 if a else 2", 1);
  /* right-assoc: 1 if 0 else (2 if 0 else 3) */
  assert_eval ("1 if c else 2 if c else 3", 3);
  assert_eval ("(a if 1 else b) * 10", 20);
  assert_eval ("a + 1 if 1 else 0", 3);    /* the whole sum is the then-branch */
  g_assert_true (isnan (eval ("1 if 0 / 0 else 2")));  /* unknown condition */
}

static void
test_conditional_lazy (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse ("a if 1 else nosuchname", &error);
  guint calls = 0;

  g_assert_no_error (error);
  /* The untaken branch is not evaluated ... */
  g_assert_cmpfloat (cs_expr_eval (expr, resolve, &calls, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpuint (calls, ==, 1);
  /* ... but the static check visits it. */
  g_assert_false (cs_expr_check (expr, resolve, NULL, &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "column 13: "));
}

static void
test_comparisons (void)
{
  assert_eval ("a < b", 1);
  assert_eval ("b < a", 0);
  assert_eval ("a <= 2", 1);
  assert_eval ("a >= 3", 0);
  assert_eval ("b > a", 1);
  assert_eval ("a == 2", 1);
  assert_eval ("a != 2", 0);
  assert_eval ("(a < b) + (b < a) + (a == a)", 2);
}

static void
test_division_by_zero (void)
{
  g_assert_true (isnan (eval ("1 / 0")));
  g_assert_true (isnan (eval ("a / c")));
  g_assert_true (isnan (eval ("0 / 0")));
  g_assert_true (isnan (eval ("(1 / 0) + 5")));      /* NaN propagates */
  g_assert_true (isnan (eval ("min(1, 1 / 0)")));    /* unknown in, unknown out */
  g_assert_true (isnan (eval ("(1 / 0) < 3")));
  g_assert_true (isnan (eval ("-(1 / 0)")));
}

static void
test_unknown_identifier (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse ("a + b * FOO", &error);
  double v;

  g_assert_no_error (error);
  v = cs_expr_eval (expr, resolve, NULL, &error);
  g_assert_true (isnan (v));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  /* "a + b * FOO": F is the 9th character. */
  g_assert_cmpstr (error->message, ==, "column 9: unknown identifier “FOO”");
}

static void
test_identifiers (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse ("b + a * program(b) + x.y if a else min(a, c)", &error);
  g_autoptr(GPtrArray) ids = NULL;

  g_assert_no_error (error);
  ids = cs_expr_get_identifiers (expr);
  g_assert_cmpuint (ids->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "b");
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "a");
  g_assert_cmpstr (g_ptr_array_index (ids, 2), ==, "x.y");
  g_assert_cmpstr (g_ptr_array_index (ids, 3), ==, "c");
}

static void
test_escapes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = NULL;
  g_autoptr(GPtrArray) ids = NULL;

  /* A backslash takes the next character literally. */
  assert_eval ("RS\\:c\\=1 * 2", 14);
  /* An escaped keyword is a name. */
  assert_eval ("\\if + 1", 6);
  expr = cs_expr_parse ("RS\\:c\\=1 + \\if", &error);
  g_assert_no_error (error);
  ids = cs_expr_get_identifiers (expr);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "RS:c=1");
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "if");
  /* A trailing backslash escapes nothing. */
  g_clear_pointer (&expr, cs_expr_free);
  expr = cs_expr_parse ("a + b\\", &error);
  g_assert_null (expr);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "column 6: "));
}

static void
assert_syntax_error (const char *text,
                     int         column)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse (text, &error);
  g_autofree char *prefix = g_strdup_printf ("column %d: ", column);

  g_assert_null (expr);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("“%s”: expected an error at column %d, got “%s”", text, column, error->message);
}

static void
test_syntax_errors (void)
{
  assert_syntax_error ("", 1);                  /* empty */
  assert_syntax_error ("   ", 4);               /* only blanks: the end is at column 4 */
  assert_syntax_error ("a +", 4);               /* operand missing at the end */
  assert_syntax_error ("a + * b", 5);
  assert_syntax_error ("(a + b", 7);            /* missing ")" */
  assert_syntax_error ("a + b)", 6);            /* stray ")" */
  assert_syntax_error ("a b", 3);               /* two operands */
  assert_syntax_error ("a if b", 7);            /* "if" without "else" */
  assert_syntax_error ("a < b < c", 7);         /* comparisons do not chain */
  assert_syntax_error ("foo(a)", 1);            /* unknown function */
  assert_syntax_error ("d_ratio(a)", 1);        /* wrong argument count */
  assert_syntax_error ("min()", 1);
  assert_syntax_error ("min(a,)", 7);
  assert_syntax_error ("a $ b", 3);             /* unexpected character */
  assert_syntax_error ("2x + 1", 1);            /* malformed number */
  assert_syntax_error ("1.2.3", 1);
  assert_syntax_error ("«a» + 1", 1);
  assert_syntax_error ("\\é + a $", 8);         /* columns count characters, not bytes */
}

static void
test_deep_nesting (void)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (s, ')');
  /* Must fail cleanly instead of exhausting the stack. */
  expr = cs_expr_parse (s->str, &error);
  g_assert_null (expr);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE);
  g_string_free (s, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/formula/precedence", test_precedence);
  g_test_add_func ("/formula/unary-minus", test_unary_minus);
  g_test_add_func ("/formula/functions", test_functions);
  g_test_add_func ("/formula/conditional", test_conditional);
  g_test_add_func ("/formula/conditional-lazy", test_conditional_lazy);
  g_test_add_func ("/formula/comparisons", test_comparisons);
  g_test_add_func ("/formula/division-by-zero", test_division_by_zero);
  g_test_add_func ("/formula/unknown-identifier", test_unknown_identifier);
  g_test_add_func ("/formula/identifiers", test_identifiers);
  g_test_add_func ("/formula/escapes", test_escapes);
  g_test_add_func ("/formula/syntax-errors", test_syntax_errors);
  g_test_add_func ("/formula/deep-nesting", test_deep_nesting);
  return g_test_run ();
}
