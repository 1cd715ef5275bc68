/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-reader.c — the reader against perf's own view of real recordings
 *
 * Each test records the workload with `perf record` at test time, then checks
 * that the reader sees exactly what perf sees: record counts per type
 * (`perf report -D`), every sample in the same order with the same pid, tid,
 * time, period, event and ip or callchain (`perf script`), the side-band
 * records (`perf script --show-mmap-events --show-task-events`) and the
 * features (`perf report --header-only`). Exits 77 without perf.
 */
#include "config.h"

#include "cs-perf-reader.h"
#include "cs-perf-test-util.h"
#include "cs-perf-compare.h"

static char *perf;
static char *workload;
static char *tmpdir;

typedef struct
{
  guint64    n_records;
  GPtrArray *samples;    /* CsPerfScriptSample* built from our records */
  GString   *sideband;   /* one line per MMAP/MMAP2/COMM/FORK/EXIT */
} Seen;

static void
seen_clear (Seen *seen)
{
  g_ptr_array_unref (seen->samples);
  g_string_free (seen->sideband, TRUE);
}

static gboolean
collect (const CsPerfRecord *r,
         gpointer            user_data)
{
  Seen *seen = user_data;

  seen->n_records++;
  switch (r->type)
    {
    case CS_PERF_RECORD_SAMPLE:
      {
        CsPerfScriptSample *s = g_new0 (CsPerfScriptSample, 1);

        s->pid = r->pid;
        s->tid = r->tid;
        s->time = r->time;
        s->period = r->sample.period;
        s->event = g_strdup (r->attr->name);
        s->ips = g_array_new (FALSE, FALSE, sizeof (guint64));
        if (r->sample.sample_type & (1u << 5))
          {
            for (guint64 i = 0; i < r->sample.n_callchain; i++)
              if (r->sample.callchain[i] < (guint64) -4095)
                g_array_append_val (s->ips, r->sample.callchain[i]);
          }
        else
          g_array_append_val (s->ips, r->sample.ip);
        s->expect = cs_perf_render_sample (r);
        s->dwarf = (r->sample.sample_type & (1u << 13)) != 0;
        g_ptr_array_add (seen->samples, s);
      }
      break;
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      g_string_append_printf (seen->sideband, "%u/%u %" G_GUINT64_FORMAT " MMAP %s\n",
                              r->pid, r->tid, r->time, r->mmap.filename);
      break;
    case CS_PERF_RECORD_COMM:
      g_string_append_printf (seen->sideband, "%u/%u %" G_GUINT64_FORMAT " COMM %s %u/%u\n",
                              r->pid, r->tid, r->time, r->comm.comm, r->comm.pid, r->comm.tid);
      break;
    case CS_PERF_RECORD_FORK:
    case CS_PERF_RECORD_EXIT:
      g_string_append_printf (seen->sideband, "%u/%u %" G_GUINT64_FORMAT " %s %u:%u %u:%u\n",
                              r->pid, r->tid, r->time, cs_perf_record_type_name (r->type),
                              r->task.pid, r->task.tid, r->task.ppid, r->task.ptid);
      break;
    default:
      break;
    }
  return TRUE;
}

/* perf script's side-band lines, rewritten in the format of collect(). */
static char *
perf_sideband (const char *file)
{
  const char *args[] = { "script", "-i", file, "--show-mmap-events", "--show-task-events",
                         "-F", "pid,tid,time", "--ns", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr(GRegex) head = g_regex_new ("^\\s*(\\d+)/(\\d+)\\s+(\\d+)\\.(\\d+): PERF_RECORD_(\\w+)(.*)$", 0, 0, NULL);
  g_autoptr(GRegex) mmap = g_regex_new ("\\]: (?:[-r][-w][-x][-ps]|[rx]) (.*)$", 0, 0, NULL);
  g_autoptr(GRegex) comm = g_regex_new ("^(?: exec)?: (.*):(\\d+)/(\\d+)$", 0, 0, NULL);
  g_autoptr(GRegex) task = g_regex_new ("^\\((\\d+):(\\d+)\\):\\((\\d+):(\\d+)\\)", 0, 0, NULL);
  GString *s = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr(GMatchInfo) m = NULL;
      g_autoptr(GMatchInfo) d = NULL;
      g_autofree char *pid = NULL, *tid = NULL, *sec = NULL, *nsec = NULL, *type = NULL, *rest = NULL;
      guint64 time;

      if (!g_regex_match (head, lines[i], 0, &m))
        continue;
      pid = g_match_info_fetch (m, 1);
      tid = g_match_info_fetch (m, 2);
      sec = g_match_info_fetch (m, 3);
      nsec = g_match_info_fetch (m, 4);
      type = g_match_info_fetch (m, 5);
      rest = g_match_info_fetch (m, 6);
      time = g_ascii_strtoull (sec, NULL, 10) * 1000000000 + g_ascii_strtoull (nsec, NULL, 10);
      g_string_append_printf (s, "%s/%s %" G_GUINT64_FORMAT " ", pid, tid, time);
      if (g_str_has_prefix (type, "MMAP") && g_regex_match (mmap, rest, 0, &d))
        {
          g_autofree char *f = g_match_info_fetch (d, 1);
          g_string_append_printf (s, "MMAP %s\n", f);
        }
      else if (g_str_equal (type, "COMM") && g_regex_match (comm, rest, 0, &d))
        {
          g_autofree char *c = g_match_info_fetch (d, 1);
          g_autofree char *p = g_match_info_fetch (d, 2);
          g_autofree char *t = g_match_info_fetch (d, 3);
          g_string_append_printf (s, "COMM %s %s/%s\n", c, p, t);
        }
      else if ((g_str_equal (type, "FORK") || g_str_equal (type, "EXIT")) &&
               g_regex_match (task, rest, 0, &d))
        {
          g_autofree char *a = g_match_info_fetch (d, 1);
          g_autofree char *b = g_match_info_fetch (d, 2);
          g_autofree char *c = g_match_info_fetch (d, 3);
          g_autofree char *e = g_match_info_fetch (d, 4);
          g_string_append_printf (s, "%s %s:%s %s:%s\n", type, a, b, c, e);
        }
      else
        g_string_append_printf (s, "%s ?%s\n", type, rest);
    }
  return g_string_free (s, FALSE);
}

static CsPerfReader *
check_against_perf_full (const char *file,
                         gboolean    group_read)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (file, &error);
  const char *header_args[] = { "report", "--header-only", "-I", "-i", file, NULL };
  g_autoptr(GHashTable) blocks = NULL;
  g_autoptr(GPtrArray) theirs = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *sideband = NULL;
  g_autofree char *header = NULL;
  Seen seen = { 0 };

  g_assert_no_error (error);
  seen.samples = g_ptr_array_new_with_free_func (cs_perf_script_sample_free);
  seen.sideband = g_string_new (NULL);
  g_assert_true (cs_perf_reader_foreach (reader, collect, &seen, &error));
  g_assert_no_error (error);
  g_assert_null (cs_perf_reader_get_warnings (reader)[0]);

  dump = cs_perf_test_dump (perf, file);
  blocks = cs_perf_test_sample_blocks (dump);
  g_assert_cmpuint (cs_perf_reader_get_stats (reader)->n_records[CS_PERF_RECORD_SAMPLE], >, 10);

  /* every sample, in perf's order (perf script shows each member of a
   * group read as a sample of its own: only the dump is compared then) */
  theirs = group_read ? g_ptr_array_ref (seen.samples) : cs_perf_test_script_samples (perf, file);
  g_assert_cmpuint (seen.samples->len, ==, theirs->len);
  for (guint i = 0; i < theirs->len; i++)
    {
      const CsPerfScriptSample *a = g_ptr_array_index (seen.samples, i);
      const CsPerfScriptSample *b = g_ptr_array_index (theirs, i);

      g_assert_cmpuint (a->time, ==, b->time);
      g_assert_cmpuint (a->pid, ==, b->pid);
      g_assert_cmpuint (a->tid, ==, b->tid);
      g_assert_cmpuint (a->period, ==, b->period);
      g_assert_cmpstr (a->event, ==, b->event);
      if (!a->dwarf)
        g_assert_cmpuint (a->ips->len, ==, b->ips->len);
      /* every field as perf report -D prints it (perf script shows callchain
       * entries relative to their DSO, so they are compared here) */
      {
        g_autofree char *at = g_strdup_printf ("%u:%" G_GUINT64_FORMAT, a->tid, a->time);
        const char *block = g_hash_table_lookup (blocks, at);

        g_assert_nonnull (block);
        for (guint k = 0; a->expect[k]; k++)
          if (strstr (block, a->expect[k]) == NULL)
            g_error ("sample %s: perf report -D does not print \"%s\" but:\n%s", at, a->expect[k], block);
      }
    }

  sideband = perf_sideband (file);
  cs_perf_assert_same_lines (seen.sideband->str, sideband, "side-band records");
  header = cs_perf_test_run (perf, header_args);
  cs_perf_check_header (reader, header);
  cs_perf_check_dump (reader, dump);
  seen_clear (&seen);
  return g_steal_pointer (&reader);
}

static CsPerfReader *
check_against_perf (const char *file)
{
  return check_against_perf_full (file, FALSE);
}

static char *
record (const char         *name,
        const char * const *args,
        const char         *ms,
        const char         *threads,
        gboolean            pipe)
{
  char *file = g_build_filename (tmpdir, name, NULL);
  const char *cmd[] = { workload, ms, "64", threads, NULL };

  if (!cs_perf_test_record (perf, file, args, cmd, pipe))
    g_error ("perf could not record %s", name);
  return file;
}

static void
test_plain (void)
{
  const char *args[] = { "-e", "cpu-clock", "-c", "100000", NULL };
  g_autofree char *file = record ("plain.data", args, "300", "1", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);
  const CsPerfAttr *attr = cs_perf_reader_get_attr (reader, 0);

  g_assert_cmpuint (attr->attr.sample_period, ==, 100000);
  g_assert_false (cs_perf_reader_get_info (reader)->pipe_mode);
}

static void
test_callchain (void)
{
  const char *args[] = { "-g", "-e", "cpu-clock", "-c", "100000", NULL };
  g_autofree char *file = record ("callchain.data", args, "300", "2", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);

  g_assert_true (cs_perf_reader_get_attr (reader, 0)->attr.sample_type & (1u << 5));
}

/* Same sample type for both events: perf uses PERF_SAMPLE_ID. */
static void
test_two_events_id (void)
{
  const char *args[] = { "-e", "cpu-clock/period=100000/", "-e", "page-faults/period=4/", NULL };
  g_autofree char *file = record ("two-id.data", args, "200", "1", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);
  guint64 st = cs_perf_reader_get_attr (reader, 0)->attr.sample_type;

  g_assert_cmpuint (cs_perf_reader_get_n_attrs (reader), ==, 2);
  g_assert_true (st & (1u << 6));
  g_assert_false (st & (1u << 16));
}

/* Different sample types: perf switches to PERF_SAMPLE_IDENTIFIER. */
static void
test_two_events_identifier (void)
{
  const char *args[] = { "-e", "cpu-clock/period=100000,call-graph=fp/",
                         "-e", "page-faults/period=4,call-graph=no/", NULL };
  g_autofree char *file = record ("two-identifier.data", args, "200", "2", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);

  g_assert_cmpuint (cs_perf_reader_get_n_attrs (reader), ==, 2);
  g_assert_true (cs_perf_reader_get_attr (reader, 1)->attr.sample_type & (1u << 16));
}

static void
test_compressed (void)
{
  const char *bo[] = { "version", "--build-options", NULL };
  g_autofree char *options = cs_perf_test_run (perf, bo);
  const char *args[] = { "-z", "-g", "-e", "cpu-clock", "-c", "50000", NULL };
  g_autofree char *file = NULL;
  g_autoptr(CsPerfReader) reader = NULL;
  const CsPerfInfo *info;

  if (!g_regex_match_simple ("zstd: \\[ on", options, 0, 0))
    {
      g_test_skip ("this perf is built without zstd");
      return;
    }
  file = record ("compressed.data", args, "400", "2", FALSE);
  reader = check_against_perf (file);
  info = cs_perf_reader_get_info (reader);
  g_assert_true (cs_perf_info_has_feature (info, CS_PERF_FEAT_COMPRESSED));
  g_assert_cmpuint (info->comp_type, ==, 1);
  g_assert_cmpuint (cs_perf_reader_get_stats (reader)->n_records[CS_PERF_RECORD_COMPRESSED], >, 0);
}

static void
test_pipe (void)
{
  const char *args[] = { "-e", "cpu-clock", "-c", "100000", NULL };
  g_autofree char *file = record ("pipe.data", args, "300", "1", TRUE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);

  g_assert_true (cs_perf_reader_get_info (reader)->pipe_mode);
}

/* MMAP2 in its build-id form: the id must be the one in the ELF note. */
static void
test_buildid_mmap (void)
{
  const char *args[] = { "--buildid-mmap", "-e", "cpu-clock", "-c", "100000", NULL };
  g_autofree char *file = record ("buildid.data", args, "100", "1", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);
  g_autofree char *readelf_path = g_find_program_in_path ("readelf");
  const char *readelf[] = { readelf_path, "-n", workload, NULL };
  g_autofree char *notes = NULL;
  g_autofree char *expected = NULL;
  const CsPerfRecord *r;
  gboolean found = FALSE;
  int status;
  const char *p;

  if (readelf_path == NULL)
    {
      g_test_skip ("readelf is not installed");
      return;
    }
  notes = cs_perf_test_spawn (readelf, NULL, &status);
  p = strstr (notes, "Build ID: ");
  if (p == NULL)
    {
      g_test_skip ("the workload has no build-id note");
      return;
    }
  expected = g_strndup (p + strlen ("Build ID: "), strcspn (p + strlen ("Build ID: "), "\n"));

  cs_perf_reader_rewind (reader);
  while (cs_perf_reader_next (reader, &r, NULL))
    if (r->type == CS_PERF_RECORD_MMAP2 && g_str_equal (r->mmap.filename, workload))
      {
        g_autoptr(GString) hex = g_string_new (NULL);

        g_assert_true (r->misc & (1u << 14));
        for (guint i = 0; i < r->mmap.build_id_size; i++)
          g_string_append_printf (hex, "%02x", r->mmap.build_id[i]);
        g_assert_cmpstr (hex->str, ==, expected);
        found = TRUE;
      }
  g_assert_true (found);
}

/* Nearly every sample field: cpu, addr, weight struct, data_src, phys_addr,
 * page sizes, transaction, raw, user and interrupt registers, user stack. */
static void
test_rich_sample (void)
{
  const char *args[] = { "-e", "cpu-clock", "-c", "100000", "--sample-cpu", "-d", "--phys-data",
                         "--data-page-size", "--code-page-size", "-W", "--transaction", "-R",
                         "--user-regs=ip,sp,ax", "-I", "-T", "-P", "--call-graph", "dwarf,512", NULL };
  g_autofree char *file = record ("rich.data", args, "150", "2", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf (file);
  guint64 st = cs_perf_reader_get_attr (reader, 0)->attr.sample_type;

  /* REGS_USER, STACK_USER, REGS_INTR, DATA_SRC, PHYS_ADDR, both page sizes */
  g_assert_cmphex (st & 0xc8b000, ==, 0xc8b000);
}

/* Leader sampling of a group: READ in its group format. */
static void
test_group_read (void)
{
  const char *args[] = { "-s", "-e", "{cpu-clock,task-clock}:S", "-c", "100000", NULL };
  g_autofree char *file = record ("group.data", args, "150", "2", FALSE);
  g_autoptr(CsPerfReader) reader = check_against_perf_full (file, TRUE);
  const CsPerfAttr *attr = cs_perf_reader_get_attr (reader, 0);

  g_assert_true (attr->attr.sample_type & (1u << 4));
  g_assert_true (attr->attr.read_format & (1u << 3));
}

/* A tracepoint in pipe mode: HEADER_TRACING_DATA with the payload that
 * follows it outside its size, and samples with RAW data. */
static void
test_tracepoint_pipe (void)
{
  const char *args[] = { "-e", "sched:sched_process_exec", "-e", "cpu-clock", "-c", "1000000", NULL };
  g_autofree char *file = g_build_filename (tmpdir, "tracepoint.data", NULL);
  const char *cmd[] = { workload, "50", "16", "1", NULL };
  g_autoptr(CsPerfReader) reader = NULL;

  if (!cs_perf_test_record (perf, file, args, cmd, TRUE))
    {
      g_test_skip ("perf cannot record tracepoints here (tracefs not mounted?)");
      return;
    }
  reader = check_against_perf (file);
  g_assert_cmpuint (cs_perf_reader_get_stats (reader)->n_records[CS_PERF_RECORD_HEADER_TRACING_DATA], ==, 1);
  g_assert_cmpuint (cs_perf_reader_get_attr (reader, 0)->attr.sample_type & (1u << 10), !=, 0);
}

static guint64
sum_after (const char *dump,
           const char *pattern)
{
  g_autoptr(GRegex) re = g_regex_new (pattern, G_REGEX_MULTILINE | G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  guint64 sum = 0;

  g_regex_match (re, dump, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *n = g_match_info_fetch (m, 1);
      sum += g_ascii_strtoull (n, NULL, 10);
    }
  return sum;
}

/* Samples bigger than the one-page ring buffer: the kernel drops them all
 * and says so in LOST records, perf in LOST_SAMPLES. */
static void
test_lost (void)
{
  const char *args[] = { "-m", "1", "--call-graph", "dwarf,32768", "-e", "cpu-clock", "-c", "20000", NULL };
  g_autofree char *file = record ("lost.data", args, "100", "2", FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (file, &error);
  g_autofree char *dump = cs_perf_test_dump (perf, file);
  const CsPerfStats *stats;

  g_assert_no_error (error);
  cs_perf_check_dump (reader, dump);
  stats = cs_perf_reader_get_stats (reader);
  g_assert_cmpuint (stats->n_records[CS_PERF_RECORD_LOST], >, 0);
  g_assert_cmpuint (stats->n_lost, ==, sum_after (dump, "PERF_RECORD_LOST: .* lost:(\\d+)$"));
  g_assert_cmpuint (stats->n_lost_samples, ==, sum_after (dump, "PERF_RECORD_LOST_SAMPLES: .* lost samples :(\\d+)$"));
}

static gboolean
cancel_at_100 (const CsPerfRecord *r,
               gpointer            user_data)
{
  guint *n = user_data;

  return ++(*n) < 100;
}

/* Progress reaches the total, rewinding reads the same again, a cancelled
 * read stops with CANCELLED. */
static void
test_progress_rewind_cancel (void)
{
  const char *args[] = { "-e", "cpu-clock", "-c", "100000", NULL };
  g_autofree char *file = record ("progress.data", args, "300", "1", FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (file, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const CsPerfRecord *r;
  guint64 done, total, first = 0, second = 0;
  guint n = 0;

  g_assert_no_error (error);
  cs_perf_reader_get_progress (reader, &done, &total);
  g_assert_cmpuint (done, ==, 0);
  g_assert_cmpuint (total, ==, cs_perf_reader_get_info (reader)->data_size);
  while (cs_perf_reader_next (reader, &r, &error))
    first++;
  g_assert_no_error (error);
  cs_perf_reader_get_progress (reader, &done, &total);
  g_assert_cmpuint (done, ==, total);

  cs_perf_reader_rewind (reader);
  g_assert_true (cs_perf_reader_foreach (reader, cancel_at_100, &n, &error));
  g_assert_cmpuint (n, ==, 100);
  while (cs_perf_reader_next (reader, &r, &error))
    n++;
  second = n;
  g_assert_cmpuint (first, ==, second);

  cs_perf_reader_rewind (reader);
  cs_perf_reader_set_cancellable (reader, cancellable);
  g_cancellable_cancel (cancellable);
  n = 0;
  while (cs_perf_reader_next (reader, &r, &error))
    n++;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (n, <, first);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  perf = cs_test_find_perf ();
  if (perf == NULL)
    {
      g_printerr ("perf is not installed: skipping\n");
      return CS_TEST_SKIP_EXIT;
    }
  /* perf records the absolute path of what it runs */
  workload = argc > 1 ? g_canonicalize_filename (argv[1], NULL) : cs_perf_test_workload ();
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/perf-reader/plain", test_plain);
  g_test_add_func ("/perf-reader/callchain", test_callchain);
  g_test_add_func ("/perf-reader/two-events-id", test_two_events_id);
  g_test_add_func ("/perf-reader/two-events-identifier", test_two_events_identifier);
  g_test_add_func ("/perf-reader/compressed", test_compressed);
  g_test_add_func ("/perf-reader/pipe", test_pipe);
  g_test_add_func ("/perf-reader/buildid-mmap", test_buildid_mmap);
  g_test_add_func ("/perf-reader/rich-sample", test_rich_sample);
  g_test_add_func ("/perf-reader/group-read", test_group_read);
  g_test_add_func ("/perf-reader/tracepoint-pipe", test_tracepoint_pipe);
  g_test_add_func ("/perf-reader/lost", test_lost);
  g_test_add_func ("/perf-reader/progress-rewind-cancel", test_progress_rewind_cancel);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  return ret;
}
