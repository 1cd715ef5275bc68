/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-geometry.c — the scatter's geometry: made by the layout, freed, located and hit-tested */
#include "config.h"

#include "cs-scatter-draw.h"
#include "cs-scatter-layout.h"
#include "cs-scatter-private.h"

void
cs_scatter_geometry_free (CsScatterGeometry *geometry)
{
  if (geometry == NULL)
    return;
  g_free (geometry->series_legend);
  g_free (geometry->empty_text);
  g_free (geometry->gaps);
  g_free (geometry);
}

void
_cs_scatter_view_window (const CsScatterGeometry *g,
                         const CsScatterAxis     *axis,
                         const CsScatterData     *data,
                         guint                   *first,
                         guint                   *last)
{
  if (g->mode == CS_SCATTER_MODE_ADDRESS)
    _cs_scatter_time_window (data, axis, g->x_min, g->x_max, first, last);
  else
    _cs_scatter_time_window (data, axis, g->y_min, g->y_max, first, last);
}

guint
_cs_scatter_count_visible (const CsScatterGeometry *g,
                           const CsScatterAxis     *axis,
                           const CsScatterData     *data,
                           guint                    enough)
{
  guint first, last, n = 0;
  double x, y;

  _cs_scatter_view_window (g, axis, data, &first, &last);
  for (guint i = first; i < last && n < enough; i++)
    n += _cs_scatter_in_view (g, axis, data, i, &x, &y);
  return n;
}

gboolean
cs_scatter_geometry_locate (const CsScatterGeometry *geometry,
                            const CsScatterData     *data,
                            guint                    index,
                            double                  *x,
                            double                  *y)
{
  double xv, yv;

  g_return_val_if_fail (geometry != NULL && data != NULL, FALSE);

  if (index >= data->points->len || geometry->plot.width <= 0 ||
      !_cs_scatter_in_view (geometry, _cs_scatter_data_get_axis (data), data, index, &xv, &yv))
    return FALSE;
  *x = cs_scatter_map_x (geometry, xv);
  *y = cs_scatter_map_y (geometry, yv);
  return TRUE;
}

int
cs_scatter_geometry_hit_test (const CsScatterGeometry *geometry,
                              const CsScatterData     *data,
                              double                   x,
                              double                   y)
{
  const CsScatterAxis *axis;
  /* A few pixels beyond the mark: small marks are hard to hit exactly. */
  double reach = geometry->mark_radius + 3;
  double best = reach * reach;
  double kx, ky;
  guint first, last;
  int found = -1;

  g_return_val_if_fail (geometry != NULL && data != NULL, -1);

  if (geometry->plot.width <= 0)
    return -1;
  axis = _cs_scatter_data_get_axis (data);
  kx = geometry->plot.width / (geometry->x_max - geometry->x_min);
  ky = geometry->plot.height / (geometry->y_max - geometry->y_min);
  /* A million points: only those whose time can be within reach. */
  if (geometry->mode == CS_SCATTER_MODE_ADDRESS)
    _cs_scatter_time_window (data, axis, geometry->x_min + (x - reach - geometry->plot.x) / kx,
                             geometry->x_min + (x + reach - geometry->plot.x) / kx, &first, &last);
  else
    _cs_scatter_time_window (data, axis,
                             geometry->y_min + (geometry->plot.y + geometry->plot.height - y - reach) / ky,
                             geometry->y_min + (geometry->plot.y + geometry->plot.height - y + reach) / ky,
                             &first, &last);
  for (guint i = first; i < last; i++)
    {
      double xv, yv, px, py, d;

      if (!_cs_scatter_in_view (geometry, axis, data, i, &xv, &yv))
        continue;
      px = geometry->plot.x + (xv - geometry->x_min) * kx;
      py = geometry->plot.y + geometry->plot.height - (yv - geometry->y_min) * ky;
      d = (px - x) * (px - x) + (py - y) * (py - y);
      /* <=: on a tie the later point, drawn on top, wins. */
      if (d <= best)
        {
          best = d;
          found = (int) i;
        }
    }
  return found;
}

int
cs_scatter_hit_test (const CsScatterData *data,
                     const CsChartStyle  *style,
                     double               width,
                     double               height,
                     double               x,
                     double               y)
{
  g_autoptr(CsScatterGeometry) geometry = NULL;

  g_return_val_if_fail (data != NULL, -1);

  geometry = cs_scatter_geometry_new (data, style, width, height);
  return cs_scatter_geometry_hit_test (geometry, data, x, y);
}

CsScatterGeometry *
cs_scatter_geometry_new (const CsScatterData *data,
                         const CsChartStyle  *style,
                         double               width,
                         double               height)
{
  return cs_scatter_geometry_new_view (data, NULL, style, width, height);
}

CsScatterGeometry *
cs_scatter_geometry_new_view (const CsScatterData     *data,
                              const CsScatterViewport *viewport,
                              const CsChartStyle      *style,
                              double                   width,
                              double                   height)
{
  CsScatterLayout *layout;
  CsScatterGeometry *geometry;

  g_return_val_if_fail (data != NULL, NULL);

  layout = cs_scatter_layout_new (data, viewport, style, width, height);
  geometry = g_steal_pointer (&layout->geometry);
  cs_scatter_layout_free (layout);
  return geometry;
}
