/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scatter-draw.c — the data-address scatter rendered headless: marks
 * where the axis ranges put them (computed here by hand from the plot area),
 * in their thread's colour; empty states; 10^5 points; hit testing */

#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-scatter-draw.h"
#include "cs-scatter-private.h"
#include "cs-test-charts.h"
#include "cs-test-scatter.h"

#define LINE G_GUINT64_CONSTANT (0x7f0000001000)

/* Cacheline mode, thread 0 writing byte 0 and thread 1 byte 32 of one line:
 * their marks sit in the left and right halves of the plot, at the column
 * centres (offset + 0.5) / 64 of its width and at their times, each in its
 * thread's colour. A load is a ring (hollow centre); a point in the next
 * line is not drawn. */
static void
test_cacheline_columns (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  g_autoptr(CsScatterGeometry) g = NULL;
  cairo_surface_t *surface;
  TestPixel c0 = cs_test_series_pixel (CS_THEME_LIGHT, 0, 2), c1 = cs_test_series_pixel (CS_THEME_LIGHT, 1, 2);
  TestPixel card = cs_test_role_pixel (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD);
  double xa, ya, xb, yb, xl, yl;
  gboolean ring = FALSE;

  cs_scatter_data_add_point (data, 1.0, LINE + 0, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 3.0, LINE + 32, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.3, LINE + 16, 0, 0);
  cs_scatter_data_add_point (data, 2.0, LINE + 64 + 8, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (data, LINE + 5);
  g_assert_true (data->line == LINE);

  surface = cs_test_scatter_render (data, CS_THEME_LIGHT, 640, 400);
  g = cs_scatter_geometry_new (data, NULL, 640, 400);
  g_assert_cmpuint (g->n_shown, ==, 3);
  g_assert_null (g->empty_text);
  g_assert_cmpfloat (g->x_min, ==, 0);
  g_assert_cmpfloat (g->x_max, ==, 64);
  g_assert_cmpfloat (g->y_min, <=, 1.0);
  g_assert_cmpfloat (g->y_max, >=, 3.0);
  g_assert_cmpfloat (g->plot.width, >, 400);

  xa = cs_test_scatter_hand_x (g, 0.5);
  ya = cs_test_scatter_hand_y (g, 1.0);
  xb = cs_test_scatter_hand_x (g, 32.5);
  yb = cs_test_scatter_hand_y (g, 3.0);
  g_assert_cmpfloat (xa, <, g->plot.x + g->plot.width / 2);
  g_assert_cmpfloat (xb, >, g->plot.x + g->plot.width / 2);
  g_assert_cmpfloat (yb, <, ya);   /* later is higher */
  g_assert_true (cs_test_pixel_close (test_pixel (surface, (int) floor (xa), (int) floor (ya)), c0));
  g_assert_true (cs_test_pixel_close (test_pixel (surface, (int) floor (xb), (int) floor (yb)), c1));
  /* Nothing of either thread in byte 48's column at those times. */
  g_assert_false (cs_test_pixel_close (test_pixel (surface, (int) cs_test_scatter_hand_x (g, 48.5), (int) ya), c0));
  g_assert_false (cs_test_pixel_close (test_pixel (surface, (int) cs_test_scatter_hand_x (g, 48.5), (int) yb), c1));

  /* The load at byte 16: card colour in the middle, its colour around. */
  xl = cs_test_scatter_hand_x (g, 16.5);
  yl = cs_test_scatter_hand_y (g, 2.3);
  g_assert_true (cs_test_pixel_close (test_pixel (surface, (int) round (xl), (int) round (yl)), card) ||
                 cs_test_pixel_close (test_pixel (surface, (int) round (xl) - 1, (int) round (yl) - 1), card));
  for (int dx = 1; dx <= (int) ceil (g->mark_radius) + 1; dx++)
    ring |= cs_test_pixel_close (test_pixel (surface, (int) round (xl) + dx, (int) round (yl)), c0) ||
            cs_test_pixel_close (test_pixel (surface, (int) round (xl) + dx, (int) round (yl) - 1), c0);
  g_assert_true (ring);

  cairo_surface_destroy (surface);
}

/* Cacheline mode, access widths: an 8-byte store at byte 0 is a bar in its
 * thread's colour (translucent, so between the card and that colour) over
 * bytes 0-7 and ends there; a 1-byte store has no bar. Times are off the
 * grid lines. */
static void
test_access_width (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  g_autoptr(CsScatterGeometry) g = NULL;
  cairo_surface_t *surface;
  TestPixel c0 = cs_test_series_pixel (CS_THEME_LIGHT, 0, 2);
  TestPixel card = cs_test_role_pixel (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD);
  TestPixel in_bar;
  double ya, yb;

  cs_scatter_data_add_access (data, 1.13, LINE + 0, 8, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_access (data, 2.87, LINE + 32, 1, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (data, LINE);
  surface = cs_test_scatter_render (data, CS_THEME_LIGHT, 640, 400);
  g = cs_scatter_geometry_new (data, NULL, 640, 400);
  ya = cs_test_scatter_hand_y (g, 1.13);
  yb = cs_test_scatter_hand_y (g, 2.87);

  in_bar = test_pixel (surface, (int) round (cs_test_scatter_hand_x (g, 5.5)), (int) round (ya));
  g_assert_false (cs_test_pixel_close (in_bar, card));
  g_assert_cmpfloat (cs_test_pixel_distance (in_bar, c0), <, cs_test_pixel_distance (card, c0));
  g_assert_false (cs_test_pixel_close (test_pixel (surface, (int) round (cs_test_scatter_hand_x (g, 7.0)), (int) round (ya)), card));
  /* Past the last byte's column (and off the grid line at 8): the card. */
  g_assert_true (cs_test_pixel_close (test_pixel (surface, (int) round (cs_test_scatter_hand_x (g, 10.5)), (int) round (ya)), card));
  /* The 1-byte access: nothing beside its mark. */
  g_assert_true (cs_test_pixel_close (test_pixel (surface, (int) round (cs_test_scatter_hand_x (g, 35.5)), (int) round (yb)), card));
  cairo_surface_destroy (surface);
}

/* Address mode: the range starts and ends on cacheline boundaries and
 * contains every address; each mark is at (time, address) mapped by hand;
 * a higher address is drawn higher; the selected line is a band. */
/* The compressed address axis, by hand from its documented rule: two
 * clusters, 0x10000 … 0x1203f (129 lines: 1 + log2 (130) units) and one
 * line at 0x7f0000000000 (1 + log2 (2) = 2 units) after a gap of 0.6, the
 * axis padded by 0.35 units both ends. Each point's mark is where that puts
 * it, the clusters in their order, the break between them marked and
 * labelled, and the selected line's band in the first cluster tinted. */
static void
test_address_positions (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_ADDRESS);
  g_autoptr(CsScatterGeometry) g = NULL;
  const struct { double t; guint64 a; guint thread; } pts[] = {
    { 0.5, 0x10000, 0 }, { 1.5, 0x10048, 1 }, { 2.5, 0x12000, 0 }, { 2.0, 0x7f0000000010, 1 },
  };
  double w1 = 1 + log2 (130), start2 = w1 + 0.6, length = start2 + 2;
  double hand_pos[4];
  TestPixel card = cs_test_role_pixel (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD);
  cairo_surface_t *surface;
  double band_mid;
  guint tinted = 0;

  hand_pos[0] = 0;
  hand_pos[1] = w1 * 0x48 / (double) 0x2040;
  hand_pos[2] = w1 * 0x2000 / (double) 0x2040;
  hand_pos[3] = start2 + 2 * 0x10 / 64.0;
  for (guint i = 0; i < G_N_ELEMENTS (pts); i++)
    cs_scatter_data_add_point (data, pts[i].t, pts[i].a, pts[i].thread, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (data, 0x11010);
  surface = cs_test_scatter_render (data, CS_THEME_LIGHT, 700, 420);
  g = cs_scatter_geometry_new (data, NULL, 700, 420);

  g_assert_cmpfloat_with_epsilon (g->y_min, -0.35, 1e-9);
  g_assert_cmpfloat_with_epsilon (g->y_max, length + 0.35, 1e-9);
  g_assert_cmpfloat (g->x_min, <=, 0.5);
  g_assert_cmpfloat (g->x_max, >=, 2.5);
  g_assert_cmphex (g->address_min, <=, 0x10000);
  g_assert_cmphex (g->address_max, >=, 0x7f0000000010);
  for (guint i = 0; i < G_N_ELEMENTS (pts); i++)
    {
      double x = cs_test_scatter_hand_x (g, pts[i].t);
      double y = cs_test_scatter_hand_y (g, hand_pos[i]);
      double lx, ly;

      g_test_message ("point %u at %.1f, %.1f", i, x, y);
      g_assert_true (cs_scatter_geometry_locate (g, data, i, &lx, &ly));
      g_assert_cmpfloat (fabs (lx - x), <, 0.01);
      g_assert_cmpfloat (fabs (ly - y), <, 0.01);
      g_assert_true (cs_test_pixel_close (test_pixel (surface, (int) floor (x), (int) floor (y)),
                                  cs_test_series_pixel (CS_THEME_LIGHT, pts[i].thread, 2)));
    }
  /* Higher addresses higher up; the far line gets a band of its own, not
   * a pixel row at the top of a 128 TiB axis. */
  g_assert_cmpfloat (cs_test_scatter_hand_y (g, hand_pos[2]), <, cs_test_scatter_hand_y (g, hand_pos[0]));
  g_assert_cmpfloat (cs_test_scatter_hand_y (g, start2) - cs_test_scatter_hand_y (g, start2 + 2), >, g->plot.height / 10);

  /* One break, between the clusters. */
  g_assert_cmpuint (g->n_gaps, ==, 1);
  g_assert_cmpfloat (fabs (g->gaps[0].y - cs_test_scatter_hand_y (g, start2)), <, 0.01);
  g_assert_cmpfloat (fabs (g->gaps[0].y + g->gaps[0].height - cs_test_scatter_hand_y (g, w1)), <, 0.01);

  /* The band of line 0x11000 (no point in it): tinted across the plot. */
  band_mid = cs_test_scatter_hand_y (g, w1 * (0x1000 + 32) / (double) 0x2040);
  g_assert_cmpfloat (g->band.height, >=, 4);
  g_assert_cmpfloat (fabs (g->band.y + g->band.height / 2 - band_mid), <=, 1);
  for (guint i = 0; i < 20; i++)
    if (!cs_test_pixel_close (test_pixel (surface, (int) (g->plot.x + g->plot.width * (i + 0.5) / 20), (int) band_mid), card))
      tinted++;
  g_assert_cmpuint (tinted, ==, 20);

  cairo_surface_destroy (surface);
}

/* A viewport shows a part of both axes: zoomed on the upper cluster's
 * band, the lower points are not shown, the far one is, where the zoomed
 * mapping puts it. */
static void
test_viewport (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_ADDRESS);
  g_autoptr(CsScatterGeometry) full = NULL, zoomed = NULL;
  CsScatterViewport vp = { 0.25, 0.75, 0.6, 1.0 };
  double x, y;

  cs_scatter_data_add_point (data, 1.0, 0x10000, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.0, 0x7f0000000010, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 3.0, 0x7f0000000010, 1, 0);
  full = cs_scatter_geometry_new (data, NULL, 600, 400);
  zoomed = cs_scatter_geometry_new_view (data, &vp, NULL, 600, 400);
  g_assert_cmpfloat_with_epsilon (zoomed->x_min, full->x_min + 0.25 * (full->x_max - full->x_min), 1e-9);
  g_assert_cmpfloat_with_epsilon (zoomed->x_max, full->x_min + 0.75 * (full->x_max - full->x_min), 1e-9);
  g_assert_cmpfloat_with_epsilon (zoomed->y_min, full->y_min + 0.6 * (full->y_max - full->y_min), 1e-9);
  g_assert_cmpfloat_with_epsilon (zoomed->full_y_max, full->y_max, 1e-9);
  g_assert_false (cs_scatter_geometry_locate (zoomed, data, 0, &x, &y));
  g_assert_true (cs_scatter_geometry_locate (zoomed, data, 1, &x, &y));
  g_assert_cmpfloat (fabs (x - cs_test_scatter_hand_x (zoomed, 2.0)), <, 0.01);
  g_assert_cmpuint (zoomed->n_visible, <, full->n_visible);
  g_assert_cmpint (cs_scatter_geometry_hit_test (zoomed, data, x, y), ==, 1);
}

/* Zoomed inside the selected line, its band is the plot's height, not
 * beyond it (over the title and the axis). */
static void
test_viewport_band (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_ADDRESS);
  g_autoptr(CsScatterGeometry) g = NULL;
  /* Axis: the line 0x10000 at 0 … 2 (1 + log2 (1 + 1) units), the far
   * line at 2.6 … 4.6, padded to -0.35 … 4.95; 0.12 … 0.3 of that is
   * 0.286 … 1.24, inside the first. */
  CsScatterViewport vp = { 0, 1, 0.12, 0.3 };

  cs_scatter_data_add_point (data, 1.0, 0x10000, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.0, 0x7f0000000010, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (data, 0x10000);
  g = cs_scatter_geometry_new_view (data, &vp, NULL, 600, 400);
  g_assert_cmpfloat_with_epsilon (g->band.y, g->plot.y, 1e-9);
  g_assert_cmpfloat_with_epsilon (g->band.height, g->plot.height, 1e-9);
}

/* A break partly in view is cut at the plot's edge: 0.5 … 0.6887 of the
 * axis above is 2.3 … 3.3, the break 2 … 2.6 shows from the bottom to 2.6. */
static void
test_viewport_gap (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_ADDRESS);
  g_autoptr(CsScatterGeometry) g = NULL;
  CsScatterViewport vp = { 0, 1, 0.5, 3.65 / 5.3 };

  cs_scatter_data_add_point (data, 1.0, 0x10000, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.0, 0x7f0000000010, 1, CS_SCATTER_POINT_STORE);
  g = cs_scatter_geometry_new_view (data, &vp, NULL, 600, 400);
  g_assert_cmpuint (g->n_gaps, ==, 1);
  g_assert_cmpfloat_with_epsilon (g->y_min, 2.3, 1e-9);
  g_assert_cmpfloat (fabs (g->gaps[0].y - cs_test_scatter_hand_y (g, 2.6)), <, 0.01);
  g_assert_cmpfloat_with_epsilon (g->gaps[0].y + g->gaps[0].height, g->plot.y + g->plot.height, 1e-9);
}

/* Past CS_SCATTER_VECTOR_MAX points the density image: stores in the
 * thread's colour, loads in the lighter tint (the thread's colour 60 % over
 * the card), so the two read apart; more points, more opaque. */
static void
test_density_kinds (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_ADDRESS);
  g_autoptr(CsScatterGeometry) g = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  TestPixel card = cs_test_role_pixel (CS_THEME_DARK, CS_COLOR_ROLE_CARD);
  TestPixel store = cs_test_series_pixel (CS_THEME_DARK, 0, 2);
  TestPixel load = { store.r * 0.6 + card.r * 0.4, store.g * 0.6 + card.g * 0.4, store.b * 0.6 + card.b * 0.4 };
  cairo_surface_t *surface;
  guint n_store = 0, n_load = 0, n_store_in_loads = 0;

  /* Thread 0 stores in the first second, loads in the third; same lines. */
  for (guint i = 0; i < 30000; i++)
    {
      guint64 a = 0x10000 + (guint64) g_rand_int_range (rand, 0, 256) * 64;

      cs_scatter_data_add_point (data, g_rand_double_range (rand, 0, 1), a, 0, CS_SCATTER_POINT_STORE);
      cs_scatter_data_add_point (data, g_rand_double_range (rand, 2, 3), a, 0, 0);
    }
  surface = cs_test_scatter_render (data, CS_THEME_DARK, 800, 500);
  {
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "cs-test-scatter-density.png", NULL);

    /* For looking at: stores and loads apart at the default size. */
    cairo_surface_write_to_png (surface, path);
    g_test_message ("rendering saved to %s", path);
  }
  g = cs_scatter_geometry_new (data, NULL, 800, 500);
  g_assert_true (g->density);
  g_assert_cmpuint (g->n_visible, >, CS_SCATTER_VECTOR_MAX);
  for (int py = (int) g->plot.y + 2; py < (int) (g->plot.y + g->plot.height) - 2; py++)
    for (int px = (int) g->plot.x + 2; px < (int) (g->plot.x + g->plot.width) - 2; px++)
      {
        TestPixel p = test_pixel (surface, px, py);
        double t = g->x_min + (px + 0.5 - g->plot.x) / g->plot.width * (g->x_max - g->x_min);

        if (t < 1)
          n_store += cs_test_pixel_blend_of (p, card, store, 0.45);
        else if (t > 2 && t < 3)
          {
            n_load += cs_test_pixel_blend_of (p, card, load, 0.45);
            n_store_in_loads += cs_test_pixel_close (p, store);
          }
      }
  g_test_message ("store pixels %u, load pixels %u, store-coloured among the loads %u", n_store, n_load,
                  n_store_in_loads);
  g_assert_cmpuint (n_store, >, 1000);
  g_assert_cmpuint (n_load, >, 1000);
  g_assert_cmpuint (n_store_in_loads, ==, 0);
  cairo_surface_destroy (surface);
}

/* Eight threads, eight colours, told apart and readable on the dark card
 * as on the light one. */
static void
test_eight_threads (void)
{
  for (guint theme = CS_THEME_LIGHT; theme <= CS_THEME_DARK; theme++)
    {
      CsColor card, c[8];

      cs_palette_get_role_color (theme, CS_COLOR_ROLE_CARD, &card);
      for (guint i = 0; i < 8; i++)
        {
          cs_palette_get_part_color (theme, i, 8, &c[i]);
          g_test_message ("theme %u thread %u: contrast %.2f", theme, i, cs_color_contrast_ratio (&c[i], &card));
          g_assert_cmpfloat (cs_color_contrast_ratio (&c[i], &card), >=, 1.5);
          for (guint j = 0; j < i; j++)
            g_assert_cmpfloat (fabs (c[i].red - c[j].red) + fabs (c[i].green - c[j].green) +
                               fabs (c[i].blue - c[j].blue), >, 0.15);
        }
    }
}

/* No points: no plot, the teaching text instead, drawn. A cacheline with
 * no access of its own names the line. */
static void
test_empty (void)
{
  g_autoptr(CsScatterData) data = cs_scatter_data_new (CS_SCATTER_MODE_ADDRESS, "Data addresses");
  g_autoptr(CsScatterData) other = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  g_autoptr(CsScatterGeometry) g = cs_scatter_geometry_new (data, NULL, 500, 300);
  g_autoptr(CsScatterGeometry) g2 = NULL;
  cairo_surface_t *surface = cs_test_scatter_render (data, CS_THEME_LIGHT, 500, 300);

  g_assert_cmpfloat (g->plot.width, ==, 0);
  g_assert_cmpuint (g->n_shown, ==, 0);
  g_assert_nonnull (g->empty_text);
  g_assert_nonnull (strstr (g->empty_text, "--regs"));
  g_assert_cmpfloat (g->empty.width, >, 0);
  g_assert_true (cs_test_region_has_ink (surface, &g->empty, cs_test_role_pixel (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD)));
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 500, 300, 250, 150), ==, -1);
  cairo_surface_destroy (surface);

  /* Tiny and zero sizes do not crash. */
  surface = cs_test_scatter_render (data, CS_THEME_DARK, 10, 10);
  cairo_surface_destroy (surface);

  cs_scatter_data_add_point (other, 1.0, LINE + 200, 0, 0);
  cs_scatter_data_select_line (other, LINE);
  g2 = cs_scatter_geometry_new (other, NULL, 500, 300);
  g_assert_cmpuint (g2->n_shown, ==, 0);
  g_assert_nonnull (strstr (g2->empty_text, "0x7f0000001000"));
}

/* 10^5 points of four threads draw (no timing here: bench/); every thread's
 * colour shows up, and the hit test on a drawn point finds a point there. */
static void
test_many_points (void)
{
  g_autoptr(CsScatterData) data = cs_scatter_data_new (CS_SCATTER_MODE_ADDRESS, "Many");
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(CsScatterGeometry) g = NULL;
  cairo_surface_t *surface;
  guint found[4] = { 0, };
  double x, y;
  int hit;

  for (guint t = 0; t < 4; t++)
    {
      g_autofree char *name = g_strdup_printf ("worker %u", t);
      cs_scatter_data_add_series (data, name);
    }
  for (guint i = 0; i < 100000; i++)
    cs_scatter_data_add_point (data, g_rand_double_range (rand, 0, 30),
                               0x7f0000000000 + (guint64) g_rand_int_range (rand, 0, 1 << 24),
                               i % 4, (i % 3) ? CS_SCATTER_POINT_STORE : 0);
  surface = cs_test_scatter_render (data, CS_THEME_LIGHT, 1200, 800);
  g = cs_scatter_geometry_new (data, NULL, 1200, 800);
  g_assert_cmpuint (g->n_shown, ==, 100000);

  /* Drawn as a density image: each thread's colour over the card, at a
   * coverage that grows with the points per cell. */
  g_assert_true (g->density);
  for (int py = (int) g->plot.y; py < (int) (g->plot.y + g->plot.height); py += 3)
    for (int px = (int) g->plot.x; px < (int) (g->plot.x + g->plot.width); px += 3)
      for (guint t = 0; t < 4; t++)
        found[t] += cs_test_pixel_blend_of (test_pixel (surface, px, py), cs_test_role_pixel (CS_THEME_LIGHT, CS_COLOR_ROLE_CARD),
                                    cs_test_series_pixel (CS_THEME_LIGHT, t, 4), 0.45);
  for (guint t = 0; t < 4; t++)
    g_assert_cmpuint (found[t], >, 10);

  g_assert_true (cs_scatter_geometry_locate (g, data, 12345, &x, &y));
  hit = cs_scatter_geometry_hit_test (g, data, x, y);
  g_assert_cmpint (hit, >=, 0);
  g_assert_true (cs_scatter_geometry_locate (g, data, hit, &x, &y));
  cairo_surface_destroy (surface);
}

/* The nearest point within a few pixels; none in an empty corner of the
 * plot or on the title. */
static void
test_hit_test (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  g_autoptr(CsScatterGeometry) g = NULL;
  double x0, y0, x1;

  cs_scatter_data_add_point (data, 1.0, LINE + 2, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 1.0, LINE + 3, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 5.0, LINE + 40, 1, 0);
  cs_scatter_data_select_line (data, LINE);
  g = cs_scatter_geometry_new (data, NULL, 640, 400);

  x0 = cs_test_scatter_hand_x (g, 2.5);
  y0 = cs_test_scatter_hand_y (g, 1.0);
  x1 = cs_test_scatter_hand_x (g, 3.5);
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 640, 400, x0, y0), ==, 0);
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 640, 400, x0 - 2, y0 + 1), ==, 0);
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 640, 400, x1 + 1, y0), ==, 1);
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 640, 400, cs_test_scatter_hand_x (g, 40.5), cs_test_scatter_hand_y (g, 5.0)), ==, 2);
  /* Bottom-right of the plot: byte 63 at the earliest time, no point. */
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 640, 400, g->plot.x + g->plot.width - 2,
                                        g->plot.y + g->plot.height - 2), ==, -1);
  g_assert_cmpint (cs_scatter_hit_test (data, NULL, 640, 400, g->title.x + 2, g->title.y + 2), ==, -1);
}

/* The legend: an entry per thread with points, its swatch in the thread's
 * colour; a thread without points in the line has none. */
static void
test_legend (void)
{
  g_autoptr(CsScatterData) data = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  g_autoptr(CsScatterGeometry) g = NULL;
  cairo_surface_t *surface;
  gboolean swatch = FALSE;
  const CsRect *e;

  cs_scatter_data_add_series (data, "idle");
  cs_scatter_data_add_point (data, 1.0, LINE + 2, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.0, LINE + 9, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.0, LINE + 64, 2, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (data, LINE);
  surface = cs_test_scatter_render (data, CS_THEME_DARK, 640, 400);
  g = cs_scatter_geometry_new (data, NULL, 640, 400);

  g_assert_cmpuint (g->n_series_legend, ==, 3);
  g_assert_cmpfloat (g->series_legend[0].width, >, 0);
  g_assert_cmpfloat (g->series_legend[1].width, >, 0);
  g_assert_cmpfloat (g->series_legend[2].width, ==, 0);
  g_assert_cmpfloat (g->series_legend[1].x, >, g->series_legend[0].x);
  g_assert_cmpfloat (g->legend.y, >, g->plot.y + g->plot.height);
  e = &g->series_legend[1];
  for (int x = (int) e->x; x < (int) e->x + 10; x++)
    swatch |= cs_test_pixel_close (test_pixel (surface, x, (int) (e->y + e->height / 2)), cs_test_series_pixel (CS_THEME_DARK, 1, 3));
  g_assert_true (swatch);
  /* Dark theme: the card behind everything. */
  g_assert_true (cs_test_pixel_close (test_pixel (surface, 1, 1), cs_test_role_pixel (CS_THEME_DARK, CS_COLOR_ROLE_CARD)));
  cairo_surface_destroy (surface);
}

/* A note (provenance) ends the legend, after the last thread's entry; the
 * legend band has no ink there without one. */
static void
test_note (void)
{
  g_autoptr(CsScatterData) plain = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  g_autoptr(CsScatterData) noted = NULL;
  g_autoptr(CsScatterGeometry) g = NULL;
  cairo_surface_t *without, *with;
  double after;

  cs_scatter_data_add_point (plain, 1.0, LINE + 2, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (plain, 2.0, LINE + 9, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (plain, LINE);
  noted = cs_test_scatter_two_threads (CS_SCATTER_MODE_CACHELINE);
  cs_scatter_data_add_point (noted, 1.0, LINE + 2, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (noted, 2.0, LINE + 9, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (noted, LINE);
  cs_scatter_data_set_note (noted, "† reconstructed");
  g_assert_cmpstr (noted->note, ==, "† reconstructed");

  without = cs_test_scatter_render (plain, CS_THEME_LIGHT, 640, 400);
  with = cs_test_scatter_render (noted, CS_THEME_LIGHT, 640, 400);
  g = cs_scatter_geometry_new (plain, NULL, 640, 400);
  after = g->series_legend[1].x + g->series_legend[1].width + 2;
  g_assert_cmpuint (cs_test_scatter_legend_ink (without, g, after), ==, 0);
  g_assert_cmpuint (cs_test_scatter_legend_ink (with, g, after), >, 20);
  cairo_surface_destroy (without);
  cairo_surface_destroy (with);
}

/* Axis ranges, by hand: 1-2-5 time steps; address ranges on power-of-two
 * multiples of a line. */
static void
test_ranges (void)
{
  double min, max, step;
  guint64 amin, amax, astep;

  _cs_scatter_time_range (0.13, 12.4, 6, &min, &max, &step);
  /* 12.27 / 6 = 2.05 → step 5 → [0, 15] */
  g_assert_cmpfloat (step, ==, 5);
  g_assert_cmpfloat (min, ==, 0);
  g_assert_cmpfloat (max, ==, 15);
  _cs_scatter_time_range (1.0, 3.0, 8, &min, &max, &step);
  /* 2 / 8 = 0.25 → 0.5 → [1, 3] */
  g_assert_cmpfloat (fabs (step - 0.5), <, 1e-12);
  g_assert_cmpfloat (fabs (min - 1), <, 1e-12);
  g_assert_cmpfloat (fabs (max - 3), <, 1e-12);
  _cs_scatter_time_range (2.0, 2.0, 5, &min, &max, &step);
  g_assert_cmpfloat (min, <, 2.0);
  g_assert_cmpfloat (max, >, 2.0);

  /* Lines 0x10000 … 0x12000: 0x400 would need 9 steps, 0x800 needs 5. */
  _cs_scatter_address_range (0x10008, 0x12010, 8, &amin, &amax, &astep);
  g_assert_cmpuint (astep, ==, 0x800);
  g_assert_cmpuint (amin, ==, 0x10000);
  g_assert_cmpuint (amax, ==, 0x12800);
  /* One line: exactly that line. */
  _cs_scatter_address_range (0x1234, 0x1238, 8, &amin, &amax, &astep);
  g_assert_cmpuint (amin, ==, 0x1200);
  g_assert_cmpuint (amax, ==, 0x1240);
  /* The top of the address space does not wrap. */
  _cs_scatter_address_range (G_MAXUINT64 - 10, G_MAXUINT64, 4, &amin, &amax, &astep);
  g_assert_cmpuint (amax, >, amin);

  {
    g_autofree char *label = _cs_scatter_format_address (0x7ffd12345640);
    g_autofree char *t = _cs_scatter_format_time (1.5, 0.5);

    g_assert_cmpstr (label, ==, "0x7ffd12345640");
    g_assert_cmpstr (t, ==, "1.5");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scatter-draw/cacheline-columns", test_cacheline_columns);
  g_test_add_func ("/scatter-draw/access-width", test_access_width);
  g_test_add_func ("/scatter-draw/address-positions", test_address_positions);
  g_test_add_func ("/scatter-draw/viewport", test_viewport);
  g_test_add_func ("/scatter-draw/viewport-band", test_viewport_band);
  g_test_add_func ("/scatter-draw/viewport-gap", test_viewport_gap);
  g_test_add_func ("/scatter-draw/density-kinds", test_density_kinds);
  g_test_add_func ("/scatter-draw/eight-threads", test_eight_threads);
  g_test_add_func ("/scatter-draw/empty", test_empty);
  g_test_add_func ("/scatter-draw/many-points", test_many_points);
  g_test_add_func ("/scatter-draw/hit-test", test_hit_test);
  g_test_add_func ("/scatter-draw/legend", test_legend);
  g_test_add_func ("/scatter-draw/ranges", test_ranges);
  g_test_add_func ("/scatter-draw/note", test_note);
  return g_test_run ();
}
