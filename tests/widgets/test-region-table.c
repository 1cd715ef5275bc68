/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-region-table.c — the module table's regions and a region's hot symbols
 *
 * Records tests/workloads/cs-test-regions disjoint (region "alpha" runs
 * alpha_work(), "beta" runs beta_work() twice as long) with `cyclescope
 * record --regions`, then in a real window: the table opens on the regions
 * (the recording was made for them) with a switch to the shared objects;
 * sorting by a metric puts beta (more task-clock) first; selecting alpha
 * fills the hot-symbols pane with alpha's symbols only.
 *
 * Arguments (meson passes them): CS-TEST-REGIONS CYCLESCOPE. Needs a
 * display (Xvfb): without one it exits 77.
 */
#include "config.h"

#include <string.h>

#include "cs-module-table.h"
#include "cs-symbol-item.h"
#include "cs-symbol-pane.h"
#include "cs-test-regions.h"
#include "cs-test-widgets.h"

static char *bundle;

static CsAnalysis *
load (void)
{
  g_autoptr(GError) error = NULL;
  CsAnalysis *analysis = cs_analysis_load (bundle, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return analysis;
}

static GPtrArray *
row_names (CsModuleTable *table)
{
  GListModel *list = G_LIST_MODEL (cs_module_table_get_selection (table));
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

      g_ptr_array_add (names, g_strdup (cs_module_row_get_name (row)));
    }
  return names;
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_TOGGLE_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      if ((found = find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

static void
test_switch_and_sort (void)
{
  g_autoptr(CsAnalysis) analysis = load ();
  CsModuleTable *table = CS_MODULE_TABLE (cs_module_table_new ());
  GtkWindow *window = cs_test_show (GTK_WIDGET (table), 1200, 400);
  GtkWidget *modules_button = find_button (GTK_WIDGET (table), "_Shared objects");
  GtkWidget *regions_button = find_button (GTK_WIDGET (table), "_Regions");
  g_autoptr(GPtrArray) regions = NULL;
  g_autoptr(GPtrArray) modules = NULL;
  g_autoptr(GPtrArray) sorted = NULL;
  const char *sort_column;

  cs_module_table_set_analysis (table, analysis);
  cs_test_flush ();
  g_assert_nonnull (modules_button);
  g_assert_nonnull (regions_button);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (regions_button)));
  g_assert_true (cs_module_table_get_show_regions (table));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (regions_button)));
  regions = row_names (table);
  g_assert_cmpuint (regions->len, ==, 2);
  g_assert_true (g_ptr_array_find_with_equal_func (regions, "alpha", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (regions, "beta", g_str_equal, NULL));
  g_assert_cmpstr (gtk_column_view_column_get_title (cs_module_table_get_column (table, CS_MODULE_COLUMN_NAME)),
                   ==, "Region");

  /* The switch, as a click does: the shared objects, and back. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (modules_button), TRUE);
  cs_test_flush ();
  g_assert_false (cs_module_table_get_show_regions (table));
  modules = row_names (table);
  g_assert_true (g_ptr_array_find_with_equal_func (modules, "cs-test-regions", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (modules, "alpha", g_str_equal, NULL));
  g_assert_cmpstr (gtk_column_view_column_get_title (cs_module_table_get_column (table, CS_MODULE_COLUMN_NAME)),
                   ==, "Module");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (regions_button), TRUE);
  cs_test_flush ();
  g_assert_true (cs_module_table_get_show_regions (table));

  /* Sorted by the model's task-clock metric, largest first: beta does
   * twice alpha's work; and the other way. */
  cs_module_table_sort_by (table, "TaskClock", GTK_SORT_DESCENDING);
  cs_test_flush ();
  sort_column = cs_module_table_get_sort_column (table, NULL);
  g_assert_cmpstr (sort_column, ==, "TaskClock");
  sorted = row_names (table);
  g_assert_cmpstr (g_ptr_array_index (sorted, 0), ==, "beta");
  g_clear_pointer (&sorted, g_ptr_array_unref);
  cs_module_table_sort_by (table, "TaskClock", GTK_SORT_ASCENDING);
  cs_test_flush ();
  sorted = row_names (table);
  g_assert_cmpstr (g_ptr_array_index (sorted, 0), ==, "alpha");
  gtk_window_destroy (window);
}

/* Selecting a region fills the hot-symbols pane with its own symbols. */
static void
test_region_symbols (void)
{
  g_autoptr(CsAnalysis) analysis = load ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  CsModuleTable *table = CS_MODULE_TABLE (cs_module_table_new ());
  CsSymbolPane *pane = CS_SYMBOL_PANE (cs_symbol_pane_new ());
  GtkWindow *window;
  GListModel *symbols;
  gboolean found_alpha = FALSE;

  gtk_widget_set_vexpand (GTK_WIDGET (table), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (pane), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (table));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (pane));
  window = cs_test_show (box, 1200, 700);
  cs_symbol_pane_set_analysis (pane, analysis);
  cs_module_table_set_analysis (table, analysis);
  g_assert_true (cs_module_table_select (table, -1, "alpha"));
  cs_symbol_pane_set_module (pane, cs_module_table_get_selected (table));
  cs_test_flush ();

  g_assert_cmpstr (cs_symbol_pane_get_title (pane), ==, "Hot symbols — region alpha");
  symbols = cs_symbol_pane_get_symbols (pane, NULL);
  g_assert_nonnull (symbols);
  g_assert_cmpuint (g_list_model_get_n_items (symbols), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (symbols); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (symbols, i);

      g_assert_cmpstr (cs_symbol_item_get_name (item), !=, "beta_work");
      found_alpha |= g_strcmp0 (cs_symbol_item_get_name (item), "alpha_work") == 0;
    }
  g_assert_true (found_alpha);
  {
    g_autoptr(CsSymbolItem) top = g_list_model_get_item (symbols, 0);

    g_assert_cmpstr (cs_symbol_item_get_name (top), ==, "alpha_work");
  }
  {
    g_autoptr(CsTestImage) image = cs_test_render (box);

    cs_test_image_save (image, "cs-test-region-table.png");
  }
  gtk_window_destroy (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmp = NULL;
  int status;

  cs_test_widgets_init (&argc, &argv);
  if (argc < 3)
    g_error ("usage: test-region-table CS-TEST-REGIONS CYCLESCOPE");
  tmp = cs_test_mkdtemp ();
  bundle = cs_test_record_regions (argv[2], argv[1], tmp, "disjoint", "60");
  g_test_add_func ("/region-table/switch-and-sort", test_switch_and_sort);
  g_test_add_func ("/region-table/region-symbols", test_region_symbols);
  status = g_test_run ();
  cs_test_rmdir (tmp);
  return status;
}
