/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-sorter.c — orders module rows by one column, NaN last */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cs-module-row-private.h"
#include "cs-module-sorter.h"

struct _CsModuleSorter
{
  GtkSorter  parent_instance;
  int        key;
  gboolean   descending;
};

G_DEFINE_FINAL_TYPE (CsModuleSorter, cs_module_sorter, GTK_TYPE_SORTER)

static inline GtkOrdering
ordering (int c)
{
  return c < 0 ? GTK_ORDERING_SMALLER : c > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static inline double
row_value (CsModuleRow *row,
           int          key)
{
  switch (key)
    {
    case CS_MODULE_SORT_BASE:
      return row->compared ? row->base_share : NAN;
    case CS_MODULE_SORT_NEW:
      return row->compared ? row->new_share : NAN;
    case CS_MODULE_SORT_DELTA:
      return row->compared ? fabs (row->delta_points) : NAN;
    default:
      return key >= 0 && (guint) key < row->n_values ? row->values[key] : NAN;
    }
}

static inline gboolean
key_is_value (int key)
{
  return key >= 0 || key <= CS_MODULE_SORT_BASE;
}

static GtkOrdering
cs_module_sorter_compare (GtkSorter *sorter,
                          gpointer   item1,
                          gpointer   item2)
{
  CsModuleSorter *self = (CsModuleSorter *) sorter;
  /* No type checks: a GtkSortListModel calls this a million times for a
   * large table, and sorters are only given CsModuleRow. */
  CsModuleRow *a = item1;
  CsModuleRow *b = item2;
  int c = 0;

  if (self->key == CS_MODULE_SORT_NONE)
    return GTK_ORDERING_EQUAL;

  if (self->key == CS_MODULE_SORT_SAMPLES)
    c = a->n_samples < b->n_samples ? -1 : a->n_samples > b->n_samples ? 1 : 0;
  else if (key_is_value (self->key))
    {
      double va = row_value (a, self->key);
      double vb = row_value (b, self->key);
      gboolean nan_a = isnan (va);
      gboolean nan_b = isnan (vb);

      /* Not inverted below: "—" stays at the bottom either way. */
      if (nan_a != nan_b)
        return nan_a ? GTK_ORDERING_LARGER : GTK_ORDERING_SMALLER;
      if (!nan_a)
        c = va < vb ? -1 : va > vb ? 1 : 0;
    }

  if (c == 0 && self->key != CS_MODULE_SORT_NAME)
    return ordering (strcmp (a->sort_key, b->sort_key));

  if (c == 0)
    {
      c = strcmp (a->sort_key, b->sort_key);
      if (c == 0)
        c = a->module_id - b->module_id;
    }
  return ordering (self->descending ? -c : c);
}

static GtkSorterOrder
cs_module_sorter_get_order (GtkSorter *sorter)
{
  CsModuleSorter *self = CS_MODULE_SORTER (sorter);

  return self->key == CS_MODULE_SORT_NONE ? GTK_SORTER_ORDER_NONE : GTK_SORTER_ORDER_PARTIAL;
}

static void
cs_module_sorter_class_init (CsModuleSorterClass *klass)
{
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  sorter_class->compare = cs_module_sorter_compare;
  sorter_class->get_order = cs_module_sorter_get_order;
}

static void
cs_module_sorter_init (CsModuleSorter *self)
{
  self->key = CS_MODULE_SORT_NONE;
}

CsModuleSorter *
cs_module_sorter_new (int      key,
                      gboolean descending)
{
  CsModuleSorter *self = g_object_new (CS_TYPE_MODULE_SORTER, NULL);

  self->key = key;
  self->descending = descending;
  return self;
}

void
cs_module_sorter_set (CsModuleSorter *self,
                      int             key,
                      gboolean        descending)
{
  GtkSorterChange change;

  g_return_if_fail (CS_IS_MODULE_SORTER (self));

  descending = !!descending;
  if (self->key == key && self->descending == descending)
    return;
  /* An inversion keeps NaN rows where they are, so it is not a plain
   * GTK_SORTER_CHANGE_INVERTED for the sort model. */
  change = key == CS_MODULE_SORT_NONE ? GTK_SORTER_CHANGE_LESS_STRICT : GTK_SORTER_CHANGE_DIFFERENT;
  self->key = key;
  self->descending = descending;
  gtk_sorter_changed (GTK_SORTER (self), change);
}

int
cs_module_sorter_get_key (CsModuleSorter *self)
{
  g_return_val_if_fail (CS_IS_MODULE_SORTER (self), CS_MODULE_SORT_NONE);
  return self->key;
}

/* Sorting arrays of rows */

static int
compare_names (const void *a,
               const void *b)
{
  CsModuleRow *x = *(CsModuleRow * const *) a;
  CsModuleRow *y = *(CsModuleRow * const *) b;
  int c = strcmp (x->sort_key, y->sort_key);

  return c != 0 ? c : (x->module_id > y->module_id) - (x->module_id < y->module_id);
}

void
cs_module_sorter_rank_names (GPtrArray *rows)
{
  g_autofree CsModuleRow **by_name = NULL;

  g_return_if_fail (rows != NULL);

  /* A session without samples has no rows: g_memdup2 gives NULL, which
   * qsort() must not get even for 0 elements. */
  if (rows->len == 0)
    return;
  by_name = g_memdup2 (rows->pdata, rows->len * sizeof (gpointer));
  qsort (by_name, rows->len, sizeof (gpointer), compare_names);
  for (guint i = 0; i < rows->len; i++)
    by_name[i]->name_rank = i;
}

typedef struct
{
  double  value;     /* negated for a descending sort; NaN stays NaN */
  guint   name_rank;
  guint   index;
} SortKey;

static int
compare_keys (const void *a,
              const void *b)
{
  const SortKey *x = a;
  const SortKey *y = b;
  gboolean nan_x = isnan (x->value);
  gboolean nan_y = isnan (y->value);

  if (nan_x != nan_y)
    return nan_x ? 1 : -1;
  if (!nan_x && x->value != y->value)
    return x->value < y->value ? -1 : 1;
  return (x->name_rank > y->name_rank) - (x->name_rank < y->name_rank);
}

void
cs_module_sorter_sort (CsModuleSorter *self,
                       GPtrArray      *rows,
                       guint          *order)
{
  g_autofree SortKey *keys = NULL;
  double sign;

  g_return_if_fail (CS_IS_MODULE_SORTER (self));
  g_return_if_fail (rows != NULL);
  g_return_if_fail (order != NULL || rows->len == 0);

  if (self->key == CS_MODULE_SORT_NONE)
    {
      for (guint i = 0; i < rows->len; i++)
        order[i] = i;
      return;
    }

  /* One pass over the rows builds 16-byte keys; the sort then never
   * touches a row. Descending negates the value, so ties still come in
   * name order and NaN still last. */
  sign = self->descending ? -1.0 : 1.0;
  keys = g_new (SortKey, MAX (1, rows->len));
  for (guint i = 0; i < rows->len; i++)
    {
      CsModuleRow *row = g_ptr_array_index (rows, i);
      double value;

      if (self->key == CS_MODULE_SORT_NAME)
        value = row->name_rank;
      else if (self->key == CS_MODULE_SORT_SAMPLES)
        value = (double) row->n_samples;
      else
        value = row_value (row, self->key);
      keys[i] = (SortKey) { isnan (value) ? NAN : sign * value, row->name_rank, i };
    }
  qsort (keys, rows->len, sizeof (SortKey), compare_keys);
  for (guint i = 0; i < rows->len; i++)
    order[i] = keys[i].index;
}
