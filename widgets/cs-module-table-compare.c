/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table-compare.c — the module table compared with a base
 *
 * Comparison is a mode of the table, not another table: the rows are the
 * new recording's, the comparison (cs-comparison.h) gives each its share in
 * the base, matched by name as every comparison matches (a module by its
 * basename, so a rebuilt library still meets its old self), and rows found
 * in the base only are added so that what went away is seen too. The Δ
 * column is what to sort by, by the size of the change: a module that
 * shrank by 10 points matters as much as one that grew by 10.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-delta-cells.h"
#include "cs-module-table-private.h"
#include "cs-widgets-util.h"

static void
fill_base (gpointer       item,
           CsCellContent *c,
           gpointer       data)
{
  CsRowDelta delta;

  cs_delta_cells_fill_share (cs_module_row_get_comparison (item, &delta) ? &delta : NULL, TRUE, c);
}

static void
fill_new (gpointer       item,
          CsCellContent *c,
          gpointer       data)
{
  CsRowDelta delta;

  cs_delta_cells_fill_share (cs_module_row_get_comparison (item, &delta) ? &delta : NULL, FALSE, c);
}

static void
fill_delta (gpointer       item,
            CsCellContent *c,
            gpointer       data)
{
  CsRowDelta delta;

  cs_delta_cells_fill_delta (cs_module_row_get_comparison (item, &delta) ? &delta : NULL, c);
}

static GtkColumnViewColumn *
compare_column (CsModuleTable *self,
                const char    *title,
                CsCellFunc     fill,
                int            key,
                const char    *id)
{
  g_autoptr(GtkColumnViewColumn) column = cs_column_new (title, CS_CELL_NUMBER, fill, self, NULL);

  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 7, 10);
  gtk_column_view_column_set_visible (column, FALSE);
  gtk_column_view_append_column (self->column_view, column);
  g_ptr_array_add (self->columns, _cs_module_table_column_new (key, id, column));
  return column;
}

void
_cs_module_table_init_compare_columns (CsModuleTable *self)
{
  /* TRANSLATORS: module table column in a comparison: the base recording's share */
  compare_column (self, C_("compare column", "Base"), fill_base, CS_MODULE_SORT_BASE, CS_MODULE_COLUMN_BASE);
  /* TRANSLATORS: module table column in a comparison: the new recording's share */
  compare_column (self, C_("compare column", "New"), fill_new, CS_MODULE_SORT_NEW, CS_MODULE_COLUMN_NEW);
  /* TRANSLATORS: module table column in a comparison: the change in points */
  cs_column_set_text_layout (compare_column (self, "Δ", fill_delta, CS_MODULE_SORT_DELTA, CS_MODULE_COLUMN_DELTA),
                             GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 8, 20);
}

void
_cs_module_table_compare_rows (CsModuleTable *self,
                               GPtrArray     *rows,
                               CsScopeKind    kind)
{
  g_autoptr(GArray) deltas = NULL;
  g_autoptr(GHashTable) by_name = NULL;
  gboolean compared = self->comparison != NULL && (kind == CS_SCOPE_MODULE || kind == CS_SCOPE_REGION);

  for (guint i = 0; i < self->columns->len; i++)
    {
      CsModuleColumn *column = g_ptr_array_index (self->columns, i);

      if (column->key == CS_MODULE_SORT_SAMPLES)
        gtk_column_view_column_set_visible (column->column, !compared);
      else if (column->key <= CS_MODULE_SORT_BASE)
        gtk_column_view_column_set_visible (column->column, compared);
    }
  if (!compared)
    return;

  deltas = cs_comparison_dup_rows (self->comparison, kind == CS_SCOPE_REGION ? CS_COMPARE_REGIONS : CS_COMPARE_MODULES);
  by_name = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < deltas->len; i++)
    {
      CsRowDelta *delta = &g_array_index (deltas, CsRowDelta, i);

      g_hash_table_insert (by_name, delta->name, delta);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      CsModuleRow *row = g_ptr_array_index (rows, i);
      g_autofree char *name = g_path_get_basename (cs_module_row_get_name (row));
      const CsRowDelta *delta = g_hash_table_lookup (by_name, name);

      cs_module_row_set_comparison (row, delta);
      if (delta != NULL)
        g_hash_table_remove (by_name, name);
    }
  /* What is left went away, or is not in the rows shown (a filter). */
  for (guint i = 0; i < deltas->len; i++)
    {
      const CsRowDelta *delta = &g_array_index (deltas, CsRowDelta, i);
      CsModuleRow *row;

      if (delta->change != CS_CHANGE_BASE_ONLY || !g_hash_table_contains (by_name, delta->name))
        continue;
      row = cs_module_row_new (kind, delta->name, NULL, -1, 0, 0, NULL, NULL, 0);
      cs_module_row_set_comparison (row, delta);
      g_ptr_array_add (rows, row);
    }
}

void
cs_module_table_set_comparison (CsModuleTable *self,
                                CsComparison  *comparison)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));
  g_return_if_fail (comparison == NULL || CS_IS_COMPARISON (comparison));

  if (!g_set_object (&self->comparison, comparison))
    return;
  _cs_module_table_fill (self);
  /* the change is what a comparison is read for */
  cs_module_table_sort_by (self, comparison != NULL ? CS_MODULE_COLUMN_DELTA : NULL, GTK_SORT_DESCENDING);
}
