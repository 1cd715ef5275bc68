/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table-kind.c — the module table shows regions or shared objects
 *
 * Kruse's module table lists the framework's modules (Kruse, CMSSW
 * Performance Monitoring, 2011, Fig. 5.4); a profiler's lists the shared
 * objects the samples fell in. A recording made with `record --regions` has
 * both, and mixing them in one table would add up nothing: each region's
 * cycles are spread over many shared objects and the other way round. So
 * the table shows one kind, with a switch when there are both.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-module-table-private.h"

static gboolean
has_kind (CsAnalysis  *analysis,
          CsScopeKind  kind,
          gboolean     sampled_only)
{
  for (guint i = 0; analysis != NULL && i < cs_analysis_get_n_scopes (analysis); i++)
    {
      const CsScope *scope = cs_analysis_get_scope (analysis, i);

      if (scope->kind == kind && (!sampled_only || scope->region_id > 0))
        return TRUE;
    }
  return FALSE;
}

/* Regions when the program's regions were sampled (the user asked for
 * them), or when there is nothing else to show. */
gboolean
_cs_module_table_prefers_regions (CsAnalysis *analysis)
{
  return has_kind (analysis, CS_SCOPE_REGION, TRUE) ||
         (has_kind (analysis, CS_SCOPE_REGION, FALSE) && !has_kind (analysis, CS_SCOPE_MODULE, FALSE));
}

/* What the rows are: regions when asked for, or when there are no shared
 * objects. */
static gboolean
showing_regions (CsModuleTable *self)
{
  return has_kind (self->analysis, CS_SCOPE_REGION, FALSE) &&
         (self->show_regions || !has_kind (self->analysis, CS_SCOPE_MODULE, FALSE));
}

void
_cs_module_table_fill (CsModuleTable *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean regions = has_kind (self->analysis, CS_SCOPE_REGION, FALSE);
  gboolean modules = has_kind (self->analysis, CS_SCOPE_MODULE, FALSE);
  gboolean show_regions = showing_regions (self);
  CsScopeKind kind = show_regions ? CS_SCOPE_REGION : CS_SCOPE_MODULE;

  self->filling = TRUE;
  gtk_widget_set_visible (self->kind_box, regions && modules);
  gtk_toggle_button_set_active (show_regions ? self->regions_toggle : self->modules_toggle, TRUE);
  gtk_column_view_column_set_title (self->module_column, show_regions ? _("Region") : _("Module"));
  /* (the property: its setter is GTK 4.10) */
  g_object_set (self->filter_entry, "placeholder-text",
                show_regions ? _("Filter regions…") : _("Filter modules…"), NULL);
  self->filling = FALSE;

  if (self->analysis == NULL)
    {
      cs_module_table_set_rows (self, NULL, NULL);
      return;
    }
  for (guint i = 0; i < cs_analysis_get_n_scopes (self->analysis); i++)
    {
      const CsScope *scope = cs_analysis_get_scope (self->analysis, i);

      if (scope->kind == kind)
        g_ptr_array_add (rows, cs_module_row_new_from_scope (scope));
    }
  _cs_module_table_compare_rows (self, rows, kind);
  cs_module_table_set_rows (self, cs_analysis_get_model (self->analysis), rows);
}

void
_cs_module_table_on_kind_toggled (CsModuleTable   *self,
                                  GtkToggleButton *button)
{
  /* Each switch toggles both buttons: act on the one turned on. */
  if (self->filling || !gtk_toggle_button_get_active (button))
    return;
  cs_module_table_set_show_regions (self, button == self->regions_toggle);
}

void
cs_module_table_set_show_regions (CsModuleTable *self,
                                  gboolean       show_regions)
{
  g_return_if_fail (CS_IS_MODULE_TABLE (self));

  if (self->show_regions == !!show_regions && self->analysis != NULL &&
      gtk_toggle_button_get_active (self->regions_toggle) == !!show_regions)
    return;
  self->show_regions = !!show_regions;
  _cs_module_table_fill (self);
}

gboolean
cs_module_table_get_show_regions (CsModuleTable *self)
{
  g_return_val_if_fail (CS_IS_MODULE_TABLE (self), FALSE);
  return showing_regions (self);
}
