/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-profile.c — cachelines of a real recording, against ground truth
 *
 * `cyclescope record --regs` runs cs-test-false-sharing (argv[1]; argv[2]
 * is the cyclescope binary): two threads incrementing two counters, in one
 * line ("adjacent") or two ("padded"), with one of two loops (see the
 * workload's header): read-modify-writes in a row, or the plain
 * load; add; store a compiler makes of `c->n++` ("-plain"). The workload
 * prints where its counters and its loop are; those addresses, the loops'
 * hand-written instructions, the workload's ELF symbol table and an
 * independent decode (capstone, here in the test) are the truth:
 *
 * - read with the plain perf.data reader, each sample at one of the loop's
 *   accesses, or at the non-memory instruction right after one (where a
 *   timer sample skids to), must carry %rdi = its thread's counter; the
 *   memory profile must put exactly those samples on the counter's line,
 *   each at the accessing instruction, those from the instruction after it
 *   marked as skid-corrected;
 * - the hottest line holds the counters; adjacent: both threads, flagged
 *   as false sharing; padded: two lines, neither flagged;
 * - plain loop: at least half of the loop's samples get an address, loads
 *   and stores are both seen, and every instruction the profile names is
 *   inside the loop's ELF symbol and has a memory operand;
 * - a hardware write breakpoint on the counter (a separate, unrecorded run)
 *   reports the instruction after the store the profile found.
 *
 * Damaged and missing files: test-memory-profile-errors.c.
 */
#include "config.h"

#include <capstone/capstone.h>
#include <string.h>

#include "cs-memory-recording.h"
#include "cs-test-false-sharing.h"

#define RMW_LENGTH 4

static const char *workload;
static const char *cyclescope;
static char *tmpdir;

static CsFsRecording *
record (const char *mode)
{
  return cs_fs_recording_get (cyclescope, workload, tmpdir, mode);
}

#define load cs_fs_load
#define line_of cs_fs_line_of
#define find_thread cs_fs_find_thread
#define loop_samples_on cs_fs_loop_samples_on

static void
test_adjacent (gconstpointer data)
{
  CsFsRecording *rec = record (data);
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *hot = cs_memory_profile_get_line (profile, 0);
  const CsMemoryThread *ta, *tb;
  guint off_a = (guint) (rec->counter[0] & 63), off_b = (guint) (rec->counter[1] & 63);

  cs_fs_check_common (rec, profile);
  /* The workload placed both counters in one line. */
  g_assert_cmphex (line_of (rec->counter[0]), ==, line_of (rec->counter[1]));

  /* The hottest line is the counters'. */
  g_assert_nonnull (hot);
  g_assert_cmpuint (hot->pid, ==, rec->pid[0]);
  g_assert_cmphex (hot->address, ==, line_of (rec->counter[0]));
  g_assert_true (cs_memory_profile_find_line (profile, rec->pid[1], rec->counter[1]) == hot);
  /* Exactly the samples at the loop's accesses or right after, of both threads. */
  g_assert_cmpuint (loop_samples_on (rec, hot), ==, rec->attributed[0] + rec->attributed[1]);
  g_assert_cmpuint (hot->offsets[off_a], >=, rec->attributed[0]);
  g_assert_cmpuint (hot->offsets[off_b], >=, rec->attributed[1]);
  /* Loads and stores are exactly the raw samples at or right after the
   * accesses that load and store. In the plain loop a store sample is
   * chance (the load is what stalls), so only the count must match. */
  g_assert_cmpuint (hot->loads, ==, cs_fs_expected (rec, 0, FALSE) + cs_fs_expected (rec, 1, FALSE));
  g_assert_cmpuint (hot->stores, ==, cs_fs_expected (rec, 0, TRUE) + cs_fs_expected (rec, 1, TRUE));
  g_assert_cmpuint (hot->loads, >, 0);
  if (rec->shape == &cs_fs_rmw_shape)
    g_assert_cmpuint (hot->stores, >, 0);

  /* Two threads, each on its own 8 bytes: false sharing (once a store was
   * sampled: without one the profile cannot tell it from reads). */
  g_assert_cmpuint (hot->n_threads, >=, 2);
  ta = find_thread (hot, rec->tid[0]);
  tb = find_thread (hot, rec->tid[1]);
  g_assert_nonnull (ta);
  g_assert_nonnull (tb);
  g_assert_cmpuint (ta->samples, >=, rec->attributed[0]);
  g_assert_cmpuint (tb->samples, >=, rec->attributed[1]);
  g_assert_cmphex (ta->bytes & (G_GUINT64_CONSTANT (0xff) << off_a), ==, G_GUINT64_CONSTANT (0xff) << off_a);
  g_assert_cmphex (tb->bytes & (G_GUINT64_CONSTANT (0xff) << off_b), ==, G_GUINT64_CONSTANT (0xff) << off_b);
  g_assert_cmphex (ta->bytes & tb->bytes, ==, 0);
  if (rec->shape == &cs_fs_rmw_shape)
    g_assert_cmpuint (ta->stores, >, 0);
  g_assert_true (hot->false_sharing == (hot->stores > 0));
  g_assert_false (hot->true_sharing);
  g_assert_cmpint (hot->sharing, ==, hot->stores > 0 ? CS_MEMORY_SHARING_FALSE : CS_MEMORY_SHARING_NONE);

  /* The stop flag: read by both workers, written (once) by the main
   * thread on the same bytes: never false sharing. */
  {
    const CsMemoryLine *stop = cs_memory_profile_find_line (profile, rec->pid[0], rec->stop);

    if (stop != NULL)
      g_assert_false (stop->false_sharing);
  }
}

static void
test_padded (gconstpointer data)
{
  CsFsRecording *rec = record (data);
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *hot = cs_memory_profile_get_line (profile, 0);
  const CsMemoryLine *la, *lb;
  guint n_flagged = 0;

  cs_fs_check_common (rec, profile);
  g_assert_cmphex (line_of (rec->counter[0]), !=, line_of (rec->counter[1]));

  la = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  lb = cs_memory_profile_find_line (profile, rec->pid[1], rec->counter[1]);
  g_assert_nonnull (la);
  g_assert_nonnull (lb);
  g_assert_true (la != lb);
  g_assert_true (hot == la || hot == lb);
  g_assert_cmpuint (loop_samples_on (rec, la), ==, rec->attributed[0]);
  g_assert_cmpuint (loop_samples_on (rec, lb), ==, rec->attributed[1]);
  /* Each line is its thread's alone: nothing to flag. */
  g_assert_nonnull (find_thread (la, rec->tid[0]));
  g_assert_null (find_thread (la, rec->tid[1]));
  g_assert_nonnull (find_thread (lb, rec->tid[1]));
  g_assert_null (find_thread (lb, rec->tid[0]));
  g_assert_false (la->false_sharing);
  g_assert_false (lb->false_sharing);
  g_assert_cmpint (la->sharing, ==, CS_MEMORY_SHARING_NONE);
  g_assert_cmpint (lb->sharing, ==, CS_MEMORY_SHARING_NONE);
  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    n_flagged += cs_memory_profile_get_line (profile, i)->false_sharing ? 1 : 0;
  g_test_message ("%u lines flagged in the padded run", n_flagged);
}

/* The plain loop, where the timer samples skid past the accesses: at least
 * half of the loop's samples get an address, each thread's loads and stores
 * are exactly the samples at or right after its load and its store, and
 * each instruction named on the counters' lines lies in the
 * loop's ELF symbol and, decoded here, accesses memory the way the profile
 * says (a load reads, a store writes). */
static void
test_plain (gconstpointer data)
{
  CsFsRecording *rec = record (data);
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *lines[2];
  guint64 known = 0, sym_value = 0, sym_size = 0;
  g_autofree guint8 *fn = cs_fs_workload_symbol (workload, rec->shape->symbol, &sym_value, &sym_size);
  csh handle;
  cs_insn *insn;
  guint n_checked = 0;

  g_assert_cmpuint (sym_size, >, 0);
  g_assert_cmpint (cs_open (CS_ARCH_X86, CS_MODE_64, &handle), ==, CS_ERR_OK);
  cs_option (handle, CS_OPT_DETAIL, CS_OPT_ON);
  insn = cs_malloc (handle);

  /* The skid is there: samples at the add and the dec after the accesses. */
  g_assert_cmpuint (rec->by_offset[0][3] + rec->by_offset[0][10] +
                    rec->by_offset[1][3] + rec->by_offset[1][10], >, 0);
  for (guint t = 0; t < 2; t++)
    {
      const CsMemoryThread *th;

      lines[t] = cs_memory_profile_find_line (profile, rec->pid[t], rec->counter[t]);
      g_assert_nonnull (lines[t]);
      if (t == 0 || lines[1] != lines[0])
        known += loop_samples_on (rec, lines[t]);
      th = find_thread (lines[t], rec->tid[t]);
      g_assert_nonnull (th);
      /* Exactly the samples at the load (+0) or skidded past it (+3) load,
       * and those at the store (+7) or past it (+10) store. How many land on
       * the store is chance (the load is what stalls), so it may be none:
       * the count must match, not be positive. Loads always are. */
      g_assert_cmpuint (th->loads, ==, cs_fs_expected (rec, t, FALSE));
      g_assert_cmpuint (th->stores, ==, cs_fs_expected (rec, t, TRUE));
      g_assert_cmpuint (th->loads, >, 0);
      for (guint k = 0; k < lines[t]->n_ips; k++)
        {
          const CsMemoryIp *ip = &lines[t]->ips[k];
          const guint8 *p;
          size_t n;
          guint64 addr = ip->ip;
          const cs_x86_op *mem = NULL;

          /* Only the loop touches the counters: every instruction named
           * is in its symbol's range, shifted to where this run loaded it. */
          g_assert_cmphex (ip->ip, >=, rec->loop);
          g_assert_cmphex (ip->ip, <, rec->loop + sym_size);
          p = fn + (ip->ip - rec->loop);
          n = sym_size - (ip->ip - rec->loop);
          g_assert_true (cs_disasm_iter (handle, &p, &n, &addr, insn));
          g_test_message ("0x%" G_GINT64_MODIFIER "x: %s %s: %" G_GUINT64_FORMAT " samples (%"
                          G_GUINT64_FORMAT " corrected), %" G_GUINT64_FORMAT " loads, %"
                          G_GUINT64_FORMAT " stores", ip->ip, insn->mnemonic, insn->op_str,
                          ip->samples, ip->skid_corrected, ip->loads, ip->stores);
          g_assert_cmpint (insn->id, !=, X86_INS_LEA);
          for (guint o = 0; o < insn->detail->x86.op_count && mem == NULL; o++)
            if (insn->detail->x86.operands[o].type == X86_OP_MEM)
              mem = &insn->detail->x86.operands[o];
          g_assert_nonnull (mem);
          if (ip->loads > 0)
            g_assert_true (mem->access & CS_AC_READ);
          if (ip->stores > 0)
            g_assert_true (mem->access & CS_AC_WRITE);
          n_checked++;
        }
    }
  cs_free (insn, 1);
  cs_close (&handle);
  g_assert_cmpuint (n_checked, >=, 2);
  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " loop samples with an address",
                  known, rec->in_loop);
  g_assert_cmpuint (known * 2, >=, rec->in_loop);

  /* And the verdicts. */
  if (g_str_equal (rec->mode, "adjacent-plain"))
    test_adjacent (data);
  else
    test_padded (data);
}

/* The hardware as witness: a write breakpoint on counter a, in an
 * unrecorded run, reports (as a trap) the instruction after each write.
 * Every instruction the profile says stores to the counter's line must be
 * one the breakpoint caught, i.e. end where a trap was reported; and the
 * breakpoint must have caught every write the counter's value says
 * happened. Offsets from the loop's start, since the two runs load the
 * program at different addresses. */
static void
test_breakpoint_witness (void)
{
  CsFsRecording *rec = record ("adjacent");
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid[0], rec->counter[0]);
  g_autoptr(GHashTable) traps = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 inner = 0, writes = 0, final = 0;
  guint n_checked = 0;
  int status = 0;
  const char *argv[] = { workload, "adjacent", "0.2", "watch", NULL };

  g_assert_nonnull (line);
  out = cs_test_run (argv, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (strstr (out, "watch_a unavailable") != NULL)
    {
      g_test_skip ("hardware breakpoints are not available (perf_event_open PERF_TYPE_BREAKPOINT)");
      return;
    }
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 ip = 0, hits = 0;

      if (sscanf (lines[i], "inner 0x%" G_GINT64_MODIFIER "x", &inner) == 1)
        continue;
      if (sscanf (lines[i], "watch_a writes %" G_GINT64_MODIFIER "u final %" G_GINT64_MODIFIER "u",
                  &writes, &final) == 2)
        continue;
      if (sscanf (lines[i], "watch_a_ip 0x%" G_GINT64_MODIFIER "x %" G_GINT64_MODIFIER "u", &ip, &hits) == 2)
        g_array_append_val (offsets, ip);
    }
  g_assert_cmpuint (inner, !=, 0);
  for (guint i = 0; i < offsets->len; i++)
    {
      guint64 *o = &g_array_index (offsets, guint64, i);

      *o -= inner;
      g_test_message ("breakpoint: a write ends at loop+%" G_GUINT64_FORMAT, *o);
      g_hash_table_add (traps, o);
    }
  g_assert_cmpuint (writes, >, 0);
  g_assert_cmpuint (writes, ==, final);
  g_assert_cmpuint (offsets->len, >, 0);

  for (guint k = 0; k < line->n_ips; k++)
    {
      guint64 end = line->ips[k].ip - rec->inner + RMW_LENGTH;

      if (line->ips[k].stores == 0 || line->ips[k].ip < rec->inner || line->ips[k].ip >= rec->inner_end)
        continue;
      g_test_message ("profile: store at loop+%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT " samples",
                      line->ips[k].ip - rec->inner, line->ips[k].samples);
      g_assert_true (g_hash_table_contains (traps, &end));
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 0);
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

  g_test_add_data_func ("/memory-profile/adjacent", "adjacent", test_adjacent);
  g_test_add_data_func ("/memory-profile/padded", "padded", test_padded);
  g_test_add_data_func ("/memory-profile/plain-adjacent", "adjacent-plain", test_plain);
  g_test_add_data_func ("/memory-profile/plain-padded", "padded-plain", test_plain);
  g_test_add_func ("/memory-profile/breakpoint-witness", test_breakpoint_witness);

  ret = cs_test_run_with_tmpdir (&tmpdir);
  cs_fs_recordings_free ();
  return ret;
}
