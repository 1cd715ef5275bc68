/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-regions.c — a recording of regions opens on the table of regions
 *
 * argv[1]: the cyclescope binary, argv[2]: tests/workloads/cs-test-regions.
 * Records `cs-test-regions disjoint` with `record --regions` and opens it in
 * the real viewer: the window starts on the Modules page, whose table lists
 * the regions "alpha" and "beta" (with the switch to shared objects), and
 * the hot-symbols pane shows the selected region's own symbols — the first
 * screen `build-aux/dev run` shows a new user. A screenshot goes to the
 * meson log directory.
 */
#include "config.h"

#include <string.h>

#include "cs-modules-page.h"
#include "cs-symbol-item.h"
#include "cs-test-app.h"
#include "cs-test-regions.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;

static gboolean
step_regions (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  GtkStack *pages;
  CsModulesPage *page;
  CsModuleTable *table;
  CsSymbolPane *pane;
  GListModel *symbols;

  if (window == NULL || cs_window_is_loading (window) || cs_window_get_analysis (window) == NULL)
    return FALSE;
  pages = cs_window_get_page_stack (window);
  page = CS_MODULES_PAGE (gtk_stack_get_child_by_name (pages, "modules"));
  table = cs_modules_page_get_module_table (page);
  pane = cs_modules_page_get_symbol_pane (page);
  if (app->stage == 0)
    {
      g_assert_null (cs_window_get_error_message (window));
      g_assert_cmpstr (gtk_stack_get_visible_child_name (pages), ==, "modules");
      if (!gtk_widget_get_mapped (GTK_WIDGET (table)))
        return FALSE;
      g_assert_true (cs_module_table_get_show_regions (table));
      /* the switch, shown: the recording has shared objects too */
      g_assert_nonnull (cs_test_find_label (GTK_WIDGET (table), "Regions"));
      g_assert_nonnull (cs_test_find_label (GTK_WIDGET (table), "Shared objects"));
      g_assert_true (cs_module_table_select (table, -1, "alpha"));
      app->stage = 1;
      return FALSE;
    }
  if (app->stage == 1)
    {
      if (g_strcmp0 (cs_symbol_pane_get_title (pane), "Hot symbols — region alpha") != 0)
        return FALSE;
      symbols = cs_symbol_pane_get_symbols (pane, NULL);
      g_assert_nonnull (symbols);
      g_assert_cmpuint (g_list_model_get_n_items (symbols), >, 0);
      {
        g_autoptr(CsSymbolItem) top = g_list_model_get_item (symbols, 0);

        g_assert_cmpstr (cs_symbol_item_get_name (top), ==, "alpha_work");
      }
      for (guint i = 0; i < g_list_model_get_n_items (symbols); i++)
        {
          g_autoptr(CsSymbolItem) item = g_list_model_get_item (symbols, i);

          g_assert_cmpstr (cs_symbol_item_get_name (item), !=, "beta_work");
        }
      app->stage = 2;
    }
  return cs_test_app_screenshot (app, GTK_WINDOW (window), "app-regions");
}

static void
test_regions (void)
{
  g_autofree char *bundle = cs_test_record_regions (cyclescope, workload, tmpdir, "disjoint", "60");
  const char *files[] = { bundle, NULL };

  cs_test_app_run (files, step_regions, NULL);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/regions/no-display");
  int status;

  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  if (display)
    g_test_add_func ("/app/regions/opens-on-regions", test_regions);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  cs_test_app_cleanup ();
  return status;
}
