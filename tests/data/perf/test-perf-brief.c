/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-brief.c — cs_perf_reader_foreach_brief against `perf script`
 *
 * The promise of the brief reader: every side-band record (MMAP, MMAP2,
 * COMM, FORK, EXIT) comes in perf's order, and every sample between the
 * same two of them as in perf's order. perf is the oracle: `perf script
 * --show-mmap-events --show-task-events` prints records in the order perf
 * delivers them, so cutting its output at each side-band record gives
 * segments of samples; ours must have the same segments, each with the same
 * samples (pid, tid, cpu, time, period, ip), in any order.
 *
 * The recordings run several short processes one after the other (each
 * exec, its mmaps and its exit are side-band between samples) with two
 * threads on two CPUs and small ring buffers, so that there are many
 * FINISHED_ROUNDs, records out of time order between the CPU buffers, and
 * long stretches of samples only: both the queue and the skipping of it.
 *
 * Arguments: READER-WORKLOAD. Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cs-perf-build.h"
#include "cs-perf-reader.h"
#include "cs-perf-test-util.h"
#include "cs-test-perf-segments.h"
#include "cs-perf-writer.h"

static char *perf;
static char *workload;
static char *tmpdir;

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
on_record (const CsPerfRecord *r,
           gpointer            user_data)
{
  g_assert_true (r->type != CS_PERF_RECORD_SAMPLE);
  switch (r->type)
    {
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
    case CS_PERF_RECORD_COMM:
    case CS_PERF_RECORD_FORK:
    case CS_PERF_RECORD_EXIT:
      cs_test_segments_cut (user_data);
      break;
    default:
      break;
    }
  return TRUE;
}

static void
on_samples (const CsPerfBrief *samples,
            guint              n_samples,
            gpointer           user_data)
{
  g_assert_cmpuint (n_samples, >, 0);
  for (guint i = 0; i < n_samples; i++)
    cs_test_segments_add (user_data, samples[i].pid, samples[i].tid, samples[i].cpu, samples[i].time,
                  samples[i].period, samples[i].ip);
}

static void
brief_segments (const char     *file,
                gboolean        ordered,
                CsTestSegments *s)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (file, &error);

  g_assert_no_error (error);
  cs_perf_reader_set_ordered (reader, ordered);
  cs_test_segments_init (s);
  g_assert_true (cs_perf_reader_foreach_brief (reader, on_record, on_samples, s, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cs_perf_reader_get_stats (reader)->n_records[CS_PERF_RECORD_SAMPLE], ==,
                    s->n_samples);
}

static void
assert_same_segments (CsTestSegments *ours,
                      CsTestSegments *theirs)
{
  g_assert_cmpuint (ours->n_sideband, ==, theirs->n_sideband);
  g_assert_cmpuint (ours->n_samples, ==, theirs->n_samples);
  for (guint i = 0; i < ours->segments->len; i++)
    {
      GPtrArray *a = g_ptr_array_index (ours->segments, i);
      GPtrArray *b = g_ptr_array_index (theirs->segments, i);

      g_ptr_array_sort (a, compare_strings);
      g_ptr_array_sort (b, compare_strings);
      if (a->len != b->len)
        g_error ("segment %u (after %u side-band records): %u samples, perf has %u", i, i, a->len, b->len);
      for (guint j = 0; j < a->len; j++)
        g_assert_cmpstr (a->pdata[j], ==, b->pdata[j]);
    }
}

/* Four processes in a row, two threads each: side-band records at each
 * start and end, stretches of many rounds of samples only between them. */
static char *
record (const char         *name,
        const char * const *extra)
{
  g_autofree char *script = g_strdup_printf ("for i in 1 2 3 4; do '%s' 250 64 2; done", workload);
  char *file = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *cmd[] = { "/bin/sh", "-c", script, NULL };
  /* --sample-cpu: the brief's cpu, which per-thread recordings leave out */
  const char *base[] = { "-e", "cpu-clock", "-F", "10000", "-m", "8", "--sample-cpu", NULL };

  for (guint i = 0; base[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) base[i]);
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  g_ptr_array_add (args, NULL);
  if (!cs_perf_test_record (perf, file, (const char * const *) args->pdata, cmd, FALSE))
    g_error ("perf could not record");
  return file;
}

static guint64
count_rounds (const char *file)
{
  g_autofree char *dump = cs_perf_test_dump (perf, file);
  g_autoptr(GHashTable) stats = cs_perf_test_stats (dump);

  return cs_perf_test_stat (stats, "FINISHED_ROUND");
}

static void
check_file (const char *file)
{
  CsTestSegments ours, theirs;

  cs_test_perf_segments (perf, file, &theirs);
  /* Enough of everything for the test to mean something. */
  g_assert_cmpuint (theirs.n_sideband, >=, 4 * 4);
  g_assert_cmpuint (theirs.n_samples, >=, 1000);
  brief_segments (file, TRUE, &ours);
  assert_same_segments (&ours, &theirs);
  cs_test_segments_clear (&ours);
  cs_test_segments_clear (&theirs);
}

static void
test_order (void)
{
  g_autofree char *file = record ("order.data", NULL);

  g_assert_cmpuint (count_rounds (file), >=, 10);
  check_file (file);
}

/* The inflated records take the general path. */
static void
test_compressed (void)
{
  const char *extra[] = { "-z", NULL };
  g_autofree char *file = record ("compressed.data", extra);

  check_file (file);
}

/* Callchains: samples whose size varies, decoded in full. */
/* Call chains, one string per sample (sorted later: the order of samples
 * among themselves may differ). */
static void
on_chain_samples (const CsPerfBrief *samples,
                  guint              n_samples,
                  gpointer           user_data)
{
  for (guint i = 0; i < n_samples; i++)
    {
      GString *chain = g_string_new (NULL);

      for (guint64 k = 0; k < samples[i].n_callchain; k++)
        g_string_append_printf (chain, "%" G_GINT64_MODIFIER "x,", samples[i].callchain[k]);
      g_ptr_array_add (user_data, g_string_free (chain, FALSE));
    }
}

static gboolean
on_any_record (const CsPerfRecord *r,
               gpointer            user_data)
{
  return TRUE;
}

/* The briefs' call chains are those `perf report -D` prints raw ("... FP
 * chain: nr:N", then ".....  i: ADDRESS" per entry), markers included. */
static void
check_callchains (const char *file)
{
  g_autofree char *dump = cs_perf_test_dump (perf, file);
  g_auto(GStrv) lines = g_strsplit (dump, "\n", -1);
  g_autoptr(GPtrArray) theirs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ours = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (file, &error);
  guint n_long = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      GString *chain;
      guint64 nr;

      if (!g_str_has_prefix (lines[i], "... FP chain: nr:"))
        continue;
      nr = g_ascii_strtoull (lines[i] + strlen ("... FP chain: nr:"), NULL, 10);
      chain = g_string_new (NULL);
      for (guint64 k = 0; k < nr; k++)
        {
          const char *colon;

          g_assert_nonnull (lines[i + 1 + k]);
          colon = strchr (lines[i + 1 + k], ':');
          g_assert_nonnull (colon);
          g_string_append_printf (chain, "%" G_GINT64_MODIFIER "x,", g_ascii_strtoull (colon + 1, NULL, 16));
        }
      g_ptr_array_add (theirs, g_string_free (chain, FALSE));
    }

  g_assert_no_error (error);
  g_assert_true (cs_perf_reader_foreach_brief (reader, on_any_record, on_chain_samples, ours, &error));
  g_assert_no_error (error);
  g_ptr_array_sort (ours, compare_strings);
  g_ptr_array_sort (theirs, compare_strings);
  g_assert_cmpuint (ours->len, ==, theirs->len);
  for (guint i = 0; i < ours->len; i++)
    {
      const char *comma = strchr (ours->pdata[i], ',');

      g_assert_cmpstr (ours->pdata[i], ==, theirs->pdata[i]);
      n_long += comma != NULL && strchr (comma + 1, ',') != NULL && strchr (strchr (comma + 1, ',') + 1, ',') != NULL;
    }
  /* the case means something: chains of more than one frame */
  g_assert_cmpuint (n_long, >, ours->len / 2);
}

static void
test_callchain (void)
{
  const char *extra[] = { "-g", NULL };
  g_autofree char *file = record ("callchain.data", extra);

  check_file (file);
  check_callchains (file);
}

/* Inflated chains live in a buffer the next record reuses. */
static void
test_callchain_compressed (void)
{
  const char *extra[] = { "-g", "-z", NULL };
  g_autofree char *file = record ("callchain-z.data", extra);

  check_file (file);
  check_callchains (file);
}

/* A file written by hand where the order is hard: two CPU buffers read one
 * after the other each round, a CPU whose records now and then come a round
 * late, and side-band records between samples of the other CPU at nearby
 * times, in bursts with long stretches of samples only between them. */
#define SYN_ST (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
                PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)

/* Ends a record with the sample_id_all trailer of CPU @cpu's thread. */
static void
syn_end (GByteArray *b,
         gsize       at,
         guint32     cpu,
         guint64     time)
{
  put_sample_id (b, 1000 + cpu, 1000 + cpu, time, cpu, 42);
  record_end (b, at);
}

static void
syn_record (GByteArray *b,
            GRand      *rand,
            guint32     cpu,
            guint64     time,
            gboolean    sideband,
            guint64    *serial)
{
  guint32 pid = 1000 + cpu;
  gsize at;

  if (!sideband)
    {
      at = record_begin (b, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
      put64 (b, 42);
      put64 (b, 0x400000 + (*serial)++);
      put32 (b, pid), put32 (b, pid);
      put64 (b, time);
      put32 (b, cpu), put32 (b, 0);
      put64 (b, 1000 + g_rand_int_range (rand, 0, 3));
      record_end (b, at);
      return;
    }
  switch (g_rand_int_range (rand, 0, 4))
    {
    case 0:
      at = record_begin (b, PERF_RECORD_COMM, 0);
      put32 (b, pid), put32 (b, pid);
      put_string (b, "worker");
      break;
    case 1:
      at = record_begin (b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
      put32 (b, pid), put32 (b, pid);
      put64 (b, 0x7f0000000000 + (*serial)++ * 0x10000), put64 (b, 0x1000), put64 (b, 0);
      put32 (b, 8), put32 (b, 1), put64 (b, 1234), put64 (b, 0);
      put32 (b, 5), put32 (b, 2);
      put_string (b, "/usr/lib/libsynth.so");
      break;
    case 2:
      at = record_begin (b, PERF_RECORD_FORK, 0);
      put32 (b, pid), put32 (b, pid), put32 (b, pid + 100), put32 (b, pid), put64 (b, time);
      break;
    default:
      at = record_begin (b, PERF_RECORD_EXIT, 0);
      put32 (b, pid), put32 (b, pid), put32 (b, pid + 100), put32 (b, pid), put64 (b, time);
      break;
    }
  syn_end (b, at, cpu, time);
}

static char *
write_synthetic (void)
{
  char *path = g_build_filename (tmpdir, "synthetic.data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfWriter) writer = cs_perf_writer_new (path, &error);
  g_autoptr(GByteArray) b = g_byte_array_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (4);
  struct perf_event_attr a = { 0 };
  guint64 ids[] = { 42, 43 };
  guint64 serial = 0;
  GArray *late[2];

  g_assert_no_error (error);
  a.type = PERF_TYPE_SOFTWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_SW_CPU_CLOCK;
  a.sample_period = 1000;
  a.sample_type = SYN_ST;
  a.sample_id_all = 1;
  a.mmap = a.comm = a.task = a.mmap2 = 1;
  g_assert_true (cs_perf_writer_add_event (writer, &a, "cpu-clock", ids, 2, &error));

  for (guint cpu = 0; cpu < 2; cpu++)
    late[cpu] = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint round = 0; round < 300; round++)
    {
      /* Bursts of side-band in some stretches of rounds, none in others. */
      double p_sideband = (round / 10) % 3 == 1 ? 0.08 : 0.0;

      for (guint cpu = 0; cpu < 2; cpu++)
        {
          guint n = g_rand_int_range (rand, 0, 40);
          g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (guint64));

          /* this round's window; the CPU's buffer is sorted */
          for (guint i = 0; i < n; i++)
            {
              guint64 t = 1000000 + round * 1000 + g_rand_int_range (rand, 0, 1000);
              g_array_append_val (late[cpu], t);
            }
          /* now and then a CPU is read only the round after */
          if (g_rand_double (rand) < 0.25)
            continue;
          g_array_append_vals (times, late[cpu]->data, late[cpu]->len);
          g_array_set_size (late[cpu], 0);
          g_array_sort (times, (GCompareFunc) compare_u64);
          for (guint i = 0; i < times->len; i++)
            syn_record (b, rand, cpu, g_array_index (times, guint64, i),
                        g_rand_double (rand) < p_sideband, &serial);
        }
      g_assert_true (cs_perf_writer_write (writer, b->data, b->len, &error));
      g_byte_array_set_size (b, 0);
      g_assert_true (cs_perf_writer_finish_round (writer, &error));
    }
  for (guint cpu = 0; cpu < 2; cpu++)
    g_array_unref (late[cpu]);
  g_assert_true (cs_perf_writer_finish (writer, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_synthetic (void)
{
  g_autofree char *file = write_synthetic ();

  check_file (file);
}

/* File order: the same samples, all of them. */
static void
test_unordered (void)
{
  g_autofree char *file = record ("unordered.data", NULL);
  CsTestSegments ours, theirs;
  g_autoptr(GPtrArray) a = g_ptr_array_new ();
  g_autoptr(GPtrArray) b = g_ptr_array_new ();

  cs_test_perf_segments (perf, file, &theirs);
  brief_segments (file, FALSE, &ours);
  g_assert_cmpuint (ours.n_sideband, ==, theirs.n_sideband);
  for (guint i = 0; i < ours.segments->len; i++)
    g_ptr_array_extend (a, g_ptr_array_index (ours.segments, i), NULL, NULL);
  for (guint i = 0; i < theirs.segments->len; i++)
    g_ptr_array_extend (b, g_ptr_array_index (theirs.segments, i), NULL, NULL);
  g_ptr_array_sort (a, compare_strings);
  g_ptr_array_sort (b, compare_strings);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint j = 0; j < a->len; j++)
    g_assert_cmpstr (a->pdata[j], ==, b->pdata[j]);
  cs_test_segments_clear (&ours);
  cs_test_segments_clear (&theirs);
}

typedef struct
{
  guint64 n_samples;
  guint64 n_other;
} Counts;

static gboolean
count_record (const CsPerfRecord *r,
              gpointer            user_data)
{
  Counts *c = user_data;

  if (r->type == CS_PERF_RECORD_SAMPLE)
    c->n_samples++;
  else
    c->n_other++;
  return TRUE;
}

static void
count_samples (const CsPerfBrief *samples,
               guint              n_samples,
               gpointer           user_data)
{
  ((Counts *) user_data)->n_samples += n_samples;
}

/* A file cut in the middle of a record: the same records before the damage
 * and the same error as cs_perf_reader_foreach. */
static void
test_truncated (void)
{
  g_autofree char *file = record ("truncated.data", NULL);
  g_autofree char *cut = g_build_filename (tmpdir, "cut.data", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) e1 = NULL;
  g_autoptr(GError) e2 = NULL;
  g_autoptr(CsPerfReader) r1 = NULL;
  g_autoptr(CsPerfReader) r2 = NULL;
  Counts c1 = { 0 }, c2 = { 0 };
  gsize len = 0;

  g_assert_true (g_file_get_contents (file, &contents, &len, NULL));
  /* Past the header and attrs; the data section runs to the features. */
  g_assert_true (g_file_set_contents (cut, contents, len * 3 / 5 + 3, NULL));
  r1 = cs_perf_reader_new (cut, &e1);
  g_assert_no_error (e1);
  r2 = cs_perf_reader_new (cut, &e2);
  g_assert_no_error (e2);
  g_assert_false (cs_perf_reader_foreach (r1, count_record, &c1, &e1));
  g_assert_false (cs_perf_reader_foreach_brief (r2, count_record, count_samples, &c2, &e2));
  g_assert_error (e1, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT);
  g_assert_error (e2, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT);
  g_assert_cmpstr (e2->message, ==, e1->message);
  g_assert_cmpuint (c2.n_samples, ==, c1.n_samples);
  g_assert_cmpuint (c2.n_other, ==, c1.n_other);
  g_assert_cmpuint (c1.n_samples, >, 100);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if ((perf = cs_test_find_perf ()) == NULL)
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  g_assert_cmpint (argc, >, 1);
  workload = argv[1];
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/perf-brief/synthetic", test_synthetic);
  g_test_add_func ("/perf-brief/order", test_order);
  g_test_add_func ("/perf-brief/compressed", test_compressed);
  g_test_add_func ("/perf-brief/callchain", test_callchain);
  g_test_add_func ("/perf-brief/callchain-compressed", test_callchain_compressed);
  g_test_add_func ("/perf-brief/unordered", test_unordered);
  g_test_add_func ("/perf-brief/truncated", test_truncated);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (perf);
  g_free (tmpdir);
  return ret;
}
