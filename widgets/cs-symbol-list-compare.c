/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-list-compare.c — the hot symbols compared with a base
 *
 * As the module table (cs-module-table-compare.c): a mode of the list, not
 * another list. A function is matched as the comparison matches functions
 * (cs-comparison.h), by its module's basename and its name, never by
 * address, so a rebuilt program's functions meet their old selves. The rows
 * are the hottest functions of either side: a function that was hot in the
 * base and is cold now changed the most, and one found in the base only
 * is an item of the base's analysis, marked as such, so that what went
 * away is listed too.
 */
#include "config.h"

#include "cs-column-sorter.h"
#include "cs-delta-cells.h"
#include "cs-symbol-list-private.h"

static void
fill_base (gpointer       item,
           CsCellContent *c,
           gpointer       data)
{
  CsRowDelta delta;

  cs_delta_cells_fill_share (cs_symbol_item_get_comparison (item, &delta) ? &delta : NULL, TRUE, c);
}

static void
fill_new (gpointer       item,
          CsCellContent *c,
          gpointer       data)
{
  CsRowDelta delta;

  cs_delta_cells_fill_share (cs_symbol_item_get_comparison (item, &delta) ? &delta : NULL, FALSE, c);
}

static void
fill_delta (gpointer       item,
            CsCellContent *c,
            gpointer       data)
{
  CsRowDelta delta;

  cs_delta_cells_fill_delta (cs_symbol_item_get_comparison (item, &delta) ? &delta : NULL, c);
}

void
_cs_symbol_list_init_compare_columns (CsSymbolList *self)
{
  cs_column_set_cells (self->base_column, CS_CELL_NUMBER, fill_base, NULL, NULL);
  cs_column_set_text_layout (self->base_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 6, 7);
  cs_column_set_cells (self->new_column, CS_CELL_NUMBER, fill_new, NULL, NULL);
  cs_column_set_text_layout (self->new_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 6, 7);
  /* "−1.23 pt only in base" whole, in any language: the list scrolls
   * sideways rather than cut which side a function is on */
  cs_column_set_cells (self->delta_column, CS_CELL_NUMBER, fill_delta, NULL, NULL);
  cs_column_set_text_layout (self->delta_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 9, 9);
  cs_column_set_fit_text (self->delta_column, 32);
}

void
cs_symbol_list_set_compared (CsSymbolList *self,
                             gboolean      compared)
{
  GtkSortType direction;
  GtkColumnViewColumn *sorted;

  g_return_if_fail (CS_IS_SYMBOL_LIST (self));

  compared = !!compared;
  if (self->compared == compared)
    return;
  self->compared = compared;
  gtk_column_view_column_set_visible (self->samples_column, !compared);
  gtk_column_view_column_set_visible (self->share_column, !compared);
  gtk_column_view_column_set_visible (self->base_column, compared);
  gtk_column_view_column_set_visible (self->new_column, compared);
  gtk_column_view_column_set_visible (self->delta_column, compared);
  /* a hidden column sorting the rows would be an order nobody can see */
  sorted = cs_column_view_get_sort_column (self->view, &direction);
  if (!compared && sorted != NULL)
    cs_column_view_sort_by (self->view, NULL, GTK_SORT_ASCENDING);
}

gboolean
cs_symbol_list_get_compared (CsSymbolList *self)
{
  g_return_val_if_fail (CS_IS_SYMBOL_LIST (self), FALSE);
  return self->compared;
}

/* "module\x1fname", the comparison's key of a function. */
static char *
function_key (const char *module,
              const char *name)
{
  return g_strconcat (module != NULL ? module : "", "\x1f", name, NULL);
}

static char *
symbol_key (const CsProfileSymbol *symbol)
{
  return function_key (symbol->module != NULL ? symbol->module->name : NULL, symbol->display_name);
}

/* All functions of @module (NULL: of the program; a module the side does
 * not have: none) for @event, hottest first. */
static GArray *
side_rows (CsAnalysis *analysis,
           const char *module,
           const char *event)
{
  CsProfile *profile = analysis != NULL ? cs_analysis_get_profile (analysis) : NULL;
  const CsProfileEvent *e = profile != NULL ? cs_profile_find_event (profile, event) : NULL;
  const CsProfileModule *m = NULL;

  if (e != NULL && module != NULL && (m = cs_profile_find_module (profile, module)) == NULL)
    e = NULL;
  if (e == NULL)
    return g_array_new (FALSE, TRUE, sizeof (CsProfileSymbolRow));
  return cs_profile_dup_symbol_table (profile, e->index, m, 0);
}

static CsSymbolItem *
compared_item (CsAnalysis               *analysis,
               const char               *event,
               const CsProfileSymbolRow *row,
               gboolean                  in_module,
               GHashTable               *deltas)
{
  g_autofree char *key = symbol_key (row->symbol);
  CsSymbolItem *item = cs_symbol_item_new (analysis, event, row, (in_module ? row->module_percent : row->percent) / 100.0);

  cs_symbol_item_set_comparison (item, g_hash_table_lookup (deltas, key));
  return item;
}

GPtrArray *
cs_symbol_list_dup_compared_items (CsComparison *comparison,
                                   CsAnalysis   *analysis,
                                   const char   *module,
                                   const char   *event,
                                   guint         limit)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) deltas = NULL;
  g_autoptr(GArray) new_rows = NULL;
  g_autoptr(GArray) base_rows = NULL;
  g_autoptr(GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) new_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (CS_IS_COMPARISON (comparison), items);
  g_return_val_if_fail (analysis == NULL || CS_IS_ANALYSIS (analysis), items);

  deltas = cs_comparison_dup_rows (comparison, CS_COMPARE_FUNCTIONS);
  for (guint i = 0; i < deltas->len; i++)
    {
      CsRowDelta *delta = &g_array_index (deltas, CsRowDelta, i);

      if (module == NULL || g_strcmp0 (delta->module, module) == 0)
        g_hash_table_insert (by_key, function_key (delta->module, delta->name), delta);
    }
  new_rows = side_rows (analysis, module, event);
  base_rows = side_rows (cs_comparison_get_base (comparison), module, event);
  for (guint i = 0; i < new_rows->len; i++)
    {
      const CsProfileSymbolRow *row = &g_array_index (new_rows, CsProfileSymbolRow, i);

      if (row->symbol != NULL)
        g_hash_table_insert (new_by_key, symbol_key (row->symbol), (gpointer) row);
    }

  /* the new recording's hottest, then the base's hottest not listed yet */
  for (guint i = 0, n = 0; i < new_rows->len && n < limit; i++)
    {
      const CsProfileSymbolRow *row = &g_array_index (new_rows, CsProfileSymbolRow, i);

      if (row->symbol == NULL)
        continue;
      g_ptr_array_add (items, compared_item (analysis, event, row, module != NULL, by_key));
      g_hash_table_add (listed, symbol_key (row->symbol));
      n++;
    }
  for (guint i = 0, n = 0; i < base_rows->len && n < limit; i++)
    {
      const CsProfileSymbolRow *row = &g_array_index (base_rows, CsProfileSymbolRow, i);
      const CsProfileSymbolRow *new_row;
      g_autofree char *key = NULL;

      if (row->symbol == NULL)
        continue;
      n++;
      key = symbol_key (row->symbol);
      if (g_hash_table_contains (listed, key))
        continue;
      /* still there, below the new side's hottest: the new side's item, so
       * that its source is the new one */
      new_row = g_hash_table_lookup (new_by_key, key);
      if (new_row != NULL)
        g_ptr_array_add (items, compared_item (analysis, event, new_row, module != NULL, by_key));
      else
        g_ptr_array_add (items, compared_item (cs_comparison_get_base (comparison), event, row, module != NULL, by_key));
      g_hash_table_add (listed, g_steal_pointer (&key));
    }
  return items;
}
