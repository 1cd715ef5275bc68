/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison.h — two recordings side by side: a base and a new one
 *
 * Kruse's Overall Analysis (CMSSW Performance Monitoring, 2011) exists to
 * check whether a change did improve a program; this is that check. A
 * comparison holds two loaded analyses and matches what they show by name,
 * never by address, so that the same source built twice (other addresses,
 * maybe other inlining) still matches: modules by basename, functions by
 * module basename + symbol name, regions by name, call-tree nodes by the
 * names of the frames from the root.
 *
 * Every metric and row carries a verdict: whether its change exceeds what
 * the two recordings would show anyway. For a metric that is the run-to-run
 * spread of the repeated cycle counts (mean ± standard deviation of each
 * side's runs); for a samples share, also the sampling error of a share of
 * n samples. Without a spread (one run each) the verdict says so, and a
 * row found on one side only says which.
 *
 * Used by `cyclescope diff` (app/cli/cs-cli-diff.c) and the viewer's
 * "Compare with…" (app/viewer). No GTK.
 *
 * Contract between the data branch (compare-data) and the viewer branch
 * (compare-viewer): additive changes only, announced in a commit message.
 */
#pragma once

#include "cs-analysis.h"
#include "cs-call-graph.h"

G_BEGIN_DECLS

typedef enum
{
  CS_CHANGE_WITHIN_NOISE,  /* |delta| inside the combined spread */
  CS_CHANGE_GREW,          /* the new value is larger beyond the spread */
  CS_CHANGE_SHRANK,        /* the new value is smaller beyond the spread */
  CS_CHANGE_NO_SPREAD,     /* no spread known (one run each): no verdict */
  CS_CHANGE_BASE_ONLY,     /* the row exists only in the base recording */
  CS_CHANGE_NEW_ONLY,      /* the row exists only in the new recording */
} CsChange;

/* A model metric of the whole program on both sides. */
typedef struct
{
  char     *name;             /* metric name in the model */
  char     *label;            /* translated title */
  char     *unit;
  double    base, new_value;  /* NaN when a side cannot compute it */
  double    delta;            /* new − base */
  double    ratio;            /* new / base (NaN when base is 0 or NaN) */
  double    base_spread;      /* standard deviation on each side, in the metric's unit */
  double    new_spread;       /*   (NaN when the side has fewer than two runs) */
  guint     base_runs, new_runs; /* runs the spread comes from */
  CsChange  change;
} CsMetricDelta;

typedef enum
{
  CS_COMPARE_MODULES,    /* by module basename */
  CS_COMPARE_FUNCTIONS,  /* by module basename + symbol name (self samples) */
  CS_COMPARE_REGIONS,    /* by region name (record --regions) */
} CsCompareTable;

/* A row of the module, function or region table on both sides. */
typedef struct
{
  char     *name;            /* module basename, symbol, or region */
  char     *module;          /* functions: the module basename; else NULL */
  guint64   base_samples, new_samples;
  double    base_share, new_share;   /* percent of each side's samples of the event */
  double    delta_points;            /* new_share − base_share */
  double    base_seconds, new_seconds; /* estimated time: share × the side's sampled time */
  double    delta_seconds;
  CsChange  change;
  /* Appended (compare-data): the combined standard deviation of
   * delta_points and of delta_seconds (docs/compare.md), and the verdict
   * on the estimated time, which says whether a function's own time moved
   * where its share moves only because others did. */
  double    delta_points_sigma;
  double    delta_seconds_sigma;
  CsChange  seconds_change;
} CsRowDelta;

void cs_metric_delta_clear (CsMetricDelta *delta);
void cs_row_delta_clear    (CsRowDelta    *row);

#define CS_TYPE_COMPARISON (cs_comparison_get_type ())
G_DECLARE_FINAL_TYPE (CsComparison, cs_comparison, CS, COMPARISON, GObject)

/* Fails only when the two cannot be compared at all (e.g. no common
 * event and no common model metric), with an error that says why. */
CsComparison *cs_comparison_new          (CsAnalysis     *base,
                                          CsAnalysis     *new_analysis,
                                          GError        **error);
CsAnalysis   *cs_comparison_get_base     (CsComparison   *self);
CsAnalysis   *cs_comparison_get_new      (CsComparison   *self);
/* The sampled event both sides have that the tables use (the new side's
 * default event when the base has it too). NULL without common samples. */
const char   *cs_comparison_get_event    (CsComparison   *self);

/* The basenames of the recorded programs' own executables (NULL when a
 * side's was not sampled); TRUE when the two differ and are matched with
 * each other all the same (rows show the new side's name; docs/compare.md). */
gboolean      cs_comparison_get_programs (CsComparison   *self,
                                          const char    **base_program,
                                          const char    **new_program);

/* Every metric of the program scope of either side's model (matched by
 * name), in the new model's order: an array of CsMetricDelta. */
const GArray *cs_comparison_get_metrics  (CsComparison   *self);
/* A table's rows (CsRowDelta, with clear func), largest |delta_points|
 * first; rows of one side only included and marked. */
GArray       *cs_comparison_dup_rows     (CsComparison   *self,
                                          CsCompareTable  table);

/* Call trees (recordings with call stacks). For each node of @new_graph
 * (indexed by node id, cs_call_graph_get_n_nodes() entries), the base's
 * self and total share (percent of the base's @event total) of the node
 * with the same frame names from the root in @base_graph; 0 where the base
 * has no such path. The caller builds both graphs the same way (same
 * event, same direction). Free with g_free. */
typedef struct
{
  double self_share, total_share;
} CsNodeShares;

CsNodeShares *cs_comparison_dup_base_node_shares (CsComparison *self,
                                                  CsCallGraph  *base_graph,
                                                  CsCallGraph  *new_graph,
                                                  const char   *event);

/* Appended (compare-data). */

/* cs_comparison_new() with the tables' event chosen by name (any spelling
 * cs_profile_find_event() accepts); NULL: as cs_comparison_new(). An event
 * one side has not sampled is an error that lists what both sampled. */
CsComparison *cs_comparison_new_for_event (CsAnalysis  *base,
                                           CsAnalysis  *new_analysis,
                                           const char  *event,
                                           GError     **error);

/* What a side's verdicts and times rest on: the samples of the event, the
 * sampled time the shares are shares of (seconds: Σ period of cpu-clock or
 * task-clock, else the sampling run's wall time), and the relative
 * standard deviation of the repeated cycles count with the number of runs
 * it comes from (NaN and the runs when fewer than two). */
typedef struct
{
  guint64 n_samples;
  double  sampled_seconds;
  double  rel_spread;
  guint   n_runs;
} CsCompareSideFacts;

void          cs_comparison_get_side_facts (CsComparison       *self,
                                            gboolean            base,
                                            CsCompareSideFacts *facts);

/* Functions by total (inclusive) share: samples with the function anywhere
 * on their stack (perf report --children), matched as CS_COMPARE_FUNCTIONS.
 * NULL and an error saying how to record stacks when a side has none. */
GArray       *cs_comparison_dup_total_rows (CsComparison  *self,
                                            GCancellable  *cancellable,
                                            GError       **error);

/* cs_comparison_dup_base_node_shares() for either tree (the one above is
 * the top-down tree). */
CsNodeShares *cs_comparison_dup_base_node_shares_for_kind (CsComparison   *self,
                                                           CsCallGraph    *base_graph,
                                                           CsCallGraph    *new_graph,
                                                           CsCallTreeKind  kind,
                                                           const char     *event);

/* A verdict in words, translated: "grew", "within noise", "no spread:
 * record with --repeat N", "only in base" … */
const char   *cs_change_to_string (CsChange change);

G_END_DECLS
