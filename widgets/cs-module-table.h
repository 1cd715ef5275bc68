/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table.h — the sortable, filterable table of regions and modules
 *
 * A GtkColumnView over CsRowStore (an array-backed list store, sorted in
 * place with CsModuleSorter's order) → GtkFilterListModel (GtkStringFilter
 * on the name) → GtkSingleSelection of
 * CsModuleRow: a Module column, a Samples % column with a heat bar, and one
 * column per model metric (right-aligned, thousands separators, unit, "—"
 * for NaN, a provenance marker explained by the tooltip). Clicking a header
 * sorts numerically, NaN last in both directions, and highlights the column.
 * The column chooser shows every metric; :visible-columns (bound by the
 * window to the GSettings key module-columns) is empty for the model's
 * default columns.
 *
 * ::module-selected follows the selection; ::module-activated is Enter or a
 * double click.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-module-row.h"

G_BEGIN_DECLS

#define CS_TYPE_MODULE_TABLE (cs_module_table_get_type ())
G_DECLARE_FINAL_TYPE (CsModuleTable, cs_module_table, CS, MODULE_TABLE, GtkWidget)

/* Column ids for cs_module_table_sort_by() and _get_column(), besides the
 * metric names. */
#define CS_MODULE_COLUMN_NAME    "module"
#define CS_MODULE_COLUMN_SAMPLES "samples"
/* Compared with a base (cs_module_table_set_comparison()). */
#define CS_MODULE_COLUMN_BASE    "base"
#define CS_MODULE_COLUMN_NEW     "new"
#define CS_MODULE_COLUMN_DELTA   "delta"

GtkWidget           *cs_module_table_new                 (void);
/* One row per region or per sampled module (shared object) of the
 * analysis, with a switch between the two when it has both; a recording
 * whose regions were sampled (record --regions) shows its regions first.
 * NULL clears. */
void                 cs_module_table_set_analysis        (CsModuleTable      *self,
                                                          CsAnalysis         *analysis);
/* Compared with a base (cs-module-table-compare.c): Base, New and Δ
 * columns (shares of the samples in percent, the change in points; sorted
 * by Δ, largest change first) instead of Samples, matched by name through
 * @comparison, whose new side should be the analysis shown; rows found in
 * the base only are added, marked. NULL: not compared. */
void                 cs_module_table_set_comparison      (CsModuleTable      *self,
                                                          CsComparison       *comparison);
/* Which of the two the rows are (cs-module-table-kind.c). */
void                 cs_module_table_set_show_regions    (CsModuleTable      *self,
                                                          gboolean            show_regions);
gboolean             cs_module_table_get_show_regions    (CsModuleTable      *self);
/* Rows built by the caller (CsModuleRow*), with @model's metrics as columns. */
void                 cs_module_table_set_rows            (CsModuleTable      *self,
                                                          CsModel            *model,
                                                          GPtrArray          *rows);
/* The rows as shown: filtered and sorted (a GtkSingleSelection). */
GtkSingleSelection  *cs_module_table_get_selection       (CsModuleTable      *self);
CsModuleRow         *cs_module_table_get_selected        (CsModuleTable      *self);
/* Selects the row of @module_id (a profile module, or -1 with @name for a
 * region). FALSE when it is not shown. */
gboolean             cs_module_table_select              (CsModuleTable      *self,
                                                          int                 module_id,
                                                          const char         *name);

/* As a click on a header does; @column_id NULL returns to the analysis'
 * order. */
void                 cs_module_table_sort_by             (CsModuleTable      *self,
                                                          const char         *column_id,
                                                          GtkSortType         direction);
/* The column the rows are sorted by (NULL: none) and its direction. */
const char          *cs_module_table_get_sort_column     (CsModuleTable      *self,
                                                          GtkSortType        *direction);
GtkColumnViewColumn *cs_module_table_get_column          (CsModuleTable      *self,
                                                          const char         *column_id);
GtkColumnView       *cs_module_table_get_column_view     (CsModuleTable      *self);

void                 cs_module_table_set_filter_text     (CsModuleTable      *self,
                                                          const char         *text);
/* For Ctrl+F. */
void                 cs_module_table_focus_filter        (CsModuleTable      *self);

/* Metric names shown as columns; an empty list means the model's defaults. */
void                 cs_module_table_set_visible_columns (CsModuleTable      *self,
                                                          const char * const *columns);
char               **cs_module_table_get_visible_columns (CsModuleTable      *self);

G_END_DECLS
