/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-writer.c — the perf.data writer, byte by byte
 *
 * The file is read back with the offsets of perf.data-file-format.txt; host
 * facts come from /proc and readelf, not from the writer.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-writer.h"
#include "cs-test-util.h"

static char *tmpdir;

static guint64
u64_at (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, 8);
  return v;
}

static guint32
u32_at (const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, 4);
  return v;
}

/* perf's string: u32 len, then len bytes (NUL-padded). */
static const char *
string_at (const guint8 *p,
           gsize        *consumed)
{
  guint32 len = u32_at (p);

  g_assert_cmpuint (len % 64, ==, 0);
  if (consumed != NULL)
    *consumed = 4 + len;
  return (const char *) p + 4;
}

static char *
proc_string (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return g_strstrip (contents);
}

/* MMAP2 of @filename, executable, as the kernel would write it. */
static GByteArray *
make_mmap2 (const char *filename)
{
  GByteArray *rec = g_byte_array_new ();
  gsize name_len = strlen (filename) + 1;
  gsize size = 72 + (name_len + 7) / 8 * 8;
  struct perf_event_header h = { PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, (guint16) size };
  guint32 prot = PROT_READ | PROT_EXEC;

  g_byte_array_set_size (rec, size);
  memset (rec->data, 0, size);
  memcpy (rec->data, &h, sizeof h);
  memcpy (rec->data + 64, &prot, 4);
  memcpy (rec->data + 72, filename, name_len);
  return rec;
}

static char *
readelf_build_id (const char *path)
{
  g_autofree char *readelf = g_find_program_in_path ("readelf");
  g_autofree char *cmd = NULL;
  char *out = NULL, *id = NULL;
  const char *line;

  if (readelf == NULL)
    return NULL;
  cmd = g_strdup_printf ("readelf -n '%s'", path);
  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, NULL, NULL));
  line = strstr (out, "Build ID: ");
  if (line != NULL)
    {
      line += strlen ("Build ID: ");
      id = g_strndup (line, strcspn (line, "\n "));
    }
  g_free (out);
  return id;
}

static void
test_layout (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "layout.data", NULL);
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree guint8 *contents = NULL;
  g_autofree char *hostname = proc_string ("/proc/sys/kernel/hostname");
  g_autofree char *osrelease = proc_string ("/proc/sys/kernel/osrelease");
  g_autofree char *build_id = readelf_build_id (exe);
  g_autoptr(GByteArray) mmap2 = make_mmap2 (exe);
  g_autoptr(GByteArray) expected = g_byte_array_new ();
  g_autoptr(CsPerfWriter) writer = NULL;
  const char *cmdline[] = { "cyclescope", "record", "--", "true", NULL };
  const guint64 ids[] = { 11, 22 };
  struct perf_event_attr attr = { 0 };
  struct perf_event_header round = { 68, 0, 8 };
  guint8 sample[24] = { 0 };
  struct perf_event_header sh = { PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, sizeof sample };
  gsize len;
  guint64 attr_size, attrs_off, data_off, data_size, features, pos;
  guint seen = 0;

  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_CPU_CLOCK;
  attr.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP;
  memcpy (sample, &sh, sizeof sh);
  memcpy (sample + 8, &ids[1], 8);

  writer = cs_perf_writer_new (path, &error);
  g_assert_no_error (error);
  cs_perf_writer_set_cmdline (writer, cmdline);
  cs_perf_writer_add_event (writer, &attr, "cpu-clock", ids, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cs_perf_writer_get_first_id (writer), ==, 11);

  cs_perf_writer_write (writer, mmap2->data, mmap2->len, &error);
  g_assert_no_error (error);
  cs_perf_writer_write (writer, sample, sizeof sample, &error);
  g_assert_no_error (error);
  cs_perf_writer_finish_round (writer, &error);
  g_assert_no_error (error);
  g_byte_array_append (expected, mmap2->data, mmap2->len);
  g_byte_array_append (expected, sample, sizeof sample);
  g_byte_array_append (expected, (const guint8 *) &round, sizeof round);
  g_assert_cmpuint (cs_perf_writer_get_data_size (writer), ==, expected->len);

  /* Until finished, the file has its name and a header that gives the data
   * no size (what a killed collector leaves, readers go to the end);
   * flushed, it holds every record so far. */
  g_assert_true (cs_perf_writer_flush (writer, &error));
  g_assert_no_error (error);
  {
    g_autofree guint8 *partial = NULL;
    guint64 partial_offset, partial_size;
    gsize partial_len;

    g_assert_true (g_file_get_contents (path, (char **) &partial, &partial_len, NULL));
    memcpy (&partial_offset, partial + 40, 8);
    memcpy (&partial_size, partial + 48, 8);
    g_assert_cmpuint (partial_size, ==, 0);
    g_assert_cmpuint (partial_len, ==, partial_offset + expected->len);
    g_assert_cmpmem (partial + partial_offset, expected->len, expected->data, expected->len);
  }
  g_assert_false (cs_perf_writer_add_event (writer, &attr, "late", ids, 1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  cs_perf_writer_finish (writer, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, (char **) &contents, &len, NULL));

  /* Header */
  g_assert_cmpmem (contents, 8, "PERFILE2", 8);
  g_assert_cmpuint (u64_at (contents + 8), ==, 104);
  attr_size = u64_at (contents + 16);
  attrs_off = u64_at (contents + 24);
  g_assert_cmpuint (u64_at (contents + 32), ==, attr_size);
  data_off = u64_at (contents + 40);
  data_size = u64_at (contents + 48);
  features = u64_at (contents + 72);
  g_assert_cmpuint (attr_size, ==, PERF_ATTR_SIZE_VER7 + 16);

  /* Attr entry: the attr, then the {offset, size} of its ids. */
  g_assert_cmpuint (u32_at (contents + attrs_off), ==, PERF_TYPE_SOFTWARE);
  g_assert_cmpuint (u32_at (contents + attrs_off + 4), ==, PERF_ATTR_SIZE_VER7);
  g_assert_cmpuint (u64_at (contents + attrs_off + 8), ==, PERF_COUNT_SW_CPU_CLOCK);
  g_assert_cmpuint (u64_at (contents + attrs_off + 24), ==, attr.sample_type);
  g_assert_cmpuint (u64_at (contents + attrs_off + attr_size - 8), ==, 16);
  pos = u64_at (contents + attrs_off + attr_size - 16);
  g_assert_cmpuint (u64_at (contents + pos), ==, 11);
  g_assert_cmpuint (u64_at (contents + pos + 8), ==, 22);

  /* Data: exactly the records, in order. */
  g_assert_cmpuint (data_size, ==, expected->len);
  g_assert_cmpmem (contents + data_off, data_size, expected->data, expected->len);

  /* Features: a section table right after the data, one entry per bit. */
  g_assert_true (features & (1 << 3));   /* HOSTNAME */
  g_assert_true (features & (1 << 4));   /* OSRELEASE */
  g_assert_true (features & (1 << 6));   /* ARCH */
  g_assert_true (features & (1 << 7));   /* NRCPUS */
  g_assert_true (features & (1 << 8));   /* CPUDESC */
  g_assert_true (features & (1 << 11));  /* CMDLINE */
  g_assert_true (features & (1 << 12));  /* EVENT_DESC */
  g_assert_cmpuint (u64_at (contents + 80) | u64_at (contents + 88) | u64_at (contents + 96), ==, 0);

  pos = data_off + data_size;
  for (guint bit = 0; bit < 64; bit++)
    {
      const guint8 *body;

      if (!(features & (G_GUINT64_CONSTANT (1) << bit)))
        continue;
      g_assert_cmpuint (u64_at (contents + pos) + u64_at (contents + pos + 8), <=, len);
      body = contents + u64_at (contents + pos);
      pos += 16;
      seen++;

      switch (bit)
        {
        case 2: /* BUILD_ID: {header, pid, id[20], size, pad, filename} */
          {
            GString *hex = g_string_new (NULL);

            g_assert_cmpuint (((const struct perf_event_header *) body)->misc & (1 << 15), !=, 0);
            g_assert_cmpint ((gint32) u32_at (body + 8), ==, -1);
            for (guint i = 0; i < body[12 + 20]; i++)
              g_string_append_printf (hex, "%02x", body[12 + i]);
            g_assert_cmpstr ((const char *) body + 36, ==, exe);
            if (build_id != NULL)
              g_assert_cmpstr (hex->str, ==, build_id);
            g_string_free (hex, TRUE);
          }
          break;
        case 3:
          g_assert_cmpstr (string_at (body, NULL), ==, hostname);
          break;
        case 4:
          g_assert_cmpstr (string_at (body, NULL), ==, osrelease);
          break;
        case 7:
          g_assert_cmpuint (u32_at (body + 4), ==, (guint32) sysconf (_SC_NPROCESSORS_ONLN));
          break;
        case 11:
          {
            gsize off = 4, n;

            g_assert_cmpuint (u32_at (body), ==, 4);
            for (guint i = 0; i < 4; i++, off += n)
              g_assert_cmpstr (string_at (body + off, &n), ==, cmdline[i]);
          }
          break;
        case 12: /* EVENT_DESC: nr, attr_size, {attr, nr_ids, name, ids} */
          {
            gsize off, n;

            g_assert_cmpuint (u32_at (body), ==, 1);
            g_assert_cmpuint (u32_at (body + 4), ==, PERF_ATTR_SIZE_VER7);
            off = 8 + PERF_ATTR_SIZE_VER7;
            g_assert_cmpuint (u32_at (body + off), ==, 2);
            g_assert_cmpstr (string_at (body + off + 4, &n), ==, "cpu-clock");
            g_assert_cmpuint (u64_at (body + off + 4 + n), ==, 11);
            g_assert_cmpuint (u64_at (body + off + 4 + n + 8), ==, 22);
          }
          break;
        default:
          break;
        }
    }
  g_assert_cmpuint (seen, >=, 7);
}

static void
test_abandoned (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "abandoned.data", NULL);
  CsPerfWriter *writer = cs_perf_writer_new (path, &error);
  struct perf_event_header round = { 68, 0, 8 };

  g_assert_no_error (error);
  cs_perf_writer_write (writer, &round, sizeof round, &error);
  g_assert_no_error (error);
  cs_perf_writer_free (writer);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_no_directory (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "missing", "x.data", NULL);
  CsPerfWriter *writer = cs_perf_writer_new (path, &error);

  g_assert_null (writer);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "x.data"));
}

/* Whether this process may make a private mount namespace with a tmpfs
 * (root, no seccomp policy against it), tried in a throw-away child. */
static gboolean
can_mount_tmpfs (const char *dir)
{
  int status = 0;
  pid_t pid = fork ();

  if (pid == 0)
    {
      gboolean ok = unshare (CLONE_NEWNS) == 0 &&
                    mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 &&
                    mount ("cs-test", dir, "tmpfs", 0, "size=64k") == 0;
      _exit (ok ? 0 : 1);
    }
  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

/* A 64 KiB tmpfs in a private mount namespace: the writer must fail with
 * ENOSPC spelled out and leave neither file behind. Runs in a subprocess so
 * the namespace goes away with it. */
static void
test_disk_full (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "small", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_build_filename (dir, "full.data", NULL);
          g_autofree guint8 *records = g_malloc0 (4096);
      CsPerfWriter *writer;
      gboolean ok = TRUE;

      g_assert_cmpint (unshare (CLONE_NEWNS), ==, 0);
      g_assert_cmpint (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), ==, 0);
      g_assert_cmpint (mount ("cs-test", dir, "tmpfs", 0, "size=64k"), ==, 0);

      for (gsize off = 0; off < 4096; off += 8)
        {
          struct perf_event_header h = { 68, 0, 8 };
          memcpy (records + off, &h, sizeof h);
        }

      writer = cs_perf_writer_new (path, &error);
      g_assert_no_error (error);
      for (int i = 0; i < 1024 && ok; i++)
        ok = cs_perf_writer_write (writer, records, 4096, &error);
      if (ok)
        ok = cs_perf_writer_finish (writer, &error);
      g_assert_false (ok);
      g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO);
      g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
      g_assert_nonnull (strstr (error->message, "full.data"));
      g_printerr ("message: %s\n", error->message);
      /* Later calls repeat the error instead of writing on. */
      g_clear_error (&error);
      g_assert_false (cs_perf_writer_write (writer, records, 8, &error));
      g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO);
      cs_perf_writer_free (writer);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
          umount (dir);
      g_printerr ("CHECKED\n");
      return;
    }

  if (geteuid () != 0 || !can_mount_tmpfs (dir))
    {
      g_test_skip ("cannot mount a small tmpfs here (needs root)");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*No space left on device*CHECKED*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/perf-writer/layout", test_layout);
  g_test_add_func ("/perf-writer/abandoned", test_abandoned);
  g_test_add_func ("/perf-writer/no-directory", test_no_directory);
  g_test_add_func ("/perf-writer/disk-full", test_disk_full);

  return cs_test_run_with_tmpdir (&tmpdir);
}
