/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-region-marks.c — reading region marks and looking samples up
 *
 * The files are built here byte by byte after docs/regions.md, so the
 * expected regions follow from the marks written, by hand.
 */
#include "config.h"

#include <string.h>

#include "cs-error.h"
#include "cs-region-marks.h"
#include "cs-test-util.h"

static void
put32 (GByteArray *b,
       guint32     v)
{
  g_byte_array_append (b, (const guint8 *) &v, 4);
}

static void
put64 (GByteArray *b,
       guint64     v)
{
  g_byte_array_append (b, (const guint8 *) &v, 8);
}

static void
header (GByteArray *b,
        guint32     pid)
{
  g_byte_array_append (b, (const guint8 *) "CSRMARK1", 8);
  put32 (b, pid);
  put32 (b, 0);
}

static void
name (GByteArray *b,
      guint32     id,
      const char *text)
{
  guint32 len = strlen (text), padded = (len + 7) & ~7u;
  static const guint8 zeros[8];

  put32 (b, 1);
  put32 (b, 16 + padded);
  put32 (b, id);
  put32 (b, len);
  g_byte_array_append (b, (const guint8 *) text, len);
  g_byte_array_append (b, zeros, padded - len);
}

/* @marks: time, region pairs. */
static void
marks (GByteArray    *b,
       guint32        tid,
       const guint64 *pairs,
       guint          n)
{
  put32 (b, 2);
  put32 (b, 16 + 16 * n);
  put32 (b, tid);
  put32 (b, n);
  for (guint i = 0; i < n; i++)
    {
      put64 (b, pairs[2 * i]);
      put32 (b, (guint32) pairs[2 * i + 1]);
      put32 (b, 0);
    }
}

static void
end (GByteArray *b)
{
  put32 (b, 3);
  put32 (b, 24);
  put64 (b, 10);
  put64 (b, 0);
}

/* Two processes; the second calls "B" its region 1. */
static GByteArray *
two_processes (void)
{
  GByteArray *b = g_byte_array_new ();
  const guint64 t10[] = { 100, 1, 200, 2, 300, 1, 400, 0 };
  const guint64 t20[] = { 150, 1, 250, 0 };

  header (b, 10);
  name (b, 1, "A");
  name (b, 2, "B with a longer name");
  marks (b, 10, t10, 2);
  marks (b, 10, t10 + 4, 2);
  end (b);
  header (b, 20);
  name (b, 1, "B with a longer name");
  marks (b, 20, t20, 2);
  end (b);
  return b;
}

static void
test_lookup (void)
{
  g_autoptr(GByteArray) b = two_processes ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRegionMarks) m = cs_region_marks_new_from_data (b->data, b->len, "two", &error);
  guint a, bb;

  g_assert_no_error (error);
  g_assert_cmpuint (cs_region_marks_get_n_regions (m), ==, 2);
  g_assert_cmpuint (cs_region_marks_get_n_marks (m), ==, 6);
  a = cs_region_marks_find (m, "A");
  bb = cs_region_marks_find (m, "B with a longer name");
  g_assert_cmpuint (a, ==, 1);
  g_assert_cmpuint (bb, ==, 2);
  g_assert_cmpuint (cs_region_marks_find (m, "C"), ==, 0);
  g_assert_cmpstr (cs_region_marks_get_name (m, 2), ==, "B with a longer name");
  g_assert_null (cs_region_marks_get_name (m, 3));

  /* Thread 10: A from 100, B from 200, A again from 300, none from 400. */
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 99), ==, 0);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 100), ==, a);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 199), ==, a);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 200), ==, bb);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 350), ==, a);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 401), ==, 0);
  /* out of order, and switching threads */
  g_assert_cmpuint (cs_region_marks_lookup (m, 20, 160), ==, bb);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 250), ==, bb);
  g_assert_cmpuint (cs_region_marks_lookup (m, 20, 260), ==, 0);
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 120), ==, a);
  g_assert_cmpuint (cs_region_marks_lookup (m, 99, 120), ==, 0);
  g_assert_null (cs_region_marks_get_warnings (m)[0]);
}

static void
test_cut_short (void)
{
  g_autoptr(GByteArray) b = two_processes ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRegionMarks) m = NULL;

  /* Drop the second process's END and half its marks record. */
  g_byte_array_set_size (b, b->len - 24 - 16);
  m = cs_region_marks_new_from_data (b->data, b->len, "cut", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (cs_region_marks_get_warnings (m)[0], "cut: a record at byte"));
  g_assert_cmpuint (cs_region_marks_lookup (m, 10, 210), ==, 2);
  g_assert_cmpuint (cs_region_marks_lookup (m, 20, 160), ==, 0);
}

static void
expect_corrupt (GByteArray *b,
                const char *needle)
{
  g_autoptr(GError) error = NULL;
  CsRegionMarks *m = cs_region_marks_new_from_data (b->data, b->len, "bad.regions", &error);

  g_assert_null (m);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, needle));
}

static void
test_corrupt (void)
{
  g_autoptr(GByteArray) magic = g_byte_array_new ();
  g_autoptr(GByteArray) unnamed = g_byte_array_new ();
  g_autoptr(GByteArray) count = g_byte_array_new ();
  g_autoptr(GByteArray) name_len = g_byte_array_new ();
  g_autoptr(GError) error = NULL;
  const guint64 one[] = { 5, 3 };

  g_byte_array_append (magic, (const guint8 *) "PERFILE2 and then some", 22);
  expect_corrupt (magic, "bad.regions: byte 0: not a region marks file");

  header (unnamed, 1);
  marks (unnamed, 1, one, 1);
  expect_corrupt (unnamed, "bad.regions: byte 16: a mark names region 3, which has no name record");

  header (count, 1);
  name (count, 1, "x");
  marks (count, 1, one, 1);
  /* claim two marks in a record that holds one */
  memcpy (count->data + count->len - 16 - 4, &(guint32) { 2 }, 4);
  expect_corrupt (count, "2 marks do not fill a record of 32 bytes");

  header (name_len, 1);
  name (name_len, 1, "x");
  memcpy (name_len->data + 16 + 12, &(guint32) { 100 }, 4);
  expect_corrupt (name_len, "length 100 does not fit");

  g_assert_null (cs_region_marks_load ("/nonexistent/sampling-0.regions", &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "/nonexistent/sampling-0.regions"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/region-marks/lookup", test_lookup);
  g_test_add_func ("/region-marks/cut-short", test_cut_short);
  g_test_add_func ("/region-marks/corrupt", test_corrupt);
  return g_test_run ();
}
