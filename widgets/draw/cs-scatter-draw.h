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
 * In both modes y grows upwards. Stores are filled circles, loads hollow
 * rings, in the series' (thread's) categorical palette colour; a legend
 * names the threads with their point counts. Marks are plain cairo arcs
 * batched per thread and kind, and a mark landing on the device pixel of one
 * already drawn for the same thread and kind is skipped, so 10^5 points cost
 * at most one mark per pixel. With no points, the plot is replaced by a text
 * saying how to record data addresses.
 */
#pragma once

#include "cs-chart-draw.h"
#include "cs-scatter-data.h"

G_BEGIN_DECLS

typedef struct
{
  CsScatterMode mode;
  double        width, height;
  CsRect        title;
  /* The data area; width 0 in the empty state. */
  CsRect        plot;
  /* Address mode: x = time in [x_min, x_max]; y = address − address_min in
   * [y_min = 0, y_max = address_max − address_min].
   * Cacheline mode: x = offset in [x_min = 0, x_max = 64]; y = time in
   * [y_min, y_max]. x_min maps to plot.x, y_min to plot.y + plot.height. */
  double        x_min, x_max;
  double        y_min, y_max;
  guint64       address_min, address_max;
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
