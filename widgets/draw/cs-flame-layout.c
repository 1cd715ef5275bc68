/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-layout.c — see cs-flame-layout.h
 *
 * What a frame's width stands for: in the top-down tree a node's total
 * (its children's totals never add up to more); in the bottom-up tree the
 * sampled function's own cost through the node's path (its self), because
 * those add up — a sample has one such path — while the paths' totals may
 * overlap when recursion puts a call on a stack twice.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-flame-layout.h"

/* Narrower than this a frame is not drawn: it would be noise. */
#define MIN_WIDTH 0.3

typedef struct
{
  CsFlameLayout *layout;
  guint64        min_cost;
  gboolean      *function_matched;   /* [n_functions] */
} Builder;

static guint64
node_cost (const CsFlameLayout *l,
           guint                node)
{
  if (l->kind == CS_CALL_TREE_TOP_DOWN)
    return cs_call_graph_get_total (l->graph, l->kind, node, l->event);
  /* the bottom-up root stands for every sample */
  return node == CS_CALL_ROOT ? l->event_total : cs_call_graph_get_self (l->graph, l->kind, node, l->event);
}

static gboolean
matched (const Builder *b,
         guint32        function)
{
  return b->function_matched != NULL && function != CS_CALL_NO_FUNCTION && b->function_matched[function];
}

static void
add_frame (Builder *b,
           guint    node,
           double   x0,
           double   x1,
           gboolean ancestor)
{
  const CsCallNode *n = cs_call_graph_get_node (b->layout->graph, b->layout->kind, node);
  CsFlameFrame f;

  f.node = node;
  f.function = n->function;
  f.depth = n->depth;
  f.x = round (x0);
  f.width = MAX (round (x1) - f.x, 1);
  f.total = cs_call_graph_get_total (b->layout->graph, b->layout->kind, node, b->layout->event);
  f.self = cs_call_graph_get_self (b->layout->graph, b->layout->kind, node, b->layout->event);
  f.matched = matched (b, n->function);
  f.ancestor = ancestor;
  g_array_append_val (b->layout->frames, f);
  b->layout->n_rows = MAX (b->layout->n_rows, f.depth + 1);
}

typedef struct
{
  guint   node;
  guint64 cost;
} Child;

static int
compare_children (gconstpointer a,
                  gconstpointer b)
{
  const Child *x = a, *y = b;

  if (x->cost != y->cost)
    return x->cost > y->cost ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

/* The children of @node laid out in [x0, x0 + width). */
static void
add_children (Builder *b,
              guint    node,
              double   x0,
              double   width)
{
  CsFlameLayout *l = b->layout;
  const CsCallNode *n = cs_call_graph_get_node (l->graph, l->kind, node);
  g_autoptr(GArray) kids = g_array_new (FALSE, FALSE, sizeof (Child));
  double scale = l->zoom_total > 0 ? width / (double) node_cost (l, node) : 0;
  guint64 offset = 0;

  if (node_cost (l, node) == 0)
    return;
  for (guint c = node + 1; c < node + n->size; c += cs_call_graph_get_node (l->graph, l->kind, c)->size)
    {
      Child child = { c, node_cost (l, c) };

      if (child.cost > 0)
        g_array_append_val (kids, child);
    }
  g_array_sort (kids, compare_children);
  for (guint i = 0; i < kids->len; i++)
    {
      const Child *c = &g_array_index (kids, Child, i);
      double start = x0 + (double) offset * scale;
      double end = x0 + (double) (offset + c->cost) * scale;

      offset += c->cost;
      if (c->cost < b->min_cost || end - start < MIN_WIDTH)
        continue;
      add_frame (b, c->node, start, end, FALSE);
      add_children (b, c->node, start, end - start);
    }
}

/* Σ total of the frames whose function matches, each sample once: below
 * a match nothing more counts. */
static guint64
matched_total (Builder *b,
               guint    node,
               guint   *n_matched)
{
  CsFlameLayout *l = b->layout;
  const CsCallNode *n = cs_call_graph_get_node (l->graph, l->kind, node);
  guint64 sum = 0;

  if (node != CS_CALL_ROOT && matched (b, n->function))
    {
      (*n_matched)++;
      return node_cost (l, node);
    }
  for (guint c = node + 1; c < node + n->size; c += cs_call_graph_get_node (l->graph, l->kind, c)->size)
    sum += matched_total (b, c, n_matched);
  return sum;
}

CsFlameLayout *
cs_flame_layout_new (CsCallGraph    *graph,
                     CsCallTreeKind  kind,
                     guint           event,
                     guint           zoom,
                     double          width,
                     double          threshold,
                     const char     *search)
{
  CsFlameLayout *l = g_new0 (CsFlameLayout, 1);
  Builder b = { l, 0, NULL };
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  CsProfile *profile;

  g_return_val_if_fail (CS_IS_CALL_GRAPH (graph), l);

  l->graph = g_object_ref (graph);
  l->kind = kind;
  l->event = event;
  l->width = MAX (width, 1);
  l->frames = g_array_new (FALSE, FALSE, sizeof (CsFlameFrame));
  l->event_total = cs_call_graph_get_event_total (graph, event);
  if (zoom >= cs_call_graph_get_n_nodes (graph, kind))
    zoom = CS_CALL_ROOT;
  l->zoom = zoom;
  l->zoom_total = node_cost (l, zoom);
  b.min_cost = (guint64) ceil ((double) l->zoom_total * MAX (threshold, 0) / 100.0);

  profile = cs_call_graph_get_profile (graph);
  if (search != NULL && search[0] != '\0')
    {
      g_autofree char *needle = g_utf8_casefold (search, -1);
      guint n = cs_profile_get_n_functions (profile);

      b.function_matched = g_new0 (gboolean, MAX (n, 1));
      for (guint f = 0; f < n; f++)
        {
          g_autofree char *name = g_utf8_casefold (cs_profile_get_function (profile, f)->name, -1);

          b.function_matched[f] = strstr (name, needle) != NULL;
        }
      l->matched_total = matched_total (&b, CS_CALL_ROOT, &l->n_matched);
    }

  /* the zoomed node's callers, full width, then the node and its subtree */
  for (guint v = zoom; v != CS_CALL_NO_NODE; v = cs_call_graph_get_node (graph, kind, v)->parent)
    g_array_prepend_val (path, v);
  for (guint i = 0; i < path->len; i++)
    add_frame (&b, g_array_index (path, guint, i), 0, l->width, i + 1 < path->len);
  add_children (&b, zoom, 0, l->width);
  g_free (b.function_matched);
  return l;
}

void
cs_flame_layout_free (CsFlameLayout *layout)
{
  if (layout == NULL)
    return;
  g_clear_object (&layout->graph);
  g_clear_pointer (&layout->frames, g_array_unref);
  g_free (layout);
}

const CsFlameFrame *
cs_flame_layout_frame_at (const CsFlameLayout *layout,
                          guint                row,
                          double               x)
{
  g_return_val_if_fail (layout != NULL, NULL);

  for (guint i = 0; i < layout->frames->len; i++)
    {
      const CsFlameFrame *f = &g_array_index (layout->frames, CsFlameFrame, i);

      if (f->depth == row && x >= f->x && x < f->x + f->width)
        return f;
    }
  return NULL;
}

const CsFlameFrame *
cs_flame_layout_find_node (const CsFlameLayout *layout,
                           guint                node)
{
  g_return_val_if_fail (layout != NULL, NULL);

  for (guint i = 0; i < layout->frames->len; i++)
    if (g_array_index (layout->frames, CsFlameFrame, i).node == node)
      return &g_array_index (layout->frames, CsFlameFrame, i);
  return NULL;
}

double
cs_flame_layout_get_matched_percent (const CsFlameLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);
  return layout->event_total > 0 ? 100.0 * (double) layout->matched_total / (double) layout->event_total : 0;
}
