/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-profile-regions.c — samples attributed to regions, against perf
 *
 * cs-test-regions disjoint runs region "alpha" in alpha_work() only and
 * "beta" in beta_work() only. Recorded by our `cyclescope record
 * --regions`, the samples each region gets from the marks (thread and time)
 * must equal, within 2 %, the samples whose instruction pointer perf itself
 * (`perf script`) places in that region's function: two independent ways to
 * the same number. The per-region tables (Fig. 5.6, 5.7 of Kruse, CMSSW
 * Performance Monitoring, 2011) and annotations follow.
 *
 * Arguments (meson passes them): CS-TEST-REGIONS CYCLESCOPE. Exits 77
 * without perf.
 */
#include "config.h"

#include <math.h>

#include <json-c/json.h>

#include "cs-analysis.h"
#include "cs-call-graph.h"
#include "cs-profile-samples.h"
#include "cs-profile-test-util.h"
#include "cs-test-json.h"

static char *perf;
static char *bundle;
static CsAnalysis *analysis;

/* perf's count of samples per symbol of the sampling run. */
static GHashTable *
perf_samples_by_symbol (void)
{
  g_autofree char *data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  const char *args[] = { "script", "-i", data, "-F", "ip,sym", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *sym = strchr (line, ' ');
      guint n;

      /* "ADDRESS SYMBOL" */
      if (sym == NULL)
        continue;
      sym = g_strstrip (sym);
      n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, sym));
      g_hash_table_insert (counts, g_strdup (sym), GUINT_TO_POINTER (n + 1));
    }
  return counts;
}

static void
assert_within (double      value,
               double      expected,
               double      tolerance,
               const char *what)
{
  if (fabs (value - expected) > tolerance * expected)
    g_error ("%s: %.0f, perf says %.0f (more than %.0f %% apart)", what, value, expected,
             tolerance * 100);
}

static void
test_disjoint_attribution (void)
{
  g_autoptr(GHashTable) by_symbol = perf_samples_by_symbol ();
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileEvent *e = cs_analysis_get_default_event (analysis);
  const char *regions[] = { "alpha", "beta" };
  const char *functions[] = { "alpha_work", "beta_work" };

  g_assert_nonnull (profile);
  g_assert_cmpuint (cs_profile_get_n_regions (profile), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      guint region = cs_profile_find_region (profile, regions[i]);
      guint expected = GPOINTER_TO_UINT (g_hash_table_lookup (by_symbol, functions[i]));
      guint64 samples = 0;

      g_assert_cmpuint (region, >, 0);
      g_assert_cmpuint (expected, >, 100);
      cs_profile_get_region_total (profile, e->index, region, &samples, NULL);
      g_test_message ("%s: %" G_GUINT64_FORMAT " samples by the marks, %u in %s by perf",
                      regions[i], samples, expected, functions[i]);
      assert_within (samples, expected, 0.02, regions[i]);
    }
}

/* Fig. 5.6: regions ranked by samples; Fig. 5.7: a region's symbols with
 * their share of the region. */
static void
test_region_tables (void)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileEvent *e = cs_analysis_get_default_event (analysis);
  g_autoptr(GArray) ranked = cs_profile_dup_region_table (profile, e->index);
  const CsScope *alpha = cs_analysis_find_region (analysis, "alpha");
  g_autoptr(GArray) symbols = NULL;
  const CsProfileSymbolRow *top;
  double sum = 0;

  /* beta does twice alpha's work */
  g_assert_cmpuint (ranked->len, ==, 2);
  g_assert_cmpstr (g_array_index (ranked, CsProfileRegionRow, 0).name, ==, "beta");
  g_assert_cmpstr (g_array_index (ranked, CsProfileRegionRow, 1).name, ==, "alpha");

  g_assert_nonnull (alpha);
  g_assert_cmpuint (alpha->region_id, >, 0);
  g_assert_cmpuint (alpha->n_samples, >, 0);
  symbols = cs_analysis_dup_top_symbols (analysis, alpha, NULL);
  g_assert_cmpuint (symbols->len, >, 0);
  top = &g_array_index (symbols, CsProfileSymbolRow, 0);
  g_assert_cmpstr (top->symbol->display_name, ==, "alpha_work");
  g_assert_cmpstr (top->symbol->module->name, ==, "cs-test-regions");
  g_assert_cmpfloat (top->module_percent, >, 95.0);
  for (guint i = 0; i < symbols->len; i++)
    {
      const CsProfileSymbolRow *row = &g_array_index (symbols, CsProfileSymbolRow, i);

      g_assert_cmpstr (row->symbol->display_name, !=, "beta_work");
      sum += row->module_percent;
    }
  /* All of the region's symbols (fewer than the limit) make 100 %. */
  g_assert_cmpfloat (fabs (sum - 100.0), <, 1e-6);
}

/* Annotations per region: alpha_work's instructions hold samples in alpha
 * and none in beta; the instruction table of all regions is their sum. */
static void
test_region_annotation (void)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileEvent *e = cs_analysis_get_default_event (analysis);
  const CsScope *alpha = cs_analysis_find_region (analysis, "alpha");
  const CsScope *beta = cs_analysis_find_region (analysis, "beta");
  g_autoptr(GPtrArray) found = cs_profile_find_symbols (profile, "alpha_work");
  const CsProfileSymbol *sym;
  const GArray *in_alpha, *in_beta, *all;
  guint64 n_alpha = 0, n_beta = 0, n_all = 0, outside = 0;

  g_assert_cmpuint (found->len, ==, 1);
  sym = g_ptr_array_index (found, 0);
  in_alpha = cs_analysis_get_scope_insn_table (analysis, alpha, sym, NULL);
  in_beta = cs_analysis_get_scope_insn_table (analysis, beta, sym, NULL);
  all = cs_analysis_get_insn_table (analysis, sym, NULL);
  for (guint i = 0; i < in_alpha->len; i++)
    n_alpha += g_array_index (in_alpha, CsProfileInsnRow, i).samples;
  for (guint i = 0; i < in_beta->len; i++)
    n_beta += g_array_index (in_beta, CsProfileInsnRow, i).samples;
  for (guint i = 0; i < all->len; i++)
    n_all += g_array_index (all, CsProfileInsnRow, i).samples;
  cs_profile_get_region_total (profile, e->index, 0, &outside, NULL);
  g_assert_cmpuint (n_alpha, >, 0);
  g_assert_cmpuint (n_alpha, <=, n_all);
  g_assert_cmpuint (n_beta, <=, n_all - n_alpha);
  /* A few samples at a region's edge may fall outside both. */
  g_assert_cmpuint (n_all - n_alpha - n_beta, <=, outside);
  g_assert_cmpuint (n_beta * 50, <, n_alpha);
  g_assert_cmpuint (cs_analysis_get_scope_line_table (analysis, alpha, sym, NULL)->len, >, 0);
}

/* A region's call graph: the graph of the samples taken in it, with the
 * region's own samples and its function, not the other's. */
static void
test_region_call_graph (void)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileEvent *e = cs_analysis_get_default_event (analysis);
  guint alpha = cs_profile_find_region (profile, "alpha");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsCallGraph) graph = NULL;
  g_autoptr(GArray) functions = NULL;
  guint64 samples = 0;
  gboolean has_alpha_work = FALSE;

  g_assert_true (cs_profile_has_call_chains (profile));
  g_assert_nonnull (cs_profile_get_samples (profile)->location_region);
  graph = cs_call_graph_new_for_region (profile, alpha, NULL, &error);
  g_assert_no_error (error);
  cs_profile_get_region_total (profile, e->index, alpha, &samples, NULL);
  g_assert_cmpuint (cs_call_graph_get_event_samples (graph, e->index), ==, samples);
  functions = cs_call_graph_dup_functions (graph, e->index, 0);
  for (guint i = 0; i < functions->len; i++)
    {
      const CsCallFunctionRow *row = &g_array_index (functions, CsCallFunctionRow, i);

      g_assert_cmpstr (row->function->name, !=, "beta_work");
      if (g_strcmp0 (row->function->name, "alpha_work") == 0)
        {
          has_alpha_work = TRUE;
          g_assert_cmpfloat (row->self_percent, >, 90.0);
        }
    }
  g_assert_true (has_alpha_work);
  /* no region 0 graph, no unknown region */
  g_assert_null (cs_call_graph_new_for_region (profile, 0, NULL, NULL));
}

/* `cyclescope annotate --region`: the CLI shows the same per-region rows. */
static const char *cyclescope;

static void
test_cli_annotate_region (void)
{
  const CsScope *alpha = cs_analysis_find_region (analysis, "alpha");
  CsProfile *profile = cs_analysis_get_profile (analysis);
  g_autoptr(GPtrArray) found = cs_profile_find_symbols (profile, "alpha_work");
  const GArray *insns = cs_analysis_get_scope_insn_table (analysis, alpha, g_ptr_array_index (found, 0), NULL);
  const char *args[] = { "annotate", "--format", "json", "--region", "alpha", bundle, "alpha_work", NULL };
  CliResult r = cli_run (cyclescope, args);
  json_object *root, *list, *region;
  guint64 expected = 0, shown = 0;

  g_assert_cmpint (r.status, ==, 0);
  root = cs_test_json_parse (r.out);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "region", &region));
  g_assert_cmpstr (json_object_get_string (region), ==, "alpha");
  g_assert_true (json_object_object_get_ex (root, "instructions", &list));
  for (size_t i = 0; i < json_object_array_length (list); i++)
    {
      json_object *n;

      g_assert_true (json_object_object_get_ex (json_object_array_get_idx (list, i), "samples", &n));
      shown += (guint64) json_object_get_int64 (n);
    }
  for (guint i = 0; i < insns->len; i++)
    expected += g_array_index (insns, CsProfileInsnRow, i).samples;
  g_assert_cmpuint (shown, ==, expected);
  json_object_put (root);
  cli_result_clear (&r);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  g_autofree char *oracle = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-profile-regions CS-TEST-REGIONS CYCLESCOPE");
  cyclescope = argv[2];
  perf = cs_test_find_perf ();
  if (perf == NULL)
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  tmpdir = cs_test_mkdtemp ();
  bundle = g_build_filename (tmpdir, "disjoint.cyclescope", NULL);
  oracle = g_build_filename (tmpdir, "oracle.txt", NULL);
  {
    const char *args[] = { "record", "--regions", "--no-counting", "-F", "4000", "-g", "-o", bundle, "--",
                           argv[1], "disjoint", oracle, "200", NULL };
    CliResult r = cli_run (argv[2], args);

    if (r.status != 0)
      g_error ("cyclescope record failed (%d): %s", r.status, r.err);
    cli_result_clear (&r);
  }
  analysis = cs_analysis_load (bundle, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/profile-regions/disjoint-attribution", test_disjoint_attribution);
  g_test_add_func ("/profile-regions/region-tables", test_region_tables);
  g_test_add_func ("/profile-regions/region-annotation", test_region_annotation);
  g_test_add_func ("/profile-regions/cli-annotate-region", test_cli_annotate_region);
  g_test_add_func ("/profile-regions/region-call-graph", test_region_call_graph);
  status = g_test_run ();
  g_clear_object (&analysis);
  cs_test_rmdir (tmpdir);
  return status;
}
