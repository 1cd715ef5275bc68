/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-density.c — a million points as an image
 *
 * Beyond CS_SCATTER_VECTOR_MAX points in view, one cairo arc per point (or
 * per pixel) costs tens of milliseconds. Instead the points are binned into
 * cells of 3 × 3 device pixels — one pass, a counter and a byte per cell —
 * and each filled cell becomes a 5 × 5 glyph in an ARGB image painted once:
 * a disc when a store is among its points (stores stay on top, as in the
 * vector drawing), a ring of a lighter tint when it holds loads only, in
 * the colour of the last thread that got there. The more points a
 * cell holds the more opaque it is (logarithmically: a cell of one point
 * stays visible next to one of ten thousand), so density reads as depth of
 * colour. Time-sorted points are windowed by binary search, so a zoomed
 * view touches only the points in its time range.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-scatter-layout.h"

#define CELL      3      /* device pixels per cell side */
/* A cell is 16 bits, so that the binning's random accesses stay in cache
 * (a megabyte for a full-screen plot): the low byte counts its points
 * (saturating: the density scale is logarithmic anyway), the high byte is
 * its last thread, with STORE_BIT once a store was among them. */
#define STORE_BIT 0x80
#define COUNT_MAX 255
G_STATIC_ASSERT (STORE_BIT == CS_SCATTER_KIND_STORE);

typedef struct
{
  CsColor store_color, load_color;
} ThreadInk;

static guint32
argb (const CsColor *c,
      double         alpha)
{
  double a = CLAMP (alpha * c->alpha, 0, 1);

  return (guint32) (a * 255 + 0.5) << 24 | (guint32) (c->red * a * 255 + 0.5) << 16 |
         (guint32) (c->green * a * 255 + 0.5) << 8 | (guint32) (c->blue * a * 255 + 0.5);
}

/* Loads: the thread's colour mixed towards the card, the same tint as the
 * rings of the vector drawing read against it. */
static void
thread_inks (CsScatterLayout *layout,
             ThreadInk       *inks,
             guint            n)
{
  CsColor card;

  _cs_chart_frame_role_color (&layout->frame, CS_COLOR_ROLE_CARD, &card);
  for (guint t = 0; t < n; t++)
    {
      CsColor c;

      cs_scatter_series_color (layout, t, &c);
      inks[t].store_color = c;
      inks[t].load_color = (CsColor) { c.red * 0.6 + card.red * 0.4, c.green * 0.6 + card.green * 0.4,
                                       c.blue * 0.6 + card.blue * 0.4, 1 };
    }
}

/* 5 × 5 device pixels, the vector marks' size at scale 1: a disc for
 * stores, a ring for loads; each row as runs [from, to]. */
typedef struct
{
  gint8 runs[5][2][2];   /* per row up to two runs; to < from: none */
} Glyph;

static const Glyph disc = { { { { 1, 3 }, { 1, 0 } }, { { 0, 4 }, { 1, 0 } }, { { 0, 4 }, { 1, 0 } },
                              { { 0, 4 }, { 1, 0 } }, { { 1, 3 }, { 1, 0 } } } };
static const Glyph ring = { { { { 1, 3 }, { 1, 0 } }, { { 0, 0 }, { 4, 4 } }, { { 0, 0 }, { 4, 4 } },
                              { { 0, 0 }, { 4, 4 } }, { { 1, 3 }, { 1, 0 } } } };

static void
stamp (guint32     *pixels,
       int          stride,
       int          width,
       int          height,
       int          x,
       int          y,
       guint32      color,
       const Glyph *glyph)
{
  /* Inside the image (nearly every glyph): the two shapes written out,
   * without clipping or reading the runs. */
  if (G_LIKELY (x >= 0 && y >= 0 && x + 4 < width && y + 4 < height))
    {
      guint32 *row = pixels + (gsize) y * stride + x;

      row[1] = row[2] = row[3] = color;
      row += stride;
      for (int dy = 1; dy < 4; dy++, row += stride)
        if (glyph == &disc)
          row[0] = row[1] = row[2] = row[3] = row[4] = color;
        else
          row[0] = row[4] = color;
      row[1] = row[2] = row[3] = color;
      return;
    }
  for (int dy = 0; dy < 5; dy++)
    {
      int py = y + dy;
      guint32 *row;

      if (py < 0 || py >= height)
        continue;
      row = pixels + (gsize) py * stride;
      for (int r = 0; r < 2; r++)
        {
          int from = MAX (x + glyph->runs[dy][r][0], 0);
          int to = MIN (x + glyph->runs[dy][r][1], width - 1);

          for (int px = from; px <= to; px++)
            row[px] = color;
        }
    }
}

/* The buffers of the last frame, reused when the size is the same: a view
 * redraws at one size many times, and clearing is cheaper than allocating
 * (and faulting in) megabytes every frame. */
typedef struct
{
  int              pw, ph, cw, ch;
  guint16         *cells;
  cairo_surface_t *image;
} Scratch;

G_LOCK_DEFINE_STATIC (scratch);
static Scratch scratch;

static void
scratch_prepare (int pw,
                 int ph,
                 int cw,
                 int ch)
{
  if (scratch.pw != pw || scratch.ph != ph)
    {
      g_free (scratch.cells);
      g_clear_pointer (&scratch.image, cairo_surface_destroy);
      scratch = (Scratch) { pw, ph, cw, ch, g_new (guint16, (gsize) cw * ch),
                            cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph) };
    }
  memset (scratch.cells, 0, sizeof (guint16) * (gsize) cw * ch);
  cairo_surface_flush (scratch.image);
  memset (cairo_image_surface_get_data (scratch.image), 0,
          (gsize) cairo_image_surface_get_stride (scratch.image) * ph);
}

void
_cs_scatter_draw_density (CsScatterLayout *layout,
                          cairo_t         *cr)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterData *data = layout->data;
  const CsScatterAxis *axis = layout->axis;
  double scale = layout->frame.style.scale > 0 ? layout->frame.style.scale : 1;
  int px0 = (int) floor (g->plot.x * scale), py0 = (int) floor (g->plot.y * scale);
  int pw = (int) ceil ((g->plot.x + g->plot.width) * scale) - px0;
  int ph = (int) ceil ((g->plot.y + g->plot.height) * scale) - py0;
  int cw = pw / CELL + 1, ch = ph / CELL + 1;
  double kx = g->plot.width * scale / (g->x_max - g->x_min);
  double ky = g->plot.height * scale / (g->y_max - g->y_min);
  double ox = g->plot.x * scale - px0, oy = g->plot.y * scale - py0;
  guint n_inks = MIN (layout->n_threads, STORE_BIT);
  g_autofree ThreadInk *inks = g_new0 (ThreadInk, n_inks);
  guint16 *cells;
  double alpha_of[COUNT_MAX + 1];
  /* Points come in time order: a time axis's cells in a row of memory
   * keep the binning's accesses close together. */
  gboolean by_column = g->mode == CS_SCATTER_MODE_ADDRESS;
  gsize step_x = by_column ? (gsize) ch : 1, step_y = by_column ? 1 : (gsize) cw;
  cairo_surface_t *image;
  guint32 *pixels;
  guint max_count = 0;
  guint first = 0, last = data->points->len;
  double log_max;
  int stride;

  if (pw <= 0 || ph <= 0)
    return;
  G_LOCK (scratch);
  scratch_prepare (pw, ph, cw, ch);
  cells = scratch.cells;
  image = scratch.image;
  _cs_scatter_view_window (g, axis, data, &first, &last);

  /* Binning: the one pass over the points, on the packed floats of the
   * unit square; a view too narrow for their precision (a zoom to a few
   * bytes of a large range) uses the doubles. */
  {
    double ux0 = (g->x_min - axis->x0) * axis->xs, ux1 = (g->x_max - axis->x0) * axis->xs;
    double uy0 = (g->y_min - axis->y0) * axis->ys, uy1 = (g->y_max - axis->y0) * axis->ys;
    float fx0 = (float) ux0, fx1 = (float) ux1, fy0 = (float) uy0, fy1 = (float) uy1;
    float fkx = (float) (kx / axis->xs / CELL), fky = (float) (ky / axis->ys / CELL);
    float fox = (float) (ox / CELL), foy = (float) (oy / CELL);
    gboolean precise = ux1 - ux0 < 1e-4 || uy1 - uy0 < 1e-4;

    for (guint i = first; i < last; i++)
      {
        guint kind = axis->kinds[i];
        int cx, cy;
        gsize idx;
        guint cell, info, old, keep, count;

        if (G_LIKELY (!precise))
          {
            float xv = axis->unit[2 * i], yv = axis->unit[2 * i + 1];

            /* NaN (not shown) fails these too. */
            if (!(xv >= fx0 && xv <= fx1 && yv >= fy0 && yv <= fy1))
              continue;
            cx = (int) (fox + (xv - fx0) * fkx);
            cy = (int) (foy + (fy1 - yv) * fky);
          }
        else
          {
            double xv, yv;

            if (!_cs_scatter_in_view (g, axis, data, i, &xv, &yv))
              continue;
            cx = (int) ((ox + (xv - g->x_min) * kx) * (1.0 / CELL));
            cy = (int) ((oy + (g->y_max - yv) * ky) * (1.0 / CELL));
          }
        if (cx >= cw || cy >= ch)
          continue;
        idx = (gsize) cx * step_x + (gsize) cy * step_y;
        cell = cells[idx];
        /* Without branches (stores and loads come mixed, a mispredicted
         * branch per point would cost more than the rest): the old info
         * stays when it holds a store and this point is a load, else this
         * point's kind (below n_inks, cs-scatter-segments.c) replaces it;
         * the count saturates. */
        old = cell >> 8;
        keep = (old & ~kind & STORE_BIT) >> 7;
        info = kind ^ ((kind ^ old) & (0u - keep));
        count = (cell & 0xff) + ((cell & 0xff) != COUNT_MAX);
        cells[idx] = (guint16) (info << 8 | count);
      }
  }
  for (gsize idx = 0; idx < (gsize) cw * ch; idx++)
    max_count = MAX (max_count, cells[idx] & 0xffu);

  thread_inks (layout, inks, n_inks);
  pixels = (guint32 *) cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image) / 4;
  log_max = log1p ((double) max_count);
  for (guint c = 0; c <= COUNT_MAX; c++)
    alpha_of[c] = 0.45 + 0.55 * (log_max > 0 ? MIN (log1p ((double) c) / log_max, 1) : 1);
  /* Row by row: neighbouring glyphs share the image's cache lines. */
  for (int cy = 0; cy < ch; cy++)
    for (int cx = 0; cx < cw; cx++)
      {
        guint cell = cells[by_column ? (gsize) cx * ch + cy : (gsize) cy * cw + cx];
        const ThreadInk *ink;
        gboolean store;

        if ((cell & 0xff) == 0)
          continue;
        store = (cell & (STORE_BIT << 8)) != 0;
        ink = &inks[(cell >> 8) & ~STORE_BIT];
        stamp (pixels, stride, pw, ph, cx * CELL - 2 + CELL / 2, cy * CELL - 2 + CELL / 2,
               argb (store ? &ink->store_color : &ink->load_color, alpha_of[cell & 0xff]), store ? &disc : &ring);
      }
  cairo_surface_mark_dirty (image);

  cairo_save (cr);
  cairo_rectangle (cr, g->plot.x, g->plot.y, g->plot.width, g->plot.height);
  cairo_clip (cr);
  cairo_scale (cr, 1 / scale, 1 / scale);
  cairo_set_source_surface (cr, image, px0, py0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  G_UNLOCK (scratch);
}
