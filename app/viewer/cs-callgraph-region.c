/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-region.c — the Call Graph page restricted to one region
 *
 * A recording made with `record --regions` knows the framework module
 * (region) running on each sample's thread; the page then offers "All
 * regions" and each region, and builds the graph of the chosen region's
 * samples only (cs_call_graph_new_for_region(), the graph `cyclescope
 * report --region NAME --call-graph` prints): the modular symbol analysis
 * of Kruse, CMSSW Performance Monitoring, 2011, §5.4, with the callers and
 * callees of each function. The trees, the callers and callees and the flame
 * graph all show that graph. Selecting a region in the Modules page's table
 * chooses it here too, so the page answers for the region the user is
 * looking at.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-callgraph-page-private.h"

guint
_cs_call_graph_page_get_region_index (CsCallGraphPage *self,
                                      CsProfile       *profile)
{
  if (self->region == NULL || profile == NULL)
    return 0;
  return cs_profile_find_region (profile, self->region);
}

static gboolean
same_names (GListModel *a,
            GListModel *b)
{
  guint n = g_list_model_get_n_items (b);

  if (!GTK_IS_STRING_LIST (a) || g_list_model_get_n_items (a) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (a), i),
                   gtk_string_list_get_string (GTK_STRING_LIST (b), i)) != 0)
      return FALSE;
  return TRUE;
}

void
_cs_call_graph_page_update_regions (CsCallGraphPage *self)
{
  CsProfile *profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;
  guint n = profile != NULL ? cs_profile_get_n_regions (profile) : 0;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  /* TRANSLATORS: the Call Graph page's region choice: every sample */
  gtk_string_list_append (names, _("All regions"));
  for (guint r = 1; r <= n; r++)
    {
      /* TRANSLATORS: the Call Graph page's region choice: the samples of
       * one region (an instrumented framework module), e.g. "Region two" */
      g_autofree char *label = g_strdup_printf (_("Region %s"), cs_profile_get_region_name (profile, r));

      gtk_string_list_append (names, label);
    }
  self->setting_region = TRUE;
  /* The same recording keeps its list: a choice in the list reloads the
   * graph from inside the list's own notification. */
  if (!same_names (gtk_drop_down_get_model (self->region_dropdown), G_LIST_MODEL (names)))
    gtk_drop_down_set_model (self->region_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->region_dropdown, _cs_call_graph_page_get_region_index (self, profile));
  gtk_widget_set_visible (GTK_WIDGET (self->region_dropdown), n > 0);
  self->setting_region = FALSE;
}

static void
region_chosen (CsCallGraphPage *self)
{
  guint row = gtk_drop_down_get_selected (self->region_dropdown);
  CsProfile *profile = self->analysis != NULL ? cs_analysis_get_profile (self->analysis) : NULL;

  if (self->setting_region || profile == NULL || row == GTK_INVALID_LIST_POSITION)
    return;
  cs_call_graph_page_set_region (self, row > 0 ? cs_profile_get_region_name (profile, row) : NULL);
}

void
_cs_call_graph_page_init_regions (CsCallGraphPage *self)
{
  g_signal_connect_swapped (self->region_dropdown, "notify::selected", G_CALLBACK (region_chosen), self);
}

const char *
cs_call_graph_page_get_region (CsCallGraphPage *self)
{
  g_return_val_if_fail (CS_IS_CALL_GRAPH_PAGE (self), NULL);
  return self->region;
}

void
cs_call_graph_page_set_region (CsCallGraphPage *self,
                               const char      *region)
{
  g_return_if_fail (CS_IS_CALL_GRAPH_PAGE (self));

  if (g_strcmp0 (self->region, region) == 0)
    return;
  g_free (self->region);
  self->region = g_strdup (region);
  _cs_call_graph_page_reload (self);
}

static void
table_selected (CsModuleTable   *table,
                CsModuleRow     *row,
                CsCallGraphPage *self)
{
  g_autoptr(CsAnalysis) analysis = NULL;
  const CsScope *scope;

  g_object_get (table, "analysis", &analysis, NULL);
  /* The first selection of a new recording is the table's own (its first
   * row), not the user's: the page keeps showing every sample. */
  if (analysis != self->followed)
    {
      g_set_object (&self->followed, analysis);
      return;
    }
  /* A shared object is no subset of the samples: the choice stays. */
  if (row == NULL || cs_module_row_get_kind (row) != CS_SCOPE_REGION)
    return;
  /* A region that was counted but not sampled has no samples to show. */
  scope = analysis != NULL ? cs_analysis_find_region (analysis, cs_module_row_get_name (row)) : NULL;
  if (scope == NULL || scope->region_id == 0)
    return;
  cs_call_graph_page_set_region (self, cs_module_row_get_name (row));
}

void
cs_call_graph_page_follow_table (CsCallGraphPage *self,
                                 CsModuleTable   *table)
{
  g_return_if_fail (CS_IS_CALL_GRAPH_PAGE (self));
  g_return_if_fail (CS_IS_MODULE_TABLE (table));

  g_signal_connect_object (table, "module-selected", G_CALLBACK (table_selected), self, 0);
}
