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
                    guint          key,
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

/* Runs xdotool on the window titled @title with the commands @cmds
 * (after "search --sync --name TITLE"), asserting it worked. */
static void
xdotool_on (const char  *title,
            const char **cmds)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  int status = 0;

  g_ptr_array_add (argv, xdotool);
  g_ptr_array_add (argv, (gpointer) "search");
  g_ptr_array_add (argv, (gpointer) "--sync");
  g_ptr_array_add (argv, (gpointer) "--name");
  g_ptr_array_add (argv, (gpointer) title);
  for (guint i = 0; cmds[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) cmds[i]);
  g_ptr_array_add (argv, NULL);
  out = cs_test_run ((const char **) argv->pdata, NULL, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

typedef struct
{
  CsScatterView     *view;
  CsScatterViewport  before;
  double             max_width;   /* done once the viewport is this narrow (0: any change) */
  double             min_shift;   /* … or once x0 moved left by this much */
} ViewportWait;

static gboolean
viewport_moved (gpointer data)
{
  ViewportWait *w = data;
  const CsScatterViewport *vp = cs_scatter_view_get_viewport (w->view);

  if (w->max_width > 0)
    return vp->x1 - vp->x0 <= w->max_width;
  if (w->min_shift > 0)
    return w->before.x0 - vp->x0 >= w->min_shift &&
           gtk_widget_has_focus (GTK_WIDGET (w->view));
  return memcmp (vp, &w->before, sizeof *vp) != 0;
}

/* Arms @w to wait for a change of the viewport from what it is now (or
 * for the width or shift set after). */
static void
arm (ViewportWait *w)
{
  w->before = *cs_scatter_view_get_viewport (w->view);
  w->max_width = w->min_shift = 0;
}

/* Eight threads in three address clusters far apart, 6000 points: the
 * density drawing, the compressed axis. */
static CsScatterData *
make_clusters (void)
{
  CsScatterData *data = cs_scatter_data_new (CS_SCATTER_MODE_ADDRESS, "Sampled data accesses");
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const guint64 bases[] = { 0x55d0e0004000, 0x55d0e1000000, 0x7f3b40000000 };

  for (guint t = 0; t < 8; t++)
    {
      g_autofree char *name = g_strdup_printf ("thread %u", 100 + t);

      cs_scatter_data_add_series (data, name);
    }
  for (guint i = 0; i < 6000; i++)
    cs_scatter_data_add_point (data, 10.0 * i / 6000, bases[i % 3] + (guint64) g_rand_int_range (rand, 0, 1 << 16),
                               i % 8, i % 5 < 2 ? CS_SCATTER_POINT_STORE : 0);
  return data;
}

/* Zoom and pan with real input (xdotool on the X server): the wheel zooms
 * both axes around the pointer, keeping the data under it; a drag moves
 * the content with the pointer and selects nothing; + zooms further, an
 * arrow key pans, 0 shows everything again. The zoomed window is saved for
 * looking at, and its marks are where the zoomed geometry puts them. */
static void
test_zoom (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *title = g_strdup_printf ("cs-test-scatter-zoom-%d", (int) getpid ());
  g_autoptr(CsScatterData) data = make_clusters ();
  g_autoptr(CsTestImage) image = NULL;
  cairo_surface_t *surface;
  GtkWindow *window;
  GtkWidget *view;
  const CsScatterGeometry *g;
  const CsScatterViewport *vp;
  ViewportWait wait;
  guint64 activated_address = 0;
  double fx, fy, x0, y0, w0, h0, px, py;
  guint inked = 0, located = 0;
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;

  if (xdotool == NULL || strcmp (G_OBJECT_TYPE_NAME (gdk_display_get_default ()), "GdkX11Display") != 0)
    {
      g_test_skip ("needs xdotool and an X display");
      return;
    }
  view = cs_scatter_view_new ();
  cs_scatter_view_set_data (CS_SCATTER_VIEW (view), data);
  window = cs_test_show (view, 900, 600);
  gtk_window_set_title (window, title);
  g_signal_connect (view, "point-activated", G_CALLBACK (on_point_activated), &activated_address);
  cs_test_wait_frames (view);
  wait.view = CS_SCATTER_VIEW (view);
  g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));
  g_assert_nonnull (g);
  g_assert_true (g->density);
  g_assert_cmpuint (g->n_gaps, ==, 2);

  /* The wheel, twice, at a third of the plot from the left and a quarter
   * from the top. */
  fx = 1.0 / 3, fy = 0.75;
  sx = g_strdup_printf ("%d", (int) round (g->plot.x + fx * g->plot.width));
  sy = g_strdup_printf ("%d", (int) round (g->plot.y + (1 - fy) * g->plot.height));
  arm (&wait);
  /* Both clicks handled: 1 / 1.25² of the width. */
  wait.max_width = 1 / (1.25 * 1.25) + 1e-6;
  {
    const char *cmds[] = { "mousemove", "--window", "%1", sx, sy, "click", "--repeat", "2", "--delay", "50", "4", NULL };

    xdotool_on (title, cmds);
  }
  g_assert_true (cs_test_wait_until (viewport_moved, &wait));
  cs_test_wait_frames (view);
  vp = cs_scatter_view_get_viewport (CS_SCATTER_VIEW (view));
  g_test_message ("after the wheel: x %.4f … %.4f, y %.4f … %.4f", vp->x0, vp->x1, vp->y0, vp->y1);
  g_assert_cmpfloat (vp->x1 - vp->x0, <, 0.9);
  g_assert_cmpfloat (vp->y1 - vp->y0, <, 0.9);
  /* The data under the pointer stayed under it. */
  g_assert_cmpfloat (fabs (vp->x0 + fx * (vp->x1 - vp->x0) - fx), <, 0.02);
  g_assert_cmpfloat (fabs (vp->y0 + fy * (vp->y1 - vp->y0) - fy), <, 0.02);
  x0 = vp->x0, y0 = vp->y0, w0 = vp->x1 - vp->x0, h0 = vp->y1 - vp->y0;
  /* The zoom made a new geometry. */
  g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));

  /* Drag 60 pixels right and 40 down: earlier times and higher addresses
   * come into view; the release is no click. */
  arm (&wait);
  /* Both moves and the release (which focuses the view) handled. */
  wait.min_shift = 59.0 / g->plot.width * w0;
  {
    const char *cmds[] = { "mousemove", "--window", "%1", sx, sy, "mousedown", "1",
                           "mousemove_relative", "--sync", "--", "30", "20", "mousemove_relative", "--sync", "--", "30", "20",
                           "mouseup", "1", NULL };

    xdotool_on (title, cmds);
  }
  g_assert_true (cs_test_wait_until (viewport_moved, &wait));
  cs_test_wait_frames (view);
  cs_test_flush ();
  g = cs_scatter_view_get_geometry (CS_SCATTER_VIEW (view));
  g_test_message ("after the drag: x %.4f … %.4f, y %.4f … %.4f", vp->x0, vp->x1, vp->y0, vp->y1);
  g_assert_cmpfloat (vp->x0, <, x0);
  g_assert_cmpfloat (vp->y0, >, y0);
  g_assert_cmpfloat (fabs ((x0 - vp->x0) / w0 * g->plot.width - 60), <, 3);
  g_assert_cmpfloat (fabs ((vp->y0 - y0) / h0 * g->plot.height - 40), <, 3);
  g_assert_cmpfloat_with_epsilon (vp->x1 - vp->x0, w0, 1e-9);
  g_assert_cmpuint (activated_address, ==, 0);

  /* The saved picture of the zoomed view; each mark where the geometry
   * puts it has ink of a thread. */
  image = cs_test_render (view);
  cs_test_image_save (image, "cs-test-scatter-zoom.png");
  surface = cs_test_image_surface (image);
  for (guint i = 0; i < cs_scatter_data_get_n_points (data); i++)
    if (cs_scatter_geometry_locate (g, data, i, &px, &py) && px > g->plot.x + 3 &&
        px < g->plot.x + g->plot.width - 3 && py > g->plot.y + 3 && py < g->plot.y + g->plot.height - 3)
      {
        TestPixel card = test_pixel (surface, (int) g->plot.x + 1, (int) g->plot.y + 1);
        gboolean ink = FALSE;

        /* A ring (a load) is hollow, and the density cells put a mark
         * within 2 pixels: ink anywhere in the mark's 5 × 5. */
        for (int dy = -2; dy <= 2; dy++)
          for (int dx = -2; dx <= 2; dx++)
            {
              TestPixel p = test_pixel (surface, (int) floor (px) + dx, (int) floor (py) + dy);

              ink = ink || fabs (p.r - card.r) + fabs (p.g - card.g) + fabs (p.b - card.b) > 0.1;
            }
        located++;
        inked += ink;
      }
  g_test_message ("zoomed: %u points in view, %u of them on ink", located, inked);
  g_assert_cmpuint (located, >, 50);
  g_assert_cmpuint (located, <, cs_scatter_data_get_n_points (data));
  g_assert_cmpuint (inked, ==, located);
  cairo_surface_destroy (surface);

  /* Keys, after the click above gave the view the focus. */
  g_assert_true (gtk_widget_has_focus (view));
  arm (&wait);
  {
    const char *cmds[] = { "key", "--clearmodifiers", "plus", NULL };

    xdotool_on (title, cmds);
  }
  g_assert_true (cs_test_wait_until (viewport_moved, &wait));
  g_assert_cmpfloat (vp->x1 - vp->x0, <, w0 * 0.9);
  arm (&wait);
  {
    const char *cmds[] = { "key", "--clearmodifiers", "Left", NULL };

    xdotool_on (title, cmds);
  }
  g_assert_true (cs_test_wait_until (viewport_moved, &wait));
  g_assert_cmpfloat (vp->x0, <, wait.before.x0);
  arm (&wait);
  {
    const char *cmds[] = { "key", "--clearmodifiers", "0", NULL };

    xdotool_on (title, cmds);
  }
  g_assert_true (cs_test_wait_until (viewport_moved, &wait));
  g_assert_cmpfloat (vp->x0, ==, 0);
  g_assert_cmpfloat (vp->x1, ==, 1);
  g_assert_cmpfloat (vp->y0, ==, 0);
  g_assert_cmpfloat (vp->y1, ==, 1);
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
  g_test_add_func ("/scatter-view/zoom", test_zoom);
  return g_test_run ();
}
