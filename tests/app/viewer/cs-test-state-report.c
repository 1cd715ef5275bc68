/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-state-report.c — the window's visible state as JSON, for UI tests
 *
 * The state is gathered after a frame was painted, when the layout the user
 * sees is final (rows of a list exist only once it was laid out), and
 * written only when it differs from the last write. Writes are atomic
 * (g_file_set_contents), so a reader never sees half a file. No GTK
 * internals and no getters in the product for it: what the widgets' public
 * API gives and the template children of cs-test-viewer.h.
 */
#include "config.h"

#include <json.h>
#include <string.h>
#include <unistd.h>
#include "cs-test-state-report.h"
#include "cs-test-viewer.h"

/* After gtk.h, which says which backends GDK was built with. */
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

typedef struct
{
  GtkApplication *application;
  CsWindow *window;   /* weak */
  char     *path;
  char     *last;
  gulong    paint_id;
  GdkFrameClock *clock;
  gboolean  attached;
} StateReport;

/* --- geometry in X window (surface) coordinates, what xdotool clicks in --- */

static void
add_bounds (json_object *obj,
            GtkWidget   *widget,
            GtkWidget   *window)
{
  graphene_rect_t rect;
  double sx = 0, sy = 0;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &rect))
    return;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  json_object_object_add (obj, "x", json_object_new_int ((int) (rect.origin.x + sx)));
  json_object_object_add (obj, "y", json_object_new_int ((int) (rect.origin.y + sy)));
  json_object_object_add (obj, "width", json_object_new_int ((int) rect.size.width));
  json_object_object_add (obj, "height", json_object_new_int ((int) rect.size.height));
}

static const char *
widget_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return gtk_label_get_text (GTK_LABEL (widget));
  if (GTK_IS_INSCRIPTION (widget))
    return gtk_inscription_get_text (GTK_INSCRIPTION (widget));
  return NULL;
}

/* The first drawn label or inscription under @root showing @text. */
static GtkWidget *
find_text (GtkWidget  *root,
           const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (g_strcmp0 (widget_text (root), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_first_text (GtkWidget *root)
{
  if (widget_text (root) != NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_first_text (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* --- the parts of the window --- */

static json_object *
report_pages (CsWindow *self)
{
  json_object *pages = json_object_new_array ();
  GtkWidget *page_list = cs_test_child (self, CS_TYPE_WINDOW, "page_list");

  for (GtkWidget *row = gtk_widget_get_first_child (page_list);
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      json_object *page;
      GtkWidget *label;

      if (!GTK_IS_LIST_BOX_ROW (row))
        continue;
      page = json_object_new_object ();
      label = find_first_text (row);
      json_object_object_add (page, "name", json_object_new_string (gtk_widget_get_name (row)));
      json_object_object_add (page, "label", json_object_new_string (label != NULL ? widget_text (label) : ""));
      add_bounds (page, row, GTK_WIDGET (self));
      json_object_array_add (pages, page);
    }
  return pages;
}

static json_object *
report_modules (CsWindow *self)
{
  CsModulesPage *page = cs_test_window_page (self, "modules");
  CsModuleTable *table = cs_test_modules_table (page);
  CsSymbolPane *symbols = cs_test_modules_symbols (page);
  GListModel *rows = G_LIST_MODEL (cs_module_table_get_selection (table));
  GListModel *items = cs_symbol_pane_get_symbols (symbols, NULL);
  GtkWidget *view = GTK_WIDGET (cs_module_table_get_column_view (table));
  CsModuleRow *selected = cs_module_table_get_selected (table);
  CsSymbolItem *open = cs_modules_page_get_open_symbol (page);
  static const char *levels[] = { "table", "symbols", "source" };
  json_object *obj = json_object_new_object ();
  json_object *list = json_object_new_array ();
  json_object *sym = json_object_new_object ();
  json_object *sym_rows = json_object_new_array ();

  json_object_object_add (obj, "level", json_object_new_string (levels[cs_modules_page_get_level (page)]));
  json_object_object_add (obj, "selected",
                          selected != NULL ? json_object_new_string (cs_module_row_get_name (selected)) : NULL);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);
      json_object *r = json_object_new_object ();
      GtkWidget *cell = find_text (view, cs_module_row_get_name (row));

      json_object_object_add (r, "name", json_object_new_string (cs_module_row_get_name (row)));
      json_object_object_add (r, "samples", json_object_new_int64 ((gint64) cs_module_row_get_n_samples (row)));
      if (cell != NULL)
        add_bounds (r, cell, GTK_WIDGET (self));
      json_object_array_add (list, r);
    }
  json_object_object_add (obj, "rows", list);

  json_object_object_add (sym, "title", json_object_new_string (cs_symbol_pane_get_title (symbols)));
  json_object_object_add (sym, "event", cs_symbol_pane_get_visible_event (symbols) != NULL
                          ? json_object_new_string (cs_symbol_pane_get_visible_event (symbols)) : NULL);
  for (guint i = 0; items != NULL && i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (items, i);
      json_object *r = json_object_new_object ();

      json_object_object_add (r, "name", json_object_new_string (cs_symbol_item_get_name (item)));
      json_object_object_add (r, "library", cs_symbol_item_get_library (item) != NULL
                              ? json_object_new_string (cs_symbol_item_get_library (item)) : NULL);
      json_object_object_add (r, "samples", json_object_new_int64 ((gint64) cs_symbol_item_get_samples (item)));
      json_object_array_add (sym_rows, r);
    }
  json_object_object_add (sym, "rows", sym_rows);
  json_object_object_add (obj, "symbols", sym);

  if (open != NULL)
    {
      CsSourcePane *source = cs_test_modules_source (page);
      CsDisasmPane *disasm = cs_test_modules_disasm (page);
      CsAnnotateLine *line = gtk_single_selection_get_selected_item (cs_source_pane_get_selection (source));
      CsAnnotateInsn *insn = gtk_single_selection_get_selected_item (cs_disasm_pane_get_selection (disasm));
      json_object *a = json_object_new_object ();

      json_object_object_add (a, "symbol", json_object_new_string (cs_symbol_item_get_name (open)));
      json_object_object_add (a, "has_source", json_object_new_boolean (cs_source_pane_has_source (source)));
      json_object_object_add (a, "source_shown", json_object_new_boolean (gtk_widget_get_mapped (GTK_WIDGET (source))));
      json_object_object_add (a, "disasm_shown", json_object_new_boolean (gtk_widget_get_mapped (GTK_WIDGET (disasm))));
      json_object_object_add (a, "file", cs_source_pane_get_file (source) != NULL
                              ? json_object_new_string (cs_source_pane_get_file (source)) : NULL);
      json_object_object_add (a, "message", cs_source_pane_get_message (source) != NULL
                              ? json_object_new_string (cs_source_pane_get_message (source)) : NULL);
      json_object_object_add (a, "lines", json_object_new_int ((int) g_list_model_get_n_items (
                                G_LIST_MODEL (cs_source_pane_get_selection (source)))));
      json_object_object_add (a, "instructions", json_object_new_int ((int) g_list_model_get_n_items (
                                G_LIST_MODEL (cs_disasm_pane_get_selection (disasm)))));
      if (line != NULL)
        {
          json_object_object_add (a, "selected_line", json_object_new_int ((int) cs_annotate_line_get_line (line)));
          json_object_object_add (a, "selected_line_hot", json_object_new_boolean (cs_annotate_line_get_hot (line)));
          json_object_object_add (a, "selected_line_text", json_object_new_string (cs_annotate_line_get_text (line)));
        }
      if (insn != NULL)
        {
          g_autofree char *address = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", cs_annotate_insn_get_address (insn));

          json_object_object_add (a, "selected_address", json_object_new_string (address));
          json_object_object_add (a, "selected_insn_line", json_object_new_int ((int) cs_annotate_insn_get_line (insn)));
          json_object_object_add (a, "selected_insn_linked", json_object_new_boolean (cs_annotate_insn_get_linked (insn)));
        }
      json_object_object_add (obj, "annotate", a);
    }
  else
    json_object_object_add (obj, "annotate", NULL);
  return obj;
}

static const char *
focus_area (CsWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  CsModulesPage *page = cs_test_window_page (self, "modules");
  struct { GtkWidget *widget; const char *name; } areas[] = {
    { GTK_WIDGET (cs_test_modules_table (page)), "module-table" },
    { GTK_WIDGET (cs_test_modules_symbols (page)), "symbol-pane" },
    { GTK_WIDGET (cs_test_modules_source (page)), "source-pane" },
    { GTK_WIDGET (cs_test_modules_disasm (page)), "disasm-pane" },
    { cs_test_child (self, CS_TYPE_WINDOW, "page_list"), "sidebar" },
    { cs_test_window_page (self, "overview"), "overview" },
  };

  if (focus == NULL)
    return "none";
  if (GTK_IS_TEXT (focus) && gtk_widget_is_ancestor (focus, areas[0].widget))
    return "module-filter";
  for (guint i = 0; i < G_N_ELEMENTS (areas); i++)
    if (focus == areas[i].widget || gtk_widget_is_ancestor (focus, areas[i].widget))
      return areas[i].name;
  return G_OBJECT_TYPE_NAME (focus);
}

static json_object *
string_or_null (const char *text)
{
  return text != NULL ? json_object_new_string (text) : NULL;
}

/* The ids of the charts in the grid, in grid order. */
static json_object *
report_chart_ids (CsWindow *self)
{
  CsChartGridView *grid = cs_test_overview_charts (cs_test_window_page (self, "overview"));
  json_object *ids = json_object_new_array ();

  for (guint i = 0; i < cs_chart_grid_view_get_n_charts (grid); i++)
    {
      const CsChartValues *values = cs_chart_widget_get_values (cs_chart_grid_view_get_chart (grid, i));

      json_object_array_add (ids, string_or_null (values != NULL ? values->id : NULL));
    }
  return ids;
}

static char *
report_state (StateReport *report)
{
  CsWindow *self = report->window;
  CsOverviewPage *overview_page = cs_test_window_page (self, "overview");
  CsAnalysis *analysis = cs_window_get_analysis (self);
  json_object *root = json_object_new_object ();
  json_object *overview = json_object_new_object ();
  json_object *warnings = json_object_new_array ();
  const char * const *w = analysis != NULL ? cs_analysis_get_warnings (analysis) : NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  const char *error = cs_test_window_error (self);
  json_object *windows = json_object_new_array ();
  char *text;

  /* Every window of the application: its title, and whether it is empty. */
  for (GList *l = gtk_application_get_windows (report->application); l != NULL; l = l->next)
    if (CS_IS_WINDOW (l->data))
      {
        json_object *entry = json_object_new_object ();

        json_object_object_add (entry, "title", json_object_new_string (gtk_window_get_title (l->data)));
        json_object_object_add (entry, "empty", json_object_new_boolean (cs_window_is_empty (l->data)));
        json_object_array_add (windows, entry);
      }
  json_object_object_add (root, "pid", json_object_new_int ((int) getpid ()));
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (surface))
    json_object_object_add (root, "xid", json_object_new_int64 ((gint64) gdk_x11_surface_get_xid (surface)));
#endif
  json_object_object_add (root, "windows", windows);
  json_object_object_add (root, "title", json_object_new_string (gtk_window_get_title (GTK_WINDOW (self))));
  json_object_object_add (root, "width", json_object_new_int (gtk_widget_get_width (GTK_WIDGET (self))));
  json_object_object_add (root, "height", json_object_new_int (gtk_widget_get_height (GTK_WIDGET (self))));
  json_object_object_add (root, "active", json_object_new_boolean (gtk_window_is_active (GTK_WINDOW (self))));
  json_object_object_add (root, "loading", json_object_new_boolean (cs_test_window_loading (self)));
  json_object_object_add (root, "loaded", json_object_new_boolean (analysis != NULL));
  json_object_object_add (root, "path", analysis != NULL ? json_object_new_string (cs_analysis_get_path (analysis)) : NULL);
  json_object_object_add (root, "error", string_or_null (error));
  json_object_object_add (root, "page", json_object_new_string (gtk_stack_get_visible_child_name (cs_test_window_pages (self))));
  json_object_object_add (root, "focus", json_object_new_string (focus_area (self)));
  json_object_object_add (root, "pages", report_pages (self));

  for (guint i = 0; w != NULL && w[i] != NULL; i++)
    json_object_array_add (warnings, json_object_new_string (w[i]));
  json_object_object_add (overview, "warnings", warnings);
  json_object_object_add (overview, "charts",
                          json_object_new_int ((int) cs_chart_grid_view_get_n_charts (cs_test_overview_charts (overview_page))));
  json_object_object_add (overview, "chart_ids", report_chart_ids (self));
  json_object_object_add (overview, "banner", string_or_null (cs_test_overview_banner (overview_page)));
  json_object_object_add (overview, "details", string_or_null (cs_test_overview_details (overview_page)));
  json_object_object_add (overview, "hidden_charts", string_or_null (cs_test_overview_hidden_charts (overview_page)));
  json_object_object_add (root, "overview", overview);
  json_object_object_add (root, "modules", report_modules (self));

  text = g_strdup (json_object_to_json_string_ext (root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
  json_object_put (root);
  return text;
}

static void
write_state (StateReport *report)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (report->window == NULL)
    return;
  text = report_state (report);
  if (g_strcmp0 (text, report->last) == 0)
    return;
  if (!g_file_set_contents (report->path, text, -1, &error))
    {
      g_warning ("Could not write the state file: %s", error->message);
      return;
    }
  g_free (report->last);
  report->last = g_steal_pointer (&text);
}

static void
after_paint (GdkFrameClock *clock,
             StateReport   *report)
{
  write_state (report);
}

/* Something changed that may not repaint by itself (a selection on a hidden
 * page): ask for a frame, after which the state is written. */
static void
state_changed (StateReport *report)
{
  if (report->window != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (report->window));
}

static void
window_realized (GtkWidget   *widget,
                 StateReport *report)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (clock == NULL || clock == report->clock)
    return;
  if (report->clock != NULL)
    g_clear_signal_handler (&report->paint_id, report->clock);
  report->clock = clock;
  report->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), report);
}

static void
window_unrealized (GtkWidget   *widget,
                   StateReport *report)
{
  if (report->clock != NULL)
    g_clear_signal_handler (&report->paint_id, report->clock);
  report->clock = NULL;
}

static void
report_free (gpointer data)
{
  StateReport *report = data;

  if (report->clock != NULL)
    g_clear_signal_handler (&report->paint_id, report->clock);
  if (report->window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (report->window), (gpointer *) &report->window);
  g_free (report->path);
  g_free (report->last);
  g_free (report);
}

static void
attach_window (StateReport *report,
               CsWindow    *window)
{
  report->window = window;
  report->attached = TRUE;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &report->window);
  g_signal_connect (window, "realize", G_CALLBACK (window_realized), report);
  g_signal_connect (window, "unrealize", G_CALLBACK (window_unrealized), report);
  g_signal_connect_swapped (window, "notify::title", G_CALLBACK (state_changed), report);
  g_signal_connect_swapped (window, "notify::is-active", G_CALLBACK (state_changed), report);
  g_signal_connect_swapped (window, "notify::focus-widget", G_CALLBACK (state_changed), report);
  g_signal_connect_swapped (cs_test_window_pages (window), "notify::visible-child-name",
                            G_CALLBACK (state_changed), report);
  g_signal_connect_swapped (cs_test_window_page (window, "modules"), "changed", G_CALLBACK (state_changed), report);
  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    window_realized (GTK_WIDGET (window), report);
}

/* The first window is reported; every window added or removed changes
 * what the report counts. */
static void
window_added (GtkApplication *application,
              GtkWindow      *window,
              StateReport    *report)
{
  if (report->window == NULL && report->path != NULL && !report->attached && CS_IS_WINDOW (window))
    attach_window (report, CS_WINDOW (window));
  state_changed (report);
}

void
cs_test_state_report_attach (GtkApplication *application)
{
  const char *path = g_getenv (CS_STATE_REPORT_ENV);
  StateReport *report;

  g_return_if_fail (GTK_IS_APPLICATION (application));

  if (path == NULL || path[0] == '\0')
    return;
  report = g_new0 (StateReport, 1);
  report->application = application;
  report->path = g_strdup (path);
  g_object_set_data_full (G_OBJECT (application), "cs-state-report", report, report_free);
  g_signal_connect (application, "window-added", G_CALLBACK (window_added), report);
  g_signal_connect_swapped (application, "window-removed", G_CALLBACK (state_changed), report);
}
