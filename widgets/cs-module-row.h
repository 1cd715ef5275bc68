/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-row.h — one row of the module table: a region or a sampled module
 *
 * A row copies the numbers it shows out of its scope's evaluation (every
 * metric of the model, with its provenance) so that sorting a large table
 * reads plain doubles. The "name" property is what the table's text filter
 * matches.
 */
#pragma once

#include <glib-object.h>

#include "cs-analysis.h"
#include "cs-comparison.h"

G_BEGIN_DECLS

#define CS_TYPE_MODULE_ROW (cs_module_row_get_type ())
G_DECLARE_FINAL_TYPE (CsModuleRow, cs_module_row, CS, MODULE_ROW, GObject)

/* @values and @provenances hold @n_values entries, one per model metric in
 * model order (either may be NULL: NaN / none). */
CsModuleRow    *cs_module_row_new                (CsScopeKind          kind,
                                                  const char          *name,
                                                  const char          *path,
                                                  int                  module_id,
                                                  guint64              n_samples,
                                                  double               sample_share,
                                                  const double        *values,
                                                  const CsProvenance  *provenances,
                                                  guint                n_values);
/* Values from @scope's evaluation; the evaluation is kept (for the symbol
 * pane and tooltips). */
CsModuleRow    *cs_module_row_new_from_scope     (const CsScope       *scope);

CsScopeKind     cs_module_row_get_kind           (CsModuleRow         *self);
const char     *cs_module_row_get_name           (CsModuleRow         *self);
/* The module's path, NULL for regions. */
const char     *cs_module_row_get_path           (CsModuleRow         *self);
/* The profile's module id, -1 for regions. */
int             cs_module_row_get_module_id      (CsModuleRow         *self);
guint64         cs_module_row_get_n_samples      (CsModuleRow         *self);
double          cs_module_row_get_sample_share   (CsModuleRow         *self);
/* NaN when @metric_index is out of range or the metric is not computable. */
double          cs_module_row_get_value          (CsModuleRow         *self,
                                                  guint                metric_index);
CsProvenance    cs_module_row_get_provenance     (CsModuleRow         *self,
                                                  guint                metric_index);

/* The row compared with a base: its shares on both sides and the change
 * (NULL: not compared). For the Base, New and Δ columns and their sort. */
void            cs_module_row_set_comparison     (CsModuleRow         *self,
                                                  const CsRowDelta    *delta);
/* The comparison set, or NULL; fields other than the shares, the change,
 * its standard deviation and the verdict are not kept. */
gboolean        cs_module_row_get_comparison     (CsModuleRow         *self,
                                                  CsRowDelta          *delta);

G_END_DECLS
