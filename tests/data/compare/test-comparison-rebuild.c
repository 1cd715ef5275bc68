/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-comparison-rebuild.c — matching by name across two builds
 *
 * tests/workloads/cmp-work.c built -O2 (with variant_one) and -O1
 * -fno-inline with padding (variant_two): nm shows that hot_a and hot_b sit
 * at other addresses, and each build has a function the other lacks. Both
 * are recorded by our collector (cpu-clock); the comparison must match
 * hot_a and hot_b by name, mark variant_one as only in base and
 * variant_two as only in new, and match call paths the same way. The
 * expected shares come from each side's own profile table, the rule's
 * expected verdicts from hand computation. Recorded once more under another
 * file name (cmp-work-2.0), the rebuilt program still pairs with the base's.
 *
 * argv: cmp-work-base, cmp-work-rebuilt, cyclescope.
 */
#include "config.h"

#include <math.h>

#define CS_COMPARISON_TESTS
#include "cs-comparison.h"
#include "cs-comparison-private.h"
#include "cs-test-compare.h"
#include "cs-test-util.h"

static const char *base_exe, *rebuilt_exe, *cyclescope;
static char *tmpdir;
static CsAnalysis *base, *rebuilt, *renamed;

/* perf's percentage of @name in @analysis's own symbol table. */
static double
own_percent (CsAnalysis *analysis,
             const char *name)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileEvent *event = cs_profile_find_event (profile, "cpu-clock");
  g_autoptr(GArray) rows = cs_profile_dup_symbol_table (profile, event->index, NULL, 0);
  double sum = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);

      if (g_str_equal (r->symbol->display_name, name))
        sum += r->percent;
    }
  return sum;
}

/* The share of @graph's samples with @name on their stack. */
static double
base_total (CsCallGraph *graph,
            const char  *name)
{
  CsProfile *profile = cs_call_graph_get_profile (graph);
  guint event = cs_profile_find_event (profile, "cpu-clock")->index;

  for (guint i = 0; i < cs_profile_get_n_functions (profile); i++)
    if (g_str_equal (cs_profile_get_function (profile, i)->name, name))
      return 100.0 * cs_call_graph_get_function_total (graph, i, event) /
             cs_call_graph_get_event_total (graph, event);
  return 0;
}

static void
test_verdict_rule (void)
{
  /* 2·sqrt(1² + 1²) = 2.828… */
  g_assert_cmpint (_cs_change_judge (2.9, 1, 1), ==, CS_CHANGE_GREW);
  g_assert_cmpint (_cs_change_judge (-2.9, 1, 1), ==, CS_CHANGE_SHRANK);
  g_assert_cmpint (_cs_change_judge (2.8, 1, 1), ==, CS_CHANGE_WITHIN_NOISE);
  g_assert_cmpint (_cs_change_judge (0, 0, 0), ==, CS_CHANGE_WITHIN_NOISE);
  g_assert_cmpint (_cs_change_judge (5, NAN, 1), ==, CS_CHANGE_NO_SPREAD);
  /* 50 % of 100 samples: 100·sqrt(0.25/100) = 5 points; with a 10 % run
   * spread, 0.1·50 = 5 more in quadrature. */
  g_assert_cmpfloat_with_epsilon (_cs_share_sigma (50, 100, NAN), 5.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (_cs_share_sigma (50, 100, 0.1), sqrt (50.0), 1e-9);
  /* 2 s of 400 samples: 2/sqrt(400) = 0.1 s */
  g_assert_cmpfloat_with_epsilon (_cs_seconds_sigma (2.0, 400, NAN), 0.1, 1e-9);
}

static gboolean
need_recordings (void)
{
  if (base != NULL && rebuilt != NULL)
    return TRUE;
  g_test_skip ("cyclescope record cannot record here");
  return FALSE;
}

static void
test_addresses_differ (void)
{
  /* The premise: matching by address would fail. */
  g_assert_cmphex (cs_test_compare_nm (base_exe, "hot_a"), !=, 0);
  g_assert_cmphex (cs_test_compare_nm (base_exe, "hot_a"), !=, cs_test_compare_nm (rebuilt_exe, "hot_a"));
  g_assert_cmphex (cs_test_compare_nm (base_exe, "hot_b"), !=, cs_test_compare_nm (rebuilt_exe, "hot_b"));
  g_assert_cmphex (cs_test_compare_nm (base_exe, "variant_one"), !=, 0);
  g_assert_cmphex (cs_test_compare_nm (rebuilt_exe, "variant_one"), ==, 0);
  g_assert_cmphex (cs_test_compare_nm (rebuilt_exe, "variant_two"), !=, 0);
  g_assert_cmphex (cs_test_compare_nm (base_exe, "variant_two"), ==, 0);
}

/* hot_a and hot_b matched between base and @other (the program's module
 * called @module there), each build's variant on its own side. */
static void
check_functions_match (CsAnalysis *other,
                       const char *module)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsComparison) comparison = NULL;
  g_autoptr(GArray) rows = NULL;
  const char *matched[] = { "hot_a", "hot_b" };

  comparison = cs_comparison_new (base, other, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cs_comparison_get_event (comparison), ==, "cpu-clock");
  rows = cs_comparison_dup_rows (comparison, CS_COMPARE_FUNCTIONS);

  for (guint i = 0; i < G_N_ELEMENTS (matched); i++)
    {
      const CsRowDelta *r = cs_test_compare_find_row (rows, matched[i]);

      g_assert_nonnull (r);
      g_assert_cmpstr (r->module, ==, module);
      g_assert_cmpuint (r->base_samples, >, 0);
      g_assert_cmpuint (r->new_samples, >, 0);
      g_assert_cmpint (r->change, !=, CS_CHANGE_BASE_ONLY);
      g_assert_cmpint (r->change, !=, CS_CHANGE_NEW_ONLY);
      /* Each side's share is what that side's own table says. */
      g_assert_cmpfloat_with_epsilon (r->base_share, own_percent (base, matched[i]), 1e-9);
      g_assert_cmpfloat_with_epsilon (r->new_share, own_percent (other, matched[i]), 1e-9);
      g_assert_cmpfloat_with_epsilon (r->delta_points, r->new_share - r->base_share, 1e-9);
    }

  g_assert_nonnull (cs_test_compare_find_row (rows, "variant_one"));
  g_assert_cmpint (cs_test_compare_find_row (rows, "variant_one")->change, ==, CS_CHANGE_BASE_ONLY);
  g_assert_cmpuint (cs_test_compare_find_row (rows, "variant_one")->new_samples, ==, 0);
  g_assert_nonnull (cs_test_compare_find_row (rows, "variant_two"));
  g_assert_cmpint (cs_test_compare_find_row (rows, "variant_two")->change, ==, CS_CHANGE_NEW_ONLY);
  g_assert_cmpuint (cs_test_compare_find_row (rows, "variant_two")->base_samples, ==, 0);
}

static void
test_functions_match (void)
{
  const char *b = NULL, *n = NULL;
  g_autoptr(CsComparison) comparison = NULL;

  if (!need_recordings ())
    return;
  check_functions_match (rebuilt, "cmp-work");
  comparison = cs_comparison_new (base, rebuilt, NULL);
  /* one name on both sides: nothing to pair */
  g_assert_false (cs_comparison_get_programs (comparison, &b, &n));
  g_assert_cmpstr (b, ==, "cmp-work");
  g_assert_cmpstr (n, ==, "cmp-work");
}

/* The rebuilt program recorded under another file name ("cmp-work-2.0"):
 * the recorded programs pair, so its functions still match; the program's
 * module is one row, under the new name. */
static void
test_renamed_program (void)
{
  g_autoptr(CsComparison) comparison = NULL;
  g_autoptr(GArray) modules = NULL;
  const CsRowDelta *row;
  const char *b = NULL, *n = NULL;

  if (!need_recordings ())
    return;
  g_assert_nonnull (renamed);
  check_functions_match (renamed, "cmp-work-2.0");
  comparison = cs_comparison_new (base, renamed, NULL);
  g_assert_true (cs_comparison_get_programs (comparison, &b, &n));
  g_assert_cmpstr (b, ==, "cmp-work");
  g_assert_cmpstr (n, ==, "cmp-work-2.0");
  modules = cs_comparison_dup_rows (comparison, CS_COMPARE_MODULES);
  g_assert_null (cs_test_compare_find_row (modules, "cmp-work"));
  row = cs_test_compare_find_row (modules, "cmp-work-2.0");
  g_assert_nonnull (row);
  g_assert_cmpuint (row->base_samples, >, 0);
  g_assert_cmpuint (row->new_samples, >, 0);
}

static void
test_modules_and_metrics (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsComparison) comparison = NULL;
  g_autoptr(GArray) rows = NULL;
  const GArray *metrics;
  const CsRowDelta *module;
  guint judged = 0;

  if (!need_recordings ())
    return;
  comparison = cs_comparison_new (base, rebuilt, &error);
  g_assert_no_error (error);
  rows = cs_comparison_dup_rows (comparison, CS_COMPARE_MODULES);
  module = cs_test_compare_find_row (rows, "cmp-work");
  g_assert_nonnull (module);
  g_assert_cmpuint (module->base_samples, >, 0);
  g_assert_cmpuint (module->new_samples, >, 0);

  /* One run each: no metric can have a verdict, and says so. */
  metrics = cs_comparison_get_metrics (comparison);
  g_assert_cmpuint (metrics->len, >, 0);
  for (guint i = 0; i < metrics->len; i++)
    {
      const CsMetricDelta *m = &g_array_index (metrics, CsMetricDelta, i);

      if (isnan (m->base) || isnan (m->new_value))
        continue;
      judged++;
      g_assert_cmpint (m->change, ==, CS_CHANGE_NO_SPREAD);
      g_assert_true (isnan (m->base_spread));
      g_assert_cmpfloat_with_epsilon (m->delta, m->new_value - m->base, 1e-9 * MAX (1, fabs (m->base)));
    }
  g_assert_cmpuint (judged, >, 0);
}

/* The call path to hot_a matches across the builds; the one to variant_two
 * has no base. */
static void
test_call_paths (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsComparison) comparison = NULL;
  g_autoptr(CsCallGraph) bg = NULL, ng = NULL;
  g_autofree CsNodeShares *shares = NULL;
  CsProfile *np;
  double hot_a = 0, variant_two = -1;
  int event;

  if (!need_recordings ())
    return;
  comparison = cs_comparison_new (base, rebuilt, &error);
  g_assert_no_error (error);
  bg = cs_call_graph_new_for_profile (cs_analysis_get_profile (base), NULL, &error);
  g_assert_no_error (error);
  ng = cs_call_graph_new_for_profile (cs_analysis_get_profile (rebuilt), NULL, &error);
  g_assert_no_error (error);
  shares = cs_comparison_dup_base_node_shares (comparison, bg, ng, "cpu-clock");
  np = cs_analysis_get_profile (rebuilt);
  event = (int) cs_profile_find_event (np, "cpu-clock")->index;

  /* The base's self share of every node whose path runs through hot_a
   * (the samples land in chain, inlined into it), and of those through
   * variant_two. */
  for (guint i = 1; i < cs_call_graph_get_n_nodes (ng, CS_CALL_TREE_TOP_DOWN); i++)
    {
      if (cs_call_graph_get_self (ng, CS_CALL_TREE_TOP_DOWN, i, event) == 0)
        continue;
      for (guint a = i; a != CS_CALL_ROOT; a = cs_call_graph_get_node (ng, CS_CALL_TREE_TOP_DOWN, a)->parent)
        {
          const CsCallFunction *f = cs_profile_get_function (np, cs_call_graph_get_node (ng, CS_CALL_TREE_TOP_DOWN, a)->function);

          if (g_str_equal (f->name, "hot_a"))
            hot_a += shares[i].self_share;
          else if (g_str_equal (f->name, "variant_two"))
            variant_two = MAX (variant_two, shares[i].self_share);
          else
            continue;
          break;
        }
    }
  /* The base's samples with hot_a on their stack (its total in the base's
   * own graph, kernel frames under it included) are those matched, but
   * for a stack whose path differs between the builds (cut short). */
  g_assert_cmpfloat (hot_a, >, base_total (bg, "hot_a") - 2.0);
  g_assert_cmpfloat (hot_a, <=, base_total (bg, "hot_a") + 1e-6);
  g_assert_cmpfloat (variant_two, ==, 0.0);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *renamed_dir = NULL;
  g_autofree char *base_bundle = NULL, *new_bundle = NULL, *renamed_bundle = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 4);
  base_exe = argv[1];
  rebuilt_exe = argv[2];
  cyclescope = argv[3];
  tmpdir = cs_test_mkdtemp ();
  renamed_dir = g_build_filename (tmpdir, "renamed", NULL);
  renamed_bundle = cs_test_compare_record_pair (cyclescope, base_exe, rebuilt_exe, tmpdir, "2", 1,
                                                &base_bundle, &new_bundle)
                   ? cs_test_compare_record_as (cyclescope, rebuilt_exe, renamed_dir, "cmp-work-2.0", "2", 1)
                   : NULL;
  if (renamed_bundle != NULL)
    {
      g_autoptr(GError) error = NULL;

      base = cs_analysis_load (base_bundle, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      rebuilt = cs_analysis_load (new_bundle, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      renamed = cs_analysis_load (renamed_bundle, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
    }

  g_test_add_func ("/compare/verdict-rule", test_verdict_rule);
  g_test_add_func ("/compare/rebuild/addresses-differ", test_addresses_differ);
  g_test_add_func ("/compare/rebuild/functions-match", test_functions_match);
  g_test_add_func ("/compare/rebuild/renamed-program", test_renamed_program);
  g_test_add_func ("/compare/rebuild/modules-and-metrics", test_modules_and_metrics);
  g_test_add_func ("/compare/rebuild/call-paths", test_call_paths);
  ret = g_test_run ();
  g_clear_object (&base);
  g_clear_object (&rebuilt);
  g_clear_object (&renamed);
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  return ret;
}
