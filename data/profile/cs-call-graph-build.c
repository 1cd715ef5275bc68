/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-graph-build.c — from samples and stacks to trees and edges
 *
 * The samples are read once: each adds its period to the stack node it
 * ended in. Everything after works on distinct stacks, never on samples:
 *
 *  1. the stack nodes that hold a cost (and their callers) are mapped to a
 *     tree of functions, each frame standing for its inline chain;
 *  2. self costs are summed up the tree into totals, and the tree is laid
 *     out in preorder, children by total, largest first;
 *  3. one walk over the tree gives the functions' totals, the edges'
 *     costs, the broken stacks and the bottom-up tree.
 *
 * Counting once per stack. A sample counts once in a function's total even
 * when recursion puts the function on its stack several times; likewise for
 * an edge and for a bottom-up path. In the top-down tree the samples whose
 * stacks hold f are those under the nodes of f that have no ancestor of f:
 * their totals add up without overlap. In preorder, a node is an ancestor
 * of a later node iff that node lies within its subtree (id < ancestor +
 * size), so it is enough to remember, per function (edge, path), the last
 * node that counted: when that node is an ancestor the new one's samples
 * were counted already.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-call-graph-private.h"
#include "cs-error.h"
#include "cs-profile-samples.h"

#define CANCEL_EVERY 65536
#define NONE         G_MAXUINT32

/* A tree under construction: nodes (parent, function) interned in a hash. */
typedef struct
{
  guint    n_events;
  guint32 *parent;
  guint32 *function;
  guint64 *self;       /* [cap * n_events] */
  guint64 *total;
  guint    n;
  guint    cap;
  guint32 *slots;      /* node index; 0 is the root and never in a slot */
  guint    n_slots;
} Trie;

static void
trie_init (Trie  *t,
           guint  n_events)
{
  memset (t, 0, sizeof *t);
  t->n_events = n_events;
  t->cap = 256;
  t->parent = g_new (guint32, t->cap);
  t->function = g_new (guint32, t->cap);
  t->self = g_new0 (guint64, (gsize) t->cap * n_events);
  t->total = g_new0 (guint64, (gsize) t->cap * n_events);
  t->n_slots = 512;
  t->slots = g_new0 (guint32, t->n_slots);
  t->parent[0] = NONE;
  t->function[0] = CS_CALL_NO_FUNCTION;
  t->n = 1;
}

static void
trie_clear (Trie *t)
{
  g_free (t->parent);
  g_free (t->function);
  g_free (t->self);
  g_free (t->total);
  g_free (t->slots);
}

static inline guint32
trie_hash (guint32 parent,
           guint32 function)
{
  guint64 h = ((guint64) parent << 32 | function) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  return (guint32) (h >> 32);
}

static void
trie_grow_slots (Trie *t)
{
  guint n = t->n_slots * 2;
  guint32 *slots = g_new0 (guint32, n);

  for (guint i = 1; i < t->n; i++)
    {
      guint s = trie_hash (t->parent[i], t->function[i]) & (n - 1);

      while (slots[s] != 0)
        s = (s + 1) & (n - 1);
      slots[s] = i;
    }
  g_free (t->slots);
  t->slots = slots;
  t->n_slots = n;
}

static guint32
trie_child (Trie    *t,
            guint32  parent,
            guint32  function)
{
  guint mask = t->n_slots - 1;
  guint s = trie_hash (parent, function) & mask;
  guint32 idx;

  while ((idx = t->slots[s]) != 0)
    {
      if (t->parent[idx] == parent && t->function[idx] == function)
        return idx;
      s = (s + 1) & mask;
    }
  if (t->n == t->cap)
    {
      guint old = t->cap;

      t->cap *= 2;
      t->parent = g_renew (guint32, t->parent, t->cap);
      t->function = g_renew (guint32, t->function, t->cap);
      t->self = g_renew (guint64, t->self, (gsize) t->cap * t->n_events);
      t->total = g_renew (guint64, t->total, (gsize) t->cap * t->n_events);
      memset (t->self + (gsize) old * t->n_events, 0, (gsize) (t->cap - old) * t->n_events * 8);
      memset (t->total + (gsize) old * t->n_events, 0, (gsize) (t->cap - old) * t->n_events * 8);
    }
  idx = t->n++;
  t->parent[idx] = parent;
  t->function[idx] = function;
  t->slots[s] = idx;
  if (t->n * 2 > t->n_slots)
    trie_grow_slots (t);
  return idx;
}

int
_cs_call_compare_by_cost (gconstpointer a,
                          gconstpointer b,
                          gpointer      user_data)
{
  const CsCallCostOrder *d = user_data;
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  guint64 cx = d->cost[(gsize) x * d->n_events + d->event];
  guint64 cy = d->cost[(gsize) y * d->n_events + d->event];

  if (cx != cy)
    return cx > cy ? -1 : 1;
  /* a stable order for equal costs: by function, then creation */
  if (d->function != NULL && d->function[x] != d->function[y])
    return d->function[x] < d->function[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Lays @t out in preorder into @out, children by total of @sort_event. */
static void
tree_from_trie (CsCallTreeData *out,
                Trie           *t,
                guint           sort_event)
{
  guint n = t->n, E = t->n_events;
  g_autofree guint32 *first = g_new0 (guint32, n + 1);
  g_autofree guint32 *children = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *fill = NULL;
  g_autofree guint32 *order = g_new (guint32, n);
  g_autofree guint32 *new_id = g_new (guint32, n);
  g_autofree guint32 *stack = g_new (guint32, n);
  CsCallCostOrder sd = { t->total, E, sort_event, t->function };
  guint sp = 0, k = 0;

  for (guint i = 1; i < n; i++)
    first[t->parent[i] + 1]++;
  for (guint i = 0; i < n; i++)
    first[i + 1] += first[i];
  fill = g_memdup2 (first, (gsize) (n + 1) * sizeof (guint32));
  for (guint i = 1; i < n; i++)
    children[fill[t->parent[i]]++] = i;
  for (guint i = 0; i < n; i++)
    if (first[i + 1] - first[i] > 1)
      g_qsort_with_data (children + first[i], (gint) (first[i + 1] - first[i]), sizeof (guint32),
                         _cs_call_compare_by_cost, &sd);

  stack[sp++] = 0;
  while (sp > 0)
    {
      guint32 v = stack[--sp];

      new_id[v] = k;
      order[k++] = v;
      for (guint32 c = first[v + 1]; c > first[v]; c--)
        stack[sp++] = children[c - 1];
    }

  out->n_nodes = n;
  out->nodes = g_new (CsCallNode, n);
  out->self = g_new (guint64, (gsize) n * E);
  out->total = g_new (guint64, (gsize) n * E);
  for (guint i = 0; i < n; i++)
    {
      guint32 v = order[i];
      CsCallNode *node = &out->nodes[i];

      node->function = t->function[v];
      node->parent = v == 0 ? CS_CALL_NO_NODE : new_id[t->parent[v]];
      node->depth = v == 0 ? 0 : out->nodes[node->parent].depth + 1;
      node->size = 1;
      memcpy (out->self + (gsize) i * E, t->self + (gsize) v * E, E * 8);
      memcpy (out->total + (gsize) i * E, t->total + (gsize) v * E, E * 8);
    }
  for (guint i = n; i > 1; i--)
    out->nodes[out->nodes[i - 1].parent].size += out->nodes[i - 1].size;
}

gboolean
_cs_call_sum_samples (CsProfile          *profile,
                      const CsCallStacks *stacks,
                      const guint32      *sample_stacks,
                      const guint32      *subset,
                      guint               n_subset,
                      guint               n_events,
                      guint64            *leaf,
                      guint64            *event_total,
                      guint64            *event_samples,
                      GCancellable       *cancellable,
                      GError            **error)
{
  const CsProfileSamples *samples = cs_profile_get_samples (profile);
  guint n_nodes = cs_call_stacks_get_n_nodes (stacks);
  guint E = n_events;
  guint n;

  /* no subset: the profile's samples (a filtered profile's selection) */
  if (subset == NULL)
    subset = cs_profile_get_subset (profile, &n_subset);
  n = subset != NULL ? n_subset : samples->n;

  for (guint i = 0; i < n; i++)
    {
      guint s = subset != NULL ? subset[i] : i;
      guint32 node;
      guint16 e;
      guint64 period;

      if (G_UNLIKELY (i % CANCEL_EVERY == 0) && g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CANCELLED, "%s", _("Building the call graph was cancelled"));
          return FALSE;
        }
      if (G_UNLIKELY (s >= samples->n))
        continue;
      node = sample_stacks[s];
      e = cs_profile_samples_event (samples, s);
      if (G_UNLIKELY (node >= n_nodes || e >= E))
        continue;
      period = cs_profile_samples_period (samples, s);
      leaf[(gsize) node * E + e] += period;
      event_total[e] += period;
      event_samples[e]++;
    }
  return TRUE;
}

/* 2. The top-down tree of the stack nodes with a cost. */
static void
build_top_down (CsCallGraph        *self,
                const CsCallStacks *stacks,
                const guint64      *leaf,
                Trie               *t)
{
  guint n_nodes = cs_call_stacks_get_n_nodes (stacks);
  guint E = self->n_events;
  g_autofree guint32 *map = g_new (guint32, n_nodes);

  /* NONE: not needed; the node ids grow from callers to callees, so a
   * node's caller is mapped before it. */
  memset (map, 0xff, (gsize) n_nodes * 4);
  map[0] = 0;
  for (guint a = n_nodes; a > 1; a--)
    {
      gboolean any = FALSE;

      for (guint e = 0; e < E && !any; e++)
        any = leaf[(gsize) (a - 1) * E + e] != 0;
      /* mark the stack and its callers */
      for (guint32 v = a - 1; any && v != 0 && map[v] == NONE; v = cs_call_stacks_get_node (stacks, v)->caller)
        map[v] = NONE - 1;
    }
  for (guint a = 1; a < n_nodes; a++)
    {
      const CsCallStackNode *sn;
      const guint32 *fns;
      guint n_fns;
      guint32 v;

      if (map[a] == NONE)
        continue;
      sn = cs_call_stacks_get_node (stacks, a);
      v = map[sn->caller];
      fns = cs_call_stacks_get_frame_functions (stacks, sn->frame, &n_fns);
      for (guint k = 0; k < n_fns; k++)
        v = trie_child (t, v, fns[k]);
      map[a] = v;
      for (guint e = 0; e < E; e++)
        t->self[(gsize) v * E + e] += leaf[(gsize) a * E + e];
    }
  /* children come after their parents */
  for (guint v = t->n; v > 0; v--)
    for (guint e = 0; e < E; e++)
      {
        t->total[(gsize) (v - 1) * E + e] += t->self[(gsize) (v - 1) * E + e];
        if (v > 1)
          t->total[(gsize) t->parent[v - 1] * E + e] += t->total[(gsize) (v - 1) * E + e];
      }
}

/* Edges are keyed caller << 32 | callee, stored as key + 1 (never NULL). */
static guint
edge_hash (gconstpointer p)
{
  guint64 k = (guint64) GPOINTER_TO_SIZE (p);

  return (guint) ((k * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 32);
}

static inline gboolean
is_ancestor (const CsCallNode *nodes,
             guint32           ancestor,
             guint32           node)
{
  return ancestor != NONE && node < ancestor + nodes[ancestor].size;
}

static inline void
add_costs (guint64       *to,
           const guint64 *from,
           guint          n)
{
  for (guint e = 0; e < n; e++)
    to[e] += from[e];
}

/* 3. Functions, edges, broken stacks and the bottom-up tree, in one walk. */
static void
walk_top_down (CsCallGraph *self,
               Trie        *bottom_up)
{
  const CsCallTreeData *td = &self->trees[CS_CALL_TREE_TOP_DOWN];
  const CsCallNode *nodes = td->nodes;
  guint E = self->n_events;
  g_autofree guint32 *function_owner = g_new (guint32, MAX (self->n_functions, 1));
  g_autoptr(GHashTable) edge_ids = g_hash_table_new (edge_hash, NULL);
  g_autoptr(GArray) edge_keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) edge_owner = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) edge_cost = g_array_new (FALSE, TRUE, sizeof (guint64));
  /* top-down node per bottom-up node; 0 (the root, never an owner): none */
  g_autoptr(GArray) path_owner = g_array_new (FALSE, TRUE, sizeof (guint32));
  guint32 none = NONE;

  memset (function_owner, 0xff, (gsize) MAX (self->n_functions, 1) * 4);
  for (guint n = 1; n < td->n_nodes; n++)
    {
      const CsCallNode *node = &nodes[n];
      const guint64 *self_cost = td->self + (gsize) n * E;
      const guint64 *total_cost = td->total + (gsize) n * E;
      guint32 f = node->function;
      guint32 b = 0;

      add_costs (self->function_self + (gsize) f * E, self_cost, E);
      if (!is_ancestor (nodes, function_owner[f], n))
        {
          add_costs (self->function_total + (gsize) f * E, total_cost, E);
          function_owner[f] = n;
        }

      if (node->parent == 0)
        {
          const CsCallFunction *fn = cs_profile_get_function (self->profile, f);

          if (!fn->entry)
            add_costs (self->broken, total_cost, E);
        }
      else
        {
          guint64 key = (guint64) nodes[node->parent].function << 32 | f;
          gpointer hkey = GSIZE_TO_POINTER ((gsize) key + 1);
          gpointer v = g_hash_table_lookup (edge_ids, hkey);
          guint ei;

          if (v == NULL)
            {
              g_array_append_val (edge_keys, key);
              g_array_append_val (edge_owner, none);
              g_array_set_size (edge_cost, edge_cost->len + E);
              ei = edge_keys->len - 1;
              g_hash_table_insert (edge_ids, hkey, GUINT_TO_POINTER (ei + 1));
            }
          else
            ei = GPOINTER_TO_UINT (v) - 1;
          if (!is_ancestor (nodes, g_array_index (edge_owner, guint32, ei), n))
            {
              add_costs (&g_array_index (edge_cost, guint64, (gsize) ei * E), total_cost, E);
              g_array_index (edge_owner, guint32, ei) = n;
            }
        }

      /* the path from this node up to the root, callee first */
      for (guint32 m = n; m != 0; m = nodes[m].parent)
        {
          guint32 *owner;

          b = trie_child (bottom_up, b, nodes[m].function);
          if (b >= path_owner->len)
            g_array_set_size (path_owner, bottom_up->cap);
          owner = &g_array_index (path_owner, guint32, b);
          add_costs (bottom_up->self + (gsize) b * E, self_cost, E);
          if (*owner == 0 || !is_ancestor (nodes, *owner, n))
            {
              add_costs (bottom_up->total + (gsize) b * E, total_cost, E);
              *owner = n;
            }
        }
    }
  /* the bottom-up root stands for every sample, like the top-down one */
  memcpy (bottom_up->self, td->self, E * 8);
  memcpy (bottom_up->total, td->total, E * 8);

  self->n_edges = edge_keys->len;
  self->edge_caller = g_new (guint32, MAX (self->n_edges, 1));
  self->edge_callee = g_new (guint32, MAX (self->n_edges, 1));
  for (guint i = 0; i < self->n_edges; i++)
    {
      guint64 key = g_array_index (edge_keys, guint64, i);

      self->edge_caller[i] = (guint32) (key >> 32);
      self->edge_callee[i] = (guint32) key;
    }
  self->edge_cost = (guint64 *) g_array_steal (edge_cost, NULL);
}

gboolean
_cs_call_graph_build (CsCallGraph        *self,
                      const CsCallStacks *stacks,
                      const guint32      *sample_stacks,
                      const guint32      *subset,
                      guint               n_subset,
                      GCancellable       *cancellable,
                      GError            **error)
{
  guint E = self->n_events;
  g_autofree guint64 *leaf = g_new0 (guint64, (gsize) cs_call_stacks_get_n_nodes (stacks) * E);
  Trie top, bottom;

  if (!_cs_call_sum_samples (self->profile, stacks, sample_stacks, subset, n_subset, E, leaf,
                             self->event_total, self->event_samples, cancellable, error))
    return FALSE;

  trie_init (&top, E);
  build_top_down (self, stacks, leaf, &top);
  g_clear_pointer (&leaf, g_free);
  tree_from_trie (&self->trees[CS_CALL_TREE_TOP_DOWN], &top, self->sort_event);
  trie_clear (&top);

  self->n_functions = cs_profile_get_n_functions (self->profile);
  self->function_self = g_new0 (guint64, (gsize) MAX (self->n_functions, 1) * E);
  self->function_total = g_new0 (guint64, (gsize) MAX (self->n_functions, 1) * E);
  trie_init (&bottom, E);
  walk_top_down (self, &bottom);
  tree_from_trie (&self->trees[CS_CALL_TREE_BOTTOM_UP], &bottom, self->sort_event);
  trie_clear (&bottom);
  return TRUE;
}
