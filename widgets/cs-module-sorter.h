/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-sorter.h — orders module rows by one column, NaN last
 *
 * GtkColumnView inverts its column sorters for a descending sort, which
 * would move "—" (NaN) cells to the top. The module table therefore orders
 * its rows itself, with this sorter's key and direction: NaN last both
 * ways, ties by name.
 *
 * cs_module_sorter_sort() sorts a compact array of keys rather than letting
 * GtkSortListModel compare row objects: 100 000 rows take a few
 * milliseconds instead of a hundred (GTK 4.8 calls the compare function on
 * the objects about 1.7 million times, each a cache miss or two).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sort keys besides metric indexes (0 … n_metrics-1). */
#define CS_MODULE_SORT_NONE    (-3)   /* keep the analysis' order */
#define CS_MODULE_SORT_NAME    (-2)
#define CS_MODULE_SORT_SAMPLES (-1)
/* Compared with a base (cs_module_row_set_comparison()): the base's and
 * the new share, and the change by its size, |Δ| (NaN without). */
#define CS_MODULE_SORT_BASE    (-4)
#define CS_MODULE_SORT_NEW     (-5)
#define CS_MODULE_SORT_DELTA   (-6)

#define CS_TYPE_MODULE_SORTER (cs_module_sorter_get_type ())
G_DECLARE_FINAL_TYPE (CsModuleSorter, cs_module_sorter, CS, MODULE_SORTER, GtkSorter)

CsModuleSorter *cs_module_sorter_new            (int              key,
                                                 gboolean         descending);
/* Emits ::changed when something changed. */
void            cs_module_sorter_set            (CsModuleSorter  *self,
                                                 int              key,
                                                 gboolean         descending);
int             cs_module_sorter_get_key        (CsModuleSorter  *self);
/* Numbers @rows (CsModuleRow*) in name order; once per set of rows. */
void            cs_module_sorter_rank_names     (GPtrArray       *rows);
/* Fills @order (@rows->len entries) with the indexes of @rows in the order
 * @self puts them; the rows must have been ranked. */
void            cs_module_sorter_sort           (CsModuleSorter  *self,
                                                 GPtrArray       *rows,
                                                 guint           *order);

G_END_DECLS
