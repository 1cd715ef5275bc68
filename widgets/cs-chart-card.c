/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-card.c — see cs-chart-card.h */

#include "config.h"

#include "cs-chart-card.h"
#include "cs-widgets-util.h"

#define CARD_RADIUS 6.0

void
cs_chart_card_get_style (GtkWidget     *widget,
                         CsChartStyle  *style,
                         char         **font)
{
  const PangoFontDescription *desc;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (style != NULL);

  cs_chart_style_init (style, cs_widgets_prefers_dark (widget) ? CS_THEME_DARK : CS_THEME_LIGHT);
  style->scale = MAX (1, gtk_widget_get_scale_factor (widget));
  /* The card is painted by the widget so it can follow the rounded clip. */
  style->transparent = TRUE;
  desc = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (font != NULL)
    *font = desc != NULL ? pango_font_description_to_string (desc) : NULL;
}

static GdkRGBA
role_rgba (CsTheme     theme,
           CsColorRole role)
{
  CsColor c;

  cs_palette_get_role_color (theme, role, &c);
  return (GdkRGBA) { c.red, c.green, c.blue, c.alpha };
}

void
cs_chart_card_snapshot (GtkWidget       *widget,
                        GtkSnapshot     *snapshot,
                        CsChartCardDraw  draw,
                        gconstpointer    data)
{
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  g_autofree char *font = NULL;
  CsChartStyle style;
  GskRoundedRect outline;
  GdkRGBA card, border;

  if (width <= 0 || height <= 0)
    return;

  cs_chart_card_get_style (widget, &style, &font);
  style.font = font;
  card = role_rgba (style.theme, CS_COLOR_ROLE_CARD);
  border = role_rgba (style.theme, CS_COLOR_ROLE_GRID);

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), CARD_RADIUS);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &card, &outline.bounds);
  if (data != NULL)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

      draw (cr, data, &style, width, height);
      cairo_destroy (cr);
    }
  gtk_snapshot_pop (snapshot);

  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { border, border, border, border });

  if (gtk_widget_has_visible_focus (widget))
    {
      GdkRGBA focus;

      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_style_context_get_color (gtk_widget_get_style_context (widget), &focus);
      G_GNUC_END_IGNORE_DEPRECATIONS
      focus.alpha = 0.5;
      gsk_rounded_rect_shrink (&outline, 1, 1, 1, 1);
      gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 2, 2, 2, 2 },
                                  (GdkRGBA[4]) { focus, focus, focus, focus });
    }
}
