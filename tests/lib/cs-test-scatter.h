/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-scatter.h — the scatter drawn headless and read back: palette pixels, ink, geometry by hand (header only) */
#pragma once

#include <math.h>

#include "cs-scatter-draw.h"
#include "cs-scatter-private.h"
#include "cs-test-charts.h"

static inline cairo_surface_t *
cs_test_scatter_render (const CsScatterData *data,
                        CsTheme              theme,
                        int                  width,
                        int                  height)
{
  return test_render_drawing ((TestDrawFunc) cs_scatter_draw, data, theme, width, height);
}

static inline TestPixel
cs_test_series_pixel (CsTheme theme,
                      guint   index,
                      guint   n)
{
  CsColor c;

  cs_palette_get_part_color (theme, index, n, &c);
  return (TestPixel) { c.red, c.green, c.blue };
}

static inline TestPixel
cs_test_role_pixel (CsTheme     theme,
                    CsColorRole role)
{
  CsColor c;

  cs_palette_get_role_color (theme, role, &c);
  return (TestPixel) { c.red, c.green, c.blue };
}

static inline gboolean
cs_test_pixel_close (TestPixel a,
                     TestPixel b)
{
  return fabs (a.r - b.r) < 0.01 && fabs (a.g - b.g) < 0.01 && fabs (a.b - b.b) < 0.01;
}

/* By hand from CsScatterGeometry's documented mapping. */
static inline double
cs_test_scatter_hand_x (const CsScatterGeometry *g,
                        double                   v)
{
  return g->plot.x + (v - g->x_min) / (g->x_max - g->x_min) * g->plot.width;
}

static inline double
cs_test_scatter_hand_y (const CsScatterGeometry *g,
                        double                   v)
{
  return g->plot.y + g->plot.height - (v - g->y_min) / (g->y_max - g->y_min) * g->plot.height;
}

static inline CsScatterData *
cs_test_scatter_two_threads (CsScatterMode mode)
{
  CsScatterData *data = cs_scatter_data_new (mode, "Counters");

  cs_scatter_data_add_series (data, "worker 1");
  cs_scatter_data_add_series (data, "worker 2");
  return data;
}

static inline double
cs_test_pixel_distance (TestPixel a,
                        TestPixel b)
{
  return fabs (a.r - b.r) + fabs (a.g - b.g) + fabs (a.b - b.b);
}

/* Whether @p is the card blended with @c at some coverage ≥ @min_alpha. */
static inline gboolean
cs_test_pixel_blend_of (TestPixel p,
                        TestPixel card,
                        TestPixel c,
                        double    min_alpha)
{
  double d[3] = { c.r - card.r, c.g - card.g, c.b - card.b };
  double q[3] = { p.r - card.r, p.g - card.g, p.b - card.b };
  guint k = 0;
  double alpha;

  for (guint i = 1; i < 3; i++)
    if (fabs (d[i]) > fabs (d[k]))
      k = i;
  if (fabs (d[k]) < 0.05)
    return FALSE;
  alpha = q[k] / d[k];
  if (alpha < min_alpha || alpha > 1.01)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    if (fabs (q[i] - alpha * d[i]) > 0.02)
      return FALSE;
  return TRUE;
}

static inline gboolean
cs_test_region_has_ink (cairo_surface_t *surface,
                        const CsRect    *rect,
                        TestPixel        background)
{
  for (int y = (int) rect->y; y < (int) (rect->y + rect->height); y++)
    for (int x = (int) rect->x; x < (int) (rect->x + rect->width); x++)
      if (!cs_test_pixel_close (test_pixel (surface, x, y), background))
        return TRUE;
  return FALSE;
}

/* Ink (pixels other than the card) in the legend band, right of @x0. */
static inline guint
cs_test_scatter_legend_ink (cairo_surface_t         *surface,
                            const CsScatterGeometry *g,
                            double                   x0)
{
  TestPixel card = cs_test_role_pixel (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD);
  guint ink = 0;

  for (int y = (int) g->legend.y; y < (int) (g->legend.y + g->legend.height); y++)
    for (int x = (int) x0; x < (int) (g->legend.x + g->legend.width); x++)
      ink += !cs_test_pixel_close (test_pixel (surface, x, y), card);
  return ink;
}
