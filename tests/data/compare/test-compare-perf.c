/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare-perf.c — the held-out pair of issue 19's acceptance
 *
 * cmp-work before (base) and after an "optimisation" that halves hot_a's
 * work (-DHALF), each recorded by our collector with four runs (so the
 * repeated task-clock count gives a spread). perf is the oracle: `perf
 * report --sort sym -n` on each side's perf.data gives hot_a's share, and
 * our delta in points must be the difference of the two reports within one
 * point. hot_a must be called shrunk.
 *
 * The untouched functions: halving hot_a raises every other share (they
 * are percentages of a smaller whole): hot_b's share goes from 3/8.3 =
 * 36 % to 3/6.3 = 48 % (our delta, again as perf's reports say), while its
 * estimated time, the same work on both sides, must be within noise: that
 * is the check that says "untouched", and it could fail if the time
 * estimate or its spread were wrong. The whole program's CPU
 * time (8.3 → 6.3 units, −24 %) must be called shrunk, beyond the spread of
 * the repeated task-clock counts.
 *
 * Exits 77 without perf. argv: cmp-work-base, cmp-work-half, cyclescope.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#define CS_COMPARISON_TESTS
#include "cs-comparison.h"
#include "cs-test-compare.h"
#include "cs-test-util.h"

static char *perf;

/* hot_a's "Overhead" in `perf report` of @bundle's perf.data. */
static double
perf_share (CsAnalysis *analysis,
            const char *symbol)
{
  CsSession *session = cs_analysis_get_session (analysis);
  g_autofree char *data = cs_session_get_perf_data_path (session, cs_session_get_sampling_run (session, 0));
  const char *argv[] = { perf, "report", "-i", data, "--stdio", "--sort", "sym", "-n",
                         "--no-children", "-g", "none", NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  g_auto(GStrv) lines = NULL;
  g_autofree char *suffix = g_strconcat ("] ", symbol, NULL);
  double share = -1;

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strchomp (lines[i]);
      if (lines[i][0] != '#' && g_str_has_suffix (lines[i], suffix))
        share = MAX (share, 0) + g_ascii_strtod (lines[i], NULL);
    }
  if (share < 0)
    g_error ("perf report of %s has no row for %s:\n%s", data, symbol, r.out);
  return share;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  g_autofree char *base_bundle = NULL, *new_bundle = NULL;
  g_autoptr(CsAnalysis) base = NULL, half = NULL;
  g_autoptr(CsComparison) comparison = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  const CsRowDelta *hot_a, *hot_b;
  const GArray *metrics;
  double perf_delta;
  gboolean task_clock_seen = FALSE;

  g_assert_cmpint (argc, >=, 4);
  perf = cs_test_find_perf ();
  if (perf == NULL)
    {
      g_printerr ("perf is not installed: skipped\n");
      return 77;
    }
  tmpdir = cs_test_mkdtemp ();
  if (!cs_test_compare_record_pair (argv[3], argv[1], argv[2], tmpdir, "2", 4, &base_bundle, &new_bundle))
    {
      cs_test_rmdir (tmpdir);
      return 77;
    }
  base = cs_analysis_load (base_bundle, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  half = cs_analysis_load (new_bundle, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  comparison = cs_comparison_new (base, half, &error);
  g_assert_no_error (error);
  rows = cs_comparison_dup_rows (comparison, CS_COMPARE_FUNCTIONS);

  hot_a = cs_test_compare_find_row (rows, "hot_a");
  hot_b = cs_test_compare_find_row (rows, "hot_b");
  g_assert_nonnull (hot_a);
  g_assert_nonnull (hot_b);
  perf_delta = perf_share (half, "hot_a") - perf_share (base, "hot_a");
  g_printerr ("hot_a: ours %+.2f points, perf %+.2f points\n", hot_a->delta_points, perf_delta);
  g_assert_cmpfloat (fabs (hot_a->delta_points - perf_delta), <=, 1.0);
  g_assert_cmpint (hot_a->change, ==, CS_CHANGE_SHRANK);

  g_printerr ("hot_b: %+.2f points (±%.2f), %+.4f s (±%.4f s)\n", hot_b->delta_points,
              hot_b->delta_points_sigma, hot_b->delta_seconds, hot_b->delta_seconds_sigma);
  /* Its share moved because hot_a's did: as perf says, within a point. */
  perf_delta = perf_share (half, "hot_b") - perf_share (base, "hot_b");
  g_assert_cmpfloat (fabs (hot_b->delta_points - perf_delta), <=, 1.0);
  g_assert_cmpfloat (hot_b->delta_points, >, 5.0);
  g_assert_cmpint (hot_b->seconds_change, ==, CS_CHANGE_WITHIN_NOISE);

  metrics = cs_comparison_get_metrics (comparison);
  for (guint i = 0; i < metrics->len; i++)
    {
      const CsMetricDelta *m = &g_array_index (metrics, CsMetricDelta, i);

      if (!g_str_equal (m->name, "TaskClock"))
        continue;
      task_clock_seen = TRUE;
      g_printerr ("TaskClock: %g → %g ms (±%g, ±%g; %u and %u runs)\n", m->base, m->new_value,
                  m->base_spread, m->new_spread, m->base_runs, m->new_runs);
      g_assert_cmpuint (m->base_runs, >=, 2);
      g_assert_cmpuint (m->new_runs, >=, 2);
      g_assert_cmpint (m->change, ==, CS_CHANGE_SHRANK);
    }
  g_assert_true (task_clock_seen);

  g_clear_object (&comparison);
  cs_test_rmdir (tmpdir);
  g_free (perf);
  return 0;
}
