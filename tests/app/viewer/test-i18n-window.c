/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-i18n-window.c — the viewer window speaks German under LANGUAGE=de
 *
 * Runs the real application in this process (as test-app-window.c does) with
 * LANGUAGE=de, the text domain bound by app/cs-i18n.c to the build tree's
 * catalogues, on the core2 fixture bundle. The page names, a header button's
 * label and tooltip, and the main menu's tooltip must be the translations
 * po/de.po gives for the English texts, read by the test's own parser.
 * A screenshot of the German window goes to the meson log directory.
 */
#include "config.h"

#include "cs-i18n.h"
#include "cs-test-app.h"
#include "cs-test-viewer.h"
#include "cs-test-po.h"

static GHashTable *de;

static gboolean
is_action_with_tooltip (GtkWidget     *widget,
                        gconstpointer  action)
{
  return cs_test_is_action_widget (widget, action) && gtk_widget_get_tooltip_text (widget) != NULL;
}

static gboolean
is_menu_button (GtkWidget     *widget,
                gconstpointer  tooltip)
{
  return GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

/* A mapped widget in @root bound to @action that has a tooltip. */
static GtkWidget *
find_action_with_tooltip (GtkWidget  *root,
                          const char *action)
{
  return cs_test_find_mapped (root, is_action_with_tooltip, action);
}

/* A mapped menu button in @root whose tooltip is @tooltip. */
static GtkWidget *
find_menu_button (GtkWidget  *root,
                  const char *tooltip)
{
  return cs_test_find_mapped (root, is_menu_button, tooltip);
}

static gboolean
step_german (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)) || cs_test_window_loading (window))
    return FALSE;
  if (app->stage == 0)
    {
      static const char *names[] = { "overview", "modules", "memory" };
      static const char *titles[] = { "Overview", "Modules", "Memory" };
      GtkStack *pages = cs_test_window_pages (window);
      GtkWidget *record;

      g_assert_null (cs_test_window_error (window));
      g_assert_nonnull (cs_window_get_analysis (window));

      /* Page names: the stack's titles and the sidebar labels. */
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          const char *german = cs_test_po_lookup (de, titles[i]);
          GtkWidget *child = gtk_stack_get_child_by_name (pages, names[i]);

          g_assert_nonnull (child);
          g_assert_cmpstr (gtk_stack_page_get_title (gtk_stack_get_page (pages, child)), ==, german);
          g_assert_nonnull (cs_test_find_label (GTK_WIDGET (window), german));
          g_assert_null (cs_test_find_label (GTK_WIDGET (window), titles[i]));
        }

      /* The header's Record button: label and tooltip. (The empty state's
       * record button is gone once a recording is open.) */
      record = find_action_with_tooltip (GTK_WIDGET (window), "win.record");
      g_assert_nonnull (record);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (record), ==,
                       cs_test_po_lookup (de, "Record a program under performance counters"));
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (record)), ==, cs_test_po_lookup (de, "_Record…"));

      /* The main menu button, found by its German tooltip. */
      g_assert_nonnull (find_menu_button (GTK_WIDGET (window), cs_test_po_lookup (de, "Main Menu")));
      g_assert_null (find_menu_button (GTK_WIDGET (window), "Main Menu"));
      app->stage = 1;
    }
  return cs_test_app_screenshot (app, GTK_WINDOW (window), "i18n-window-de");
}

static void
test_window_german (void)
{
  g_autofree char *bundle = g_build_filename (CS_TEST_SRCDIR, "fixtures", "core2-counts.cyclescope", NULL);
  const char *files[] = { bundle, NULL };

  cs_test_app_run (files, step_german, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *po = g_build_filename (CS_SOURCE_ROOT, "po", "de.po", NULL);
  gboolean display;
  int status;

  /* Before anything reads the locale: glibc honours LANGUAGE in C.UTF-8
   * (not in "C"), and GLib decides once whether to translate. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  g_setenv ("CYCLESCOPE_LOCALEDIR", CS_BUILD_LOCALEDIR, TRUE);
  cs_i18n_init ();

  display = cs_test_app_init (&argc, &argv, "/i18n/window/no-display");
  de = cs_test_po_load (po);
  if (display)
    g_test_add_func ("/i18n/window/german", test_window_german);
  status = g_test_run ();
  cs_test_app_cleanup ();
  g_hash_table_unref (de);
  return status;
}
