/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-grid-view.h — 1 to 12 chart widgets laid out by their count
 *
 * The shape follows cs-chart-grid.h (1 full size, 2 side by side, 3–4 as
 * 2×2, … 4×3 for 12) and is recomputed on every allocation, so the charts
 * grow and shrink with the window. ::export-requested is forwarded from the
 * chart widgets.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-chart-widget.h"

G_BEGIN_DECLS

#define CS_TYPE_CHART_GRID_VIEW (cs_chart_grid_view_get_type ())
G_DECLARE_FINAL_TYPE (CsChartGridView, cs_chart_grid_view, CS, CHART_GRID_VIEW, GtkWidget)

GtkWidget     *cs_chart_grid_view_new          (void);
/* @charts: CsChartValues*, copied; NULL or empty clears the grid. */
void           cs_chart_grid_view_set_charts   (CsChartGridView *self,
                                                GPtrArray       *charts);
/* The program charts of @analysis (cs_analysis_get_charts): the
 * "analysis" property. */
void           cs_chart_grid_view_set_analysis (CsChartGridView *self,
                                                CsAnalysis      *analysis);
/* Compared with a base: each chart is drawn paired with the base's chart
 * of the same id (cs_chart_draw_compare()); NULL: not compared. */
void           cs_chart_grid_view_set_base_charts (CsChartGridView *self,
                                                   GPtrArray       *base_charts);
guint          cs_chart_grid_view_get_n_charts (CsChartGridView *self);
CsChartWidget *cs_chart_grid_view_get_chart    (CsChartGridView *self,
                                                guint            index);

G_END_DECLS
