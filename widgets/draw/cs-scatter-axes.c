/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-axes.c — the scatter's ranges, ticks, breaks and selected band
 *
 * The full ranges cover every shown point (a little padding so marks do
 * not sit on the frame); the viewport picks the part shown, and ticks are
 * laid out on that part. The compressed address axis gets tick labels per
 * segment (its first address, then round addresses inside it as room
 * allows, never two labels closer than a text line) and a break band for
 * each skipped range in view, labelled with the bytes skipped.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-scatter-layout.h"
#include "cs-scatter-private.h"

#define Y_PAD 0.35    /* axis units above and below the segments */

static double
measure_labels (GPtrArray *labels)
{
  double max_w = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      double w, h;

      _cs_chart_text_size (g_ptr_array_index (labels, i), &w, &h);
      max_w = MAX (max_w, w);
    }
  return max_w;
}

static void
add_tick (CsScatterLayout *layout,
          GArray          *ticks,
          GPtrArray       *labels,
          double           value,
          const char      *label)
{
  CsScatterTick tick = { value };

  g_array_append_val (ticks, tick);
  g_ptr_array_add (labels, _cs_chart_frame_text (&layout->frame, label, CS_CHART_FONT_SMALL, -1, 1));
}

/* Round times inside [@lo, @hi], about @max_ticks of them. */
static void
time_ticks (CsScatterLayout *layout,
            double           lo,
            double           hi,
            guint            max_ticks,
            GArray          *ticks,
            GPtrArray       *labels)
{
  double min, max, step;

  _cs_scatter_time_range (lo, hi, max_ticks, &min, &max, &step);
  g_array_set_size (ticks, 0);
  g_ptr_array_set_size (labels, 0);
  for (double v = ceil (lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
    {
      g_autofree char *label = _cs_scatter_format_time (v, step);

      add_tick (layout, ticks, labels, v, label);
    }
}

static guint64
address_at (const CsScatterSegment *s,
            double                  pos)
{
  double f = CLAMP ((pos - s->start) / (s->end - s->start), 0, 1);

  return s->lo + (guint64) (f * (double) (s->hi - s->lo));
}

static double
position_of (const CsScatterSegment *s,
             guint64                 address)
{
  return s->start + (s->end - s->start) * (double) (address - s->lo) / (double) (s->hi - s->lo);
}

/* The full ranges, the shown part and how many points are in it. */
static void
set_ranges (CsScatterLayout *layout)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterData *data = layout->data;
  const CsScatterViewport *vp = &layout->viewport;
  double t_lo = layout->axis->t_lo, t_hi = layout->axis->t_hi, t_pad;

  if (t_hi <= t_lo)
    {
      double span = MAX (fabs (t_lo) * 0.1, 1e-3);

      t_lo -= span / 2;
      t_hi += span / 2;
    }
  /* Nothing happens before the recording starts. */
  t_pad = (t_hi - t_lo) * 0.03;
  t_lo = t_lo >= 0 ? MAX (t_lo - t_pad, 0) : t_lo - t_pad;
  t_hi += t_pad;

  if (g->mode == CS_SCATTER_MODE_ADDRESS)
    {
      g->full_x_min = t_lo;
      g->full_x_max = t_hi;
      g->full_y_min = -Y_PAD;
      g->full_y_max = layout->axis->length + Y_PAD;
    }
  else
    {
      g->full_x_min = 0;
      g->full_x_max = CS_SCATTER_LINE_SIZE;
      g->full_y_min = t_lo;
      g->full_y_max = t_hi;
    }
  g->x_min = g->full_x_min + vp->x0 * (g->full_x_max - g->full_x_min);
  g->x_max = g->full_x_min + vp->x1 * (g->full_x_max - g->full_x_min);
  g->y_min = g->full_y_min + vp->y0 * (g->full_y_max - g->full_y_min);
  g->y_max = g->full_y_min + vp->y1 * (g->full_y_max - g->full_y_min);

  g->n_visible = _cs_scatter_count_visible (g, layout->axis, data, CS_SCATTER_VECTOR_MAX + 1);
  g->density = g->n_visible > CS_SCATTER_VECTOR_MAX;

  if (g->mode == CS_SCATTER_MODE_ADDRESS)
    {
      g->address_min = G_MAXUINT64;
      g->address_max = 0;
      for (guint i = 0; i < layout->axis->n_segments; i++)
        {
          const CsScatterSegment *s = &layout->axis->segments[i];

          if (s->end < g->y_min || s->start > g->y_max)
            continue;
          g->address_min = MIN (g->address_min, address_at (s, g->y_min));
          g->address_max = MAX (g->address_max, address_at (s, g->y_max));
        }
      if (g->address_min > g->address_max)
        g->address_min = g->address_max = 0;
    }
}

/* A tick at axis position @pos for @address, unless a label is closer
 * than a text line (@taken: their pixel positions). */
static void
try_tick (CsScatterLayout *layout,
          GPtrArray       *labels,
          GArray          *taken,
          double           pos,
          guint64          address,
          double           ky)
{
  CsScatterGeometry *g = layout->geometry;
  double px = pos * ky;
  g_autofree char *label = NULL;

  if (pos < g->y_min || pos > g->y_max)
    return;
  for (guint k = 0; k < taken->len; k++)
    if (fabs (g_array_index (taken, double, k) - px) < layout->frame.small_line_height * 1.2)
      return;
  label = _cs_scatter_format_address (address);
  add_tick (layout, layout->y_ticks, labels, pos, label);
  g_array_append_val (taken, px);
}

/* The y labels of the address axis, by segment; @plot_top and @plot_h
 * place them in pixels so that none collide. */
static void
address_ticks (CsScatterLayout *layout,
               double           plot_top,
               double           plot_h,
               GPtrArray       *labels)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterAxis *axis = layout->axis;
  double ky = plot_h / (g->y_max - g->y_min);
  double sh = layout->frame.small_line_height;
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < axis->n_segments; i++)
    {
      const CsScatterSegment *s = &axis->segments[i];
      double p0 = MAX (s->start, g->y_min), p1 = MIN (s->end, g->y_max);
      guint64 a0, a1, min, max, step;
      guint n;

      if (p1 < p0)
        continue;
      a0 = address_at (s, p0);
      a1 = address_at (s, p1);
      n = (guint) CLAMP ((p1 - p0) * ky / (sh * 2.5), 1, 8);
      _cs_scatter_address_range (a0, a1, n, &min, &max, &step);
      /* The segment's first address first: it says where the range is. */
      if (s->start >= g->y_min && s->start <= g->y_max)
        try_tick (layout, labels, taken, position_of (s, s->lo), s->lo, ky);
      for (guint64 a = min; a <= a1 && a >= min; a += step)
        if (a > s->lo && a >= a0 && a < s->hi)
          try_tick (layout, labels, taken, position_of (s, a), a, ky);
    }
}

/* The skipped ranges between segments, where they are in view. */
static void
layout_gaps (CsScatterLayout *layout)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterAxis *axis = layout->axis;

  g->gaps = g_new0 (CsRect, MAX (axis->n_segments, 1));
  for (guint i = 1; i < axis->n_segments; i++)
    {
      const CsScatterSegment *before = &axis->segments[i - 1], *after = &axis->segments[i];
      double y0, y1;

      if (after->start < g->y_min || before->end > g->y_max)
        continue;
      /* Cut at the plot's edges when partly in view. */
      y0 = MAX (cs_scatter_map_y (g, after->start), g->plot.y);
      y1 = MIN (cs_scatter_map_y (g, before->end), g->plot.y + g->plot.height);
      if (y1 <= y0)
        continue;
      g->gaps[g->n_gaps++] = (CsRect) { g->plot.x, y0, g->plot.width, y1 - y0 };
      /* The bytes skipped, when the band has room for a line of text. */
      if (y1 - y0 >= layout->frame.small_line_height * 0.8)
        {
          g_autofree char *size = g_format_size_full (after->lo - before->hi, G_FORMAT_SIZE_IEC_UNITS);
          /* TRANSLATORS: the scatter's break between address ranges: the bytes skipped */
          g_autofree char *text = g_strdup_printf (_("… %s …"), size);
          double w, h;

          _cs_scatter_place_small (layout, text, g->plot.x + 4, (y0 + y1) / 2 - layout->frame.small_line_height / 2,
                                   &w, &h);
        }
    }
}

/* x labels of time that do not collide (fewer until they fit). */
static void
fit_time_ticks (CsScatterLayout *layout,
                double           lo,
                double           hi,
                double           room,
                GArray          *ticks,
                GPtrArray       *labels)
{
  for (guint max_ticks = (guint) CLAMP (room / 60, 2, 12); ; max_ticks--)
    {
      time_ticks (layout, lo, hi, max_ticks, ticks, labels);
      if (max_ticks <= 2 || measure_labels (labels) + 8 <= room / MAX (1, labels->len))
        break;
    }
}

/* Byte offsets of a cacheline: every word unzoomed, then every 2 bytes,
 * then every byte. */
static void
offset_ticks (CsScatterLayout *layout,
              double           room,
              GPtrArray       *labels)
{
  CsScatterGeometry *g = layout->geometry;
  double span = g->x_max - g->x_min, digits_w, th;
  guint step = span > 24 ? 8 : span > 8 ? 2 : 1, label_every = 1;
  PangoLayout *pl = _cs_chart_frame_text (&layout->frame, "64", CS_CHART_FONT_SMALL, -1, 1);

  _cs_chart_text_size (pl, &digits_w, &th);
  while (label_every < 8 && room / (span / (step * label_every)) < digits_w + 6)
    label_every *= 2;
  for (guint o = (guint) ceil (g->x_min / step) * step; o <= g->x_max && o <= CS_SCATTER_LINE_SIZE; o += step)
    {
      g_autofree char *label = g_strdup_printf ("%u", o);

      /* Every tick keeps its faint grid line; labels may thin out. */
      add_tick (layout, layout->x_ticks, labels, o, (o / step) % label_every == 0 ? label : "");
    }
}

void
_cs_scatter_layout_axes (CsScatterLayout *layout,
                         double           top,
                         double           bottom)
{
  CsScatterGeometry *g = layout->geometry;
  CsChartFrame *frame = &layout->frame;
  gboolean address_mode = g->mode == CS_SCATTER_MODE_ADDRESS;
  double pad = frame->pad;
  double lh = frame->line_height, sh = frame->small_line_height;
  g_autoptr(GPtrArray) x_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) y_labels = g_ptr_array_new ();
  double plot_top = top + sh / 2;
  double plot_bottom = bottom - lh - 2 - sh - CS_SCATTER_TICK_LENGTH - 2;
  double plot_h = MAX (1, plot_bottom - plot_top);
  double left, right, label_w, tw, th;
  CsColor secondary;
  PangoLayout *pl;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);
  set_ranges (layout);

  /* y ticks first: their labels' width sets the plot's left edge. */
  if (address_mode)
    address_ticks (layout, plot_top, plot_h, y_labels);
  else
    time_ticks (layout, g->y_min, g->y_max, (guint) CLAMP (plot_h / (sh * 2.2), 2, 12), layout->y_ticks, y_labels);
  label_w = measure_labels (y_labels);

  /* TRANSLATORS: axis titles of the data-address scatter chart */
  layout->y_title = _cs_chart_frame_text (frame, address_mode ? _("Data address") : _("Time (s)"),
                                         CS_CHART_FONT_REGULAR, plot_h, 1);
  _cs_chart_text_size (layout->y_title, &tw, &th);
  left = pad + th + 4 + label_w + CS_SCATTER_TICK_LENGTH + 2;
  layout->y_title_x = pad;
  layout->y_title_y = plot_top + plot_h / 2 + MIN (tw, plot_h) / 2;
  layout->y_title_color = secondary;

  right = g->width - pad;
  if (address_mode)
    fit_time_ticks (layout, g->x_min, g->x_max, MAX (1, right - left), layout->x_ticks, x_labels);
  else
    offset_ticks (layout, MAX (1, right - left), x_labels);
  if (x_labels->len > 0)
    {
      _cs_chart_text_size (g_ptr_array_index (x_labels, x_labels->len - 1), &tw, &th);
      right -= tw / 2;
    }

  g->plot = (CsRect) { left, plot_top, MAX (1, right - left), plot_h };

  /* Queue the labels now that the plot is placed. */
  for (guint i = 0; i < y_labels->len; i++)
    {
      double y = cs_scatter_map_y (g, g_array_index (layout->y_ticks, CsScatterTick, i).value);

      pl = g_ptr_array_index (y_labels, i);
      _cs_chart_text_size (pl, &tw, &th);
      _cs_chart_frame_place (frame, pl, left - CS_SCATTER_TICK_LENGTH - 2 - tw, y - th / 2, &secondary);
    }
  for (guint i = 0; i < x_labels->len; i++)
    {
      double x = cs_scatter_map_x (g, g_array_index (layout->x_ticks, CsScatterTick, i).value);

      pl = g_ptr_array_index (x_labels, i);
      _cs_chart_text_size (pl, &tw, &th);
      _cs_chart_frame_place (frame, pl, x - tw / 2, g->plot.y + g->plot.height + CS_SCATTER_TICK_LENGTH + 2,
                            &secondary);
    }
  pl = _cs_chart_frame_text (frame, address_mode ? _("Time (s)") : _("Offset in cacheline (bytes)"),
                            CS_CHART_FONT_REGULAR, g->plot.width, 1);
  _cs_chart_text_size (pl, &tw, &th);
  _cs_chart_frame_place (frame, pl, g->plot.x + (g->plot.width - tw) / 2, bottom - lh, &secondary);

  /* Marks must fit a byte's column in cacheline mode. */
  g->mark_radius = address_mode ? 2.5
                   : CLAMP (g->plot.width / (g->x_max - g->x_min) * 0.4, 1.5, 3.5);

  if (address_mode)
    layout_gaps (layout);
  if (address_mode && layout->data->has_line && layout->axis->n_segments > 0)
    {
      double p0 = _cs_scatter_axis_position (layout->axis, layout->data->line);
      double p1 = _cs_scatter_axis_position (layout->axis, layout->data->line + CS_SCATTER_LINE_SIZE - 1);
      double y0 = cs_scatter_map_y (g, p0), y1 = cs_scatter_map_y (g, p1);
      /* At least a few pixels tall, or a 64-byte line in a wide range vanishes. */
      double h = MAX (y0 - y1, 4.0);
      double mid = (y0 + y1) / 2;
      /* Zoomed into the line, the band is cut at the plot's edges. */
      double b0 = MAX (mid - h / 2, g->plot.y), b1 = MIN (mid + h / 2, g->plot.y + g->plot.height);

      if (b1 > b0)
        g->band = (CsRect) { g->plot.x, b0, g->plot.width, b1 - b0 };
    }
}
