/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-charts.h — hand-built chart values and pixel helpers for the
 * chart drawing tests (header only). Values are built here, by hand, so the
 * drawing is tested without the model engine. */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <math.h>

#include "cs-chart-draw.h"
#include "cs-chart-values.h"

typedef struct
{
  double r, g, b;   /* 0..1 */
} TestPixel;

/* cs_chart_draw() or cs_scatter_draw(). */
typedef void (*TestDrawFunc) (cairo_t *cr, gconstpointer data, const CsChartStyle *style,
                              double width, double height);

/* @draw's drawing of @data on a new @width × @height image in @theme. */
static inline cairo_surface_t *
test_render_drawing (TestDrawFunc  draw,
             gconstpointer data,
             CsTheme       theme,
             int           width,
             int           height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  CsChartStyle style;

  cs_chart_style_init (&style, theme);
  draw (cr, data, &style, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

static inline CsChartValues *
test_bar_new (const char   *title,
              const char   *unit,
              const double *part_values,
              guint         n_parts)
{
  CsChartValues *v = g_new0 (CsChartValues, 1);
  double total = 0;

  v->id = g_strdup ("test-bar");
  v->kind = CS_CHART_BAR;
  v->title = g_strdup (title);
  v->unit = g_strdup (unit);
  v->value = NAN;
  v->band = CS_BAND_NONE;
  v->parts = g_new0 (CsChartPart, n_parts);
  v->n_parts = n_parts;
  for (guint i = 0; i < n_parts; i++)
    if (isfinite (part_values[i]) && part_values[i] >= 0)
      total += part_values[i];
  v->total = total;
  for (guint i = 0; i < n_parts; i++)
    {
      v->parts[i].name = g_strdup_printf ("part%u", i);
      v->parts[i].label = g_strdup_printf ("Part %c", 'A' + i);
      v->parts[i].value = part_values[i];
      v->parts[i].share = (isfinite (part_values[i]) && part_values[i] >= 0 && total > 0)
                          ? part_values[i] / total : 0;
      v->parts[i].provenance = CS_PROVENANCE_COUNTED;
    }
  return v;
}

/* @band is given by the caller, computed by hand from the thresholds. */
static inline CsChartValues *
test_ref_new (double   value,
              double   low,
              double   medium,
              double   high,
              gboolean higher_is_better,
              CsBand   band)
{
  CsChartValues *v = g_new0 (CsChartValues, 1);

  v->id = g_strdup ("test-ref");
  v->kind = CS_CHART_REF;
  v->title = g_strdup ("Cycles per instruction");
  v->unit = g_strdup ("ratio");
  v->metric = g_strdup ("cpi");
  v->metric_label = g_strdup ("CPI");
  v->value = value;
  v->low = low;
  v->medium = medium;
  v->high = high;
  v->higher_is_better = higher_is_better;
  v->band = band;
  v->sentences[0] = g_strdup ("Low: the core retires instructions at a good rate.");
  v->sentences[1] = g_strdup ("Medium: some stalls.");
  v->sentences[2] = g_strdup ("High: stalls dominate, look at the stall decomposition.");
  v->sentence = band >= 0 ? v->sentences[band] : NULL;
  v->provenance = CS_PROVENANCE_COUNTED;
  return v;
}

static inline void
test_values_free (CsChartValues *v)
{
  if (v == NULL)
    return;
  for (guint i = 0; i < v->n_parts; i++)
    {
      g_free (v->parts[i].name);
      g_free (v->parts[i].label);
    }
  g_free (v->parts);
  g_free (v->id);
  g_free (v->title);
  g_free (v->unit);
  g_free (v->metric);
  g_free (v->metric_label);
  for (guint i = 0; i < 3; i++)
    g_free (v->sentences[i]);
  g_free (v);
}

/* How many of the @n coordinates @v differ by half a pixel or more from
 * every one before them: the rows (or columns) a layout placed. */
static inline guint
count_distinct (const double *v,
                guint         n)
{
  guint distinct = 0;

  for (guint i = 0; i < n; i++)
    {
      gboolean seen = FALSE;

      for (guint k = 0; k < i; k++)
        seen |= fabs (v[k] - v[i]) < 0.5;
      distinct += !seen;
    }
  return distinct;
}

/* Reads an opaque pixel of an ARGB32/RGB24 image surface. */
static inline TestPixel
test_pixel (cairo_surface_t *surface,
            int              x,
            int              y)
{
  const unsigned char *data;
  guint32 p;
  TestPixel px;

  cairo_surface_flush (surface);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  data = cairo_image_surface_get_data (surface);
  p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);
  px.r = ((p >> 16) & 0xff) / 255.0;
  px.g = ((p >> 8) & 0xff) / 255.0;
  px.b = (p & 0xff) / 255.0;
  return px;
}

static inline gboolean
test_pixel_equal (TestPixel a,
                  TestPixel b)
{
  return fabs (a.r - b.r) < 0.002 && fabs (a.g - b.g) < 0.002 && fabs (a.b - b.b) < 0.002;
}

/* WCAG 2 relative luminance, computed here independently of cs-palette.c. */
static inline double
test_luminance (TestPixel p)
{
  double c[3] = { p.r, p.g, p.b };

  for (guint i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

static inline double
test_contrast (TestPixel a,
               TestPixel b)
{
  double la = test_luminance (a), lb = test_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

typedef enum
{
  TEST_HUE_OTHER,
  TEST_HUE_GREEN,
  TEST_HUE_YELLOW,
  TEST_HUE_RED,
} TestHue;

/* Classifies a saturated pixel as green, yellow/amber or red by HSV hue. */
static inline TestHue
test_hue (TestPixel p)
{
  double max = MAX (p.r, MAX (p.g, p.b));
  double min = MIN (p.r, MIN (p.g, p.b));
  double h;

  if (max <= 0 || (max - min) / max < 0.4)
    return TEST_HUE_OTHER;
  if (max == p.r)
    h = 60 * fmod ((p.g - p.b) / (max - min) + 6, 6);
  else if (max == p.g)
    h = 60 * ((p.b - p.r) / (max - min) + 2);
  else
    h = 60 * ((p.r - p.g) / (max - min) + 4);
  if (h < 20 || h > 340)
    return TEST_HUE_RED;
  if (h >= 35 && h <= 65)
    return TEST_HUE_YELLOW;
  if (h >= 90 && h <= 170)
    return TEST_HUE_GREEN;
  return TEST_HUE_OTHER;
}
