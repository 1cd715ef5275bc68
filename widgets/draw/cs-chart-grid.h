/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-grid.h — 1 to 12 charts laid out by their count
 *
 * As the chart grid of Kruse, CMSSW Performance Monitoring, 2011 did, the shape follows the number of charts so that
 * each chart stays as large as possible:
 *
 *   charts   1     2     3–4   5–6   7–9   10–12   n > 12
 *   shape   1×1   2×1   2×2   3×2   3×3   4×3     4×⌈n/4⌉   (columns × rows)
 *
 * Cells are filled row by row; an incomplete last row is centred. The
 * canvas has an outer margin and the same gap between cells, both 2 % of
 * the shorter side clamped to 4..16 units.
 */
#pragma once

#include "cs-chart-draw.h"

G_BEGIN_DECLS

void     cs_chart_grid_get_shape (guint                 n_charts,
                                  guint                *columns,
                                  guint                *rows);
/* Fills @rects (n_charts entries) with each chart's box on a width × height
 * canvas. FALSE (and nothing written) when @n_charts is 0 or the canvas is
 * too small to hold the cells. */
gboolean cs_chart_grid_layout    (guint                 n_charts,
                                  double                width,
                                  double                height,
                                  CsRect               *rects);
/* Index of the chart whose box contains (x, y), or -1. */
int      cs_chart_grid_chart_at  (guint                 n_charts,
                                  double                width,
                                  double                height,
                                  double                x,
                                  double                y);
/* Paints the theme background, a card per chart and the charts. */
void     cs_chart_grid_draw      (cairo_t              *cr,
                                  CsChartValues * const *values,
                                  guint                 n_values,
                                  const CsChartStyle   *style,
                                  double                width,
                                  double                height);
/* The grid of @charts (CsChartValues*) as a drawing (for cs_export); the
 * array must outlive it. */
CsDrawing cs_chart_grid_drawing  (const GPtrArray      *charts);

/* Compared with a base: @bases[i] (NULL entries allowed; @bases NULL: none)
 * is the base's chart paired with @values[i] (cs_chart_draw_compare()). */
void     cs_chart_grid_draw_compare (cairo_t              *cr,
                                     CsChartValues * const *values,
                                     CsChartValues * const *bases,
                                     guint                 n_values,
                                     const CsChartStyle   *style,
                                     double                width,
                                     double                height);

typedef struct
{
  const GPtrArray *charts;  /* CsChartValues* */
  const GPtrArray *bases;   /* CsChartValues* (or NULL) by the index of @charts */
} CsChartGridPair;

/* For each of @charts, the chart of @base_charts with the same id, or
 * NULL: the @bases of a CsChartGridPair (pointers into @base_charts). */
GPtrArray *cs_chart_grid_match_bases (const GPtrArray *charts,
                                      const GPtrArray *base_charts);

/* The compared grid as a drawing; @pair and its arrays must outlive it. */
CsDrawing cs_chart_grid_compare_drawing (const CsChartGridPair *pair);

G_END_DECLS
