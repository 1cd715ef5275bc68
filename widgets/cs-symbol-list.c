/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-list.c — one tab of the hot-symbols pane: the top symbols of one event */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-format.h"
#include "cs-column.h"
#include "cs-column-sorter.h"
#include "cs-row-menu.h"
#include "cs-symbol-list-private.h"
#include "cs-widgets-util.h"

G_DEFINE_FINAL_TYPE (CsSymbolList, cs_symbol_list, GTK_TYPE_WIDGET)

enum {
  SYMBOL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Cells */

static void
cell_samples (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = cs_chart_format_grouped ((double) cs_symbol_item_get_samples (item), 0);
}

static void
cell_share (gpointer item, CsCellContent *content, gpointer data)
{
  g_autofree char *total = cs_chart_format_share (cs_symbol_item_get_percent (item) / 100.0);
  g_autofree char *module = cs_chart_format_share (cs_symbol_item_get_module_percent (item) / 100.0);

  content->fraction = cs_symbol_item_get_share (item);
  content->text = cs_chart_format_share (content->fraction);
  /* Translators: tooltip of a hot symbol's share */
  content->tooltip = g_strdup_printf (_("%s of the module, %s of the program (estimated from samples)"),
                                      module, total);
}

static void
cell_symbol (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup (cs_symbol_item_get_name (item));
  content->tooltip = g_strdup (cs_symbol_item_get_signature (item));
}

static void
cell_library (gpointer item, CsCellContent *content, gpointer data)
{
  const CsProfileSymbol *symbol = cs_symbol_item_get_symbol (item);

  content->text = g_strdup (cs_symbol_item_get_library (item));
  content->tooltip = g_strdup (symbol->module != NULL ? symbol->module->path : NULL);
}

static void
cell_signature (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup (cs_symbol_item_get_signature (item));
  content->tooltip = g_strdup (content->text);
}

/* Rows */

void
cs_symbol_list_set_items (CsSymbolList *self,
                          GPtrArray    *items,
                          gboolean      show_library)
{
  gboolean has_signature = FALSE;

  g_return_if_fail (CS_IS_SYMBOL_LIST (self));

  for (guint i = 0; i < items->len; i++)
    {
      CsSymbolItem *item = g_ptr_array_index (items, i);
      const char *signature = cs_symbol_item_get_signature (item);

      if (signature != NULL && g_strcmp0 (signature, cs_symbol_item_get_name (item)) != 0)
        has_signature = TRUE;
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  if (items->len > 0)
    gtk_single_selection_set_selected (self->selection, 0);
  gtk_column_view_column_set_visible (self->library_column, show_library);
  gtk_column_view_column_set_visible (self->signature_column, has_signature);
}

GListModel *
cs_symbol_list_get_items (CsSymbolList *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_LIST (self), NULL);
  return G_LIST_MODEL (self->selection);
}

const char *
cs_symbol_list_get_event (CsSymbolList *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_LIST (self), NULL);
  return self->event;
}

/* As Enter on row @position. */
static void
cs_symbol_list_activate (CsSymbolList *self,
                         guint         position)
{
  g_autoptr(CsSymbolItem) item = NULL;

  g_return_if_fail (CS_IS_SYMBOL_LIST (self));

  item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (item != NULL)
    g_signal_emit (self, signals[SYMBOL_ACTIVATED], 0, item);
}

static void
activated (CsSymbolList  *self,
           guint          position,
           GtkColumnView *view)
{
  cs_symbol_list_activate (self, position);
}

/* GObject */

static void
cs_symbol_list_dispose (GObject *object)
{
  CsSymbolList *self = CS_SYMBOL_LIST (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_SYMBOL_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->event, g_free);
  G_OBJECT_CLASS (cs_symbol_list_parent_class)->dispose (object);
}

static void
cs_symbol_list_class_init (CsSymbolListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cs_symbol_list_dispose;

  /**
   * CsSymbolList::symbol-activated:
   * @item: the CsSymbolItem (analysis, symbol and event)
   */
  signals[SYMBOL_ACTIVATED] =
    g_signal_new ("symbol-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CS_TYPE_SYMBOL_ITEM);

  g_type_ensure (CS_TYPE_SYMBOL_ITEM);
  g_type_ensure (CS_TYPE_COLUMN_SORTER);
  cs_widgets_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/widgets/cs-symbol-list.ui");
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, view);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, selection);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, store);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, samples_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, share_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, symbol_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, library_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, signature_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, sort_model);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, base_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, new_column);
  gtk_widget_class_bind_template_child (widget_class, CsSymbolList, delta_column);
  gtk_widget_class_bind_template_callback (widget_class, activated);
  gtk_widget_class_set_css_name (widget_class, "cs-symbol-list");
}

/* The context menu's function (cs-row-menu.h), as the flame graph names it. */
static const char *
function_value (gpointer item,
                gpointer user_data)
{
  return cs_symbol_item_get_name (item);
}

static void
cs_symbol_list_init (CsSymbolList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cs_row_menu_attach (self->view, "function", function_value, NULL);

  cs_column_set_cells (self->samples_column, CS_CELL_NUMBER, cell_samples, NULL, NULL);
  cs_column_set_text_layout (self->samples_column, GTK_INSCRIPTION_OVERFLOW_CLIP, 4, 7);
  cs_column_set_cells (self->share_column, CS_CELL_HEAT, cell_share, NULL, NULL);
  /* "ns::Class::method": the middle goes, the class and the method stay. */
  cs_column_set_cells (self->symbol_column, CS_CELL_TEXT, cell_symbol, NULL, NULL);
  cs_column_set_text_layout (self->symbol_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE, 12, 32);
  cs_column_set_cells (self->library_column, CS_CELL_TEXT, cell_library, NULL, NULL);
  cs_column_set_text_layout (self->library_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE, 6, 14);
  cs_column_set_cells (self->signature_column, CS_CELL_TEXT, cell_signature, NULL, NULL);
  cs_column_set_text_layout (self->signature_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 12, 48);
  _cs_symbol_list_init_compare_columns (self);
  /* (in code: an expression watching the view from its own model would
   * be a sibling binding, see HACKING.md) */
  gtk_sort_list_model_set_sorter (self->sort_model, gtk_column_view_get_sorter (self->view));
  cs_column_view_init_sorting (self->view);
}

CsSymbolList *
cs_symbol_list_new (const char *event)
{
  CsSymbolList *self = g_object_new (CS_TYPE_SYMBOL_LIST, NULL);

  self->event = g_strdup (event);
  return self;
}
