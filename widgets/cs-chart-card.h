/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-card.h — what the chart widgets share: style and card
 *
 * A BAR/REF chart (cs-chart-widget.c) and the scatter (cs-scatter-view.c)
 * are both cairo drawings on a rounded card with a border and a focus ring,
 * in the widget's light or dark palette and font.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-chart-draw.h"

G_BEGIN_DECLS

/* Draws the chart of @data in a @width × @height cairo context. */
typedef void (*CsChartCardDraw) (cairo_t            *cr,
                                 gconstpointer       data,
                                 const CsChartStyle *style,
                                 double              width,
                                 double              height);

/* The palette (dark when the theme is), scale and font of @widget; the
 * card is the widget's, so the drawing has no background. @font (may be
 * NULL) receives the Pango font description, to free. */
void cs_chart_card_get_style (GtkWidget       *widget,
                              CsChartStyle    *style,
                              char           **font);
/* The card, @draw's chart of @data on it unless @data is NULL, its border
 * and, with keyboard focus, the focus ring. */
void cs_chart_card_snapshot  (GtkWidget       *widget,
                              GtkSnapshot     *snapshot,
                              CsChartCardDraw  draw,
                              gconstpointer    data);

G_END_DECLS
