/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-widget.h — one BAR or REF chart as a GTK widget
 *
 * Draws a CsChartValues with the shared cairo code (cs_chart_draw) on a card,
 * in the theme, font and scale factor of the widget, so that what is on
 * screen is what an export writes. A tooltip explains the part or value
 * under the pointer (value, share, where the number comes from); the context
 * menu (right click, Menu key, Shift+F10) offers "Export Chart…", which emits
 * ::export-requested with the chart id, and "Copy Value".
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-chart-draw.h"

G_BEGIN_DECLS

#define CS_TYPE_CHART_WIDGET (cs_chart_widget_get_type ())
G_DECLARE_FINAL_TYPE (CsChartWidget, cs_chart_widget, CS, CHART_WIDGET, GtkWidget)

GtkWidget           *cs_chart_widget_new           (void);
/* @values is copied; NULL clears the chart. */
void                 cs_chart_widget_set_values    (CsChartWidget       *self,
                                                    const CsChartValues *values);
const CsChartValues *cs_chart_widget_get_values    (CsChartWidget       *self);
const char          *cs_chart_widget_get_chart_id  (CsChartWidget       *self);
/* The style the next frame is drawn with: dark when the widget's foreground
 * colour is light, the widget's scale factor and font. */
void                 cs_chart_widget_get_style     (CsChartWidget       *self,
                                                    CsChartStyle        *style,
                                                    char               **font);
/* Tooltip markup for the point (@x, @y) in widget coordinates, or NULL when
 * nothing there has one. */
char                *cs_chart_widget_describe_at   (CsChartWidget       *self,
                                                    double               x,
                                                    double               y);
/* The text "Copy Value" puts on the clipboard for the point (@x, @y): the
 * part there, or every part (BAR) / the value (REF) elsewhere. */
char                *cs_chart_widget_get_copy_text (CsChartWidget       *self,
                                                    double               x,
                                                    double               y);

G_END_DECLS
