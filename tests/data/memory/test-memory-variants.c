/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-variants.c — the false-sharing workload's other loops and layouts
 *
 * argv[1]: cs-test-false-sharing, argv[2]: the cyclescope binary. Each mode
 * is recorded once with `cyclescope record --regs` (cs-memory-recording.c);
 * the truth is what the workload prints about itself, its raw samples read
 * with the plain perf.data reader, its ELF symbol table, and objdump:
 *
 * - stores capstone 4 calls loads: a lock cmpxchg loop, movups stores,
 *   glibc's memcpy: the counters' line gets exactly the raw samples'
 *   loads and stores, and is flagged as false sharing;
 * - a spin-wait whose loop head follows a store that ran once: the samples
 *   at the head are not given to that store (jump target), so the
 *   counters' line is flagged only if both once-only stores were sampled;
 * - two threads on one counter: true sharing;
 * - two processes on a MAP_SHARED page (inherited anonymous memory, or one
 *   /dev/shm file each maps itself at its own address): one line, the
 *   threads of both processes, flagged; padded: two lines, not flagged;
 * - the counters' line is named by its variable (ELF STT_OBJECT "area");
 * - a filtered profile counts only the kept samples.
 *
 * Counts are compared exactly with the raw samples, and a verdict is
 * asserted together with the sampled stores it depends on, so nothing here
 * depends on where the timer happened to fire.
 */
#include "config.h"

#include <string.h>

#include "cs-memory-recording.h"
#include "cs-test-false-sharing.h"

static const char *workload;
static const char *cyclescope;
static char *tmpdir;

static CsFsRecording *
record (const char *mode)
{
  return cs_fs_recording_get (cyclescope, workload, tmpdir, mode);
}

/* Bits of the @width bytes at @address's offset in its line. */
static guint64
slot (guint64 address,
      guint   width)
{
  return ((G_GUINT64_CONSTANT (1) << width) - 1) << (address & 63);
}

/* Two workers on neighbouring counters of one line: both on it, each on
 * its own bytes, the loads and stores exactly the raw samples'; flagged as
 * false sharing as soon as one of them stored. */
static const CsMemoryLine *
check_neighbours (CsFsRecording   *rec,
                  CsMemoryProfile *profile)
{
  const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  guint64 stores = 0;

  g_assert_nonnull (line);
  g_assert_true (cs_memory_profile_find_line (profile, rec->pid[1], rec->counter[1]) == line);
  g_assert_true (cs_memory_profile_get_line (profile, 0) == line);
  for (guint t = 0; t < 2; t++)
    {
      const CsMemoryThread *th = cs_fs_find_thread (line, rec->tid[t]);

      g_assert_nonnull (th);
      g_assert_cmpuint (th->pid, ==, rec->pid[t]);
      g_assert_cmpuint (th->loads, ==, cs_fs_expected (rec, t, FALSE));
      g_assert_cmpuint (th->stores, ==, cs_fs_expected (rec, t, TRUE));
      g_assert_cmphex (th->bytes, ==, slot (rec->counter[t], rec->shape->width));
      stores += th->stores;
    }
  g_assert_cmpuint (line->n_threads, ==, 2);
  g_assert_cmpuint (line->stores, ==, stores);
  g_assert_true (line->false_sharing == (stores > 0));
  g_assert_false (line->true_sharing);
  return line;
}

/* lock cmpxchg: its samples (and those skidded to the dec after it) load
 * and store; capstone 4 calls them loads only. */
static void
test_cmpxchg (void)
{
  CsFsRecording *rec = record ("adjacent-cmpxchg");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryLine *line;

  cs_fs_check_common (rec, profile);
  line = check_neighbours (rec, profile);
  /* The cmpxchg is what stalls: its samples are most of the loop's. */
  g_assert_cmpuint (line->stores, >, 0);
  g_assert_cmpint (line->sharing, ==, CS_MEMORY_SHARING_FALSE);
}

/* movups stores 16 bytes and loads nothing. */
static void
test_movups (void)
{
  CsFsRecording *rec = record ("adjacent-movups");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryLine *line;

  cs_fs_check_common (rec, profile);
  line = check_neighbours (rec, profile);
  g_assert_cmpuint (line->loads, ==, 0);
  g_assert_cmpuint (line->stores, ==, rec->attributed[0] + rec->attributed[1]);
  g_assert_cmpuint (line->stores, >, 0);
  g_assert_cmpint (line->sharing, ==, CS_MEMORY_SHARING_FALSE);
}

/* What objdump (binutils, not capstone) says is at ELF address @address of
 * @path: "vmovdqu %xmm0,(%rdi)". */
static char *
objdump_at (const char *objdump,
            const char *path,
            guint64     address)
{
  g_autofree char *start = g_strdup_printf ("--start-address=0x%" G_GINT64_MODIFIER "x", address);
  g_autofree char *stop = g_strdup_printf ("--stop-address=0x%" G_GINT64_MODIFIER "x", address + 15);
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  int status = 0;
  const char *argv[] = { objdump, "-d", "--no-show-raw-insn", start, stop, path, NULL };

  out = cs_test_run (argv, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%" G_GINT64_MODIFIER "x:", address);
      const char *l = g_strstrip (lines[i]);

      if (g_str_has_prefix (l, prefix))
        return g_strdup (g_strstrip ((char *) l + strlen (prefix)));
    }
  g_error ("objdump shows no instruction at 0x%" G_GINT64_MODIFIER "x of %s:\n%s", address, path, out);
  return NULL;
}

/* glibc's memcpy: every access on the counters' line is a store (the
 * source is on the workers' stacks), each instruction objdump shows as a
 * move whose last (AT&T: destination) operand is memory. */
static void
test_memcpy (void)
{
  CsFsRecording *rec = record ("adjacent-memcpy");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  CsSymbolizer *symbolizer = cs_memory_profile_get_symbolizer (profile);
  g_autofree char *objdump = g_find_program_in_path ("objdump");
  const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  guint64 stores = 0;

  g_assert_nonnull (objdump);
  g_assert_nonnull (line);
  g_assert_cmpuint (line->loads, ==, 0);
  g_assert_cmpuint (line->stores, ==, line->samples);
  for (guint t = 0; t < line->n_threads; t++)
    {
      const CsMemoryThread *th = &line->threads[t];
      guint w = th->tid == rec->tid[0] ? 0 : 1;

      g_assert_true (th->tid == rec->tid[0] || th->tid == rec->tid[1]);
      g_assert_cmphex (th->bytes & ~slot (rec->counter[w], 16), ==, 0);
      stores += th->stores;
    }
  g_assert_true (line->false_sharing == (line->n_threads == 2 && stores > 0));
  g_assert_false (line->true_sharing);
  for (guint k = 0; k < line->n_ips; k++)
    {
      const CsMemoryIp *ip = &line->ips[k];
      const CsLocation *loc;
      g_autofree char *text = NULL;
      const char *comma;

      g_assert_nonnull (ip->module);
      g_assert_true (g_str_has_prefix (cs_module_get_name (ip->module), "libc"));
      loc = cs_symbolizer_resolve_symbol (symbolizer, ip->module, ip->offset);
      g_assert_nonnull (loc);
      text = objdump_at (objdump, cs_module_get_path (ip->module), loc->address);
      g_test_message ("%s: %" G_GUINT64_FORMAT " samples (%" G_GUINT64_FORMAT " stores): %s",
                      ip->symbol, ip->samples, ip->stores, text);
      g_assert_true (g_str_has_prefix (text, "vmov") || g_str_has_prefix (text, "mov"));
      /* The last operand, after the last comma outside parentheses. */
      comma = NULL;
      for (const char *p = text, *depth = NULL; *p != '\0'; p++)
        {
          if (*p == '(')
            depth = p;
          else if (*p == ')')
            depth = NULL;
          else if (*p == ',' && depth == NULL)
            comma = p;
        }
      g_assert_nonnull (comma);
      g_assert_nonnull (strchr (comma, '('));
      g_assert_cmpuint (ip->stores, ==, ip->samples);
    }
  /* The workers' own stacks hold the source: a stack line is its thread's. */
  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    {
      const CsMemoryLine *l = cs_memory_profile_get_line (profile, i);

      if (l->region.kind != CS_MEMORY_REGION_STACK)
        continue;
      g_assert_cmpuint (l->n_threads, ==, 1);
      g_assert_cmpuint (l->threads[0].tid, ==, l->region.tid);
    }
}

/* The spin-wait: its head follows a store that ran once. */
static void
test_spin (void)
{
  CsFsRecording *rec = record ("adjacent-spin");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryStats *st = cs_memory_profile_get_stats (profile);
  const CsMemoryLine *counters = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  const CsMemoryLine *stop = cs_memory_profile_find_line (profile, rec->pid[0], rec->stop);
  guint64 at_head = rec->by_offset[0][0] + rec->by_offset[1][0];
  guint64 at_store = rec->before_inner[0] + rec->before_inner[1];

  cs_fs_check_common (rec, profile);
  g_test_message ("%" G_GUINT64_FORMAT " samples at the loop head, %" G_GUINT64_FORMAT " at the store",
                  at_head, at_store);
  /* The head has samples, none of them given to the store. */
  g_assert_cmpuint (at_head, >, 0);
  g_assert_cmpuint (st->n_unknown_jump_target, >=, at_head);
  if (at_store == 0)
    g_assert_null (counters);
  else
    {
      g_assert_nonnull (counters);
      g_assert_cmpuint (counters->samples, ==, at_store);
      g_assert_true (counters->false_sharing == (rec->before_inner[0] > 0 && rec->before_inner[1] > 0));
    }
  /* The flag is read by both workers on the same bytes. */
  g_assert_nonnull (stop);
  g_assert_false (stop->false_sharing);
  g_assert_cmpuint (stop->loads, >=, cs_fs_expected (rec, 0, FALSE) + cs_fs_expected (rec, 1, FALSE));
}

/* Both threads increment one counter: true sharing, not false. */
static void
test_same (void)
{
  CsFsRecording *rec = record ("same");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryLine *line = cs_memory_profile_get_line (profile, 0);
  const CsMemoryThread *ta, *tb;

  cs_fs_check_common (rec, profile);
  g_assert_cmphex (rec->counter[0], ==, rec->counter[1]);
  g_assert_true (cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]) == line);
  ta = cs_fs_find_thread (line, rec->tid[0]);
  tb = cs_fs_find_thread (line, rec->tid[1]);
  g_assert_nonnull (ta);
  g_assert_nonnull (tb);
  g_assert_cmphex (ta->bytes, ==, slot (rec->counter[0], 8));
  g_assert_cmphex (tb->bytes, ==, slot (rec->counter[0], 8));
  g_assert_false (line->false_sharing);
  /* Every access of this loop stores. */
  g_assert_cmpuint (ta->stores + tb->stores, >, 0);
  g_assert_true (line->true_sharing);
  g_assert_cmpint (line->sharing, ==, CS_MEMORY_SHARING_TRUE);
  g_assert_cmpstr (cs_memory_sharing_to_string (line->sharing), ==, "true");
}

/* Two processes: one line holds both counters, matched by the mapping. */
static void
test_shared (gconstpointer data)
{
  const char *mode = data;
  CsFsRecording *rec = record (mode);
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryLine *line;
  guint64 offset_b = cs_test_fs_value (rec->out, "offset_b");

  cs_fs_check_common (rec, profile);
  g_assert_cmpuint (rec->pid[0], !=, rec->pid[1]);
  g_assert_cmpuint (offset_b, ==, 8);
  if (g_str_equal (mode, "shared-file"))
    /* Each process mapped the file itself, elsewhere. */
    g_assert_cmphex (cs_fs_line_of (rec->counter[0]), !=, cs_fs_line_of (rec->counter[1]));
  line = check_neighbours (rec, profile);
  g_assert_true (line->shared);
  g_assert_cmpuint (line->n_processes, ==, 2);
  g_assert_cmpuint (line->stores, >, 0);
  g_assert_cmpint (line->sharing, ==, CS_MEMORY_SHARING_FALSE);
  if (g_str_equal (mode, "shared-file"))
    {
      g_autofree char *name = g_strdup_printf ("/dev/shm/cs-test-false-sharing-%u", rec->pid[0]);

      g_assert_cmpint (line->region.kind, ==, CS_MEMORY_REGION_FILE);
      g_assert_cmpstr (line->region.mapping, ==, name);
    }
  else
    g_assert_cmpint (line->region.kind, ==, CS_MEMORY_REGION_SHARED_ANONYMOUS);
  g_assert_cmpuint (line->region.offset, ==, 0);
}

/* Two processes 64 bytes apart on the shared page: two lines. */
static void
test_shared_padded (void)
{
  CsFsRecording *rec = record ("shared-padded");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryLine *la, *lb;

  cs_fs_check_common (rec, profile);
  la = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  lb = cs_memory_profile_find_line (profile, rec->pid[1], rec->counter[1]);
  g_assert_nonnull (la);
  g_assert_nonnull (lb);
  g_assert_true (la != lb);
  g_assert_true (la->shared && lb->shared);
  g_assert_cmpuint (la->region.offset, ==, 0);
  g_assert_cmpuint (lb->region.offset, ==, 64);
  for (guint i = 0; i < 2; i++)
    {
      const CsMemoryLine *l = i == 0 ? la : lb;

      g_assert_cmpuint (l->n_threads, ==, 1);
      g_assert_cmpuint (l->n_processes, ==, 1);
      g_assert_cmpuint (l->threads[0].tid, ==, rec->tid[i]);
      g_assert_cmpint (l->sharing, ==, CS_MEMORY_SHARING_NONE);
    }
}

/* The counters' line is in the workload's .bss, in the static variable
 * "area" whose first bytes are counter a: named by it, at its ELF address. */
static void
test_data_symbol (void)
{
  CsFsRecording *rec = record ("adjacent");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  guint64 value = 0, size = 0;
  g_autofree guint8 *unused = cs_fs_workload_symbol (workload, "area", &value, &size);

  g_assert_nonnull (line);
  g_assert_cmpint (line->region.kind, ==, CS_MEMORY_REGION_MODULE);
  g_assert_nonnull (line->region.module);
  g_assert_cmpstr (cs_module_get_name (line->region.module), ==, "cs-test-false-sharing");
  g_assert_cmpstr (line->region.symbol, ==, "area");
  g_assert_cmpuint (line->region.symbol_offset, ==, 0);
  /* counter a is the first byte of area, and area starts a line. */
  g_assert_cmphex (value % 64, ==, 0);
  g_assert_cmphex (line->region.elf_address, ==, value);
}

static gboolean
only_thread (guint64  time,
             guint32  pid,
             guint32  tid,
             guint    cpu,
             gpointer user_data)
{
  return tid == GPOINTER_TO_UINT (user_data);
}

/* A profile of thread a's samples only: the counters' line has thread a
 * alone, as many samples as the whole profile gave thread a, no verdict. */
static void
test_filter (void)
{
  CsFsRecording *rec = record ("adjacent");
  g_autoptr(CsMemoryProfile) profile = cs_fs_load (rec);
  g_autoptr(CsMemoryProfile) subset =
    cs_memory_profile_filter (profile, only_thread, GUINT_TO_POINTER (rec->tid[0]));
  const CsMemoryLine *whole = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  const CsMemoryLine *line = cs_memory_profile_find_line (subset, rec->pid[0], rec->counter[0]);
  const CsMemoryThread *ta = cs_fs_find_thread (whole, rec->tid[0]);
  const CsMemoryStats *st = cs_memory_profile_get_stats (subset);
  const CsMemoryAccess *accesses;
  guint n = 0;

  g_assert_nonnull (line);
  g_assert_cmpuint (line->id, ==, whole->id);
  g_assert_cmpuint (line->n_threads, ==, 1);
  g_assert_cmpuint (line->samples, ==, ta->samples);
  g_assert_cmpuint (line->stores, ==, ta->stores);
  g_assert_false (line->false_sharing);
  accesses = cs_memory_profile_get_accesses (subset, &n);
  g_assert_cmpuint (n, ==, st->n_known);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (accesses[i].tid, ==, rec->tid[0]);
  g_assert_cmpuint (st->n_kernel + st->n_no_regs + st->n_with_regs, ==, st->n_samples);
  g_assert_cmpuint (st->n_samples, <, cs_memory_profile_get_stats (profile)->n_samples);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  workload = argv[1];
  cyclescope = argv[2];

  g_test_add_func ("/memory-variants/cmpxchg", test_cmpxchg);
  g_test_add_func ("/memory-variants/movups", test_movups);
  g_test_add_func ("/memory-variants/memcpy", test_memcpy);
  g_test_add_func ("/memory-variants/spin", test_spin);
  g_test_add_func ("/memory-variants/true-sharing", test_same);
  g_test_add_data_func ("/memory-variants/shared-anonymous", "shared", test_shared);
  g_test_add_data_func ("/memory-variants/shared-file", "shared-file", test_shared);
  g_test_add_func ("/memory-variants/shared-padded", test_shared_padded);
  g_test_add_func ("/memory-variants/data-symbol", test_data_symbol);
  g_test_add_func ("/memory-variants/filter", test_filter);

  ret = cs_test_run_with_tmpdir (&tmpdir);
  cs_fs_recordings_free ();
  return ret;
}
