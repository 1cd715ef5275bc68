/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-fixture.c — the reader on perf recordings checked in with perf's
 * own view of them, so that it is tested where perf is not installed
 *
 * tests/fixtures/perf-*.data were recorded by `perf record` (see
 * tests/fixtures/README.md); next to each, NAME.perf.txt holds what perf
 * printed for it then: `perf report --header-only -I`, and the record
 * offsets and statistics of `perf report -D`.
 */
#include "config.h"

#include <unistd.h>

#include "cs-perf-compare.h"
#include "cs-perf-test-util.h"

static char *
fixture (const char *name)
{
  return g_build_filename (CS_TEST_SRCDIR, "fixtures", name, NULL);
}

static void
test_fixture (gconstpointer data)
{
  const char *name = data;
  g_autofree char *data_name = g_strconcat (name, ".data", NULL);
  g_autofree char *oracle_name = g_strconcat (name, ".perf.txt", NULL);
  g_autofree char *path = fixture (data_name);
  g_autofree char *oracle_path = fixture (oracle_name);
  g_autofree char *oracle = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = NULL;

  g_file_get_contents (oracle_path, &oracle, NULL, &error);
  g_assert_no_error (error);
  reader = cs_perf_reader_new (path, &error);
  g_assert_no_error (error);
  g_assert_null (cs_perf_reader_get_warnings (reader)[0]);
  cs_perf_check_header (reader, oracle);
  cs_perf_check_dump (reader, oracle);
  g_assert_cmpuint (cs_perf_reader_get_stats (reader)->n_records[CS_PERF_RECORD_SAMPLE], >, 10);
}

/* Every sample's (time, ip) in order, as one string. */
static char *
sample_list (CsPerfReader *reader)
{
  GString *s = g_string_new (NULL);
  const CsPerfRecord *r;
  g_autoptr(GError) error = NULL;

  while (cs_perf_reader_next (reader, &r, &error))
    if (r->type == CS_PERF_RECORD_SAMPLE)
      g_string_append_printf (s, "%" G_GUINT64_FORMAT ":%" G_GINT64_MODIFIER "x ", r->time, r->sample.ip);
  g_assert_no_error (error);
  return g_string_free (s, FALSE);
}

/* The attr section rewritten with every perf_event_attr size the kernel
 * ABI has had (PERF_ATTR_SIZE_VER0 … VER8) and one from the future with
 * unknown tail bytes: known fields are read, the rest is 0 or skipped. */
static void
test_attr_versions (void)
{
  static const guint32 sizes[] = { 64, 72, 80, 96, 104, 112, 120, 128, 136, 160 };
  g_autofree char *path = fixture ("perf-cpu-clock.data");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) original = NULL;
  g_autofree char *expected_samples = NULL;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  original = cs_perf_reader_new (path, &error);
  g_assert_no_error (error);
  expected_samples = sample_list (original);

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      const guint8 *in = (const guint8 *) contents;
      guint64 old_entry = cs_perf_test_get64 (in, 16);
      guint64 attrs = cs_perf_test_get64 (in, 24);
      guint64 n = cs_perf_test_get64 (in, 32) / old_entry;
      guint32 size = sizes[k];
      guint64 entry = size + 16, attrs_size = n * entry;
      g_autoptr(GByteArray) out = g_byte_array_sized_new (len + attrs_size);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(CsPerfReader) reader = NULL;
      g_autofree char *samples = NULL;

      g_byte_array_append (out, in, len);
      for (guint64 i = 0; i < n; i++)
        {
          const guint8 *attr = in + attrs + i * old_entry;
          guint32 old_size;
          guint8 buf[160 + 16];

          memcpy (&old_size, attr + 4, 4);
          g_assert_cmpuint (old_size, ==, 128);
          memset (buf, 0, sizeof buf);
          memcpy (buf, attr, MIN (size, old_size));
          if (size > 136)
            memset (buf + 136, 0xab, size - 136);   /* fields we cannot know */
          memcpy (buf + 4, &size, 4);
          memcpy (buf + size, attr + old_entry - 16, 16);  /* the ids section */
          g_byte_array_append (out, buf, size + 16);
        }
      memcpy (out->data + 16, &entry, 8);
      memcpy (out->data + 24, &len, 8);
      memcpy (out->data + 32, &attrs_size, 8);

      bytes = g_byte_array_free_to_bytes (g_steal_pointer (&out));
      reader = cs_perf_reader_new_from_bytes (bytes, "versions.data", &error);
      g_assert_no_error (error);
      g_assert_cmpuint (cs_perf_reader_get_n_attrs (reader), ==, n);
      for (guint64 i = 0; i < n; i++)
        {
          const guint8 *mine = (const guint8 *) g_bytes_get_data (bytes, NULL) + len + i * entry;
          CsPerfEventAttr expected;

          /* what must come out: the first min(size, 136) bytes, zeros after */
          memset (&expected, 0, sizeof expected);
          memcpy (&expected, mine, MIN (size, sizeof expected));
          g_assert_cmpmem (&cs_perf_reader_get_attr (reader, i)->attr, sizeof expected,
                           &expected, sizeof expected);
          g_assert_cmpstr (cs_perf_reader_get_attr (reader, i)->name, ==, "cpu-clock");
        }
      samples = sample_list (reader);
      g_assert_cmpstr (samples, ==, expected_samples);
    }
}

typedef struct
{
  int          fd;
  const char  *data;
  gsize        len;
} Writer;

static gpointer
write_all (gpointer user_data)
{
  Writer *w = user_data;
  gsize done = 0;

  while (done < w->len)
    {
      gssize n = write (w->fd, w->data + done, w->len - done);

      g_assert_cmpint (n, >, 0);
      done += n;
    }
  close (w->fd);
  return NULL;
}

static guint64
count_records (CsPerfReader *reader)
{
  const CsPerfRecord *r;
  g_autoptr(GError) error = NULL;
  guint64 n = 0;

  while (cs_perf_reader_next (reader, &r, &error))
    n++;
  g_assert_no_error (error);
  return n;
}

/* `perf record -o - | cyclescope report /dev/stdin`: a pipe cannot be mapped. */
static void
test_unmappable (void)
{
  g_autofree char *path = fixture ("perf-pipe.data");
  g_autofree char *contents = NULL;
  g_autofree char *fd_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) from_file = NULL;
  g_autoptr(CsPerfReader) from_pipe = NULL;
  Writer w;
  GThread *writer;
  int fds[2];

  g_file_get_contents (path, &contents, &w.len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pipe (fds), ==, 0);
  w.fd = fds[1];
  w.data = contents;
  writer = g_thread_new ("writer", write_all, &w);
  fd_path = g_strdup_printf ("/proc/self/fd/%d", fds[0]);
  from_pipe = cs_perf_reader_new (fd_path, &error);
  g_thread_join (writer);
  close (fds[0]);
  g_assert_no_error (error);

  from_file = cs_perf_reader_new (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cs_perf_reader_get_info (from_pipe)->hostname, ==,
                   cs_perf_reader_get_info (from_file)->hostname);
  g_assert_cmpuint (count_records (from_pipe), ==, count_records (from_file));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/perf-fixture/cpu-clock", "perf-cpu-clock", test_fixture);
  g_test_add_data_func ("/perf-fixture/two-events", "perf-two-events", test_fixture);
  g_test_add_data_func ("/perf-fixture/pipe", "perf-pipe", test_fixture);
  g_test_add_data_func ("/perf-fixture/compressed", "perf-compressed", test_fixture);
  g_test_add_func ("/perf-fixture/unmappable", test_unmappable);
  g_test_add_func ("/perf-fixture/attr-versions", test_attr_versions);
  return g_test_run ();
}
