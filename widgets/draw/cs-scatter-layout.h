/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-layout.h — one layout pass of the scatter chart (private)
 *
 * cs-scatter-layout.c places the title, legend, axes and plot and queues
 * the text; cs-scatter-draw.c draws the shapes from the same pass.
 */
#pragma once

#include "cs-chart-private.h"
#include "cs-scatter-draw.h"
#include "cs-scatter-segments.h"

G_BEGIN_DECLS

#define CS_SCATTER_TICK_LENGTH 4.0

typedef struct
{
  double value;                  /* on the axis, see CsScatterGeometry */
} CsScatterTick;

/* A mark drawn in the legend (a thread's colour, or the store/load key). */
typedef struct
{
  double   x, y, radius;
  gboolean store;
  CsColor  color;
} CsScatterSwatch;

typedef struct
{
  CsChartFrame         frame;    /* fonts and queued text; no chart values */
  const CsScatterData *data;
  const CsScatterAxis *axis;
  CsScatterViewport    viewport;
  CsScatterGeometry   *geometry;
  guint                n_threads;  /* colours and mark groups */
  guint               *counts;     /* shown points per thread */
  GArray              *x_ticks;    /* CsScatterTick */
  GArray              *y_ticks;
  GArray              *swatches;   /* CsScatterSwatch */
  PangoLayout         *y_title;    /* drawn rotated */
  double               y_title_x, y_title_y;
  CsColor              y_title_color;
} CsScatterLayout;

CsScatterLayout *cs_scatter_layout_new   (const CsScatterData     *data,
                                          const CsScatterViewport *viewport,
                                          const CsChartStyle      *style,
                                          double                   width,
                                          double                   height);
/* Places the axes, ticks, gaps and the selected line's band between @top
 * and @bottom (cs-scatter-axes.c); the full and visible ranges are set. */
void             _cs_scatter_layout_axes (CsScatterLayout     *layout,
                                          double               top,
                                          double               bottom);
/* Queues @text (small font) at (@x, @y) in the secondary text colour. */
PangoLayout     *_cs_scatter_place_small (CsScatterLayout     *layout,
                                          const char          *text,
                                          double               x,
                                          double               y,
                                          double              *w,
                                          double              *h);
/* The points in view, counted up to @enough (cs-scatter-draw.c). */
guint            _cs_scatter_count_visible (const CsScatterGeometry *geometry,
                                            const CsScatterAxis     *axis,
                                            const CsScatterData     *data,
                                            guint                    enough);
/* The points [*first, *last) that can be in view (a time window). */
void             _cs_scatter_view_window  (const CsScatterGeometry *geometry,
                                           const CsScatterAxis     *axis,
                                           const CsScatterData     *data,
                                           guint                   *first,
                                           guint                   *last);
/* Whether point @index is in view, and where on the axes. */
static inline gboolean
_cs_scatter_in_view (const CsScatterGeometry *g,
                     const CsScatterAxis     *axis,
                     const CsScatterData     *data,
                     guint                    index,
                     double                  *xv,
                     double                  *yv)
{
  const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, index);

  if (g->mode == CS_SCATTER_MODE_ADDRESS)
    {
      *xv = p->time;
      *yv = axis->pos[index];
    }
  else
    {
      if (!data->has_line || cs_scatter_line_of (p->address) != data->line)
        return FALSE;
      /* The centre of the byte's column. */
      *xv = cs_scatter_offset_of (p->address) + 0.5;
      *yv = p->time;
    }
  /* NaN (a time that is not shown) fails these. */
  return *xv >= g->x_min && *xv <= g->x_max && *yv >= g->y_min && *yv <= g->y_max;
}

/* Draws the shown points as a density image (cs-scatter-density.c). */
void             _cs_scatter_draw_density (CsScatterLayout    *layout,
                                           cairo_t            *cr);
void             cs_scatter_layout_free  (CsScatterLayout     *layout);
/* Mark group of a point: its thread (clamped) × load/store. */
guint            cs_scatter_group_of     (CsScatterLayout      *layout,
                                          const CsScatterPoint *point);
void             cs_scatter_series_color (CsScatterLayout     *layout,
                                          guint                thread,
                                          CsColor             *color);
/* A store's filled circle or a load's ring of radius @r at (@x, @y). */
void             cs_scatter_mark         (cairo_t             *cr,
                                          double               x,
                                          double               y,
                                          double               r,
                                          gboolean             store,
                                          const CsColor       *color);

static inline double
cs_scatter_map_x (const CsScatterGeometry *g,
                  double                   v)
{
  return g->plot.x + (v - g->x_min) / (g->x_max - g->x_min) * g->plot.width;
}

static inline double
cs_scatter_map_y (const CsScatterGeometry *g,
                  double                   v)
{
  return g->plot.y + g->plot.height - (v - g->y_min) / (g->y_max - g->y_min) * g->plot.height;
}

G_END_DECLS
