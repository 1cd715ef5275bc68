/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-grid.c — 1 to 12 charts laid out by their count */

#include "config.h"

#include <math.h>

#include "cs-chart-grid.h"
#include "cs-chart-private.h"

void
cs_chart_grid_get_shape (guint  n_charts,
                         guint *columns,
                         guint *rows)
{
  guint c, r;

  if (n_charts <= 1)
    c = 1, r = 1;
  else if (n_charts == 2)
    c = 2, r = 1;
  else if (n_charts <= 4)
    c = 2, r = 2;
  else if (n_charts <= 6)
    c = 3, r = 2;
  else if (n_charts <= 9)
    c = 3, r = 3;
  else
    c = 4, r = (n_charts + 3) / 4;

  if (columns != NULL)
    *columns = c;
  if (rows != NULL)
    *rows = r;
}

static double
grid_margin (double width,
             double height)
{
  return CLAMP (MIN (width, height) * 0.02, 4.0, 16.0);
}

gboolean
cs_chart_grid_layout (guint   n_charts,
                      double  width,
                      double  height,
                      CsRect *rects)
{
  guint columns, rows;
  double margin = grid_margin (width, height);
  double cell_w, cell_h;

  g_return_val_if_fail (rects != NULL || n_charts == 0, FALSE);

  if (n_charts == 0)
    return FALSE;

  cs_chart_grid_get_shape (n_charts, &columns, &rows);
  cell_w = (width - 2 * margin - (columns - 1) * margin) / columns;
  cell_h = (height - 2 * margin - (rows - 1) * margin) / rows;
  if (cell_w < 1 || cell_h < 1)
    return FALSE;

  for (guint i = 0; i < n_charts; i++)
    {
      guint row = i / columns;
      guint col = i % columns;
      guint in_row = MIN (columns, n_charts - row * columns);
      double offset = (columns - in_row) * (cell_w + margin) / 2;

      rects[i].x = margin + offset + col * (cell_w + margin);
      rects[i].y = margin + row * (cell_h + margin);
      rects[i].width = cell_w;
      rects[i].height = cell_h;
    }
  return TRUE;
}

int
cs_chart_grid_chart_at (guint  n_charts,
                        double width,
                        double height,
                        double x,
                        double y)
{
  g_autofree CsRect *rects = NULL;

  if (n_charts == 0)
    return -1;
  rects = g_new0 (CsRect, n_charts);
  if (!cs_chart_grid_layout (n_charts, width, height, rects))
    return -1;
  for (guint i = 0; i < n_charts; i++)
    if (cs_rect_contains (&rects[i], x, y))
      return (int) i;
  return -1;
}

void
cs_chart_grid_draw_compare (cairo_t              *cr,
                            CsChartValues * const *values,
                            CsChartValues * const *bases,
                            guint                 n_values,
                    const CsChartStyle   *style,
                    double                width,
                    double                height)
{
  g_autofree CsRect *rects = NULL;
  CsChartStyle chart_style;
  CsColor background, card, grid;
  double scale;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (values != NULL || n_values == 0);

  if (style != NULL)
    chart_style = *style;
  else
    cs_chart_style_init (&chart_style, CS_THEME_LIGHT);
  scale = chart_style.scale > 0 ? chart_style.scale : 1.0;

  cs_palette_get_role_color (chart_style.theme, CS_COLOR_ROLE_BACKGROUND, &background);
  cs_palette_get_role_color (chart_style.theme, CS_COLOR_ROLE_CARD, &card);
  cs_palette_get_role_color (chart_style.theme, CS_COLOR_ROLE_GRID, &grid);

  cairo_save (cr);
  if (!chart_style.transparent)
    {
      cs_color_set_source (cr, &background);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
    }

  rects = g_new0 (CsRect, MAX (1, n_values));
  if (n_values == 0 || !cs_chart_grid_layout (n_values, width, height, rects))
    {
      cairo_restore (cr);
      return;
    }

  /* The card is painted here; the chart then draws on it transparently. */
  chart_style.transparent = TRUE;
  for (guint i = 0; i < n_values; i++)
    {
      CsRect box;

      /* Whole device pixels, so card edges and chart snapping agree. */
      box.x = round (rects[i].x * scale) / scale;
      box.y = round (rects[i].y * scale) / scale;
      box.width = round ((rects[i].x + rects[i].width) * scale) / scale - box.x;
      box.height = round ((rects[i].y + rects[i].height) * scale) / scale - box.y;

      _cs_chart_rounded_rect (cr, &box, 6);
      cs_color_set_source (cr, &card);
      cairo_fill_preserve (cr);
      cs_color_set_source (cr, &grid);
      cairo_set_line_width (cr, 1.0 / scale);
      cairo_stroke (cr);

      if (values[i] == NULL)
        continue;
      cairo_save (cr);
      cairo_translate (cr, box.x, box.y);
      cs_chart_draw_compare (cr, bases != NULL ? bases[i] : NULL, values[i], &chart_style, box.width, box.height);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}

void
cs_chart_grid_draw (cairo_t              *cr,
                    CsChartValues * const *values,
                    guint                 n_values,
                    const CsChartStyle   *style,
                    double                width,
                    double                height)
{
  cs_chart_grid_draw_compare (cr, values, NULL, n_values, style, width, height);
}

static void
draw_grid_pair (cairo_t            *cr,
                gconstpointer       data,
                const CsChartStyle *style,
                double              width,
                double              height)
{
  const CsChartGridPair *pair = data;

  g_return_if_fail (pair->bases == NULL || pair->bases->len == pair->charts->len);
  cs_chart_grid_draw_compare (cr, (CsChartValues * const *) pair->charts->pdata,
                              pair->bases != NULL ? (CsChartValues * const *) pair->bases->pdata : NULL,
                              pair->charts->len, style, width, height);
}

CsDrawing
cs_chart_grid_compare_drawing (const CsChartGridPair *pair)
{
  return (CsDrawing) { draw_grid_pair, pair };
}

static void
draw_grid (cairo_t            *cr,
           gconstpointer       data,
           const CsChartStyle *style,
           double              width,
           double              height)
{
  const GPtrArray *charts = data;

  cs_chart_grid_draw (cr, (CsChartValues * const *) charts->pdata, charts->len, style, width, height);
}

CsDrawing
cs_chart_grid_drawing (const GPtrArray *charts)
{
  return (CsDrawing) { draw_grid, charts };
}

GPtrArray *
cs_chart_grid_match_bases (const GPtrArray *charts,
                           const GPtrArray *base_charts)
{
  GPtrArray *bases = g_ptr_array_new ();

  for (guint i = 0; charts != NULL && i < charts->len; i++)
    {
      const CsChartValues *chart = g_ptr_array_index (charts, i);
      CsChartValues *match = NULL;

      for (guint j = 0; base_charts != NULL && j < base_charts->len && match == NULL; j++)
        if (g_strcmp0 (((CsChartValues *) g_ptr_array_index (base_charts, j))->id, chart->id) == 0)
          match = g_ptr_array_index (base_charts, j);
      g_ptr_array_add (bases, match);
    }
  return bases;
}
