/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-view.h — the data-address scatter chart as a GTK widget
 *
 * A CsCairoView drawing a CsScatterData with the shared cairo code
 * (cs_scatter_draw), as CsChartWidget does for BAR and REF charts. The
 * tooltip describes the point under the pointer (thread, kind, address,
 * offset in its cacheline, time) or the address range a break of the axis
 * skips, "Copy Value" copies its address; a click on a point emits
 * ::point-activated with its address and key, which the Memory page
 * answers by selecting that cacheline. Both axes zoom and pan (wheel, drag,
 * keys; cs-scatter-view-input.c); new data with the same points (another
 * line selected in them) keeps the viewport, other data is shown whole.
 * Focusable, with the title
 * as its accessible label and a summary as its description.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-cairo-view.h"
#include "cs-scatter-draw.h"

G_BEGIN_DECLS

#define CS_TYPE_SCATTER_VIEW (cs_scatter_view_get_type ())
G_DECLARE_FINAL_TYPE (CsScatterView, cs_scatter_view, CS, SCATTER_VIEW, CsCairoView)

GtkWidget     *cs_scatter_view_new            (void);
/* Takes a reference; @data must not change afterwards. NULL clears. */
void           cs_scatter_view_set_data       (CsScatterView *self,
                                               CsScatterData *data);
CsScatterData *cs_scatter_view_get_data       (CsScatterView *self);
/* The geometry of the current frame (owned by the view, valid until the
 * next size, style or data change). NULL without data. */
const CsScatterGeometry *
               cs_scatter_view_get_geometry   (CsScatterView *self);
/* What part is shown (fractions of the full ranges). */
const CsScatterViewport *
               cs_scatter_view_get_viewport   (CsScatterView *self);
/* Zooms by @factor_x and @factor_y (> 1: in; 1: that axis stays) around
 * (@x, @y) in widget coordinates (NaN: the plot's centre). */
void           cs_scatter_view_zoom           (CsScatterView *self,
                                               double         factor_x,
                                               double         factor_y,
                                               double         x,
                                               double         y);
/* Moves the content by (@dx, @dy) pixels, as a drag does. */
void           cs_scatter_view_pan            (CsScatterView *self,
                                               double         dx,
                                               double         dy);
void           cs_scatter_view_reset_zoom     (CsScatterView *self);
G_END_DECLS
