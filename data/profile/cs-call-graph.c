/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-graph.c — the call graph object and what is read from it
 *
 * Building is in cs-call-graph-build.c; here are the accessors and the
 * tables made from a built graph (functions, callers, callees, children),
 * each sorted for one event.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-call-graph-private.h"
#include "cs-error.h"
#include "cs-profile-samples.h"

G_DEFINE_FINAL_TYPE (CsCallGraph, cs_call_graph, G_TYPE_OBJECT)

static void
tree_data_clear (CsCallTreeData *t)
{
  g_clear_pointer (&t->nodes, g_free);
  g_clear_pointer (&t->self, g_free);
  g_clear_pointer (&t->total, g_free);
  t->n_nodes = 0;
}

static void
cs_call_graph_finalize (GObject *object)
{
  CsCallGraph *self = CS_CALL_GRAPH (object);

  g_clear_object (&self->profile);
  g_free (self->event_total);
  g_free (self->event_samples);
  g_free (self->broken);
  tree_data_clear (&self->trees[0]);
  tree_data_clear (&self->trees[1]);
  g_free (self->function_self);
  g_free (self->function_total);
  g_free (self->edge_caller);
  g_free (self->edge_callee);
  g_free (self->edge_cost);
  G_OBJECT_CLASS (cs_call_graph_parent_class)->finalize (object);
}

static void
cs_call_graph_class_init (CsCallGraphClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_call_graph_finalize;
}

static void
cs_call_graph_init (CsCallGraph *self)
{
}

CsCallGraph *
cs_call_graph_new (CsProfile          *profile,
                   const CsCallStacks *stacks,
                   const guint32      *sample_stacks,
                   const guint32      *subset,
                   guint               n_subset,
                   GCancellable       *cancellable,
                   GError            **error)
{
  g_autoptr(CsCallGraph) self = NULL;
  const CsProfileEvent *sort;

  g_return_val_if_fail (CS_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (stacks != NULL, NULL);

  self = g_object_new (CS_TYPE_CALL_GRAPH, NULL);
  self->profile = g_object_ref (profile);
  self->n_events = MAX (cs_profile_get_n_events (profile), 1);
  sort = cs_profile_get_default_event (profile);
  self->sort_event = sort != NULL ? sort->index : 0;
  self->event_total = g_new0 (guint64, self->n_events);
  self->event_samples = g_new0 (guint64, self->n_events);
  self->broken = g_new0 (guint64, self->n_events);
  if (!_cs_call_graph_build (self, stacks, sample_stacks, subset, n_subset, cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}

CsCallGraph *
cs_call_graph_new_for_profile (CsProfile     *profile,
                               GCancellable  *cancellable,
                               GError       **error)
{
  g_return_val_if_fail (CS_IS_PROFILE (profile), NULL);

  if (!cs_profile_has_call_chains (profile))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("%s has no call chains: record with “cyclescope record -g” or “perf record -g” "
                     "to see who called what"), cs_profile_get_path (profile));
      return NULL;
    }
  return cs_call_graph_new (profile, cs_profile_get_call_stacks (profile),
                            cs_profile_get_samples (profile)->stack, NULL, 0, cancellable, error);
}

CsProfile *
cs_call_graph_get_profile (CsCallGraph *self)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), NULL);
  return self->profile;
}

#define CHECK_EVENT(ret) g_return_val_if_fail (event < self->n_events, ret)

guint64
cs_call_graph_get_event_total (CsCallGraph *self,
                               guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  return self->event_total[event];
}

guint64
cs_call_graph_get_event_samples (CsCallGraph *self,
                                 guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  return self->event_samples[event];
}

guint64
cs_call_graph_get_broken (CsCallGraph *self,
                          guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  return self->broken[event];
}

static double
percent (CsCallGraph *self,
         guint        event,
         guint64      cost)
{
  return self->event_total[event] > 0 ? 100.0 * (double) cost / (double) self->event_total[event] : 0;
}

double
cs_call_graph_get_broken_percent (CsCallGraph *self,
                                  guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  return percent (self, event, self->broken[event]);
}

static const CsCallTreeData *
tree (CsCallGraph    *self,
      CsCallTreeKind  kind)
{
  return &self->trees[kind == CS_CALL_TREE_BOTTOM_UP ? 1 : 0];
}

guint
cs_call_graph_get_n_nodes (CsCallGraph    *self,
                           CsCallTreeKind  kind)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  return tree (self, kind)->n_nodes;
}

const CsCallNode *
cs_call_graph_get_node (CsCallGraph    *self,
                        CsCallTreeKind  kind,
                        guint           node)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), NULL);
  g_return_val_if_fail (node < tree (self, kind)->n_nodes, NULL);
  return &tree (self, kind)->nodes[node];
}

static guint64
node_cost (CsCallGraph    *self,
           CsCallTreeKind  kind,
           guint           node,
           guint           event,
           gboolean        total)
{
  const CsCallTreeData *t;

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  t = tree (self, kind);
  g_return_val_if_fail (node < t->n_nodes, 0);
  return (total ? t->total : t->self)[(gsize) node * self->n_events + event];
}

guint64
cs_call_graph_get_self (CsCallGraph    *self,
                        CsCallTreeKind  kind,
                        guint           node,
                        guint           event)
{
  return node_cost (self, kind, node, event, FALSE);
}

guint64
cs_call_graph_get_total (CsCallGraph    *self,
                         CsCallTreeKind  kind,
                         guint           node,
                         guint           event)
{
  return node_cost (self, kind, node, event, TRUE);
}

guint
cs_call_graph_get_hottest_child (CsCallGraph    *self,
                                 CsCallTreeKind  kind,
                                 guint           node,
                                 guint           event)
{
  const CsCallTreeData *t;
  guint best = CS_CALL_NO_NODE;
  guint64 best_cost = 0;

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), CS_CALL_NO_NODE);
  CHECK_EVENT (CS_CALL_NO_NODE);
  t = tree (self, kind);
  g_return_val_if_fail (node < t->n_nodes, CS_CALL_NO_NODE);
  for (guint c = node + 1; c < node + t->nodes[node].size; c += t->nodes[c].size)
    {
      guint64 cost = t->total[(gsize) c * self->n_events + event];

      if (cost > best_cost)
        {
          best = c;
          best_cost = cost;
        }
    }
  return best;
}

GArray *
cs_call_graph_dup_children (CsCallGraph    *self,
                            CsCallTreeKind  kind,
                            guint           node,
                            guint           event)
{
  GArray *children = g_array_new (FALSE, FALSE, sizeof (guint));
  const CsCallTreeData *t;
  CsCallCostOrder order;

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), children);
  CHECK_EVENT (children);
  t = tree (self, kind);
  g_return_val_if_fail (node < t->n_nodes, children);
  for (guint c = node + 1; c < node + t->nodes[node].size; c += t->nodes[c].size)
    if (t->total[(gsize) c * self->n_events + event] > 0)
      g_array_append_val (children, c);
  order = (CsCallCostOrder) { t->total, self->n_events, event, NULL };
  g_array_sort_with_data (children, _cs_call_compare_by_cost, &order);
  return children;
}

guint64
cs_call_graph_get_function_self (CsCallGraph *self,
                                 guint        function,
                                 guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  if (function >= self->n_functions)
    return 0;
  return self->function_self[(gsize) function * self->n_events + event];
}

guint64
cs_call_graph_get_function_total (CsCallGraph *self,
                                  guint        function,
                                  guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  CHECK_EVENT (0);
  if (function >= self->n_functions)
    return 0;
  return self->function_total[(gsize) function * self->n_events + event];
}

static int
compare_function_rows (gconstpointer a,
                       gconstpointer b)
{
  const CsCallFunctionRow *x = a, *y = b;
  int c;

  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  if (x->self != y->self)
    return x->self > y->self ? -1 : 1;
  c = g_strcmp0 (x->function->name, y->function->name);
  return c != 0 ? c : (x->function->index < y->function->index ? -1 : 1);
}

GArray *
cs_call_graph_dup_functions (CsCallGraph *self,
                             guint        event,
                             guint        limit)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsCallFunctionRow));

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), rows);
  CHECK_EVENT (rows);
  for (guint f = 0; f < self->n_functions; f++)
    {
      CsCallFunctionRow row;

      row.total = self->function_total[(gsize) f * self->n_events + event];
      if (row.total == 0)
        continue;
      row.self = self->function_self[(gsize) f * self->n_events + event];
      row.function = cs_profile_get_function (self->profile, f);
      row.self_percent = percent (self, event, row.self);
      row.total_percent = percent (self, event, row.total);
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_function_rows);
  if (limit > 0 && rows->len > limit)
    g_array_set_size (rows, limit);
  return rows;
}

static int
compare_edge_rows (gconstpointer a,
                   gconstpointer b)
{
  const CsCallEdgeRow *x = a, *y = b;
  int c;

  if (x->cost != y->cost)
    return x->cost > y->cost ? -1 : 1;
  c = g_strcmp0 (x->function->name, y->function->name);
  return c != 0 ? c : (x->function->index < y->function->index ? -1 : 1);
}

static GArray *
dup_edges (CsCallGraph *self,
           guint        function,
           guint        event,
           gboolean     callers)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsCallEdgeRow));
  g_autoptr(GArray) edges = NULL;
  guint64 function_total;

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), rows);
  CHECK_EVENT (rows);
  function_total = cs_call_graph_get_function_total (self, function, event);
  edges = cs_call_graph_dup_edges (self, function, callers);
  for (guint k = 0; k < edges->len; k++)
    {
      guint i = g_array_index (edges, guint, k);
      CsCallEdgeRow row;

      row.cost = self->edge_cost[(gsize) i * self->n_events + event];
      if (row.cost == 0)
        continue;
      row.function = cs_profile_get_function (self->profile, callers ? self->edge_caller[i] : self->edge_callee[i]);
      row.percent = percent (self, event, row.cost);
      row.function_percent = function_total > 0 ? 100.0 * (double) row.cost / (double) function_total : 0;
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_edge_rows);
  return rows;
}

GArray *
cs_call_graph_dup_callers (CsCallGraph *self,
                           guint        function,
                           guint        event)
{
  return dup_edges (self, function, event, TRUE);
}

GArray *
cs_call_graph_dup_callees (CsCallGraph *self,
                           guint        function,
                           guint        event)
{
  return dup_edges (self, function, event, FALSE);
}

GArray *
cs_call_graph_dup_edges (CsCallGraph *self,
                         guint        function,
                         gboolean     callers)
{
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), edges);
  for (guint i = 0; i < self->n_edges; i++)
    if ((callers ? self->edge_callee[i] : self->edge_caller[i]) == function)
      g_array_append_val (edges, i);
  return edges;
}

void
cs_call_graph_get_edge (CsCallGraph *self,
                        guint        edge,
                        guint       *caller,
                        guint       *callee)
{
  g_return_if_fail (CS_IS_CALL_GRAPH (self));
  g_return_if_fail (edge < self->n_edges);
  if (caller != NULL)
    *caller = self->edge_caller[edge];
  if (callee != NULL)
    *callee = self->edge_callee[edge];
}

guint64
cs_call_graph_get_edge_cost (CsCallGraph *self,
                             guint        edge,
                             guint        event)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  g_return_val_if_fail (edge < self->n_edges, 0);
  CHECK_EVENT (0);
  return self->edge_cost[(gsize) edge * self->n_events + event];
}

GArray *
cs_call_graph_dup_events (CsCallGraph *self)
{
  GArray *events = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), events);
  for (guint e = 0; e < self->n_events; e++)
    if (self->event_samples[e] > 0)
      g_array_append_val (events, e);
  return events;
}

gsize
cs_call_graph_get_memory_size (CsCallGraph *self)
{
  gsize n = sizeof *self, per_node = sizeof (CsCallNode) + 16 * (gsize) self->n_events;

  g_return_val_if_fail (CS_IS_CALL_GRAPH (self), 0);
  n += (self->trees[0].n_nodes + self->trees[1].n_nodes) * per_node;
  n += (gsize) self->n_functions * 16 * self->n_events;
  n += (gsize) self->n_edges * (8 + 8 * self->n_events);
  return n;
}
