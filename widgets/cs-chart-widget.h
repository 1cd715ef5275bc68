/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-widget.h — one BAR or REF chart as a GTK widget
 *
 * A CsCairoView drawing a CsChartValues with the shared cairo code
 * (cs_chart_draw), so that what is on screen is what an export writes. The
 * tooltip explains the part or value under the pointer (value, share, where
 * the number comes from); the context menu's "Export Chart…" emits
 * ::export-requested (the owner reads :chart-id), "Copy Value" copies the
 * part there, or every part (BAR) / the value (REF).
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-cairo-view.h"

G_BEGIN_DECLS

#define CS_TYPE_CHART_WIDGET (cs_chart_widget_get_type ())
G_DECLARE_FINAL_TYPE (CsChartWidget, cs_chart_widget, CS, CHART_WIDGET, CsCairoView)

GtkWidget           *cs_chart_widget_new           (void);
/* @values is copied; NULL clears the chart. */
void                 cs_chart_widget_set_values    (CsChartWidget       *self,
                                                    const CsChartValues *values);
const CsChartValues *cs_chart_widget_get_values    (CsChartWidget       *self);
/* The same chart of a base recording, drawn paired with the values
 * (cs_chart_draw_compare()); NULL: not compared. Copied. */
void                 cs_chart_widget_set_base_values (CsChartWidget       *self,
                                                      const CsChartValues *base);
const CsChartValues *cs_chart_widget_get_base_values (CsChartWidget       *self);
const char          *cs_chart_widget_get_chart_id  (CsChartWidget       *self);
G_END_DECLS
