/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sorted.c — cs_sorted_upper_bound() on hand-made tables */
#include "config.h"

#include "cs-sorted.h"

typedef struct
{
  guint32 pad;      /* the key is not the first member */
  guint64 key;
  char    tag;
} Row;

static void
test_upper_bound (void)
{
  /* Duplicates (20) and a gap: the index after the last key <= value. */
  static const Row rows[] = { { 0, 10, 'a' }, { 0, 20, 'b' }, { 0, 20, 'c' }, { 0, 30, 'd' } };
  const struct { guint64 value; guint index; } cases[] = {
    { 0, 0 }, { 9, 0 }, { 10, 1 }, { 19, 1 }, { 20, 3 }, { 29, 3 }, { 30, 4 },
    { G_MAXUINT64, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (cs_sorted_upper_bound (rows, G_N_ELEMENTS (rows), sizeof *rows,
                                             G_STRUCT_OFFSET (Row, key), cases[i].value),
                      ==, cases[i].index);
  /* A part of the table, as the ordering queue searches from its head. */
  g_assert_cmpuint (cs_sorted_upper_bound (rows + 1, 3, sizeof *rows, G_STRUCT_OFFSET (Row, key), 20),
                    ==, 2);
  g_assert_cmpuint (cs_sorted_upper_bound (rows, 0, sizeof *rows, G_STRUCT_OFFSET (Row, key), 50),
                    ==, 0);
}

/* Every position of a larger table against a linear scan. */
static void
test_against_scan (void)
{
  g_autofree Row *rows = g_new0 (Row, 1000);

  for (guint i = 0; i < 1000; i++)
    rows[i].key = (guint64) i / 3 * 7;
  for (guint64 v = 0; v < 2400; v++)
    {
      guint expected = 0;

      while (expected < 1000 && rows[expected].key <= v)
        expected++;
      g_assert_cmpuint (cs_sorted_upper_bound (rows, 1000, sizeof *rows, G_STRUCT_OFFSET (Row, key), v),
                        ==, expected);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sorted/upper-bound", test_upper_bound);
  g_test_add_func ("/sorted/against-scan", test_against_scan);
  return g_test_run ();
}
