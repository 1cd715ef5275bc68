/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table-columns.c — the module table's columns, chooser and sort */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-chart-format.h"
#include "cs-column-sorter.h"
#include "cs-module-table-private.h"
#include "cs-widgets-util.h"

/* What a metric cell needs to say its value (owned by the column). */
typedef struct
{
  guint  index;
  char  *title;
  char  *unit;
} MetricCell;

static void
metric_cell_free (gpointer data)
{
  MetricCell *cell = data;

  g_free (cell->title);
  g_free (cell->unit);
  g_free (cell);
}

/* Cells */

static void
fill_name (gpointer       item,
           CsCellContent *c,
           gpointer       data)
{
  CsModuleRow *row = item;
  const char *path = cs_module_row_get_path (row);

  c->text = g_strdup (cs_module_row_get_name (row));
  if (cs_module_row_get_kind (row) == CS_SCOPE_REGION)
    c->tooltip = g_strdup (_("Region: counted while the program ran inside it"));
  else
    c->tooltip = g_strdup (path != NULL ? path : cs_module_row_get_name (row));
}

/* @data: the table, for the event the samples are of. */
static void
fill_samples (gpointer       item,
              CsCellContent *c,
              gpointer       data)
{
  CsModuleTable *self = data;
  const CsProfileEvent *event = self->analysis != NULL ? cs_analysis_get_default_event (self->analysis) : NULL;
  CsModuleRow *row = item;
  g_autofree char *count = NULL;

  if (cs_module_row_get_kind (row) == CS_SCOPE_REGION && cs_module_row_get_n_samples (row) == 0)
    {
      /* Regions are counted; sampled only when recorded with --regions. */
      c->text = g_strdup (CS_CHART_NO_VALUE);
      c->tooltip = g_strdup (_("Regions are counted, not sampled"));
      return;
    }
  c->fraction = cs_module_row_get_sample_share (row);
  c->text = cs_widgets_format_percent (c->fraction);
  count = cs_chart_format_grouped ((double) cs_module_row_get_n_samples (row), 0);
  /* What sets this column apart from a metric such as “% of sampled CPU
   * time”: it counts samples, the metric weighs them by their period. */
  c->tooltip = g_strdup_printf (ngettext ("%s sample of %s: %s of the recording’s samples of that event "
                                          "(counted, not weighted by period)",
                                          "%s samples of %s: %s of the recording’s samples of that event "
                                          "(counted, not weighted by period)",
                                          cs_module_row_get_n_samples (row)),
                                count, event != NULL ? event->name : "?", c->text);
}

static void
fill_metric (gpointer       item,
             CsCellContent *c,
             gpointer       data)
{
  MetricCell *cell = data;
  CsModuleRow *row = item;
  double value = cs_module_row_get_value (row, cell->index);
  CsProvenance provenance = cs_module_row_get_provenance (row, cell->index);
  const char *marker = cs_provenance_get_marker (provenance);
  g_autofree char *full = cs_chart_format_value (value, cell->unit);

  /* The marker is quieter than the number: it qualifies it. */
  if (isfinite (value) && marker[0] != '\0')
    {
      c->text = g_strconcat (full, " ", marker, NULL);
      c->dim_from = strlen (full) + 1;
    }
  else
    c->text = g_strdup (full);
  if (isfinite (value))
    c->tooltip = g_strdup_printf ("%s: %s\n%s", cell->title, full, cs_provenance_get_sentence (provenance));
  else
    c->tooltip = g_strdup_printf (_("%s: no value (an event it needs was not measured, or a division by zero)"),
                                  cell->title);
}

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

static void
module_column_free (gpointer data)
{
  CsModuleColumn *column = data;

  g_free (column->id);
  g_clear_object (&column->column);
  g_free (column);
}

CsModuleColumn *
_cs_module_table_column_new (int                  key,
                   const char          *id,
                   GtkColumnViewColumn *column)
{
  CsModuleColumn *self = g_new0 (CsModuleColumn, 1);
  /* The table orders its rows itself (cs-module-sorter.h); the column's
   * sorter tells which column the user chose. Names sort A to Z first,
   * numbers biggest first. */
  g_autoptr(CsColumnSorter) sorter = cs_column_sorter_new (NULL, key != CS_MODULE_SORT_NAME);

  self->key = key;
  self->id = g_strdup (id);
  self->column = g_object_ref (column);
  gtk_column_view_column_set_sorter (column, GTK_SORTER (sorter));
  return self;
}

void
_cs_module_table_init_columns (CsModuleTable *self)
{
  self->columns = g_ptr_array_new_with_free_func (module_column_free);
  cs_column_set_cells (self->module_column, CS_CELL_TEXT, fill_name, NULL, NULL);
  /* Room for a long module name; the column expands over the rest. */
  cs_column_set_text_layout (self->module_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 12, 24);
  g_ptr_array_add (self->columns, _cs_module_table_column_new (CS_MODULE_SORT_NAME, CS_MODULE_COLUMN_NAME,
                                                               self->module_column));
  cs_column_set_cells (self->samples_column, CS_CELL_HEAT, fill_samples, self, NULL);
  g_ptr_array_add (self->columns, _cs_module_table_column_new (CS_MODULE_SORT_SAMPLES, CS_MODULE_COLUMN_SAMPLES,
                                                               self->samples_column));
  _cs_module_table_init_compare_columns (self);
  cs_column_view_init_sorting (self->column_view);
}

/* Sorting */

/* The user clicked a header (or code sorted): order the store by it. */
void
_cs_module_table_on_view_sorter_changed (GtkSorter       *view_sorter,
                                         GtkSorterChange  change,
                                         CsModuleTable   *self)
{
  GtkSortType direction = GTK_SORT_ASCENDING;
  GtkColumnViewColumn *sorted = cs_column_view_get_sort_column (self->column_view, &direction);
  CsModuleColumn *column = NULL;

  for (guint i = 0; sorted != NULL && i < self->columns->len; i++)
    if (((CsModuleColumn *) g_ptr_array_index (self->columns, i))->column == sorted)
      column = g_ptr_array_index (self->columns, i);
  if (column == NULL)
    cs_module_sorter_set (self->sorter, CS_MODULE_SORT_NONE, FALSE);
  else
    cs_module_sorter_set (self->sorter, column->key, direction == GTK_SORT_DESCENDING);
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
  cs_column_view_sort_by (self->column_view, column != NULL ? column->column : NULL, direction);
}

const char *
cs_module_table_get_sort_column (CsModuleTable *self,
                                 GtkSortType   *direction)
{
  GtkColumnViewColumn *sorted;

  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), NULL);

  sorted = cs_column_view_get_sort_column (self->column_view, direction);
  for (guint i = 0; sorted != NULL && i < self->columns->len; i++)
    if (((CsModuleColumn *) g_ptr_array_index (self->columns, i))->column == sorted)
      return ((CsModuleColumn *) g_ptr_array_index (self->columns, i))->id;
  return NULL;
}

/* Visible columns */

static gboolean
list_has (const char * const *list,
          const char         *name)
{
  return list != NULL && name != NULL && g_strv_contains (list, name);
}

/* Whether any row has a value (not "—") in metric @index. */
static gboolean
has_values (CsModuleTable *self,
            guint          index)
{
  GPtrArray *rows = cs_row_store_get_rows (self->store);

  for (guint i = 0; i < rows->len; i++)
    if (isfinite (cs_module_row_get_value (g_ptr_array_index (rows, i), index)))
      return TRUE;
  return FALSE;
}

/* The model's default columns that have values in this recording; when
 * none has (a software-only recording under a hardware model), the first
 * metrics that do, as many as the model has defaults. A column of "—" in
 * every row tells the user nothing. */
static GStrv
default_columns (CsModuleTable *self)
{
  const char * const *defaults = self->model != NULL ? cs_model_get_table_columns (self->model) : NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  guint n_defaults = defaults != NULL ? g_strv_length ((char **) defaults) : 0;
  guint n = 0;

  if (cs_row_store_get_rows (self->store)->len == 0)
    return g_strdupv ((char **) defaults);
  for (guint i = N_FIXED_COLUMNS; i < self->columns->len; i++)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, i);

      if (list_has (defaults, column->id) && has_values (self, column->key))
        {
          g_strv_builder_add (builder, column->id);
          n++;
        }
    }
  for (guint i = N_FIXED_COLUMNS; n == 0 && i < self->columns->len; i++)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, i);

      if (has_values (self, column->key))
        g_strv_builder_add (builder, column->id);
      if (has_values (self, column->key) && ++n >= MAX (n_defaults, 1))
        break;
    }
  return g_strv_builder_end (builder);
}

void
_cs_module_table_apply_visible_columns (CsModuleTable *self)
{
  const char * const *wanted = (const char * const *) self->visible_columns;
  g_auto(GStrv) defaults = NULL;
  gboolean any = FALSE;

  /* Names of another model's metrics mean nothing here: use the defaults. */
  for (guint i = N_FIXED_COLUMNS; i < self->columns->len; i++)
    any |= list_has (wanted, ((CsModuleColumn *) g_ptr_array_index (self->columns, i))->id);
  if (!any)
    wanted = (const char * const *) (defaults = default_columns (self));

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
  _cs_module_table_apply_visible_columns (self);
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

  cs_column_view_sort_by (self->column_view, NULL, GTK_SORT_ASCENDING);
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
      MetricCell *cell = g_new0 (MetricCell, 1);
      g_autoptr(GtkColumnViewColumn) view_column = NULL;
      g_autofree char *action_name = g_strdup_printf ("metric-%u", i);
      g_autofree char *detailed = g_strdup_printf ("columns.%s", action_name);
      g_autoptr(GSimpleAction) action =
        g_simple_action_new_stateful (action_name, NULL, g_variant_new_boolean (FALSE));

      cell->index = i;
      cell->title = g_strdup (title);
      cell->unit = g_strdup (metric->unit);
      view_column = cs_column_new (title, CS_CELL_NUMBER, fill_metric, cell, metric_cell_free);
      /* Room for a ten-digit cycle count with separators and unit. */
      cs_column_set_text_layout (view_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 8, 18);
      gtk_column_view_column_set_visible (view_column, FALSE);
      gtk_column_view_append_column (self->column_view, view_column);
      g_ptr_array_add (self->columns, _cs_module_table_column_new ((int) i, metric->name, view_column));

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
  _cs_module_table_apply_visible_columns (self);
}
