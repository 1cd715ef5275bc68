/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-modules-page-code.c — the Modules page's source and disassembly panes, opened on a symbol */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-annotate-link.h"
#include "cs-column.h"
#include "cs-modules-page-private.h"

void
_cs_modules_page_close_annotate (CsModulesPage *self)
{
  if (self->open_item == NULL && !gtk_widget_get_visible (self->annotate_box))
    return;
  g_clear_object (&self->open_item);
  /* The panes drop their rows, which keep the analysis' tables alive. */
  cs_annotate_link_set_symbol (self->link, NULL, NULL, NULL);
  gtk_widget_set_visible (self->annotate_box, FALSE);
  gtk_widget_set_visible (self->no_source_box, FALSE);
}

/* The region whose samples the open symbol shows: the selected row's when
 * it is a region with samples (record --regions), else NULL (all). The
 * hot-symbols pane lists that region's symbols, so their source and
 * disassembly must count the same samples. */
static const CsScope *
selected_region (CsModulesPage *self,
                 CsSymbolItem  *item)
{
  CsModuleRow *row = cs_symbol_pane_get_module (self->symbol_pane);
  const CsScope *scope;

  if (row == NULL || cs_module_row_get_kind (row) != CS_SCOPE_REGION)
    return NULL;
  scope = cs_analysis_find_region (cs_symbol_item_get_analysis (item), cs_module_row_get_name (row));
  return scope != NULL && scope->region_id > 0 ? scope : NULL;
}

/* What a symbol activation does: opens the source and disassembly panes
 * below the table on @item's symbol. */
void
_cs_modules_page_open_symbol (CsModulesPage *self,
                              CsSymbolItem  *item)
{
  g_autofree char *title = NULL;
  const CsScope *region;
  gboolean has_source;
  int height, width;

  g_set_object (&self->open_item, item);
  region = selected_region (self, item);
  if (region != NULL)
    /* TRANSLATORS: heading above the source and disassembly panes when
     * they show one region's samples: "SYMBOL in MODULE · EVENT · only
     * region REGION", e.g. "alpha_work in cs-demo · cpu-clock · only region alpha" */
    title = g_strdup_printf (_("%s in %s · %s · only region %s"), cs_symbol_item_get_name (item),
                             cs_symbol_item_get_library (item) != NULL ? cs_symbol_item_get_library (item) : "?",
                             cs_symbol_item_get_event (item), region->name);
  else
    /* TRANSLATORS: heading above the source and disassembly panes:
     * "SYMBOL in MODULE · EVENT", e.g. "tm_exe_hot in cs-demo · cpu-clock" */
    title = g_strdup_printf (_("%s in %s · %s"), cs_symbol_item_get_name (item),
                             cs_symbol_item_get_library (item) != NULL ? cs_symbol_item_get_library (item) : "?",
                             cs_symbol_item_get_event (item));
  gtk_label_set_text (self->annotate_title, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->annotate_title), cs_symbol_item_get_signature (item));

  /* Shown before the panes are filled, so that they scroll to the hottest
   * line in their real size. The first time, the panes get a fair share. */
  height = gtk_widget_get_height (GTK_WIDGET (self->outer_paned));
  width = gtk_widget_get_width (GTK_WIDGET (self->outer_paned));
  if (!gtk_widget_get_visible (self->annotate_box) && height > 0)
    gtk_paned_set_position (self->outer_paned, MAX (200, height * 9 / 20));
  if (!self->annotate_split_done && width > 0)
    {
      gtk_paned_set_position (self->annotate_paned, width / 2);
      self->annotate_split_done = TRUE;
    }
  gtk_widget_set_visible (self->annotate_box, TRUE);

  cs_annotate_link_set_scope_symbol (self->link, cs_symbol_item_get_analysis (item), region,
                                     cs_symbol_item_get_symbol (item), cs_symbol_item_get_event (item));
  has_source = cs_source_pane_has_source (self->source_pane);
  /* No source: the disassembly takes the room and a line says why. */
  gtk_widget_set_visible (GTK_WIDGET (self->source_pane), has_source);
  gtk_widget_set_visible (self->no_source_box, !has_source);
  gtk_label_set_text (self->no_source_label,
                      has_source ? "" : cs_source_pane_get_message (self->source_pane));

  cs_column_view_focus_in (has_source ? GTK_WIDGET (self->source_pane) : GTK_WIDGET (self->disasm_pane));
  self->level = CS_DRILL_SOURCE;
  _cs_modules_page_emit_changed (self);
}

/* The region (or module) row of the table named so, switching the table to
 * that kind first; FALSE when there is none. */
static gboolean
select_row (CsModulesPage *self,
            const char    *region,
            int            module_id)
{
  gboolean regions = region != NULL;

  if (cs_module_table_get_show_regions (self->module_table) != regions)
    cs_module_table_set_show_regions (self->module_table, regions);
  return cs_module_table_select (self->module_table, regions ? -1 : module_id, region);
}

static gboolean
show_code (CsModulesPage *self,
           const char    *region,
           const char    *module_path,
           guint64        symbol_start,
           guint64        address)
{
  CsProfile *profile;
  const CsProfileModule *module;
  const CsProfileEvent *e;
  CsModuleRow *row;
  GListModel *symbols;
  const char *event;
  guint region_index = CS_PROFILE_ALL_REGIONS;

  profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;
  module = profile != NULL ? cs_profile_find_module (profile, module_path) : NULL;
  if (region != NULL && profile != NULL && (region_index = cs_profile_find_region (profile, region)) == 0)
    return FALSE;
  if (module == NULL || !select_row (self, region, (int) module->index))
    return FALSE;
  /* The selection moves the symbols pane along (::module-selected); make
   * sure even when the row was selected already. */
  row = cs_module_table_get_selected (self->module_table);
  if (row != NULL && cs_symbol_pane_get_module (self->symbol_pane) != row)
    cs_symbol_pane_set_module (self->symbol_pane, row);
  symbols = cs_symbol_pane_get_symbols (self->symbol_pane, NULL);
  for (guint i = 0; symbols != NULL && i < g_list_model_get_n_items (symbols); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (symbols, i);
      const CsProfileSymbol *symbol = cs_symbol_item_get_symbol (item);

      if (symbol->module != module || symbol->symbol->unknown || symbol->symbol->start != symbol_start)
        continue;
      _cs_modules_page_open_symbol (self, item);
      cs_disasm_pane_select_address (self->disasm_pane, address);
      return TRUE;
    }
  /* Not among the hot symbols (a caller with no time of its own, from the
   * Call Graph page): its source and disassembly all the same. */
  event = cs_symbol_pane_get_visible_event (self->symbol_pane);
  e = event != NULL ? cs_profile_find_event (profile, event) : NULL;
  for (guint i = 0; e != NULL && i < cs_profile_get_n_symbols (profile); i++)
    {
      const CsProfileSymbol *symbol = cs_profile_get_symbol (profile, i);
      CsProfileSymbolRow cold = { symbol, 0, 0, 0, 0 };
      g_autoptr(CsSymbolItem) item = NULL;

      if (symbol->module != module || symbol->symbol->unknown || symbol->symbol->start != symbol_start)
        continue;
      if (region_index == CS_PROFILE_ALL_REGIONS)
        {
          cold.samples = symbol->samples[e->index];
          cold.period = symbol->period[e->index];
        }
      else
        {
          /* Its samples in the region, when it has any. */
          g_autoptr(GArray) rows = cs_profile_dup_region_symbol_table (profile, e->index, region_index, 0);

          for (guint r = 0; r < rows->len; r++)
            if (g_array_index (rows, CsProfileSymbolRow, r).symbol == symbol)
              cold = g_array_index (rows, CsProfileSymbolRow, r);
        }
      cold.percent = e->period > 0 ? 100.0 * (double) cold.period / (double) e->period : 0;
      item = cs_symbol_item_new (self->analysis, event, &cold, cold.percent / 100.0);
      _cs_modules_page_open_symbol (self, item);
      cs_disasm_pane_select_address (self->disasm_pane, address);
      return TRUE;
    }
  return FALSE;
}

gboolean
cs_modules_page_show_code (CsModulesPage *self,
                           const char    *module_path,
                           guint64        symbol_start,
                           guint64        address)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), FALSE);
  g_return_val_if_fail (module_path != NULL, FALSE);

  return show_code (self, NULL, module_path, symbol_start, address);
}

gboolean
cs_modules_page_show_region_code (CsModulesPage *self,
                                  const char    *region,
                                  const char    *module_path,
                                  guint64        symbol_start,
                                  guint64        address)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), FALSE);
  g_return_val_if_fail (region != NULL, FALSE);
  g_return_val_if_fail (module_path != NULL, FALSE);

  return show_code (self, region, module_path, symbol_start, address);
}

/* --- table and symbols --- */
