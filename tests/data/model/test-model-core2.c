/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model-core2.c — every derived metric of data/models/intel-core2.json on
 * hand-built raw counts, compared with values worked out by hand from the
 * formulas of Kruse, CMSSW Performance Monitoring, 2011, §6.1 (and Chapter 4
 * for the cycle decomposition).
 *
 * The counts are round numbers chosen so that the arithmetic is easy to
 * follow; every expected value below is a literal with its arithmetic.
 */
#include "config.h"

#include <math.h>

#include "cs-chart-values.h"
#include "cs-test-model.h"

/* Whole program. */
static const CsTestValue raw[] = {
  { "UNHALTED_CORE_CYCLES", 1e9 },
  { "INSTRUCTIONS_RETIRED", 8e8 },
  { "RS_UOPS_DISPATCHED.CMASK1_INV1", 4e8 },
  { "MEM_LOAD_RETIRED.L2_LINE_MISS", 1e6 },
  { "MEM_LOAD_RETIRED.L1D_LINE_MISS", 5e6 },
  { "MEM_LOAD_RETIRED.DTLB_MISS", 2e6 },
  { "ILD_STALL", 1e6 },
  { "LOAD_BLOCK.STA", 2e6 },
  { "LOAD_BLOCK.OVERLAP_STORE", 1e6 },
  { "LOAD_BLOCK.UNTIL_RETIRE", 2e5 },
  { "ITLB_MISS_RETIRED", 4e5 },
  { "BRANCH_INSTRUCTIONS_RETIRED", 1e8 },
  { "MISPREDICTED_BRANCH_RETIRED", 5e6 },
  { "INST_RETIRED.LOADS", 3e8 },
  { "INST_RETIRED.STORES", 1e8 },
  { "INST_RETIRED.OTHER", 4.5e8 },
  { "SIMD_COMP_INST_RETIRED.PACKED_SINGLE.PACKED_DOUBLE", 5e7 },
  { "RS_UOPS_DISPATCHED", 1.2e9 },
  { "RS_UOPS_DISPATCHED.CMASK1", 6e8 },
  { "UOPS_RETIRED.ANY", 7e8 },
  { "UOPS_RETIRED.FUSED", 1e8 },
};

static const CsTestValue expected[] = {
  { "TotalCycles", 1e9 },                                  /* UNHALTED_CORE_CYCLES */
  { "StalledCycles", 4e8 },                                /* RS_UOPS_DISPATCHED CMASK=1 INV=1 */
  { "L2MissImpact", 2e8 },                                 /* 1e6 * 200 */
  { "L2HitImpact", 5.8e7 },                                /* (5e6 - 1e6) * 14.5 */
  { "L1DTLBMissImpact", 2e7 },                             /* 2e6 * 10 */
  { "LCPStallsImpact", 6e6 },                              /* 1e6 * 6 */
  { "LoadsBlockedbyUnknownAddressStoreImpact", 1e7 },      /* 2e6 * 5 */
  { "LoadsOverlappedwithStoresImpact", 6e6 },              /* 1e6 * 6 */
  { "LoadsSpanningacrossCacheLinesImpact", 4e6 },          /* 2e5 * 20 */
  { "StoreFwdStallsImpact", 2e7 },                         /* 1e7 + 6e6 + 4e6 */
  { "CountedStalledCycles", 3.04e8 },                      /* 2e8 + 5.8e7 + 6e6 + 2e7 + 2e7 */
  { "InstructionsRetired", 8e8 },
  { "ITLBMissRateInPct", 0.05 },                           /* 4e5 / 8e8 * 100 */
  { "BranchInstructions", 1e8 },
  { "LoadInstructions", 3e8 },
  { "StoreInstructions", 1e8 },
  { "OtherInstructions", 3e8 },                            /* 4.5e8 - 5e7 - 1e8 */
  { "PctOfMispredictedBranches", 5 },                      /* 5e6 / 1e8 * 100 */
  { "PackedSIMDComputationalInstructions", 5e7 },
  { "CountedInstructionsRetired", 8.5e8 },                 /* 1e8 + 3e8 + 1e8 + 3e8 + 5e7 */
  { "CPI", 1.25 },                                         /* 1e9 / 8e8 */
  { "localPerformanceImprovement", 5 },                    /* 1.25 / 0.25 */
  { "cyclesAfterImprovement", 2e8 },                       /* 1e9 / 5 */
  { "totalCyclesAfterImprovement", 2e8 },                  /* 1e9 - 1e9 + 2e8 (program scope) */
  { "iMargin", 80 },                                       /* 100 - 2e8 / 1e9 * 100 */
  { "PctOfTotalCycles", 40 },                              /* 4e8 * 100 / 1e9 */
  { "L2MissPctOfCountedStalledCycles", 65.78947368421052 },     /* 2e8 * 100 / 3.04e8 = 200/3.04 */
  { "L2HitPctOfCountedStalledCycles", 19.07894736842105 },      /* 5.8e7 * 100 / 3.04e8 = 58/3.04 */
  { "L1DTLBMissPctOfCountedStalledCycles", 6.578947368421052 }, /* 2e7 * 100 / 3.04e8 = 20/3.04 */
  { "LCPStallsPctOfCountedStalledCycles", 1.9736842105263157 }, /* 6e6 * 100 / 3.04e8 = 6/3.04 */
  { "StoreFwdStallsPctOfCountedStalledCycles", 6.578947368421052 }, /* 2e7 * 100 / 3.04e8 */
  { "LoadsBlockedPctOfStoreFwdStallsCycles", 50 },         /* 1e7 * 100 / 2e7 */
  { "LoadsOverlappedPctOfStoreFwdStallsCycles", 30 },      /* 6e6 * 100 / 2e7 */
  { "LoadsSpanningPctOfStoreFwdStallsCycles", 20 },        /* 4e6 * 100 / 2e7 */
  { "LoadPctOfAllInstructions", 35.294117647058826 },      /* 3e8 * 100 / 8.5e8 = 300/8.5 */
  { "StorePctOfAllInstructions", 11.764705882352942 },     /* 1e8 * 100 / 8.5e8 = 100/8.5 */
  { "BranchPctOfAllInstructions", 11.764705882352942 },    /* 1e8 * 100 / 8.5e8 */
  { "PackedSIMDPctOfAllInstructions", 5.882352941176471 }, /* 5e7 * 100 / 8.5e8 = 50/8.5 */
  { "OtherPctOfAllInstructions", 35.294117647058826 },     /* 3e8 * 100 / 8.5e8 */
  /* Chapter 4 cycle decomposition */
  { "CyclesIssuingUops", 6e8 },                            /* RS_UOPS_DISPATCHED CMASK=1 */
  { "UopsRate", 2 },                                       /* 1.2e9 / 6e8 */
  { "RetiredUops", 8e8 },                                  /* 7e8 + 1e8 */
  { "NonRetiredUops", 4e8 },                               /* 1.2e9 - 8e8 */
  { "CyclesNonRetiringUops", 2e8 },                        /* 4e8 / 2 */
  { "CyclesRetiringUops", 4e8 },                           /* 8e8 / 2 */
};

static void
test_every_metric (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-core2");
  g_autoptr(CsCounts) counts = cs_test_counts_new (raw, G_N_ELEMENTS (raw));
  g_autoptr(GError) error = NULL;
  g_autoptr(CsEvaluation) ev = cs_evaluation_new (model, counts, NULL, &error);

  g_assert_no_error (error);
  /* Every metric of the model is in the table, and only those. */
  g_assert_cmpuint (cs_model_get_n_metrics (model), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_nonnull (cs_model_find_metric (model, expected[i].name));
      cs_test_assert_close (expected[i].name, cs_evaluation_lookup (ev, expected[i].name), expected[i].value);
      g_assert_cmpint (cs_evaluation_get_provenance (ev, cs_model_get_metric_index (model, expected[i].name)),
                       ==, CS_PROVENANCE_COUNTED);
    }
}

static void
test_module_imargin (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-core2");
  g_autoptr(CsCounts) whole = cs_test_counts_new (raw, G_N_ELEMENTS (raw));
  g_autoptr(CsCounts) module = cs_counts_new ();
  g_autoptr(CsEvaluation) program = NULL;
  g_autoptr(CsEvaluation) ev = NULL;

  /* A module with a fifth of the program's cycles and CPI 2. */
  cs_counts_set (module, "UNHALTED_CORE_CYCLES", 2e8, CS_PROVENANCE_COUNTED);
  cs_counts_set (module, "INSTRUCTIONS_RETIRED", 1e8, CS_PROVENANCE_COUNTED);
  program = cs_evaluation_new (model, whole, NULL, NULL);
  ev = cs_evaluation_new (model, module, program, NULL);
  g_assert_nonnull (ev);

  cs_test_assert_close ("CPI", cs_evaluation_lookup (ev, "CPI"), 2);                /* 2e8 / 1e8 */
  cs_test_assert_close ("lPI", cs_evaluation_lookup (ev, "localPerformanceImprovement"), 8); /* 2 / 0.25 */
  cs_test_assert_close ("cAI", cs_evaluation_lookup (ev, "cyclesAfterImprovement"), 2.5e7); /* 2e8 / 8 */
  /* totalCycles is the program's 1e9: 1e9 - 2e8 + 2.5e7 */
  cs_test_assert_close ("tCAI", cs_evaluation_lookup (ev, "totalCyclesAfterImprovement"), 8.25e8);
  cs_test_assert_close ("iMargin", cs_evaluation_lookup (ev, "iMargin"), 17.5);     /* 100 - 82.5 */
  /* Metrics whose events the module lacks are unknown, not 0. */
  g_assert_true (isnan (cs_evaluation_lookup (ev, "L2MissImpact")));
}

static void
test_charts (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-core2");
  g_autoptr(CsCounts) counts = cs_test_counts_new (raw, G_N_ELEMENTS (raw));
  g_autoptr(CsEvaluation) ev = cs_evaluation_new (model, counts, NULL, NULL);
  g_autoptr(CsChartValues) cycles = cs_chart_values_new (cs_model_find_chart (model, "cycle-decomposition"), ev);
  g_autoptr(CsChartValues) stalls = cs_chart_values_new (cs_model_find_chart (model, "stall-decomposition"), ev);
  g_autoptr(CsChartValues) cpi = cs_chart_values_new (cs_model_find_chart (model, "cpi"), ev);

  /* Chapter 4: 4e8 retiring + 2e8 non-retiring + 4e8 stalled = 1e9. */
  cs_test_assert_close ("total", cycles->total, 1e9);
  cs_test_assert_close ("retiring", cycles->parts[0].share, 0.4);
  cs_test_assert_close ("non-retiring", cycles->parts[1].share, 0.2);
  cs_test_assert_close ("stalled", cycles->parts[2].share, 0.4);
  /* The five impacts sum to CountedStalledCycles 3.04e8; L2 miss is 2e8 of it. */
  g_assert_cmpuint (stalls->n_parts, ==, 5);
  cs_test_assert_close ("counted", stalls->total, 3.04e8);
  cs_test_assert_close ("l2 share", stalls->parts[0].share, 2e8 / 3.04e8);
  /* CPI 1.25 lies between 1 and 2. */
  g_assert_cmpint (cpi->band, ==, CS_BAND_MEDIUM);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model-core2/every-metric", test_every_metric);
  g_test_add_func ("/model-core2/module-imargin", test_module_imargin);
  g_test_add_func ("/model-core2/charts", test_charts);
  return g_test_run ();
}
