/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json-writer.c — the streamed JSON is what json-c prints
 *
 * The report writes its JSON with cs-json-writer instead of building a
 * json-c tree; scripts must not see the difference. Each case builds the
 * same document twice, as a json-c tree printed with the report's flags
 * (the oracle) and through the writer, and compares the bytes: nesting and
 * empty containers, null members and items, every byte value in strings
 * and keys, integers at their limits and doubles of every shape (whole,
 * fractional, tiny, huge, -0, exponents, and a deterministic sweep of bit
 * patterns), in the C locale and, where installed, one with a decimal comma.
 */
#include "config.h"

#include <float.h>
#include <json-c/json.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "cs-json-writer.h"

#define FLAGS (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)

/* Prints @tree (taken) as the report did before the writer. */
static char *
oracle (json_object *tree)
{
  char *text = g_strdup (json_object_to_json_string_ext (tree, FLAGS));

  json_object_put (tree);
  return text;
}

typedef struct
{
  GString      *out;
  CsJsonWriter  w;
} Written;

static void
written_init (Written *x)
{
  x->out = g_string_new (NULL);
  cs_json_writer_init (&x->w, x->out);
}

static char *
written_finish (Written *x)
{
  cs_json_writer_clear (&x->w);
  return g_string_free (x->out, FALSE);
}

static void
test_structure (void)
{
  json_object *root = json_object_new_object ();
  json_object *empty_obj = json_object_new_object ();
  json_object *empty_arr = json_object_new_array ();
  json_object *arr = json_object_new_array ();
  json_object *inner = json_object_new_object ();
  json_object *deep = json_object_new_array ();
  g_autofree char *expected = NULL, *got = NULL;
  Written x;

  json_object_object_add (root, "empty_object", empty_obj);
  json_object_object_add (root, "empty_array", empty_arr);
  json_object_object_add (root, "null", NULL);
  json_object_array_add (arr, NULL);
  json_object_array_add (arr, json_object_new_boolean (TRUE));
  json_object_array_add (arr, json_object_new_boolean (FALSE));
  json_object_object_add (inner, "x", json_object_new_int (-3));
  json_object_object_add (inner, "list", json_object_new_array ());
  json_object_array_add (arr, inner);
  json_object_array_add (arr, json_object_new_object ());
  json_object_array_add (deep, json_object_new_array ());
  json_object_array_add (json_object_array_get_idx (deep, 0), json_object_new_string ("in"));
  json_object_array_add (arr, deep);
  json_object_object_add (root, "items", arr);
  json_object_object_add (root, "last", json_object_new_string ("end"));
  expected = oracle (root);

  written_init (&x);
  cs_json_begin_object (&x.w);
  cs_json_key (&x.w, "empty_object");
  cs_json_begin_object (&x.w);
  cs_json_end_object (&x.w);
  cs_json_key (&x.w, "empty_array");
  cs_json_begin_array (&x.w);
  cs_json_end_array (&x.w);
  cs_json_key (&x.w, "null");
  cs_json_null (&x.w);
  cs_json_key (&x.w, "items");
  cs_json_begin_array (&x.w);
  cs_json_string (&x.w, NULL);
  cs_json_bool (&x.w, TRUE);
  cs_json_bool (&x.w, FALSE);
  cs_json_begin_object (&x.w);
  cs_json_member_int (&x.w, "x", -3);
  cs_json_key (&x.w, "list");
  cs_json_begin_array (&x.w);
  cs_json_end_array (&x.w);
  cs_json_end_object (&x.w);
  cs_json_begin_object (&x.w);
  cs_json_end_object (&x.w);
  cs_json_begin_array (&x.w);
  cs_json_begin_array (&x.w);
  cs_json_string (&x.w, "in");
  cs_json_end_array (&x.w);
  cs_json_end_array (&x.w);
  cs_json_end_array (&x.w);
  cs_json_member_string (&x.w, "last", "end");
  cs_json_end_object (&x.w);
  got = written_finish (&x);

  g_assert_cmpstr (got, ==, expected);
}

static void
test_strings (void)
{
  /* Every byte but NUL, alone and in words: the escapes, '/', DEL, the
   * bytes of UTF-8 and bytes that are not UTF-8 (printed as they are;
   * cs_cli_print_output() mends them afterwards, for both alike). */
  GString *all = g_string_new (NULL);
  const char *samples[] = { "", "plain", "a/b", "quote \" and \\ backslash", "tab\there\nline\r\f\b",
                            "\x1b[31mred\x1b[0m", "\x7f\xc2\x85", "ü€𝄞", "\xff\xfe invalid", NULL };
  json_object *root = json_object_new_object ();
  json_object *arr = json_object_new_array ();
  g_autofree char *expected = NULL, *got = NULL;
  Written x;

  for (guint c = 1; c < 256; c++)
    g_string_append_c (all, (char) c);
  for (guint i = 0; samples[i] != NULL; i++)
    json_object_array_add (arr, json_object_new_string (samples[i]));
  json_object_array_add (arr, json_object_new_string (all->str));
  json_object_object_add (root, "strings", arr);
  for (guint i = 0; samples[i] != NULL; i++)
    json_object_object_add (root, samples[i], json_object_new_int (i));
  json_object_object_add (root, all->str, json_object_new_string (all->str));
  expected = oracle (root);

  written_init (&x);
  cs_json_begin_object (&x.w);
  cs_json_key (&x.w, "strings");
  cs_json_begin_array (&x.w);
  for (guint i = 0; samples[i] != NULL; i++)
    cs_json_string (&x.w, samples[i]);
  cs_json_string (&x.w, all->str);
  cs_json_end_array (&x.w);
  for (guint i = 0; samples[i] != NULL; i++)
    cs_json_member_int (&x.w, samples[i], i);
  cs_json_member_string (&x.w, all->str, all->str);
  cs_json_end_object (&x.w);
  got = written_finish (&x);

  g_assert_cmpstr (got, ==, expected);
  g_string_free (all, TRUE);
}

static void
test_integers (void)
{
  const gint64 ints[] = { 0, 1, -1, 9, 10, -10, 999, 1000, G_MAXINT32, G_MININT32, G_MAXINT64, G_MININT64 };
  const guint64 uints[] = { 0, 1, 10, 4294967296ULL, G_MAXINT64, (guint64) G_MAXINT64 + 1, G_MAXUINT64 };
  json_object *arr = json_object_new_array ();
  g_autofree char *expected = NULL, *got = NULL;
  Written x;

  for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
    json_object_array_add (arr, json_object_new_int64 (ints[i]));
  for (guint i = 0; i < G_N_ELEMENTS (uints); i++)
    json_object_array_add (arr, json_object_new_uint64 (uints[i]));
  expected = oracle (arr);

  written_init (&x);
  cs_json_begin_array (&x.w);
  for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
    cs_json_int (&x.w, ints[i]);
  for (guint i = 0; i < G_N_ELEMENTS (uints); i++)
    cs_json_uint (&x.w, uints[i]);
  cs_json_end_array (&x.w);
  got = written_finish (&x);

  g_assert_cmpstr (got, ==, expected);
}

/* The doubles a report prints: JSON null for what is not finite (the
 * report never hands json-c a NaN), "%.17g" with ".0" for the rest. */
static void
check_doubles (void)
{
  static const double fixed[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 0.1, 1.0 / 3.0, 2.0 / 3.0, 1000.4999999998749,
    2000000000.5, 0.70710678118654757, 123456789.123, 999999999999999.0, 1e15, -1e15,
    1e15 + 1, 9007199254740993.0, 1e16, 1e17, 1e20, -1e21, 1e-4, 1e-5, 3.5e-7, 1e-300,
    DBL_MAX, -DBL_MAX, DBL_MIN, 4.9e-324, 12345678901234567890.0,
  };
  static const double not_finite[] = { NAN, INFINITY, -INFINITY };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20000);  /* a fixed sweep, the same every run */
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  json_object *arr = json_object_new_array ();
  g_autofree char *expected = NULL, *got = NULL;
  Written x;

  g_array_append_vals (values, fixed, G_N_ELEMENTS (fixed));
  for (guint i = 0; i < 2000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double d;

      memcpy (&d, &bits, sizeof d);
      if (isfinite (d))
        g_array_append_val (values, d);
      /* and numbers of the sizes counts and metrics have */
      d = g_rand_double_range (rand, -1e12, 1e12);
      g_array_append_val (values, d);
      d = round (d);
      g_array_append_val (values, d);
      d = d / 1e6;
      g_array_append_val (values, d);
    }

  for (guint i = 0; i < values->len; i++)
    json_object_array_add (arr, json_object_new_double (g_array_index (values, double, i)));
  for (guint i = 0; i < G_N_ELEMENTS (not_finite); i++)
    json_object_array_add (arr, NULL);
  expected = oracle (arr);

  written_init (&x);
  cs_json_begin_array (&x.w);
  for (guint i = 0; i < values->len; i++)
    cs_json_number (&x.w, g_array_index (values, double, i));
  for (guint i = 0; i < G_N_ELEMENTS (not_finite); i++)
    cs_json_number (&x.w, not_finite[i]);
  cs_json_end_array (&x.w);
  got = written_finish (&x);

  g_assert_cmpstr (got, ==, expected);
}

static void
test_doubles (void)
{
  check_doubles ();
}

/* json-c prints with the locale's decimal mark and turns a comma back into
 * a point; the writer must never print a comma at all. */
static void
test_doubles_comma_locale (void)
{
  static const char *locales[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "nl_NL.UTF-8", NULL };
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  gboolean found = FALSE;

  for (guint i = 0; locales[i] != NULL && !found; i++)
    found = setlocale (LC_NUMERIC, locales[i]) != NULL;
  if (!found)
    {
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }
  g_assert_cmpstr (localeconv ()->decimal_point, ==, ",");
  check_doubles ();
  setlocale (LC_NUMERIC, saved);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-writer/structure", test_structure);
  g_test_add_func ("/json-writer/strings", test_strings);
  g_test_add_func ("/json-writer/integers", test_integers);
  g_test_add_func ("/json-writer/doubles", test_doubles);
  g_test_add_func ("/json-writer/doubles-comma-locale", test_doubles_comma_locale);
  return g_test_run ();
}
