/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-view.h — the flame graph as a GTK widget
 *
 * A CsCairoView drawing a call graph's tree with the shared cairo code
 * (cs-flame-layout.h, cs-flame-draw.h), as the charts and the scatter are
 * drawn. The tooltip names the frame under the pointer with its module,
 * total and self share; a click zooms into a frame, zoom_out() (the page's
 * Back) returns to the previous zoom; a double click emits
 * ::function-activated (the page opens the function's source). The search
 * text highlights the matching frames and the header says their share;
 * frames under the threshold (percent of the zoomed frame) are left out.
 *
 * Keyboard: the view is focusable and keeps a frame in focus (outlined):
 * Left and Right move along its row, Up and Down to its hottest callee and
 * its caller (the other way round in the icicle), Enter zooms into it,
 * BackSpace zooms out. ::function-selected follows the focused or clicked
 * frame.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-cairo-view.h"
#include "cs-flame-draw.h"

G_BEGIN_DECLS

#define CS_TYPE_FLAME_VIEW (cs_flame_view_get_type ())
G_DECLARE_FINAL_TYPE (CsFlameView, cs_flame_view, CS, FLAME_VIEW, CsCairoView)

GtkWidget           *cs_flame_view_new            (void);
/* Shows @graph's costs of @event (NULL clears); zoom and focus start over. */
void                 cs_flame_view_set_graph      (CsFlameView *self,
                                                   CsCallGraph *graph,
                                                   guint        event);
void                 cs_flame_view_set_event      (CsFlameView *self,
                                                   guint        event);
/* The bottom-up tree, hanging from the top ("icicle" property). */
void                 cs_flame_view_set_icicle     (CsFlameView *self,
                                                   gboolean     icicle);
/* Frames under this percent of the zoomed frame are left out ("threshold"). */
void                 cs_flame_view_set_threshold  (CsFlameView *self,
                                                   double       percent);
/* Frames whose function's name contains @text are highlighted ("search"). */
void                 cs_flame_view_set_search     (CsFlameView *self,
                                                   const char  *text);
const char          *cs_flame_view_get_search     (CsFlameView *self);
/* The header's title ("title"). */
void                 cs_flame_view_set_title      (CsFlameView *self,
                                                   const char  *title);
/* Zooms into @node of the shown tree; the previous zoom is remembered. */
void                 cs_flame_view_zoom           (CsFlameView *self,
                                                   guint        node);
/* Back to the previous zoom; FALSE when there was none ("can-zoom-out"). */
gboolean             cs_flame_view_zoom_out       (CsFlameView *self);
guint                cs_flame_view_get_zoom       (CsFlameView *self);
/* The focused frame's node (CS_CALL_NO_NODE: none). */
guint                cs_flame_view_get_focus_node (CsFlameView *self);
/* The layout of the current frame (owned by the view, valid until the next
 * change); NULL without a graph or size. */
const CsFlameLayout *cs_flame_view_get_layout     (CsFlameView *self);
/* Compared with a base (cs-flame-view-diff.c): @top_down and @bottom_up
 * hold the base's CsNodeShares of each node of that tree of the graph
 * shown, for its event (cs_comparison_dup_base_node_shares_for_kind());
 * the flame graph and the icicle then colour by the change
 * (cs-flame-draw.h). @base_samples: the base's samples of the event, for
 * the noise. NULL shares: not compared. A new graph or event drops them. */
void                 cs_flame_view_set_base_shares (CsFlameView *self,
                                                    GBytes      *top_down,
                                                    GBytes      *bottom_up,
                                                    guint64      base_samples);
/* Where the frame of @node is drawn, in widget coordinates; FALSE when it
 * is not drawn. */
gboolean             cs_flame_view_get_frame_rect (CsFlameView     *self,
                                                   guint            node,
                                                   graphene_rect_t *rect);

G_END_DECLS
