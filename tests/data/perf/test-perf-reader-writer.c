/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-reader-writer.c — the reader on files our collector writes
 *
 * Records are built by hand here (so their values are known without either
 * piece of code), written with the collector's CsPerfWriter, read back with
 * CsPerfReader. The features must be those of this host (uname), the records
 * the ones built, in the order perf's rule gives by hand: at each
 * FINISHED_ROUND, what is not later than the newest time of the previous
 * round.
 */
#include "config.h"

#include <sys/utsname.h>
#include <unistd.h>

#include "cs-perf-build.h"
#include "cs-perf-reader.h"
#include "cs-perf-synth.h"
#include "cs-perf-writer.h"
#include "cs-test-util.h"

#define ST (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
            PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)

static void
sample (GByteArray *b, guint64 time)
{
  gsize at = record_begin (b, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);

  put64 (b, 42);                   /* identifier */
  put64 (b, 0x400000 + time);      /* ip */
  put32 (b, 1000), put32 (b, 1001);
  put64 (b, time);
  put32 (b, 1), put32 (b, 0);      /* cpu */
  put64 (b, 250000);               /* period */
  record_end (b, at);
}

static void
test_round_trip (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = g_build_filename (dir, "ours.data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfWriter) writer = cs_perf_writer_new (path, &error);
  g_autoptr(CsPerfReader) reader = NULL;
  g_autoptr(GByteArray) b = g_byte_array_new ();
  g_autoptr(GString) seen = g_string_new (NULL);
  const char *cmdline[] = { "cyclescope", "record", "--", "./a.out", NULL };
  struct perf_event_attr attr = { 0 };
  guint64 ids[] = { 42, 43 };
  const CsPerfInfo *info;
  const CsPerfRecord *r;
  struct utsname uts;
  gsize at;

  g_assert_no_error (error);
  attr.type = PERF_TYPE_SOFTWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_SW_CPU_CLOCK;
  attr.sample_period = 250000;
  attr.sample_type = ST;
  attr.sample_id_all = 1;
  attr.mmap2 = 1;
  cs_perf_writer_set_cmdline (writer, cmdline);
  g_assert_true (cs_perf_writer_add_event (writer, &attr, "cpu-clock", ids, 2, &error));

  at = record_begin (b, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
  put32 (b, 1000), put32 (b, 1001);
  put_string (b, "a.out");
  put_sample_id (b, 1000, 1000, 50, 1, 42);
  record_end (b, at);
  at = record_begin (b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
  put32 (b, 1000), put32 (b, 1001);
  put64 (b, 0x400000), put64 (b, 0x1000), put64 (b, 0);
  put32 (b, 8), put32 (b, 1), put64 (b, 1234), put64 (b, 5);
  put32 (b, 5), put32 (b, 2);
  put_string (b, "/tmp/a.out");
  put_sample_id (b, 1000, 1000, 60, 1, 42);
  record_end (b, at);
  sample (b, 300);
  sample (b, 100);
  sample (b, 200);
  g_assert_true (cs_perf_writer_write (writer, b->data, b->len, &error));
  g_assert_true (cs_perf_writer_finish_round (writer, &error));
  g_byte_array_set_size (b, 0);
  sample (b, 150);
  g_assert_true (cs_perf_writer_write (writer, b->data, b->len, &error));
  g_assert_true (cs_perf_writer_finish_round (writer, &error));
  g_byte_array_set_size (b, 0);
  sample (b, 400);
  g_assert_true (cs_perf_writer_write (writer, b->data, b->len, &error));
  g_assert_true (cs_perf_writer_finish (writer, &error));
  g_assert_no_error (error);

  reader = cs_perf_reader_new (path, &error);
  g_assert_no_error (error);
  g_assert_null (cs_perf_reader_get_warnings (reader)[0]);
  info = cs_perf_reader_get_info (reader);
  g_assert_cmpint (uname (&uts), ==, 0);
  g_assert_cmpstr (info->hostname, ==, uts.nodename);
  g_assert_cmpstr (info->osrelease, ==, uts.release);
  g_assert_cmpstr (info->arch, ==, uts.machine);
  g_assert_cmpuint (info->nr_cpus_online, ==, sysconf (_SC_NPROCESSORS_ONLN));
  g_assert_true (g_strv_equal ((const char * const *) info->cmdline, cmdline));
  g_assert_cmpuint (cs_perf_reader_get_n_attrs (reader), ==, 1);
  g_assert_cmpstr (cs_perf_reader_get_attr (reader, 0)->name, ==, "cpu-clock");
  g_assert_cmpuint (cs_perf_reader_get_attr (reader, 0)->attr.sample_type, ==, ST);
  g_assert_cmpuint (cs_perf_reader_get_attr (reader, 0)->n_ids, ==, 2);
  g_assert_cmpuint (cs_perf_reader_get_attr (reader, 0)->ids[1], ==, 43);

  while (cs_perf_reader_next (reader, &r, &error))
    switch (r->type)
      {
      case CS_PERF_RECORD_SAMPLE:
        g_assert_true (r->attr == cs_perf_reader_get_attr (reader, 0));
        g_assert_cmpuint (r->sample.ip, ==, 0x400000 + r->time);
        g_assert_cmpuint (r->pid, ==, 1000);
        g_assert_cmpuint (r->tid, ==, 1001);
        g_assert_cmpuint (r->cpu, ==, 1);
        g_assert_cmpuint (r->sample.period, ==, 250000);
        g_string_append_printf (seen, "S%" G_GUINT64_FORMAT " ", r->time);
        break;
      case CS_PERF_RECORD_COMM:
        g_assert_true (r->comm.exec);
        g_assert_cmpuint (r->comm.tid, ==, 1001);
        g_assert_cmpuint (r->id, ==, 42);
        g_string_append_printf (seen, "COMM:%s@%" G_GUINT64_FORMAT " ", r->comm.comm, r->time);
        break;
      case CS_PERF_RECORD_MMAP2:
        g_assert_cmpuint (r->mmap.addr, ==, 0x400000);
        g_assert_cmpuint (r->mmap.len, ==, 0x1000);
        g_assert_cmpuint (r->mmap.maj, ==, 8);
        g_assert_cmpuint (r->mmap.ino, ==, 1234);
        g_assert_cmpuint (r->mmap.prot, ==, 5);
        g_string_append_printf (seen, "MMAP2:%s@%" G_GUINT64_FORMAT " ", r->mmap.filename, r->time);
        break;
      default:
        g_string_append_printf (seen, "%s ", cs_perf_record_type_name (r->type));
        break;
      }
  g_assert_no_error (error);
  /* the writer may add records of its own (build-ids); ours must be in this order */
  g_assert_nonnull (strstr (seen->str, "FINISHED_ROUND FINISHED_ROUND COMM:a.out@50 MMAP2:/tmp/a.out@60 "
                                       "S100 S150 S200 S300 S400 "));
  cs_test_rmdir (dir);
}

/* Every record kind and sample field, in time order and in file order. */
static void
test_every_record (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = cs_perf_synth_write (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (path, &error);
  static const guint64 file_order[] = { 300, 100, 200 };
  const CsPerfRecord *r;
  guint64 n = 0;

  g_assert_no_error (error);
  cs_perf_synth_check (reader);

  cs_perf_reader_rewind (reader);
  cs_perf_reader_set_ordered (reader, FALSE);
  while (cs_perf_reader_next (reader, &r, &error))
    if (r->type == CS_PERF_RECORD_SAMPLE)
      /* file order: 300, 100, 200 */
      g_assert_cmpuint (r->time, ==, file_order[n++]);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 3);
  cs_test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/perf-reader-writer/round-trip", test_round_trip);
  g_test_add_func ("/perf-reader-writer/every-record", test_every_record);
  return g_test_run ();
}
