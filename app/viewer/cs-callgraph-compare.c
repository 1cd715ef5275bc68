/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-compare.c — the Call Graph page compared with a base
 *
 * The base's graph is built in the same worker as the new one, the same
 * way (all samples), so that the comparison can match their nodes by the
 * frames' names from the root (cs_comparison_dup_base_node_shares_for_kind(),
 * for each tree). The shares feed the trees' Δ Self and Δ Total columns and
 * the flame graph's (and the icicle's) differential colours; the functions
 * list gets the same columns from the base's functions of the same name.
 * All follow the event chosen. A region's graph has no base to
 * match (the base may not have the region), so it is shown alone.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-callgraph-columns.h"
#include "cs-callgraph-page-private.h"
#include "cs-profile-samples.h"

void
_cs_call_graph_page_set_comparison (CsCallGraphPage *self,
                                    CsComparison    *comparison)
{
  if (!g_set_object (&self->comparison, comparison))
    return;
  g_clear_object (&self->base_graph);
  g_object_notify (G_OBJECT (self), "comparison");
  _cs_call_graph_page_reload (self);
}

CsCallGraph *
_cs_call_graph_page_build_base (CsComparison *comparison,
                                guint         region,
                                GCancellable *cancellable)
{
  CsProfile *profile = cs_analysis_get_profile (cs_comparison_get_base (comparison));

  if (region > 0 || profile == NULL || !cs_profile_has_call_chains (profile))
    return NULL;
  /* no call chains or cancelled: the new graph alone */
  return cs_call_graph_new_for_profile (profile, cancellable, NULL);
}

/* The base's self and total share of each function of @graph's profile,
 * matched as the comparison matches functions: by module basename and
 * name (0 where the base has no such function). */
static GBytes *
function_shares (CsCallGraph *graph,
                 CsCallGraph *base_graph,
                 guint        base_event)
{
  CsProfile *profile = cs_call_graph_get_profile (graph);
  CsProfile *base_profile = cs_call_graph_get_profile (base_graph);
  guint n = cs_profile_get_n_functions (profile);
  guint64 base_total = cs_call_graph_get_event_total (base_graph, base_event);
  g_autoptr(GHashTable) by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  CsNodeShares *shares = g_new0 (CsNodeShares, MAX (n, 1));

  for (guint i = 0; i < cs_profile_get_n_functions (base_profile); i++)
    {
      const CsCallFunction *f = cs_profile_get_function (base_profile, i);

      g_hash_table_insert (by_name, g_strconcat (f->module->name, "\x1f", f->name, NULL), GUINT_TO_POINTER (i + 1));
    }
  for (guint i = 0; i < n && base_total > 0; i++)
    {
      const CsCallFunction *f = cs_profile_get_function (profile, i);
      g_autofree char *key = g_strconcat (f->module->name, "\x1f", f->name, NULL);
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, key));

      if (found == 0)
        continue;
      shares[i].self_share = 100.0 * (double) cs_call_graph_get_function_self (base_graph, found - 1, base_event)
                             / (double) base_total;
      shares[i].total_share = 100.0 * (double) cs_call_graph_get_function_total (base_graph, found - 1, base_event)
                              / (double) base_total;
    }
  return g_bytes_new_take (shares, MAX (n, 1) * sizeof (CsNodeShares));
}

void
_cs_call_graph_page_update_compare (CsCallGraphPage *self)
{
  g_autoptr(GBytes) functions = NULL;
  GtkColumnView *trees[] = { self->top_down_view, self->bottom_up_view };
  const CsProfileEvent *event, *base_event = NULL;
  guint64 base_samples = 0;

  for (guint t = 0; t < G_N_ELEMENTS (self->base_shares); t++)
    g_clear_pointer (&self->base_shares[t], g_bytes_unref);
  if (self->graph != NULL && self->comparison != NULL && self->base_graph != NULL)
    {
      event = cs_profile_get_event (cs_call_graph_get_profile (self->graph), self->event);
      base_event = event != NULL ? cs_profile_find_event (cs_call_graph_get_profile (self->base_graph), event->name)
                                 : NULL;
      for (guint t = 0; base_event != NULL && t < G_N_ELEMENTS (self->base_shares); t++)
        {
          CsNodeShares *shares = cs_comparison_dup_base_node_shares_for_kind (self->comparison, self->base_graph,
                                                                              self->graph, (CsCallTreeKind) t,
                                                                              event->name);

          if (shares != NULL)
            self->base_shares[t] = g_bytes_new_take (shares, cs_call_graph_get_n_nodes (self->graph, (CsCallTreeKind) t)
                                                             * sizeof (CsNodeShares));
        }
      if (base_event != NULL)
        {
          base_samples = cs_call_graph_get_event_samples (self->base_graph, base_event->index);
          functions = function_shares (self->graph, self->base_graph, base_event->index);
        }
    }
  for (guint t = 0; t < G_N_ELEMENTS (trees); t++)
    cs_callgraph_set_delta_columns (trees[t], self->graph, self->event, FALSE, self->base_shares[t]);
  cs_callgraph_set_delta_columns (self->functions_view, self->graph, self->event, TRUE, functions);
  cs_flame_view_set_base_shares (self->flame_view, self->base_shares[CS_CALL_TREE_TOP_DOWN],
                                 self->base_shares[CS_CALL_TREE_BOTTOM_UP], base_samples);
}
