/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-draw.c — see cs-timeline-draw.h
 *
 * Bars are whole user units wide (a bin is a pixel column of the plot) and
 * painted as one path per lane and row, so a frame of 70 rows × 1 400
 * columns is a few hundred fills. Axis ticks fall on round times (1, 2 or
 * 5 × a power of ten) at least TICK_SPACING apart.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cs-chart-private.h"
#include "cs-timeline-draw.h"

#define PAD            6.0
#define LABEL_WIDTH    200.0
#define RIGHT_MARGIN   8.0
#define TICK_SPACING   90.0

void
cs_timeline_draw_options_init (CsTimelineDrawOptions *options)
{
  options->has_selection = FALSE;
  options->selection_start = options->selection_end = 0;
  options->shown = (CsTimeRange) { 0, G_MAXUINT64 };
  options->hover_row = CS_TIMELINE_NO_ROW;
  options->hover_x = NAN;
  options->focus_row = CS_TIMELINE_NO_ROW;
}

static void
metrics_of (const CsChartFrame *frame,
            CsTimelineMetrics  *m)
{
  m->axis_height = ceil (frame->small_line_height + 2 * PAD + 4);
  m->row_height = ceil (frame->small_line_height + 6);
  m->label_width = LABEL_WIDTH;
  m->right_margin = RIGHT_MARGIN;
}

void
cs_timeline_get_metrics (const CsChartStyle *style,
                         CsTimelineMetrics  *metrics)
{
  CsChartFrame frame = { 0 };

  _cs_chart_frame_init_text (&frame, style, PAD);
  metrics_of (&frame, metrics);
  _cs_chart_frame_clear_text (&frame);
}

guint
cs_timeline_plot_width (const CsChartStyle *style,
                        double              width)
{
  return (guint) MAX (floor (width - LABEL_WIDTH - RIGHT_MARGIN), 1);
}

double
cs_timeline_get_natural_height (const CsTimelineLayout *layout,
                                const CsChartStyle     *style)
{
  CsTimelineMetrics m;

  cs_timeline_get_metrics (style, &m);
  return m.axis_height + MAX (layout->rows->len, 1) * m.row_height + PAD;
}

guint
cs_timeline_row_at (const CsTimelineLayout *layout,
                    const CsChartStyle     *style,
                    double                  y)
{
  CsTimelineMetrics m;
  double r;

  cs_timeline_get_metrics (style, &m);
  if (y < m.axis_height)
    return CS_TIMELINE_NO_ROW;
  r = floor ((y - m.axis_height) / m.row_height);
  return r < layout->rows->len ? (guint) r : CS_TIMELINE_NO_ROW;
}

double
cs_timeline_bin_at (const CsTimelineLayout *layout,
                    const CsChartStyle     *style,
                    double                  x)
{
  return CLAMP (x - LABEL_WIDTH, 0, layout->n_bins);
}

double
cs_timeline_time_x (const CsTimelineLayout *layout,
                    const CsChartStyle     *style,
                    guint64                 time)
{
  return LABEL_WIDTH + cs_timeline_layout_time_bin (layout, time);
}

/* 1, 2 or 5 × 10^k ns, the smallest at least @min_ns. */
static guint64
round_step (double min_ns)
{
  guint64 step = 1;

  for (;;)
    {
      if ((double) step >= min_ns)
        return step;
      if ((double) step * 2 >= min_ns)
        return step * 2;
      if ((double) step * 5 >= min_ns)
        return step * 5;
      if (step > G_MAXUINT64 / 100)
        return step * 10;
      step *= 10;
    }
}

char *
cs_timeline_format_offset (guint64 offset,
                           guint64 resolution)
{
  const char *unit;
  double div;
  int decimals = 0;

  if (resolution >= 1000000000 / 10 || offset >= G_GUINT64_CONSTANT (10000000000))
    unit = "s", div = 1e9;
  else if (resolution >= 100000)
    unit = "ms", div = 1e6;
  else if (resolution >= 100)
    unit = "µs", div = 1e3;
  else
    unit = "ns", div = 1;
  /* decimals that resolve @resolution in that unit */
  for (double r = (double) MAX (resolution, 1) / div; r < 1 && decimals < 9; r *= 10)
    decimals++;
  /* TRANSLATORS: a time on the timeline's axis: "1.25 s", "340 ms" */
  return g_strdup_printf (_("%.*f %s"), decimals, (double) offset / div, unit);
}

static void
draw_axis (CsChartFrame           *frame,
           cairo_t                *cr,
           const CsTimelineLayout *layout,
           const CsTimelineMetrics *m,
           double                  height)
{
  double span = (double) (layout->end - layout->start) + 1.0;
  guint64 step = round_step (TICK_SPACING * span / layout->n_bins);
  guint64 origin = layout->first;
  /* the first tick at or after the start, counted from the origin */
  guint64 from = layout->start > origin ? layout->start - origin : 0;
  guint64 tick = (from + step - 1) / step * step;
  CsColor grid, text;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &text);
  cs_color_set_source (cr, &grid);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, m->axis_height - 0.5);
  cairo_line_to (cr, m->label_width + layout->n_bins, m->axis_height - 0.5);
  cairo_stroke (cr);
  for (; origin + tick <= layout->end && tick / step < G_MAXUINT32; tick += step)
    {
      double x = _cs_chart_frame_snap (frame, m->label_width + cs_timeline_layout_time_bin (layout, origin + tick)) + 0.5;
      g_autofree char *label = cs_timeline_format_offset (tick, step);
      PangoLayout *l = _cs_chart_frame_text (frame, label, CS_CHART_FONT_SMALL, 0, 1);
      double w, h;

      cs_color_set_source (cr, &grid);
      cairo_move_to (cr, x, m->axis_height - 5);
      cairo_line_to (cr, x, height);
      cairo_set_source_rgba (cr, grid.red, grid.green, grid.blue, 0.35);
      cairo_stroke (cr);
      _cs_chart_text_size (l, &w, &h);
      if (x + 3 + w <= m->label_width + layout->n_bins + m->right_margin)
        _cs_chart_frame_place (frame, l, x + 3, PAD, &text);
    }
  /* TRANSLATORS: the timeline axis' caption: time since the first sample */
  _cs_chart_frame_place (frame, _cs_chart_frame_text (frame, _("Since first sample"),
                                                      CS_CHART_FONT_SMALL, m->label_width - 2 * PAD, 1),
                         PAD, PAD, &text);
}

/* Lost samples: red ticks; throttling: orange, down the axis' edge. */
static void
draw_marks (cairo_t                 *cr,
            const CsTimelineLayout  *layout,
            const CsTimelineMetrics *m)
{
  /* throttling first: a loss at the same place shows over it */
  for (guint k = 0; k < 2 * layout->marks->len; k++)
    {
      const CsProfileMark *mark = &g_array_index (layout->marks, CsProfileMark, k % layout->marks->len);
      gboolean lost = mark->kind == CS_PROFILE_MARK_LOST || mark->kind == CS_PROFILE_MARK_LOST_SAMPLES;
      double x = m->label_width + cs_timeline_layout_time_bin (layout, mark->time);
      double y = m->axis_height - 1;

      if (mark->kind == CS_PROFILE_MARK_UNTHROTTLE || lost != (k >= layout->marks->len))
        continue;
      if (mark->kind == CS_PROFILE_MARK_THROTTLE)
        cairo_set_source_rgb (cr, 0.93, 0.55, 0.10);
      else
        cairo_set_source_rgb (cr, 0.85, 0.15, 0.15);
      cairo_move_to (cr, x - 4, y - 7);
      cairo_line_to (cr, x + 4, y - 7);
      cairo_line_to (cr, x, y);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
}

/* The bars of a drawing on an image surface are written into one A8 mask
 * per lane and painted with its colour: 64 rows of 1 400 columns are
 * ~90 000 bars, which cairo takes tens of milliseconds to fill as boxes
 * and this a few. Vector exports (SVG, PDF) keep the boxes. */
typedef struct
{
  cairo_surface_t *surface[CS_TIMELINE_MAX_LANES];
  double           top;          /* user y of the masks' first line */
  int              height;
} Masks;

/* A bar's height in whole pixels, at least one so that a sample shows. */
static inline double
bar_height (guint32 count,
            guint32 max,
            double  lane_height)
{
  return MAX (round (lane_height * count / max), 1);
}

static void
mask_bars (Masks         *masks,
           guint          lane,
           const guint32 *bins,
           guint          n_bins,
           guint32        max,
           double         lane_height,
           double         base)
{
  cairo_surface_t *surface = masks->surface[lane];
  guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int bottom = (int) (base - masks->top);

  for (guint b = 0; b < n_bins; b++)
    {
      int top;

      if (bins[b] == 0)
        continue;
      top = MAX (bottom - (int) bar_height (bins[b], max, lane_height), 0);
      for (int yy = top; yy < MIN (bottom, masks->height); yy++)
        data[(gsize) yy * stride + b] = 0xff;
    }
}

static gboolean
masks_init (Masks                  *masks,
            cairo_t                *cr,
            const CsTimelineLayout *layout,
            double                  top,
            double                  bottom)
{
  memset (masks, 0, sizeof *masks);
  if (cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_IMAGE || bottom <= top)
    return FALSE;
  masks->top = top;
  masks->height = (int) ceil (bottom - top);
  for (guint l = 0; l < layout->n_lanes; l++)
    {
      masks->surface[l] = cairo_image_surface_create (CAIRO_FORMAT_A8, layout->n_bins, masks->height);
      cairo_surface_flush (masks->surface[l]);
    }
  return TRUE;
}

static void
masks_paint (Masks                  *masks,
             cairo_t                *cr,
             const CsChartStyle     *style,
             const CsTimelineLayout *layout,
             double                  x)
{
  for (guint l = 0; l < layout->n_lanes; l++)
    {
      cairo_pattern_t *pattern;
      CsColor color;

      cairo_surface_mark_dirty (masks->surface[l]);
      cs_palette_get_part_color (style->theme, l, MAX (layout->n_lanes, 1), &color);
      cs_color_set_source (cr, &color);
      pattern = cairo_pattern_create_for_surface (masks->surface[l]);
      /* pixel columns stay sharp when the device scale is 2 */
      cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
      {
        cairo_matrix_t matrix;

        cairo_matrix_init_translate (&matrix, -x, -masks->top);
        cairo_pattern_set_matrix (pattern, &matrix);
      }
      cairo_mask (cr, pattern);
      cairo_pattern_destroy (pattern);
      cairo_surface_destroy (masks->surface[l]);
      masks->surface[l] = NULL;
    }
}

static void
draw_row (CsChartFrame            *frame,
          cairo_t                 *cr,
          const CsTimelineLayout  *layout,
          const CsTimelineMetrics *m,
          const CsTimelineRow     *row,
          guint                    index,
          double                   y,
          Masks                   *masks)
{
  double lane_height = (m->row_height - 4) / layout->n_lanes;
  CsColor text, grid;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  if (index % 2 == 1)
    {
      cairo_set_source_rgba (cr, grid.red, grid.green, grid.blue, 0.12);
      cairo_rectangle (cr, 0, y, m->label_width + layout->n_bins, m->row_height);
      cairo_fill (cr);
    }
  /* the label: an expander for a process with threads, threads indented */
  {
    double indent = PAD + row->depth * 14;
    g_autofree char *text_label = row->expandable ? g_strdup_printf ("%s %s", row->expanded ? "▾" : "▸", row->label)
                                                  : g_strdup_printf ("%s%s", row->depth == 0 && row->kind == CS_TIMELINE_ROW_PROCESS ? "   " : "", row->label);
    PangoLayout *l = _cs_chart_frame_text (frame, text_label,
                                           CS_CHART_FONT_SMALL,
                                           m->label_width - indent - PAD, 1);
    double w, h;

    _cs_chart_text_size (l, &w, &h);
    _cs_chart_frame_place (frame, l, indent, y + (m->row_height - h) / 2, &text);
  }
  /* the lifetime, under the bars */
  if (row->end > row->start && row->end >= layout->start && row->start <= layout->end)
    {
      double x0 = m->label_width + cs_timeline_layout_time_bin (layout, row->start);
      double x1 = m->label_width + cs_timeline_layout_time_bin (layout, row->end);

      cairo_set_source_rgba (cr, grid.red, grid.green, grid.blue, 0.9);
      cairo_rectangle (cr, x0, y + m->row_height - 2, MAX (x1 - x0, 1), 1);
      cairo_fill (cr);
    }
  if (row->max_bin == 0)
    return;
  for (guint l = 0; l < layout->n_lanes; l++)
    {
      const guint32 *bins = &row->bins[(gsize) l * layout->n_bins];
      double base = round (y + 2 + (l + 1) * lane_height);
      CsColor color;

      if (masks != NULL)
        {
          mask_bars (masks, l, bins, layout->n_bins, row->max_bin, lane_height, base);
          continue;
        }
      cs_palette_get_part_color (frame->style.theme, l, MAX (layout->n_lanes, 1), &color);
      cs_color_set_source (cr, &color);
      /* Whole pixels, a run of columns of one height one box: cairo fills
       * pixel-aligned boxes without rasterizing a path. */
      for (guint b = 0; b < layout->n_bins;)
        {
          double h;
          guint run = 1;

          if (bins[b] == 0)
            {
              b++;
              continue;
            }
          h = bar_height (bins[b], row->max_bin, lane_height);
          while (b + run < layout->n_bins && bins[b + run] != 0 &&
                 bar_height (bins[b + run], row->max_bin, lane_height) == h)
            run++;
          cairo_rectangle (cr, m->label_width + b, base - h, run, h);
          b += run;
        }
      cairo_fill (cr);
    }
}

void
cs_timeline_draw (cairo_t                     *cr,
                  const CsTimelineLayout      *layout,
                  const CsChartStyle          *style,
                  const CsTimelineDrawOptions *options,
                  double                       width,
                  double                       height)
{
  CsChartFrame frame = { 0 };
  CsTimelineDrawOptions defaults;
  CsTimelineMetrics m;
  Masks masks;
  gboolean use_masks;
  double plot_right, rows_bottom;
  CsColor text, card;

  if (options == NULL)
    {
      cs_timeline_draw_options_init (&defaults);
      options = &defaults;
    }
  _cs_chart_frame_init_text (&frame, style, PAD);
  metrics_of (&frame, &m);
  _cs_chart_frame_begin_paint (&frame, cr, width, height);
  _cs_chart_frame_role_color (&frame, CS_COLOR_ROLE_TEXT, &text);
  _cs_chart_frame_role_color (&frame, CS_COLOR_ROLE_CARD, &card);
  plot_right = m.label_width + layout->n_bins;
  rows_bottom = MIN (height, m.axis_height + layout->rows->len * m.row_height);

  if (!layout->has_time || layout->rows->len == 0)
    {
      PangoLayout *l = _cs_chart_frame_text (&frame, layout->rows->len == 0 ? _("No samples to show over time.")
                                                     : _("The samples have no timestamps: there is no timeline."),
                                             CS_CHART_FONT_REGULAR, width - 2 * PAD, 2);

      _cs_chart_frame_place (&frame, l, PAD, PAD, &text);
      _cs_chart_frame_paint_texts (&frame, cr);
      cairo_restore (cr);
      _cs_chart_frame_clear_text (&frame);
      return;
    }

  draw_axis (&frame, cr, layout, &m, rows_bottom);
  draw_marks (cr, layout, &m);
  use_masks = masks_init (&masks, cr, layout, m.axis_height, rows_bottom);
  for (guint r = 0; r < layout->rows->len; r++)
    {
      double y = m.axis_height + r * m.row_height;

      if (y > height)
        break;
      if (r == options->hover_row)
        {
          cairo_set_source_rgba (cr, text.red, text.green, text.blue, 0.06);
          cairo_rectangle (cr, 0, y, plot_right, m.row_height);
          cairo_fill (cr);
        }
      draw_row (&frame, cr, layout, &m, g_ptr_array_index (layout->rows, r), r, y, use_masks ? &masks : NULL);
      if (r == layout->n_process_rows && r > 0)
        {
          cs_color_set_source (cr, &text);
          cairo_set_line_width (cr, 1);
          cairo_move_to (cr, 0, y + 0.5);
          cairo_line_to (cr, plot_right, y + 0.5);
          cairo_set_source_rgba (cr, text.red, text.green, text.blue, 0.3);
          cairo_stroke (cr);
        }
      if (r == options->focus_row)
        {
          cs_color_set_source (cr, &text);
          cairo_set_line_width (cr, 2);
          cairo_rectangle (cr, 1, y + 1, plot_right - 2, m.row_height - 2);
          cairo_stroke (cr);
        }
    }

  if (use_masks)
    masks_paint (&masks, cr, style, layout, m.label_width);

  /* what a time filter leaves out, shaded */
  if (options->shown.start > layout->start || options->shown.end < layout->end)
    {
      double a = m.label_width + cs_timeline_layout_time_bin (layout, options->shown.start);
      double b = m.label_width + (options->shown.end == G_MAXUINT64 ? layout->n_bins
                                  : cs_timeline_layout_time_bin (layout, options->shown.end));

      cairo_set_source_rgba (cr, card.red, card.green, card.blue, 0.7);
      if (a > m.label_width)
        cairo_rectangle (cr, m.label_width, m.axis_height, a - m.label_width, rows_bottom - m.axis_height);
      if (b < plot_right)
        cairo_rectangle (cr, b, m.axis_height, plot_right - b, rows_bottom - m.axis_height);
      cairo_fill (cr);
    }
  if (options->has_selection)
    {
      double a = m.label_width + cs_timeline_layout_time_bin (layout, options->selection_start);
      double b = m.label_width + cs_timeline_layout_time_bin (layout, options->selection_end);

      b = MAX (b, a + 1);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.22);
      cairo_rectangle (cr, a, 0, b - a, rows_bottom);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, floor (a) + 0.5, 0);
      cairo_line_to (cr, floor (a) + 0.5, rows_bottom);
      cairo_move_to (cr, floor (b) - 0.5, 0);
      cairo_line_to (cr, floor (b) - 0.5, rows_bottom);
      cairo_stroke (cr);
    }
  if (isfinite (options->hover_x) && options->hover_x >= m.label_width && options->hover_x <= plot_right)
    {
      cairo_set_source_rgba (cr, text.red, text.green, text.blue, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, floor (options->hover_x) + 0.5, m.axis_height);
      cairo_line_to (cr, floor (options->hover_x) + 0.5, rows_bottom);
      cairo_stroke (cr);
    }

  _cs_chart_frame_paint_texts (&frame, cr);
  cairo_restore (cr);
  _cs_chart_frame_clear_text (&frame);
}
