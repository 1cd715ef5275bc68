/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-draw.c — BAR and REF charts drawn with cairo and pango */

#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-chart-format.h"
#include "cs-chart-private.h"

void
cs_chart_style_init (CsChartStyle *style,
                     CsTheme       theme)
{
  g_return_if_fail (style != NULL);

  style->theme = theme;
  style->scale = 1.0;
  style->font = NULL;
  style->transparent = FALSE;
}

gboolean
cs_rect_contains (const CsRect *rect,
                  double        x,
                  double        y)
{
  return rect->width > 0 && rect->height > 0 &&
         x >= rect->x && x < rect->x + rect->width &&
         y >= rect->y && y < rect->y + rect->height;
}

void
cs_chart_geometry_free (CsChartGeometry *geometry)
{
  if (geometry == NULL)
    return;
  g_free (geometry->parts);
  g_free (geometry->base_segments);
  g_free (geometry->value_text);
  g_free (geometry);
}

int
cs_chart_geometry_part_at (const CsChartGeometry *geometry,
                           double                 x,
                           double                 y)
{
  g_return_val_if_fail (geometry != NULL, -1);

  for (guint i = 0; i < geometry->n_parts; i++)
    if (cs_rect_contains (&geometry->parts[i].segment, x, y) ||
        cs_rect_contains (&geometry->parts[i].legend, x, y))
      return (int) i;
  return -1;
}

/* Frame */

static PangoFontDescription *
derive_font (const PangoFontDescription *base,
             double                      size_factor,
             PangoWeight                 weight)
{
  PangoFontDescription *font = pango_font_description_copy (base);

  pango_font_description_set_size (font, MAX (1, (int) (pango_font_description_get_size (base) * size_factor)));
  pango_font_description_set_weight (font, weight);
  return font;
}

static void
text_clear (gpointer data)
{
  CsChartText *text = data;

  g_clear_object (&text->layout);
}

void
_cs_chart_frame_init_text (CsChartFrame       *frame,
                          const CsChartStyle *style,
                          double              pad)
{
  cairo_font_options_t *options;
  PangoLayout *probe;
  double w;

  if (style != NULL)
    frame->style = *style;
  else
    cs_chart_style_init (&frame->style, CS_THEME_LIGHT);
  if (!(frame->style.scale > 0))
    frame->style.scale = 1.0;
  frame->texts = g_array_new (FALSE, TRUE, sizeof (CsChartText));
  g_array_set_clear_func (frame->texts, text_clear);
  frame->layouts = g_ptr_array_new_with_free_func (g_object_unref);

  /* Metrics must not depend on the target surface, or the geometry measured
   * here would differ from what a PNG, PDF or widget draws: no metric
   * hinting and a fixed resolution. */
  frame->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (frame->context, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (frame->context, 96.0);

  frame->font = pango_font_description_from_string (frame->style.font != NULL ? frame->style.font
                                                                               : CS_CHART_DEFAULT_FONT);
  if (pango_font_description_get_size (frame->font) <= 0)
    pango_font_description_set_size (frame->font, 10 * PANGO_SCALE);
  frame->bold_font = derive_font (frame->font, 1.15, PANGO_WEIGHT_BOLD);
  frame->small_font = derive_font (frame->font, 0.9, pango_font_description_get_weight (frame->font));

  frame->pad = pad;
  probe = _cs_chart_frame_text (frame, "Ag", CS_CHART_FONT_REGULAR, -1, 1);
  _cs_chart_text_size (probe, &w, &frame->line_height);
  probe = _cs_chart_frame_text (frame, "Ag", CS_CHART_FONT_SMALL, -1, 1);
  _cs_chart_text_size (probe, &w, &frame->small_line_height);
}

void
_cs_chart_frame_clear_text (CsChartFrame *frame)
{
  g_clear_pointer (&frame->texts, g_array_unref);
  g_clear_pointer (&frame->layouts, g_ptr_array_unref);
  g_clear_object (&frame->context);
  g_clear_pointer (&frame->font, pango_font_description_free);
  g_clear_pointer (&frame->bold_font, pango_font_description_free);
  g_clear_pointer (&frame->small_font, pango_font_description_free);
}

void
_cs_chart_frame_begin_paint (CsChartFrame *frame,
                            cairo_t      *cr,
                            double        width,
                            double        height)
{
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  if (!frame->style.transparent)
    {
      CsColor card;

      _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_CARD, &card);
      cs_color_set_source (cr, &card);
      cairo_paint (cr);
    }
}

void
_cs_chart_frame_paint_texts (CsChartFrame *frame,
                            cairo_t      *cr)
{
  for (guint i = 0; i < frame->texts->len; i++)
    {
      CsChartText *text = &g_array_index (frame->texts, CsChartText, i);

      cairo_move_to (cr, text->x, text->y);
      cs_color_set_source (cr, &text->color);
      pango_cairo_update_layout (cr, text->layout);
      pango_cairo_show_layout (cr, text->layout);
    }
}

static CsChartFrame *
frame_new (const CsChartValues *values,
           const CsChartValues *base,
           const CsChartStyle  *style,
           double               width,
           double               height)
{
  CsChartFrame *frame = g_new0 (CsChartFrame, 1);

  frame->values = values;
  /* a base of another kind (a model changed between the recordings)
   * cannot pair up: the new chart alone */
  frame->base = base != NULL && base->kind == values->kind ? base : NULL;
  frame->geometry = g_new0 (CsChartGeometry, 1);
  frame->geometry->kind = values->kind;
  frame->geometry->width = width;
  frame->geometry->height = height;
  frame->geometry->marker_x = NAN;
  frame->geometry->base_marker_x = NAN;
  _cs_chart_frame_init_text (frame, style, CLAMP (MIN (width, height) * 0.04, 4.0, 14.0));
  return frame;
}

static void
frame_free (CsChartFrame *frame)
{
  g_clear_pointer (&frame->geometry, cs_chart_geometry_free);
  _cs_chart_frame_clear_text (frame);
  g_free (frame);
}

PangoLayout *
_cs_chart_frame_text (CsChartFrame *frame,
                     const char   *text,
                     CsChartFont   font,
                     double        max_width,
                     int           max_lines)
{
  PangoLayout *layout = pango_layout_new (frame->context);

  switch (font)
    {
    case CS_CHART_FONT_BOLD:
      pango_layout_set_font_description (layout, frame->bold_font);
      break;
    case CS_CHART_FONT_SMALL:
      pango_layout_set_font_description (layout, frame->small_font);
      break;
    case CS_CHART_FONT_REGULAR:
    default:
      pango_layout_set_font_description (layout, frame->font);
      break;
    }
  pango_layout_set_text (layout, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      if (max_lines > 1)
        {
          pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
          pango_layout_set_height (layout, -max_lines);
        }
    }

  g_ptr_array_add (frame->layouts, layout);
  return layout;
}

void
_cs_chart_text_size (PangoLayout *layout,
                    double      *width,
                    double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  *width = (double) logical.width / PANGO_SCALE;
  *height = (double) logical.height / PANGO_SCALE;
}

void
_cs_chart_frame_place (CsChartFrame  *frame,
                      PangoLayout   *layout,
                      double         x,
                      double         y,
                      const CsColor *color)
{
  CsChartText text = { g_object_ref (layout), x, y, *color };

  g_array_append_val (frame->texts, text);
}

double
_cs_chart_frame_snap (CsChartFrame *frame,
                     double        v)
{
  return round (v * frame->style.scale) / frame->style.scale;
}

void
_cs_chart_frame_role_color (CsChartFrame *frame,
                           CsColorRole   role,
                           CsColor      *color)
{
  cs_palette_get_role_color (frame->style.theme, role, color);
}

void
_cs_chart_frame_title_and_note (CsChartFrame *frame,
                               double       *top,
                               double       *bottom)
{
  const CsChartValues *values = frame->values;
  CsChartGeometry *geometry = frame->geometry;
  double pad = frame->pad;
  double inner_w = MAX (1, geometry->width - 2 * pad);
  g_autofree char *note = _cs_chart_provenance_note (values);
  CsColor text_color, secondary;
  PangoLayout *title;
  double tw, th;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text_color);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);

  title = _cs_chart_frame_text (frame, values->title ? values->title : values->id ? values->id : "",
                               CS_CHART_FONT_BOLD, -1, 1);
  _cs_chart_text_size (title, &tw, &th);
  /* A REF chart has room to spare below its scale: a long title wraps to a
   * second line there rather than lose its end ("% of Mispredicted
   * Branc…"). A BAR chart needs the height for its legend. */
  if (tw > inner_w && values->kind == CS_CHART_REF && geometry->height >= 8 * frame->line_height)
    title = _cs_chart_frame_text (frame, pango_layout_get_text (title), CS_CHART_FONT_BOLD, inner_w, 2);
  else
    title = _cs_chart_frame_text (frame, pango_layout_get_text (title), CS_CHART_FONT_BOLD, inner_w, 1);
  _cs_chart_text_size (title, &tw, &th);
  geometry->title = (CsRect) { pad, pad, MIN (tw, inner_w), th };
  _cs_chart_frame_place (frame, title, pad, pad, &text_color);
  *top = pad + th + pad * 0.75;

  *bottom = geometry->height - pad;
  if (note != NULL)
    {
      PangoLayout *footnote = _cs_chart_frame_text (frame, note, CS_CHART_FONT_SMALL, inner_w, 1);
      double fw, fh;

      _cs_chart_text_size (footnote, &fw, &fh);
      _cs_chart_frame_place (frame, footnote, pad, geometry->height - pad - fh, &secondary);
      *bottom -= fh + pad * 0.5;
    }
}

char *
_cs_chart_provenance_note (const CsChartValues *values)
{
  gboolean seen[CS_PROVENANCE_RECONSTRUCTED + 1] = { FALSE, };
  GString *note = g_string_new (NULL);

  if (values->kind == CS_CHART_BAR)
    {
      for (guint i = 0; i < values->n_parts; i++)
        if (values->parts[i].provenance <= CS_PROVENANCE_RECONSTRUCTED)
          seen[values->parts[i].provenance] = TRUE;
    }
  else if (values->provenance <= CS_PROVENANCE_RECONSTRUCTED)
    seen[values->provenance] = TRUE;

  for (guint p = 0; p < G_N_ELEMENTS (seen); p++)
    {
      const char *marker = cs_provenance_get_marker (p);
      const char *description = cs_provenance_get_description (p);

      if (!seen[p] || marker[0] == '\0' || description == NULL)
        continue;
      if (note->len > 0)
        g_string_append (note, "   ");
      g_string_append_printf (note, "%s %s", marker, description);
    }
  if (note->len == 0)
    {
      g_string_free (note, TRUE);
      return NULL;
    }
  return g_string_free (note, FALSE);
}

void
_cs_chart_rounded_rect (cairo_t      *cr,
                       const CsRect *rect,
                       double        radius)
{
  double r = MIN (radius, MIN (rect->width, rect->height) / 2);
  double x = rect->x, y = rect->y, w = rect->width, h = rect->height;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static CsChartFrame *
frame_layout (const CsChartValues *values,
              const CsChartValues *base,
              const CsChartStyle  *style,
              double               width,
              double               height)
{
  CsChartFrame *frame = frame_new (values, base, style, width, height);

  if (values->kind == CS_CHART_BAR)
    _cs_chart_bar_layout (frame);
  else
    _cs_chart_ref_layout (frame);
  return frame;
}

CsChartGeometry *
cs_chart_compare_geometry_new (const CsChartValues *base,
                               const CsChartValues *new_values,
                               const CsChartStyle  *style,
                               double               width,
                               double               height)
{
  CsChartFrame *frame;
  CsChartGeometry *geometry;

  g_return_val_if_fail (new_values != NULL, NULL);

  frame = frame_layout (new_values, base, style, width, height);
  geometry = g_steal_pointer (&frame->geometry);
  frame_free (frame);
  return geometry;
}

CsChartGeometry *
cs_chart_geometry_new (const CsChartValues *values,
                       const CsChartStyle  *style,
                       double               width,
                       double               height)
{
  g_return_val_if_fail (values != NULL, NULL);

  return cs_chart_compare_geometry_new (NULL, values, style, width, height);
}

void
cs_chart_draw_compare (cairo_t             *cr,
                       const CsChartValues *base,
                       const CsChartValues *new_values,
                       const CsChartStyle  *style,
                       double               width,
                       double               height)
{
  CsChartFrame *frame;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (new_values != NULL);

  if (width <= 0 || height <= 0)
    return;

  frame = frame_layout (new_values, base, style, width, height);

  _cs_chart_frame_begin_paint (frame, cr, width, height);

  if (new_values->kind == CS_CHART_BAR)
    _cs_chart_bar_draw (frame, cr);
  else
    _cs_chart_ref_draw (frame, cr);

  _cs_chart_frame_paint_texts (frame, cr);
  cairo_restore (cr);

  frame_free (frame);
}

void
cs_chart_draw (cairo_t             *cr,
               const CsChartValues *values,
               const CsChartStyle  *style,
               double               width,
               double               height)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (values != NULL);

  cs_chart_draw_compare (cr, NULL, values, style, width, height);
}

static void
draw_chart (cairo_t            *cr,
            gconstpointer       values,
            const CsChartStyle *style,
            double              width,
            double              height)
{
  cs_chart_draw (cr, values, style, width, height);
}

CsDrawing
cs_chart_drawing (const CsChartValues *values)
{
  return (CsDrawing) { draw_chart, values };
}

static void
draw_pair (cairo_t            *cr,
           gconstpointer       data,
           const CsChartStyle *style,
           double              width,
           double              height)
{
  const CsChartPair *pair = data;

  cs_chart_draw_compare (cr, pair->base, pair->new_values, style, width, height);
}

CsDrawing
cs_chart_compare_drawing (const CsChartPair *pair)
{
  return (CsDrawing) { draw_pair, pair };
}
