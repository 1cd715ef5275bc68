/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-profile-files.c — what the memory profile keeps of a file
 *
 * argv[1]: cs-test-false-sharing, argv[2]: the cyclescope binary. One
 * recording of the adjacent counters (`cyclescope record --regs`) gives:
 * the list of accesses the scatter view plots (each known-address sample
 * once, in time order, on the lines the profile counts, the workload's two
 * threads at its two counters); a copy cut in half (what was read before
 * the cut is kept, marked truncated); a recording without registers (no
 * decoding, a warning naming --regs); a missing file and one that is not a
 * perf.data (errors, no profile); recordings made by `perf record
 * --user-regs` with and without %rdi (skipped without perf).
 */
#include "config.h"

#include <string.h>

#include "cs-error.h"
#include "cs-memory-profile.h"
#include "cs-test-false-sharing.h"

static const char *workload;
static const char *cyclescope;
static char *tmpdir;
static char *adjacent_perf_data;
static char *adjacent_out;

static CsMemoryProfile *
load (const char *perf_data)
{
  g_autoptr(GError) error = NULL;
  CsMemoryProfile *profile = cs_memory_profile_load (perf_data, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

static void
record_adjacent (void)
{
  g_autofree char *bundle = NULL;

  if (adjacent_perf_data != NULL)
    return;
  bundle = cs_test_fs_record (cyclescope, workload, tmpdir, "adjacent", &adjacent_out);
  adjacent_perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
}

/* The accesses are the known-address samples, each counted once on its
 * line, in time order; the workload's threads are at their counters. */
static void
test_accesses (void)
{
  g_autoptr(CsMemoryProfile) profile = NULL;
  const CsMemoryStats *st;
  const CsMemoryAccess *accesses;
  g_autoptr(GHashTable) per_line = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 counter[2], tid[2], at_counter[2] = { 0, 0 }, loads = 0, stores = 0;
  guint n = 0;

  record_adjacent ();
  profile = load (adjacent_perf_data);
  st = cs_memory_profile_get_stats (profile);
  counter[0] = cs_test_fs_value (adjacent_out, "counter_a");
  counter[1] = cs_test_fs_value (adjacent_out, "counter_b");
  tid[0] = cs_test_fs_value (adjacent_out, "tid_a");
  tid[1] = cs_test_fs_value (adjacent_out, "tid_b");
  accesses = cs_memory_profile_get_accesses (profile, &n);
  g_assert_cmpuint (n, ==, st->n_known);
  g_assert_cmpuint (n, >, 20);
  g_array_set_size (keys, n);
  for (guint i = 0; i < n; i++)
    {
      const CsMemoryAccess *a = &accesses[i];
      const CsMemoryLine *line = cs_memory_profile_find_line (profile, a->pid, a->address);
      guint64 *key = &g_array_index (keys, guint64, i);

      if (i > 0)
        g_assert_cmpuint (a->time, >=, accesses[i - 1].time);
      g_assert_cmpuint (a->time, >, 0);
      g_assert_cmpuint (a->size, >, 0);
      g_assert_true (a->flags & (CS_MEMORY_ACCESS_LOAD | CS_MEMORY_ACCESS_STORE));
      loads += (a->flags & CS_MEMORY_ACCESS_LOAD) != 0;
      stores += (a->flags & CS_MEMORY_ACCESS_STORE) != 0;
      g_assert_nonnull (line);
      /* line address and pid in one key: the pids here are below 2^22 */
      *key = line->address ^ ((guint64) a->pid << 42);
      g_hash_table_insert (per_line, key,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (per_line, key)) + 1));
      for (guint t = 0; t < 2; t++)
        if (a->tid == tid[t] && a->address == counter[t])
          at_counter[t]++;
    }
  g_assert_cmpuint (loads, ==, st->n_loads);
  g_assert_cmpuint (stores, ==, st->n_stores);
  /* Each line's samples are exactly its accesses. */
  g_assert_cmpuint (g_hash_table_size (per_line), ==, cs_memory_profile_get_n_lines (profile));
  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);
      guint64 key = line->address ^ ((guint64) line->pid << 42);

      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (per_line, &key)), ==, line->samples);
    }
  g_test_message ("%u accesses; thread a at its counter %" G_GUINT64_FORMAT ", b %" G_GUINT64_FORMAT,
                  n, at_counter[0], at_counter[1]);
  g_assert_cmpuint (at_counter[0], >=, 10);
  g_assert_cmpuint (at_counter[1], >=, 10);
}

/* `perf record --user-regs=…` of the workload, read by the memory profile. */
static CsMemoryProfile *
perf_recording (const char *perf,
                const char *regs,
                const char *name,
                char      **out)
{
  g_autofree char *file = g_build_filename (tmpdir, name, NULL);
  g_autofree char *err = NULL;
  g_autofree char *opt = g_strconcat ("--user-regs=", regs, NULL);
  const char *argv[] = { perf, "record", "-q", "-e", "cpu-clock", "-F", "2000", opt, "-o", file, "--",
                         workload, "adjacent", "0.3", NULL };
  int status = 0;

  *out = cs_test_run (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("perf record failed:\n%s", err);
  return load (file);
}

/* A file recorded by perf, not by us: with %rdi among the registers the
 * counters' line is found and flagged; without it, every sample at the
 * loop's accesses is "register not sampled", none is guessed. */
static void
test_perf_recorded (void)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *out = NULL, *out2 = NULL;
  g_autoptr(CsMemoryProfile) with_di = NULL;
  g_autoptr(CsMemoryProfile) without_di = NULL;
  const CsMemoryStats *st;
  const CsMemoryLine *top;
  guint64 counter_a, counter_b;

  if (perf == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  with_di = perf_recording (perf, "ax,bx,cx,dx,si,di,bp,sp,ip,r8,r9,r10,r11,r12,r13,r14,r15",
                            "perf-di.data", &out);
  counter_a = cs_test_fs_value (out, "counter_a");
  counter_b = cs_test_fs_value (out, "counter_b");
  st = cs_memory_profile_get_stats (with_di);
  g_assert_cmpuint (st->n_with_regs, >, 100);
  g_assert_cmpuint (st->n_known * 10, >=, st->n_with_regs * 9);
  top = cs_memory_profile_get_line (with_di, 0);
  g_assert_cmphex (top->address, ==, counter_a & ~G_GUINT64_CONSTANT (63));
  g_assert_cmphex (top->address, ==, counter_b & ~G_GUINT64_CONSTANT (63));
  g_assert_true (top->false_sharing);

  /* The loop addresses its counter through %rdi only. */
  without_di = perf_recording (perf, "ax,sp,ip", "perf-no-di.data", &out2);
  st = cs_memory_profile_get_stats (without_di);
  g_test_message ("without %%rdi: %" G_GUINT64_FORMAT " with registers, %" G_GUINT64_FORMAT
                  " register not sampled, %" G_GUINT64_FORMAT " known",
                  st->n_with_regs, st->n_unknown_register, st->n_known);
  g_assert_cmpuint (st->n_with_regs, >, 100);
  g_assert_cmpuint (st->n_unknown_register * 10, >=, st->n_with_regs * 9);
  g_assert_null (cs_memory_profile_find_line (without_di, top->pid, counter_a));
}

/* Without registers nothing is decoded, and the warning says how to
 * record them. */
static void
test_no_registers (void)
{
  g_autofree char *bundle = g_build_filename (tmpdir, "noregs.cyclescope", NULL);
  g_autofree char *perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(CsMemoryProfile) profile = NULL;
  const char * const *warnings;
  guint n = 0;
  int status = 0;
  const char *argv[] = { cyclescope, "record", "--no-counting", "-o", bundle, "--",
                         workload, "adjacent", "0.2", NULL };

  out = cs_test_run (argv, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  profile = load (perf_data);
  g_assert_cmpuint (cs_memory_profile_get_n_lines (profile), ==, 0);
  g_assert_cmpuint (cs_memory_profile_get_stats (profile)->n_known, ==, 0);
  cs_memory_profile_get_accesses (profile, &n);
  g_assert_cmpuint (n, ==, 0);
  warnings = cs_memory_profile_get_warnings (profile);
  g_assert_nonnull (warnings[0]);
  g_assert_nonnull (strstr (warnings[0], "--regs"));
  g_assert_null (warnings[1]);
}

/* A file cut in the middle keeps what was read before the cut. */
static void
test_truncated (void)
{
  g_autoptr(CsMemoryProfile) whole = NULL;
  g_autoptr(CsMemoryProfile) part = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *cut = g_build_filename (tmpdir, "cut.perf.data", NULL);
  const CsMemoryStats *ws, *ps;
  const char * const *warnings;
  gsize len = 0;

  record_adjacent ();
  whole = load (adjacent_perf_data);
  ws = cs_memory_profile_get_stats (whole);
  g_assert_true (g_file_get_contents (adjacent_perf_data, &contents, &len, NULL));
  /* Our collector writes the data section before the feature sections;
   * half the file is in the middle of the samples. */
  g_assert_true (g_file_set_contents (cut, contents, (gssize) (len / 2), NULL));
  part = cs_memory_profile_load (cut, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (part);
  ps = cs_memory_profile_get_stats (part);
  g_test_message ("whole: %" G_GUINT64_FORMAT " samples, cut: %" G_GUINT64_FORMAT,
                  ws->n_samples, ps->n_samples);
  g_assert_true (ps->truncated);
  g_assert_cmpuint (ps->n_samples, >, 0);
  g_assert_cmpuint (ps->n_samples, <, ws->n_samples);
  warnings = cs_memory_profile_get_warnings (part);
  g_assert_nonnull (warnings[0]);
  g_test_message ("%s", warnings[0]);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (tmpdir, "no-such.perf.data", NULL);
  g_autofree char *junk = g_build_filename (tmpdir, "junk.perf.data", NULL);
  CsMemoryProfile *profile;

  profile = cs_memory_profile_load (missing, NULL, NULL, &error);
  g_assert_null (profile);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "no-such.perf.data"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (junk, "this is not a perf.data file at all, not even close to it"
                                      "....................................................", -1, NULL));
  profile = cs_memory_profile_load (junk, NULL, NULL, &error);
  g_assert_null (profile);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
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

  g_test_add_func ("/memory-profile-files/accesses", test_accesses);
  g_test_add_func ("/memory-profile-files/no-registers", test_no_registers);
  g_test_add_func ("/memory-profile-files/perf-recorded", test_perf_recorded);
  g_test_add_func ("/memory-profile-files/truncated", test_truncated);
  g_test_add_func ("/memory-profile-files/errors", test_errors);

  ret = cs_test_run_with_tmpdir (&tmpdir);
  g_free (adjacent_perf_data);
  g_free (adjacent_out);
  return ret;
}
