/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-viewer.h — what the UI tests read of the viewer's window (header only)
 *
 * The product has no getters for tests: these read the widgets the user
 * sees, by their ids in the templates (gtk_widget_get_template_child), as
 * the in-process UI tests and the state report of the test viewer need
 * them. A renamed id fails here, at once, rather than in the product.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-chart-grid-view.h"
#include "cs-disasm-pane.h"
#include "cs-memory-page.h"
#include "cs-module-table.h"
#include "cs-modules-page.h"
#include "cs-overview-page.h"
#include "cs-source-pane.h"
#include "cs-symbol-pane.h"
#include "cs-window.h"

/* The template child @name of @widget, whose class @type declared it. */
static inline gpointer
cs_test_child (gpointer    widget,
               GType       type,
               const char *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (widget), type, name);

  if (child == NULL)
    g_error ("%s has no template child “%s”", g_type_name (type), name);
  return child;
}

static inline const char *
cs_test_label (gpointer    widget,
               GType       type,
               const char *name)
{
  return gtk_label_get_text (GTK_LABEL (cs_test_child (widget, type, name)));
}

/* A label's text while @revealer (a template child too) shows it; NULL
 * otherwise. */
static inline const char *
cs_test_revealed_label (gpointer    widget,
                        GType       type,
                        const char *revealer,
                        const char *label)
{
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (cs_test_child (widget, type, revealer))))
    return NULL;
  return cs_test_label (widget, type, label);
}

/* --- the window --- */

static inline GtkStack *
cs_test_window_pages (CsWindow *window)
{
  return GTK_STACK (cs_test_child (window, CS_TYPE_WINDOW, "page_stack"));
}

static inline gpointer
cs_test_window_page (CsWindow   *window,
                     const char *name)
{
  return gtk_stack_get_child_by_name (cs_test_window_pages (window), name);
}

/* Shows page @name, as a click on its sidebar row would (without moving
 * the keyboard focus). */
static inline gpointer
cs_test_window_show_page (CsWindow   *window,
                          const char *name)
{
  gtk_stack_set_visible_child_name (cs_test_window_pages (window), name);
  return cs_test_window_page (window, name);
}

/* TRUE while the progress bar of a load shows. */
static inline gboolean
cs_test_window_loading (CsWindow *window)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (cs_test_child (window, CS_TYPE_WINDOW,
                                                                      "progress_revealer")));
}

/* The error banner's title and message ("TITLE\nMESSAGE"); NULL while it
 * is hidden. Valid until the next call. */
static inline const char *
cs_test_window_error (CsWindow *window)
{
  const char *title = cs_test_revealed_label (window, CS_TYPE_WINDOW, "error_revealer", "error_title");
  GtkWidget *message = cs_test_child (window, CS_TYPE_WINDOW, "error_message");
  char *text;

  if (title == NULL)
    return NULL;
  if (!gtk_widget_get_visible (message))
    text = g_strdup (title);
  else
    text = g_strdup_printf ("%s\n%s", title, gtk_label_get_text (GTK_LABEL (message)));
  g_object_set_data_full (G_OBJECT (window), "cs-test-error", text, g_free);
  return text;
}

/* The confirmation toast's text; NULL while it is hidden. */
static inline const char *
cs_test_window_toast (CsWindow *window)
{
  return cs_test_revealed_label (window, CS_TYPE_WINDOW, "toast_revealer", "toast_label");
}

/* --- the Overview --- */

/* The warnings banner's headline; NULL while hidden. */
static inline const char *
cs_test_overview_banner (CsOverviewPage *page)
{
  return cs_test_revealed_label (page, CS_TYPE_OVERVIEW_PAGE, "warnings_revealer", "warning_label");
}

/* What Details lists under the banner; NULL while the banner is hidden. */
static inline const char *
cs_test_overview_details (CsOverviewPage *page)
{
  return cs_test_revealed_label (page, CS_TYPE_OVERVIEW_PAGE, "warnings_revealer", "warnings_details_label");
}

/* The line saying which charts need counting runs; NULL without one. */
static inline const char *
cs_test_overview_hidden_charts (CsOverviewPage *page)
{
  GtkWidget *label = cs_test_child (page, CS_TYPE_OVERVIEW_PAGE, "hidden_charts_label");

  return gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

static inline CsChartGridView *
cs_test_overview_charts (CsOverviewPage *page)
{
  return CS_CHART_GRID_VIEW (cs_test_child (page, CS_TYPE_OVERVIEW_PAGE, "chart_grid"));
}

/* --- the Modules page --- */

static inline CsModuleTable *
cs_test_modules_table (CsModulesPage *page)
{
  return CS_MODULE_TABLE (cs_test_child (page, CS_TYPE_MODULES_PAGE, "module_table"));
}

static inline CsSymbolPane *
cs_test_modules_symbols (CsModulesPage *page)
{
  return CS_SYMBOL_PANE (cs_test_child (page, CS_TYPE_MODULES_PAGE, "symbol_pane"));
}

static inline CsSourcePane *
cs_test_modules_source (CsModulesPage *page)
{
  return CS_SOURCE_PANE (cs_test_child (page, CS_TYPE_MODULES_PAGE, "source_pane"));
}

static inline CsDisasmPane *
cs_test_modules_disasm (CsModulesPage *page)
{
  return CS_DISASM_PANE (cs_test_child (page, CS_TYPE_MODULES_PAGE, "disasm_pane"));
}
