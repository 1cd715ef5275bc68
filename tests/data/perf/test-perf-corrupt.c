/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-corrupt.c — damaged perf.data: a clear error with the byte
 * offset, and every record before the damage still delivered
 *
 * The damage is done at test time to a real recording: made by `perf record`
 * when perf is installed, else the checked-in fixture. Where records are,
 * the test finds with its own walk over the data section (header fields at
 * fixed offsets, each record's size at +6), not with the reader.
 */
#include "config.h"

#include "cs-perf-reader.h"
#include "cs-perf-test-util.h"

static GBytes *pristine;       /* a -g recording, uncompressed */
static GBytes *compressed;

typedef struct
{
  guint64 offset;
  guint16 size;
  guint32 type;
} Rec;

/* Records of the data section, in file order. */
static GArray *
walk (GBytes *bytes)
{
  gsize len;
  const guint8 *p = g_bytes_get_data (bytes, &len);
  guint64 pos = cs_perf_test_get64 (p, 40);
  guint64 end = pos + cs_perf_test_get64 (p, 48);
  GArray *recs = g_array_new (FALSE, FALSE, sizeof (Rec));

  g_assert_cmpuint (end, <=, len);
  while (pos < end)
    {
      Rec r = { pos, 0, 0 };

      memcpy (&r.type, p + pos, 4);
      memcpy (&r.size, p + pos + 6, 2);
      g_assert_cmpuint (r.size, >=, 8);
      g_array_append_val (recs, r);
      pos += r.size;
    }
  return recs;
}

static guint8 *
copy (GBytes *bytes, gsize *len)
{
  return g_memdup2 (g_bytes_get_data (bytes, len), g_bytes_get_size (bytes));
}

/* Reads everything; returns the number of records delivered before the
 * error (or the end), and the error. */
static guint64
read_all (guint8 *data, gsize len, gboolean ordered, GError **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new_take (data, len);
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new_from_bytes (bytes, "damaged.data", error);
  const CsPerfRecord *r;
  guint64 n = 0;

  if (reader == NULL)
    return G_MAXUINT64;
  cs_perf_reader_set_ordered (reader, ordered);
  while (cs_perf_reader_next (reader, &r, error))
    n++;
  /* once failed, it stays at the end */
  if (error && *error)
    g_assert_false (cs_perf_reader_next (reader, &r, NULL));
  return n;
}

static void
assert_corrupt_at (GError *error, guint64 offset)
{
  g_autofree char *at = g_strdup_printf ("byte offset %" G_GUINT64_FORMAT ":", offset);

  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT);
  if (strstr (error->message, at) == NULL)
    g_error ("expected \"%s\" in: %s", at, error->message);
  g_assert_nonnull (strstr (error->message, "damaged.data"));
}

static void
test_truncated_header (void)
{
  gsize len;

  for (gsize cut = 0; cut < 104; cut += 7)
    {
      g_autoptr(GError) error = NULL;
      guint8 *data = copy (pristine, &len);

      g_assert_cmpuint (read_all (data, cut, TRUE, &error), ==, G_MAXUINT64);
      g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT);
    }
}

static void
test_attr_size_zero (void)
{
  g_autoptr(GError) error = NULL;
  gsize len;
  guint8 *data = copy (pristine, &len);

  memset (data + 16, 0, 8);
  g_assert_cmpuint (read_all (data, len, TRUE, &error), ==, G_MAXUINT64);
  assert_corrupt_at (error, 16);
}

static void
test_attr_bad_size (void)
{
  g_autoptr(GError) error = NULL;
  gsize len;
  guint8 *data = copy (pristine, &len);
  guint64 attrs = cs_perf_test_get64 (data, 24);
  guint32 huge = 4000;

  memcpy (data + attrs + 4, &huge, 4);
  g_assert_cmpuint (read_all (data, len, TRUE, &error), ==, G_MAXUINT64);
  assert_corrupt_at (error, attrs + 4);
}

static void
test_sections_outside (void)
{
  g_autoptr(GError) error = NULL;
  gsize len;
  guint8 *data = copy (pristine, &len);
  guint64 far = G_GUINT64_CONSTANT (1) << 40;

  memcpy (data + 24, &far, 8);
  g_assert_cmpuint (read_all (data, len, TRUE, &error), ==, G_MAXUINT64);
  assert_corrupt_at (error, 24);
}

/* Record @k gets size @size: the @k records before it are delivered. */
static void
check_bad_size (guint k, guint16 size)
{
  g_autoptr(GArray) recs = walk (pristine);
  Rec *r = &g_array_index (recs, Rec, k);

  for (int ordered = 0; ordered <= 1; ordered++)
    {
      g_autoptr(GError) error = NULL;
      gsize len;
      guint8 *data = copy (pristine, &len);

      memcpy (data + r->offset + 6, &size, 2);
      g_assert_cmpuint (read_all (data, len, ordered, &error), ==, k);
      assert_corrupt_at (error, r->offset);
    }
}

static void
test_record_size_zero (void)
{
  g_autoptr(GArray) recs = walk (pristine);

  check_bad_size (recs->len / 2, 0);
  check_bad_size (recs->len / 3, 4);
  check_bad_size (0, 0);
}

static void
test_record_past_end (void)
{
  g_autoptr(GArray) recs = walk (pristine);
  const Rec *last = &g_array_index (recs, Rec, recs->len - 1);

  check_bad_size (recs->len - 1, last->size + 8);
}

/* Unknown types are skipped by their size, never an error. */
static void
test_unknown_type (void)
{
  g_autoptr(GArray) recs = walk (pristine);
  const guint32 types[] = { 50, 63, 100, 127, 200, 0x7fffffff };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr(GError) error = NULL;
      gsize len;
      guint8 *data = copy (pristine, &len);
      Rec *r = &g_array_index (recs, Rec, recs->len / 2 + i);

      memcpy (data + r->offset, &types[i], 4);
      g_assert_cmpuint (read_all (data, len, TRUE, &error), ==, recs->len);
      g_assert_no_error (error);
    }
}

/* Cut inside a record, or between two: every whole record before is delivered. */
static void
test_truncated_data (void)
{
  g_autoptr(GArray) recs = walk (pristine);
  guint k = recs->len * 2 / 3;
  const Rec *r = &g_array_index (recs, Rec, k);

  for (int ordered = 0; ordered <= 1; ordered++)
    {
      g_autoptr(GError) inside = NULL;
      g_autoptr(GError) between = NULL;
      gsize len;

      g_assert_cmpuint (read_all (copy (pristine, &len), r->offset + r->size / 2, ordered, &inside), ==, k);
      assert_corrupt_at (inside, r->offset);
      g_assert_cmpuint (read_all (copy (pristine, &len), r->offset, ordered, &between), ==, k);
      assert_corrupt_at (between, r->offset);
    }
}

/* A callchain claiming more entries than its sample holds. */
static void
test_bad_sample (void)
{
  g_autoptr(GArray) recs = walk (pristine);
  const guint8 *p = g_bytes_get_data (pristine, NULL);
  guint64 st = cs_perf_test_get64 (p, cs_perf_test_get64 (p, 24) + 24);
  guint64 huge = 1000;
  guint before = 0, k;

  /* the fields before CALLCHAIN: IP, TID, TIME, ADDR, ID, STREAM_ID, CPU, PERIOD */
  g_assert_true (st & (1u << 5));
  g_assert_false (st & ((1u << 16) | (1u << 4)));
  before = __builtin_popcountll (st & 0x3cf);
  for (k = recs->len / 2; g_array_index (recs, Rec, k).type != 9; k++)
    ;
  for (int ordered = 0; ordered <= 1; ordered++)
    {
      g_autoptr(GError) error = NULL;
      gsize len;
      guint8 *data = copy (pristine, &len);
      guint64 n;

      memcpy (data + g_array_index (recs, Rec, k).offset + 8 + before * 8, &huge, 8);
      n = read_all (data, len, ordered, &error);
      /* in time order, records read after it may already be out too */
      if (ordered)
        g_assert_cmpuint (n, >=, k);
      else
        g_assert_cmpuint (n, ==, k);
      assert_corrupt_at (error, g_array_index (recs, Rec, k).offset);
    }
}

static void
test_not_perf (void)
{
  g_autoptr(GError) invalid = NULL;
  g_autoptr(GError) version = NULL;
  gsize len;
  guint8 *data = copy (pristine, &len);

  memcpy (data, "ELF\x7f\0\0\0\0", 8);
  g_assert_cmpuint (read_all (data, len, TRUE, &invalid), ==, G_MAXUINT64);
  g_assert_error (invalid, CS_DATA_ERROR, CS_DATA_ERROR_INVALID);
  data = copy (pristine, &len);
  memcpy (data, "PERFFILE", 8);
  g_assert_cmpuint (read_all (data, len, TRUE, &version), ==, G_MAXUINT64);
  g_assert_error (version, CS_DATA_ERROR, CS_DATA_ERROR_VERSION);
}

/* A damaged feature section costs the feature, not the samples. */
static void
test_bad_feature (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CsPerfReader) reader = NULL;
  gsize len;
  guint8 *data = copy (pristine, &len);
  guint64 table = cs_perf_test_get64 (data, 40) + cs_perf_test_get64 (data, 48);
  guint64 far = G_GUINT64_CONSTANT (1) << 40;

  /* first feature present is BUILD_ID or HOSTNAME; point it far away */
  memcpy (data + table, &far, 8);
  bytes = g_bytes_new_take (data, len);
  reader = cs_perf_reader_new_from_bytes (bytes, "damaged.data", &error);
  g_assert_no_error (error);
  g_assert_nonnull (cs_perf_reader_get_warnings (reader)[0]);
  g_assert_nonnull (strstr (cs_perf_reader_get_warnings (reader)[0], "byte offset"));
}

/* Compressed payload bytes flipped: an error naming the COMPRESSED record. */
static void
test_bad_compressed (void)
{
  g_autoptr(GArray) recs = walk (compressed);
  guint k;

  for (k = 0; k < recs->len && g_array_index (recs, Rec, k).type != 81; k++)
    ;
  g_assert_cmpuint (k, <, recs->len);
  for (guint at = 8; at < 64; at += 9)
    {
      g_autoptr(GError) error = NULL;
      gsize len;
      guint8 *data = copy (compressed, &len);
      const Rec *r = &g_array_index (recs, Rec, k);

      for (guint i = at; i < r->size; i += 5)
        data[r->offset + i] ^= 0x5a;
      read_all (data, len, TRUE, &error);
      assert_corrupt_at (error, r->offset);
    }
}

static GBytes *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

int
main (int argc, char **argv)
{
  g_autofree char *perf = NULL;
  g_autofree char *tmpdir = NULL;
  g_autofree char *fixture = g_build_filename (CS_TEST_SRCDIR, "fixtures", "perf-cpu-clock.data", NULL);
  g_autofree char *zfixture = g_build_filename (CS_TEST_SRCDIR, "fixtures", "perf-compressed.data", NULL);
  int ret;

  g_test_init (&argc, &argv, NULL);
  perf = cs_test_find_perf ();
  tmpdir = cs_test_mkdtemp ();
  if (perf != NULL && argc > 1)
    {
      g_autofree char *file = g_build_filename (tmpdir, "fresh.data", NULL);
      const char *args[] = { "-g", "-e", "cpu-clock", "-c", "200000", NULL };
      const char *cmd[] = { argv[1], "50", "16", "1", NULL };

      if (!cs_perf_test_record (perf, file, args, cmd, FALSE))
        g_error ("perf could not record");
      pristine = load (file);
    }
  else
    pristine = load (fixture);
  compressed = load (zfixture);

  g_test_add_func ("/perf-corrupt/truncated-header", test_truncated_header);
  g_test_add_func ("/perf-corrupt/attr-size-zero", test_attr_size_zero);
  g_test_add_func ("/perf-corrupt/attr-bad-size", test_attr_bad_size);
  g_test_add_func ("/perf-corrupt/sections-outside", test_sections_outside);
  g_test_add_func ("/perf-corrupt/record-size-zero", test_record_size_zero);
  g_test_add_func ("/perf-corrupt/record-past-end", test_record_past_end);
  g_test_add_func ("/perf-corrupt/unknown-type", test_unknown_type);
  g_test_add_func ("/perf-corrupt/truncated-data", test_truncated_data);
  g_test_add_func ("/perf-corrupt/bad-sample", test_bad_sample);
  g_test_add_func ("/perf-corrupt/not-perf", test_not_perf);
  g_test_add_func ("/perf-corrupt/bad-feature", test_bad_feature);
  g_test_add_func ("/perf-corrupt/bad-compressed", test_bad_compressed);
  ret = g_test_run ();
  g_bytes_unref (pristine);
  g_bytes_unref (compressed);
  cs_test_rmdir (tmpdir);
  return ret;
}
