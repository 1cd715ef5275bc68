/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-column.h — one column of the module table (private)
 *
 * A column knows its sort key, makes its cells (name, heat bar or metric
 * value with provenance marker) and remembers the cells it has bound, so the
 * sorted column can be highlighted without rebinding the list.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-module-sorter.h"

G_BEGIN_DECLS

typedef struct
{
  int                  key;      /* CS_MODULE_SORT_NAME, _SAMPLES or a metric index */
  char                *id;       /* "module", "samples" or the metric name */
  char                *title;
  char                *unit;
  GtkColumnViewColumn *column;
  CsModuleSorter      *sorter;   /* the header's sorter (ascending, for GtkColumnView) */
  GHashTable          *cells;    /* bound cell widgets */
  gboolean             sorted;
} CsModuleColumn;

/* @column: a column from the template to equip, or NULL to create one. */
CsModuleColumn *cs_module_column_new        (int                  key,
                                             const char          *id,
                                             const char          *title,
                                             const char          *unit,
                                             GtkColumnViewColumn *column);
CsModuleColumn *cs_module_column_ref        (CsModuleColumn      *self);
void            cs_module_column_unref      (CsModuleColumn      *self);
void            cs_module_column_set_sorted (CsModuleColumn      *self,
                                             gboolean             sorted);
/* The text a metric cell shows: "1,234,567 cycles ≈", "—". */
char           *cs_module_column_format     (double               value,
                                             const char          *unit,
                                             int                  provenance);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsModuleColumn, cs_module_column_unref)

G_END_DECLS
