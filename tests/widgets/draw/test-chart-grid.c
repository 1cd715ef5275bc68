/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-grid.c — the chart grid's layout by count, and its drawing */

#include "config.h"

#include "cs-chart-grid.h"
#include "cs-test-charts.h"

static gboolean
overlap (const CsRect *a,
         const CsRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* The shapes from the documented table (the dk_graph tool of Kruse, CMSSW
 * Performance Monitoring, 2011: the smaller the count, the larger each chart),
 * for the counts the acceptance names. */
static void
test_layout_counts (void)
{
  const struct { guint n, columns, rows; } cases[] = {
    { 1, 1, 1 }, { 2, 2, 1 }, { 3, 2, 2 }, { 4, 2, 2 }, { 5, 3, 2 }, { 6, 3, 2 },
    { 7, 3, 3 }, { 9, 3, 3 }, { 10, 4, 3 }, { 12, 4, 3 },
  };
  const double sizes[][2] = { { 1200, 800 }, { 640, 480 }, { 1920, 1080 }, { 300, 900 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        double width = sizes[s][0], height = sizes[s][1];
        guint n = cases[c].n;
        g_autofree CsRect *rects = g_new0 (CsRect, n);
        g_autofree double *xs = g_new0 (double, n);
        g_autofree double *ys = g_new0 (double, n);
        guint columns, rows;
        double area = 0;

        cs_chart_grid_get_shape (n, &columns, &rows);
        g_assert_cmpuint (columns, ==, cases[c].columns);
        g_assert_cmpuint (rows, ==, cases[c].rows);

        g_assert_true (cs_chart_grid_layout (n, width, height, rects));
        for (guint i = 0; i < n; i++)
          {
            /* Inside the canvas, not touching its edge (there is a margin). */
            g_assert_cmpfloat (rects[i].x, >, 0);
            g_assert_cmpfloat (rects[i].y, >, 0);
            g_assert_cmpfloat (rects[i].x + rects[i].width, <, width);
            g_assert_cmpfloat (rects[i].y + rects[i].height, <, height);
            g_assert_cmpfloat (rects[i].width, >, 0);
            g_assert_cmpfloat (rects[i].height, >, 0);
            for (guint k = 0; k < i; k++)
              g_assert_false (overlap (&rects[i], &rects[k]));
            ys[i] = rects[i].y;
            xs[i] = rects[i].x;
            area += rects[i].width * rects[i].height;
          }
        /* As many rows as the table says, and the full rows have as many
         * columns; together the charts use most of the canvas. */
        g_assert_cmpuint (count_distinct (ys, n), ==, cases[c].rows);
        if (n >= cases[c].columns)
          g_assert_cmpuint (count_distinct (xs, MIN (n, cases[c].columns)), ==, cases[c].columns);
        g_assert_cmpfloat (area, >, 0.6 * width * height * n / (cases[c].columns * cases[c].rows));

        g_assert_cmpint (cs_chart_grid_chart_at (n, width, height,
                                                 rects[n - 1].x + 1, rects[n - 1].y + 1), ==, (int) n - 1);
      }

  g_assert_false (cs_chart_grid_layout (0, 800, 600, NULL));
  g_assert_cmpint (cs_chart_grid_chart_at (4, 800, 600, 1, 1), ==, -1);
}

/* Drawing a grid of 4: every card is painted, the gaps show the page. */
static void
test_grid_draw (void)
{
  const double parts[] = { 50, 30, 20 };
  CsChartValues *values[4];
  CsRect rects[4];
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (surface);
  TestPixel page;

  for (guint i = 0; i < 2; i++)
    values[i] = test_bar_new ("Bar", "%", parts, 3);
  values[2] = test_ref_new (0.5, 0, 1, 2, FALSE, CS_BAND_LOW);
  values[3] = test_ref_new (2.5, 0, 1, 2, FALSE, CS_BAND_HIGH);

  cs_chart_grid_draw (cr, values, 4, NULL, 800, 600);
  cairo_destroy (cr);
  g_assert_true (cs_chart_grid_layout (4, 800, 600, rects));

  page = test_pixel (surface, 1, 1);
  for (guint i = 0; i < 4; i++)
    {
      TestPixel card = test_pixel (surface, (int) rects[i].x + 4, (int) (rects[i].y + rects[i].height - 4));

      g_assert_false (test_pixel_equal (card, page));
      /* Between this card and the next one to the right: page. */
      if (i % 2 == 0)
        g_assert_true (test_pixel_equal (test_pixel (surface, (int) ((rects[i].x + rects[i].width + rects[i + 1].x) / 2),
                                                     (int) (rects[i].y + rects[i].height / 2)), page));
    }

  cairo_surface_destroy (surface);
  for (guint i = 0; i < 4; i++)
    test_values_free (values[i]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart-grid/layout", test_layout_counts);
  g_test_add_func ("/chart-grid/draw", test_grid_draw);

  return g_test_run ();
}
