/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-layout.h — where each frame of a flame graph goes
 *
 * A flame graph draws a call tree (cs-call-graph.h) as stacked boxes: each
 * node a box as wide as its total cost, its children side by side on top of
 * it, largest first, so that width is time and height is stack depth. The
 * layout is the geometry only (no cairo): frames with their x range in
 * pixels of a given width and their row; cs-flame-draw.h paints it, the
 * widget and the exporter share both.
 *
 *  - Zoom: with a node zoomed into, that node spans the whole width and its
 *    callers (the path down to the root) are drawn full width under it.
 *  - Threshold: frames whose cost is under a share of the zoomed node's,
 *    or narrower than a fraction of a pixel, are left out with their
 *    subtrees.
 *  - Search: frames whose function name contains the text (case folded)
 *    are marked; the matched share counts each sample once (a match inside
 *    a match adds nothing).
 *
 * Edges are whole pixels: a frame's left edge is its cost offset rounded,
 * its right edge its end rounded, so frames tile without gaps and each is
 * within a pixel of its exact width.
 */
#pragma once

#include <glib.h>

#include "cs-call-graph.h"

G_BEGIN_DECLS

typedef struct
{
  guint    node;        /* in the graph's tree */
  guint    function;    /* CsCallFunction index; CS_CALL_NO_FUNCTION: the root */
  guint    depth;       /* row: 0 is the root ("all") */
  double   x;           /* left edge, whole pixels */
  double   width;       /* whole pixels, at least 1 */
  guint64  total;
  guint64  self;
  gboolean matched;     /* the search text is in its name */
  gboolean ancestor;    /* a caller of the zoomed node, drawn full width */
} CsFlameFrame;

typedef struct
{
  CsCallGraph    *graph;
  CsCallTreeKind  kind;
  guint           event;
  guint           zoom;            /* the node spanning the width */
  double          width;
  guint64         event_total;
  guint64         zoom_total;
  GArray         *frames;          /* CsFlameFrame, parents before children */
  guint           n_rows;          /* rows used: deepest depth + 1 */
  guint64         matched_total;   /* cost of the samples in a matched frame */
  guint           n_matched;
} CsFlameLayout;

/* Lays out @graph's tree @kind for @event in @width pixels, zoomed into
 * @zoom (CS_CALL_ROOT: everything), leaving out frames under @threshold
 * percent of the zoomed node and marking those whose name contains
 * @search (NULL or "": none). */
CsFlameLayout      *cs_flame_layout_new       (CsCallGraph     *graph,
                                               CsCallTreeKind   kind,
                                               guint            event,
                                               guint            zoom,
                                               double           width,
                                               double           threshold,
                                               const char      *search);
void                cs_flame_layout_free      (CsFlameLayout   *layout);
/* The frame in row @row covering @x, or NULL. */
const CsFlameFrame *cs_flame_layout_frame_at  (const CsFlameLayout *layout,
                                               guint                row,
                                               double               x);
/* The frame of @node, or NULL when it is not drawn. */
const CsFlameFrame *cs_flame_layout_find_node (const CsFlameLayout *layout,
                                               guint                node);
/* The matched share in percent of the event's total. */
double              cs_flame_layout_get_matched_percent (const CsFlameLayout *layout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsFlameLayout, cs_flame_layout_free)

G_END_DECLS
