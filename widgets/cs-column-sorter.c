/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-column-sorter.c — column sorters that say which column sorts, numbers big first */

#include "config.h"

#include <math.h>

#include "cs-column.h"
#include "cs-column-sorter.h"

struct _CsColumnSorter
{
  GtkSorter      parent_instance;
  GtkExpression *expression;
  gboolean       numeric;
};

G_DEFINE_FINAL_TYPE (CsColumnSorter, cs_column_sorter, GTK_TYPE_SORTER)

enum {
  PROP_0,
  PROP_EXPRESSION,
  PROP_NUMERIC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* While cs_column_view_get_sort_column() asks, the first CsColumnSorter
 * the view's sorter consults (its primary column) stores itself here and
 * answers "smaller"; the view turns that into "larger" when the column is
 * sorted descending. The UI runs on one thread, so one slot serves. */
static CsColumnSorter **probe_slot;

static gboolean
value_as_double (const GValue *value,
                 double       *out)
{
  switch (G_VALUE_TYPE (value))
    {
    case G_TYPE_BOOLEAN: *out = g_value_get_boolean (value); return TRUE;
    case G_TYPE_INT:     *out = g_value_get_int (value); return TRUE;
    case G_TYPE_UINT:    *out = g_value_get_uint (value); return TRUE;
    case G_TYPE_INT64:   *out = (double) g_value_get_int64 (value); return TRUE;
    case G_TYPE_UINT64:  *out = (double) g_value_get_uint64 (value); return TRUE;
    case G_TYPE_FLOAT:   *out = g_value_get_float (value); return TRUE;
    case G_TYPE_DOUBLE:  *out = g_value_get_double (value); return TRUE;
    default:             return FALSE;
    }
}

/* guint64 values (addresses, counts) differ below a double's precision. */
static GtkOrdering
compare_values (const GValue *a,
                const GValue *b)
{
  double x, y;

  if (G_VALUE_HOLDS_UINT64 (a) && G_VALUE_HOLDS_UINT64 (b))
    return gtk_ordering_from_cmpfunc ((g_value_get_uint64 (a) > g_value_get_uint64 (b)) -
                                      (g_value_get_uint64 (a) < g_value_get_uint64 (b)));
  if (value_as_double (a, &x) && value_as_double (b, &y))
    {
      /* No value ("—") after every number. */
      if (isnan (x) || isnan (y))
        return gtk_ordering_from_cmpfunc (isnan (x) - isnan (y));
      return gtk_ordering_from_cmpfunc ((x > y) - (x < y));
    }
  if (G_VALUE_HOLDS_STRING (a) && G_VALUE_HOLDS_STRING (b))
    return gtk_ordering_from_cmpfunc (g_utf8_collate (g_value_get_string (a) ? g_value_get_string (a) : "",
                                                      g_value_get_string (b) ? g_value_get_string (b) : ""));
  return GTK_ORDERING_EQUAL;
}

static GtkOrdering
cs_column_sorter_compare (GtkSorter *sorter,
                          gpointer   item1,
                          gpointer   item2)
{
  CsColumnSorter *self = CS_COLUMN_SORTER (sorter);
  GValue a = G_VALUE_INIT, b = G_VALUE_INIT;
  GtkOrdering order = GTK_ORDERING_EQUAL;

  if (probe_slot != NULL)
    {
      if (*probe_slot == NULL)
        *probe_slot = self;
      return GTK_ORDERING_SMALLER;
    }
  if (self->expression == NULL)
    return GTK_ORDERING_EQUAL;
  if (gtk_expression_evaluate (self->expression, item1, &a) &&
      gtk_expression_evaluate (self->expression, item2, &b))
    order = compare_values (&a, &b);
  g_value_unset (&a);
  g_value_unset (&b);
  return order;
}

static GtkSorterOrder
cs_column_sorter_get_order (GtkSorter *sorter)
{
  return CS_COLUMN_SORTER (sorter)->expression != NULL ? GTK_SORTER_ORDER_PARTIAL : GTK_SORTER_ORDER_NONE;
}

static void
cs_column_sorter_dispose (GObject *object)
{
  CsColumnSorter *self = CS_COLUMN_SORTER (object);

  g_clear_pointer (&self->expression, gtk_expression_unref);
  G_OBJECT_CLASS (cs_column_sorter_parent_class)->dispose (object);
}

static void
cs_column_sorter_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CsColumnSorter *self = CS_COLUMN_SORTER (object);

  switch (prop_id)
    {
    case PROP_EXPRESSION:
      gtk_value_set_expression (value, self->expression);
      break;
    case PROP_NUMERIC:
      g_value_set_boolean (value, self->numeric);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_column_sorter_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CsColumnSorter *self = CS_COLUMN_SORTER (object);

  switch (prop_id)
    {
    case PROP_EXPRESSION:
      g_clear_pointer (&self->expression, gtk_expression_unref);
      self->expression = gtk_value_dup_expression (value);
      gtk_sorter_changed (GTK_SORTER (self), GTK_SORTER_CHANGE_DIFFERENT);
      break;
    case PROP_NUMERIC:
      self->numeric = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_column_sorter_class_init (CsColumnSorterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  object_class->dispose = cs_column_sorter_dispose;
  object_class->get_property = cs_column_sorter_get_property;
  object_class->set_property = cs_column_sorter_set_property;
  sorter_class->compare = cs_column_sorter_compare;
  sorter_class->get_order = cs_column_sorter_get_order;

  properties[PROP_EXPRESSION] =
    gtk_param_spec_expression ("expression", NULL, NULL,
                               G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NUMERIC] =
    g_param_spec_boolean ("numeric", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cs_column_sorter_init (CsColumnSorter *self)
{
}

CsColumnSorter *
cs_column_sorter_new (GtkExpression *expression,
                      gboolean       numeric)
{
  CsColumnSorter *self = g_object_new (CS_TYPE_COLUMN_SORTER, "numeric", numeric, NULL);

  self->expression = expression;
  return self;
}

gboolean
cs_column_sorter_get_numeric (CsColumnSorter *self)
{
  g_return_val_if_fail (CS_IS_COLUMN_SORTER (self), FALSE);
  return self->numeric;
}

GtkColumnViewColumn *
cs_column_view_get_sort_column (GtkColumnView *view,
                                GtkSortType   *direction)
{
  GListModel *columns;
  CsColumnSorter *first = NULL;
  GtkOrdering order;

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view), NULL);

  /* Any two distinct objects do (a sorter takes one object twice as
   * equal): the primary sorter answers before it looks at them. */
  probe_slot = &first;
  order = gtk_sorter_compare (gtk_column_view_get_sorter (view), view, gtk_column_view_get_sorter (view));
  probe_slot = NULL;
  if (first == NULL || order == GTK_ORDERING_EQUAL)
    return NULL;
  if (direction != NULL)
    *direction = order == GTK_ORDERING_SMALLER ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
  columns = gtk_column_view_get_columns (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_sorter (column) == GTK_SORTER (first))
        return column;   /* the view keeps it */
    }
  return NULL;
}

static void
sort_changed (GtkSorter     *sorter,
              GtkSorterChange change,
              GtkColumnView *view)
{
  GtkColumnViewColumn *last = g_object_get_data (G_OBJECT (view), "cs-sorted-column");
  GtkSortType direction = GTK_SORT_ASCENDING;
  GtkColumnViewColumn *column = cs_column_view_get_sort_column (view, &direction);
  GtkSorter *column_sorter;

  if (column == last)
    return;
  if (last != NULL)
    cs_column_set_sorted (last, FALSE);
  if (column != NULL)
    {
      cs_column_set_sorted (column, TRUE);
      g_object_set_data_full (G_OBJECT (view), "cs-sorted-column", g_object_ref (column), g_object_unref);
    }
  else
    g_object_set_data (G_OBJECT (view), "cs-sorted-column", NULL);
  /* A header clicked for the first time sorts ascending; numbers are
   * wanted biggest first. The view's ::changed comes again, for the same
   * column, which then is left alone. A sort asked for by code
   * (cs_column_view_sort_by) is taken as it is. */
  column_sorter = column != NULL ? gtk_column_view_column_get_sorter (column) : NULL;
  if (direction == GTK_SORT_ASCENDING && CS_IS_COLUMN_SORTER (column_sorter) &&
      CS_COLUMN_SORTER (column_sorter)->numeric &&
      g_object_get_data (G_OBJECT (view), "cs-explicit-sort") == NULL)
    gtk_column_view_sort_by_column (view, column, GTK_SORT_DESCENDING);
}

void
cs_column_view_sort_by (GtkColumnView       *view,
                        GtkColumnViewColumn *column,
                        GtkSortType          direction)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  g_object_set_data (G_OBJECT (view), "cs-explicit-sort", GINT_TO_POINTER (1));
  gtk_column_view_sort_by_column (view, column, direction);
  g_object_set_data (G_OBJECT (view), "cs-explicit-sort", NULL);
}

void
cs_column_view_init_sorting (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  g_signal_connect_object (gtk_column_view_get_sorter (view), "changed", G_CALLBACK (sort_changed), view, 0);
}
