/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-selection.c — the Call Graph page's selected function
 *
 * One function at a time is "selected": the row chosen in a list or tree,
 * the frame clicked or focused in the flame graph, the caller or callee
 * activated. Its callers and callees are listed beside; activating a caller
 * or callee selects it and remembers the one before, for Back (Alt+Left).
 * Activating a function anywhere else opens its source and disassembly on
 * the Modules page (win.show-code).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-callgraph-page-private.h"

void
_cs_call_graph_page_update_selected (CsCallGraphPage *self)
{
  const CsCallFunction *f = cs_call_graph_page_get_selected (self);

  if (self->disposed)
    return;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "callgraph.show-code", f != NULL);
  if (f == NULL)
    {
      gtk_label_set_text (self->selected_label, _("No function selected"));
      gtk_label_set_text (self->selected_costs, "");
    }
  else
    {
      guint64 total = cs_call_graph_get_event_total (self->graph, self->event);
      double t = total > 0 ? 100.0 * cs_call_graph_get_function_total (self->graph, f->index, self->event) / total : 0;
      double s = total > 0 ? 100.0 * cs_call_graph_get_function_self (self->graph, f->index, self->event) / total : 0;
      /* TRANSLATORS: under the selected function: its module, then its total and self share */
      g_autofree char *costs = g_strdup_printf (_("%s\ntotal %.2f %% · self %.2f %%"), f->module->name, t, s);

      gtk_label_set_text (self->selected_label, f->name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->selected_label), f->symbol->symbol->signature);
      gtk_label_set_text (self->selected_costs, costs);
    }
  _cs_call_graph_page_update_edges (self);
}

void
_cs_call_graph_page_set_selected (CsCallGraphPage *self,
              guint            function,
              gboolean         remember)
{
  if (function == self->selected)
    return;
  if (remember && self->selected != CS_CALL_NO_FUNCTION)
    g_array_append_val (self->history, self->selected);
  self->selected = function;
  _cs_call_graph_page_update_selected (self);
}

static void
open_code (CsCallGraphPage      *self,
           const CsCallFunction *f)
{
  const CsProfileSymbol *symbol;

  if (f == NULL)
    return;
  symbol = f->symbol;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-code", "(stt)",
                              symbol->module->path != NULL ? symbol->module->path : symbol->module->name,
                              symbol->symbol->start, symbol->symbol->start);
}

void
_cs_call_graph_page_list_activated (CsCallGraphPage *self,
                guint            position,
                GtkColumnView   *view)
{
  CsCallItem *item = _cs_call_graph_page_item_at (view, position);

  if (item != NULL)
    open_code (self, cs_call_item_get_function (item));
}

void
_cs_call_graph_page_edge_activated (CsCallGraphPage *self,
                guint            position,
                GtkColumnView   *view)
{
  CsCallItem *item = _cs_call_graph_page_item_at (view, position);
  const CsCallFunction *f = item != NULL ? cs_call_item_get_function (item) : NULL;

  if (f != NULL)
    cs_call_graph_page_select (self, f->index);
}

static void
list_selection_changed (CsCallGraphPage    *self,
                        GParamSpec         *pspec,
                        GtkSingleSelection *selection)
{
  gpointer item = gtk_single_selection_get_selected_item (selection);
  const CsCallFunction *f;

  if (item == NULL || (f = cs_call_item_get_function (cs_call_item_from (item))) == NULL)
    return;
  _cs_call_graph_page_set_selected (self, f->index, FALSE);
}

/* The views' models are replaced with every graph: follow their selection. */
void
_cs_call_graph_page_view_model_changed (GtkColumnView   *view,
                    GParamSpec      *pspec,
                    CsCallGraphPage *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (view);

  if (model != NULL)
    g_signal_connect_object (model, "notify::selected-item", G_CALLBACK (list_selection_changed), self,
                             G_CONNECT_SWAPPED);
}

void
_cs_call_graph_page_flame_selected (CsCallGraphPage *self,
                guint            function)
{
  if (function != CS_CALL_NO_FUNCTION)
    _cs_call_graph_page_set_selected (self, function, FALSE);
}

void
_cs_call_graph_page_flame_activated (CsCallGraphPage *self,
                 guint            function)
{
  if (self->graph != NULL && function != CS_CALL_NO_FUNCTION)
    open_code (self, cs_profile_get_function (cs_call_graph_get_profile (self->graph), function));
}

void
_cs_call_graph_page_action_show_code (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CsCallGraphPage *self = CS_CALL_GRAPH_PAGE (widget);

  open_code (self, cs_call_graph_page_get_selected (self));
}

const CsCallFunction *
cs_call_graph_page_get_selected (CsCallGraphPage *self)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), NULL);
  if (self->graph == NULL || self->selected == CS_CALL_NO_FUNCTION)
    return NULL;
  return cs_profile_get_function (cs_call_graph_get_profile (self->graph), self->selected);
}

void
cs_call_graph_page_select (CsCallGraphPage *self,
                           guint            function)
{
  g_return_if_fail (CS_IS_CALL_GRAPH_PAGE (self));
  if (self->graph == NULL || function >= cs_profile_get_n_functions (cs_call_graph_get_profile (self->graph)))
    return;
  _cs_call_graph_page_set_selected (self, function, TRUE);
  _cs_call_graph_page_select_in_list (self, function);
}

gboolean
cs_call_graph_page_go_back (CsCallGraphPage *self)
{
  guint previous;

  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), FALSE);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->view_stack), "flame") == 0 &&
      cs_flame_view_zoom_out (self->flame_view))
    return TRUE;
  if (self->history->len == 0)
    return FALSE;
  previous = g_array_index (self->history, guint, self->history->len - 1);
  g_array_set_size (self->history, self->history->len - 1);
  _cs_call_graph_page_set_selected (self, previous, FALSE);
  _cs_call_graph_page_select_in_list (self, previous);
  return TRUE;
}
