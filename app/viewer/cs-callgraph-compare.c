/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-compare.c — the Call Graph page compared with a base
 *
 * The base's graph is built in the same worker as the new one, the same
 * way (all samples), so that the comparison can match their nodes by the
 * frames' names from the root (cs_comparison_dup_base_node_shares_for_kind(),
 * for each tree). The shares feed the trees' Δ Self and Δ Total columns and
 * the flame graph's (and the icicle's) differential colours; all follow
 * the event chosen. A region's graph has no base to
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

void
_cs_call_graph_page_update_compare (CsCallGraphPage *self)
{
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
        base_samples = cs_call_graph_get_event_samples (self->base_graph, base_event->index);
    }
  for (guint t = 0; t < G_N_ELEMENTS (trees); t++)
    cs_callgraph_set_delta_columns (trees[t], self->graph, self->event, self->base_shares[t]);
  cs_flame_view_set_base_shares (self->flame_view, self->base_shares[CS_CALL_TREE_TOP_DOWN],
                                 self->base_shares[CS_CALL_TREE_BOTTOM_UP], base_samples);
}
