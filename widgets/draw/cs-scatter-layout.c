/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-layout.c — one layout pass of the scatter chart */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-scatter-layout.h"
#include "cs-scatter-private.h"

/* Beyond this many threads the rest share the last colour and group: an
 * absurd thread index must not make the drawing allocate per thread. */
#define MAX_THREADS 4096
#define MAX_LEGEND_ROWS 3

void
cs_scatter_layout_free (CsScatterLayout *layout)
{
  CsChartFrame *frame = &layout->frame;

  _cs_chart_frame_clear_text (frame);
  g_clear_pointer (&layout->geometry, cs_scatter_geometry_free);
  g_clear_pointer (&layout->x_ticks, g_array_unref);
  g_clear_pointer (&layout->y_ticks, g_array_unref);
  g_clear_pointer (&layout->swatches, g_array_unref);
  g_free (layout->counts);
  g_free (layout);
}

guint
cs_scatter_group_of (CsScatterLayout      *layout,
                     const CsScatterPoint *point)
{
  return 2 * MIN (point->thread, layout->n_threads - 1) + ((point->flags & CS_SCATTER_POINT_STORE) ? 1 : 0);
}

void
cs_scatter_series_color (CsScatterLayout *layout,
                         guint            thread,
                         CsColor         *color)
{
  cs_palette_get_part_color (layout->frame.style.theme, MIN (thread, layout->n_threads - 1),
                             layout->n_threads, color);
}

static PangoLayout *
place_text (CsScatterLayout *layout,
            const char      *text,
            CsChartFont      font,
            double           max_width,
            double           x,
            double           y,
            CsColorRole      role,
            double          *w,
            double          *h)
{
  PangoLayout *pl = _cs_chart_frame_text (&layout->frame, text, font, max_width, 1);
  CsColor color;

  _cs_chart_text_size (pl, w, h);
  _cs_chart_frame_role_color (&layout->frame, role, &color);
  _cs_chart_frame_place (&layout->frame, pl, x, y, &color);
  return pl;
}

/* Title (and the selected line under it in cacheline mode); returns the top
 * of what follows. */
static double
layout_title (CsScatterLayout *layout)
{
  CsScatterGeometry *g = layout->geometry;
  double pad = layout->frame.pad;
  double inner_w = MAX (1, g->width - 2 * pad);
  double w, h, top;

  place_text (layout, layout->data->title ? layout->data->title : "", CS_CHART_FONT_BOLD,
              inner_w, pad, pad, CS_COLOR_ROLE_TEXT, &w, &h);
  g->title = (CsRect) { pad, pad, MIN (w, inner_w), h };
  top = pad + h;
  if (layout->data->mode == CS_SCATTER_MODE_CACHELINE && layout->data->has_line)
    {
      g_autofree char *address = _cs_scatter_format_address (layout->data->line);
      /* TRANSLATORS: subtitle of the scatter in cacheline mode: "Cacheline 0x7ffd12345640" */
      g_autofree char *subtitle = g_strdup_printf (_("Cacheline %s"), address);

      place_text (layout, subtitle, CS_CHART_FONT_SMALL, inner_w, pad, top + 2,
                  CS_COLOR_ROLE_TEXT_SECONDARY, &w, &h);
      top += 2 + h;
    }
  return top + pad * 0.75;
}

static void
layout_empty (CsScatterLayout *layout,
              double           top)
{
  CsScatterGeometry *g = layout->geometry;
  const CsScatterData *data = layout->data;
  double pad = layout->frame.pad;
  double inner_w = MAX (1, g->width - 2 * pad);
  PangoLayout *pl;
  CsColor color;
  double w, h;

  if (data->points->len == 0)
    g->empty_text = g_strdup (_("No data addresses in this recording — record with --regs"));
  else if (!data->has_line)
    g->empty_text = g_strdup (_("Select a cacheline to see which bytes each thread touches"));
  else
    {
      g_autofree char *address = _cs_scatter_format_address (data->line);

      g->empty_text = g_strdup_printf (_("No sampled accesses to cacheline %s"), address);
    }

  pl = _cs_chart_frame_text (&layout->frame, g->empty_text, CS_CHART_FONT_REGULAR, inner_w, 3);
  pango_layout_set_alignment (pl, PANGO_ALIGN_CENTER);
  _cs_chart_text_size (pl, &w, &h);
  /* A centred layout of set width: the logical box spans that width. */
  g->empty = (CsRect) { pad, top + MAX (0, (g->height - pad - top - h) / 2), inner_w, h };
  _cs_chart_frame_role_color (&layout->frame, CS_COLOR_ROLE_TEXT_SECONDARY, &color);
  _cs_chart_frame_place (&layout->frame, pl, g->empty.x, g->empty.y, &color);
}

typedef struct
{
  PangoLayout *text;
  double       width;    /* swatch + gap + text */
  gboolean     store;
  CsColor      color;
  int          series;   /* -1 for the store/load key and the note */
  gboolean     swatch;   /* FALSE for the note */
} LegendItem;

/* The store/load key, then one entry per thread with shown points, flowed in
 * rows from the bottom edge up; returns the legend's top. */
static double
layout_legend (CsScatterLayout *layout)
{
  CsScatterGeometry *g = layout->geometry;
  CsChartFrame *frame = &layout->frame;
  double pad = frame->pad;
  double inner_w = MAX (1, g->width - 2 * pad);
  double r = MAX (2.5, frame->small_line_height * 0.25);
  double row_h = frame->small_line_height * 1.3;
  double gap = pad * 1.25;
  guint max_rows = (guint) CLAMP (g->height * 0.25 / row_h, 1, MAX_LEGEND_ROWS);
  g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (LegendItem));
  g_autofree int *row_of = NULL;
  g_autofree double *x_of = NULL;
  guint rows = 1;
  double x = pad, top;
  CsColor secondary;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);
  for (guint k = 0; k < 2; k++)
    {
      /* TRANSLATORS: legend key of the scatter chart: filled marks are stores (writes) */
      LegendItem item = { _cs_chart_frame_text (frame, k == 0 ? _("store") :
                                               /* TRANSLATORS: legend key: hollow marks are loads (reads) */
                                               _("load"), CS_CHART_FONT_SMALL, -1, 1),
                          0, k == 0, secondary, -1, TRUE };
      g_array_append_val (items, item);
    }
  g->n_series_legend = layout->n_threads;
  g->series_legend = g_new0 (CsRect, layout->n_threads);
  for (guint t = 0; t < layout->n_threads; t++)
    {
      const char *name = cs_scatter_data_get_series (layout->data, t);
      g_autofree char *fallback = NULL;
      g_autofree char *count = NULL;
      g_autofree char *label = NULL;
      LegendItem item = { NULL, 0, TRUE, { 0, }, (int) t, TRUE };

      if (layout->counts[t] == 0)
        continue;
      if (name == NULL)
        /* TRANSLATORS: legend name of a thread the data did not name */
        name = fallback = g_strdup_printf (_("Thread %u"), t);
      count = cs_chart_format_grouped (layout->counts[t], 0);
      /* TRANSLATORS: legend entry: thread name and sampled accesses, "worker 1234 (1,502)" */
      label = g_strdup_printf (_("%s (%s)"), name, count);
      item.text = _cs_chart_frame_text (frame, label, CS_CHART_FONT_SMALL, inner_w - 2 * r - 4, 1);
      cs_scatter_series_color (layout, t, &item.color);
      g_array_append_val (items, item);
    }

  if (layout->data->note != NULL)
    {
      LegendItem item = { _cs_chart_frame_text (frame, layout->data->note, CS_CHART_FONT_SMALL, inner_w, 1),
                          0, FALSE, secondary, -1, FALSE };

      g_array_append_val (items, item);
    }

  row_of = g_new (int, items->len);
  x_of = g_new (double, items->len);
  for (guint i = 0; i < items->len; i++)
    {
      LegendItem *item = &g_array_index (items, LegendItem, i);
      double tw, th;

      _cs_chart_text_size (item->text, &tw, &th);
      item->width = (item->swatch ? 2 * r + 4 : 0) + tw;
      if (x > pad && x + item->width > pad + inner_w)
        {
          rows++;
          x = pad;
        }
      /* Threads beyond the rows that fit are left out (their legend rect
       * stays empty); the tooltip still names them. */
      row_of[i] = rows <= max_rows ? (int) rows - 1 : -1;
      x_of[i] = x;
      x += item->width + gap;
    }
  rows = MIN (rows, max_rows);
  top = g->height - pad - rows * row_h;
  g->legend = (CsRect) { pad, top, inner_w, rows * row_h };

  for (guint i = 0; i < items->len; i++)
    {
      LegendItem *item = &g_array_index (items, LegendItem, i);
      double y = top + row_of[i] * row_h;
      CsScatterSwatch swatch = { x_of[i] + r, y + row_h / 2, r, item->store, item->color };
      double tw, th;

      if (row_of[i] < 0)
        continue;
      _cs_chart_text_size (item->text, &tw, &th);
      if (item->swatch)
        g_array_append_val (layout->swatches, swatch);
      _cs_chart_frame_place (frame, item->text, x_of[i] + (item->swatch ? 2 * r + 4 : 0),
                            y + (row_h - th) / 2, &secondary);
      if (item->series >= 0)
        g->series_legend[item->series] = (CsRect) { x_of[i], y, item->width, row_h };
    }
  return top;
}

/* Tick labels along one axis; returns the widest label's width. */
static double
measure_labels (CsScatterLayout  *layout,
                GPtrArray        *labels)
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

/* The ticks and labels of a time axis over the shown points' times. */
static void
time_ticks (CsScatterLayout *layout,
            double           t_lo,
            double           t_hi,
            guint            max_ticks,
            double          *min,
            double          *max,
            GArray          *ticks,
            GPtrArray       *labels)
{
  double step;

  _cs_scatter_time_range (t_lo, t_hi, max_ticks, min, max, &step);
  g_array_set_size (ticks, 0);
  g_ptr_array_set_size (labels, 0);
  for (double v = *min; v <= *max + step * 1e-6; v += step)
    {
      g_autofree char *label = _cs_scatter_format_time (v, step);

      add_tick (layout, ticks, labels, v, label);
    }
}

static void
layout_axes (CsScatterLayout *layout,
             double           top,
             double           bottom,
             double           t_lo,
             double           t_hi,
             guint64          a_lo,
             guint64          a_hi)
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
  guint y_max_ticks = (guint) CLAMP (plot_h / (sh * 2.2), 2, 12);
  guint x_step = 1;
  CsColor secondary;
  PangoLayout *pl;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);

  /* y ticks first: their labels' width sets the plot's left edge. */
  if (address_mode)
    {
      guint64 step;

      _cs_scatter_address_range (a_lo, a_hi, y_max_ticks, &g->address_min, &g->address_max, &step);
      g->y_min = 0;
      g->y_max = (double) (g->address_max - g->address_min);
      for (guint64 a = g->address_min; ; a += step)
        {
          g_autofree char *label = _cs_scatter_format_address (a);

          add_tick (layout, layout->y_ticks, y_labels, (double) (a - g->address_min), label);
          if (a >= g->address_max || g->address_max - a < step)
            break;
        }
    }
  else
    time_ticks (layout, t_lo, t_hi, y_max_ticks, &g->y_min, &g->y_max, layout->y_ticks, y_labels);
  label_w = measure_labels (layout, y_labels);

  /* TRANSLATORS: axis titles of the data-address scatter chart */
  layout->y_title = _cs_chart_frame_text (frame, address_mode ? _("Data address") : _("Time (s)"),
                                         CS_CHART_FONT_REGULAR, plot_h, 1);
  _cs_chart_text_size (layout->y_title, &tw, &th);
  left = pad + th + 4 + label_w + CS_SCATTER_TICK_LENGTH + 2;
  layout->y_title_x = pad;
  layout->y_title_y = plot_top + plot_h / 2 + MIN (tw, plot_h) / 2;
  layout->y_title_color = secondary;

  /* x ticks: time needs labels that do not collide; offsets go every word
   * (8 bytes), or every 16 or 32 when the plot is narrow. */
  right = g->width - pad;
  if (address_mode)
    {
      double est_w = MAX (1, right - left);

      for (guint max_ticks = (guint) CLAMP (est_w / 60, 2, 12); ; max_ticks--)
        {
          time_ticks (layout, t_lo, t_hi, max_ticks, &g->x_min, &g->x_max, layout->x_ticks, x_labels);
          if (max_ticks <= 2 || measure_labels (layout, x_labels) + 8 <= est_w / MAX (1, x_labels->len - 1))
            break;
        }
    }
  else
    {
      double est_w = MAX (1, right - left);
      double digits_w;

      pl = _cs_chart_frame_text (frame, "64", CS_CHART_FONT_SMALL, -1, 1);
      _cs_chart_text_size (pl, &digits_w, &th);
      while (x_step < 4 && est_w / (8.0 / x_step) < digits_w + 6)
        x_step *= 2;
      g->x_min = 0;
      g->x_max = CS_SCATTER_LINE_SIZE;
      for (guint o = 0; o <= CS_SCATTER_LINE_SIZE; o += 8)
        {
          g_autofree char *label = g_strdup_printf ("%u", o);

          /* Every word keeps its faint grid line; labels may thin out. */
          add_tick (layout, layout->x_ticks, x_labels, o, (o / 8) % x_step == 0 ? label : "");
        }
    }
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
  g->mark_radius = address_mode ? 2.5 : CLAMP (g->plot.width / CS_SCATTER_LINE_SIZE * 0.4, 1.5, 3.5);

  if (address_mode && layout->data->has_line &&
      layout->data->line >= g->address_min && layout->data->line < g->address_max)
    {
      double y0 = cs_scatter_map_y (g, (double) (layout->data->line - g->address_min));
      double y1 = cs_scatter_map_y (g, (double) (layout->data->line - g->address_min) + CS_SCATTER_LINE_SIZE);
      /* At least a few pixels tall, or a 64-byte line in a wide range vanishes. */
      double h = MAX (y0 - y1, 4.0);
      double mid = (y0 + y1) / 2;

      g->band = (CsRect) { g->plot.x, mid - h / 2, g->plot.width, h };
    }
}

CsScatterLayout *
cs_scatter_layout_new (const CsScatterData *data,
                       const CsChartStyle  *style,
                       double               width,
                       double               height)
{
  CsScatterLayout *layout = g_new0 (CsScatterLayout, 1);
  CsScatterGeometry *g;
  double t_lo = INFINITY, t_hi = -INFINITY, top, bottom;
  guint64 a_lo = G_MAXUINT64, a_hi = 0;
  guint max_thread = 0;

  layout->data = data;
  /* The same fonts and metrics as the BAR and REF charts, a little less
   * padding: the plot needs the room. */
  _cs_chart_frame_init_text (&layout->frame, style, CLAMP (MIN (width, height) * 0.03, 4.0, 12.0));
  layout->geometry = g = g_new0 (CsScatterGeometry, 1);
  layout->x_ticks = g_array_new (FALSE, FALSE, sizeof (CsScatterTick));
  layout->y_ticks = g_array_new (FALSE, FALSE, sizeof (CsScatterTick));
  layout->swatches = g_array_new (FALSE, FALSE, sizeof (CsScatterSwatch));
  g->mode = data->mode;
  g->width = width;
  g->height = height;
  g->x_max = g->y_max = 1;

  for (guint i = 0; i < data->points->len; i++)
    max_thread = MAX (max_thread, g_array_index (data->points, CsScatterPoint, i).thread);
  layout->n_threads = CLAMP (MAX (data->series->len, max_thread + 1), 1, MAX_THREADS);
  layout->counts = g_new0 (guint, layout->n_threads);
  for (guint i = 0; i < data->points->len; i++)
    {
      const CsScatterPoint *p = &g_array_index (data->points, CsScatterPoint, i);

      if (!cs_scatter_data_shows_point (data, p))
        continue;
      g->n_shown++;
      layout->counts[MIN (p->thread, layout->n_threads - 1)]++;
      t_lo = MIN (t_lo, p->time);
      t_hi = MAX (t_hi, p->time);
      a_lo = MIN (a_lo, p->address);
      a_hi = MAX (a_hi, p->address);
    }
  /* The selected line stays in view in address mode. */
  if (data->has_line && g->n_shown > 0)
    {
      a_lo = MIN (a_lo, data->line);
      a_hi = MAX (a_hi, data->line);
    }

  /* A little room beyond the extreme points, so that their marks do not sit
   * on the plot's frame. */
  if (g->n_shown > 0)
    {
      double t_pad = (t_hi - t_lo) * 0.03;
      guint64 a_pad = MAX ((a_hi - a_lo) / 64, CS_SCATTER_LINE_SIZE / 2);

      /* Nothing happens before the recording starts. */
      t_lo = t_lo >= 0 ? MAX (t_lo - t_pad, 0) : t_lo - t_pad;
      t_hi += t_pad;
      a_lo = a_lo > a_pad ? a_lo - a_pad : 0;
      a_hi = a_hi < G_MAXUINT64 - a_pad ? a_hi + a_pad : G_MAXUINT64;
    }

  top = layout_title (layout);
  if (g->n_shown == 0)
    {
      layout_empty (layout, top);
      return layout;
    }
  bottom = layout_legend (layout) - layout->frame.pad * 0.75;
  layout_axes (layout, top, bottom, t_lo, t_hi, a_lo, a_hi);
  return layout;
}
