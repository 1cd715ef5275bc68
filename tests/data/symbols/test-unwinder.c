/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-unwinder.c — unwinding copies of the user stack, against perf
 *
 * dwarf-workload (-O2 without frame pointers: libc's qsort calling back,
 * libm, a shared library, recursion, two threads; with --signal a handler
 * that works) is recorded with `perf record --call-graph dwarf` at test
 * time. Every sample is unwound here with the reader, the address space
 * and the unwinder alone (no profile), and its user frames are compared
 * with the frames `perf script` prints for it (perf's own unwinding), as
 * (file, file offset):
 *
 *  - /unwinder/perf: for nearly every sample, perf's frames are ours, in
 *    the same order (our walk may go on where perf's stops);
 *  - /unwinder/library: samples in the comparator that libc's qsort calls
 *    (no frame pointers in libc) reach the program's sort_part() through
 *    the library's frames and end at an entry;
 *  - /unwinder/signal: samples in the signal handler go on past the signal
 *    frame (libc's restorer) into the code the signal interrupted, whose
 *    pc is kept as it is (an activation, not a return address);
 *  - /unwinder/short-copy: the same samples with their stack copy cut to
 *    512 bytes give the first frames of the full unwinding and never a
 *    complete stack where the full copy gave a deeper one; nothing breaks;
 *  - /unwinder/threads: one, two and three threads give identical frames.
 *
 * Arguments (meson passes them): DWARF-WORKLOAD
 * Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <string.h>

#include "cs-perf-reader.h"
#include "cs-perf-test-util.h"
#include "cs-unwinder.h"

#define SHORT_COPY 512

static char *perf;
static char *workload;
static char *tmpdir;

typedef struct
{
  gint32     pid;
  gint32     tid;
  guint64    time;
  guint64    regs_abi;
  guint64    regs_mask;
  guint64   *regs;
  guint      n_regs;
  guint8    *stack;
  gsize      stack_size;
  GPtrArray *maps;
} Sample;

typedef struct
{
  char       *file;
  GArray     *samples;      /* Sample */
  GHashTable *perf_frames;  /* "tid time" -> GPtrArray of "file:offset", innermost first */
  GHashTable *perf_syms;    /* "tid time" -> GPtrArray of perf's symbol names, the same */
} Recording;

static void
sample_clear (gpointer data)
{
  Sample *s = data;

  g_free (s->regs);
  g_free (s->stack);
  g_clear_pointer (&s->maps, g_ptr_array_unref);
}

static char *
sample_key (gint32  tid,
            guint64 time)
{
  return g_strdup_printf ("%d %" G_GUINT64_FORMAT, tid, time);
}

/* Reads every sample with its registers, stack copy and the maps of its
 * process at that moment, in perf's order. */
static gboolean
on_record (const CsPerfRecord *r,
           gpointer            user_data)
{
  gpointer *state = user_data;
  CsAddressSpace *space = state[0];
  GArray *samples = state[1];
  const CsPerfSample *s = &r->sample;
  Sample out = { 0 };

  switch (r->type)
    {
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      cs_address_space_mmap (space, (gint32) r->mmap.pid, r->mmap.addr, r->mmap.len, r->mmap.pgoff,
                             r->mmap.prot, r->mmap.flags, r->mmap.filename,
                             r->mmap.build_id_size > 0 ? r->mmap.build_id : NULL, r->mmap.build_id_size);
      break;
    case CS_PERF_RECORD_COMM:
      cs_address_space_comm (space, (gint32) r->comm.pid, (gint32) r->comm.tid, r->comm.comm, r->comm.exec);
      break;
    case CS_PERF_RECORD_FORK:
      cs_address_space_fork (space, (gint32) r->task.pid, (gint32) r->task.ppid);
      break;
    case CS_PERF_RECORD_SAMPLE:
      out.pid = (gint32) r->pid;
      out.tid = (gint32) r->tid;
      out.time = r->time;
      if (s->regs_user.abi != 0 && s->stack_user_size > 0)
        {
          out.regs_abi = s->regs_user.abi;
          out.regs_mask = s->regs_user.mask;
          out.n_regs = s->regs_user.n_regs;
          out.regs = g_memdup2 (s->regs_user.regs, (gsize) s->regs_user.n_regs * 8);
          out.stack_size = MIN (s->stack_user_dyn_size, s->stack_user_size);
          out.stack = g_memdup2 (s->stack_user, MAX (out.stack_size, 1));
          out.maps = cs_address_space_dup_mappings (space, out.pid);
        }
      g_array_append_val (samples, out);
      break;
    default:
      break;
    }
  return TRUE;
}

/* `perf script`'s user frames of each sample, keyed by thread and time. */
static void
read_perf_frames (Recording *rec)
{
  const char *args[] = { "script", "-i", rec->file, "-F", "tid,time,ip,sym,dso", "--no-inline", "--ns", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *frames = NULL, *syms = NULL;

  rec->perf_frames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  rec->perf_syms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (line[0] != '\t' && line[0] != '\0')
        {
          /* "  28769  7681.715847703: " */
          gint32 tid = 0;
          guint64 sec = 0, ns = 0;

          if (sscanf (line, "%d %" G_GUINT64_FORMAT ".%" G_GUINT64_FORMAT, &tid, &sec, &ns) != 3)
            continue;
          frames = g_ptr_array_new_with_free_func (g_free);
          syms = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_replace (rec->perf_frames, sample_key (tid, sec * 1000000000ull + ns), frames);
          g_hash_table_replace (rec->perf_syms, sample_key (tid, sec * 1000000000ull + ns), syms);
        }
      else if (line[0] == '\t' && frames != NULL)
        {
          /* "\t            17dc tick_work (/path/dwarf-workload)" */
          const char *open = strrchr (line, '(');
          const char *close = open != NULL ? strrchr (open, ')') : NULL;
          g_autofree char *path = NULL, *base = NULL;
          g_auto(GStrv) words = g_strsplit_set (g_strstrip (g_strdup (line)), " ", 3);
          guint64 offset = g_ascii_strtoull (words[0], NULL, 16);

          if (open == NULL || close == NULL || strstr (line, "[kernel.kallsyms]") != NULL)
            continue;
          path = g_strndup (open + 1, close - open - 1);
          base = g_path_get_basename (path);
          g_ptr_array_add (frames, g_strdup_printf ("%s:%" G_GINT64_MODIFIER "x", base, offset));
          g_ptr_array_add (syms, g_strdup (words[1] != NULL ? words[1] : "?"));
        }
    }
}

static Recording *
record (const char *name,
        gboolean    with_signal,
        const char *dwarf)
{
  Recording *rec = g_new0 (Recording, 1);
  const char *args[] = { "--call-graph", dwarf, "-F", "2000", "-e", "cpu-clock", NULL };
  const char *cmd[] = { workload, "600", with_signal ? "--signal" : NULL, NULL };
  g_autoptr(CsPerfReader) reader = NULL;
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(GError) error = NULL;
  gpointer state[2];

  rec->file = g_build_filename (tmpdir, name, NULL);
  g_assert_true (cs_perf_test_record (perf, rec->file, args, cmd, FALSE));
  rec->samples = g_array_new (FALSE, TRUE, sizeof (Sample));
  g_array_set_clear_func (rec->samples, sample_clear);
  reader = cs_perf_reader_new (rec->file, &error);
  g_assert_no_error (error);
  state[0] = space;
  state[1] = rec->samples;
  g_assert_true (cs_perf_reader_foreach (reader, on_record, state, &error));
  g_assert_no_error (error);
  read_perf_frames (rec);
  g_test_message ("%s: %u samples", name, rec->samples->len);
  g_assert_cmpuint (rec->samples->len, >, 300);
  return rec;
}

static Recording *plain_rec, *signal_rec;

/* Unwinds the samples of @rec with @n_threads threads; @stack_limit > 0
 * cuts every stack copy to that many bytes. */
static void
unwind_all (Recording       *rec,
            guint            n_threads,
            gsize            stack_limit,
            guint64        **frames,
            CsUnwindResult **results)
{
  g_autoptr(CsSymbolizer) symbolizer = cs_symbolizer_new ();
  g_autoptr(CsUnwinder) unwinder = cs_unwinder_new (symbolizer, NULL, NULL, n_threads);
  guint n = rec->samples->len;
  g_autofree CsUnwindSample *in = g_new0 (CsUnwindSample, n);
  g_autoptr(GError) error = NULL;

  g_assert_true (cs_unwinder_is_supported (unwinder));
  g_assert_cmpuint (cs_unwinder_get_n_threads (unwinder), ==, n_threads);
  for (guint i = 0; i < n; i++)
    {
      const Sample *s = &g_array_index (rec->samples, Sample, i);

      in[i].pid = s->pid;
      in[i].tid = s->tid;
      in[i].regs_abi = s->regs_abi;
      in[i].regs_mask = s->regs_mask;
      in[i].regs = s->regs;
      in[i].n_regs = s->n_regs;
      in[i].stack = s->stack;
      in[i].stack_size = stack_limit > 0 ? MIN (s->stack_size, stack_limit) : s->stack_size;
      in[i].maps = s->maps;
    }
  *frames = g_new0 (guint64, (gsize) MAX (n, 1) * CS_UNWIND_MAX_FRAMES);
  *results = g_new0 (CsUnwindResult, MAX (n, 1));
  g_assert_true (cs_unwinder_unwind (unwinder, in, n, *frames, *results, NULL, &error));
  g_assert_no_error (error);
}

/* "file:offset" of a frame, as perf script prints it. */
static char *
frame_name (const Sample *s,
            guint64       pc)
{
  for (guint i = 0; s->maps != NULL && i < s->maps->len; i++)
    {
      const CsMapping *m = g_ptr_array_index (s->maps, i);

      if (pc >= m->start && pc < m->end)
        {
          g_autofree char *base = g_path_get_basename (m->filename);

          return g_strdup_printf ("%s:%" G_GINT64_MODIFIER "x", base, cs_mapping_file_offset (m, pc));
        }
    }
  return g_strdup_printf ("[unknown]:%" G_GINT64_MODIFIER "x", pc);
}

/* How many of perf's frames of sample @i are ours, in order; -1 when perf
 * printed no such sample. */
static int
agreeing_frames (Recording            *rec,
                 guint                 i,
                 const guint64        *frames,
                 const CsUnwindResult *results)
{
  const Sample *s = &g_array_index (rec->samples, Sample, i);
  g_autofree char *key = sample_key (s->tid, s->time);
  GPtrArray *theirs = g_hash_table_lookup (rec->perf_frames, key);
  GPtrArray *syms = g_hash_table_lookup (rec->perf_syms, key);
  guint k = 0;

  if (theirs == NULL)
    return -1;
  for (; k < theirs->len && k < results[i].n_frames; k++)
    {
      guint64 pc = frames[(gsize) i * CS_UNWIND_MAX_FRAMES + k];
      g_autofree char *ours = frame_name (s, pc);
      g_autofree char *one_less = frame_name (s, pc - 1);

      if (strcmp (ours, g_ptr_array_index (theirs, k)) == 0)
        continue;
      /* The handler returns to the start of libc's restorer. libdw counts
       * that frame as an activation (the frame it returns to is a signal
       * frame) and keeps its pc; perf's libunwind takes one off, as for
       * any return address. The same frame either way. */
      if (k > 0 && strcmp (g_ptr_array_index (syms, k - 1), "on_tick") == 0 &&
          strcmp (one_less, g_ptr_array_index (theirs, k)) == 0)
        continue;
      break;
    }
  return (int) k;
}

static void
print_sample (Recording            *rec,
              guint                 i,
              const guint64        *frames,
              const CsUnwindResult *results)
{
  const Sample *s = &g_array_index (rec->samples, Sample, i);
  g_autofree char *key = sample_key (s->tid, s->time);
  GPtrArray *theirs = g_hash_table_lookup (rec->perf_frames, key);

  g_test_message ("sample %s: %u frames here (%s), %u in perf", key, results[i].n_frames,
                  results[i].complete ? "complete" : "stopped", theirs != NULL ? theirs->len : 0);
  for (guint k = 0; k < MAX (results[i].n_frames, theirs != NULL ? theirs->len : 0); k++)
    {
      g_autofree char *ours = k < results[i].n_frames ? frame_name (s, frames[(gsize) i * CS_UNWIND_MAX_FRAMES + k])
                                                     : g_strdup ("");

      g_test_message ("  %-40s %s", ours, theirs != NULL && k < theirs->len ? (char *) g_ptr_array_index (theirs, k) : "");
    }
}

static void
check_against_perf (Recording *rec)
{
  g_autofree guint64 *frames = NULL;
  g_autofree CsUnwindResult *results = NULL;
  guint compared = 0, agreed = 0, shown = 0;

  unwind_all (rec, 2, 0, &frames, &results);
  for (guint i = 0; i < rec->samples->len; i++)
    {
      const Sample *s = &g_array_index (rec->samples, Sample, i);
      g_autofree char *key = sample_key (s->tid, s->time);
      GPtrArray *theirs = g_hash_table_lookup (rec->perf_frames, key);
      int n;

      if (s->regs == NULL || theirs == NULL || theirs->len == 0)
        continue;
      compared++;
      n = agreeing_frames (rec, i, frames, results);
      if (n == (int) theirs->len)
        agreed++;
      else if (shown++ < 3)
        print_sample (rec, i, frames, results);
    }
  g_test_message ("%s: perf's user frames are ours for %u of %u samples", rec->file, agreed, compared);
  g_assert_cmpuint (compared, >, 300);
  /* perf (libunwind here) and libdw disagree on the odd sample; on clang's
   * workloads (the sanitizer build) on more: see cs_test_skip_clang_unwind() */
  if (!CS_TEST_CLANG)
    g_assert_cmpuint (agreed, >=, compared * 98 / 100);
}

static void
test_perf (void)
{
  check_against_perf (plain_rec);
  check_against_perf (signal_rec);
}

/* perf's innermost user symbol of sample @i, or "". */
static const char *
perf_leaf (Recording *rec,
           guint      i)
{
  const Sample *s = &g_array_index (rec->samples, Sample, i);
  g_autofree char *key = sample_key (s->tid, s->time);
  GPtrArray *syms = g_hash_table_lookup (rec->perf_syms, key);

  return syms != NULL && syms->len > 0 ? g_ptr_array_index (syms, 0) : "";
}

static gboolean
frame_in (const Sample *s,
          guint64       pc,
          const char   *file)
{
  g_autofree char *name = frame_name (s, pc);

  return g_str_has_prefix (name, file) && name[strlen (file)] == ':';
}

/* Whether sample @i's @n frames @f go the way the test expects. */
typedef gboolean (*StackCheck) (Recording     *rec,
                                guint          i,
                                const guint64 *f,
                                guint          n,
                                const guint64 *frames,
                                const CsUnwindResult *results);

/* Reached an entry, or stopped where perf did ("[unknown]" last, all before
 * it ours): which samples do depends on when the timer fired. */
static gboolean
walk_ended (Recording            *rec,
            guint                 i,
            const guint64        *frames,
            const CsUnwindResult *results)
{
  const Sample *s = &g_array_index (rec->samples, Sample, i);
  g_autofree char *key = sample_key (s->tid, s->time);
  GPtrArray *theirs = g_hash_table_lookup (rec->perf_frames, key);

  return results[i].complete ||
         (theirs != NULL && theirs->len == results[i].n_frames + 1 &&
          g_str_has_prefix (g_ptr_array_index (theirs, theirs->len - 1), "[unknown]:") &&
          agreeing_frames (rec, i, frames, results) == (int) results[i].n_frames);
}

/* The samples perf finds in @leaf: how many, and in *@good how many pass. */
static guint
check_leaf_samples (Recording  *rec,
                    const char *leaf,
                    StackCheck  check,
                    guint      *good)
{
  g_autofree guint64 *frames = NULL;
  g_autofree CsUnwindResult *results = NULL;
  guint n = 0;

  *good = 0;
  unwind_all (rec, 2, 0, &frames, &results);
  for (guint i = 0; i < rec->samples->len; i++)
    {
      if (strcmp (perf_leaf (rec, i), leaf) != 0)
        continue;
      n++;
      if (walk_ended (rec, i, frames, results) &&
          check (rec, i, frames + (gsize) i * CS_UNWIND_MAX_FRAMES, results[i].n_frames, frames, results))
        (*good)++;
      else if (n - *good <= 3)
        print_sample (rec, i, frames, results);
    }
  return n;
}

/* compare_keys, then the C library's sort, then the program again */
static gboolean
through_qsort (Recording     *rec,
               guint          i,
               const guint64 *f,
               guint          n,
               const guint64 *frames,
               const CsUnwindResult *results)
{
  const Sample *s = &g_array_index (rec->samples, Sample, i);
  g_autofree char *exe = g_path_get_basename (workload);
  guint k = 1;

  while (k < n && frame_in (s, f[k], "libc.so.6"))
    k++;
  return n > 0 && frame_in (s, f[0], exe) && k > 1 && k < n && frame_in (s, f[k], exe);
}

static void
test_library (void)
{
  guint through;
  guint n = check_leaf_samples (plain_rec, "compare_keys", through_qsort, &through);

  g_test_message ("%u samples in compare_keys, %u unwound through libc's qsort to an entry", n, through);
  g_assert_cmpuint (n, >, 20);
  /* clang's workloads: see cs_test_skip_clang_unwind() */
  if (!CS_TEST_CLANG)
    g_assert_cmpuint (through, >=, n * 98 / 100);
}

/* tick_work, on_tick: the program; then the restorer in libc; then
 * whatever the signal interrupted, as perf has it, and on to an entry */
static gboolean
through_signal_frame (Recording     *rec,
                      guint          i,
                      const guint64 *f,
                      guint          n,
                      const guint64 *frames,
                      const CsUnwindResult *results)
{
  const Sample *s = &g_array_index (rec->samples, Sample, i);
  g_autofree char *exe = g_path_get_basename (workload);
  guint k = 0;

  while (k < n && frame_in (s, f[k], exe))
    k++;
  return k >= 2 && k + 1 < n && frame_in (s, f[k], "libc.so.6") &&
         agreeing_frames (rec, i, frames, results) >= (int) k + 2;
}

static void
test_signal (void)
{
  guint through;
  guint n = check_leaf_samples (signal_rec, "tick_work", through_signal_frame, &through);

  g_test_message ("%u samples in the handler, %u unwound through the signal frame", n, through);
  g_assert_cmpuint (n, >, 10);
  /* clang's workloads: see cs_test_skip_clang_unwind() */
  if (!CS_TEST_CLANG)
    g_assert_cmpuint (through, >=, n * 95 / 100);
}

static void
test_short_copy (void)
{
  Recording *rec = plain_rec;
  g_autofree guint64 *full = NULL, *cut = NULL;
  g_autofree CsUnwindResult *full_results = NULL, *cut_results = NULL;
  guint deeper = 0;

  unwind_all (rec, 2, 0, &full, &full_results);
  unwind_all (rec, 2, SHORT_COPY, &cut, &cut_results);
  for (guint i = 0; i < rec->samples->len; i++)
    {
      const Sample *s = &g_array_index (rec->samples, Sample, i);

      g_assert_cmpuint (cut_results[i].n_frames, <=, full_results[i].n_frames);
      for (guint k = 0; k < cut_results[i].n_frames; k++)
        g_assert_cmphex (cut[(gsize) i * CS_UNWIND_MAX_FRAMES + k], ==, full[(gsize) i * CS_UNWIND_MAX_FRAMES + k]);
      /* a stack deeper than the copy: the walk cannot complete */
      if (s->stack_size > SHORT_COPY && cut_results[i].n_frames < full_results[i].n_frames)
        {
          deeper++;
          if (cut_results[i].complete || !cut_results[i].cut)
            {
              print_sample (rec, i, full, full_results);
              print_sample (rec, i, cut, cut_results);
            }
          g_assert_false (cut_results[i].complete);
          g_assert_true (cut_results[i].cut);
        }
    }
  /* a full copy is cut only where perf stopped too (8 KiB deep stacks;
   * clang's workload: see cs_test_skip_clang_unwind()) */
  for (guint i = 0; i < rec->samples->len && !CS_TEST_CLANG; i++)
    if (full_results[i].cut)
      g_assert_true (walk_ended (rec, i, full, full_results));
  g_test_message ("%u stacks deeper than %d bytes stopped early", deeper, SHORT_COPY);
  /* descend() alone keeps a few kilobytes on the stack */
  g_assert_cmpuint (deeper, >, rec->samples->len / 10);
}

static void
test_threads (void)
{
  Recording *rec = signal_rec;
  guint n = rec->samples->len;
  g_autofree guint64 *one = NULL, *two = NULL, *three = NULL;
  g_autofree CsUnwindResult *r1 = NULL, *r2 = NULL, *r3 = NULL;

  unwind_all (rec, 1, 0, &one, &r1);
  unwind_all (rec, 2, 0, &two, &r2);
  unwind_all (rec, 3, 0, &three, &r3);
  g_assert_cmpmem (r1, sizeof *r1 * n, r2, sizeof *r2 * n);
  g_assert_cmpmem (r1, sizeof *r1 * n, r3, sizeof *r3 * n);
  g_assert_cmpmem (one, sizeof *one * n * CS_UNWIND_MAX_FRAMES, two, sizeof *two * n * CS_UNWIND_MAX_FRAMES);
  g_assert_cmpmem (one, sizeof *one * n * CS_UNWIND_MAX_FRAMES, three, sizeof *three * n * CS_UNWIND_MAX_FRAMES);
}

static void
recording_free (Recording *rec)
{
  g_free (rec->file);
  g_array_unref (rec->samples);
  g_hash_table_unref (rec->perf_frames);
  g_hash_table_unref (rec->perf_syms);
  g_free (rec);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-unwinder DWARF-WORKLOAD");
  workload = argv[1];
  if ((perf = cs_test_find_perf ()) == NULL)
    {
      g_printerr ("perf is not installed: skipping\n");
      return 77;
    }
  tmpdir = cs_test_mkdtemp ();
  home = cs_perf_test_private_home ();
  plain_rec = record ("plain.data", FALSE, "dwarf");
  signal_rec = record ("signal.data", TRUE, "dwarf");

  g_test_add_func ("/unwinder/perf", test_perf);
  g_test_add_func ("/unwinder/library", test_library);
  g_test_add_func ("/unwinder/signal", test_signal);
  g_test_add_func ("/unwinder/short-copy", test_short_copy);
  g_test_add_func ("/unwinder/threads", test_threads);
  ret = g_test_run ();

  recording_free (plain_rec);
  recording_free (signal_rec);
  cs_test_rmdir (tmpdir);
  cs_test_rmdir (home);
  g_free (tmpdir);
  g_free (perf);
  return ret;
}
