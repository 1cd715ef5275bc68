/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-compare.c — a BAR chart of two recordings: the base's bar above
 * the new one
 *
 * The two bars share the parts' colours and order (the new chart's), so a
 * segment that grew is seen at a glance by the edge that moved; the base's
 * parts are matched by name, as the comparison matches everything, so a
 * model that gained or lost a part still draws. The legend says both
 * shares and the change in points, which is the number to read: the bars
 * are for finding it.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-chart-private.h"

static gboolean
part_has_share (const CsChartPart *part)
{
  return part != NULL && isfinite (part->value) && isfinite (part->share) && part->share > 0;
}

const CsChartPart *
_cs_chart_compare_base_part (CsChartFrame *frame,
                             guint         i)
{
  const CsChartValues *base = frame->base;
  const char *name = frame->values->parts[i].name;

  if (base == NULL)
    return NULL;
  /* the same model: usually the same index */
  if (i < base->n_parts && g_strcmp0 (base->parts[i].name, name) == 0)
    return &base->parts[i];
  for (guint j = 0; j < base->n_parts; j++)
    if (g_strcmp0 (base->parts[j].name, name) == 0)
      return &base->parts[j];
  return NULL;
}

static char *
share_text (const CsChartPart *part)
{
  if (part == NULL || !isfinite (part->value) || part->value < 0)
    return g_strdup (CS_CHART_NO_VALUE);
  return cs_chart_format_share (part->share);
}

char *
_cs_chart_compare_numbers (CsChartFrame *frame,
                           guint         i)
{
  const CsChartPart *part = &frame->values->parts[i];
  const CsChartPart *base = _cs_chart_compare_base_part (frame, i);
  g_autofree char *before = share_text (base);
  g_autofree char *after = share_text (part);
  g_autofree char *delta = NULL;

  if (base != NULL && isfinite (base->value) && isfinite (part->value) && base->value >= 0 && part->value >= 0)
    /* TRANSLATORS: a change of a share in percentage points, e.g. "+2.8 pt" */
    {
      double d = 100.0 * (part->share - base->share);

      /* no "−0.0 pt" for a change that rounds away */
      delta = g_strdup_printf (_("%+.1f pt"), fabs (d) < 0.05 ? 0.0 : d);
    }
  else
    delta = g_strdup (CS_CHART_NO_VALUE);
  /* TRANSLATORS: a compared bar chart's legend: "base share → new share · change" */
  return g_strdup_printf (_("%s → %s · %s"), before, after, delta);
}

void
_cs_chart_compare_split_bar (CsChartFrame *frame)
{
  const CsChartValues *values = frame->values;
  CsChartGeometry *geometry = frame->geometry;
  CsRect whole = geometry->plot;
  /* TRANSLATORS: the label of the base recording's bar in a compared chart; keep it short */
  PangoLayout *base_label = _cs_chart_frame_text (frame, C_("compare", "Base"), CS_CHART_FONT_SMALL, -1, 1);
  /* TRANSLATORS: the label of the new recording's bar in a compared chart; keep it short */
  PangoLayout *new_label = _cs_chart_frame_text (frame, C_("compare", "New"), CS_CHART_FONT_SMALL, -1, 1);
  g_autofree double *shares = g_new0 (double, MAX (1, values->n_parts));
  CsColor secondary;
  double bw, bh, nw, nh, column, gap, top_h, x;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);
  _cs_chart_text_size (base_label, &bw, &bh);
  _cs_chart_text_size (new_label, &nw, &nh);
  column = MAX (bw, nw) + frame->pad * 0.75;
  gap = MAX (2, frame->pad * 0.4);
  if (whole.width <= 2 * column || whole.height < 2 * 6 + gap)
    column = 0;
  x = _cs_chart_frame_snap (frame, whole.x + column);
  top_h = _cs_chart_frame_snap (frame, (whole.height - gap) / 2);
  geometry->base_plot = (CsRect) { x, whole.y, whole.x + whole.width - x, top_h };
  geometry->plot.x = x;
  geometry->plot.width = whole.x + whole.width - x;
  geometry->plot.y = _cs_chart_frame_snap (frame, whole.y + top_h + gap);
  geometry->plot.height = whole.y + whole.height - geometry->plot.y;

  if (column > 0)
    {
      geometry->base_label = (CsRect) { whole.x, geometry->base_plot.y + (top_h - bh) / 2, bw, bh };
      geometry->new_label = (CsRect) { whole.x, geometry->plot.y + (geometry->plot.height - nh) / 2, nw, nh };
      _cs_chart_frame_place (frame, base_label, geometry->base_label.x, geometry->base_label.y, &secondary);
      _cs_chart_frame_place (frame, new_label, geometry->new_label.x, geometry->new_label.y, &secondary);
    }

  geometry->base_segments = g_new0 (CsRect, MAX (1, values->n_parts));
  for (guint i = 0; i < values->n_parts; i++)
    {
      const CsChartPart *part = _cs_chart_compare_base_part (frame, i);

      shares[i] = part_has_share (part) ? part->share : 0;
    }
  _cs_chart_bar_tile (frame, &geometry->base_plot, shares, values->n_parts, geometry->base_segments);
  for (guint i = 0; i < values->n_parts; i++)
    {
      const CsRect *segment = &geometry->base_segments[i];
      PangoLayout *label;
      CsColor fill, on;
      double lw, lh;

      if (segment->width <= 0 ||
          (label = _cs_chart_bar_segment_label (frame, _cs_chart_compare_base_part (frame, i), segment)) == NULL)
        continue;
      _cs_chart_text_size (label, &lw, &lh);
      cs_palette_get_part_color (frame->style.theme, i, values->n_parts, &fill);
      cs_palette_get_text_on (&fill, &on);
      _cs_chart_frame_place (frame, label, segment->x + (segment->width - lw) / 2,
                             segment->y + (segment->height - lh) / 2, &on);
    }
}

void
_cs_chart_compare_draw_bar (CsChartFrame *frame,
                            cairo_t      *cr)
{
  const CsChartGeometry *geometry = frame->geometry;
  const CsRect *plot = &geometry->base_plot;
  double hairline = 1.0 / frame->style.scale;
  CsColor grid, neutral;

  if (plot->height <= 0 || geometry->base_segments == NULL)
    return;
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_NEUTRAL, &neutral);
  cs_color_set_source (cr, &neutral);
  cairo_rectangle (cr, plot->x, plot->y, plot->width, plot->height);
  cairo_fill (cr);
  for (guint i = 0; i < geometry->n_parts; i++)
    {
      const CsRect *segment = &geometry->base_segments[i];
      CsColor fill;

      if (segment->width <= 0)
        continue;
      cs_palette_get_part_color (frame->style.theme, i, geometry->n_parts, &fill);
      cs_color_set_source (cr, &fill);
      cairo_rectangle (cr, segment->x, segment->y, segment->width, segment->height);
      cairo_fill (cr);
    }
  cs_color_set_source (cr, &grid);
  cairo_set_line_width (cr, hairline);
  cairo_rectangle (cr, plot->x - hairline / 2, plot->y - hairline / 2,
                   plot->width + hairline, plot->height + hairline);
  cairo_stroke (cr);
}
