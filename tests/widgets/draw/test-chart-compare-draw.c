/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-compare-draw.c — BAR and REF charts of two recordings,
 * rendered headless and checked by pixels
 *
 *  - BAR: base parts 50/30/20 and new parts 25/45/30 (shares by hand): two
 *    bars, the base's above the new one, each tiled by the parts' colours
 *    in widths within 2 px of the hand-computed shares of its bar, the
 *    same colour for a part in both; "Base" and "New" labels left of them.
 *  - REF: base 1.42 and new 1.08 on low 0 / medium 1 / high 2 (the scale
 *    runs to 3, see cs-chart-draw.h): each marker's needle at its value's
 *    x (by hand: plot.x + value / 3 · plot.width), the new triangle filled
 *    with its band's colour, the base's hollow (inside as the card beside);
 *    the badge says "1.42 → 1.08".
 *  - A base NULL draws as cs_chart_draw() does, pixel for pixel.
 */
#include "config.h"

#include <string.h>

#include "cs-chart-draw.h"
#include "cs-test-charts.h"

#define WIDTH  640
#define HEIGHT 300

static cairo_surface_t *
render_pair (const CsChartValues *base,
             const CsChartValues *new_values)
{
  CsChartPair pair = { base, new_values };
  CsDrawing drawing = cs_chart_compare_drawing (&pair);

  return test_render_drawing ((TestDrawFunc) drawing.draw, drawing.data, CS_THEME_LIGHT, WIDTH, HEIGHT);
}

static TestPixel
part_pixel (guint i,
            guint n)
{
  CsColor c;

  cs_palette_get_part_color (CS_THEME_LIGHT, i, n, &c);
  return (TestPixel) { c.red, c.green, c.blue };
}

/* Pixels of part @i's colour along row @y within [x0, x1). */
static int
count_color (cairo_surface_t *surface,
             int              y,
             double           x0,
             double           x1,
             TestPixel        color)
{
  int n = 0;

  for (int x = (int) x0; x < (int) (x1 + 0.5); x++)
    n += test_pixel_equal (test_pixel (surface, x, y), color);
  return n;
}

static void
test_bar (void)
{
  const double base_parts[] = { 500, 300, 200 };
  const double new_parts[] = { 250, 450, 300 };
  const double base_shares[] = { 0.50, 0.30, 0.20 };   /* by hand */
  const double new_shares[] = { 0.25, 0.45, 0.30 };
  CsChartValues *base = test_bar_new ("Cycle decomposition", "cycles", base_parts, 3);
  CsChartValues *new_values = test_bar_new ("Cycle decomposition", "cycles", new_parts, 3);
  g_autoptr(CsChartGeometry) g = cs_chart_compare_geometry_new (base, new_values, NULL, WIDTH, HEIGHT);
  cairo_surface_t *surface = render_pair (base, new_values);
  int base_y, new_y;

  /* two bars, the base's on top, of one width */
  g_assert_cmpfloat (g->base_plot.height, >, 4);
  g_assert_cmpfloat (g->plot.height, >, 4);
  g_assert_cmpfloat (g->base_plot.y + g->base_plot.height, <=, g->plot.y);
  g_assert_cmpfloat (g->base_plot.width, ==, g->plot.width);
  g_assert_nonnull (g->base_segments);
  /* labelled on their left */
  g_assert_cmpfloat (g->base_label.width, >, 0);
  g_assert_cmpfloat (g->base_label.x + g->base_label.width, <=, g->base_plot.x);
  g_assert_cmpfloat (g->new_label.y, >, g->base_label.y);

  /* one row above the centred labels in each bar */
  base_y = (int) (g->base_plot.y + 1);
  new_y = (int) (g->plot.y + 1);
  for (guint i = 0; i < 3; i++)
    {
      TestPixel color = part_pixel (i, 3);
      int in_base = count_color (surface, base_y, g->base_plot.x, g->base_plot.x + g->base_plot.width, color);
      int in_new = count_color (surface, new_y, g->plot.x, g->plot.x + g->plot.width, color);

      g_test_message ("part %u: base %d px (%.1f), new %d px (%.1f)", i, in_base,
                      base_shares[i] * g->base_plot.width, in_new, new_shares[i] * g->plot.width);
      g_assert_cmpfloat (fabs (in_base - base_shares[i] * g->base_plot.width), <=, 2.0);
      g_assert_cmpfloat (fabs (in_new - new_shares[i] * g->plot.width), <=, 2.0);
      g_assert_cmpfloat (fabs (g->base_segments[i].width - base_shares[i] * g->base_plot.width), <=, 1.0);
    }
  cairo_surface_destroy (surface);
  test_values_free (base);
  test_values_free (new_values);
}

static void
test_ref (void)
{
  /* 1.42 is in the high band of 0 / 1 / 2 (lower is better), 1.08 too:
   * make the new one medium to tell the bands apart */
  CsChartValues *base = test_ref_new (1.42, 0, 1, 2, FALSE, CS_BAND_MEDIUM);
  CsChartValues *new_values = test_ref_new (0.58, 0, 1, 2, FALSE, CS_BAND_LOW);
  g_autoptr(CsChartGeometry) g = cs_chart_compare_geometry_new (base, new_values, NULL, WIDTH, HEIGHT);
  cairo_surface_t *surface = render_pair (base, new_values);
  double base_x = g->plot.x + 1.42 / 3 * g->plot.width;
  double new_x = g->plot.x + 0.58 / 3 * g->plot.width;
  CsColor low_band;
  TestPixel inside_new, inside_base;

  g_assert_cmpfloat (fabs (g->marker_x - new_x), <, 0.5);
  g_assert_cmpfloat (fabs (g->base_marker_x - base_x), <, 0.5);
  g_assert_cmpstr (g->value_text, ==, "1.42 → 0.58");

  cs_palette_get_band_color (CS_THEME_LIGHT, CS_BAND_LOW, FALSE, &low_band);
  /* inside each triangle, beside the needle that runs through it */
  inside_new = test_pixel (surface, (int) round (g->marker_x) + 3, (int) (g->marker.y + g->marker.height / 4));
  inside_base = test_pixel (surface, (int) round (g->base_marker_x) + 2,
                            (int) (g->base_marker.y + g->base_marker.height / 4));
  g_assert_true (test_pixel_equal (inside_new, (TestPixel) { low_band.red, low_band.green, low_band.blue }));
  /* hollow: inside, the same as the card beside the markers */
  {
    TestPixel card = test_pixel (surface, (int) g->base_marker.x - 8, (int) (g->base_marker.y + g->base_marker.height / 4));

    g_assert_cmpfloat (fabs (inside_base.r - card.r) + fabs (inside_base.g - card.g) + fabs (inside_base.b - card.b), <, 0.03);
  }
  g_assert_false (test_pixel_equal (inside_base, (TestPixel) { low_band.red, low_band.green, low_band.blue }));
  /* both needles drawn across the track, darker than the band under them */
  {
    int y = (int) (g->plot.y + g->plot.height / 2);
    TestPixel at_base = test_pixel (surface, (int) floor (g->base_marker_x), y);
    TestPixel beside_base = test_pixel (surface, (int) floor (g->base_marker_x) + 6, y);
    TestPixel at_new = test_pixel (surface, (int) floor (g->marker_x), y);
    TestPixel beside_new = test_pixel (surface, (int) floor (g->marker_x) + 6, y);

    g_assert_cmpfloat (at_base.r + at_base.g + at_base.b, <, beside_base.r + beside_base.g + beside_base.b - 0.3);
    g_assert_cmpfloat (at_new.r + at_new.g + at_new.b, <, beside_new.r + beside_new.g + beside_new.b - 0.3);
  }
  cairo_surface_destroy (surface);
  test_values_free (base);
  test_values_free (new_values);
}

static void
test_no_base (void)
{
  const double parts[] = { 500, 300, 200 };
  CsChartValues *values = test_bar_new ("Cycle decomposition", "cycles", parts, 3);
  cairo_surface_t *pair = render_pair (NULL, values);
  cairo_surface_t *alone = test_render_drawing ((TestDrawFunc) cs_chart_draw, values, CS_THEME_LIGHT, WIDTH, HEIGHT);

  cairo_surface_flush (pair);
  cairo_surface_flush (alone);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (pair), cairo_image_surface_get_data (alone),
                           cairo_image_surface_get_stride (pair) * HEIGHT), ==, 0);
  cairo_surface_destroy (pair);
  cairo_surface_destroy (alone);
  test_values_free (values);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart-compare-draw/bar", test_bar);
  g_test_add_func ("/chart-compare-draw/ref", test_ref);
  g_test_add_func ("/chart-compare-draw/no-base", test_no_base);
  return g_test_run ();
}
