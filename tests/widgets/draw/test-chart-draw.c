/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-draw.c — BAR and REF charts rendered headless, checked by pixels */

#include "config.h"

#include <string.h>

#include "cs-chart-draw.h"
#include "cs-test-charts.h"

typedef struct
{
  int       x0, x1;     /* [x0, x1) */
  TestPixel color;
} Run;

static cairo_surface_t *
render (const CsChartValues *values,
        CsTheme              theme,
        int                  width,
        int                  height)
{
  return test_render_drawing ((TestDrawFunc) cs_chart_draw, values, theme, width, height);
}

static GArray *
row_runs (cairo_surface_t *surface,
          int              y)
{
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (Run));
  int width = cairo_image_surface_get_width (surface);
  Run run = { 0, 1, test_pixel (surface, 0, y) };

  for (int x = 1; x < width; x++)
    {
      TestPixel p = test_pixel (surface, x, y);

      if (test_pixel_equal (p, run.color))
        run.x1 = x + 1;
      else
        {
          g_array_append_val (runs, run);
          run = (Run) { x, x + 1, p };
        }
    }
  g_array_append_val (runs, run);
  return runs;
}

/* Parts 50/30/20: the bar's segments, measured as runs of one colour along a
 * pixel row near the top edge of the bar (above the centred labels), have
 * widths within 2 px of 50 %, 30 % and 20 % of the bar they tile. */
static void
test_bar_shares (void)
{
  const double parts[] = { 500e6, 300e6, 200e6 };
  const double shares[] = { 0.5, 0.3, 0.2 };   /* by hand: 500/1000 … */
  CsChartValues *values = test_bar_new ("Cycle decomposition", "cycles", parts, 3);
  cairo_surface_t *surface = render (values, CS_THEME_LIGHT, 640, 260);
  g_autoptr(CsChartGeometry) geometry = cs_chart_geometry_new (values, NULL, 640, 260);
  TestPixel background = test_pixel (surface, 0, 0);
  g_autoptr(GArray) runs = NULL;
  Run longest[3];
  double span = 0;
  int y;

  g_assert_cmpint (geometry->n_parts, ==, 3);
  g_assert_cmpfloat (geometry->plot.height, >=, 12);
  /* The geometry only says which row to look at. */
  y = (int) geometry->plot.y + 2;
  runs = row_runs (surface, y);

  /* The three longest runs that are not the background, left to right. */
  memset (longest, 0, sizeof longest);
  for (guint i = 0; i < runs->len; i++)
    {
      Run r = g_array_index (runs, Run, i);

      if (test_pixel_equal (r.color, background))
        continue;
      for (guint k = 0; k < 3; k++)
        if (r.x1 - r.x0 > longest[k].x1 - longest[k].x0)
          {
            memmove (&longest[k + 1], &longest[k], (2 - k) * sizeof (Run));
            longest[k] = r;
            break;
          }
    }
  /* Back in left-to-right order. */
  for (guint i = 0; i < 3; i++)
    for (guint k = i + 1; k < 3; k++)
      if (longest[k].x0 < longest[i].x0)
        {
          Run t = longest[i];
          longest[i] = longest[k];
          longest[k] = t;
        }

  /* They touch each other: together they are the bar. */
  g_assert_cmpint (longest[0].x1, ==, longest[1].x0);
  g_assert_cmpint (longest[1].x1, ==, longest[2].x0);
  span = longest[2].x1 - longest[0].x0;
  g_assert_cmpfloat (span, >, 640 * 0.8);
  for (guint i = 0; i < 3; i++)
    {
      double w = longest[i].x1 - longest[i].x0;

      g_test_message ("segment %u: %g px of %g (expected %g)", i, w, span, shares[i] * span);
      g_assert_cmpfloat (fabs (w - shares[i] * span), <=, 2.0);
      for (guint k = i + 1; k < 3; k++)
        g_assert_false (test_pixel_equal (longest[i].color, longest[k].color));
    }

  cairo_surface_destroy (surface);
  test_values_free (values);
}

/* A part with a NaN value gets no segment and reads "—" in the legend; the
 * remaining parts still tile the whole bar. */
static void
test_bar_nan_part (void)
{
  const double parts[] = { 3000, NAN, 1000 };
  CsChartValues *values = test_bar_new ("With a missing part", "cycles", parts, 3);
  g_autoptr(CsChartGeometry) geometry = cs_chart_geometry_new (values, NULL, 500, 220);
  cairo_surface_t *surface = render (values, CS_THEME_LIGHT, 500, 220);
  const CsRect *a = &geometry->parts[0].segment;
  const CsRect *c = &geometry->parts[2].segment;
  TestPixel pa, pc;

  g_assert_cmpfloat (geometry->parts[1].segment.width, ==, 0);
  g_assert_cmpfloat (fabs (a->width - 0.75 * geometry->plot.width), <=, 1.0);
  g_assert_cmpfloat (a->x + a->width, ==, c->x);
  g_assert_cmpfloat (c->x + c->width, ==, geometry->plot.x + geometry->plot.width);
  pa = test_pixel (surface, (int) (a->x + 2), (int) a->y + 1);
  pc = test_pixel (surface, (int) (c->x + c->width - 3), (int) c->y + 1);
  g_assert_false (test_pixel_equal (pa, pc));
  /* Every part keeps its legend entry, the NaN one included. */
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat (geometry->parts[i].legend.width, >, 0);
  g_assert_cmpint (cs_chart_geometry_part_at (geometry, a->x + 1, a->y + 1), ==, 0);
  g_assert_cmpint (cs_chart_geometry_part_at (geometry, c->x + 1, c->y + 1), ==, 2);
  g_assert_cmpint (cs_chart_geometry_part_at (geometry, 1, 1), ==, -1);

  cairo_surface_destroy (surface);
  test_values_free (values);
}

typedef struct
{
  double  value;
  CsBand  band;      /* by hand: < 1 low, 1..2 medium, >= 2 high */
} RefCase;

/* Finds the band boundaries on a track row by hue, from the pixels alone. */
static void
scan_track (cairo_surface_t *surface,
            int              y,
            TestHue          expected[3],
            int              edges[4])
{
  int width = cairo_image_surface_get_width (surface);
  TestHue prev = TEST_HUE_OTHER;
  int band = -1;

  edges[0] = edges[1] = edges[2] = edges[3] = -1;
  for (int x = 0; x < width; x++)
    {
      TestHue h = test_hue (test_pixel (surface, x, y));

      if (h == TEST_HUE_OTHER)
        {
          /* The needle interrupts a band; the track ends after the last band. */
          if (band == 2 && prev != TEST_HUE_OTHER)
            edges[3] = x;
          prev = h;
          continue;
        }
      g_assert_true (band >= 0 || h == expected[0]);
      if (band < 2 && (band < 0 || h != expected[band]) && h == expected[band + 1])
        {
          band++;
          edges[band] = x;
        }
      g_assert_cmpint (h, ==, expected[band]);
      prev = h;
    }
  if (prev != TEST_HUE_OTHER)
    edges[3] = width;
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (edges[i], >=, 0);
}

static void
check_ref (gboolean higher_is_better,
           CsTheme  theme)
{
  /* low 0, medium 1, high 2; the bands are green / yellow / red, or red /
   * yellow / green when higher is better. */
  const RefCase cases[] = {
    { 0.5, CS_BAND_LOW }, { 1.5, CS_BAND_MEDIUM }, { 2.4, CS_BAND_HIGH },
  };
  TestHue order[3] = { TEST_HUE_GREEN, TEST_HUE_YELLOW, TEST_HUE_RED };

  if (higher_is_better)
    order[0] = TEST_HUE_RED, order[2] = TEST_HUE_GREEN;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CsChartValues *values = test_ref_new (cases[i].value, 0, 1, 2, higher_is_better, cases[i].band);
      cairo_surface_t *surface = render (values, theme, 520, 220);
      g_autoptr(CsChartGeometry) geometry = cs_chart_geometry_new (values, NULL, 520, 220);
      TestHue band_hue = order[cases[i].band];
      int row = (int) (geometry->plot.y + geometry->plot.height / 2);
      int edges[4];
      double from, to, lo, expected_x;
      double needle_sum = 0;
      int needle_n = 0;

      g_assert_true (isfinite (geometry->marker_x));
      /* The marker triangle and the value badge wear the band's colour. */
      g_assert_cmpint (test_hue (test_pixel (surface, (int) geometry->marker_x,
                                             (int) (geometry->marker.y + geometry->marker.height / 3))),
                       ==, band_hue);
      g_assert_cmpint (test_hue (test_pixel (surface, (int) geometry->badge.x + 3,
                                             (int) (geometry->badge.y + geometry->badge.height / 2))),
                       ==, band_hue);

      /* The bands on the track, left to right, found by hue. The value sits
       * between the edges of its band, linearly (by hand: band b spans
       * [b, b + 1] in value). */
      scan_track (surface, row, order, edges);
      lo = cases[i].band;
      from = edges[cases[i].band];
      to = edges[cases[i].band + 1];
      expected_x = from + (cases[i].value - lo) * (to - from);

      /* The needle: non-band pixels inside the track. */
      for (int x = edges[0] + 1; x < edges[3] - 1; x++)
        if (test_hue (test_pixel (surface, x, row)) == TEST_HUE_OTHER)
          {
            needle_sum += x + 0.5;   /* pixel centre */
            needle_n++;
          }
      g_assert_cmpint (needle_n, >=, 1);
      g_test_message ("value %g: needle at %g, expected %g", cases[i].value,
                      needle_sum / needle_n, expected_x);
      g_assert_cmpfloat (fabs (needle_sum / needle_n - expected_x), <=, 2.0);

      cairo_surface_destroy (surface);
      test_values_free (values);
    }
}

static void
test_ref_bands (void)
{
  check_ref (FALSE, CS_THEME_LIGHT);
  check_ref (FALSE, CS_THEME_DARK);
}

static void
test_ref_higher_is_better (void)
{
  check_ref (TRUE, CS_THEME_LIGHT);
  check_ref (TRUE, CS_THEME_DARK);
}

/* NaN: "—" as the value, no marker, a neutral badge. */
static void
test_ref_nan (void)
{
  CsChartValues *values = test_ref_new (NAN, 0, 1, 2, FALSE, CS_BAND_NONE);
  cairo_surface_t *surface = render (values, CS_THEME_LIGHT, 520, 220);
  g_autoptr(CsChartGeometry) geometry = cs_chart_geometry_new (values, NULL, 520, 220);
  TestPixel badge_bg;
  int text_pixels = 0;

  g_assert_false (isfinite (geometry->marker_x));
  g_assert_cmpstr (geometry->value_text, ==, "—");

  /* Nothing saturated between the title and the track: no marker. */
  for (int y = (int) (geometry->title.y + geometry->title.height) + 1; y < (int) geometry->plot.y; y++)
    for (int x = 0; x < 520; x++)
      g_assert_cmpint (test_hue (test_pixel (surface, x, y)), ==, TEST_HUE_OTHER);
  /* And no needle across the track: only band colours on its middle row. */
  for (int x = (int) geometry->plot.x + 1; x < (int) (geometry->plot.x + geometry->plot.width) - 1; x++)
    g_assert_cmpint (test_hue (test_pixel (surface, x, (int) (geometry->plot.y + geometry->plot.height / 2))),
                     !=, TEST_HUE_OTHER);

  badge_bg = test_pixel (surface, (int) geometry->badge.x + 3, (int) (geometry->badge.y + geometry->badge.height / 2));
  g_assert_cmpint (test_hue (badge_bg), ==, TEST_HUE_OTHER);
  /* "—" is drawn in the badge: some pixels differ from its background. */
  for (int y = (int) geometry->badge.y + 2; y < (int) (geometry->badge.y + geometry->badge.height) - 2; y++)
    for (int x = (int) geometry->badge.x + 4; x < (int) (geometry->badge.x + geometry->badge.width) - 4; x++)
      if (test_contrast (test_pixel (surface, x, y), badge_bg) > 2.0)
        text_pixels++;
  g_assert_cmpint (text_pixels, >, 3);

  cairo_surface_destroy (surface);
  test_values_free (values);
}

/* The pixel in @rect that contrasts most with @background: the text colour
 * where glyphs are fully covered. */
static TestPixel
strongest_pixel (cairo_surface_t *surface,
                 const CsRect    *rect,
                 TestPixel        background)
{
  TestPixel best = background;

  for (int y = (int) rect->y; y < (int) (rect->y + rect->height); y++)
    for (int x = (int) rect->x; x < (int) (rect->x + rect->width); x++)
      {
        TestPixel p = test_pixel (surface, x, y);

        if (test_contrast (p, background) > test_contrast (best, background))
          best = p;
      }
  return best;
}

static void
test_theme_contrast (void)
{
  const double parts[] = { 41, 9, 50 };
  CsTheme themes[] = { CS_THEME_LIGHT, CS_THEME_DARK };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      CsChartValues *bar = test_bar_new ("Cycle decomposition", "%", parts, 3);
      CsChartValues *ref = test_ref_new (1.25, 0, 1, 2, FALSE, CS_BAND_MEDIUM);
      cairo_surface_t *bar_surface = render (bar, themes[t], 600, 240);
      cairo_surface_t *ref_surface = render (ref, themes[t], 600, 240);
      CsChartStyle style;
      g_autoptr(CsChartGeometry) bar_geometry = NULL;
      g_autoptr(CsChartGeometry) ref_geometry = NULL;
      TestPixel bg = test_pixel (bar_surface, 0, 0);
      TestPixel title, legend, sentence;
      CsRect legend_rect;

      cs_chart_style_init (&style, themes[t]);
      bar_geometry = cs_chart_geometry_new (bar, &style, 600, 240);
      ref_geometry = cs_chart_geometry_new (ref, &style, 600, 240);

      /* The theme is really applied. */
      if (themes[t] == CS_THEME_DARK)
        g_assert_cmpfloat (test_luminance (bg), <, 0.1);
      else
        g_assert_cmpfloat (test_luminance (bg), >, 0.8);

      title = strongest_pixel (bar_surface, &bar_geometry->title, bg);
      legend_rect = bar_geometry->parts[0].legend;
      legend = strongest_pixel (bar_surface, &legend_rect, bg);
      sentence = strongest_pixel (ref_surface, &ref_geometry->sentence, test_pixel (ref_surface, 0, 0));
      g_test_message ("theme %u: contrast title %.1f, legend %.1f, sentence %.1f", t,
                      test_contrast (title, bg), test_contrast (legend, bg),
                      test_contrast (sentence, bg));
      /* WCAG AA for normal text. */
      g_assert_cmpfloat (test_contrast (title, bg), >=, 4.5);
      g_assert_cmpfloat (test_contrast (legend, bg), >=, 4.5);
      g_assert_cmpfloat (test_contrast (sentence, test_pixel (ref_surface, 0, 0)), >=, 4.5);

      cairo_surface_destroy (bar_surface);
      cairo_surface_destroy (ref_surface);
      test_values_free (bar);
      test_values_free (ref);
    }
}

/* Many parts in a small box: nothing is drawn outside it and the bar keeps
 * a usable height; parts that cannot be labelled inside keep legend text. */
static void
test_bar_crowded (void)
{
  double parts[10];
  CsChartValues *values;
  g_autoptr(CsChartGeometry) geometry = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    parts[i] = 1000.0 * (i + 1);
  values = test_bar_new ("Stall decomposition with a rather long title that must be shortened",
                         "cycles", parts, G_N_ELEMENTS (parts));
  geometry = cs_chart_geometry_new (values, NULL, 260, 150);
  g_assert_cmpfloat (geometry->plot.height, >=, 12);
  g_assert_cmpfloat (geometry->title.x + geometry->title.width, <=, 260);
  for (guint i = 0; i < geometry->n_parts; i++)
    {
      const CsChartPartGeometry *p = &geometry->parts[i];

      g_assert_cmpfloat (p->segment.x + p->segment.width, <=, 260);
      if (p->legend.width > 0)
        {
          g_assert_cmpfloat (p->legend.x + p->legend.width, <=, 260);
          g_assert_cmpfloat (p->legend.y + p->legend.height, <=, 150);
        }
    }
  test_values_free (values);
}

/* Degenerate inputs draw without cairo errors: tiny boxes, no parts, all
 * parts zero, thresholds out of order, a value far beyond the scale. */
static void
test_degenerate (void)
{
  const double zeros[] = { 0, 0 };
  const double some[] = { 1, 2, 3 };
  CsChartValues *charts[] = {
    test_bar_new ("Empty", "cycles", NULL, 0),
    test_bar_new ("Zeros", "cycles", zeros, 2),
    test_bar_new ("Some", "cycles", some, 3),
    test_ref_new (5, 2, 1, 0.5, FALSE, CS_BAND_HIGH),
    test_ref_new (1e12, 0, 1, 2, FALSE, CS_BAND_HIGH),
    test_ref_new (-3, 0, 0, 0, TRUE, CS_BAND_LOW),
  };
  const int sizes[][2] = { { 1, 1 }, { 40, 30 }, { 100, 60 }, { 2000, 90 } };

  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    {
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          cairo_surface_t *surface = render (charts[c], CS_THEME_DARK, sizes[s][0], sizes[s][1]);
          g_autoptr(CsChartGeometry) geometry = cs_chart_geometry_new (charts[c], NULL, sizes[s][0], sizes[s][1]);

          g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
          if (charts[c]->kind == CS_CHART_REF && isfinite (geometry->marker_x))
            {
              /* Clamped to the track. */
              g_assert_cmpfloat (geometry->marker_x, >=, geometry->plot.x);
              g_assert_cmpfloat (geometry->marker_x, <=, geometry->plot.x + geometry->plot.width);
            }
          cairo_surface_destroy (surface);
        }
      test_values_free (charts[c]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart-draw/bar/shares", test_bar_shares);
  g_test_add_func ("/chart-draw/bar/nan-part", test_bar_nan_part);
  g_test_add_func ("/chart-draw/bar/crowded", test_bar_crowded);
  g_test_add_func ("/chart-draw/ref/bands", test_ref_bands);
  g_test_add_func ("/chart-draw/ref/higher-is-better", test_ref_higher_is_better);
  g_test_add_func ("/chart-draw/ref/nan", test_ref_nan);
  g_test_add_func ("/chart-draw/theme-contrast", test_theme_contrast);
  g_test_add_func ("/chart-draw/degenerate", test_degenerate);

  return g_test_run ();
}
