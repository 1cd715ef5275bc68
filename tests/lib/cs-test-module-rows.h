/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-module-rows.h — hand-made module rows for the module table tests
 * (header only) */
#pragma once

#include <math.h>
#include <string.h>

#include "cs-module-table.h"
#include "cs-test-model.h"
#include "cs-test-widgets.h"

#define N_ROWS 9

static const char * const names[N_ROWS] = {
  "cs-demo", "libcsdemo.so", "libc.so.6", "[kernel.kallsyms]", "ld-linux-x86-64.so.2",
  "libm.so.6", "[vdso]", "libstdc++.so.6", "LibUpper.so",
};

/* Hand-made values: a repeating pattern with ties, negative numbers and a
 * NaN in every column (the expected orders are checked against these
 * numbers, not against the sorter). */
static inline double
value_for (guint row,
           guint metric)
{
  if ((row + metric) % 4 == 0)
    return NAN;
  return (double) ((row * 7 + metric * 3) % 11) - 2.5 + metric * 1000;
}

static inline GPtrArray *
make_rows (CsModel *model)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = cs_model_get_n_metrics (model);

  for (guint r = 0; r < N_ROWS; r++)
    {
      g_autofree double *values = g_new (double, n);
      g_autofree CsProvenance *prov = g_new (CsProvenance, n);

      for (guint m = 0; m < n; m++)
        {
          values[m] = value_for (r, m);
          prov[m] = r == 0 ? CS_PROVENANCE_COUNTED : CS_PROVENANCE_ESTIMATED;
        }
      g_ptr_array_add (rows, cs_module_row_new (r == 0 ? CS_SCOPE_REGION : CS_SCOPE_MODULE,
                                                names[r], NULL, r == 0 ? -1 : (int) r,
                                                (guint64) ((r * 37) % 100), ((r * 37) % 100) / 400.0,
                                                values, prov, n));
    }
  return rows;
}

static inline GtkWidget *
show_table (CsModel    *model,
            GtkWindow **window)
{
  GtkWidget *table = cs_module_table_new ();
  g_autoptr(GPtrArray) rows = make_rows (model);

  cs_module_table_set_rows (CS_MODULE_TABLE (table), model, rows);
  *window = cs_test_show (table, 1400, 700);
  return table;
}

/* The row values in the table's current order, for @metric (-1: samples). */
static inline void
collect (CsModuleTable *table,
         int            metric,
         double        *out,
         guint         *n)
{
  GListModel *list = G_LIST_MODEL (cs_module_table_get_selection (table));

  *n = g_list_model_get_n_items (list);
  for (guint i = 0; i < *n; i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (list, i);

      out[i] = metric < 0 ? (double) cs_module_row_get_n_samples (row)
                          : cs_module_row_get_value (row, metric);
    }
}

static inline void
check_order (const double *v,
             guint         n,
             gboolean      descending)
{
  guint n_nan = 0;

  for (guint i = 0; i < n; i++)
    if (isnan (v[i]))
      n_nan++;
    else
      /* No number after a NaN: NaN rows are last whichever the direction. */
      g_assert_cmpuint (n_nan, ==, 0);
  for (guint i = 1; i + n_nan < n; i++)
    {
      if (descending)
        g_assert_cmpfloat (v[i - 1], >=, v[i]);
      else
        g_assert_cmpfloat (v[i - 1], <=, v[i]);
    }
}

