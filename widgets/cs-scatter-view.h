/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-view.h — the data-address scatter chart as a GTK widget
 *
 * A CsCairoView drawing a CsScatterData with the shared cairo code
 * (cs_scatter_draw), as CsChartWidget does for BAR and REF charts. The
 * tooltip describes the point under the pointer (thread, kind, address,
 * offset in its cacheline, time), "Copy Value" copies its address; a click
 * on a point emits ::point-activated with its address, which the Memory
 * page answers by selecting that cacheline. Focusable, with the title as
 * its accessible label and a summary as its description.
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
G_END_DECLS
