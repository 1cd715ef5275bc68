/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-compare.c — "Compare With…" in a real window
 *
 * cmp-work before (base) and after the "optimisation" that halves hot_a's
 * work (-DHALF, tests/workloads/cmp-work.c), each recorded by our collector
 * with call chains (cs-test-compare.h). The new recording is opened, then
 * compared with the base as the action does it (cs_window_compare_with()
 * with the bundle's path, as the tests open files), and, as a user would
 * read it:
 *
 *  - a bar above the pages names the base;
 *  - the Modules page's table has Base, New and Δ columns instead of
 *    Samples, sorted by Δ; the row of the workload's module "cmp-work"
 *    shows the Δ of its share of the samples that `perf report --sort dso
 *    -n` gives on the two perf.data files (its samples over all samples,
 *    each side; within 0.02 points: the table writes two decimals); in
 *    its hot symbols, hot_a's Δ is drawn beyond the noise;
 *  - the Call Graph page's trees and functions list have Δ Self and Δ
 *    Total columns; hot_a's Δ Total (its row in the functions list) is
 *    negative and equals, within 0.01 points (perf's two decimals on each
 *    side; and the cell's own), the
 *    difference of hot_a's "Children" in `perf report --children --sort
 *    sym` of the two files (perf is the oracle; our tree and perf both
 *    weigh samples by their period); its hottest node in the top-down
 *    tree says the same, give or take the samples whose stacks were cut
 *    short (under another node);
 *  - the flame graph paints hot_a's frame blue and hot_b's (whose share
 *    grew, the whole being smaller) red (a pixel of the widget's rendering,
 *    inside the frame) — when the change exceeds the noise the colouring
 *    rule allows for, computed here from perf's shares and sample counts;
 *    white when it does not (a loaded machine may throttle the sampling);
 *  - exported as every view is (cs_cairo_view_export()), the flame graph
 *    keeps its colours and the Overview's first BAR chart its base bar
 *    (in the parts' colours, where cs_chart_compare_geometry_new() puts
 *    it);
 *  - Stop Comparing takes the columns away again.
 *
 * Screenshots of the comparison: meson-logs/screenshot-compare-overview.png,
 * screenshot-compare-modules.png, screenshot-compare-callgraph.png.
 * Exits 77 without perf. argv: cyclescope, cmp-work-base, cmp-work-half.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cs-call-item.h"
#include "cs-chart-grid-view.h"
#include "cs-callgraph-page.h"
#include "cs-column.h"
#include "cs-compare-bar.h"
#include "cs-flame-view.h"
#include "cs-modules-page.h"
#include "cs-test-app.h"
#include "cs-test-compare.h"
#include "cs-test-compare-perf.h"
#include "cs-test-viewer.h"
#include "cs-test-widgets.h"
#include "cs-widgets-util.h"

/* perf prints two decimals on each side (0.005 each), the cell too */
#define ROUNDING (0.015 + 1e-9)

static const char *cyclescope;
static char *tmpdir;
static char *perf;
static char *base_bundle;
static char *new_bundle;

typedef struct
{
  guint node;   /* hot_a's hottest top-down node */
} State;

static double
perf_children (const char *bundle,
               const char *symbol)
{
  return cs_test_compare_perf_children (perf, bundle, symbol);
}

typedef enum { COLOUR_NEUTRAL, COLOUR_GREW, COLOUR_SHRANK, COLOUR_UNSURE } Colour;

/* The colour cs-flame-draw.h promises for @symbol's frame, from perf's
 * reports: its total share on each side ("Children") and the samples, red
 * or blue when the change exceeds two standard errors of the two shares
 * (sqrt (p (1 − p) / n) each), white within them; too close to that edge
 * to tell from perf's two decimals: unsure (not checked). */
static Colour
expected_colour (const char *symbol)
{
  double nb, nn, pb, pn, delta, noise;

  cs_test_compare_perf_dso (perf, base_bundle, "cmp-work", &nb);
  cs_test_compare_perf_dso (perf, new_bundle, "cmp-work", &nn);
  pb = perf_children (base_bundle, symbol) / 100;
  pn = perf_children (new_bundle, symbol) / 100;
  delta = 100 * (pn - pb);
  noise = 2 * hypot (100 * sqrt (pb * (1 - pb) / nb), 100 * sqrt (pn * (1 - pn) / nn));
  g_test_message ("%s: %+.2f points, noise %.2f (%.0f and %.0f samples)", symbol, delta, noise, nb, nn);
  if (fabs (delta) > noise * 1.1)
    return delta > 0 ? COLOUR_GREW : COLOUR_SHRANK;
  if (fabs (delta) < noise * 0.9)
    return COLOUR_NEUTRAL;
  return COLOUR_UNSURE;
}

static void
assert_colour (int    r,
               int    g,
               int    b,
               Colour colour)
{
  switch (colour)
    {
    case COLOUR_GREW:
      g_assert_cmpint (r, >, g + 60);
      g_assert_cmpint (r, >, b + 60);
      break;
    case COLOUR_SHRANK:
      g_assert_cmpint (b, >, r + 60);
      g_assert_cmpint (b, >, g + 60);
      break;
    case COLOUR_NEUTRAL:
      g_assert_cmpint (MIN (r, MIN (g, b)), >, 230);
      break;
    case COLOUR_UNSURE:
    default:
      g_test_message ("too close to the noise to tell: not checked");
      break;
    }
}

static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The cell text's number: "+0.03 pt", "−12.50 pt" */
static double
points (const char *text)
{
  g_assert_nonnull (text);
  return g_ascii_strtod (text, NULL);
}

static void
check_modules (CsWindow *window)
{
  CsModulesPage *page = cs_test_window_page (window, "modules");
  CsModuleTable *table = cs_test_modules_table (page);
  GListModel *rows = G_LIST_MODEL (cs_module_table_get_selection (table));
  GtkSortType direction;
  double expected = cs_test_compare_perf_dso (perf, new_bundle, "cmp-work", NULL)
                    - cs_test_compare_perf_dso (perf, base_bundle, "cmp-work", NULL);
  gboolean seen = FALSE;

  g_assert_true (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_BASE)));
  g_assert_true (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_NEW)));
  g_assert_true (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_DELTA)));
  g_assert_false (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_SAMPLES)));
  g_assert_cmpstr (cs_module_table_get_sort_column (table, &direction), ==, CS_MODULE_COLUMN_DELTA);
  g_assert_cmpint (direction, ==, GTK_SORT_DESCENDING);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);
      g_autofree char *delta = NULL;

      if (g_strcmp0 (cs_module_row_get_name (row), "cmp-work") != 0)
        continue;
      seen = TRUE;
      /* its hot symbols, for check_symbol_verdict() */
      gtk_single_selection_set_selected (cs_module_table_get_selection (table), i);
      delta = cs_column_get_text (cs_module_table_get_column (table, CS_MODULE_COLUMN_DELTA), row);
      g_test_message ("cmp-work: Δ %s, perf %+.3f points", delta, expected);
      g_assert_cmpfloat (fabs (points (delta) - expected), <=, 0.02);
    }
  g_assert_true (seen);
}

/* hot_a halved is a change beyond the noise (twice the combined sampling
 * error of perf's two shares): its Δ in the hot symbols at normal weight,
 * without "within noise" in its tooltip. */
static void
check_symbol_verdict (CsWindow *window)
{
  GtkWidget *pane = GTK_WIDGET (cs_test_modules_symbols (cs_test_window_page (window, "modules")));
  GListModel *items = cs_symbol_pane_get_symbols (CS_SYMBOL_PANE (pane), NULL);
  double nb, nn, pb = cs_test_compare_perf_sym (perf, base_bundle, "hot_a") / 100;
  double pn = cs_test_compare_perf_sym (perf, new_bundle, "hot_a") / 100;

  cs_test_compare_perf_dso (perf, base_bundle, "cmp-work", &nb);
  cs_test_compare_perf_dso (perf, new_bundle, "cmp-work", &nn);
  if (fabs (pn - pb) <= 2.2 * hypot (sqrt (pb * (1 - pb) / nb), sqrt (pn * (1 - pn) / nn)))
    return;   /* too short a recording to tell */
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (items, i);
      GtkColumnView *view = (GtkColumnView *) find_type (pane, GTK_TYPE_COLUMN_VIEW);
      g_autofree char *text = cs_column_get_text (cs_test_column_titled (view, "Δ"), item);
      GtkInscription *cell = cs_test_find_cell (pane, item, text);

      if (!g_str_equal (cs_symbol_item_get_name (item), "hot_a"))
        continue;
      g_assert_nonnull (cell);
      g_test_message ("hot_a in the hot symbols: %s, “%s”", text, cs_cell_tooltip_get (GTK_WIDGET (cell)));
      g_assert_null (strstr (cs_cell_tooltip_get (GTK_WIDGET (cell)), "within noise"));
      g_assert_null (gtk_inscription_get_attributes (cell));
      return;
    }
  g_assert_not_reached ();
}

/* hot_a's hottest node in the top-down tree. */
static guint
hot_node (CsCallGraph *graph,
          const char  *name,
          guint        event)
{
  CsProfile *profile = cs_call_graph_get_profile (graph);
  guint best = CS_CALL_NO_NODE;
  guint64 best_total = 0;

  for (guint n = 0; n < cs_call_graph_get_n_nodes (graph, CS_CALL_TREE_TOP_DOWN); n++)
    {
      const CsCallNode *node = cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, n);
      guint64 total = cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, n, event);

      if (node->function != CS_CALL_NO_FUNCTION &&
          g_str_equal (cs_profile_get_function (profile, node->function)->name, name) && total > best_total)
        {
          best = n;
          best_total = total;
        }
    }
  g_assert_cmpuint (best, !=, CS_CALL_NO_NODE);
  return best;
}

/* The share of the base's samples of @graph's @event whose stacks are
 * broken (cs-call-graph.h), from a graph of the base built here. */
static double
base_broken_percent (CsCallGraph *graph,
                     guint        event)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) base = cs_analysis_load (base_bundle, NULL, NULL, NULL, NULL, &error);
  g_autoptr(CsCallGraph) base_graph = NULL;
  const CsProfileEvent *e = cs_profile_get_event (cs_call_graph_get_profile (graph), event);
  const CsProfileEvent *base_event;

  g_assert_no_error (error);
  base_graph = cs_call_graph_new_for_profile (cs_analysis_get_profile (base), NULL, &error);
  g_assert_no_error (error);
  base_event = cs_profile_find_event (cs_analysis_get_profile (base), e->name);
  g_assert_nonnull (base_event);
  return cs_call_graph_get_broken_percent (base_graph, base_event->index);
}

static void
check_call_tree (CsCallGraphPage *page,
                 State           *state)
{
  CsCallGraph *graph = cs_call_graph_page_get_graph (page);
  GtkColumnView *tree = (GtkColumnView *) gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_CALL_GRAPH_PAGE, "top_down_view");
  GtkColumnViewColumn *delta_total = cs_test_column_titled (tree, "Δ Total");
  guint event = cs_call_graph_page_get_event (page);
  g_autoptr(CsCallItem) item = NULL;
  g_autofree char *text = NULL;
  double expected = perf_children (new_bundle, "hot_a") - perf_children (base_bundle, "hot_a");

  g_assert_nonnull (cs_test_column_titled (tree, "Δ Self"));
  /* the bottom-up tree too */
  g_assert_nonnull (cs_test_column_titled ((GtkColumnView *) gtk_widget_get_template_child (GTK_WIDGET (page),
                                                                                           CS_TYPE_CALL_GRAPH_PAGE,
                                                                                           "bottom_up_view"),
                                           "Δ Total"));
  g_assert_nonnull (delta_total);
  state->node = hot_node (graph, "hot_a", event);
  item = cs_call_item_new_node (graph, CS_CALL_TREE_TOP_DOWN, state->node);
  text = cs_column_get_text (delta_total, item);
  g_test_message ("hot_a: Δ Total %s, perf --children %+.3f points", text, expected);
  g_assert_cmpfloat (points (text), <, 0);
  /* A sample whose stack was cut short is under another node of hot_a:
   * the node may miss up to the broken stacks' share of each side. */
  g_assert_cmpfloat (fabs (points (text) - expected), <=,
                     ROUNDING + cs_call_graph_get_broken_percent (graph, event) + base_broken_percent (graph, event));

  /* the functions list: hot_a's own row, each sample once as perf --children counts */
  {
    GtkColumnView *functions = (GtkColumnView *) gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_CALL_GRAPH_PAGE,
                                                                                "functions_view");
    const CsCallNode *node = cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, state->node);
    g_autoptr(CsCallItem) function = cs_call_item_new_function (graph, node->function);
    g_autofree char *function_text = NULL;

    g_assert_nonnull (cs_test_column_titled (functions, "Δ Total"));
    function_text = cs_column_get_text (cs_test_column_titled (functions, "Δ Total"), function);
    g_test_message ("hot_a in the functions list: Δ Total %s", function_text);
    g_assert_cmpfloat (fabs (points (function_text) - expected), <=, ROUNDING);
  }
}

/* The flame graph's pixel inside @node's frame, rendered as the window
 * shows it (GSK's cairo renderer). */
static void
frame_pixel (CsFlameView *view,
             guint        node,
             int         *r,
             int         *g,
             int         *b)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (view));
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  GskRenderNode *render;
  graphene_rect_t rect;
  guint32 p;
  int x, y;

  g_assert_true (cs_flame_view_get_frame_rect (view, node, &rect));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  render = gtk_snapshot_free_to_node (snapshot);
  gsk_renderer_realize (renderer, NULL, &error);
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, render, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_renderer_unrealize (renderer);
  gsk_render_node_unref (render);
  gdk_texture_download (texture, data, (gsize) width * 4);
  /* the top line of the frame, past its darker left edge: no text there */
  x = (int) (rect.origin.x + rect.size.width / 2);
  y = (int) rect.origin.y + 1;
  g_assert_true (x >= 0 && x < width && y >= 0 && y < height);
  p = *(guint32 *) (data + ((gsize) y * width + x) * 4);
  *r = (p >> 16) & 0xff;
  *g = (p >> 8) & 0xff;
  *b = p & 0xff;
}

static void
check_flame (CsCallGraphPage *page,
             State           *state)
{
  CsFlameView *view = (CsFlameView *) gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_CALL_GRAPH_PAGE, "flame_view");
  CsCallGraph *graph = cs_call_graph_page_get_graph (page);
  guint hot_b = hot_node (graph, "hot_b", cs_call_graph_page_get_event (page));
  int r, g, b;

  Colour hot_a_colour = expected_colour ("hot_a");

  /* halved: blue unless the recordings are too short to tell */
  frame_pixel (view, state->node, &r, &g, &b);
  g_test_message ("hot_a's frame: %d %d %d", r, g, b);
  g_assert_cmpint (hot_a_colour, !=, COLOUR_GREW);
  assert_colour (r, g, b, hot_a_colour);
  frame_pixel (view, hot_b, &r, &g, &b);
  g_test_message ("hot_b's frame: %d %d %d", r, g, b);
  assert_colour (r, g, b, expected_colour ("hot_b"));

  /* exported as shown: hot_a's frame blue in the PNG too */
  {
    g_autofree char *png = g_build_filename (tmpdir, "flame-diff.png", NULL);
    g_autoptr(GError) error = NULL;
    cairo_surface_t *surface;
    graphene_rect_t rect;
    guint32 p;
    int x, y;

    g_assert_true (cs_cairo_view_export (CS_CAIRO_VIEW (view), png, &error));
    g_assert_no_error (error);
    surface = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
    g_assert_true (cs_flame_view_get_frame_rect (view, state->node, &rect));
    /* the export's pixels per widget pixel */
    x = (int) ((rect.origin.x + rect.size.width / 2) * cairo_image_surface_get_width (surface)
               / gtk_widget_get_width (GTK_WIDGET (view)));
    y = (int) ((rect.origin.y + 1) * cairo_image_surface_get_height (surface)
               / gtk_widget_get_height (GTK_WIDGET (view)));
    cairo_surface_flush (surface);
    p = *(guint32 *) (cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4);
    g_test_message ("hot_a's frame in the export: %u %u %u", (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff);
    assert_colour ((p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff, hot_a_colour);
    cairo_surface_destroy (surface);
  }
}

/* The Overview's first BAR chart pairs up: the base's bar is drawn above
 * the new one, in the parts' colours (read from the chart's rendering at
 * the base bar's place, cs_chart_compare_geometry_new()). */
static void
check_overview (CsWindow *window)
{
  CsChartGridView *grid = cs_test_overview_charts (cs_test_window_page (window, "overview"));
  CsChartWidget *chart = NULL;
  g_autoptr(CsChartGeometry) geometry = NULL;
  g_autofree char *png = g_build_filename (tmpdir, "chart-compare.png", NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  g_autofree char *font = NULL;
  CsChartStyle style;
  double scale;
  CsColor part;
  guint32 p;
  int x, y;

  for (guint i = 0; i < cs_chart_grid_view_get_n_charts (grid) && chart == NULL; i++)
    if (cs_chart_widget_get_values (cs_chart_grid_view_get_chart (grid, i))->kind == CS_CHART_BAR)
      chart = cs_chart_grid_view_get_chart (grid, i);
  g_assert_nonnull (chart);
  g_assert_nonnull (cs_chart_widget_get_base_values (chart));
  g_assert_true (cs_cairo_view_export (CS_CAIRO_VIEW (chart), png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  /* laid out as the view draws itself, in widget units; the PNG may have
   * more pixels per unit */
  cs_cairo_view_get_style (CS_CAIRO_VIEW (chart), &style, &font);
  style.font = font;
  scale = (double) cairo_image_surface_get_width (surface) / gtk_widget_get_width (GTK_WIDGET (chart));
  geometry = cs_chart_compare_geometry_new (cs_chart_widget_get_base_values (chart), cs_chart_widget_get_values (chart),
                                            &style, gtk_widget_get_width (GTK_WIDGET (chart)),
                                            gtk_widget_get_height (GTK_WIDGET (chart)));
  g_assert_cmpfloat (geometry->base_plot.height, >, 2);
  g_assert_cmpfloat (geometry->base_plot.y + geometry->base_plot.height, <=, geometry->plot.y);
  /* the base's first part, at the left end of its bar */
  x = (int) ((geometry->base_plot.x + 2) * scale);
  y = (int) ((geometry->base_plot.y + geometry->base_plot.height / 2) * scale);
  cairo_surface_flush (surface);
  p = *(guint32 *) (cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4);
  cs_palette_get_part_color (CS_THEME_LIGHT, 0, cs_chart_widget_get_values (chart)->n_parts, &part);
  g_test_message ("base bar: %u %u %u, part colour %.0f %.0f %.0f", (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff,
                  part.red * 255, part.green * 255, part.blue * 255);
  g_assert_cmpint (abs ((int) ((p >> 16) & 0xff) - (int) round (part.red * 255)), <=, 3);
  g_assert_cmpint (abs ((int) ((p >> 8) & 0xff) - (int) round (part.green * 255)), <=, 3);
  g_assert_cmpint (abs ((int) (p & 0xff) - (int) round (part.blue * 255)), <=, 3);
  cairo_surface_destroy (surface);
}

static gboolean
step (CsTestApp *app)
{
  State *state = app->data;
  CsWindow *window = cs_test_app_get_window (app);
  CsCallGraphPage *call_graph;

  if (window == NULL || cs_test_window_loading (window) || cs_window_get_analysis (window) == NULL)
    return FALSE;
  g_assert_null (cs_test_window_error (window));
  switch (app->stage)
    {
    case 0:   /* the new recording is open: compare it with the base */
      {
        g_autoptr(GFile) file = g_file_new_for_path (base_bundle);

        g_assert_null (cs_window_get_comparison (window));
        cs_window_compare_with (window, file);
        app->stage = 1;
        return FALSE;
      }

    case 1:
      if (cs_window_get_comparison (window) == NULL)
        return FALSE;
      {
        GtkWidget *bar = find_type (GTK_WIDGET (window), CS_TYPE_COMPARE_BAR);
        GtkLabel *label;

        g_assert_nonnull (bar);
        g_assert_true (gtk_widget_get_visible (bar));
        label = (GtkLabel *) gtk_widget_get_template_child (bar, CS_TYPE_COMPARE_BAR, "label");
        g_assert_nonnull (strstr (gtk_label_get_text (label), "cmp.cyclescope"));
      }
      cs_test_window_show_page (window, "overview");
      app->stage = 2;
      return FALSE;

    case 2:
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "screenshot-compare-overview"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      check_overview (window);
      cs_test_window_show_page (window, "modules");
      check_modules (window);
      app->stage = 3;
      return FALSE;

    case 3:
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "screenshot-compare-modules"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      check_symbol_verdict (window);
      call_graph = cs_test_window_show_page (window, "call-graph");
      cs_call_graph_page_show_view (call_graph, "top-down");
      app->stage = 4;
      return FALSE;

    case 4:
      call_graph = cs_test_window_page (window, "call-graph");
      if (cs_call_graph_page_is_loading (call_graph) || cs_call_graph_page_get_graph (call_graph) == NULL)
        return FALSE;
      check_call_tree (call_graph, state);
      cs_call_graph_page_show_view (call_graph, "flame");
      app->stage = 5;
      return FALSE;

    case 5:
      call_graph = cs_test_window_page (window, "call-graph");
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "screenshot-compare-callgraph"))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      check_flame (call_graph, state);
      /* and back to the recording alone */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-comparing", NULL));
      app->stage = 6;
      return FALSE;

    case 6:
      call_graph = cs_test_window_page (window, "call-graph");
      if (cs_window_get_comparison (window) != NULL || cs_call_graph_page_is_loading (call_graph))
        return FALSE;
      {
        CsModuleTable *table = cs_test_modules_table (cs_test_window_page (window, "modules"));
        GtkColumnView *tree = (GtkColumnView *) gtk_widget_get_template_child (GTK_WIDGET (call_graph), CS_TYPE_CALL_GRAPH_PAGE,
                                                             "top_down_view");

        g_assert_false (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_DELTA)));
        g_assert_true (gtk_column_view_column_get_visible (cs_module_table_get_column (table, CS_MODULE_COLUMN_SAMPLES)));
        g_assert_null (cs_test_column_titled (tree, "Δ Total"));
      }
      return TRUE;

    default:
      g_assert_not_reached ();
    }
}

static void
test_compare (void)
{
  const char *files[] = { new_bundle, NULL };
  State state = { 0 };

  cs_test_app_run (files, step, &state);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/compare/no-display");
  int status;

  g_assert_cmpint (argc, >=, 4);
  cyclescope = argv[1];
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
      g_test_add_func ("/app/compare/base-new-delta", test_compare);
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
