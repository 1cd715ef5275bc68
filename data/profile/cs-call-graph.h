/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-graph.h — call trees, callers and callees with inclusive costs
 *
 * Built from a stack source (a CsCallStacks and each sample's node in it,
 * cs-call-stacks.h) for a set of samples (all of them, or any subset: a time
 * range, a thread), with the cost of every event at once, as Σ period (what
 * `perf report` calls the period; percentages are of the event's total).
 *
 *  - The top-down tree: the root stands for every sample, its children are
 *    the outermost functions of the stacks, and so on down to the sampled
 *    function. A node's self cost is that of the samples whose stack ends
 *    there; its total is that of every sample whose stack passes through it.
 *
 *  - The bottom-up tree: the root's children are the functions samples
 *    ended in, their children the callers, and so on. A node stands for a
 *    call path read from the callee up (f ← g ← h): its self cost is that of
 *    the samples whose stacks end with that path (f's own time spent when
 *    called through g from h); its total that of the samples whose stacks
 *    contain it anywhere (everything h → g → f cost), counted once per stack.
 *
 *  - Per function, self (samples that ended in it) and total (samples with
 *    the function anywhere on their stack, counted once per stack however
 *    often recursion put it there: perf report --children's "Children").
 *
 *  - Callers and callees: the cost of an edge caller → callee is that of the
 *    samples whose stacks hold the call, once per stack, which is the
 *    callee's inclusive cost when called from that caller. So a function's
 *    callers list says how much of its total each caller accounts for, its
 *    callees list what each callee cost under it; without recursion, a
 *    function's self plus its callees' costs is its total.
 *
 *  - Broken stacks: samples whose outermost function is no entry
 *    (CsCallFunction.entry); their share says how far the trees can be
 *    trusted.
 *
 * Trees are stored in preorder: a node's subtree is the @size nodes from
 * it, its first child (if any) is the next node, each sibling follows the
 * previous one's subtree. Children are in the order of their total cost of
 * the event the graph was built for (the profile's default event), largest
 * first. A graph is immutable once built and may be read from any thread.
 */
#pragma once

#include <gio/gio.h>

#include "cs-call-function.h"
#include "cs-call-stacks.h"
#include "cs-profile.h"

G_BEGIN_DECLS

typedef enum
{
  CS_CALL_TREE_TOP_DOWN,
  CS_CALL_TREE_BOTTOM_UP,
} CsCallTreeKind;

#define CS_CALL_ROOT        0u
#define CS_CALL_NO_FUNCTION G_MAXUINT32
#define CS_CALL_NO_NODE     G_MAXUINT32

typedef struct
{
  guint32 function;   /* CS_CALL_NO_FUNCTION for the root */
  guint32 parent;     /* CS_CALL_NO_NODE for the root */
  guint32 size;       /* nodes in the subtree, itself included */
  guint32 depth;      /* 0 for the root */
} CsCallNode;

typedef struct
{
  const CsCallFunction *function;
  guint64               self;
  guint64               total;
  double                self_percent;    /* of the event's total, 0..100 */
  double                total_percent;
} CsCallFunctionRow;

typedef struct
{
  const CsCallFunction *function;   /* the caller, or the callee */
  guint64               cost;
  double                percent;          /* of the event's total */
  double                function_percent; /* of the function's total */
} CsCallEdgeRow;

#define CS_TYPE_CALL_GRAPH (cs_call_graph_get_type ())
G_DECLARE_FINAL_TYPE (CsCallGraph, cs_call_graph, CS, CALL_GRAPH, GObject)

/* The graph of the samples @subset (indices into cs_profile_get_samples();
 * NULL: the profile's, every sample or a filtered profile's selection) whose
 * stacks are @sample_stacks (one node of @stacks
 * per sample of the profile; @stacks' frames must have been resolved to
 * functions). Fails only when cancelled. */
CsCallGraph          *cs_call_graph_new               (CsProfile          *profile,
                                                       const CsCallStacks *stacks,
                                                       const guint32      *sample_stacks,
                                                       const guint32      *subset,
                                                       guint               n_subset,
                                                       GCancellable       *cancellable,
                                                       GError            **error);
/* Every sample with its recorded call chain; NULL (and an error saying how
 * to record them) when the file has no call chains. */
CsCallGraph          *cs_call_graph_new_for_profile   (CsProfile          *profile,
                                                       GCancellable       *cancellable,
                                                       GError            **error);

/* The samples taken in @region (cs_profile_find_region(); record
 * --regions) only; NULL with an error, as above, without call chains, and
 * when the recording has no regions. (Appended, regions: issue 15.) */
CsCallGraph          *cs_call_graph_new_for_region    (CsProfile          *profile,
                                                       guint               region,
                                                       GCancellable       *cancellable,
                                                       GError            **error);

CsProfile            *cs_call_graph_get_profile       (CsCallGraph    *self);
/* Σ period and number of the samples of @event in the graph. */
guint64               cs_call_graph_get_event_total   (CsCallGraph    *self,
                                                       guint           event);
guint64               cs_call_graph_get_event_samples (CsCallGraph    *self,
                                                       guint           event);
/* Σ period of the samples of @event whose stacks are broken. */
guint64               cs_call_graph_get_broken        (CsCallGraph    *self,
                                                       guint           event);
/* The broken share of @event in percent (0 without samples). */
double                cs_call_graph_get_broken_percent (CsCallGraph   *self,
                                                        guint          event);

guint                 cs_call_graph_get_n_nodes       (CsCallGraph    *self,
                                                       CsCallTreeKind  kind);
const CsCallNode     *cs_call_graph_get_node          (CsCallGraph    *self,
                                                       CsCallTreeKind  kind,
                                                       guint           node);
guint64               cs_call_graph_get_self          (CsCallGraph    *self,
                                                       CsCallTreeKind  kind,
                                                       guint           node,
                                                       guint           event);
guint64               cs_call_graph_get_total         (CsCallGraph    *self,
                                                       CsCallTreeKind  kind,
                                                       guint           node,
                                                       guint           event);
/* The child of @node with the largest total of @event (CS_CALL_NO_NODE
 * when it has none with a cost): the next step of the hot path. */
guint                 cs_call_graph_get_hottest_child (CsCallGraph    *self,
                                                       CsCallTreeKind  kind,
                                                       guint           node,
                                                       guint           event);
/* The children of @node (guint node ids) by total of @event, largest
 * first, leaving out those without a cost of @event. */
GArray               *cs_call_graph_dup_children      (CsCallGraph    *self,
                                                       CsCallTreeKind  kind,
                                                       guint           node,
                                                       guint           event);

guint64               cs_call_graph_get_function_self  (CsCallGraph   *self,
                                                        guint          function,
                                                        guint          event);
guint64               cs_call_graph_get_function_total (CsCallGraph   *self,
                                                        guint          function,
                                                        guint          event);
/* Functions with a cost of @event, by total (then self), largest first;
 * at most @limit (0: all). GArray of CsCallFunctionRow. */
GArray               *cs_call_graph_dup_functions     (CsCallGraph    *self,
                                                       guint           event,
                                                       guint           limit);
/* The callers of @function with the part of its total of @event each
 * accounts for, and its callees with their total under it; largest first.
 * GArray of CsCallEdgeRow. */
GArray               *cs_call_graph_dup_callers       (CsCallGraph    *self,
                                                       guint           function,
                                                       guint           event);
GArray               *cs_call_graph_dup_callees       (CsCallGraph    *self,
                                                       guint           function,
                                                       guint           event);

/* The edges of @function: with @callers those that call it, else those it
 * calls (guint edge ids, any order), and what an edge is: its caller, its
 * callee, its cost of an event (as in cs_call_graph_dup_callers()). */
GArray               *cs_call_graph_dup_edges         (CsCallGraph    *self,
                                                       guint           function,
                                                       gboolean        callers);
void                  cs_call_graph_get_edge          (CsCallGraph    *self,
                                                       guint           edge,
                                                       guint          *caller,
                                                       guint          *callee);
guint64               cs_call_graph_get_edge_cost     (CsCallGraph    *self,
                                                       guint           edge,
                                                       guint           event);
/* The events with samples in the graph (guint, in file order). */
GArray               *cs_call_graph_dup_events        (CsCallGraph    *self);

/* Bytes the graph holds, for the benchmarks. */
gsize                 cs_call_graph_get_memory_size   (CsCallGraph    *self);

G_END_DECLS
