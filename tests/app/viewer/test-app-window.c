/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-window.c — the real viewer window under Xvfb
 *
 * Starts the application in this process on the fixture bundles and checks
 * what the user would see: the empty state, the title and pages of an open
 * recording, the error banner for a broken one, the window size kept in
 * GSettings, the shortcuts and dark mode. Expected titles are worked out from
 * the fixture's session.json with json-c, not from the viewer's code.
 * Screenshots go to the meson log directory.
 */
#include "config.h"

#include <json.h>

#include "cs-test-app.h"
#include "cs-theme.h"

static char *
fixture_path (const char *name)
{
  return g_build_filename (CS_TEST_SRCDIR, "fixtures", name, NULL);
}

/* "Cyclescope — ARGV0 (MODEL · N runs)" read from session.json by hand;
 * N counts counting and sampling runs. */
static char *
expected_title (const char *bundle)
{
  g_autofree char *path = g_build_filename (bundle, "session.json", NULL);
  json_object *root = json_object_from_file (path);
  json_object *command, *argv, *model, *runs;
  char *title;
  size_t n;

  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "command", &command));
  g_assert_true (json_object_object_get_ex (command, "argv", &argv));
  g_assert_true (json_object_object_get_ex (root, "model", &model));
  g_assert_true (json_object_object_get_ex (root, "runs", &runs));
  n = json_object_array_length (runs);
  /* Sampling runs count as runs too (as `cyclescope record` reports them). */
  if (json_object_object_get_ex (root, "sampling_runs", &runs))
    n += json_object_array_length (runs);
  title = g_strdup_printf ("Cyclescope — %s (%s · %zu run%s)",
                           json_object_get_string (json_object_array_get_idx (argv, 0)),
                           json_object_get_string (model), n, n == 1 ? "" : "s");
  json_object_put (root);
  return title;
}

/* --- no file: the empty state --- */

static gboolean
step_empty (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return FALSE;
  if (app->stage == 0)
    {
      g_assert_true (cs_window_is_empty (window));
      g_assert_null (cs_window_get_analysis (window));
      g_assert_null (cs_window_get_error_message (window));
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Cyclescope");
      g_assert_nonnull (cs_test_find_label (GTK_WIDGET (window), "Open a recording or record a program"));
      /* Both ways out of the empty state are buttons on it. */
      g_assert_nonnull (cs_test_find_action_widget (GTK_WIDGET (window), "win.open"));
      g_assert_nonnull (cs_test_find_action_widget (GTK_WIDGET (window), "win.record"));
      /* No recording: nothing to export or filter. */
      g_assert_false (cs_test_action_enabled (GTK_WIDGET (window), "win.export"));
      g_assert_false (cs_test_action_enabled (GTK_WIDGET (window), "win.filter"));
      g_assert_true (cs_test_action_enabled (GTK_WIDGET (window), "win.record"));
      app->stage = 1;
    }
  return cs_test_app_screenshot (app, GTK_WINDOW (window), "app-window-empty");
}

static void
test_empty_state (void)
{
  cs_test_app_run (NULL, step_empty, NULL);
}

/* --- a fixture bundle: title, pages, summary, Ctrl+F --- */

static gboolean
step_open (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  const char *bundle = app->data;
  GtkStack *pages;

  if (window == NULL || cs_window_is_loading (window))
    return FALSE;
  if (app->stage == 0)
    {
      static const char *names[] = { "overview", "modules", "memory" };
      static const char *titles[] = { "Overview", "Modules", "Memory" };
      g_autofree char *title = expected_title (bundle);
      g_autofree char *canonical = g_canonicalize_filename (bundle, NULL);
      g_autofree char *loaded = NULL;

      g_assert_null (cs_window_get_error_message (window));
      g_assert_nonnull (cs_window_get_analysis (window));
      loaded = g_canonicalize_filename (cs_analysis_get_path (cs_window_get_analysis (window)), NULL);
      g_assert_cmpstr (loaded, ==, canonical);
      g_assert_false (cs_window_is_empty (window));
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);

      pages = cs_window_get_page_stack (window);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          GtkWidget *child = gtk_stack_get_child_by_name (pages, names[i]);

          g_assert_nonnull (child);
          g_assert_cmpstr (gtk_stack_page_get_title (gtk_stack_get_page (pages, child)), ==, titles[i]);
          /* and the sidebar offers it */
          g_assert_nonnull (cs_test_find_label (GTK_WIDGET (window), titles[i]));
        }
      g_assert_cmpstr (gtk_stack_get_visible_child_name (pages), ==, "overview");
      g_assert_true (gtk_widget_get_mapped (gtk_stack_get_visible_child (pages)));
      /* The session summary: the fixture's host name and model id. */
      g_assert_nonnull (cs_test_find_label (GTK_WIDGET (window), "fixture-core2"));
      g_assert_nonnull (cs_test_find_label (GTK_WIDGET (window), "intel-core2"));
      g_assert_true (cs_test_action_enabled (GTK_WIDGET (window), "win.export"));
      app->stage = 1;
    }
  if (app->stage == 1)
    {
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "app-window-overview"))
        return FALSE;
      if (app->shot_path != NULL)
        {
          int width = 0, height = 0;

          g_assert_true (cs_test_png_is_not_blank (app->shot_path, &width, &height));
          g_assert_cmpint (width, >=, 360);
        }
      /* Ctrl+F: the Modules page with the keyboard in its filter. */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.filter", NULL);
      app->stage = 2;
      return FALSE;
    }
  pages = cs_window_get_page_stack (window);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (pages), "modules") != 0 ||
      gtk_window_get_focus (GTK_WINDOW (window)) == NULL)
    return FALSE;
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)),
                                         gtk_stack_get_child_by_name (pages, "modules")));
  g_assert_true (GTK_IS_TEXT (gtk_window_get_focus (GTK_WINDOW (window))));
  return TRUE;
}

static void
test_open_bundle (void)
{
  g_autofree char *bundle = fixture_path ("core2-counts.cyclescope");
  const char *files[] = { bundle, NULL };

  cs_test_app_run (files, step_open, bundle);
}

/* --- broken input: a banner, never a crash --- */

static gboolean
step_broken (CsTestApp *app)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app->application));
  guint n_errors = 0;

  /* One window per file: the second arrives while the first is busy. */
  if (g_list_length (windows) < 2)
    return FALSE;
  for (GList *l = windows; l != NULL; l = l->next)
    {
      if (!CS_IS_WINDOW (l->data) || cs_window_is_loading (l->data))
        return FALSE;
      if (cs_window_get_error_message (l->data) != NULL)
        n_errors++;
    }
  g_assert_cmpuint (n_errors, ==, 2);

  if (app->stage == 0)
    {
      for (GList *l = windows; l != NULL; l = l->next)
        {
          const char *message = cs_window_get_error_message (l->data);

          g_test_message ("banner: %s", message);
          g_assert_true (cs_window_is_empty (l->data));
          g_assert_cmpstr (gtk_window_get_title (l->data), ==, "Cyclescope");
          /* The banner names the file and says why. */
          if (strstr (message, "bad.cyclescope") != NULL)
            g_assert_nonnull (strstr (message, "session.json"));
          else
            g_assert_nonnull (strstr (message, "not-perf.data"));
          g_assert_nonnull (strstr (message, "\n"));
        }
      app->stage = 1;
    }
  return cs_test_app_screenshot (app, GTK_WINDOW (windows->data), "app-window-error");
}

static void
test_malformed (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "bad.cyclescope", NULL);
  g_autofree char *json = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *garbage = g_build_filename (dir, "not-perf.data", NULL);
  const char *files[] = { bundle, garbage, NULL };
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (bundle, 0755), ==, 0);
  g_file_set_contents (json, "{\"format\": 1, \"host\": {}, \"command\": ", -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (garbage, "this is not a perf.data file\n", -1, &error);
  g_assert_no_error (error);

  cs_test_app_run (files, step_broken, NULL);
  cs_test_rmdir (dir);
}

/* --- Cancel: the window is usable at once and a late result is dropped --- */

static gboolean
step_cancel (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  const char *bundle = app->data;

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return FALSE;
  if (app->stage == 0)
    {
      g_autoptr(GFile) file = g_file_new_for_path (bundle);
      g_autoptr(GFile) other = NULL;
      g_autofree char *other_path = g_build_filename (CS_TEST_SRCDIR, "fixtures", "software-counts.cyclescope", NULL);

      cs_window_open (window, file);
      g_assert_true (cs_window_is_loading (window));
      g_assert_false (cs_window_is_empty (window));
      cs_window_cancel_load (window);
      g_assert_false (cs_window_is_loading (window));
      g_assert_true (cs_window_is_empty (window));
      g_assert_null (cs_window_get_error_message (window));

      /* A second open while the first worker may still run: only its
       * result may reach the window. */
      other = g_file_new_for_path (other_path);
      cs_window_open (window, other);
      app->data = g_steal_pointer (&other_path);
      app->stage = 1;
      return FALSE;
    }
  if (cs_window_is_loading (window))
    return FALSE;
  g_assert_null (cs_window_get_error_message (window));
  g_assert_nonnull (cs_window_get_analysis (window));
  {
    g_autofree char *loaded = g_canonicalize_filename (cs_analysis_get_path (cs_window_get_analysis (window)), NULL);
    g_autofree char *expected = g_canonicalize_filename (app->data, NULL);

    g_assert_cmpstr (loaded, ==, expected);
  }
  g_free (app->data);
  app->data = NULL;
  return TRUE;
}

static void
test_cancel_load (void)
{
  g_autofree char *bundle = fixture_path ("core2-counts.cyclescope");

  cs_test_app_run (NULL, step_cancel, bundle);
}

/* --- window size in GSettings --- */

static gboolean
step_size (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  int width = 0, height = 0;

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return FALSE;
  /* Restored from the values the test stored before the app started. */
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 640);
  /* What closing must store. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1010, 705);
  return TRUE;
}

static void
test_window_size (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 640);
  g_settings_set_boolean (settings, "window-maximized", FALSE);

  cs_test_app_run (NULL, step_size, NULL);

  /* app.quit closed the window, which saved its size. */
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1010);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 705);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* --- shortcuts: every accelerator reaches an action the shortcuts window lists --- */

static gboolean
class_has_action (GtkWidget  *widget,
                  const char *name)
{
  const char *found = NULL, *property = NULL;
  const GVariantType *parameter = NULL;
  GType owner;

  /* GTK 4.8 wants every out argument. */
  for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (widget), i, &owner, &found,
                                                   &parameter, &property); i++)
    if (g_strcmp0 (found, name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
step_shortcuts (CsTestApp *app)
{
  static const struct { const char *action, *accel; } expected[] = {
    { "win.open", "<Control>o" }, { "win.record", "<Control>r" }, { "win.export", "<Control>e" },
    { "win.filter", "<Control>f" }, { "win.close", "<Control>w" }, { "win.back", "<Alt>Left" },
    { "win.show-help-overlay", "<Control>question" }, { "app.quit", "<Control>q" },
  };
  CsWindow *window = cs_test_app_get_window (app);
  GtkShortcutsWindow *overlay;

  if (window == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app->application),
                                                                    expected[i].action);
      g_assert_true (g_strv_contains ((const char * const *) accels, expected[i].accel));
      /* The action exists where the accelerator looks for it: the
       * application's, the window's own (help overlay) or its class'. */
      if (g_str_has_prefix (expected[i].action, "app."))
        g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app->application), expected[i].action + 4));
      else
        g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), expected[i].action + 4) ||
                       class_has_action (GTK_WIDGET (window), expected[i].action));
    }
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  return TRUE;
}

static void
test_shortcuts (void)
{
  cs_test_app_run (NULL, step_shortcuts, NULL);
}

/* --- dark mode: the charts follow the theme --- */

static gboolean
step_dark (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  GtkSettings *settings = gtk_settings_get_default ();

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)) || cs_window_is_loading (window))
    return FALSE;
  switch (app->stage)
    {
    case 0:
      g_assert_cmpint (cs_theme_for_widget (GTK_WIDGET (window)), ==, CS_THEME_LIGHT);
      g_object_set (settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
      app->stage = 1;
      return FALSE;
    case 1:
      /* Styles are recomputed on the next frame. */
      if (cs_theme_for_widget (GTK_WIDGET (window)) != CS_THEME_DARK)
        return FALSE;
      app->stage = 2;
      G_GNUC_FALLTHROUGH;
    default:
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "app-window-dark"))
        return FALSE;
      g_object_set (settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
      return TRUE;
    }
}

static void
test_dark_mode (void)
{
  g_autofree char *bundle = fixture_path ("software-counts.cyclescope");
  const char *files[] = { bundle, NULL };

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  cs_test_app_run (files, step_dark, NULL);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (cs_test_app_init (&argc, &argv, "/app/window/no-display"))
    {
      g_test_add_func ("/app/window/empty-state", test_empty_state);
      g_test_add_func ("/app/window/open-bundle", test_open_bundle);
      g_test_add_func ("/app/window/malformed", test_malformed);
      g_test_add_func ("/app/window/cancel-load", test_cancel_load);
      g_test_add_func ("/app/window/window-size", test_window_size);
      g_test_add_func ("/app/window/shortcuts", test_shortcuts);
      g_test_add_func ("/app/window/dark-mode", test_dark_mode);
    }
  status = g_test_run ();
  cs_test_app_cleanup ();
  return status;
}
