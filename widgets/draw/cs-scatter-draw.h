/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-draw.h — where sampled data accesses land, drawn with cairo
 *
 * One drawing path for the GTK view, the exporter and the tests, like
 * cs-chart-draw.h: a scatter is drawn from its CsScatterData only into a
 * width × height box in user units.
 *
 * Address mode: x = time (s), y = data address with hexadecimal ticks; the
 * address range is aligned to cachelines (and to the tick step, a power of
 * two); the selected cacheline, if any, is a highlighted band.
 *
 * Cacheline mode: x = byte offset 0..63 in the selected line, each byte a
 * column of width plot.width / 64 with its mark at the column's centre; ticks
 * and faint grid lines every 8 bytes (one word); y = time. Two threads
 * writing disjoint bytes of one line appear as separate coloured columns:
 * false sharing at a glance.
 *
 * Address mode's y axis is compressed (cs-scatter-segments.h): only the
 * address ranges that hold points, each with room of its own, the skipped
 * ranges between them drawn as breaks with their size.
 *
 * In both modes y grows upwards. Stores are filled marks, loads hollow
 * rings of a lighter tint, in the series' (thread's) categorical palette
 * colour (eight distinct ones for light and dark); a legend names the
 * threads with their point counts. Up to CS_SCATTER_VECTOR_MAX shown points
 * are cairo arcs batched per thread and kind, one per device pixel; more
 * are binned into 3-pixel cells and drawn as an image (cs-scatter-density.c):
 * each cell a small disc (a store among its points) or ring (loads only)
 * in the colour of its last thread, more opaque the more points it holds,
 * so a million points draw in milliseconds. With no points, the plot
 * is replaced by a text saying how to record data addresses.
 *
 * A viewport (fractions of the full ranges) zooms and pans both axes; the
 * ticks follow it.
 */
#pragma once

#include "cs-chart-draw.h"
#include "cs-scatter-data.h"

G_BEGIN_DECLS

/* Beyond this many points in view the marks are drawn as a density image:
 * cairo strokes a few thousand rings in milliseconds, not more. */
#define CS_SCATTER_VECTOR_MAX 3000

/* The part of the full ranges shown, as fractions: x0 < x1 and y0 < y1 in
 * [0, 1]; { 0, 1, 0, 1 } shows everything. */
typedef struct
{
  double x0, x1;
  double y0, y1;
} CsScatterViewport;

typedef struct
{
  CsScatterMode mode;
  double        width, height;
  CsRect        title;
  /* The data area; width 0 in the empty state. */
  CsRect        plot;
  /* What is shown. Address mode: x = time in [x_min, x_max]; y = position
   * on the compressed address axis (cs-scatter-segments.h) in [y_min,
   * y_max]. Cacheline mode: x = offset in [x_min, x_max] (0 … 64 unzoomed);
   * y = time in [y_min, y_max]. x_min maps to plot.x, y_min to plot.y +
   * plot.height. The full ranges (viewport { 0, 1, 0, 1 }) are
   * full_x_min … full_y_max. */
  double        x_min, x_max;
  double        y_min, y_max;
  double        full_x_min, full_x_max;
  double        full_y_min, full_y_max;
  /* Address mode: the lowest and highest address shown. */
  guint64       address_min, address_max;
  /* Address mode: the breaks between segments that are in view. */
  CsRect       *gaps;
  guint         n_gaps;
  guint         n_visible;        /* points inside the viewport, counted up to
                                   * CS_SCATTER_VECTOR_MAX + 1 */
  gboolean      density;          /* drawn as a density image (n_visible > CS_SCATTER_VECTOR_MAX) */
  /* The selected cacheline in address mode; width 0 without one. */
  CsRect        band;
  double        mark_radius;
  guint         n_shown;          /* points drawn (in the line, for cacheline mode) */
  /* Legend: one entry per series (width 0 when it had no room). */
  CsRect        legend;
  CsRect       *series_legend;
  guint         n_series_legend;
  /* The empty-state message and where it is; NULL / width 0 with points. */
  char         *empty_text;
  CsRect        empty;
} CsScatterGeometry;

CsScatterGeometry *cs_scatter_geometry_new    (const CsScatterData     *data,
                                               const CsChartStyle      *style,
                                               double                   width,
                                               double                   height);
/* The same for a zoomed view (@viewport NULL: everything). */
CsScatterGeometry *cs_scatter_geometry_new_view (const CsScatterData     *data,
                                                 const CsScatterViewport *viewport,
                                                 const CsChartStyle      *style,
                                                 double                   width,
                                                 double                   height);
void               cs_scatter_geometry_free   (CsScatterGeometry       *geometry);
/* Where point @index of @data is drawn; FALSE when it is not shown. */
gboolean           cs_scatter_geometry_locate (const CsScatterGeometry *geometry,
                                               const CsScatterData     *data,
                                               guint                    index,
                                               double                  *x,
                                               double                  *y);

void               cs_scatter_draw            (cairo_t                 *cr,
                                               const CsScatterData     *data,
                                               const CsChartStyle      *style,
                                               double                   width,
                                               double                   height);
void               cs_scatter_draw_view       (cairo_t                 *cr,
                                               const CsScatterData     *data,
                                               const CsScatterViewport *viewport,
                                               const CsChartStyle      *style,
                                               double                   width,
                                               double                   height);
/* The scatter as a drawing (for cs_export); @data must outlive it. */
CsDrawing          cs_scatter_drawing         (const CsScatterData     *data);
/* Index of the shown point nearest to (@x, @y) within a few pixels (the
 * mark's radius plus a margin), or -1. */
int                cs_scatter_hit_test        (const CsScatterData     *data,
                                               const CsChartStyle      *style,
                                               double                   width,
                                               double                   height,
                                               double                   x,
                                               double                   y);
/* The same against a geometry already computed (the view caches one). */
int                cs_scatter_geometry_hit_test (const CsScatterGeometry *geometry,
                                                 const CsScatterData     *data,
                                                 double                   x,
                                                 double                   y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsScatterGeometry, cs_scatter_geometry_free)

G_END_DECLS
