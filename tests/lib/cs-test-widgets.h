/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-widgets.h — showing GTK widgets in a real window and reading back
 * their pixels, for the widget tests (header only)
 *
 * The tests run under Xvfb (build-aux/dev test); without a display they
 * exit 77 (skipped), so they are registered with 'protocol': 'exitcode'.
 * Rendering goes through the widget's own snapshot and GSK's cairo renderer,
 * so the pixels are what the widget draws, independent of GL.
 */
#pragma once

#include <gtk/gtk.h>
#include <math.h>

#include "cs-test-util.h"

static inline void
cs_test_widgets_init (int    *argc,
                      char ***argv)
{
  /* Software rendering: deterministic pixels, no GL under Xvfb. */
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      cs_test_require_promised_display ();
      g_printerr ("no display: the widget tests need X or Wayland (run under xvfb-run)\n");
      exit (CS_TEST_SKIP_EXIT);
    }
  /* A fixed font and no animations make layouts repeatable. */
  g_object_set (gtk_settings_get_default (),
                "gtk-enable-animations", FALSE,
                "gtk-font-name", "DejaVu Sans 10",
                NULL);
}

/* Runs the main loop until @done returns TRUE or about 10 s have passed. */
static inline gboolean
cs_test_wait_until (gboolean (*done) (gpointer data),
                    gpointer  data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  /* A few more turns so pending layout and drawing settle. */
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  return done (data);
}

typedef struct
{
  GtkWidget *widget;
  int        width;
  int        height;
} CsTestSizeWait;

static inline gboolean
cs_test_size_reached (gpointer data)
{
  CsTestSizeWait *w = data;

  return gtk_widget_get_mapped (w->widget) &&
         (w->width <= 0 || gtk_widget_get_width (w->widget) == w->width) &&
         (w->height <= 0 || gtk_widget_get_height (w->widget) == w->height);
}

/* A window holding @child at @width × @height; waits until @child is mapped
 * and allocated at that size (the window has no decorations to subtract). */
static inline GtkWindow *
cs_test_show (GtkWidget *child,
              int        width,
              int        height)
{
  GtkWidget *window = gtk_window_new ();
  CsTestSizeWait wait = { child, width, height };

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  if (!cs_test_wait_until (cs_test_size_reached, &wait))
    g_error ("widget did not reach %d×%d (mapped %d, allocated %d×%d)", width, height,
             gtk_widget_get_mapped (child), gtk_widget_get_width (child),
             gtk_widget_get_height (child));
  return GTK_WINDOW (window);
}

/* Resizes the window of cs_test_show() and waits for @child's new size. */
static inline void
cs_test_resize (GtkWindow *window,
                GtkWidget *child,
                int        width,
                int        height)
{
  CsTestSizeWait wait = { child, width, height };

  gtk_window_set_default_size (window, width, height);
  gtk_widget_queue_resize (GTK_WIDGET (window));
  g_assert_true (cs_test_wait_until (cs_test_size_reached, &wait));
}

static gboolean
cs_test_count_frame (GtkWidget     *widget,
                     GdkFrameClock *clock,
                     gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
cs_test_frames_done (gpointer data)
{
  return *(guint *) data >= 3;
}

/* Waits for a few frames of @widget's window, so style changes and queued
 * redraws are through (the widget must be mapped). */
static inline void
cs_test_wait_frames (GtkWidget *widget)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, cs_test_count_frame, &frames, NULL);

  gtk_widget_queue_draw (widget);
  cs_test_wait_until (cs_test_frames_done, &frames);
  gtk_widget_remove_tick_callback (widget, id);
}

/* Iterates the main loop a little (pending idles, bindings, signals). */
static inline void
cs_test_flush (void)
{
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* The column of @view titled @title (as the header shows it), or NULL. */
static inline GtkColumnViewColumn *
cs_test_column_titled (GtkColumnView *view,
                       const char    *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  return NULL;
}

typedef struct
{
  int     width;
  int     height;
  gsize   stride;
  guchar *data;     /* cairo ARGB32 (premultiplied, native endian) */
} CsTestImage;

static inline void
cs_test_image_free (CsTestImage *image)
{
  if (image == NULL)
    return;
  g_free (image->data);
  g_free (image);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsTestImage, cs_test_image_free)

/* Renders @widget's current frame with GSK's cairo renderer (after the
 * frames pending for it are drawn). */
static inline CsTestImage *
cs_test_render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  CsTestImage *image;

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  cs_test_wait_frames (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  gsk_renderer_realize (renderer, NULL, &error);
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_renderer_unrealize (renderer);
  gsk_render_node_unref (node);

  image = g_new0 (CsTestImage, 1);
  image->width = gdk_texture_get_width (texture);
  image->height = gdk_texture_get_height (texture);
  image->stride = image->width * 4;
  image->data = g_malloc (image->stride * image->height);
  gdk_texture_download (texture, image->data, image->stride);
  return image;
}

/* Un-premultiplied 0..255 channels of pixel (x, y). */
static inline void
cs_test_image_get (const CsTestImage *image,
                   int                x,
                   int                y,
                   int               *r,
                   int               *g,
                   int               *b)
{
  guint32 p;
  int a;

  g_assert_true (x >= 0 && x < image->width && y >= 0 && y < image->height);
  p = *(const guint32 *) (image->data + y * image->stride + x * 4);
  a = (p >> 24) & 0xff;
  *r = (p >> 16) & 0xff;
  *g = (p >> 8) & 0xff;
  *b = p & 0xff;
  if (a > 0 && a < 255)
    {
      *r = *r * 255 / a;
      *g = *g * 255 / a;
      *b = *b * 255 / a;
    }
}

/* TRUE when pixel (x, y) is within @tolerance (per channel, 0..255) of the
 * colour (r, g, b) given as 0..1. */
static inline gboolean
cs_test_image_near (const CsTestImage *image,
                    int                x,
                    int                y,
                    double             r,
                    double             g,
                    double             b,
                    int                tolerance)
{
  int pr, pg, pb;

  cs_test_image_get (image, x, y, &pr, &pg, &pb);
  return abs (pr - (int) round (r * 255)) <= tolerance &&
         abs (pg - (int) round (g * 255)) <= tolerance &&
         abs (pb - (int) round (b * 255)) <= tolerance;
}

/* Saves @image as PNG into the test log directory (for looking at it). */
static inline void
cs_test_image_save (const CsTestImage *image,
                    const char        *name)
{
  cairo_surface_t *surface =
    cairo_image_surface_create_for_data (image->data, CAIRO_FORMAT_ARGB32,
                                         image->width, image->height, (int) image->stride);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), name, NULL);

  cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  g_test_message ("rendering saved to %s", path);
}

/* A cairo view of @image's pixels (valid while @image lives), for the pixel
 * helpers of cs-test-charts.h. */
static inline cairo_surface_t *
cs_test_image_surface (const CsTestImage *image)
{
  return cairo_image_surface_create_for_data (image->data, CAIRO_FORMAT_ARGB32,
                                              image->width, image->height, (int) image->stride);
}

/* The drawn (mapped) text cell of @item in @root's tree that shows @text
 * (cs-column.h: a cell carries its item as "cs-item"), or NULL. */
static inline GtkInscription *
cs_test_find_cell (GtkWidget  *root,
                   gpointer    item,
                   const char *text)
{
  if (GTK_IS_INSCRIPTION (root) && g_object_get_data (G_OBJECT (root), "cs-item") == item &&
      gtk_widget_get_mapped (root) && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (root)), text) == 0)
    return GTK_INSCRIPTION (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkInscription *found = cs_test_find_cell (child, item, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}
