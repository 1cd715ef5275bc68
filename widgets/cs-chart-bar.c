/* cs-chart-bar.c — the BAR chart: a stacked bar of parts and its legend
 *
 * Layout from top to bottom: title, bar, legend, provenance footnote. The bar
 * and legend are centred vertically in what the title and footnote leave;
 * when space runs short, legend rows are dropped before the bar shrinks
 * below a readable height.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-chart-private.h"

#define MIN_BAR_HEIGHT 12.0

static gboolean
part_has_share (const CsChartPart *part)
{
  return isfinite (part->value) && isfinite (part->share) && part->share > 0;
}

/* The numbers of a legend entry: "41.0 % · 1,405,883,341 cycles ≈". A
 * negative part has no share of the whole, so none is shown. */
static char *
legend_numbers (const CsChartValues *values,
                const CsChartPart   *part,
                gboolean             compact)
{
  const char *marker = cs_provenance_get_marker (part->provenance);
  g_autofree char *value = NULL;
  g_autofree char *share = NULL;

  if (!isfinite (part->value))
    return g_strdup (CS_CHART_NO_VALUE);
  value = compact ? cs_chart_format_compact (part->value, values->unit)
                  : cs_chart_format_value (part->value, values->unit);
  share = part->value < 0 ? g_strdup (CS_CHART_NO_VALUE) : cs_chart_format_share (part->share);
  /* TRANSLATORS: numbers of a bar chart's legend entry: "share · value[ provenance marker]" */
  return g_strdup_printf (_("%s · %s%s%s"), share, value, marker[0] ? " " : "", marker);
}

typedef struct
{
  PangoLayout *label;     /* NULL when there is no room for it */
  PangoLayout *numbers;
  double       numbers_x; /* offset of @numbers from the entry's left edge */
} LegendEntry;

/* Label then numbers; the numbers are never cut while a shorter spelling
 * exists, the label is ellipsized instead. */
static LegendEntry
legend_entry (CsChartFrame      *frame,
              const CsChartPart *part,
              double             max_width,
              gboolean           compact,
              double            *width)
{
  const char *label_text = part->label != NULL ? part->label : part->name;
  double swatch = frame->small_line_height * 0.75;
  double gap = frame->small_line_height * 0.5;
  double avail = max_width - swatch * 1.5;
  g_autofree char *numbers = legend_numbers (frame->values, part, compact);
  LegendEntry entry = { NULL, NULL, swatch * 1.5 };
  double nw, nh, lw = 0, lh;

  entry.numbers = cs_chart_frame_text (frame, numbers, CS_CHART_FONT_SMALL, avail, 1);
  cs_chart_text_size (entry.numbers, &nw, &nh);
  if (label_text != NULL && label_text[0] != '\0' && avail - nw - gap > 2 * gap)
    {
      entry.label = cs_chart_frame_text (frame, label_text, CS_CHART_FONT_SMALL, avail - nw - gap, 1);
      cs_chart_text_size (entry.label, &lw, &lh);
      entry.numbers_x += lw + gap;
    }
  *width = entry.numbers_x + nw;
  return entry;
}

/* Full values when every entry's numbers take at most 60 % of a legend
 * row, else the short spelling for all, so the legend reads uniformly. */
static gboolean
legend_wants_compact (CsChartFrame *frame,
                      double        max_width)
{
  double avail = max_width - frame->small_line_height * 0.75 * 1.5;

  for (guint i = 0; i < frame->values->n_parts; i++)
    {
      g_autofree char *numbers = legend_numbers (frame->values, &frame->values->parts[i], FALSE);
      PangoLayout *layout = cs_chart_frame_text (frame, numbers, CS_CHART_FONT_SMALL, -1, 1);
      double w, h;

      cs_chart_text_size (layout, &w, &h);
      if (w > avail * 0.6)
        return TRUE;
    }
  return FALSE;
}

/* The richest label that fits the segment: share and full value, share and
 * short value, share alone, or nothing (the legend always has the numbers). */
static PangoLayout *
fit_segment_label (CsChartFrame      *frame,
                   const CsChartPart *part,
                   const CsRect      *segment)
{
  const char *unit = frame->values->unit;
  g_autofree char *share = cs_chart_format_share (part->share);
  g_autofree char *full = cs_chart_format_value (part->value, unit);
  g_autofree char *compact = cs_chart_format_compact (part->value, unit);
  g_autofree char *two_full = g_strdup_printf ("%s\n%s", share, full);
  g_autofree char *two_compact = g_strdup_printf ("%s\n%s", share, compact);
  const char *candidates[] = { two_full, two_compact, share };
  double max_w = segment->width - 6;
  double max_h = segment->height - 2;

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      PangoLayout *layout = cs_chart_frame_text (frame, candidates[i], CS_CHART_FONT_REGULAR, -1, 1);
      double w, h;

      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      cs_chart_text_size (layout, &w, &h);
      if (w <= max_w && h <= max_h)
        return layout;
    }
  return NULL;
}

void
cs_chart_bar_layout (CsChartFrame *frame)
{
  const CsChartValues *values = frame->values;
  CsChartGeometry *geometry = frame->geometry;
  double width = geometry->width;
  double height = geometry->height;
  double pad = frame->pad;
  double inner_w = MAX (1, width - 2 * pad);
  double swatch = frame->small_line_height * 0.75;
  double row_h = frame->small_line_height;
  double row_gap = row_h * 0.3;
  double col_gap = pad * 1.5;
  g_autofree int *rows = NULL;
  g_autofree LegendEntry *entries = NULL;
  CsColor text_color, secondary;
  double y, bottom, avail, legend_space, bar_h, top, x, sum = 0, cum = 0;
  int n_rows = 0, rows_used, last = -1;
  gboolean compact;

  cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text_color);
  cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);

  cs_chart_frame_title_and_note (frame, &y, &bottom);

  /* Legend entries flow left to right and wrap. */
  geometry->n_parts = values->n_parts;
  geometry->parts = g_new0 (CsChartPartGeometry, MAX (1, values->n_parts));
  rows = g_new0 (int, MAX (1, values->n_parts));
  entries = g_new0 (LegendEntry, MAX (1, values->n_parts));
  compact = legend_wants_compact (frame, inner_w);
  x = 0;
  for (guint i = 0; i < values->n_parts; i++)
    {
      double ew;

      entries[i] = legend_entry (frame, &values->parts[i], inner_w, compact, &ew);
      if (i == 0)
        n_rows = 1;
      else if (x + col_gap + ew > inner_w)
        {
          n_rows++;
          x = 0;
        }
      else
        x += col_gap;
      rows[i] = n_rows - 1;
      geometry->parts[i].legend = (CsRect) { pad + x, 0, ew, row_h };
      x += ew;
    }

  avail = bottom - y;
  rows_used = n_rows;
#define LEGEND_SPACE(r) ((r) > 0 ? (r) * row_h + ((r) - 1) * row_gap + pad * 0.75 : 0.0)
  while (rows_used > 0 && avail - LEGEND_SPACE (rows_used) < MIN_BAR_HEIGHT)
    rows_used--;
  legend_space = LEGEND_SPACE (rows_used);
#undef LEGEND_SPACE
  bar_h = MIN (CLAMP (height * 0.3, 2 * frame->line_height + 8, 96.0), avail - legend_space);
  bar_h = MAX (bar_h, MIN (MIN_BAR_HEIGHT, avail));
  bar_h = MAX (bar_h, 0);
  top = y + MAX (0, (avail - bar_h - legend_space) / 2);

  geometry->plot.x = cs_chart_frame_snap (frame, pad);
  geometry->plot.y = cs_chart_frame_snap (frame, top);
  geometry->plot.width = cs_chart_frame_snap (frame, pad + inner_w) - geometry->plot.x;
  geometry->plot.height = cs_chart_frame_snap (frame, top + bar_h) - geometry->plot.y;

  /* Segments: cumulative edges so that they tile the bar exactly. */
  for (guint i = 0; i < values->n_parts; i++)
    if (part_has_share (&values->parts[i]))
      {
        sum += values->parts[i].share;
        last = i;
      }
  for (guint i = 0; i < values->n_parts && sum > 0; i++)
    {
      const CsChartPart *part = &values->parts[i];
      CsRect *segment = &geometry->parts[i].segment;
      double x0, x1;

      if (!part_has_share (part))
        continue;
      x0 = cs_chart_frame_snap (frame, geometry->plot.x + geometry->plot.width * cum / sum);
      cum += part->share;
      x1 = (int) i == last ? geometry->plot.x + geometry->plot.width
                           : cs_chart_frame_snap (frame, geometry->plot.x + geometry->plot.width * cum / sum);
      *segment = (CsRect) { x0, geometry->plot.y, x1 - x0, geometry->plot.height };
    }

  for (guint i = 0; i < values->n_parts; i++)
    {
      const CsRect *segment = &geometry->parts[i].segment;
      PangoLayout *label;
      CsColor fill, on;
      double lw, lh;

      if (segment->width <= 0)
        continue;
      label = fit_segment_label (frame, &values->parts[i], segment);
      if (label == NULL)
        continue;
      cs_chart_text_size (label, &lw, &lh);
      cs_palette_get_part_color (frame->style.theme, i, values->n_parts, &fill);
      cs_palette_get_text_on (&fill, &on);
      cs_chart_frame_place (frame, label,
                            segment->x + (segment->width - lw) / 2,
                            segment->y + (segment->height - lh) / 2, &on);
      geometry->parts[i].label_inside = TRUE;
    }

  if (sum <= 0 && geometry->plot.height > 0)
    {
      PangoLayout *empty = cs_chart_frame_text (frame, _("No data"), CS_CHART_FONT_REGULAR,
                                                geometry->plot.width - 6, 1);
      double ew, eh;

      cs_chart_text_size (empty, &ew, &eh);
      if (eh <= geometry->plot.height)
        cs_chart_frame_place (frame, empty,
                              geometry->plot.x + (geometry->plot.width - ew) / 2,
                              geometry->plot.y + (geometry->plot.height - eh) / 2, &secondary);
    }

  /* Legend rows below the bar; entries on dropped rows get no rectangle. */
  y = geometry->plot.y + geometry->plot.height + pad * 0.75;
  geometry->legend = (CsRect) { pad, y, inner_w, rows_used > 0 ? rows_used * row_h + (rows_used - 1) * row_gap : 0 };
  for (guint i = 0; i < values->n_parts; i++)
    {
      CsRect *entry = &geometry->parts[i].legend;

      if (rows[i] >= rows_used)
        {
          *entry = (CsRect) { 0, 0, 0, 0 };
          continue;
        }
      entry->y = y + rows[i] * (row_h + row_gap);
      if (entries[i].label != NULL)
        cs_chart_frame_place (frame, entries[i].label, entry->x + swatch * 1.5, entry->y, &text_color);
      cs_chart_frame_place (frame, entries[i].numbers, entry->x + entries[i].numbers_x, entry->y, &secondary);
    }
}

void
cs_chart_bar_draw (CsChartFrame *frame,
                   cairo_t      *cr)
{
  const CsChartValues *values = frame->values;
  const CsChartGeometry *geometry = frame->geometry;
  double swatch = frame->small_line_height * 0.75;
  double hairline = 1.0 / frame->style.scale;
  CsColor grid, neutral;

  cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  cs_chart_frame_role_color (frame, CS_COLOR_ROLE_NEUTRAL, &neutral);

  if (geometry->plot.height <= 0)
    return;

  cs_color_set_source (cr, &neutral);
  cairo_rectangle (cr, geometry->plot.x, geometry->plot.y, geometry->plot.width, geometry->plot.height);
  cairo_fill (cr);

  for (guint i = 0; i < geometry->n_parts; i++)
    {
      const CsChartPartGeometry *part = &geometry->parts[i];
      CsColor fill;

      cs_palette_get_part_color (frame->style.theme, i, values->n_parts, &fill);
      cs_color_set_source (cr, &fill);
      if (part->segment.width > 0)
        {
          cairo_rectangle (cr, part->segment.x, part->segment.y, part->segment.width, part->segment.height);
          cairo_fill (cr);
        }
      if (part->legend.width > 0)
        {
          CsRect box = { part->legend.x, part->legend.y + (part->legend.height - swatch) / 2, swatch, swatch };

          cs_chart_rounded_rect (cr, &box, swatch / 5);
          cairo_fill_preserve (cr);
          /* Light swatches (yellow on white) need an edge to be seen. */
          cs_color_set_source (cr, &grid);
          cairo_set_line_width (cr, hairline);
          cairo_stroke (cr);
        }
    }

  /* Outline just outside the bar, so segments keep their exact widths. */
  cs_color_set_source (cr, &grid);
  cairo_set_line_width (cr, hairline);
  cairo_rectangle (cr,
                   geometry->plot.x - hairline / 2, geometry->plot.y - hairline / 2,
                   geometry->plot.width + hairline, geometry->plot.height + hairline);
  cairo_stroke (cr);
}
