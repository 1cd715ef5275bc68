/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-counts.c — CsCounts keeps values, order and the weakest provenance */
#include "config.h"

#include <math.h>

#include "cs-counts.h"

static void
test_set_lookup (void)
{
  g_autoptr(CsCounts) c = cs_counts_new ();
  double v = 0;
  CsProvenance p = CS_PROVENANCE_NONE;
  guint n;
  const char **names;

  cs_counts_set (c, "cycles", 100, CS_PROVENANCE_COUNTED);
  cs_counts_set (c, "instructions", 50, CS_PROVENANCE_SCALED);
  g_assert_true (cs_counts_lookup (c, "cycles", &v, &p));
  g_assert_cmpfloat (v, ==, 100);
  g_assert_cmpint (p, ==, CS_PROVENANCE_COUNTED);
  g_assert_false (cs_counts_lookup (c, "missing", &v, &p));
  names = cs_counts_get_names (c, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (names[0], ==, "cycles");
  g_assert_cmpstr (names[1], ==, "instructions");
}

static void
test_add_weakest (void)
{
  g_autoptr(CsCounts) c = cs_counts_new ();
  double v;
  CsProvenance p;

  cs_counts_add (c, "x", 1.5, CS_PROVENANCE_COUNTED);
  cs_counts_add (c, "x", 2.5, CS_PROVENANCE_ESTIMATED);
  cs_counts_add (c, "x", 1, CS_PROVENANCE_COUNTED);
  g_assert_true (cs_counts_lookup (c, "x", &v, &p));
  g_assert_cmpfloat_with_epsilon (v, 5.0, 1e-12);
  g_assert_cmpint (p, ==, CS_PROVENANCE_ESTIMATED);
  g_assert_cmpuint (cs_counts_get_size (c), ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/counts/set-lookup", test_set_lookup);
  g_test_add_func ("/counts/add-weakest", test_add_weakest);
  return g_test_run ();
}
