/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table.c — the sortable, filterable table of regions and modules */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-module-table-private.h"
#include "cs-row-menu.h"
#include "cs-widgets-util.h"

G_DEFINE_FINAL_TYPE (CsModuleTable, cs_module_table, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_VISIBLE_COLUMNS,
  N_PROPS
};

enum {
  MODULE_SELECTED,
  MODULE_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Rows and selection */

/* Puts the store in the sorter's order and keeps the selected row selected.
 *
 * After a reorder, GtkSingleSelection looks for its row position by
 * position through the new order; emptying the selection first and
 * selecting the row again where the sort put it (known from @order) saves
 * that walk over up to every row. (GTK 4.8's list view still looks up the
 * rows it shows; dropping the model from the selection while sorting avoids
 * that too, but rebuilds every visible row, which measured no faster.) */
static void
apply_sort (CsModuleTable *self)
{
  GPtrArray *rows = cs_row_store_get_rows (self->store);
  CsModuleRow *selected = gtk_single_selection_get_selected_item (self->selection);
  g_autoptr(CsModuleRow) keep = selected != NULL ? g_object_ref (selected) : NULL;
  guint *order = NULL;
  guint position = GTK_INVALID_LIST_POSITION;

  if (cs_module_sorter_get_key (self->sorter) != CS_MODULE_SORT_NONE && rows->len > 0)
    {
      order = g_new (guint, rows->len);
      cs_module_sorter_sort (self->sorter, rows, order);
    }

  self->resorting = TRUE;
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  cs_row_store_set_order (self->store, order, rows->len);

  if (keep != NULL && gtk_string_filter_get_search (self->filter) == NULL)
    {
      /* Unfiltered, the store's positions are the table's. */
      guint index = 0;

      while (index < rows->len && g_ptr_array_index (rows, index) != keep)
        index++;
      for (guint i = 0; i < rows->len && position == GTK_INVALID_LIST_POSITION; i++)
        if ((order != NULL ? order[i] : i) == index)
          position = i;
    }
  else if (keep != NULL)
    {
      GListModel *list = G_LIST_MODEL (self->selection);

      for (guint i = 0; i < g_list_model_get_n_items (list) && position == GTK_INVALID_LIST_POSITION; i++)
        {
          g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

          if (row == keep)
            position = i;
        }
    }
  gtk_single_selection_set_selected (self->selection, position);
  self->resorting = FALSE;
}

static void
select_default (CsModuleTable *self)
{
  GListModel *list = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (list);
  guint chosen = n > 0 ? 0 : GTK_INVALID_LIST_POSITION;

  /* The first sampled module: it has symbols to show. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

      if (cs_module_row_get_module_id (row) >= 0)
        {
          chosen = i;
          break;
        }
    }
  gtk_single_selection_set_selected (self->selection, chosen);
}

void
cs_module_table_set_rows (CsModuleTable *self,
                          CsModel       *model,
                          GPtrArray     *rows)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));
  g_return_if_fail (model == NULL || CS_IS_MODEL (model));

  self->last_selected = NULL;
  if (model != self->model)
    {
      g_set_object (&self->model, model);
      _cs_module_table_rebuild_columns (self);
    }
  if (rows != NULL)
    cs_module_sorter_rank_names (rows);
  cs_row_store_set (self->store, rows);
  _cs_module_table_apply_visible_columns (self);
  if (cs_module_sorter_get_key (self->sorter) != CS_MODULE_SORT_NONE)
    apply_sort (self);
  select_default (self);
}

void
cs_module_table_set_analysis (CsModuleTable *self,
                              CsAnalysis    *analysis)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));
  g_return_if_fail (analysis == NULL || CS_IS_ANALYSIS (analysis));

  if (!g_set_object (&self->analysis, analysis))
    return;
  /* A new recording starts as the user first sees one: unfiltered, in the
   * analysis' order (most samples first), whatever the last one showed;
   * its regions when it was recorded for them (cs-module-table-kind.c). */
  cs_module_table_set_filter_text (self, NULL);
  cs_module_table_sort_by (self, NULL, GTK_SORT_ASCENDING);
  self->show_regions = _cs_module_table_prefers_regions (analysis);
  _cs_module_table_fill (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

GtkSingleSelection *
cs_module_table_get_selection (CsModuleTable *self)
{
  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);
  return self->selection;
}

CsModuleRow *
cs_module_table_get_selected (CsModuleTable *self)
{
  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

/* The context menu's module (cs-row-menu.h); a region row has none. */
static const char *
module_value (gpointer item,
              gpointer user_data)
{
  CsModuleRow *row = item;

  return cs_module_row_get_kind (row) == CS_SCOPE_MODULE ? cs_module_row_get_name (row) : NULL;
}

gboolean
cs_module_table_select (CsModuleTable *self,
                        int            module_id,
                        const char    *name)
{
  GListModel *list;

  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), FALSE);

  list = G_LIST_MODEL (self->selection);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

      if (module_id >= 0 ? cs_module_row_get_module_id (row) == module_id
                         : g_strcmp0 (cs_module_row_get_name (row), name) == 0)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return TRUE;
        }
    }
  return FALSE;
}

static void
on_selected_changed (GtkSingleSelection *selection,
                     GParamSpec         *pspec,
                     CsModuleTable      *self)
{
  CsModuleRow *row = gtk_single_selection_get_selected_item (selection);

  /* A sort empties the selection for a moment (apply_sort): no news. */
  if (row == self->last_selected || (row == NULL && self->resorting))
    return;
  self->last_selected = row;
  /* NULL: the filter hid the selected row; whatever showed it must not
   * keep showing it. */
  g_signal_emit (self, signals[MODULE_SELECTED], 0, row);
}

static void
on_activate (GtkColumnView *view,
             guint          position,
             CsModuleTable *self)
{
  g_autoptr(CsModuleRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (row != NULL)
    g_signal_emit (self, signals[MODULE_ACTIVATED], 0, row);
}

GtkColumnViewColumn *
cs_module_table_get_column (CsModuleTable *self,
                            const char    *column_id)
{
  CsModuleColumn *column;

  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);
  column = _cs_module_table_find_column (self, column_id);
  return column != NULL ? column->column : NULL;
}

GtkColumnView *
cs_module_table_get_column_view (CsModuleTable *self)
{
  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);
  return self->column_view;
}

/* Filter */

/* A filter that leaves no row says so, instead of an empty table. */
static void
update_no_match (CsModuleTable *self)
{
  const char *search = gtk_string_filter_get_search (self->filter);
  gboolean none = search != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->filter_model)) == 0;

  if (none)
    {
      /* TRANSLATORS: the module table's filter matched nothing; %s is what the user typed */
      g_autofree char *text = g_strdup_printf (_("No module matches “%s”."), search);

      gtk_label_set_text (self->no_match_label, text);
    }
  gtk_stack_set_visible_child_name (self->content_stack, none ? "no-match" : "table");
}

void
cs_module_table_set_filter_text (CsModuleTable *self,
                                 const char    *text)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->filter_entry)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), text ? text : "");
  /* Directly too: "search-changed" is delayed, callers expect the rows now. */
  gtk_string_filter_set_search (self->filter, text != NULL && text[0] != '\0' ? text : NULL);
}

void
cs_module_table_focus_filter (CsModuleTable *self)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
}

static void
on_filter_changed (GtkSearchEntry *entry,
                   CsModuleTable  *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  gtk_string_filter_set_search (self->filter, text[0] != '\0' ? text : NULL);
}

static void
on_filter_stopped (GtkSearchEntry *entry,
                   CsModuleTable  *self)
{
  cs_module_table_set_filter_text (self, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
on_filter_activate (GtkSearchEntry *entry,
                    CsModuleTable  *self)
{
  /* Enter in the filter goes to the table, on the first match. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0)
    gtk_single_selection_set_selected (self->selection, 0);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

/* GObject */

static void
cs_module_table_dispose (GObject *object)
{
  CsModuleTable *self = CS_MODULE_TABLE (object);
  GtkSorter *view_sorter = self->column_view ? gtk_column_view_get_sorter (self->column_view) : NULL;

  if (view_sorter != NULL)
    g_signal_handlers_disconnect_by_data (view_sorter, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_MODULE_TABLE);
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_object (&self->selection);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->filter);
  g_clear_object (&self->store);
  if (self->sorter != NULL)
    g_signal_handlers_disconnect_by_data (self->sorter, self);
  g_clear_object (&self->sorter);
  g_clear_object (&self->model);
  g_clear_object (&self->analysis);
  g_clear_object (&self->comparison);
  g_clear_object (&self->column_actions);
  g_clear_pointer (&self->visible_columns, g_strfreev);
  G_OBJECT_CLASS (cs_module_table_parent_class)->dispose (object);
}

static void
cs_module_table_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CsModuleTable *self = CS_MODULE_TABLE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_VISIBLE_COLUMNS:
      g_value_take_boxed (value, cs_module_table_get_visible_columns (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_module_table_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CsModuleTable *self = CS_MODULE_TABLE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      cs_module_table_set_analysis (self, g_value_get_object (value));
      break;
    case PROP_VISIBLE_COLUMNS:
      cs_module_table_set_visible_columns (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_module_table_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_module_table_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_module_table_class_init (CsModuleTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_module_table_dispose;
  object_class->get_property = cs_module_table_get_property;
  object_class->set_property = cs_module_table_set_property;
  widget_class->root = cs_module_table_root;

  /**
   * CsModuleTable:analysis:
   *
   * The recording whose scopes (regions, then sampled modules) are the rows.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CsModuleTable:visible-columns:
   *
   * Metric names shown as columns; empty for the model's defaults. The
   * window binds it to the GSettings key module-columns.
   */
  properties[PROP_VISIBLE_COLUMNS] =
    g_param_spec_boxed ("visible-columns", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MODULE_SELECTED] =
    g_signal_new ("module-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CS_TYPE_MODULE_ROW);
  signals[MODULE_ACTIVATED] =
    g_signal_new ("module-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CS_TYPE_MODULE_ROW);

  cs_widgets_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/widgets/cs-module-table.ui");
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, toolbar);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, columns_button);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, scroller);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, content_stack);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, no_match_label);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, column_view);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, module_column);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, samples_column);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, kind_box);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, modules_toggle);
  gtk_widget_class_bind_template_child (widget_class, CsModuleTable, regions_toggle);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_stopped);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, _cs_module_table_on_kind_toggled);

  gtk_widget_class_set_css_name (widget_class, "cs-module-table");
}

static void
cs_module_table_init (CsModuleTable *self)
{
  GtkExpression *name;

  g_type_ensure (CS_TYPE_MODULE_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->store = cs_row_store_new (CS_TYPE_MODULE_ROW);
  name = gtk_property_expression_new (CS_TYPE_MODULE_ROW, NULL, "name");
  self->filter = gtk_string_filter_new (name);
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  self->filter_model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->store)),
                                                  g_object_ref (GTK_FILTER (self->filter)));
  /* The store is sorted in place (see apply_sort), so there is no
   * GtkSortListModel in the chain. */
  self->sorter = cs_module_sorter_new (CS_MODULE_SORT_NONE, FALSE);
  g_signal_connect_swapped (self->sorter, "changed", G_CALLBACK (apply_sort), self);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filter_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (on_selected_changed), self);
  g_signal_connect_swapped (self->filter_model, "items-changed", G_CALLBACK (update_no_match), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  _cs_module_table_init_columns (self);
  cs_row_menu_attach (self->column_view, "module", module_value, NULL);
  g_signal_connect (gtk_column_view_get_sorter (self->column_view), "changed",
                    G_CALLBACK (_cs_module_table_on_view_sorter_changed), self);
  _cs_module_table_rebuild_columns (self);
}

GtkWidget *
cs_module_table_new (void)
{
  return g_object_new (CS_TYPE_MODULE_TABLE, NULL);
}
