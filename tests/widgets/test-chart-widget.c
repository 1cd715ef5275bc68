/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-widget.c — CsChartWidget in a real window: pixels, theme,
 * tooltips, the context menu's actions */

#include "config.h"

#include <string.h>

#include "cs-chart-format.h"
#include "cs-chart-widget.h"
#include "cs-test-charts.h"
#include "cs-test-widgets.h"

static GtkWidget *
show_chart (CsChartValues *values,
            int            width,
            int            height,
            GtkWindow    **window)
{
  GtkWidget *chart = cs_chart_widget_new ();

  cs_chart_widget_set_values (CS_CHART_WIDGET (chart), values);
  *window = cs_test_show (chart, width, height);
  return chart;
}

static void
palette_pixel (CsTheme    theme,
               guint      index,
               guint      n,
               TestPixel *p)
{
  CsColor c;

  cs_palette_get_part_color (theme, index, n, &c);
  *p = (TestPixel) { c.red, c.green, c.blue };
}

static gboolean
pixel_close (TestPixel a,
             TestPixel b)
{
  /* 8-bit rounding through the renderer. */
  return fabs (a.r - b.r) < 0.01 && fabs (a.g - b.g) < 0.01 && fabs (a.b - b.b) < 0.01;
}

/* Parts 50/30/20 drawn by the widget: along a pixel row near the top of the
 * bar (above the labels), each part's colour runs for its share of the bar
 * within 2 px, and the runs tile the bar. The shares are computed by hand. */
static void
test_bar_segments (void)
{
  const double parts[] = { 50, 30, 20 };
  const double shares[] = { 0.5, 0.3, 0.2 };
  CsChartValues *values = test_bar_new ("Cycle decomposition", "cycles", parts, 3);
  GtkWindow *window;
  GtkWidget *chart = show_chart (values, 640, 260, &window);
  g_autoptr(CsTestImage) image = cs_test_render (chart);
  cairo_surface_t *surface = cs_test_image_surface (image);
  g_autofree char *font = NULL;
  g_autoptr(CsChartGeometry) geometry = NULL;
  CsChartStyle style;
  int x0[3], x1[3];
  double span;
  int y;

  cs_test_image_save (image, "cs-test-chart-widget-bar.png");
  cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, &font);
  style.font = font;
  /* The geometry only says which row to look at. */
  geometry = cs_chart_geometry_new (values, &style, 640, 260);
  y = (int) geometry->plot.y + 2;

  for (guint i = 0; i < 3; i++)
    {
      TestPixel want;

      palette_pixel (style.theme, i, 3, &want);
      x0[i] = x1[i] = -1;
      for (int x = 0; x < image->width; x++)
        if (pixel_close (test_pixel (surface, x, y), want))
          {
            if (x0[i] < 0)
              x0[i] = x;
            x1[i] = x + 1;
          }
      g_assert_cmpint (x0[i], >=, 0);
    }
  g_assert_cmpint (abs (x1[0] - x0[1]), <=, 1);
  g_assert_cmpint (abs (x1[1] - x0[2]), <=, 1);
  span = x1[2] - x0[0];
  g_assert_cmpfloat (span, >, 640 * 0.7);
  for (guint i = 0; i < 3; i++)
    {
      double w = x1[i] - x0[i];

      g_test_message ("segment %u: %g px of %g (expected %g)", i, w, span, shares[i] * span);
      g_assert_cmpfloat (fabs (w - shares[i] * span), <=, 2.0);
    }

  cairo_surface_destroy (surface);
  gtk_window_destroy (window);
  test_values_free (values);
}

/* The card takes the palette's card colour of the theme the widget's
 * foreground colour implies: light text → dark theme. */
static void
check_card (GtkWidget *chart,
            CsTheme    theme)
{
  g_autoptr(CsTestImage) image = cs_test_render (chart);
  CsColor card;

  cs_palette_get_role_color (theme, CS_COLOR_ROLE_CARD, &card);
  /* Just inside the border, below the rounded corner. */
  g_assert_true (cs_test_image_near (image, 3, image->height / 2, card.red, card.green, card.blue, 3));
}

static void
test_theme (void)
{
  const double parts[] = { 2, 1 };
  CsChartValues *values = test_bar_new ("Theme", "cycles", parts, 2);
  GtkWindow *window;
  GtkWidget *chart = show_chart (values, 400, 200, &window);
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  CsChartStyle style;

  gtk_css_provider_load_from_data (provider, "cs-chart { color: black; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  cs_test_wait_frames (chart);
  cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, NULL);
  g_assert_cmpint (style.theme, ==, CS_THEME_LIGHT);
  check_card (chart, CS_THEME_LIGHT);

  gtk_css_provider_load_from_data (provider, "cs-chart { color: #eeeeee; }", -1);
  cs_test_wait_frames (chart);
  cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, NULL);
  g_assert_cmpint (style.theme, ==, CS_THEME_DARK);
  check_card (chart, CS_THEME_DARK);

  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
  gtk_window_destroy (window);
  test_values_free (values);
}

/* The style follows the scale factor (run with GDK_SCALE=2 as well). */
static void
test_scale_factor (void)
{
  const double parts[] = { 1 };
  CsChartValues *values = test_bar_new ("Scale", "cycles", parts, 1);
  GtkWindow *window;
  GtkWidget *chart = show_chart (values, 300, 150, &window);
  const char *env = g_getenv ("GDK_SCALE");
  g_autofree char *font = NULL;
  CsChartStyle style;

  cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, &font);
  g_assert_cmpfloat (style.scale, ==, gtk_widget_get_scale_factor (chart));
  if (env != NULL)
    g_assert_cmpfloat (style.scale, ==, g_ascii_strtod (env, NULL));
  /* The widget's own font, as set in the test's GtkSettings. */
  g_assert_nonnull (font);
  g_assert_true (strstr (font, "DejaVu Sans") != NULL);

  gtk_window_destroy (window);
  test_values_free (values);
}

/* The tooltip of a segment names the part, its value and share and where the
 * number comes from; outside the chart's parts there is none. */
static void
test_bar_tooltip (void)
{
  const double parts[] = { 50, 30, 20 };
  CsChartValues *values = test_bar_new ("Cycle decomposition", "cycles", parts, 3);
  GtkWindow *window;
  GtkWidget *chart;
  g_autofree char *font = NULL;
  g_autoptr(CsChartGeometry) geometry = NULL;
  g_autofree char *tip0 = NULL;
  g_autofree char *tip1 = NULL;
  g_autofree char *none = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *copy_all = NULL;
  CsChartStyle style;
  const CsRect *s0, *s1;

  values->parts[1].provenance = CS_PROVENANCE_ESTIMATED;
  chart = show_chart (values, 640, 260, &window);
  cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, &font);
  style.font = font;
  geometry = cs_chart_geometry_new (values, &style, 640, 260);
  s0 = &geometry->parts[0].segment;
  s1 = &geometry->parts[1].segment;

  tip0 = cs_cairo_view_describe (CS_CAIRO_VIEW (chart), s0->x + s0->width / 2, s0->y + s0->height / 2);
  g_assert_nonnull (tip0);
  g_test_message ("%s", tip0);
  g_assert_nonnull (strstr (tip0, "Part A"));
  g_assert_nonnull (strstr (tip0, "50 cycles"));
  g_assert_nonnull (strstr (tip0, "50.0 %"));
  g_assert_nonnull (strstr (tip0, "counted"));

  tip1 = cs_cairo_view_describe (CS_CAIRO_VIEW (chart), s1->x + 2, s1->y + 2);
  g_assert_nonnull (tip1);
  g_assert_nonnull (strstr (tip1, "Part B"));
  g_assert_nonnull (strstr (tip1, "30.0 %"));
  g_assert_nonnull (strstr (tip1, "estimated from samples"));
  g_assert_nonnull (strstr (tip1, "≈"));

  none = cs_cairo_view_describe (CS_CAIRO_VIEW (chart), 1, 1);
  g_assert_null (none);

  /* "Copy Value" on a segment copies that part; elsewhere every part. */
  copy = cs_cairo_view_get_copy_text (CS_CAIRO_VIEW (chart), s0->x + 2, s0->y + 2);
  g_assert_cmpstr (copy, ==, "50 cycles");
  copy_all = cs_cairo_view_get_copy_text (CS_CAIRO_VIEW (chart), 1, 1);
  g_assert_cmpstr (copy_all, ==, "Part A\t50 cycles\t50.0 %\nPart B\t30 cycles\t30.0 %\nPart C\t20 cycles\t20.0 %\n");

  gtk_window_destroy (window);
  test_values_free (values);
}

/* A REF value in each band: the widget paints the marker in that band's
 * colour (hue classified independently), and the tooltip over the marker
 * carries the band's sentence. */
static void
test_ref_bands (void)
{
  const struct { double value; CsBand band; TestHue hue; } cases[] = {
    { 0.5, CS_BAND_LOW, TEST_HUE_GREEN },
    { 1.5, CS_BAND_MEDIUM, TEST_HUE_YELLOW },
    { 2.5, CS_BAND_HIGH, TEST_HUE_RED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CsChartValues *values = test_ref_new (cases[i].value, 0, 1, 2, FALSE, cases[i].band);
      GtkWindow *window;
      GtkWidget *chart = show_chart (values, 480, 220, &window);
      g_autoptr(CsTestImage) image = cs_test_render (chart);
      cairo_surface_t *surface = cs_test_image_surface (image);
      g_autofree char *font = NULL;
      g_autofree char *tip = NULL;
      g_autoptr(CsChartGeometry) geometry = NULL;
      CsChartStyle style;

      cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, &font);
      style.font = font;
      geometry = cs_chart_geometry_new (values, &style, 480, 220);
      g_assert_cmpint (test_hue (test_pixel (surface, (int) geometry->badge.x + 3,
                                             (int) (geometry->badge.y + geometry->badge.height / 2))),
                       ==, cases[i].hue);
      tip = cs_cairo_view_describe (CS_CAIRO_VIEW (chart),
                                         geometry->marker.x + geometry->marker.width / 2,
                                         geometry->marker.y + geometry->marker.height / 2);
      g_assert_nonnull (tip);
      g_assert_nonnull (strstr (tip, values->sentences[cases[i].band]));
      g_assert_nonnull (strstr (tip, "CPI"));

      cairo_surface_destroy (surface);
      gtk_window_destroy (window);
      test_values_free (values);
    }
}

static void
on_export_requested (CsChartWidget *chart,
                     char         **out)
{
  g_free (*out);
  *out = g_strdup (cs_chart_widget_get_chart_id (chart));
}

static GtkWidget *
find_popover (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER_MENU (child))
      return child;
  return NULL;
}

/* The context menu opens from the keyboard; "Export Chart…" emits
 * ::export-requested with the chart's id; "Copy Value" fills the
 * clipboard. */
static void
test_context_menu (void)
{
  CsChartValues *values = test_ref_new (1.25, 0, 1, 2, FALSE, CS_BAND_MEDIUM);
  GtkWindow *window;
  GtkWidget *chart = show_chart (values, 400, 200, &window);
  GtkWidget *popover = find_popover (chart);
  g_autofree char *exported = NULL;
  GdkContentProvider *content;
  GValue value = G_VALUE_INIT;

  g_assert_cmpstr (cs_chart_widget_get_chart_id (CS_CHART_WIDGET (chart)), ==, "test-ref");
  g_assert_nonnull (popover);
  g_assert_false (gtk_widget_get_visible (popover));
  gtk_widget_grab_focus (chart);
  g_assert_true (gtk_widget_activate_action (chart, "view.menu", NULL));
  cs_test_flush ();
  g_assert_true (gtk_widget_get_visible (popover));
  gtk_popover_popdown (GTK_POPOVER (popover));

  g_signal_connect (chart, "export-requested", G_CALLBACK (on_export_requested), &exported);
  g_assert_true (gtk_widget_activate_action (chart, "view.export", NULL));
  g_assert_cmpstr (exported, ==, "test-ref");

  g_assert_true (gtk_widget_activate_action (chart, "view.copy-value", NULL));
  content = gdk_clipboard_get_content (gtk_widget_get_clipboard (chart));
  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  /* 1.25 as a ratio: no unit, three significant digits. */
  g_assert_cmpstr (g_value_get_string (&value), ==, "1.25");
  g_value_unset (&value);

  gtk_window_destroy (window);
  test_values_free (values);
}

int
main (int   argc,
      char *argv[])
{
  cs_test_widgets_init (&argc, &argv);

  g_test_add_func ("/chart-widget/bar-segments", test_bar_segments);
  g_test_add_func ("/chart-widget/theme", test_theme);
  g_test_add_func ("/chart-widget/scale-factor", test_scale_factor);
  g_test_add_func ("/chart-widget/bar-tooltip", test_bar_tooltip);
  g_test_add_func ("/chart-widget/ref-bands", test_ref_bands);
  g_test_add_func ("/chart-widget/context-menu", test_context_menu);
  return g_test_run ();
}
