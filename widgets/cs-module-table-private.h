/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table-private.h — CsModuleTable's fields, shared by its two files
 *
 * cs-module-table.c holds the rows, selection and filter;
 * cs-module-table-columns.c the columns: one per model metric, the chooser,
 * and which column the rows are sorted by; cs-module-table-kind.c the
 * switch between regions and shared objects.
 */
#pragma once

#include "cs-column.h"
#include "cs-module-sorter.h"
#include "cs-module-table.h"
#include "cs-row-store.h"

G_BEGIN_DECLS

/* The Module and Samples columns, then the comparison's Base, New and Δ
 * (cs-module-table-compare.c), come before the metrics in @columns. */
#define N_FIXED_COLUMNS 5

/* A column of the table and what it sorts by. */
typedef struct
{
  int                  key;      /* CS_MODULE_SORT_NAME, _SAMPLES or a metric index */
  char                *id;       /* "module", "samples" or the metric name */
  GtkColumnViewColumn *column;
} CsModuleColumn;

struct _CsModuleTable
{
  GtkWidget            parent_instance;

  /* template */
  GtkWidget           *toolbar;
  GtkSearchEntry      *filter_entry;
  GtkMenuButton       *columns_button;
  GtkScrolledWindow   *scroller;
  GtkStack            *content_stack;
  GtkLabel            *no_match_label;
  GtkColumnView       *column_view;
  GtkColumnViewColumn *module_column;
  GtkColumnViewColumn *samples_column;
  GtkWidget           *kind_box;
  GtkToggleButton     *modules_toggle;
  GtkToggleButton     *regions_toggle;

  CsRowStore          *store;
  GtkStringFilter     *filter;
  GtkFilterListModel  *filter_model;
  GtkSingleSelection  *selection;
  CsModuleSorter      *sorter;

  CsAnalysis          *analysis;
  CsModel             *model;
  GPtrArray           *columns;        /* CsModuleColumn*: module, samples, then metrics */
  char               **visible_columns;
  GSimpleActionGroup  *column_actions;
  CsModuleRow         *last_selected;
  gboolean             resorting;

  /* cs-module-table-kind.c: regions or shared objects */
  gboolean             show_regions;
  gboolean             filling;

  /* cs-module-table-compare.c */
  CsComparison        *comparison;
};

/* A column sorting by @key (numbers biggest first) with id @id. */
CsModuleColumn *_cs_module_table_column_new             (int                  key,
                                                        const char          *id,
                                                        GtkColumnViewColumn *column);
/* cs-module-table-compare.c: the Base, New and Δ columns (after the
 * Samples column), and the rows' comparison: @rows (of @kind) get their
 * deltas, rows of the base only are appended. */
void            _cs_module_table_init_compare_columns   (CsModuleTable   *self);
void            _cs_module_table_compare_rows           (CsModuleTable   *self,
                                                        GPtrArray       *rows,
                                                        CsScopeKind      kind);
CsModuleColumn *_cs_module_table_find_column            (CsModuleTable   *self,
                                                        const char      *id);
/* The Module and Samples columns of the template, equipped. */
void            _cs_module_table_init_columns           (CsModuleTable   *self);
/* Shows the chosen columns, or the defaults that have values. */
void            _cs_module_table_apply_visible_columns  (CsModuleTable   *self);
/* Replaces the metric columns with the model's, rebuilds the chooser. */
void            _cs_module_table_rebuild_columns        (CsModuleTable   *self);
void            _cs_module_table_on_view_sorter_changed (GtkSorter       *view_sorter,
                                                        GtkSorterChange  change,
                                                        CsModuleTable   *self);

/* cs-module-table-kind.c: the rows of the analysis' regions or of its
 * shared objects, and the switch between them. */
gboolean        _cs_module_table_prefers_regions        (CsAnalysis      *analysis);
void            _cs_module_table_fill                   (CsModuleTable   *self);
void            _cs_module_table_on_kind_toggled        (CsModuleTable   *self,
                                                        GtkToggleButton *button);

G_END_DECLS
