/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-view-diff.c — the flame graph widget compared with a base
 *
 * The shares come from the page, which has the comparison and builds the
 * base's graph; the widget only checks that they still fit its tree (a
 * graph of another recording would index past them) and says a frame's
 * change in its tooltip, which is where the exact number is read.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-flame-view-private.h"

const CsNodeShares *
_cs_flame_view_get_base_shares (CsFlameView *self)
{
  gsize size = 0;
  const CsNodeShares *shares;

  if (self->base_shares == NULL || self->graph == NULL || self->icicle)
    return NULL;
  shares = g_bytes_get_data (self->base_shares, &size);
  if (size / sizeof (CsNodeShares) != cs_call_graph_get_n_nodes (self->graph, CS_CALL_TREE_TOP_DOWN))
    return NULL;
  return shares;
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
                               GBytes      *shares,
                               guint64      base_samples)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));

  if (shares != NULL)
    g_bytes_ref (shares);
  g_clear_pointer (&self->base_shares, g_bytes_unref);
  self->base_shares = shares;
  self->base_samples = base_samples;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
