/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-draw.c — see cs-flame-draw.h
 *
 * Frame labels go through one Pango layout reused for every frame, drawn
 * at once, not queued: a wide flame graph has thousands of frames and the
 * first frame on screen must come quickly. Neighbouring frames of one
 * module differ a little in lightness (by function) so that their edges
 * show without gaps between them, which would eat into their widths.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cs-chart-private.h"
#include "cs-flame-private.h"

#define PAD 6.0

void
cs_flame_draw_options_init (CsFlameDrawOptions *options)
{
  options->icicle = FALSE;
  options->title = NULL;
  options->hover_node = CS_CALL_NO_NODE;
  options->focus_node = CS_CALL_NO_NODE;
  options->searching = FALSE;
  options->base_shares = NULL;
  options->base_samples = 0;
}

static void
metrics_of (const CsChartFrame *frame,
            double             *header,
            double             *row)
{
  *header = frame->line_height * 1.15 + 2 * PAD;
  *row = ceil (frame->small_line_height + 4);
}

void
cs_flame_get_metrics (const CsChartStyle *style,
                      double             *header_height,
                      double             *row_height)
{
  CsChartFrame frame = { 0 };

  _cs_chart_frame_init_text (&frame, style, PAD);
  metrics_of (&frame, header_height, row_height);
  _cs_chart_frame_clear_text (&frame);
}

double
cs_flame_get_natural_height (const CsFlameLayout *layout,
                             const CsChartStyle  *style)
{
  double header, row;

  cs_flame_get_metrics (style, &header, &row);
  return header + MAX (layout->n_rows, 1) * row + PAD;
}

static double
row_y (const CsFlameLayout      *layout,
       const CsFlameDrawOptions *options,
       double                    header,
       double                    row,
       double                    height,
       guint                     r)
{
  if (options->icicle)
    return header + r * row;
  return height - PAD - (r + 1) * row;
}

double
cs_flame_row_y (const CsFlameLayout      *layout,
                const CsChartStyle       *style,
                const CsFlameDrawOptions *options,
                double                    height,
                guint                     r)
{
  double header, row;

  cs_flame_get_metrics (style, &header, &row);
  return row_y (layout, options, header, row, height, r);
}

int
cs_flame_row_at (const CsFlameLayout      *layout,
                 const CsChartStyle       *style,
                 const CsFlameDrawOptions *options,
                 double                    height,
                 double                    y)
{
  double header, row;
  int r;

  cs_flame_get_metrics (style, &header, &row);
  if (y < header)
    return -1;
  r = options->icicle ? (int) floor ((y - header) / row) : (int) floor ((height - PAD - y) / row);
  return r >= 0 && (guint) r < layout->n_rows ? r : -1;
}

static void
mix (CsColor       *c,
     const CsColor *with,
     double         amount)
{
  c->red += (with->red - c->red) * amount;
  c->green += (with->green - c->green) * amount;
  c->blue += (with->blue - c->blue) * amount;
}

void
cs_flame_frame_color (const CsFlameLayout *layout,
                      const CsChartStyle  *style,
                      guint                function,
                      CsColor             *color)
{
  CsProfile *profile = cs_call_graph_get_profile (layout->graph);
  const CsCallFunction *f;
  CsColor shade;
  guint n_modules = MAX (cs_profile_get_n_modules (profile), CS_PALETTE_N_BASE);

  if (function == CS_CALL_NO_FUNCTION)
    {
      cs_palette_get_role_color (style->theme, CS_COLOR_ROLE_NEUTRAL, color);
      return;
    }
  f = cs_profile_get_function (profile, function);
  cs_palette_get_part_color (style->theme, f->module->index, n_modules, color);
  /* a step of lightness per function, towards the background */
  cs_palette_get_role_color (style->theme, CS_COLOR_ROLE_CARD, &shade);
  mix (color, &shade, 0.06 * (double) (g_str_hash (f->name) % 4));
}

/* The colour of matched frames while searching. */
static void
cs_flame_match_color (const CsChartStyle *style,
                      CsColor            *color)
{
  /* magenta, as flame graph tools mark matches: no module colour is it */
  if (style->theme == CS_THEME_DARK)
    *color = (CsColor) { 0.95, 0.45, 0.95, 1 };
  else
    *color = (CsColor) { 0.80, 0.05, 0.80, 1 };
}

static char *
status_text (const CsFlameLayout      *layout,
             const CsFlameDrawOptions *options)
{
  CsProfile *profile = cs_call_graph_get_profile (layout->graph);
  const CsCallNode *zoom = cs_call_graph_get_node (layout->graph, layout->kind, layout->zoom);

  if (options->base_shares != NULL && !options->searching && layout->zoom == CS_CALL_ROOT)
    return g_strdup (_("Red grew, blue shrank against the base"));
  if (options->searching)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u frame matches: %.2f %% of the samples",
                                         "%u frames match: %.2f %% of the samples", layout->n_matched),
                            layout->n_matched, cs_flame_layout_get_matched_percent (layout));
  if (layout->zoom != CS_CALL_ROOT)
    return g_strdup_printf (_("Zoomed into %s: %.2f %% of the samples"),
                            cs_profile_get_function (profile, zoom->function)->name,
                            layout->event_total > 0 ? 100.0 * (double) layout->zoom_total / (double) layout->event_total : 0);
  return NULL;
}

void
cs_flame_draw (cairo_t                  *cr,
               const CsFlameLayout      *layout,
               const CsChartStyle       *style,
               const CsFlameDrawOptions *options,
               double                    width,
               double                    height)
{
  CsProfile *profile = cs_call_graph_get_profile (layout->graph);
  CsChartFrame frame = { 0 };
  CsFlameDrawOptions defaults;
  g_autoptr(PangoLayout) label = NULL;
  g_autofree char *status = NULL;
  CsColor text, background, match;
  double header, row, status_width = 0, max_change;

  if (options == NULL)
    {
      cs_flame_draw_options_init (&defaults);
      options = &defaults;
    }
  _cs_chart_frame_init_text (&frame, style, PAD);
  metrics_of (&frame, &header, &row);
  _cs_chart_frame_begin_paint (&frame, cr, width, height);
  _cs_chart_frame_role_color (&frame, CS_COLOR_ROLE_TEXT, &text);
  _cs_chart_frame_role_color (&frame, CS_COLOR_ROLE_CARD, &background);
  cs_flame_match_color (&frame.style, &match);

  status = status_text (layout, options);
  if (status != NULL)
    {
      PangoLayout *l = _cs_chart_frame_text (&frame, status, CS_CHART_FONT_REGULAR, width / 2, 1);
      double h;

      _cs_chart_text_size (l, &status_width, &h);
      _cs_chart_frame_place (&frame, l, width - PAD - status_width, PAD, &text);
    }
  if (options->title != NULL)
    _cs_chart_frame_place (&frame, _cs_chart_frame_text (&frame, options->title, CS_CHART_FONT_BOLD,
                                                         width - 3 * PAD - status_width, 1),
                           PAD, PAD, &text);

  max_change = _cs_flame_diff_max (layout, options);
  label = pango_layout_new (frame.context);
  pango_layout_set_font_description (label, frame.small_font);
  pango_layout_set_ellipsize (label, PANGO_ELLIPSIZE_END);
  cairo_save (cr);
  cairo_rectangle (cr, 0, header, width, MAX (height - header, 0));
  cairo_clip (cr);
  for (guint i = 0; i < layout->frames->len; i++)
    {
      const CsFlameFrame *f = &g_array_index (layout->frames, CsFlameFrame, i);
      double y = row_y (layout, options, header, row, height, f->depth);
      double x = f->x * width / layout->width, w = f->width * width / layout->width;
      CsColor fill, ink;

      if (y + row < header || y > height)
        continue;
      if (options->searching && f->matched)
        fill = match;
      else if (options->base_shares != NULL && !options->searching)
        _cs_flame_diff_color (layout, options, f, max_change, &fill);
      else
        {
          cs_flame_frame_color (layout, &frame.style, f->function, &fill);
          if (options->searching)
            mix (&fill, &background, 0.65);
          else if (f->ancestor)
            mix (&fill, &background, 0.35);
        }
      cs_color_set_source (cr, &fill);
      cairo_rectangle (cr, x, y, w, row - 1);
      cairo_fill (cr);
      /* the left edge a shade darker, inside the frame: neighbours of one
       * module stay apart and no frame loses width */
      if (w >= 3)
        {
          CsColor edge = fill;

          mix (&edge, &text, 0.25);
          cs_color_set_source (cr, &edge);
          cairo_rectangle (cr, x, y, 1, row - 1);
          cairo_fill (cr);
        }
      if (f->node == options->hover_node || f->node == options->focus_node)
        {
          cs_color_set_source (cr, &text);
          cairo_set_line_width (cr, f->node == options->focus_node ? 2 : 1);
          cairo_rectangle (cr, x + 1, y + 1, MAX (w - 2, 0), row - 3);
          cairo_stroke (cr);
        }
      if (w >= 2 * row)
        {
          const char *name = f->function == CS_CALL_NO_FUNCTION ? _("all")
                             : cs_profile_get_function (profile, f->function)->name;
          PangoRectangle ink_rect, logical;

          pango_layout_set_text (label, name, -1);
          pango_layout_set_width (label, (int) ((w - 6) * PANGO_SCALE));
          pango_layout_get_pixel_extents (label, &ink_rect, &logical);
          cs_palette_get_text_on (&fill, &ink);
          cs_color_set_source (cr, &ink);
          cairo_move_to (cr, x + 3, y + (row - 1 - logical.height) / 2);
          pango_cairo_show_layout (cr, label);
        }
    }
  cairo_restore (cr);
  _cs_chart_frame_paint_texts (&frame, cr);
  cairo_restore (cr);
  _cs_chart_frame_clear_text (&frame);
}
