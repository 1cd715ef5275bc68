/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model-nehalem.c — every derived metric of
 * data/models/intel-nehalem.json on hand-built raw counts, compared with
 * values worked out by hand from the formulas of Kruse, CMSSW Performance Monitoring, 2011, §6.2.
 *
 * Kruse's L3MissOtherSourceImpact subtracts impacts (cycles) from a count
 * of loads; the model keeps it as written, so with realistic counts it is
 * negative and so are L3MissTotalImpact and the counted stalled cycles. The
 * expected values below follow Kruse's arithmetic, sign included.
 */
#include "config.h"

#include <math.h>

#include "cs-chart-values.h"
#include "cs-test-model.h"

static const CsTestValue raw[] = {
  { "CPU_CLK_UNHALTED.THREAD_P", 1e9 },
  { "INST_RETIRED.ANY_P", 5e8 },
  { "MEM_LOAD_RETIRED.L2_HIT", 1e7 },
  { "MEM_LOAD_RETIRED.L3_UNSHARED_HIT", 1e6 },
  { "MEM_LOAD_RETIRED.OTHER_CORE_L2_HIT_HITM", 3e5 },
  { "MEM_UNCORE_RETIRED.OTHER_CORE_L2_HITM", 1e5 },
  { "MEM_UNCORE_RETIRED.LOCAL_DRAM", 2e5 },
  { "MEM_UNCORE_RETIRED.REMOTE_DRAM", 1e5 },
  { "MEM_UNCORE_RETIRED.REMOTE_CACHE_LOCAL_HOME_HIT", 5e4 },
  { "MEM_LOAD_RETIRED.L3_MISS", 4e5 },
  { "DTLB_LOAD_MISSES.WALK_COMPLETED", 1e6 },
  { "ARITH.CYCLES_DIV_BUSY", 5e6 },
  { "UOPS_EXECUTED.CORE_STALL_CYCLES", 3e8 },
  { "OFFCORE_RESPONSE_0.DMND_IFETCH.LOCAL_DRAM", 1000 },
  { "OFFCORE_RESPONSE_0.DMND_IFETCH.OTHER_CORE_HITM", 2000 },
  { "OFFCORE_RESPONSE_0.DMND_IFETCH.OTHER_CORE_HIT_SNP", 3000 },
  { "OFFCORE_RESPONSE_0.DMND_IFETCH.REMOTE_CACHE_FWD", 500 },
  { "OFFCORE_RESPONSE_0.DMND_IFETCH.REMOTE_DRAM", 400 },
  { "OFFCORE_RESPONSE_0.DMND_IFETCH.UNCORE_HIT", 10000 },
  { "L2_RQSTS.IFETCH_MISS", 20000 },
  { "L2_RQSTS.IFETCH_HIT", 180000 },
  { "ITLB_MISSES.WALK_COMPLETED", 2e5 },
  { "BR_INST_EXEC.ANY", 1e8 },
  { "BR_MISP_EXEC.ANY", 3e6 },
  { "BR_INST_EXEC.DIRECT_NEAR_CALL", 5e6 },
  { "BR_INST_EXEC.INDIRECT_NEAR_CALL", 1e6 },
  { "BR_INST_EXEC.INDIRECT_NON_CALL", 2e6 },
  { "BR_INST_EXEC.NEAR_CALLS", 6e6 },
  { "BR_INST_EXEC.NON_CALLS", 8.8e7 },
  { "BR_INST_EXEC.RETURN_NEAR", 6e6 },
  { "BR_INST_RETIRED.ALL_BRANCHES", 8e7 },
  { "BR_INST_RETIRED.CONDITIONAL", 6e7 },
  { "BR_INST_RETIRED.NEAR_CALL", 4e6 },
  { "UOPS_ISSUED.ANY.CMASK1_INV1", 2e8 },
  { "RESOURCE_STALLS.ANY", 1.5e8 },
  { "UOPS_DECODED.MS.CMASK1", 1e7 },
  { "ITLB_MISS_RETIRED", 5e4 },
  { "MEM_INST_RETIRED.LOADS", 1.5e8 },
  { "MEM_INST_RETIRED.STORES", 7e7 },
  { "SSEX_UOPS_RETIRED.PACKED_DOUBLE", 2e7 },
  { "SSEX_UOPS_RETIRED.PACKED_SINGLE", 1e7 },
  { "UOPS_RETIRED.ANY", 6e8 },
};

/* TOT = TotalCountedStalledCycles = -17 675 500 000 (see below). */
static const CsTestValue expected[] = {
  { "TotalCycles", 1e9 },
  { "L2HitImpact", 6e7 },                          /* 1e7 * 6 */
  { "L3UnsharedHitImpact", 3.5e7 },                /* 1e6 * 35 */
  { "L2OtherCoreHitImpact", 1.2e7 },               /* (3e5 - 1e5) * 60 */
  { "L2OtherCoreHitModifiedImpact", 7.5e6 },       /* 1e5 * 75 */
  { "L3MissLocalDRAMHitImpact", 4.5e7 },           /* 2e5 * 225 */
  { "L3MissRemoteDRAMHitImpact", 3.6e7 },          /* 1e5 * 360 */
  { "L3MissRemoteCacheHitImpact", 9e6 },           /* 5e4 * 180 */
  { "L3MissOtherSourceImpact", -1.792e10 },        /* (4e5 - (4.5e7 + 3.6e7 + 9e6)) * 200 = -8.96e7 * 200 */
  { "L3MissTotalImpact", -1.783e10 },              /* 4.5e7 + 3.6e7 + 9e6 - 1.792e10 */
  { "L1DTLBMissImpact", 3.5e7 },                   /* 1e6 * 35 */
  /* -1.783e10 + 6e7 + 3.5e7 + 3.5e7 + 7.5e6 + 1.2e7 */
  { "CountedStalledCyclesDueToLoadOps", -1.76805e10 },
  { "CyclesSpentDuringDIVAndSQRTOps", 5e6 },
  { "TotalCountedStalledCycles", -1.76755e10 },    /* -1.76805e10 + 5e6 */
  { "StalledCycles", 3e8 },
  { "PctOfTotalCycles", 30 },                      /* 3e8 * 100 / 1e9 */
  { "L3MissPctOfCountedStalledCycles", 100.87409125625867 },       /* -1.783e10 * 100 / TOT */
  { "L2HitPctOfCountedStalledCycles", -0.339452915051908 },        /* 6e7 * 100 / TOT */
  { "L1DTLBMissPctOfCountedStalledCycles", -0.19801420044694634 }, /* 3.5e7 * 100 / TOT */
  { "L3UnsharedHitPctOfCountedStalledCycles", -0.19801420044694634 }, /* 3.5e7 * 100 / TOT */
  { "L2OtherCoreHitPctOfCountedStalledCycles", -0.0678905830103816 }, /* 1.2e7 * 100 / TOT */
  { "L2OtherCoreHitModifiedPctOfCountedStalledCycles", -0.0424316143814885 }, /* 7.5e6 * 100 / TOT */
  { "DIVAndSQRTOpsPctOfCountedStalledCycles", -0.028287742920992336 }, /* 5e6 * 100 / TOT */
  { "CyclesIFETCHServedByLocalDRAM", 2e5 },        /* 1000 * 200 */
  { "CyclesIFETCHServedByL3Modified", 1.5e5 },     /* 2000 * 75 */
  { "CyclesIFETCHServedByL3CleanSnoop", 1.8e5 },   /* 3000 * 60 */
  { "CyclesIFETCHServedByRemoteL2", 9e4 },         /* 500 * 180 */
  { "CyclesIFETCHServedByRemoteDRAM", 1.4e5 },     /* 400 * 350 */
  { "CyclesIFETCHServedByL3NoSnoop", 3.5e5 },      /* 10000 * 35 */
  { "TotalL2IFETCHMissImpact", 1.11e6 },           /* 2e5 + 1.5e5 + 1.8e5 + 9e4 + 1.4e5 + 3.5e5 */
  { "LocalDRAMIFETCHPctImpact", 18.01801801801802 },   /* 2e5 * 100 / 1.11e6 = 20/1.11 */
  { "L3ModifiedIFETCHPctImpact", 13.513513513513514 }, /* 1.5e5 * 100 / 1.11e6 */
  { "L3CleanSnoopIFETCHPctImpact", 16.216216216216218 }, /* 1.8e5 * 100 / 1.11e6 */
  { "RemoteL2IFETCHPctImpact", 8.108108108108109 },    /* 9e4 * 100 / 1.11e6 */
  { "RemoteDRAMIFETCHPctImpact", 12.612612612612613 }, /* 1.4e5 * 100 / 1.11e6 */
  { "L3NoSnoopIFETCHPctImpact", 31.53153153153153 },   /* 3.5e5 * 100 / 1.11e6 */
  { "TotalL2IFETCHMisses", 20000 },
  { "PctOfIFETCHesServedByLocalDRAM", 5 },         /* 1000 * 100 / 20000 */
  { "PctOfIFETCHesServedByL3Modified", 10 },       /* 2000 * 100 / 20000 */
  { "PctOfIFETCHesServedByL3CleanSnoop", 15 },     /* 3000 * 100 / 20000 */
  { "PctOfIFETCHesServedByRemoteL2", 2.5 },        /* 500 * 100 / 20000 */
  { "PctOfIFETCHesServedByRemoteDRAM", 2 },        /* 400 * 100 / 20000 */
  { "PctOfIFETCHesServedByL3NoSnoop", 50 },        /* 10000 * 100 / 20000 */
  { "PctOfL2IFETCHMisses", 10 },                   /* 20000 * 100 / (20000 + 180000) */
  { "L1ITLBMissImpact", 7e6 },                     /* 2e5 * 35 */
  { "TotalBranchInstructionsExecuted", 1e8 },
  { "PctOfMispredictedBranches", 3 },              /* 3e6 * 100 / 1e8 */
  { "DirectNearCallsPctOfTotalBranchesExecuted", 5 },      /* 5e6 * 100 / 1e8 */
  { "IndirectNearCallsPctOfTotalBranchesExecuted", 1 },    /* 1e6 * 100 / 1e8 */
  { "IndirectNearNonCallsPctOfTotalBranchesExecuted", 2 }, /* 2e6 * 100 / 1e8 */
  { "AllNearCallsPctOfTotalBranchesExecuted", 6 },         /* 6e6 * 100 / 1e8 */
  { "AllNonCallsPctOfTotalBranchesExecuted", 88 },         /* 8.8e7 * 100 / 1e8 */
  { "AllReturnsPctOfTotalBranchesExecuted", 6 },           /* 6e6 * 100 / 1e8 */
  { "TotalBranchInstructionsRetired", 8e7 },
  { "ConditionalsPctOfTotalBranchesRetired", 75 }, /* 6e7 * 100 / 8e7 */
  { "NearCallsPctOfTotalBranchesRetired", 5 },     /* 4e6 * 100 / 8e7 */
  { "InstructionStarvationPctOfTotalCycles", 5 },  /* (2e8 - 1.5e8) * 100 / 1e9 */
  { "PctOfTotalCyclesSpentHandlingFPExceptions", 1 }, /* 1e7 * 100 / 1e9 */
  { "InstructionsPerCall", 83.33333333333333 },    /* 5e8 / 6e6 */
  { "InstructionsRetired", 5e8 },
  { "ITLBMissRateInPct", 0.01 },                   /* 5e4 / 5e8 * 100 */
  { "BranchInstructions", 8e7 },
  { "LoadInstructions", 1.5e8 },
  { "StoreInstructions", 7e7 },
  { "OtherInstructions", 2e8 },                    /* 5e8 - 1.5e8 - 7e7 - 8e7 */
  { "PackedUOPSRetired", 3e7 },                    /* 2e7 + 1e7 */
  { "CPI", 2 },                                    /* 1e9 / 5e8 */
  { "localPerformanceImprovement", 8 },            /* 2 / 0.25 */
  { "cyclesAfterImprovement", 1.25e8 },            /* 1e9 / 8 */
  { "totalCyclesAfterImprovement", 1.25e8 },       /* 1e9 - 1e9 + 1.25e8 (program scope) */
  { "iMargin", 87.5 },                             /* 100 - 1.25e8 / 1e9 * 100 */
  { "iFactor", 8 },                                /* = localPerformanceImprovement */
  { "LoadPctOfAllInstructions", 30 },              /* 1.5e8 * 100 / 5e8 */
  { "StorePctOfAllInstructions", 14 },             /* 7e7 * 100 / 5e8 */
  { "BranchPctOfAllInstructions", 16 },            /* 8e7 * 100 / 5e8 */
  { "OtherPctOfAllInstructions", 40 },             /* 2e8 * 100 / 5e8 */
  { "PackedPctOfAllUOPSRetired", 5 },              /* 3e7 * 100 / 6e8 */
};

static void
test_every_metric (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-nehalem");
  g_autoptr(CsCounts) counts = cs_test_counts_new (raw, G_N_ELEMENTS (raw));
  g_autoptr(GError) error = NULL;
  g_autoptr(CsEvaluation) ev = cs_evaluation_new (model, counts, NULL, &error);

  g_assert_no_error (error);
  /* Every raw count names an event of the model. */
  for (guint i = 0; i < G_N_ELEMENTS (raw); i++)
    g_assert_nonnull (cs_model_find_event (model, raw[i].name));
  g_assert_cmpuint (cs_model_get_n_events (model), ==, G_N_ELEMENTS (raw));
  /* Every metric of the model is in the table, and only those. */
  g_assert_cmpuint (cs_model_get_n_metrics (model), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_nonnull (cs_model_find_metric (model, expected[i].name));
      cs_test_assert_close (expected[i].name, cs_evaluation_lookup (ev, expected[i].name), expected[i].value);
    }
}

static void
test_module_imargin (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-nehalem");
  g_autoptr(CsCounts) whole = cs_test_counts_new (raw, G_N_ELEMENTS (raw));
  g_autoptr(CsCounts) module = cs_counts_new ();
  g_autoptr(CsEvaluation) program = NULL;
  g_autoptr(CsEvaluation) ev = NULL;

  /* A module with 40% of the program's cycles at CPI 1. */
  cs_counts_set (module, "CPU_CLK_UNHALTED.THREAD_P", 4e8, CS_PROVENANCE_COUNTED);
  cs_counts_set (module, "INST_RETIRED.ANY_P", 4e8, CS_PROVENANCE_COUNTED);
  program = cs_evaluation_new (model, whole, NULL, NULL);
  ev = cs_evaluation_new (model, module, program, NULL);
  g_assert_nonnull (ev);

  cs_test_assert_close ("CPI", cs_evaluation_lookup (ev, "CPI"), 1);                 /* 4e8 / 4e8 */
  cs_test_assert_close ("lPI", cs_evaluation_lookup (ev, "localPerformanceImprovement"), 4); /* 1 / 0.25 */
  cs_test_assert_close ("iFactor", cs_evaluation_lookup (ev, "iFactor"), 4);
  cs_test_assert_close ("cAI", cs_evaluation_lookup (ev, "cyclesAfterImprovement"), 1e8);   /* 4e8 / 4 */
  /* totalCycles is the program's 1e9: 1e9 - 4e8 + 1e8 */
  cs_test_assert_close ("tCAI", cs_evaluation_lookup (ev, "totalCyclesAfterImprovement"), 7e8);
  cs_test_assert_close ("iMargin", cs_evaluation_lookup (ev, "iMargin"), 30);       /* 100 - 70 */
}

static void
test_offcore_constraint (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-nehalem");
  guint n_offcore = 0;

  /* The six OFFCORE_RESPONSE_0 events share one MSR. */
  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *e = cs_model_get_event (model, i);

      if (g_str_has_prefix (e->event, "OFFCORE_RESPONSE_0:"))
        {
          g_assert_cmpstr (e->constraint, ==, "offcore_rsp");
          n_offcore++;
        }
    }
  g_assert_cmpuint (n_offcore, ==, 6);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model-nehalem/every-metric", test_every_metric);
  g_test_add_func ("/model-nehalem/module-imargin", test_module_imargin);
  g_test_add_func ("/model-nehalem/offcore-constraint", test_offcore_constraint);
  return g_test_run ();
}
