/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-grid-view.c — CsChartGridView lays out 1–12 chart widgets by
 * their count, without overlap, and follows the window's size */

#include "config.h"

#include "cs-chart-grid-view.h"
#include "cs-test-charts.h"
#include "cs-test-widgets.h"

static GPtrArray *
make_charts (guint n)
{
  GPtrArray *charts = g_ptr_array_new_with_free_func ((GDestroyNotify) test_values_free);
  const double parts[] = { 5, 3, 2 };

  for (guint i = 0; i < n; i++)
    {
      CsChartValues *v = i % 2 == 0 ? test_bar_new ("Bar", "cycles", parts, 3)
                                    : test_ref_new (1.5, 0, 1, 2, FALSE, CS_BAND_MEDIUM);

      g_free (v->id);
      v->id = g_strdup_printf ("chart-%u", i);
      g_ptr_array_add (charts, v);
    }
  return charts;
}

static void
check_layout (GtkWidget *grid,
              guint      n,
              guint      columns,
              guint      rows)
{
  double width = gtk_widget_get_width (grid);
  double height = gtk_widget_get_height (grid);
  g_autofree graphene_rect_t *boxes = g_new0 (graphene_rect_t, n);
  g_autofree double *xs = g_new0 (double, n);
  g_autofree double *ys = g_new0 (double, n);
  g_autofree double *widths = g_new0 (double, n);

  g_assert_cmpuint (cs_chart_grid_view_get_n_charts (CS_CHART_GRID_VIEW (grid)), ==, n);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *chart = GTK_WIDGET (cs_chart_grid_view_get_chart (CS_CHART_GRID_VIEW (grid), i));

      g_assert_true (gtk_widget_compute_bounds (chart, grid, &boxes[i]));
      g_assert_true (gtk_widget_get_mapped (chart));
      /* Inside the grid, and not degenerate. */
      g_assert_cmpfloat (boxes[i].origin.x, >=, 0);
      g_assert_cmpfloat (boxes[i].origin.y, >=, 0);
      g_assert_cmpfloat (boxes[i].origin.x + boxes[i].size.width, <=, width);
      g_assert_cmpfloat (boxes[i].origin.y + boxes[i].size.height, <=, height);
      g_assert_cmpfloat (boxes[i].size.width, >=, 40);
      g_assert_cmpfloat (boxes[i].size.height, >=, 40);
      xs[i] = boxes[i].origin.x;
      ys[i] = boxes[i].origin.y;
      widths[i] = boxes[i].size.width;
      /* Charts fill the grid: at least 3/4 of a column's share of the width. */
      g_assert_cmpfloat (boxes[i].size.width, >=, 0.75 * width / columns);
      g_assert_cmpfloat (boxes[i].size.height, >=, 0.75 * height / rows);
    }
  for (guint i = 0; i < n; i++)
    for (guint k = i + 1; k < n; k++)
      {
        graphene_rect_t overlap;

        if (graphene_rect_intersection (&boxes[i], &boxes[k], &overlap))
          g_assert_cmpfloat (overlap.size.width * overlap.size.height, <=, 0);
      }
  g_assert_cmpuint (count_distinct (ys, n), ==, rows);
  /* The last row is centred, so count the columns of the first row. */
  {
    guint first_row = 0;

    for (guint i = 0; i < n; i++)
      first_row += fabs (ys[i] - ys[0]) < 0.5;
    g_assert_cmpuint (first_row, ==, columns);
    g_assert_cmpuint (count_distinct (xs, first_row), ==, columns);
  }
  /* Every chart has the same size. */
  for (guint i = 1; i < n; i++)
    g_assert_cmpfloat (fabs (widths[i] - widths[0]), <=, 1);
}

/* Counts and shapes from seed 000's dk_graph, written out by hand:
 * 1 → 1×1, 2 → 2×1, 4 → 2×2, 7 → 3×3, 12 → 4×3. */
static void
test_layouts (void)
{
  const struct { guint n, columns, rows; } cases[] = {
    { 1, 1, 1 }, { 2, 2, 1 }, { 4, 2, 2 }, { 7, 3, 3 }, { 12, 4, 3 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) charts = make_charts (cases[c].n);
      GtkWidget *grid = cs_chart_grid_view_new ();
      GtkWindow *window;

      cs_chart_grid_view_set_charts (CS_CHART_GRID_VIEW (grid), charts);
      window = cs_test_show (grid, 1200, 800);
      cs_test_flush ();
      g_test_message ("%u charts at 1200×800", cases[c].n);
      check_layout (grid, cases[c].n, cases[c].columns, cases[c].rows);

      /* Smaller window: the charts shrink with it, still without overlap. */
      cs_test_resize (window, grid, 800, 520);
      cs_test_flush ();
      g_test_message ("%u charts at 800×520", cases[c].n);
      check_layout (grid, cases[c].n, cases[c].columns, cases[c].rows);
      if (c == G_N_ELEMENTS (cases) - 1)
        {
          g_autoptr(CsTestImage) image = cs_test_render (grid);

          cs_test_image_save (image, "cs-test-chart-grid-view-12.png");
        }
      gtk_window_destroy (window);
    }
}

static void
on_export_requested (GtkWidget   *grid,
                     const char  *chart_id,
                     char       **out)
{
  g_free (*out);
  *out = g_strdup (chart_id);
}

/* A chart's "Export Chart…" reaches the grid's owner with that chart's id;
 * replacing the charts drops the old widgets. */
static void
test_export_forwarded (void)
{
  g_autoptr(GPtrArray) charts = make_charts (3);
  g_autoptr(GPtrArray) fewer = make_charts (2);
  GtkWidget *grid = cs_chart_grid_view_new ();
  g_autofree char *exported = NULL;
  GtkWindow *window;

  cs_chart_grid_view_set_charts (CS_CHART_GRID_VIEW (grid), charts);
  window = cs_test_show (grid, 900, 600);
  g_signal_connect (grid, "export-requested", G_CALLBACK (on_export_requested), &exported);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (cs_chart_grid_view_get_chart (CS_CHART_GRID_VIEW (grid), 2)),
                                             "view.export", NULL));
  g_assert_cmpstr (exported, ==, "chart-2");

  cs_chart_grid_view_set_charts (CS_CHART_GRID_VIEW (grid), fewer);
  cs_test_wait_frames (grid);
  g_assert_cmpuint (cs_chart_grid_view_get_n_charts (CS_CHART_GRID_VIEW (grid)), ==, 2);
  check_layout (grid, 2, 2, 1);

  cs_chart_grid_view_set_charts (CS_CHART_GRID_VIEW (grid), NULL);
  g_assert_cmpuint (cs_chart_grid_view_get_n_charts (CS_CHART_GRID_VIEW (grid)), ==, 0);
  g_assert_null (gtk_widget_get_first_child (grid));
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  cs_test_widgets_init (&argc, &argv);

  g_test_add_func ("/chart-grid-view/layouts", test_layouts);
  g_test_add_func ("/chart-grid-view/export-forwarded", test_export_forwarded);
  return g_test_run ();
}
