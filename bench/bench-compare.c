/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-compare.c — comparing two large -g recordings beside perf diff
 *
 *   bench-compare CYCLESCOPE CALLGRAPH-WORKLOAD [SAMPLES]
 *
 * Set-up: two `perf record -g -F 20000 -e cpu-clock` recordings of the
 * same two CPU-bound processes (callgraph-workload, one thread each), each
 * long enough for about SAMPLES samples (default 600 000): a base and a
 * new run of one program, as a user compares before and after. Then:
 *
 *   - as processes: `perf diff -c delta --sort dso,sym` (the anchor) and
 *     `cyclescope diff --format json --limit 0`, wall time and peak RSS
 *     (ru_maxrss of each child, from wait4);
 *   - in this process, both files loaded: cs_comparison_new() (what the
 *     viewer redoes after every filter) and
 *     cs_comparison_dup_base_node_shares() over the whole top-down tree
 *     (the differential call tree and flame graph), median of REPEAT.
 *
 * Goals (issue 19): cs_comparison_new() under 100 ms for 600 k samples;
 * over 50 ms would call for building the viewer's comparison off the main
 * thread. The figures are printed; the exit status is 0 unless something
 * failed to run.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "cs-bench-profile.h"
#include "cs-call-graph.h"
#include "cs-comparison.h"

#define REPEAT 5
/* Two processes sampled at 20 kHz. */
#define SAMPLES_PER_SECOND 40000.0

static char *perf;

static gboolean
record (const char *workload,
        const char *file,
        double      seconds)
{
  g_autofree char *script = g_strdup_printf ("'%s' --cpu %.1f --threads 1 & '%s' --cpu %.1f --threads 1; wait",
                                             workload, seconds, workload, seconds);
  const char *argv[] = { perf, "record", "-q", "-g", "-F", "20000", "-e", "cpu-clock", "-o", file, "--",
                         "/bin/sh", "-c", script, NULL };

  g_print ("set-up: perf record -g -F 20000 -e cpu-clock -o %s -- two callgraph-workload --cpu %.1f\n",
           file, seconds);
  return cs_bench_run_timed (argv) >= 0;
}

/* Wall time of @argv (output discarded) and its peak RSS in MiB (its own,
 * from wait4, not the largest of all children so far); FALSE when it
 * failed. */
static gboolean
run_measured (const char * const *argv,
              double             *wall,
              double             *rss_mib)
{
  g_autoptr(GError) error = NULL;
  struct rusage ru;
  GPid pid;
  int status = 0;
  double t0 = cs_bench_now ();

  if (!g_spawn_async (NULL, (char **) argv, NULL,
                      G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    {
      g_printerr ("%s: %s\n", argv[0], error->message);
      return FALSE;
    }
  if (wait4 (pid, &status, 0, &ru) != pid || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_printerr ("%s %s failed\n", argv[0], argv[1]);
      return FALSE;
    }
  *wall = cs_bench_now () - t0;
  *rss_mib = ru.ru_maxrss / 1024.0;
  return TRUE;
}

static CsAnalysis *
load (const char *file)
{
  g_autoptr(GError) error = NULL;
  CsAnalysis *analysis = cs_analysis_load (file, NULL, NULL, NULL, NULL, &error);

  if (analysis == NULL)
    g_error ("loading %s failed: %s", file, error->message);
  return analysis;
}

static CsCallGraph *
build (CsAnalysis *analysis)
{
  g_autoptr(GError) error = NULL;
  CsCallGraph *graph = cs_call_graph_new_for_profile (cs_analysis_get_profile (analysis), NULL, &error);

  if (graph == NULL)
    g_error ("building the call graph failed: %s", error->message);
  return graph;
}

/* Records @file with about @want samples (once more, longer, when the
 * first fell short by more than a tenth); returns the samples. */
static guint64
record_samples (const char *workload,
                const char *file,
                guint64     want)
{
  double seconds = want / SAMPLES_PER_SECOND;
  guint64 n = 0;

  for (guint attempt = 0; attempt < 2; attempt++)
    {
      g_autoptr(CsAnalysis) analysis = NULL;

      if (!record (workload, file, seconds))
        return 0;
      analysis = load (file);
      n = cs_bench_count_samples (cs_analysis_get_profile (analysis));
      if (n >= want * 9 / 10)
        break;
      seconds *= (double) want / MAX (n, 1);
    }
  return n;
}

static double
file_mb (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? st.st_size / 1e6 : 0;
}

static void
print_load (void)
{
  g_autofree char *loadavg = NULL;

  if (g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL))
    g_print ("load average: %s", loadavg);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL, *base_file = NULL, *new_file = NULL;
  g_autoptr(CsAnalysis) base = NULL, new_analysis = NULL;
  g_autoptr(CsCallGraph) base_graph = NULL, new_graph = NULL;
  g_autoptr(GError) error = NULL;
  double perf_wall = 0, perf_rss = 0, ours_wall = 0, ours_rss = 0;
  double t_new[REPEAT], t_rows[REPEAT], t_shares[REPEAT];
  guint64 want = argc > 3 ? g_ascii_strtoull (argv[3], NULL, 10) : 600000;
  guint64 n_base, n_new;
  const char *event;

  setlocale (LC_ALL, "");
  if (argc < 3)
    {
      g_printerr ("usage: bench-compare CYCLESCOPE CALLGRAPH-WORKLOAD [SAMPLES]\n");
      return 2;
    }
  perf = g_find_program_in_path ("perf");
  if (perf == NULL)
    {
      g_print ("perf is not installed: nothing to compare with\n");
      return 0;
    }
  dir = g_dir_make_tmp ("cs-bench-compare-XXXXXX", &error);
  g_assert_no_error (error);
  base_file = g_build_filename (dir, "base.data", NULL);
  new_file = g_build_filename (dir, "new.data", NULL);
  print_load ();
  n_base = record_samples (argv[2], base_file, want);
  n_new = record_samples (argv[2], new_file, want);
  if (n_base == 0 || n_new == 0)
    return 1;
  g_print ("files: base %" G_GUINT64_FORMAT " samples (%.1f MB), new %" G_GUINT64_FORMAT " samples (%.1f MB), with call chains\n\n",
           n_base, file_mb (base_file), n_new, file_mb (new_file));

  {
    const char *perf_argv[] = { perf, "diff", "-c", "delta", "--sort", "dso,sym", base_file, new_file, NULL };
    const char *ours_argv[] = { argv[1], "diff", "--format", "json", "--limit", "0", base_file, new_file, NULL };
    const char *children_argv[] = { argv[1], "diff", "--format", "json", "--limit", "0", "--children",
                                    base_file, new_file, NULL };
    double children_wall = 0, children_rss = 0;

    print_load ();
    if (!run_measured (perf_argv, &perf_wall, &perf_rss) || !run_measured (ours_argv, &ours_wall, &ours_rss))
      return 1;
    g_print ("perf diff -c delta --sort dso,sym:           %7.2f s wall, peak RSS %7.1f MiB (anchor)\n", perf_wall, perf_rss);
    g_print ("cyclescope diff --format json --limit 0:   %7.2f s wall, peak RSS %7.1f MiB (%.2f × perf's time)\n",
             ours_wall, ours_rss, ours_wall / perf_wall);
    if (!run_measured (children_argv, &children_wall, &children_rss))
      return 1;
    g_print ("cyclescope diff --format json --children:  %7.2f s wall, peak RSS %7.1f MiB (both call graphs built)\n\n",
             children_wall, children_rss);
  }

  base = load (base_file);
  new_analysis = load (new_file);
  for (guint i = 0; i < REPEAT; i++)
    {
      g_autoptr(CsComparison) comparison = NULL;
      g_autoptr(GArray) rows = NULL;
      double t0 = cs_bench_now ();

      comparison = cs_comparison_new (base, new_analysis, &error);
      g_assert_no_error (error);
      t_new[i] = cs_bench_now () - t0;
      t0 = cs_bench_now ();
      rows = cs_comparison_dup_rows (comparison, CS_COMPARE_FUNCTIONS);
      t_rows[i] = cs_bench_now () - t0;
    }
  g_print ("in process, both files loaded (%" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT " samples), median of %d:\n",
           n_base, n_new, REPEAT);
  g_print ("  cs_comparison_new:                      %8.1f ms (goal < 100 ms)\n", cs_bench_median (t_new, REPEAT) * 1e3);
  g_print ("  cs_comparison_dup_rows (functions):     %8.1f ms\n", cs_bench_median (t_rows, REPEAT) * 1e3);

  for (guint i = 0; i < REPEAT; i++)
    {
      g_autoptr(CsComparison) comparison = cs_comparison_new (base, new_analysis, &error);
      g_autoptr(GArray) rows = NULL;
      double t0 = cs_bench_now ();

      rows = cs_comparison_dup_total_rows (comparison, NULL, &error);
      g_assert_no_error (error);
      t_rows[i] = cs_bench_now () - t0;
    }
  g_print ("  cs_comparison_dup_total_rows:           %8.1f ms (--children: both call graphs built)\n",
           cs_bench_median (t_rows, REPEAT) * 1e3);

  base_graph = build (base);
  new_graph = build (new_analysis);
  {
    g_autoptr(CsComparison) comparison = cs_comparison_new (base, new_analysis, &error);

    g_assert_no_error (error);
    event = cs_comparison_get_event (comparison);
    for (guint i = 0; i < REPEAT; i++)
      {
        double t0 = cs_bench_now ();
        g_autofree CsNodeShares *shares = cs_comparison_dup_base_node_shares (comparison, base_graph, new_graph, event);

        t_shares[i] = cs_bench_now () - t0;
      }
    g_print ("  cs_comparison_dup_base_node_shares:     %8.1f ms for %u nodes of the new tree\n",
             cs_bench_median (t_shares, REPEAT) * 1e3, cs_call_graph_get_n_nodes (new_graph, CS_CALL_TREE_TOP_DOWN));
  }
  print_load ();

  g_unlink (base_file);
  g_unlink (new_file);
  g_rmdir (dir);
  return 0;
}
