/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table-columns.c — the module table's columns, chooser and sort */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-module-table-private.h"

CsModuleColumn *
_cs_module_table_find_column (CsModuleTable *self,
             const char    *id)
{
  for (guint i = 0; id != NULL && i < self->columns->len; i++)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, i);

      if (g_strcmp0 (column->id, id) == 0)
        return column;
    }
  return NULL;
}

void
_cs_module_table_release_column (gpointer data)
{
  CsModuleColumn *column = data;

  /* The factory's handlers hold the column: drop the factory to break the
   * cycle column → GtkColumnViewColumn → factory → column. */
  if (column->column != NULL)
    {
      gtk_column_view_column_set_sorter (column->column, NULL);
      gtk_column_view_column_set_factory (column->column, NULL);
    }
  cs_module_column_unref (column);
}

/* Sorting */

static void
set_sorted_column (CsModuleTable  *self,
                   CsModuleColumn *column)
{
  if (self->sorted == column)
    return;
  if (self->sorted != NULL)
    cs_module_column_set_sorted (self->sorted, FALSE);
  self->sorted = column;
  if (column != NULL)
    cs_module_column_set_sorted (column, TRUE);
}

static void
make_probes (CsModuleTable *self)
{
  guint n = self->model != NULL ? cs_model_get_n_metrics (self->model) : 0;
  g_autofree double *zeros = g_new0 (double, MAX (1, n));
  g_autofree double *ones = g_new (double, MAX (1, n));

  for (guint i = 0; i < n; i++)
    ones[i] = 1;
  g_clear_object (&self->probe_a);
  g_clear_object (&self->probe_b);
  self->probe_a = cs_module_row_new (CS_SCOPE_MODULE, "a", NULL, 0, 0, 0, zeros, NULL, n);
  self->probe_b = cs_module_row_new (CS_SCOPE_MODULE, "b", NULL, 1, 1, 1, ones, NULL, n);
}

/* GTK 4.8 does not say which column GtkColumnView sorts by, or in which
 * direction. Its sorter asks the column sorters in its order and stops at
 * the first that is not equal; on two probe rows that differ in every
 * column, the first one asked is the primary column, and the sign of the
 * result is the direction. */
void
_cs_module_table_on_view_sorter_changed (GtkSorter       *view_sorter,
                        GtkSorterChange  change,
                        CsModuleTable   *self)
{
  gpointer first = NULL;
  GtkOrdering order;
  CsModuleColumn *column;

  if (self->probe_a == NULL)
    make_probes (self);
  for (guint i = 0; i < self->columns->len; i++)
    cs_module_sorter_set_probe_slot (((CsModuleColumn *) g_ptr_array_index (self->columns, i))->sorter, &first);
  order = gtk_sorter_compare (view_sorter, self->probe_a, self->probe_b);
  for (guint i = 0; i < self->columns->len; i++)
    cs_module_sorter_set_probe_slot (((CsModuleColumn *) g_ptr_array_index (self->columns, i))->sorter, NULL);

  column = NULL;
  for (guint i = 0; first != NULL && i < self->columns->len; i++)
    if (((CsModuleColumn *) g_ptr_array_index (self->columns, i))->sorter == first)
      column = g_ptr_array_index (self->columns, i);

  if (order == GTK_ORDERING_EQUAL || column == NULL)
    {
      cs_module_sorter_set (self->sorter, CS_MODULE_SORT_NONE, FALSE);
      set_sorted_column (self, NULL);
      return;
    }
  cs_module_sorter_set (self->sorter, column->key, order == GTK_ORDERING_LARGER);
  set_sorted_column (self, column);
}

void
cs_module_table_sort_by (CsModuleTable *self,
                         const char    *column_id,
                         GtkSortType    direction)
{
  CsModuleColumn *column;

  g_return_if_fail (CS_IS_MODULE_TABLE (self));

  column = _cs_module_table_find_column (self, column_id);
  g_return_if_fail (column_id == NULL || column != NULL);
  gtk_column_view_sort_by_column (self->column_view, column ? column->column : NULL, direction);
}

const char *
cs_module_table_get_sort_column (CsModuleTable *self,
                                 GtkSortType   *direction)
{
  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);

  if (direction != NULL)
    *direction = cs_module_sorter_get_descending (self->sorter) ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;
  return self->sorted != NULL ? self->sorted->id : NULL;
}

/* Visible columns */

static gboolean
list_has (const char * const *list,
          const char         *name)
{
  return list != NULL && name != NULL && g_strv_contains (list, name);
}

static void
apply_visible_columns (CsModuleTable *self)
{
  const char * const *wanted = (const char * const *) self->visible_columns;
  gboolean any = FALSE;

  /* Names of another model's metrics mean nothing here: use the defaults. */
  for (guint i = N_FIXED_COLUMNS; i < self->columns->len; i++)
    any |= list_has (wanted, ((CsModuleColumn *) g_ptr_array_index (self->columns, i))->id);
  if (!any && self->model != NULL)
    wanted = cs_model_get_table_columns (self->model);

  for (guint i = N_FIXED_COLUMNS; i < self->columns->len; i++)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, i);
      gboolean visible = list_has (wanted, column->id);
      g_autofree char *action = g_strdup_printf ("metric-%d", column->key);
      GAction *a = g_action_map_lookup_action (G_ACTION_MAP (self->column_actions), action);

      gtk_column_view_column_set_visible (column->column, visible);
      if (a != NULL)
        g_simple_action_set_state (G_SIMPLE_ACTION (a), g_variant_new_boolean (visible));
    }
}

void
cs_module_table_set_visible_columns (CsModuleTable      *self,
                                     const char * const *columns)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));

  if (self->visible_columns != NULL && columns != NULL &&
      g_strv_equal ((const char * const *) self->visible_columns, columns))
    return;
  g_strfreev (self->visible_columns);
  self->visible_columns = g_strdupv ((char **) columns);
  apply_visible_columns (self);
  g_object_notify (G_OBJECT (self), "visible-columns");
}

char **
cs_module_table_get_visible_columns (CsModuleTable *self)
{
  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);

  if (self->visible_columns == NULL)
    return g_new0 (char *, 1);
  return g_strdupv (self->visible_columns);
}

static void
on_column_toggled (GSimpleAction *action,
                   GVariant      *state,
                   CsModuleTable *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) visible = NULL;

  g_simple_action_set_state (action, state);
  /* Store every visible column explicitly: the defaults are only the
   * starting point. */
  for (guint i = N_FIXED_COLUMNS; i < self->columns->len; i++)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, i);
      g_autofree char *name = g_strdup_printf ("metric-%d", column->key);
      GAction *a = g_action_map_lookup_action (G_ACTION_MAP (self->column_actions), name);
      g_autoptr(GVariant) s = g_action_get_state (a);

      if (g_variant_get_boolean (s))
        g_strv_builder_add (builder, column->id);
    }
  visible = g_strv_builder_end (builder);
  cs_module_table_set_visible_columns (self, (const char * const *) visible);
}

static void
on_columns_reset (GSimpleAction *action,
                  GVariant      *parameter,
                  CsModuleTable *self)
{
  const char *none[] = { NULL };

  cs_module_table_set_visible_columns (self, none);
}

/* Columns */

void
_cs_module_table_rebuild_columns (CsModuleTable *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) metrics = g_menu_new ();
  g_autoptr(GMenu) reset = g_menu_new ();
  g_autoptr(GSimpleAction) reset_action = NULL;
  guint n = self->model != NULL ? cs_model_get_n_metrics (self->model) : 0;

  set_sorted_column (self, NULL);
  gtk_column_view_sort_by_column (self->column_view, NULL, GTK_SORT_ASCENDING);
  while (self->columns->len > N_FIXED_COLUMNS)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, self->columns->len - 1);

      gtk_column_view_remove_column (self->column_view, column->column);
      g_ptr_array_remove_index (self->columns, self->columns->len - 1);
    }

  g_clear_object (&self->column_actions);
  self->column_actions = g_simple_action_group_new ();
  for (guint i = 0; i < n; i++)
    {
      const CsModelMetric *metric = cs_model_get_metric (self->model, i);
      const char *title = metric->title != NULL ? metric->title : metric->name;
      CsModuleColumn *column = cs_module_column_new ((int) i, metric->name, title, metric->unit, NULL);
      g_autofree char *action_name = g_strdup_printf ("metric-%u", i);
      g_autofree char *detailed = g_strdup_printf ("columns.%s", action_name);
      g_autoptr(GSimpleAction) action =
        g_simple_action_new_stateful (action_name, NULL, g_variant_new_boolean (FALSE));

      gtk_column_view_column_set_visible (column->column, FALSE);
      gtk_column_view_append_column (self->column_view, column->column);
      g_ptr_array_add (self->columns, column);

      g_signal_connect (action, "change-state", G_CALLBACK (on_column_toggled), self);
      g_action_map_add_action (G_ACTION_MAP (self->column_actions), G_ACTION (action));
      g_menu_append (metrics, title, detailed);
    }
  reset_action = g_simple_action_new ("reset", NULL);
  g_signal_connect (reset_action, "activate", G_CALLBACK (on_columns_reset), self);
  g_action_map_add_action (G_ACTION_MAP (self->column_actions), G_ACTION (reset_action));
  g_menu_append (reset, _("_Default Columns"), "columns.reset");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (metrics));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (reset));

  gtk_widget_insert_action_group (GTK_WIDGET (self), "columns", G_ACTION_GROUP (self->column_actions));
  gtk_menu_button_set_menu_model (self->columns_button, G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (GTK_WIDGET (self->columns_button), n > 0);
  make_probes (self);
  apply_visible_columns (self);
}

