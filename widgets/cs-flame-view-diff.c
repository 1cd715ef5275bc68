/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-view-diff.c — the flame graph widget compared with a base
 *
 * The shares come from the page, which has the comparison and builds the
 * base's graph, one array per tree (the flame graph draws the top-down
 * one, the icicle the bottom-up one); the widget only checks that they
 * still fit its tree (a graph of another recording would index past them)
 * and says a frame's change in its tooltip, which is where the exact
 * number is read.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-flame-view-private.h"

const CsNodeShares *
_cs_flame_view_get_base_shares (CsFlameView *self)
{
  CsCallTreeKind kind = _cs_flame_view_tree_kind (self);
  gsize size = 0;
  const CsNodeShares *shares;

  if (self->base_shares[kind] == NULL || self->graph == NULL)
    return NULL;
  shares = g_bytes_get_data (self->base_shares[kind], &size);
  if (size / sizeof (CsNodeShares) != cs_call_graph_get_n_nodes (self->graph, kind))
    return NULL;
  return shares;
}

void
_cs_flame_view_clear_base_shares (CsFlameView *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->base_shares); i++)
    g_clear_pointer (&self->base_shares[i], g_bytes_unref);
}

char *
_cs_flame_view_describe_change (CsFlameView        *self,
                                const CsFlameFrame *frame)
{
  const CsFlameLayout *layout = cs_flame_view_get_layout (self);
  CsFlameDrawOptions options;
  double delta;
  CsFlameDiff diff;

  cs_flame_draw_options_init (&options);
  options.base_shares = _cs_flame_view_get_base_shares (self);
  options.base_samples = self->base_samples;
  if (layout == NULL || options.base_shares == NULL)
    return g_strdup ("");
  diff = cs_flame_frame_diff (layout, &options, frame, &delta);
  if (diff == CS_FLAME_DIFF_NONE)
    return g_strdup ("");
  /* TRANSLATORS: flame graph tooltip in a comparison: "Base: 37.50 % · Δ −10.00 points (within noise)" */
  return g_strdup_printf (_("\nBase: %.2f %% · Δ %+.2f points%s"), options.base_shares[frame->node].total_share,
                          delta, diff == CS_FLAME_DIFF_NEUTRAL ? _(" (within noise)") : "");
}

void
cs_flame_view_set_base_shares (CsFlameView *self,
                               GBytes      *top_down,
                               GBytes      *bottom_up,
                               guint64      base_samples)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));

  if (top_down != NULL)
    g_bytes_ref (top_down);
  if (bottom_up != NULL)
    g_bytes_ref (bottom_up);
  _cs_flame_view_clear_base_shares (self);
  self->base_shares[CS_CALL_TREE_TOP_DOWN] = top_down;
  self->base_shares[CS_CALL_TREE_BOTTOM_UP] = bottom_up;
  self->base_samples = base_samples;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
