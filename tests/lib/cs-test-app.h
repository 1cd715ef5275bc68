/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-app.h — running the real viewer inside a UI test (header only)
 *
 * A test builds the real CsApplication and runs it with g_application_run()
 * in the test process (non-unique, so parallel tests never hand their files
 * to each other). A step function is polled from the main loop until it says
 * the test is done; then the app quits through app.quit, as Ctrl+Q would.
 * A guard fails the test if the app never gets there: it catches hangs and
 * is not a timing assertion.
 */
#pragma once

#include <cairo.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "cs-application.h"
#include "cs-test-util.h"
#include "cs-window.h"

#define CS_TEST_APP_GUARD_SECONDS 150

typedef struct _CsTestApp CsTestApp;
/* Returns TRUE when the test is finished. */
typedef gboolean (*CsTestStep) (CsTestApp *app);

struct _CsTestApp
{
  CsApplication *application;
  CsTestStep     step;
  gpointer       data;
  guint          stage;
  gboolean       done;
  gboolean       timed_out;

  /* screenshots */
  GdkFrameClock *armed_clock;
  guint          paints;
  gboolean       shot_done;
  char          *shot_path;
};

static inline CsWindow *
cs_test_app_get_window (CsTestApp *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app->application)); l; l = l->next)
    if (CS_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
cs_test_app_poll (gpointer user_data)
{
  CsTestApp *app = user_data;

  if (app->done)
    return G_SOURCE_REMOVE;
  if (app->step (app))
    {
      app->done = TRUE;
      g_action_group_activate_action (G_ACTION_GROUP (app->application), "quit", NULL);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
cs_test_app_guard (gpointer user_data)
{
  CsTestApp *app = user_data;

  app->timed_out = TRUE;
  app->done = TRUE;
  g_action_group_activate_action (G_ACTION_GROUP (app->application), "quit", NULL);
  return G_SOURCE_REMOVE;
}

/* Runs the viewer on @files (NULL-terminated, may be NULL) with @step. */
static inline void
cs_test_app_run (const char * const *files,
                 CsTestStep          step,
                 gpointer            data)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  CsTestApp app = { 0 };
  guint poll_id, guard_id;
  int status;

  app.application = cs_application_new ();
  app.step = step;
  app.data = data;
  g_application_set_flags (G_APPLICATION (app.application),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_ptr_array_add (argv, (char *) "cyclescope");
  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) files[i]);
  g_ptr_array_add (argv, NULL);

  poll_id = g_timeout_add (50, cs_test_app_poll, &app);
  guard_id = g_timeout_add_seconds (CS_TEST_APP_GUARD_SECONDS, cs_test_app_guard, &app);
  status = g_application_run (G_APPLICATION (app.application), argv->len - 1, (char **) argv->pdata);
  if (!app.done)
    g_source_remove (poll_id);
  if (!app.timed_out)
    g_source_remove (guard_id);
  g_clear_object (&app.application);
  g_free (app.shot_path);

  g_assert_false (app.timed_out);
  g_assert_cmpint (status, ==, 0);
}

/* --- widget tree helpers --- */

/* TRUE for the widget a search looks for. */
typedef gboolean (*CsTestWidgetMatch) (GtkWidget     *widget,
                                       gconstpointer  data);

/* The first drawn (mapped) widget of @root's tree, depth first and @root
 * included, that @match accepts. */
static inline GtkWidget *
cs_test_find_mapped (GtkWidget         *root,
                     CsTestWidgetMatch  match,
                     gconstpointer      data)
{
  if (gtk_widget_get_mapped (root) && match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = cs_test_find_mapped (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label showing exactly @text. */
static inline gboolean
cs_test_is_label (GtkWidget     *widget,
                  gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* An actionable widget bound to @action. */
static inline gboolean
cs_test_is_action_widget (GtkWidget     *widget,
                          gconstpointer  action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* A drawn (mapped) label in @root showing exactly @text. */
static inline GtkWidget *
cs_test_find_label (GtkWidget  *root,
                    const char *text)
{
  return cs_test_find_mapped (root, cs_test_is_label, text);
}

/* A mapped actionable widget in @root bound to @action. */
static inline GtkWidget *
cs_test_find_action_widget (GtkWidget  *root,
                            const char *action)
{
  return cs_test_find_mapped (root, cs_test_is_action_widget, action);
}

static inline GtkWindow *
cs_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WINDOW (window);
    }
  return NULL;
}

/* Whether @action ("win.export") is enabled for @widget. GTK 4.8 has no
 * getter for the actions of a widget class, but an actionable widget in the
 * tree follows their state: a hidden probe button asks. */
static inline gboolean
cs_test_action_enabled (GtkWidget  *widget,
                        const char *action)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  gtk_widget_set_visible (probe, FALSE);
  gtk_widget_set_parent (probe, widget);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  return enabled;
}

/* --- screenshots into the meson log directory --- */

static void
cs_test_app_after_paint (GdkFrameClock *clock,
                         gpointer       user_data)
{
  ((CsTestApp *) user_data)->paints++;
}

static void
cs_test_app_shot_done (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  CsTestApp *app = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_check_finish (G_SUBPROCESS (source), result, &error))
    g_test_message ("screenshot failed: %s", error->message);
  app->shot_done = TRUE;
}

/* Call from a step until it returns TRUE: waits for two painted frames of
 * @window, then grabs it with ImageMagick's `import` into
 * $CYCLESCOPE_BUILD_ROOT/meson-logs/NAME.png. Without `import` it returns
 * TRUE at once (the screenshot is a record for humans, not a check). */
static inline gboolean
cs_test_app_screenshot (CsTestApp  *app,
                        GtkWindow  *window,
                        const char *name)
{
  g_autofree char *import = NULL;
  g_autofree char *target = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  GdkFrameClock *clock;

  if (app->shot_path != NULL)
    return app->shot_done;

  import = g_find_program_in_path ("import");
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (import == NULL || clock == NULL)
    {
      g_test_message ("no screenshot: ImageMagick's import or a frame clock is missing");
      return TRUE;
    }
  if (app->armed_clock != clock)
    {
      /* Count frames of this window from now on. */
      if (app->armed_clock != NULL)
        g_signal_handlers_disconnect_by_func (app->armed_clock, cs_test_app_after_paint, app);
      app->armed_clock = clock;
      app->paints = 0;
      g_signal_connect (clock, "after-paint", G_CALLBACK (cs_test_app_after_paint), app);
    }
  if (app->paints < 3)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      return FALSE;
    }

  target = g_strdup ("root");
#ifdef GDK_WINDOWING_X11
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

    /* Only our window: other UI tests may draw on the same display. */
    if (GDK_IS_X11_SURFACE (surface))
      {
        g_free (target);
        target = g_strdup_printf ("0x%lx", (unsigned long) gdk_x11_surface_get_xid (surface));
      }
  }
#endif
  {
    g_autofree char *dir = cs_test_build_path ("meson-logs");
    g_autofree char *file = g_strconcat (name, ".png", NULL);

    g_mkdir_with_parents (dir, 0755);
    app->shot_path = g_build_filename (dir, file, NULL);
  }
  g_signal_handlers_disconnect_by_func (clock, cs_test_app_after_paint, app);
  app->armed_clock = NULL;
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                              import, "-window", target, app->shot_path, NULL);
  if (process == NULL)
    {
      g_test_message ("screenshot failed: %s", error->message);
      return TRUE;
    }
  g_test_message ("screenshot: %s", app->shot_path);
  g_subprocess_wait_check_async (process, NULL, cs_test_app_shot_done, app);
  return FALSE;
}

/* Ready for another screenshot in the same run. */
static inline void
cs_test_app_reset_screenshot (CsTestApp *app)
{
  g_clear_pointer (&app->shot_path, g_free);
  app->shot_done = FALSE;
  app->paints = 0;
}

/* TRUE when the PNG at @path has pixels of more than one colour. */
static inline gboolean
cs_test_png_is_not_blank (const char *path,
                          int        *width,
                          int        *height)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  gboolean varied = FALSE;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cairo_surface_flush (surface);
  *width = cairo_image_surface_get_width (surface);
  *height = cairo_image_surface_get_height (surface);
  {
    const guint8 *data = cairo_image_surface_get_data (surface);
    int stride = cairo_image_surface_get_stride (surface);
    guint32 first = *(const guint32 *) data;

    for (int y = 0; y < *height && !varied; y++)
      for (int x = 0; x < *width && !varied; x++)
        varied = *(const guint32 *) (data + y * stride + x * 4) != first;
  }
  cairo_surface_destroy (surface);
  return varied;
}

static inline void
cs_test_app_no_display (void)
{
  g_test_skip ("no display: run under Xvfb (xvfb-run -a dbus-run-session -- meson test …)");
}

/* Call first in main(), in place of g_test_init(): FALSE when there is no
 * display to test on, and then the program's one test is @no_display_path,
 * skipped. */
static inline gboolean
cs_test_app_init (int         *argc,
                  char      ***argv,
                  const char  *no_display_path)
{
  const char *build = g_getenv ("CYCLESCOPE_BUILD_ROOT");
  gboolean display;

  /* The schema compiled into the build tree; the memory backend keeps the
   * user's settings out of it. */
  if (g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL && build != NULL)
    {
      g_autofree char *dir = g_build_filename (build, "data", "desktop", NULL);

      g_setenv ("GSETTINGS_SCHEMA_DIR", dir, TRUE);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* GTK 4 talks to the AT-SPI bus when there is one; the tests check
   * widgets directly and must not depend on an accessibility daemon. */
  g_setenv ("GTK_A11Y", "none", FALSE);
  /* Recent files go to a throw-away data directory (cs_test_app_cleanup). */
  {
    g_autofree char *data_home = cs_test_mkdtemp ();

    g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  }
  display = gtk_init_check ();
  if (!display)
    cs_test_require_promised_display ();
  /* No stack cross-fades: screenshots show the final state, not a blend. */
  if (display)
    g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_test_init (argc, argv, NULL);
  if (!display)
    g_test_add_func (no_display_path, cs_test_app_no_display);
  return display;
}

static inline void
cs_test_app_cleanup (void)
{
  cs_test_rmdir (g_getenv ("XDG_DATA_HOME"));
}
