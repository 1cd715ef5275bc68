/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-draw.c — where sampled data accesses land, drawn with cairo
 *
 * Layout (geometry, ticks, queued text) and drawing share one pass, as in
 * cs-chart-draw.c, so that what the geometry reports is what is drawn. The
 * text helpers of cs-chart-private.h are reused through a CsChartFrame that
 * carries no chart values.
 */

#include "config.h"

#include <math.h>

#include "cs-chart-private.h"
#include "cs-scatter-draw.h"
#include "cs-scatter-layout.h"
#include "cs-scatter-private.h"

/* Drawing */

static void
set_hairline (cairo_t      *cr,
              CsChartFrame *frame)
{
  cairo_set_line_width (cr, 1.0 / frame->style.scale);
}

/* A coordinate on the centre of a device pixel, for crisp 1-px lines. */
static double
pixel_centre (CsChartFrame *frame,
              double        v)
{
  double s = frame->style.scale;

  return (floor (v * s) + 0.5) / s;
}

static void
draw_grid (CsScatterLayout *layout,
           cairo_t         *cr)
{
  CsScatterGeometry *g = layout->geometry;
  CsChartFrame *frame = &layout->frame;
  CsColor grid;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  set_hairline (cr, frame);

  /* Faint inner lines: a guide, not a feature of the data. */
  grid.alpha = 0.45;
  cs_color_set_source (cr, &grid);
  for (guint i = 0; i < layout->x_ticks->len; i++)
    {
      double x = pixel_centre (frame, cs_scatter_map_x (g, g_array_index (layout->x_ticks, CsScatterTick, i).value));

      cairo_move_to (cr, x, g->plot.y);
      cairo_line_to (cr, x, g->plot.y + g->plot.height);
    }
  for (guint i = 0; i < layout->y_ticks->len; i++)
    {
      double y = pixel_centre (frame, cs_scatter_map_y (g, g_array_index (layout->y_ticks, CsScatterTick, i).value));

      cairo_move_to (cr, g->plot.x, y);
      cairo_line_to (cr, g->plot.x + g->plot.width, y);
    }
  cairo_stroke (cr);

  /* The band of the selected line, under the marks. */
  if (g->band.width > 0)
    {
      CsColor text;

      _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text);
      text.alpha = 0.12;
      cs_color_set_source (cr, &text);
      cairo_rectangle (cr, g->band.x, g->band.y, g->band.width, g->band.height);
      cairo_fill (cr);
    }

  /* The breaks of the compressed address axis: a band of the card's
   * colour over the grid, hairlines at its edges, and across the axis the
   * break sign (a short zigzag each edge). Zigzags across the whole plot
   * would cost a frame's budget in stroking at a dozen breaks. */
  if (g->n_gaps > 0)
    {
      CsColor card;

      _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_CARD, &card);
      cs_color_set_source (cr, &card);
      for (guint i = 0; i < g->n_gaps; i++)
        cairo_rectangle (cr, g->gaps[i].x, g->gaps[i].y, g->gaps[i].width, g->gaps[i].height);
      cairo_fill (cr);
      grid.alpha = 1.0;
      cs_color_set_source (cr, &grid);
      for (guint i = 0; i < g->n_gaps; i++)
        {
          const CsRect *r = &g->gaps[i];
          double amp = MIN (2.0, r->height / 4), step = 3;

          for (guint edge = 0; edge < 2; edge++)
            {
              double y = edge == 0 ? r->y : r->y + r->height;
              double x = r->x - CS_SCATTER_TICK_LENGTH;

              cairo_move_to (cr, x, y);
              for (guint k = 0; k < 4; k++)
                cairo_line_to (cr, x += step, y + (k % 2 ? amp : -amp));
              cairo_line_to (cr, r->x + r->width, y);
            }
        }
      cairo_stroke (cr);
    }

  /* Plot frame and tick marks at full strength. */
  grid.alpha = 1.0;
  cs_color_set_source (cr, &grid);
  cairo_rectangle (cr, pixel_centre (frame, g->plot.x), pixel_centre (frame, g->plot.y),
                   _cs_chart_frame_snap (frame, g->plot.width), _cs_chart_frame_snap (frame, g->plot.height));
  for (guint i = 0; i < layout->x_ticks->len; i++)
    {
      double x = pixel_centre (frame, cs_scatter_map_x (g, g_array_index (layout->x_ticks, CsScatterTick, i).value));

      cairo_move_to (cr, x, g->plot.y + g->plot.height);
      cairo_line_to (cr, x, g->plot.y + g->plot.height + CS_SCATTER_TICK_LENGTH);
    }
  for (guint i = 0; i < layout->y_ticks->len; i++)
    {
      double y = pixel_centre (frame, cs_scatter_map_y (g, g_array_index (layout->y_ticks, CsScatterTick, i).value));

      cairo_move_to (cr, g->plot.x - CS_SCATTER_TICK_LENGTH, y);
      cairo_line_to (cr, g->plot.x, y);
    }
  cairo_stroke (cr);
}

/* A filled circle (store) or a ring (load) as a sub-path. */
static void
mark_path (cairo_t *cr,
           double   x,
           double   y,
           double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
}

void
cs_scatter_mark (cairo_t       *cr,
                 double         x,
                 double         y,
                 double         r,
                 gboolean       store,
                 const CsColor *color)
{
  cs_color_set_source (cr, color);
  if (store)
    {
      mark_path (cr, x, y, r);
      cairo_fill (cr);
    }
  else
    {
      cairo_set_line_width (cr, MAX (1.0, r * 0.45));
      mark_path (cr, x, y, r - MAX (1.0, r * 0.45) / 2);
      cairo_stroke (cr);
    }
}

/* The device pixel (corner) nearest to point @index; FALSE when it lies
 * outside the @seen_w × @seen_h bitmap (*@bit is then unset). */
static gboolean
device_pixel (const CsScatterGeometry *g,
              const CsScatterData     *data,
              guint                    index,
              double                   scale,
              int                      seen_w,
              int                      seen_h,
              int                     *dx,
              int                     *dy,
              gsize                   *bit)
{
  double x, y;

  cs_scatter_geometry_locate (g, data, index, &x, &y);
  *dx = (int) round (x * scale);
  *dy = (int) round (y * scale);
  if (*dx < 0 || *dy < 0 || *dx >= seen_w || *dy >= seen_h)
    return FALSE;
  *bit = (gsize) *dy * seen_w + *dx;
  return TRUE;
}

/* One thread's marks of one kind as one path: cairo fills or strokes it in a
 * single operation, where a fill per point would dominate with 10^5 points.
 * @seen (one bit per device pixel of the box, all clear on entry and on
 * return) skips marks that would land exactly on one already in this path. */
static void
draw_group (CsScatterLayout *layout,
            cairo_t         *cr,
            const guint     *indices,
            guint            n,
            guint8          *seen,
            int              seen_w,
            int              seen_h)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterData *data = layout->data;
  double s = layout->frame.style.scale;
  double r = g->mark_radius;
  const CsScatterPoint *first;
  gboolean store;
  CsColor color;
  double line_width = MAX (1.0, r * 0.45);
  g_autofree guint *kept = NULL;
  guint n_kept = 0;

  if (n == 0)
    return;
  first = &g_array_index (data->points, CsScatterPoint, indices[0]);
  store = (first->flags & CS_SCATTER_POINT_STORE) != 0;
  cs_scatter_series_color (layout, first->thread, &color);

  /* Which points get a mark: one per device pixel. */
  kept = g_new (guint, n);
  for (guint k = 0; k < n; k++)
    {
      int dx, dy;
      gsize bit;

      if (device_pixel (g, data, indices[k], s, seen_w, seen_h, &dx, &dy, &bit))
        {
          if (seen[bit / 8] & (1u << (bit % 8)))
            continue;
          seen[bit / 8] |= 1u << (bit % 8);
        }
      kept[n_kept++] = indices[k];
    }

  /* Cacheline mode: an access of several bytes is a bar from the centre of
   * its first byte's column to that of its last (within the line), under
   * its mark, so that "bytes 0–7" and "bytes 8–15" read at a glance. */
  if (g->mode == CS_SCATTER_MODE_CACHELINE)
    {
      double byte_w = g->plot.width / CS_SCATTER_LINE_SIZE;

      cairo_new_path (cr);
      for (guint k = 0; k < n_kept; k++)
        {
          const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, kept[k]);
          guint offset = cs_scatter_offset_of (p->address);
          guint last = MIN (offset + MAX (p->size, 1) - 1, CS_SCATTER_LINE_SIZE - 1);
          double x, y;

          if (last == offset || !cs_scatter_geometry_locate (g, data, kept[k], &x, &y))
            continue;
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + (last - offset) * byte_w, y);
        }
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha * 0.45);
      cairo_set_line_width (cr, MAX (1.0, r));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_stroke (cr);
    }

  cairo_new_path (cr);
  for (guint k = 0; k < n_kept; k++)
    {
      int dx, dy;
      gsize bit;

      device_pixel (g, data, kept[k], s, seen_w, seen_h, &dx, &dy, &bit);
      /* Centres on device-pixel corners: every mark rasterises alike. */
      mark_path (cr, dx / s, dy / s, store ? r : r - line_width / 2);
    }
  cs_color_set_source (cr, &color);
  if (store)
    cairo_fill (cr);
  else
    {
      cairo_set_line_width (cr, line_width);
      cairo_stroke (cr);
    }

  /* Clearing only the bits this group set keeps the cost per point, not per
   * pixel, when there are many threads. */
  for (guint k = 0; k < n; k++)
    {
      int dx, dy;
      gsize bit;

      if (device_pixel (g, data, indices[k], s, seen_w, seen_h, &dx, &dy, &bit))
        seen[bit / 8] &= ~(1u << (bit % 8));
    }
}

/* Groups the shown points by (thread, kind): threads in order, each
 * thread's loads before its stores so filled marks stay on top of its rings. */
static void
draw_marks (CsScatterLayout *layout,
            cairo_t         *cr)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterData *data = layout->data;
  guint n_groups = 2 * layout->n_threads;
  g_autofree guint *start = g_new0 (guint, n_groups + 1);
  g_autofree guint *fill = NULL;
  g_autofree guint *order = g_new (guint, MAX (g->n_visible, 1));
  g_autofree guint8 *seen = NULL;
  int seen_w = (int) ceil (g->width * layout->frame.style.scale) + 1;
  int seen_h = (int) ceil (g->height * layout->frame.style.scale) + 1;
  CsColor ring;

  guint first, last;

  /* Counting sort of the indices of the points in view by group. */
  _cs_scatter_view_window (g, layout->axis, data, &first, &last);
  for (guint i = first; i < last; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);
      double x, y;

      if (_cs_scatter_in_view (g, layout->axis, data, i, &x, &y))
        start[cs_scatter_group_of (layout, p) + 1]++;
    }
  for (guint k = 0; k < n_groups; k++)
    start[k + 1] += start[k];
  fill = g_memdup2 (start, sizeof (guint) * (n_groups + 1));
  for (guint i = first; i < last; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);
      double x, y;

      if (_cs_scatter_in_view (g, layout->axis, data, i, &x, &y))
        order[fill[cs_scatter_group_of (layout, p)]++] = i;
    }

  seen = g_malloc0 (((gsize) seen_w * seen_h + 7) / 8);
  cairo_save (cr);
  cairo_rectangle (cr, g->plot.x - g->mark_radius, g->plot.y - g->mark_radius,
                   g->plot.width + 2 * g->mark_radius, g->plot.height + 2 * g->mark_radius);
  cairo_clip (cr);
  for (guint k = 0; k < n_groups; k++)
    draw_group (layout, cr, order + start[k], start[k + 1] - start[k], seen, seen_w, seen_h);

  /* Selected points: a ring in the text colour around the mark. */
  _cs_chart_frame_role_color (&layout->frame, CS_COLOR_ROLE_TEXT, &ring);
  cs_color_set_source (cr, &ring);
  cairo_set_line_width (cr, 1.5);
  cairo_new_path (cr);
  for (guint i = first; i < last; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);
      double x, y;

      if ((p->flags & CS_SCATTER_POINT_SELECTED) && cs_scatter_geometry_locate (g, data, i, &x, &y))
        mark_path (cr, x, y, g->mark_radius + 2.5);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The selected line's edges go over the marks: in a dense region the band
 * itself is hidden under them. */
static void
draw_band_edges (CsScatterLayout *layout,
                 cairo_t         *cr)
{
  CsScatterGeometry *g = layout->geometry;
  CsChartFrame *frame = &layout->frame;
  CsColor text;

  if (g->band.width <= 0)
    return;
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text);
  text.alpha = 0.6;
  cs_color_set_source (cr, &text);
  set_hairline (cr, frame);
  cairo_move_to (cr, g->band.x, pixel_centre (frame, g->band.y));
  cairo_line_to (cr, g->band.x + g->band.width, pixel_centre (frame, g->band.y));
  cairo_move_to (cr, g->band.x, pixel_centre (frame, g->band.y + g->band.height));
  cairo_line_to (cr, g->band.x + g->band.width, pixel_centre (frame, g->band.y + g->band.height));
  cairo_stroke (cr);
}

static void
draw_legend_marks (CsScatterLayout *layout,
                   cairo_t         *cr)
{
  for (guint i = 0; i < layout->swatches->len; i++)
    {
      CsScatterSwatch *sw = &g_array_index (layout->swatches, CsScatterSwatch, i);

      cs_scatter_mark (cr, sw->x, sw->y, sw->radius, sw->store, &sw->color);
    }
}

void
cs_scatter_draw (cairo_t             *cr,
                 const CsScatterData *data,
                 const CsChartStyle  *style,
                 double               width,
                 double               height)
{
  cs_scatter_draw_view (cr, data, NULL, style, width, height);
}

void
cs_scatter_draw_view (cairo_t                 *cr,
                      const CsScatterData     *data,
                      const CsScatterViewport *viewport,
                      const CsChartStyle      *style,
                      double                   width,
                      double                   height)
{
  CsScatterLayout *layout;
  CsChartFrame *frame;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (data != NULL);

  if (width <= 0 || height <= 0)
    return;

  layout = cs_scatter_layout_new (data, viewport, style, width, height);
  frame = &layout->frame;

  _cs_chart_frame_begin_paint (frame, cr, width, height);

  if (layout->geometry->plot.width > 0)
    {
      draw_grid (layout, cr);
      if (layout->geometry->density)
        _cs_scatter_draw_density (layout, cr);
      else
        draw_marks (layout, cr);
      draw_band_edges (layout, cr);
    }
  draw_legend_marks (layout, cr);

  _cs_chart_frame_paint_texts (frame, cr);
  if (layout->y_title != NULL)
    {
      /* Rotated a quarter turn anticlockwise: read from bottom to top. */
      cairo_save (cr);
      cairo_translate (cr, layout->y_title_x, layout->y_title_y);
      cairo_rotate (cr, -G_PI / 2);
      cairo_move_to (cr, 0, 0);
      cs_color_set_source (cr, &layout->y_title_color);
      pango_cairo_update_layout (cr, layout->y_title);
      pango_cairo_show_layout (cr, layout->y_title);
      cairo_restore (cr);
    }
  cairo_restore (cr);

  cs_scatter_layout_free (layout);
}

static void
draw_scatter (cairo_t            *cr,
              gconstpointer       data,
              const CsChartStyle *style,
              double              width,
              double              height)
{
  cs_scatter_draw (cr, data, style, width, height);
}

CsDrawing
cs_scatter_drawing (const CsScatterData *data)
{
  return (CsDrawing) { draw_scatter, data };
}
