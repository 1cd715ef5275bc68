/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison-tree.c — a call tree's nodes matched across two recordings
 *
 * A node is the path of frame names from the root (module basename and
 * function name, as the tables match them), so the same call path matches
 * whatever addresses the two builds gave it. Both trees are in preorder,
 * a parent before its children: walking the new tree, a node's base match
 * is its parent's base match's child of the same name, found in one hash
 * lookup keyed by (base parent, name).
 */
#include "config.h"

#include <string.h>

#include "cs-comparison-private.h"

/* Interns "module\x1fname" of each function of @profile into @names,
 * giving each distinct name one number. */
static guint32 *
function_name_ids (const CsCompareSide *side,
                   CsProfile           *profile,
                   GHashTable          *names)
{
  guint n = cs_profile_get_n_functions (profile);
  guint32 *ids = g_new (guint32, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const CsCallFunction *f = cs_profile_get_function (profile, i);
      g_autofree char *key = g_strconcat (f->module != NULL ? _cs_compare_side_module (side, f->module->name) : "", "\x1f",
                                          f->name != NULL ? f->name : "", NULL);
      gpointer id;

      if (!g_hash_table_lookup_extended (names, key, NULL, &id))
        {
          id = GUINT_TO_POINTER (g_hash_table_size (names));
          g_hash_table_insert (names, g_steal_pointer (&key), id);
        }
      ids[i] = GPOINTER_TO_UINT (id);
    }
  return ids;
}

static guint64
child_key (guint32 parent,
           guint32 name)
{
  return ((guint64) parent << 32) | name;
}

static int
graph_event (CsCallGraph *graph,
             const char  *event)
{
  const CsProfileEvent *e = cs_profile_find_event (cs_call_graph_get_profile (graph), event);

  return e != NULL ? (int) e->index : -1;
}

CsNodeShares *
cs_comparison_dup_base_node_shares_for_kind (CsComparison   *self,
                                             CsCallGraph    *base_graph,
                                             CsCallGraph    *new_graph,
                                             CsCallTreeKind  kind,
                                             const char     *event)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) children = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree guint32 *base_ids = NULL;
  g_autofree guint32 *new_ids = NULL;
  g_autofree guint32 *match = NULL;
  guint n_base, n_new;
  CsNodeShares *shares;
  int base_event;
  guint64 total;

  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  g_return_val_if_fail (CS_IS_CALL_GRAPH (base_graph), NULL);
  g_return_val_if_fail (CS_IS_CALL_GRAPH (new_graph), NULL);

  n_new = cs_call_graph_get_n_nodes (new_graph, kind);
  shares = g_new0 (CsNodeShares, MAX (n_new, 1));
  if (event == NULL)
    event = self->event;
  base_event = event != NULL ? graph_event (base_graph, event) : -1;
  if (base_event < 0)
    return shares;
  total = cs_call_graph_get_event_total (base_graph, base_event);
  if (total == 0)
    return shares;

  base_ids = function_name_ids (&self->base, cs_call_graph_get_profile (base_graph), names);
  new_ids = function_name_ids (&self->new_side, cs_call_graph_get_profile (new_graph), names);

  n_base = cs_call_graph_get_n_nodes (base_graph, kind);
  for (guint i = 1; i < n_base; i++)
    {
      const CsCallNode *node = cs_call_graph_get_node (base_graph, kind, i);
      gint64 *key = g_new (gint64, 1);

      *key = (gint64) child_key (node->parent, base_ids[node->function]);
      /* Siblings of one name (an inlined function is one function per
       * caller it was inlined into) keep the first, the larger: children
       * come by total. */
      if (g_hash_table_contains (children, key))
        g_free (key);
      else
        g_hash_table_insert (children, key, GUINT_TO_POINTER (i));
    }

  match = g_new (guint32, MAX (n_new, 1));
  match[CS_CALL_ROOT] = CS_CALL_ROOT;
  for (guint i = 0; i < n_new; i++)
    {
      const CsCallNode *node = cs_call_graph_get_node (new_graph, kind, i);
      guint32 b = CS_CALL_ROOT;

      if (i != CS_CALL_ROOT)
        {
          guint32 parent = match[node->parent];
          gint64 key = (gint64) child_key (parent, new_ids[node->function]);
          gpointer found;

          b = parent != CS_CALL_NO_NODE &&
              g_hash_table_lookup_extended (children, &key, NULL, &found)
              ? GPOINTER_TO_UINT (found) : CS_CALL_NO_NODE;
        }
      match[i] = b;
      if (b == CS_CALL_NO_NODE)
        continue;
      shares[i].self_share = 100.0 * cs_call_graph_get_self (base_graph, kind, b, base_event) / total;
      shares[i].total_share = 100.0 * cs_call_graph_get_total (base_graph, kind, b, base_event) / total;
    }
  return shares;
}

CsNodeShares *
cs_comparison_dup_base_node_shares (CsComparison *self,
                                    CsCallGraph  *base_graph,
                                    CsCallGraph  *new_graph,
                                    const char   *event)
{
  return cs_comparison_dup_base_node_shares_for_kind (self, base_graph, new_graph,
                                                      CS_CALL_TREE_TOP_DOWN, event);
}
