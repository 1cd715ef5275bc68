/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dwarf-perf.c — DWARF call graphs agree with perf on held-out programs
 *
 * dwarf-workload (C at -O2 without frame pointers: libc's qsort calling
 * back, libm, a shared library built the same way, two threads) and
 * dwarf-workload-cxx (C++: inlining, exceptions thrown through libstdc++
 * and libgcc_s, two threads) are recorded with `perf record --call-graph
 * dwarf` at test time. perf is the oracle:
 *
 *  - /dwarf-perf/c, /dwarf-perf/cxx: `cyclescope report --children --sort
 *    sym` against `perf report --children --sort sym -g none`: the top 20
 *    rows of each are in the other within 0.5 points, Children and Self;
 *    and our share of broken stacks (the period of stacks that reach no
 *    program's or thread's entry) is no higher than perf's, counted here
 *    from perf script's stacks;
 *  - /dwarf-perf/progress: loading shows its stages on a terminal, not
 *    into a pipe;
 *  - /dwarf-perf/own-file: our own `record --call-graph dwarf` writes a
 *    standard perf.data that perf report unwinds itself: perf's rows and
 *    ours on that file agree the same way;
 *  - /dwarf-perf/own-vs-perf: our recording of dwarf-workload gives the
 *    call tree perf's recordings of it give, within their run-to-run
 *    spread: each of the top functions' totals (Children) is within four
 *    standard deviations of sampling (or twice what two perf recordings
 *    differ by, if more) of perf's, and our broken share is as low.
 *
 * perf report runs with --no-inline and our inlined rows are left out:
 * for a caller's frame in inlined code perf shows the inline chain under
 * the DWARF name of the function it was emitted in, marked inlined, and
 * nothing under the emitted function's symbol, while we count the frame
 * to the symbol and to each inlined function. Without inline expansion
 * both count frames to the functions the compiler emitted.
 *
 * Arguments (meson passes them): CYCLESCOPE DWARF-WORKLOAD DWARF-WORKLOAD-CXX
 * Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <json-c/json.h>

#include "cs-children-rows.h"

#define TOLERANCE 0.5
#define TOP       20

static char *perf;
static char *cyclescope;
static char *workload;
static char *workload_cxx;
static char *tmpdir;

static char *
perf_record (const char *name,
             const char *program,
             const char *rounds)
{
  char *file = g_build_filename (tmpdir, name, NULL);
  const char *args[] = { "--call-graph", "dwarf", "-F", "2000", "-e", "cpu-clock", NULL };
  const char *cmd[] = { program, rounds, NULL };

  profile_record (perf, file, args, cmd);
  return file;
}

/* Where a complete stack begins, by the names perf script prints. */
static gboolean
is_entry (const char *name)
{
  const char *entries[] = { "_start", "__libc_start_call_main", "__libc_start_main", "__libc_start_main_impl",
                            "__libc_start_main@@GLIBC_2.34", "clone3", "__clone3", "clone", "__clone",
                            "start_thread", NULL };

  return g_strv_contains (entries, name);
}

/* The period share (percent) of perf script's stacks whose outermost
 * frame starts no program or thread. */
static double
perf_broken_percent (const char *file)
{
  const char *args[] = { "script", "-i", file, "-F", "period,ip,sym", "--no-inline", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) blocks = g_strsplit (out, "\n\n", -1);
  guint64 total = 0, broken = 0;

  for (guint i = 0; blocks[i] != NULL; i++)
    {
      g_auto(GStrv) lines = g_strsplit (g_strstrip (blocks[i]), "\n", -1);
      guint len = g_strv_length (lines);
      g_auto(GStrv) words = NULL;
      guint64 period;

      if (len == 0 || lines[0][0] == '\0')
        continue;
      /* "   250000 " then "\t    1ab77 _start" lines */
      period = g_ascii_strtoull (g_strstrip (lines[0]), NULL, 10);
      total += period;
      words = g_strsplit_set (g_strstrip (lines[len - 1]), " ", 2);
      if (len < 2 || words[1] == NULL || !is_entry (words[1]))
        broken += period;
    }
  g_assert_cmpuint (total, >, 0);
  return 100.0 * broken / total;
}

static double
our_broken_percent (const char *file)
{
  const char *args[] = { "report", file, "--format", "json", "--limit", "1", NULL };
  CliResult res = cli_run (cyclescope, args);
  json_object *root, *events, *graph;
  json_tokener *tok;
  double broken;

  g_assert_cmpint (res.status, ==, 0);
  /* call trees of unwound stacks nest deeper than json-c's default 32 */
  tok = json_tokener_new_ex (4096);
  root = json_tokener_parse_ex (tok, res.out, -1);
  json_tokener_free (tok);
  g_assert_nonnull (root);
  events = json_object_object_get (json_object_object_get (root, "profile"), "events");
  graph = json_object_object_get (json_object_array_get_idx (events, 0), "call_graph");
  g_assert_nonnull (graph);
  broken = json_object_get_double (json_object_object_get (graph, "broken_percent"));
  json_object_put (root);
  cli_result_clear (&res);
  return broken;
}

static void
check_against_perf (const char         *file,
                    const char * const *must_have)
{
  const char *no_inline[] = { "--no-inline", NULL };
  gboolean any_inlined;
  g_autoptr(GPtrArray) theirs = cs_children_perf_rows (perf, file, no_inline, &any_inlined);
  g_autoptr(GPtrArray) ours = cs_children_our_rows (cyclescope, file, FALSE);
  double broken_theirs = perf_broken_percent (file);
  double broken_ours = our_broken_percent (file);

  /* clang's workloads (the sanitizer build): loaded and unwound above, not
   * compared; see cs_test_skip_clang_unwind() */
  if (CS_TEST_CLANG)
    {
      cs_test_skip_clang_unwind ();
      return;
    }

  cs_children_merge (theirs);
  cs_children_merge (ours);
  cs_children_print ("perf report --children --sort sym --no-inline", theirs, TOP);
  cs_children_print ("cyclescope report --children --sort sym", ours, TOP);
  g_assert_cmpuint (theirs->len, >=, TOP);
  cs_children_check_top ("perf", theirs, "cyclescope", ours, TOP, TOLERANCE);
  cs_children_check_top ("cyclescope", ours, "perf", theirs, TOP, TOLERANCE);
  /* the recording holds what the case is about */
  for (guint i = 0; must_have[i] != NULL; i++)
    {
      const CsChildrenRow *r = cs_children_find (ours, must_have[i]);

      if (r == NULL || r->children < 1)
        g_error ("%s: no stacks through %s", file, must_have[i]);
    }
  g_test_message ("broken stacks: %.2f %% here, %.2f %% in perf", broken_ours, broken_theirs);
  /* (perf script prints the same periods as our own share is made of;
   * a hundredth for the rounding of our JSON) */
  g_assert_cmpfloat (broken_ours, <=, broken_theirs + 0.01);
}

static char *c_file;

static void
test_c (void)
{
  g_autofree char *file = perf_record ("c.data", workload, "800");
  /* libc calling back, libm, the shared library calling back, threads */
  const char *must_have[] = { "compare_keys", "__GI___qsort_r", "__sin_fma", "math_part", "dwl_lib_fold",
                              "fold_step", "start_thread", "main", NULL };

  check_against_perf (file, must_have);
  c_file = g_strdup (file);
}

/* On a terminal (script(1) gives one) a load shows its stages on one line
 * (CYCLESCOPE_PROGRESS_AFTER_MS=0: at once, not after a second), erased at
 * the end; into a pipe nothing. */
static void
test_progress (void)
{
  g_autofree char *script = g_find_program_in_path ("script");
  g_autofree char *q_cyclescope = g_shell_quote (cyclescope), *q_file = g_shell_quote (c_file);
  g_autofree char *line = g_strdup_printf ("%s report %s --limit 1 > /dev/null", q_cyclescope, q_file);
  const char *on_tty[] = { "script", "-qec", line, "/dev/null", NULL };
  const char *piped[] = { "report", c_file, "--limit", "1", NULL };
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "CYCLESCOPE_PROGRESS_AFTER_MS", "0", TRUE);
  g_autofree char *out = NULL;
  CliResult res;
  int status = 0;

  g_assert_nonnull (c_file);
  if (script == NULL)
    {
      g_test_skip ("script(1) is not installed");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) on_tty, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "\r\033[KUnwinding call stacks …"));
  g_assert_true (g_str_has_suffix (out, "\r\033[K"));

  g_setenv ("CYCLESCOPE_PROGRESS_AFTER_MS", "0", TRUE);
  res = cli_run (cyclescope, piped);
  g_unsetenv ("CYCLESCOPE_PROGRESS_AFTER_MS");
  g_assert_cmpint (res.status, ==, 0);
  g_assert_null (strstr (res.err, "\033[K"));
  g_assert_null (strstr (res.err, "Unwinding"));
  cli_result_clear (&res);
}

static void
test_cxx (void)
{
  g_autofree char *file = perf_record ("cxx.data", workload_cxx, "250");
  /* sorting with inlined comparators, exceptions through the runtime */
  const char *must_have[] = { "dwl::Sorter::run", "dwl::parse_line", "__cxa_throw", "_Unwind_RaiseException",
                              "start_thread", NULL };

  check_against_perf (file, must_have);
}

static char *
our_record (const char *name)
{
  char *bundle = g_build_filename (tmpdir, name, NULL);
  const char *args[] = { "record", "--no-counting", "-F", "2000", "--call-graph", "dwarf", "-o", bundle, "--",
                         workload, "800", NULL };
  CliResult res = cli_run (cyclescope, args);

  if (res.status != 0)
    g_error ("cyclescope record failed (%d): %s", res.status, res.err);
  cli_result_clear (&res);
  return bundle;
}

static void
test_own_file (void)
{
  g_autofree char *bundle = our_record ("own.cyclescope");
  g_autofree char *file = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  const char *must_have[] = { "compare_keys", "__GI___qsort_r", "dwl_lib_fold", "start_thread", NULL };

  check_against_perf (file, must_have);
}

static double
children_of (GPtrArray  *rows,
             const char *key)
{
  const CsChildrenRow *r = cs_children_find (rows, key);

  return r != NULL ? r->children : 0;
}

static void
test_own_vs_perf (void)
{
  g_autofree char *a = perf_record ("perf-a.data", workload, "800");
  g_autofree char *b = perf_record ("perf-b.data", workload, "800");
  g_autofree char *bundle = our_record ("own-vs-perf.cyclescope");
  g_autofree char *own_file = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autoptr(GPtrArray) ra = cs_children_our_rows (cyclescope, a, FALSE);
  g_autoptr(GPtrArray) rb = cs_children_our_rows (cyclescope, b, FALSE);
  g_autoptr(GPtrArray) ro = cs_children_our_rows (cyclescope, own_file, FALSE);
  const char *args[] = { "report", own_file, "--format", "json", "--limit", "1", NULL };
  CliResult res = cli_run (cyclescope, args);
  g_autoptr(GRegex) samples_re = g_regex_new ("\"samples\"\\s*:\\s*(\\d+)", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  double n;
  guint compared = 0;

  g_assert_cmpint (res.status, ==, 0);
  g_assert_true (g_regex_match (samples_re, res.out, 0, &m));
  {
    g_autofree char *text = g_match_info_fetch (m, 1);

    n = g_ascii_strtod (text, NULL);
  }
  cli_result_clear (&res);
  g_assert_cmpfloat (n, >, 500);
  cs_children_merge (ra);
  cs_children_merge (rb);
  cs_children_merge (ro);
  cs_children_print ("perf record, first", ra, 12);
  cs_children_print ("perf record, second", rb, 12);
  cs_children_print ("cyclescope record", ro, 12);
  /* the functions that hold at least 2 % in perf's recording */
  for (guint i = 0; i < ra->len && i < 12; i++)
    {
      const CsChildrenRow *r = ra->pdata[i];
      double pa = r->children, pb = children_of (rb, r->key), po = children_of (ro, r->key);
      double p = (pa + pb) / 200;
      double sigma = 100 * sqrt (MAX (p * (1 - p), 0.01) / n);
      double bound = MAX (4 * sigma, 2 * fabs (pa - pb)) + 0.5;

      if (pa < 2)
        break;
      compared++;
      g_test_message ("%-28s perf %6.2f %6.2f  ours %6.2f  bound %.2f", r->key, pa, pb, po, bound);
      if (fabs (po - (pa + pb) / 2) > bound)
        g_error ("%s: %.2f %% of the samples in our recording, %.2f %% and %.2f %% in perf's", r->key, po, pa, pb);
    }
  g_assert_cmpuint (compared, >=, 8);
  {
    double broken_ours = our_broken_percent (own_file), broken_a = our_broken_percent (a);

    g_test_message ("broken stacks: %.2f %% in our recording, %.2f %% in perf's", broken_ours, broken_a);
    g_assert_cmpfloat (broken_ours, <=, MAX (broken_a, 1.0) * 2);
  }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 4)
    g_error ("usage: test-dwarf-perf CYCLESCOPE DWARF-WORKLOAD DWARF-WORKLOAD-CXX");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  workload = argv[2];
  workload_cxx = argv[3];
  g_test_add_func ("/dwarf-perf/c", test_c);
  g_test_add_func ("/dwarf-perf/progress", test_progress);
  g_test_add_func ("/dwarf-perf/cxx", test_cxx);
  g_test_add_func ("/dwarf-perf/own-file", test_own_file);
  g_test_add_func ("/dwarf-perf/own-vs-perf", test_own_vs_perf);
  home = cs_perf_test_private_home ();
  status = cs_test_run_with_tmpdir (&tmpdir);
  cs_test_rmdir (home);
  g_free (c_file);
  g_free (perf);
  return status;
}
