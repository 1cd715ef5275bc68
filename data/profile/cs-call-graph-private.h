/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-graph-private.h — shared by the building (cs-call-graph-build.c)
 * and the reading (cs-call-graph.c) of a call graph */
#pragma once

#include "cs-call-graph.h"

G_BEGIN_DECLS

typedef struct
{
  CsCallNode *nodes;
  guint       n_nodes;
  guint64    *self;      /* [n_nodes * n_events] */
  guint64    *total;
} CsCallTreeData;

struct _CsCallGraph
{
  GObject         parent_instance;

  CsProfile      *profile;
  guint           n_events;
  guint           sort_event;
  guint64        *event_total;     /* [n_events] */
  guint64        *event_samples;
  guint64        *broken;

  CsCallTreeData  trees[2];        /* by CsCallTreeKind */

  guint           n_functions;
  guint64        *function_self;   /* [n_functions * n_events] */
  guint64        *function_total;

  guint           n_edges;
  guint32        *edge_caller;     /* [n_edges] */
  guint32        *edge_callee;
  guint64        *edge_cost;       /* [n_edges * n_events] */
};

/* Node ids (guint32) by cost of one event, largest first; equal costs by
 * @function (when given), then id. */
typedef struct
{
  const guint64 *cost;       /* [n * n_events] */
  guint          n_events;
  guint          event;
  const guint32 *function;   /* may be NULL */
} CsCallCostOrder;

int      _cs_call_compare_by_cost (gconstpointer a,
                                   gconstpointer b,
                                   gpointer      user_data);

/* Fills @self (cs-call-graph-build.c). */
gboolean _cs_call_graph_build (CsCallGraph        *self,
                               const CsCallStacks *stacks,
                               const guint32      *sample_stacks,
                               const guint32      *subset,
                               guint               n_subset,
                               GCancellable       *cancellable,
                               GError            **error);

/* Σ period per stack node (@leaf: [n_nodes * n_events]) and per event of
 * the samples @subset (NULL: all); fails only when cancelled. */
gboolean _cs_call_sum_samples (CsProfile          *profile,
                               const CsCallStacks *stacks,
                               const guint32      *sample_stacks,
                               const guint32      *subset,
                               guint               n_subset,
                               guint               n_events,
                               guint64            *leaf,
                               guint64            *event_total,
                               guint64            *event_samples,
                               GCancellable       *cancellable,
                               GError            **error);

G_END_DECLS
