/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-ref.c — the REF chart: a value on a low / medium / high scale
 *
 * Layout from top to bottom: title, marker, scale track with its three
 * bands, tick labels at low / medium / high, then the value badge with the
 * band's sentence beside it, and the provenance footnote.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-chart-private.h"

static void
scale_range (const CsChartValues *values,
             double              *low,
             double              *medium,
             double              *high,
             double              *scale_max)
{
  /* Tolerate thresholds out of order rather than drawing bands backwards. */
  *low = isfinite (values->low) ? values->low : 0;
  *medium = isfinite (values->medium) ? MAX (values->medium, *low) : *low;
  *high = isfinite (values->high) ? MAX (values->high, *medium) : *medium;

  if (*high > *medium)
    *scale_max = *high + (*high - *medium);
  else if (*high > *low)
    *scale_max = *high + (*high - *low) / 4;
  else
    *scale_max = *high + MAX (fabs (*high) / 4, 1.0);
}

static double
value_to_x (const CsChartGeometry *geometry,
            double                 value)
{
  double t = (value - geometry->scale_min) / (geometry->scale_max - geometry->scale_min);

  return geometry->plot.x + CLAMP (t, 0.0, 1.0) * geometry->plot.width;
}

static char *
tick_text (const CsChartValues *values,
           double               v)
{
  return cs_chart_format_compact (v, g_strcmp0 (values->unit, "%") == 0 ? "%" : NULL);
}

void
_cs_chart_ref_layout (CsChartFrame *frame)
{
  const CsChartValues *values = frame->values;
  CsChartGeometry *geometry = frame->geometry;
  double width = geometry->width;
  double pad = frame->pad;
  double inner_w = MAX (1, width - 2 * pad);
  g_autofree char *low_text = NULL;
  g_autofree char *medium_text = NULL;
  g_autofree char *high_text = NULL;
  g_autofree char *value_text = NULL;
  PangoLayout *ticks[3], *badge_text, *sentence = NULL;
  const char *sentence_text;
  double thresholds[3];
  double low, medium, high, scale_max;
  double lw[3], lh = 0, bw, bh;
  double y, bottom, avail, marker_h, track_h, fixed, block, top, inset, tick_y, badge_y, sentence_w, sw = 0, sh;
  gboolean has_value = isfinite (values->value);
  CsColor text_color, secondary, badge_color, on_badge;
  const char *marker;
  int sentence_lines;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text_color);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);

  _cs_chart_frame_title_and_note (frame, &y, &bottom);
  avail = MAX (0, bottom - y);

  scale_range (values, &low, &medium, &high, &scale_max);
  geometry->scale_min = low;
  geometry->scale_max = scale_max;
  thresholds[0] = low;
  thresholds[1] = medium;
  thresholds[2] = high;

  low_text = tick_text (values, low);
  medium_text = tick_text (values, medium);
  high_text = tick_text (values, high);
  ticks[0] = _cs_chart_frame_text (frame, low_text, CS_CHART_FONT_SMALL, -1, 1);
  ticks[1] = _cs_chart_frame_text (frame, medium_text, CS_CHART_FONT_SMALL, -1, 1);
  ticks[2] = _cs_chart_frame_text (frame, high_text, CS_CHART_FONT_SMALL, -1, 1);
  for (guint i = 0; i < 3; i++)
    _cs_chart_text_size (ticks[i], &lw[i], &lh);

  marker = cs_provenance_get_marker (values->provenance);
  value_text = cs_chart_format_value (values->value, values->unit);
  geometry->value_text = has_value && marker[0] ? g_strconcat (value_text, " ", marker, NULL)
                                                : g_strdup (value_text);
  if (frame->base != NULL)
    {
      g_autofree char *base_text = cs_chart_format_value (frame->base->value, values->unit);
      g_autofree char *new_text = g_steal_pointer (&geometry->value_text);

      /* TRANSLATORS: a compared gauge's value, "base → new", e.g. "1.42 → 1.08" */
      geometry->value_text = g_strdup_printf (_("%s → %s"), base_text, new_text);
    }
  /* "base → new" is two values: more of the width, the sentence wraps */
  badge_text = _cs_chart_frame_text (frame, geometry->value_text, CS_CHART_FONT_BOLD,
                                     frame->base != NULL ? inner_w * 0.8 : inner_w / 2, 1);
  _cs_chart_text_size (badge_text, &bw, &bh);

  sentence_text = values->sentence;
  if (!has_value)
    sentence_text = _("No value: the events this metric needs were not measured.");
  if (sentence_text == NULL || sentence_text[0] == '\0')
    sentence_text = NULL;
  sentence_w = inner_w - (bw + 16) - pad;

  /* Vertical budget: marker, track, ticks, then the badge row, as tall as
   * the badge or the wrapped sentence. The track absorbs what is left over,
   * within limits, and the block is centred. */
  marker_h = CLAMP (frame->line_height * 0.8, 6, 16);
  track_h = CLAMP (avail * 0.18, 8, 28);
  fixed = marker_h + 1 + track_h + 3 + lh + pad * 0.75;
  sentence_lines = MAX (1, (int) floor ((avail - fixed - 4) / frame->line_height));
  sh = 0;
  if (sentence_text != NULL && sentence_w > 20)
    {
      sentence = _cs_chart_frame_text (frame, sentence_text, CS_CHART_FONT_REGULAR, sentence_w, sentence_lines);
      _cs_chart_text_size (sentence, &sw, &sh);
    }
  block = fixed + MAX (bh + 6, sh);
  if (block > avail)
    {
      track_h = MAX (4, track_h - (block - avail));
      block = marker_h + 1 + track_h + 3 + lh + pad * 0.75 + MAX (bh + 6, sh);
    }
  top = y + MAX (0, (avail - block) / 2);

  /* The end ticks' labels are centred on the ends: keep them inside. */
  inset = MIN (MAX (lw[0], lw[2]) / 2, inner_w / 6);
  geometry->plot.x = _cs_chart_frame_snap (frame, pad + inset);
  geometry->plot.y = _cs_chart_frame_snap (frame, top + marker_h + 1);
  geometry->plot.width = _cs_chart_frame_snap (frame, pad + inner_w - inset) - geometry->plot.x;
  geometry->plot.height = _cs_chart_frame_snap (frame, top + marker_h + 1 + track_h) - geometry->plot.y;

  for (guint b = 0; b < 3; b++)
    {
      double from = b == 0 ? low : b == 1 ? medium : high;
      double to = b == 0 ? medium : b == 1 ? high : scale_max;
      double x0 = _cs_chart_frame_snap (frame, value_to_x (geometry, from));
      double x1 = _cs_chart_frame_snap (frame, value_to_x (geometry, to));

      geometry->bands[b] = (CsRect) { x0, geometry->plot.y, MAX (0, x1 - x0), geometry->plot.height };
    }

  /* Tick labels, skipping one that would overlap its left neighbour. */
  tick_y = geometry->plot.y + geometry->plot.height + 3;
  {
    double right_edge = -G_MAXDOUBLE;

    for (guint i = 0; i < 3; i++)
      {
        double x = value_to_x (geometry, thresholds[i]) - lw[i] / 2;

        x = CLAMP (x, pad, width - pad - lw[i]);
        if (x < right_edge + 4)
          continue;
        _cs_chart_frame_place (frame, ticks[i], x, tick_y, &secondary);
        right_edge = x + lw[i];
      }
  }

  if (has_value)
    {
      double mw = marker_h * 1.2;

      geometry->marker_x = value_to_x (geometry, values->value);
      geometry->marker = (CsRect) { geometry->marker_x - mw / 2, geometry->plot.y - 1 - marker_h, mw, marker_h };
    }

  if (frame->base != NULL && isfinite (frame->base->value))
    {
      double mw = marker_h * 1.2;

      geometry->base_marker_x = value_to_x (geometry, frame->base->value);
      geometry->base_marker = (CsRect) { geometry->base_marker_x - mw / 2, geometry->plot.y - 1 - marker_h,
                                         mw, marker_h };
    }

  badge_y = tick_y + lh + pad * 0.75;
  geometry->badge = (CsRect) { pad, badge_y, bw + 16, bh + 6 };
  cs_palette_get_band_color (frame->style.theme, has_value ? values->band : CS_BAND_NONE,
                             values->higher_is_better, &badge_color);
  cs_palette_get_text_on (&badge_color, &on_badge);
  _cs_chart_frame_place (frame, badge_text, pad + 8, badge_y + 3, &on_badge);

  if (sentence != NULL)
    {
      /* The first line is centred on the badge. */
      geometry->sentence = (CsRect) { pad + geometry->badge.width + pad,
                                      badge_y + (geometry->badge.height - MIN (sh, frame->line_height)) / 2,
                                      sw, sh };
      _cs_chart_frame_place (frame, sentence, geometry->sentence.x, geometry->sentence.y, &text_color);
    }
}

void
_cs_chart_ref_draw (CsChartFrame *frame,
                   cairo_t      *cr)
{
  const CsChartValues *values = frame->values;
  const CsChartGeometry *geometry = frame->geometry;
  double hairline = 1.0 / frame->style.scale;
  CsColor grid, text_color, color;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text_color);

  if (geometry->plot.width <= 0 || geometry->plot.height <= 0)
    return;

  for (guint b = 0; b < 3; b++)
    {
      if (geometry->bands[b].width <= 0)
        continue;
      cs_palette_get_band_color (frame->style.theme, (CsBand) b, values->higher_is_better, &color);
      cs_color_set_source (cr, &color);
      cairo_rectangle (cr, geometry->bands[b].x, geometry->bands[b].y,
                       geometry->bands[b].width, geometry->bands[b].height);
      cairo_fill (cr);
    }

  /* Ticks at low, medium and high, below the track. */
  cs_color_set_source (cr, &grid);
  cairo_set_line_width (cr, hairline);
  for (guint b = 0; b < 3; b++)
    {
      double x = _cs_chart_frame_snap (frame, geometry->bands[b].x) + hairline / 2;

      cairo_move_to (cr, x, geometry->plot.y + geometry->plot.height);
      cairo_line_to (cr, x, geometry->plot.y + geometry->plot.height + 3);
    }
  cairo_stroke (cr);

  if (isfinite (geometry->base_marker_x))
    {
      const CsRect *m = &geometry->base_marker;
      CsColor secondary;

      /* The base hollow and grey, under the new marker: where it was. */
      _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);
      cs_color_set_source (cr, &secondary);
      cairo_set_line_width (cr, 2 * hairline);
      cairo_move_to (cr, geometry->base_marker_x, geometry->plot.y - 1);
      cairo_line_to (cr, geometry->base_marker_x, geometry->plot.y + geometry->plot.height + 1);
      cairo_stroke (cr);
      cairo_move_to (cr, m->x + hairline, m->y + hairline);
      cairo_line_to (cr, m->x + m->width - hairline, m->y + hairline);
      cairo_line_to (cr, geometry->base_marker_x, m->y + m->height - hairline);
      cairo_close_path (cr);
      cairo_set_line_width (cr, 1.5 * hairline);
      cairo_stroke (cr);
    }

  if (isfinite (geometry->marker_x))
    {
      const CsRect *m = &geometry->marker;

      /* A needle across the track and a triangle in the band's colour. */
      cs_color_set_source (cr, &text_color);
      cairo_set_line_width (cr, 2 * hairline);
      cairo_move_to (cr, geometry->marker_x, geometry->plot.y - 1);
      cairo_line_to (cr, geometry->marker_x, geometry->plot.y + geometry->plot.height + 1);
      cairo_stroke (cr);

      cs_palette_get_band_color (frame->style.theme, values->band, values->higher_is_better, &color);
      cairo_move_to (cr, m->x, m->y);
      cairo_line_to (cr, m->x + m->width, m->y);
      cairo_line_to (cr, geometry->marker_x, m->y + m->height);
      cairo_close_path (cr);
      cs_color_set_source (cr, &color);
      cairo_fill_preserve (cr);
      cs_color_set_source (cr, &text_color);
      cairo_set_line_width (cr, hairline);
      cairo_stroke (cr);
    }

  cs_palette_get_band_color (frame->style.theme, isfinite (values->value) ? values->band : CS_BAND_NONE,
                             values->higher_is_better, &color);
  _cs_chart_rounded_rect (cr, &geometry->badge, 4);
  cs_color_set_source (cr, &color);
  cairo_fill (cr);
}
