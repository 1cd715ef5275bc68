/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scatter-view.c — CsScatterView in a real window: pixels, theme,
 * tooltip text, a real click emitting ::point-activated */

#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "cs-scatter-view.h"
#include "cs-test-charts.h"
#include "cs-test-widgets.h"

#define LINE G_GUINT64_CONSTANT (0x7f0000001000)

static CsScatterData *
make_data (void)
{
  CsScatterData *data = cs_scatter_data_new (CS_SCATTER_MODE_CACHELINE, "Counters");

  cs_scatter_data_add_series (data, "worker 1");
  cs_scatter_data_add_series (data, "worker 2");
  cs_scatter_data_add_point (data, 1.0, LINE + 0, 0, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 3.0, LINE + 32, 1, CS_SCATTER_POINT_STORE);
  cs_scatter_data_add_point (data, 2.0, LINE + 12, 0, 0);
  cs_scatter_data_select_line (data, LINE);
  return data;
}

static GtkWidget *
show_view (CsScatterData *data,
           GtkWindow    **window)
{
  GtkWidget *view = cs_scatter_view_new ();

  cs_scatter_view_set_data (CS_SCATTER_VIEW (view), data);
  *window = cs_test_show (view, 640, 400);
  return view;
}

/* Where the mark of (@offset, @time) is, by hand from the plot and ranges. */
static void
hand_position (const CsScatterGeometry *g,
               guint                    offset,
               double                   time,
               double                  *x,
               double                  *y)
{
  *x = g->plot.x + (offset + 0.5) / 64.0 * g->plot.width;
  *y = g->plot.y + g->plot.height - (time - g->y_min) / (g->y_max - g->y_min) * g->plot.height;
}

static gboolean
pixel_close (TestPixel a,
             CsColor   b)
{
  return fabs (a.r - b.red) < 0.01 && fabs (a.g - b.green) < 0.01 && fabs (a.b - b.blue) < 0.01;
}

/* The widget draws the marks where the geometry's axes put them, in the
 * threads' colours of its theme; focusable. */
static void
test_render (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  GtkWindow *window;
  GtkWidget *view = show_view (data, &window);
  g_autoptr(CsTestImage) image = cs_test_render (view);
  cairo_surface_t *surface = cs_test_image_surface (image);
  const CsScatterGeometry *g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));
  CsChartStyle style;
  CsColor c0, c1;
  double x, y;

  cs_test_image_save (image, "cs-test-scatter-view.png");
  g_assert_nonnull (g);
  g_assert_cmpuint (g->n_shown, ==, 3);
  cs_cairo_view_get_style (CS_CAIRO_VIEW (view), &style, NULL);
  g_assert_cmpfloat (style.scale, ==, gtk_widget_get_scale_factor (view));
  cs_palette_get_part_color (style.theme, 0, 2, &c0);
  cs_palette_get_part_color (style.theme, 1, 2, &c1);

  hand_position (g, 0, 1.0, &x, &y);
  g_assert_cmpfloat (x, <, g->plot.x + g->plot.width / 2);
  g_assert_true (pixel_close (test_pixel (surface, (int) floor (x), (int) floor (y)), c0));
  hand_position (g, 32, 3.0, &x, &y);
  g_assert_cmpfloat (x, >, g->plot.x + g->plot.width / 2);
  g_assert_true (pixel_close (test_pixel (surface, (int) floor (x), (int) floor (y)), c1));

  g_assert_true (gtk_widget_get_focusable (view));
  g_assert_true (gtk_widget_grab_focus (view));
  g_assert_true (gtk_widget_has_focus (view));
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (view)), ==, GTK_ACCESSIBLE_ROLE_IMG);

  cairo_surface_destroy (surface);
  gtk_window_destroy (window);
}

/* Light foreground → dark palette, as for the other charts. */
static void
test_theme (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  GtkWindow *window;
  GtkWidget *view = show_view (data, &window);
  g_autoptr(CsTestImage) image = NULL;
  CsChartStyle style;
  CsColor card;

  gtk_css_provider_load_from_data (provider, "cs-scatter { color: #eeeeee; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  cs_test_wait_frames (view);
  cs_cairo_view_get_style (CS_CAIRO_VIEW (view), &style, NULL);
  g_assert_cmpint (style.theme, ==, CS_THEME_DARK);
  image = cs_test_render (view);
  cs_palette_get_role_color (CS_THEME_DARK, CS_COLOR_ROLE_CARD, &card);
  g_assert_true (cs_test_image_near (image, 3, image->height / 2, card.red, card.green, card.blue, 3));

  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
  gtk_window_destroy (window);
}

/* The tooltip of a point names its thread, kind, hex address and byte in
 * the line; an empty spot has none. */
static void
test_tooltip (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  GtkWindow *window;
  GtkWidget *view = show_view (data, &window);
  const CsScatterGeometry *g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));
  g_autofree char *tip = NULL;
  g_autofree char *load = NULL;
  g_autofree char *none = NULL;
  double x, y;

  hand_position (g, 32, 3.0, &x, &y);
  tip = cs_cairo_view_describe (CS_CAIRO_VIEW (view), x + 1, y);
  g_assert_nonnull (tip);
  g_test_message ("%s", tip);
  g_assert_nonnull (strstr (tip, "worker 2"));
  g_assert_nonnull (strstr (tip, "0x7f0000001020"));
  g_assert_nonnull (strstr (tip, "Store"));
  g_assert_nonnull (strstr (tip, "Byte 32 of cacheline 0x7f0000001000"));
  g_assert_nonnull (strstr (tip, "3.000000 s"));

  hand_position (g, 12, 2.0, &x, &y);
  load = cs_cairo_view_describe (CS_CAIRO_VIEW (view), x, y);
  g_assert_nonnull (load);
  g_assert_nonnull (strstr (load, "Load at 0x7f000000100c"));

  none = cs_cairo_view_describe (CS_CAIRO_VIEW (view), g->plot.x + g->plot.width - 3, g->plot.y + 3);
  g_assert_null (none);
  gtk_window_destroy (window);
}

static void
on_export_requested (CsCairoView *view,
                     guint       *count)
{
  (*count)++;
}

/* What every cairo view has (CsCairoView): "Copy Value" copies the address
 * of the point there, "Export Image…" asks the owner, the keyboard tooltip
 * sums the chart up, and the view writes itself to a file. */
static void
test_view_base (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  g_autofree char *tmpdir = cs_test_mkdtemp ();
  g_autofree char *svg = g_build_filename (tmpdir, "scatter.svg", NULL);
  g_autoptr(GError) error = NULL;
  GtkWindow *window;
  GtkWidget *view = show_view (data, &window);
  const CsScatterGeometry *g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));
  g_autofree char *copy = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *contents = NULL;
  guint exported = 0;
  double x, y;

  hand_position (g, 32, 3.0, &x, &y);
  copy = cs_cairo_view_get_copy_text (CS_CAIRO_VIEW (view), x + 1, y);
  g_assert_cmpstr (copy, ==, "0x7f0000001020");
  summary = cs_cairo_view_describe (CS_CAIRO_VIEW (view), NAN, NAN);
  g_assert_nonnull (summary);
  g_assert_nonnull (strstr (summary, "sampled data accesses"));

  g_signal_connect (view, "export-requested", G_CALLBACK (on_export_requested), &exported);
  g_assert_true (gtk_widget_activate_action (view, "view.export", NULL));
  g_assert_cmpuint (exported, ==, 1);

  g_assert_true (cs_cairo_view_export (CS_CAIRO_VIEW (view), svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  cs_test_rmdir (tmpdir);
  gtk_window_destroy (window);
}

static void
on_point_activated (CsScatterView *view,
                    guint64        address,
                    guint64       *out)
{
  *out = address;
}

static gboolean
activated (gpointer data)
{
  return *(guint64 *) data != 0;
}

/* A real click (xdotool on the X server) on a point emits ::point-activated
 * with its address; a click on empty plot emits nothing. */
static void
test_click (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *title = g_strdup_printf ("cs-test-scatter-click-%d", (int) getpid ());
  g_autoptr(CsScatterData) data = make_data ();
  GtkWindow *window;
  GtkWidget *view;
  const CsScatterGeometry *g;
  guint64 address = 0;
  double x, y;

  if (xdotool == NULL || strcmp (G_OBJECT_TYPE_NAME (gdk_display_get_default ()), "GdkX11Display") != 0)
    {
      g_test_skip ("needs xdotool and an X display");
      return;
    }
  view = show_view (data, &window);
  gtk_window_set_title (window, title);
  g_signal_connect (view, "point-activated", G_CALLBACK (on_point_activated), &address);
  cs_test_wait_frames (view);
  g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));

  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *sx = NULL;
      g_autofree char *sy = NULL;
      int status = 0;

      /* The view fills the undecorated window: widget = window coordinates. */
      if (k == 0)
        x = g->plot.x + g->plot.width - 5, y = g->plot.y + 5;
      else
        hand_position (g, 32, 3.0, &x, &y);
      sx = g_strdup_printf ("%d", (int) round (x));
      sy = g_strdup_printf ("%d", (int) round (y));
      {
        const char *argv[] = { xdotool, "search", "--sync", "--name", title,
                               "mousemove", "--window", "%1", sx, sy, "click", "1", NULL };
        g_autofree char *out = cs_test_run (argv, NULL, &status);
      }
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      if (k == 0)
        {
          /* Nothing there: no signal, even after the events arrived. */
          cs_test_wait_frames (view);
          cs_test_flush ();
          g_assert_cmpuint (address, ==, 0);
        }
      else
        {
          g_assert_true (cs_test_wait_until (activated, &address));
          g_assert_cmpuint (address, ==, LINE + 32);
        }
    }
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  cs_test_widgets_init (&argc, &argv);

  g_test_add_func ("/scatter-view/render", test_render);
  g_test_add_func ("/scatter-view/theme", test_theme);
  g_test_add_func ("/scatter-view/tooltip", test_tooltip);
  g_test_add_func ("/scatter-view/view-base", test_view_base);
  g_test_add_func ("/scatter-view/click", test_click);
  return g_test_run ();
}
