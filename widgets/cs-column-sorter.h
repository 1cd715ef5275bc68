/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-column-sorter.h — column sorters that say which column sorts, numbers big first
 *
 * A column's sorter (in a template: <object class="CsColumnSorter"> with an
 * "expression" such as <lookup name="samples" type="CsMemoryLineItem"/>)
 * orders the rows by the expression's value: numbers numerically, strings
 * in collation order. Without an expression it orders nothing and only
 * marks the column, for a table that sorts its rows itself (the module
 * table). A "numeric" column is sorted descending on its first click: the
 * user asks for the biggest numbers.
 *
 * GTK 4.8 does not say which column a GtkColumnView is sorted by;
 * cs_column_view_get_sort_column() asks its sorter, which consults the
 * columns' CsColumnSorters in order, the primary one first.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CS_TYPE_COLUMN_SORTER (cs_column_sorter_get_type ())
G_DECLARE_FINAL_TYPE (CsColumnSorter, cs_column_sorter, CS, COLUMN_SORTER, GtkSorter)

/* @expression (taken, may be NULL): the value rows are ordered by. */
CsColumnSorter      *cs_column_sorter_new            (GtkExpression        *expression,
                                                      gboolean              numeric);
gboolean             cs_column_sorter_get_numeric    (CsColumnSorter       *self);

/* The column @view is sorted by and the direction, or NULL (the model's
 * own order). Only columns with a CsColumnSorter count. */
GtkColumnViewColumn *cs_column_view_get_sort_column  (GtkColumnView        *view,
                                                      GtkSortType          *direction);
/* From now on, @view marks its sorted column (cs-sorted cells, see
 * cs-column.h) and sorts a numeric column descending when it becomes the
 * sorted one. Call before connecting to the sorter's ::changed yourself. */
void                 cs_column_view_init_sorting     (GtkColumnView        *view);
/* gtk_column_view_sort_by_column() as code asks for it: @direction is kept
 * even for a numeric column shown ascending. NULL @column: unsorted. */
void                 cs_column_view_sort_by          (GtkColumnView        *view,
                                                      GtkColumnViewColumn  *column,
                                                      GtkSortType           direction);

G_END_DECLS
