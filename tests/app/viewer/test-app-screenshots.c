/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-screenshots.c — every page at the default window size, light and dark
 *
 *   test-app-screenshots CYCLESCOPE WORKLOAD   (meson passes them; run once
 *   in English and once with LANGUAGE=de)
 *
 * Records the false-sharing workload with registers and call chains (so that
 * every page has something to show: charts, modules with their
 * disassembly, the call graph, cachelines),
 * opens it in the real window at the size a first start has (the GSettings
 * defaults), and for the light and the dark style shows the Overview, the
 * Modules page (a hot symbol opened) and the Memory page (one cacheline,
 * then all accesses), each kept as meson-logs/screenshot-LANG-STYLE-PAGE.png
 * for people to look at.
 *
 * No text may be cut: every label drawn, column titles included, must fit
 * (pango reports no ellipsis), no label's or table cell's text may be
 * wider than the space it was given, nor reach past the side of the
 * scrolled pane it is in.
 */
#include "config.h"

#include <string.h>

#include "cs-callgraph-page.h"
#include "cs-i18n.h"
#include "cs-test-app.h"
#include "cs-test-false-sharing.h"
#include "cs-test-viewer.h"
#include "cs-widgets-util.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;

/* Pages, and the Memory page twice: its chart of one cacheline and that of
 * all accesses. */
static const char * const pages[] = { "overview", "modules", "call-graph", "memory", "memory" };
static const char * const shots[] = { "overview", "modules", "call-graph", "memory", "memory-all" };
static const char * const styles[] = { "light", "dark" };

typedef struct
{
  guint     style;
  guint     page;
  gboolean  opened;     /* the Modules page's hot symbol */
  GPtrArray *clipped;   /* what was found cut, over every page */
} Tour;

/* Labels a user reads in full: the window title is the window manager's
 * business, and labels the page ellipsizes on purpose (a long command
 * line, a pane's heading) carry the whole text in a tooltip. */
static gboolean
may_ellipsize (GtkWidget *label)
{
  return gtk_widget_get_tooltip_text (label) != NULL;
}

/* A table cell whose text is a name that can be any length (a function,
 * a module): it ellipsizes in a narrow column, and its tooltip has it
 * whole. Numbers, addresses and words of the interface must fit. */
static gboolean
cell_may_ellipsize (GtkWidget  *cell,
                    const char *text)
{
  const char *tooltip = cs_cell_tooltip_get (cell);

  return tooltip != NULL && strstr (tooltip, text) != NULL &&
         gtk_inscription_get_text_overflow (GTK_INSCRIPTION (cell)) != GTK_INSCRIPTION_OVERFLOW_CLIP;
}

/* Whether the text drawn by @widget (@text_width wide, placed by @xalign)
 * runs past the side of the scrolled window it is in: a table wider than
 * its pane shows its last column cut off, however whole the cell is. */
static gboolean
out_of_view (GtkWidget *widget,
             int        text_width,
             float      xalign)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;
  double width = gtk_widget_get_width (widget);
  double drawn = MIN (text_width, width);
  double start;

  if (scrolled == NULL || !gtk_widget_compute_bounds (widget, scrolled, &bounds))
    return FALSE;
  start = bounds.origin.x + (width - drawn) * xalign;
  return start < -1 || start + drawn > gtk_widget_get_width (scrolled) + 1;
}

static void
find_clipped (GtkWidget  *widget,
              const char *where,
              GPtrArray  *clipped)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    {
      GtkLabel *label = GTK_LABEL (widget);
      PangoLayout *layout = gtk_label_get_layout (label);
      int text_width = 0;

      pango_layout_get_pixel_size (layout, &text_width, NULL);
      if ((pango_layout_is_ellipsized (layout) && !may_ellipsize (widget)) ||
          (!gtk_label_get_wrap (label) && gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE &&
           text_width > gtk_widget_get_width (widget) + 1) ||
          out_of_view (widget, text_width, gtk_label_get_xalign (label)))
        g_ptr_array_add (clipped, g_strdup_printf ("%s: “%s”", where, gtk_label_get_text (label)));
    }
  /* Table cells: an inscription draws what fits of its text. */
  if (GTK_IS_INSCRIPTION (widget) && gtk_inscription_get_text (GTK_INSCRIPTION (widget)) != NULL)
    {
      GtkInscription *cell = GTK_INSCRIPTION (widget);
      const char *text = gtk_inscription_get_text (cell);
      g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
      int text_width = 0;

      pango_layout_set_attributes (layout, gtk_inscription_get_attributes (cell));
      pango_layout_get_pixel_size (layout, &text_width, NULL);
      if (text[0] != '\0' && !cell_may_ellipsize (widget, text) &&
          (text_width > gtk_widget_get_width (widget) + 1 ||
           out_of_view (widget, text_width, gtk_inscription_get_xalign (cell))))
        g_ptr_array_add (clipped, g_strdup_printf ("%s: cell “%s” (%d px for %d px of text)", where, text,
                                                   gtk_widget_get_width (widget), text_width));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_clipped (child, where, clipped);
}

static gboolean
is_column_view (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_COLUMN_VIEW (widget);
}

/* Opens the first hot symbol of the selected module, as Enter does. */
static gboolean
open_hot_symbol (CsModulesPage *page)
{
  GListModel *symbols = cs_symbol_pane_get_symbols (cs_test_modules_symbols (page), NULL);
  GtkWidget *view;

  if (symbols == NULL || g_list_model_get_n_items (symbols) == 0)
    return FALSE;
  view = cs_test_find_mapped (GTK_WIDGET (cs_test_modules_symbols (page)), is_column_view, NULL);
  if (view == NULL)
    return FALSE;
  g_signal_emit_by_name (view, "activate", 0);
  if (cs_modules_page_get_open_symbol (page) == NULL)
    return FALSE;
  /* As after Tab and the arrows: the focused row shows its mark. */
  view = cs_test_find_mapped (GTK_WIDGET (cs_test_modules_table (page)), is_column_view, NULL);
  gtk_widget_grab_focus (view);
  gtk_window_set_focus_visible (GTK_WINDOW (gtk_widget_get_root (view)), TRUE);
  return TRUE;
}

static gboolean
step (CsTestApp *app)
{
  Tour *tour = app->data;
  CsWindow *window = cs_test_app_get_window (app);
  GSettings *settings = cs_application_get_settings (app->application);
  const char *language = g_getenv ("LANGUAGE") != NULL && g_getenv ("LANGUAGE")[0] != '\0' ? "de" : "en";
  gpointer page;
  g_autofree char *name = NULL;

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)) || cs_test_window_loading (window))
    return FALSE;
  if (tour->style == G_N_ELEMENTS (styles))
    return TRUE;
  if (app->stage == 0)
    {
      /* The first start's size, whatever a test before left in the key. */
      int width = 0, height = 0;

      gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
      g_assert_cmpint (width, ==, 1280);
      g_assert_cmpint (height, ==, 860);
      g_settings_set_string (settings, "color-scheme", styles[tour->style]);
      cs_window_show_page (window, pages[tour->page]);
      page = cs_test_window_page (window, pages[tour->page]);
      if (CS_IS_MEMORY_PAGE (page))
        gtk_toggle_button_set_active (cs_test_child (page, CS_TYPE_MEMORY_PAGE,
                                                     g_str_equal (shots[tour->page], "memory-all")
                                                     ? "all_button" : "line_button"), TRUE);
      app->stage = 1;
      return FALSE;
    }
  page = cs_test_window_page (window, pages[tour->page]);
  if (CS_IS_MEMORY_PAGE (page) && cs_memory_page_is_loading (page))
    return FALSE;
  if (CS_IS_CALL_GRAPH_PAGE (page) && cs_call_graph_page_get_graph (page) == NULL)
    return FALSE;
  if (CS_IS_MODULES_PAGE (page) && !tour->opened)
    {
      tour->opened = open_hot_symbol (page);
      return FALSE;
    }
  name = g_strdup_printf ("screenshot-%s-%s-%s", language, styles[tour->style], shots[tour->page]);
  if (!cs_test_app_screenshot (app, GTK_WINDOW (window), name))
    return FALSE;
  find_clipped (GTK_WIDGET (window), name, tour->clipped);
  cs_test_app_reset_screenshot (app);
  if (++tour->page == G_N_ELEMENTS (pages))
    {
      tour->page = 0;
      tour->style++;
    }
  app->stage = 0;
  return FALSE;
}

static void
test_screenshots (void)
{
  g_autofree char *bundle = g_build_filename (tmpdir, "every-page.cyclescope", NULL);
  g_autofree char *err = NULL;
  int status = 0;
  /* Registers for the Memory page, call chains for the Call Graph page. */
  const char *argv[] = { cyclescope, "record", "--regs", "-g", "--no-counting", "-F", "2000",
                         "-o", bundle, "--", workload, "adjacent", "0.5", NULL };
  g_autofree char *out = cs_test_run (argv, &err, &status);
  const char *files[] = { bundle, NULL };
  Tour tour = { 0 };

  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("cyclescope record failed:\n%s\n%s", out, err);
  tour.clipped = g_ptr_array_new_with_free_func (g_free);
  cs_test_app_run (files, step, &tour);
  for (guint i = 0; i < tour.clipped->len; i++)
    g_test_message ("cut: %s", (char *) g_ptr_array_index (tour.clipped, i));
  g_assert_cmpuint (tour.clipped->len, ==, 0);
  g_ptr_array_unref (tour.clipped);
}

int
main (int    argc,
      char **argv)
{
  gboolean display;
  int status;

  cs_i18n_init ();
  display = cs_test_app_init (&argc, &argv, "/app/screenshots/no-display");
  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  if (display)
    g_test_add_func ("/app/screenshots/every-page", test_screenshots);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  cs_test_app_cleanup ();
  return status;
}
