/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-layout.h — one layout pass of the scatter chart (private)
 *
 * cs-scatter-layout.c places the title, legend, axes and plot and queues
 * the text; cs-scatter-draw.c draws the shapes from the same pass.
 */
#pragma once

#include "cs-chart-private.h"
#include "cs-scatter-draw.h"

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

CsScatterLayout *cs_scatter_layout_new   (const CsScatterData *data,
                                          const CsChartStyle  *style,
                                          double               width,
                                          double               height);
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
