/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-layout.c — one layout pass of the scatter chart */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-scatter-layout.h"
#include "cs-scatter-private.h"

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

PangoLayout *
_cs_scatter_place_small (CsScatterLayout *layout,
                         const char      *text,
                         double           x,
                         double           y,
                         double          *w,
                         double          *h)
{
  return place_text (layout, text, CS_CHART_FONT_SMALL, -1, x, y, CS_COLOR_ROLE_TEXT_SECONDARY, w, h);
}

CsScatterLayout *
cs_scatter_layout_new (const CsScatterData     *data,
                       const CsScatterViewport *viewport,
                       const CsChartStyle      *style,
                       double                   width,
                       double                   height)
{
  CsScatterLayout *layout = g_new0 (CsScatterLayout, 1);
  CsScatterGeometry *g;
  double top, bottom;

  layout->data = data;
  layout->axis = _cs_scatter_data_get_axis (data);
  layout->viewport = viewport != NULL ? *viewport : (CsScatterViewport) { 0, 1, 0, 1 };
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

  /* Counted once per data (cs-scatter-segments.c), not per frame. */
  layout->n_threads = layout->axis->n_threads;
  layout->counts = g_memdup2 (layout->axis->counts, sizeof (guint) * layout->n_threads);
  g->n_shown = layout->axis->n_shown;

  top = layout_title (layout);
  if (g->n_shown == 0)
    {
      layout_empty (layout, top);
      return layout;
    }
  bottom = layout_legend (layout) - layout->frame.pad * 0.75;
  _cs_scatter_layout_axes (layout, top, bottom);
  return layout;
}
