/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-row-private.h — CsModuleRow's fields, for the sorter
 *
 * The sorter reads them directly: it builds keys for 100 000 rows in one
 * pass, and compares rows without type checks.
 */
#pragma once

#include "cs-module-row.h"

G_BEGIN_DECLS

struct _CsModuleRow
{
  GObject        parent_instance;
  /* Position in name order among the rows being sorted (ties and the Module
   * column compare ranks, not strings). */
  guint          name_rank;
  CsScopeKind    kind;
  char          *name;
  char          *path;
  char          *sort_key;
  int            module_id;
  guint64        n_samples;
  double         sample_share;
  double        *values;
  CsProvenance  *provenances;
  guint          n_values;
  CsEvaluation  *evaluation;
  /* compared with a base (cs_module_row_set_comparison()) */
  gboolean       compared;
  double         base_share, new_share, delta_points;  /* percent, points */
  double         delta_points_sigma;                   /* for the verdict's noise */
  CsChange       change;
};

G_END_DECLS
