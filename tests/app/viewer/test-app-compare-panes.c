/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-compare-panes.c — the Modules page's hot symbols and regions
 * compared with a base, in a real window
 *
 * Symbols: cmp-work built twice from one source (tests/workloads/cmp-work.c:
 * base -O2 with variant_one; rebuilt -O1 -fno-inline with variant_two and
 * other addresses), each recorded by our collector (cs-test-compare.h). The
 * rebuilt recording is opened and compared with the base; with the module
 * "cmp-work" selected, the hot-symbols list
 *
 *  - shows Base, New and Δ instead of Samples and Share;
 *  - gives hot_a the Δ of its share that `perf report --no-children --sort
 *    sym` gives on the two perf.data files (within 0.02 points: perf's two
 *    decimals on each side, the cell's own; perf is the oracle), matched
 *    by name across the two builds;
 *  - lists variant_one "only in base" (an item of the base's analysis, so
 *    its source is the base's) and variant_two "only in new";
 *  - sorted by Δ as a header's first click sorts it, lists the largest |Δ|
 *    first;
 *  - draws a Δ cell dimmed, with "within noise: ±X pt" in its tooltip, when
 *    the change is inside the noise the verdict allows for (twice the
 *    combined sampling error of the two shares, computed here from perf's
 *    shares and sample counts; X within 0.05 of it), and at normal weight
 *    beyond it; rows too close to the edge to tell from perf's two
 *    decimals are not checked;
 *  - for a module row of the base only, lists the base's functions of that
 *    module under a heading that says so.
 *
 * Regions: tests/workloads/cs-test-regions recorded twice with --regions
 * (as test-cli-diff.c does); compared, the module table lists the regions
 * "one", "two" and "four" with both shares and a Δ that is their
 * difference.
 *
 * Screenshot: meson-logs/screenshot-compare-modules-symbols.png (with
 * LANGUAGE=de: …-de.png; the texts checked are the product's translations).
 * Exits 77 without perf. argv: cyclescope, cmp-work-base, cmp-work-rebuilt,
 * cs-test-regions.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-column.h"
#include "cs-i18n.h"
#include "cs-modules-page.h"
#include "cs-symbol-list.h"
#include "cs-test-app.h"
#include "cs-test-compare.h"
#include "cs-test-compare-perf.h"
#include "cs-test-regions.h"
#include "cs-test-viewer.h"
#include "cs-test-widgets.h"
#include "cs-widgets-util.h"

static const char *cyclescope;
static const char *regions_workload;
static char *tmpdir;
static char *perf;
static char *base_bundle;
static char *new_bundle;
static gboolean german;

static double
perf_sym_share (const char *bundle,
                const char *symbol)
{
  return cs_test_compare_perf_sym (perf, bundle, symbol);
}

/* The cell text's number: "+0.03 pt", "−12.50 pt only in base" */
static double
points (const char *text)
{
  g_assert_nonnull (text);
  return g_ascii_strtod (text, NULL);
}

/* The list of the visible tab and its column view. */
static CsSymbolList *
visible_list (CsSymbolPane *pane)
{
  GtkStack *stack = GTK_STACK (cs_test_child (pane, CS_TYPE_SYMBOL_PANE, "stack"));

  return CS_SYMBOL_LIST (gtk_stack_get_visible_child (stack));
}

static GtkColumnView *
list_view (CsSymbolList *list)
{
  return GTK_COLUMN_VIEW (cs_test_child (list, CS_TYPE_SYMBOL_LIST, "view"));
}

static CsSymbolItem *
find_item (GListModel *items,
           const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (items, i);

      if (g_str_equal (cs_symbol_item_get_name (item), name))
        return item;
    }
  return NULL;
}

static char *
delta_text (CsSymbolList *list,
            CsSymbolItem *item)
{
  return cs_column_get_text (cs_test_column_titled (list_view (list), "Δ"), item);
}

static void
check_symbols (CsWindow     *window,
               CsSymbolList *list)
{
  GListModel *items = cs_symbol_list_get_items (list);
  GtkColumnView *view = list_view (list);
  CsAnalysis *base = cs_comparison_get_base (cs_window_get_comparison (window));
  CsSymbolItem *item;
  g_autofree char *text = NULL;
  double expected = perf_sym_share (new_bundle, "hot_a") - perf_sym_share (base_bundle, "hot_a");
  double last = INFINITY;

  g_assert_true (cs_symbol_list_get_compared (list));
  g_assert_true (gtk_column_view_column_get_visible (cs_test_column_titled (view, C_("compare column", "Base"))));
  g_assert_true (gtk_column_view_column_get_visible (cs_test_column_titled (view, C_("compare column", "New"))));
  g_assert_true (gtk_column_view_column_get_visible (cs_test_column_titled (view, "Δ")));
  g_assert_false (gtk_column_view_column_get_visible (cs_test_column_titled (view, _("Samples"))));

  /* hot_a: matched across the builds, its Δ perf's */
  item = find_item (items, "hot_a");
  g_assert_nonnull (item);
  g_assert_true (cs_symbol_item_get_analysis (item) != base);
  text = delta_text (list, item);
  g_test_message ("hot_a: Δ %s, perf --sort sym %+.3f points", text, expected);
  g_assert_cmpfloat (fabs (points (text) - expected), <=, 0.02);
  g_clear_pointer (&text, g_free);

  /* each build's own function, marked */
  item = find_item (items, "variant_one");
  g_assert_nonnull (item);
  g_assert_true (cs_symbol_item_get_analysis (item) == base);
  text = delta_text (list, item);
  g_test_message ("variant_one: Δ %s, perf base %.2f %%", text, perf_sym_share (base_bundle, "variant_one"));
  g_assert_nonnull (strstr (text, cs_change_to_string (CS_CHANGE_BASE_ONLY)));
  g_assert_cmpfloat (fabs (points (text) + perf_sym_share (base_bundle, "variant_one")), <=, 0.02);
  g_clear_pointer (&text, g_free);
  text = cs_column_get_text (cs_test_column_titled (view, C_("compare column", "New")), item);
  g_assert_cmpstr (text, ==, "—");
  g_clear_pointer (&text, g_free);

  item = find_item (items, "variant_two");
  g_assert_nonnull (item);
  g_assert_true (cs_symbol_item_get_analysis (item) != base);
  text = delta_text (list, item);
  g_test_message ("variant_two: Δ %s", text);
  g_assert_nonnull (strstr (text, cs_change_to_string (CS_CHANGE_NEW_ONLY)));
  g_assert_cmpfloat (fabs (points (text) - perf_sym_share (new_bundle, "variant_two")), <=, 0.02);
  g_clear_pointer (&text, g_free);

  /* Δ's header clicked once (what a click does to a column not sorted
   * yet): the largest change first */
  gtk_column_view_sort_by_column (view, cs_test_column_titled (view, "Δ"), GTK_SORT_ASCENDING);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CsSymbolItem) row = g_list_model_get_item (items, i);
      g_autofree char *cell = delta_text (list, row);

      g_assert_cmpfloat (fabs (points (cell)), <=, last + 1e-9);
      last = fabs (points (cell));
    }
}

/* The verdict drawn: dimmed with its noise in the tooltip within the
 * noise, normal beyond it — the noise from perf's reports. */
static void
check_verdicts (CsSymbolList *list)
{
  const char *names[] = { "hot_a", "hot_b", "cold_c" };
  double nb, nn;
  guint checked = 0;

  cs_test_compare_perf_dso (perf, base_bundle, "cmp-work", &nb);
  cs_test_compare_perf_dso (perf, new_bundle, "cmp-work", &nn);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CsSymbolItem *item = find_item (cs_symbol_list_get_items (list), names[i]);
      double pb = perf_sym_share (base_bundle, names[i]) / 100, pn = perf_sym_share (new_bundle, names[i]) / 100;
      double delta = 100 * (pn - pb);
      double noise = 2 * hypot (100 * sqrt (pb * (1 - pb) / nb), 100 * sqrt (pn * (1 - pn) / nn));
      g_autofree char *text = NULL;
      GtkInscription *cell;
      const char *tooltip, *within, *plus_minus;

      g_assert_nonnull (item);
      text = delta_text (list, item);
      cell = cs_test_find_cell (GTK_WIDGET (list_view (list)), item, text);
      g_assert_nonnull (cell);
      tooltip = cs_cell_tooltip_get (GTK_WIDGET (cell));
      g_assert_nonnull (tooltip);
      /* "… within noise: ±4.22 pt", "… grew, beyond noise (±4.22 pt)" */
      within = strstr (tooltip, cs_change_to_string (CS_CHANGE_WITHIN_NOISE));
      plus_minus = strstr (tooltip, "±");
      g_assert_nonnull (plus_minus);
      g_test_message ("%s: %+.2f points, noise %.2f; tooltip “%s”", names[i], delta, noise, tooltip);
      if (fabs (delta) < noise * 0.9)
        {
          g_assert_nonnull (within);
          g_assert_nonnull (gtk_inscription_get_attributes (cell));
          g_assert_cmpfloat (fabs (g_ascii_strtod (plus_minus + strlen ("±"), NULL) - noise), <=, 0.05);
          checked++;
        }
      else if (fabs (delta) > noise * 1.1)
        {
          g_assert_null (within);
          g_assert_null (gtk_inscription_get_attributes (cell));
          checked++;
        }
      else
        g_test_message ("too close to the noise to tell: not checked");
    }
  g_assert_cmpuint (checked, >, 0);
}

/* A module row of the base only, as the module table adds one. */
static void
check_base_only_module (CsWindow     *window,
                        CsSymbolPane *pane)
{
  CsAnalysis *base = cs_comparison_get_base (cs_window_get_comparison (window));
  CsRowDelta delta = { .base_share = 100, .delta_points = -100, .change = CS_CHANGE_BASE_ONLY };
  g_autoptr(CsModuleRow) row = cs_module_row_new (CS_SCOPE_MODULE, "cmp-work", NULL, -1, 0, 0, NULL, NULL, 0);
  g_autofree char *title = g_strdup_printf (_("Hot symbols — %s (only in base)"), "cmp-work");
  GListModel *items;

  cs_module_row_set_comparison (row, &delta);
  cs_symbol_pane_set_module (pane, row);
  g_assert_cmpstr (cs_symbol_pane_get_title (pane), ==, title);
  items = cs_symbol_pane_get_symbols (pane, NULL);
  g_assert_nonnull (find_item (items, "variant_one"));
  g_assert_null (find_item (items, "variant_two"));
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (items, i);

      g_assert_true (cs_symbol_item_get_analysis (item) == base);
    }
}

static gboolean
select_module (CsModuleTable *table,
               const char    *name)
{
  GtkSingleSelection *selection = cs_module_table_get_selection (table);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (selection)); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (G_LIST_MODEL (selection), i);

      if (g_str_equal (cs_module_row_get_name (row), name))
        {
          gtk_single_selection_set_selected (selection, i);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
start_comparing (CsTestApp  *app,
                 CsWindow   *window,
                 const char *base)
{
  g_autoptr(GFile) file = g_file_new_for_path (base);

  g_assert_null (cs_window_get_comparison (window));
  cs_window_compare_with (window, file);
  app->stage = 1;
  return FALSE;
}

static gboolean
step_symbols (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  CsModulesPage *page;
  CsSymbolPane *pane;

  if (window == NULL || cs_test_window_loading (window) || cs_window_get_analysis (window) == NULL)
    return FALSE;
  g_assert_null (cs_test_window_error (window));
  page = cs_test_window_page (window, "modules");
  pane = cs_test_modules_symbols (page);
  switch (app->stage)
    {
    case 0:
      return start_comparing (app, window, base_bundle);

    case 1:
      if (cs_window_get_comparison (window) == NULL)
        return FALSE;
      cs_test_window_show_page (window, "modules");
      g_assert_true (select_module (cs_test_modules_table (page), "cmp-work"));
      app->stage = 2;
      return FALSE;

    case 2:
      {
        g_autofree char *title = g_strdup_printf (_("Hot symbols — %s"), "cmp-work");

        if (g_strcmp0 (cs_symbol_pane_get_title (pane), title) != 0)
          return FALSE;
      }
      check_symbols (window, visible_list (pane));
      app->stage = 3;
      return FALSE;

    case 3:
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), german ? "screenshot-compare-modules-symbols-de"
                                                                   : "screenshot-compare-modules-symbols"))
        return FALSE;
      check_verdicts (visible_list (pane));
      check_base_only_module (window, pane);
      return TRUE;

    default:
      g_assert_not_reached ();
    }
}

static void
test_symbols (void)
{
  const char *files[] = { new_bundle, NULL };

  cs_test_app_run (files, step_symbols, NULL);
}

static char *regions_base;

static gboolean
step_regions (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  const char *names[] = { "one", "two", "four" };
  CsModuleTable *table;
  GListModel *rows;

  if (window == NULL || cs_test_window_loading (window) || cs_window_get_analysis (window) == NULL)
    return FALSE;
  g_assert_null (cs_test_window_error (window));
  if (app->stage == 0)
    return start_comparing (app, window, regions_base);
  if (cs_window_get_comparison (window) == NULL)
    return FALSE;
  table = cs_test_modules_table (cs_test_window_page (window, "modules"));
  g_assert_true (cs_module_table_get_show_regions (table));
  g_assert_true (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_DELTA)));
  rows = G_LIST_MODEL (cs_module_table_get_selection (table));
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      gboolean seen = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);
          g_autofree char *base = NULL, *new_share = NULL, *delta = NULL;

          if (!g_str_equal (cs_module_row_get_name (row), names[k]))
            continue;
          seen = TRUE;
          base = cs_column_get_text (cs_module_table_get_column (table, CS_MODULE_COLUMN_BASE), row);
          new_share = cs_column_get_text (cs_module_table_get_column (table, CS_MODULE_COLUMN_NEW), row);
          delta = cs_column_get_text (cs_module_table_get_column (table, CS_MODULE_COLUMN_DELTA), row);
          g_test_message ("region %s: base %s, new %s, Δ %s", names[k], base, new_share, delta);
          g_assert_cmpfloat (g_ascii_strtod (base, NULL), >, 0);
          g_assert_cmpfloat (g_ascii_strtod (new_share, NULL), >, 0);
          g_assert_cmpstr (delta, !=, "—");
          g_assert_null (strstr (delta, cs_change_to_string (CS_CHANGE_BASE_ONLY)));
          g_assert_null (strstr (delta, cs_change_to_string (CS_CHANGE_NEW_ONLY)));
          /* the shares are written with one decimal or more */
          g_assert_cmpfloat (fabs (points (delta) - (g_ascii_strtod (new_share, NULL) - g_ascii_strtod (base, NULL))),
                             <=, 0.11);
        }
      g_assert_true (seen);
    }
  return TRUE;
}

static void
test_regions (void)
{
  g_autofree char *dir_a = g_build_filename (tmpdir, "regions-a", NULL);
  g_autofree char *dir_b = g_build_filename (tmpdir, "regions-b", NULL);
  g_autofree char *new_regions = NULL;
  const char *files[] = { NULL, NULL };

  g_assert_cmpint (g_mkdir_with_parents (dir_a, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (dir_b, 0755), ==, 0);
  regions_base = cs_test_record_regions (cyclescope, regions_workload, dir_a, "ratio", "60");
  new_regions = cs_test_record_regions (cyclescope, regions_workload, dir_b, "ratio", "60");
  files[0] = new_regions;
  cs_test_app_run (files, step_regions, NULL);
  g_clear_pointer (&regions_base, g_free);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/compare-panes/no-display");
  int status;

  g_assert_cmpint (argc, >=, 5);
  cyclescope = argv[1];
  regions_workload = argv[4];
  /* the product's texts, in the language it shows them in */
  cs_i18n_init ();
  german = g_getenv ("LANGUAGE") != NULL && g_str_has_prefix (g_getenv ("LANGUAGE"), "de");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  tmpdir = cs_test_mkdtemp ();
  if (display)
    {
      if (!cs_test_compare_record_pair (cyclescope, argv[2], argv[3], tmpdir, "2", 1, &base_bundle, &new_bundle))
        {
          cs_test_rmdir (tmpdir);
          return CS_TEST_SKIP_EXIT;
        }
      g_test_add_func ("/app/compare-panes/symbols", test_symbols);
      g_test_add_func ("/app/compare-panes/regions", test_regions);
    }
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (base_bundle);
  g_free (new_bundle);
  g_free (perf);
  g_free (tmpdir);
  cs_test_app_cleanup ();
  return status;
}
