/* cs-modules-page.c — the Modules page: module table, hot symbols, source and disassembly
 *
 * The page is a container for the module table, the hot-symbols pane and the
 * source / disassembly panes (widgets/). Until they exist it lists the
 * analysis' scopes (regions, then sampled modules) so that the filter, the
 * Ctrl+F shortcut and the page switch can already be used and tested.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-modules-page.h"

struct _CsModulesPage
{
  GtkWidget       parent_instance;

  GtkSearchEntry *filter_entry;
  GtkListBox     *scope_list;

  CsAnalysis     *analysis;
};

G_DEFINE_FINAL_TYPE (CsModulesPage, cs_modules_page, GTK_TYPE_WIDGET)

static GtkWidget *
create_row (const CsScope *scope)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *name = gtk_label_new (scope->name);
  GtkWidget *detail;
  g_autofree char *text = NULL;

  if (scope->kind == CS_SCOPE_REGION)
    text = g_strdup (_("region · counted"));
  else
    /* TRANSLATORS: share of the samples that fell into a module */
    text = g_strdup_printf (_("%.1f %% of samples"), scope->sample_share * 100.0);
  detail = gtk_label_new (text);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "numeric");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), detail);
  if (scope->path != NULL)
    gtk_widget_set_tooltip_text (box, scope->path);
  g_object_set_data_full (G_OBJECT (box), "cs-name", g_utf8_casefold (scope->name, -1), g_free);
  return box;
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  CsModulesPage *self = user_data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->filter_entry));
  const char *name = g_object_get_data (G_OBJECT (gtk_list_box_row_get_child (row)), "cs-name");
  g_autofree char *needle = NULL;

  if (text == NULL || text[0] == '\0')
    return TRUE;
  needle = g_utf8_casefold (text, -1);
  return name != NULL && strstr (name, needle) != NULL;
}

static void
filter_changed (GtkSearchEntry *entry,
                gpointer        user_data)
{
  CsModulesPage *self = user_data;

  gtk_list_box_invalidate_filter (self->scope_list);
}

void
cs_modules_page_set_analysis (CsModulesPage *self,
                              CsAnalysis    *analysis)
{
  GtkWidget *child;

  g_return_if_fail (CS_IS_MODULES_PAGE (self));

  if (!g_set_object (&self->analysis, analysis))
    return;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->scope_list))) != NULL)
    gtk_list_box_remove (self->scope_list, child);
  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), "");
  if (analysis == NULL)
    return;
  for (guint i = 0; i < cs_analysis_get_n_scopes (analysis); i++)
    gtk_list_box_append (self->scope_list, create_row (cs_analysis_get_scope (analysis, i)));
}

void
cs_modules_page_focus_filter (CsModulesPage *self)
{
  g_return_if_fail (CS_IS_MODULES_PAGE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
}

gboolean
cs_modules_page_go_back (CsModulesPage *self)
{
  g_return_val_if_fail (CS_IS_MODULES_PAGE (self), FALSE);

  /* Drill-down panes arrive with the module table; until then the
   * selection is the only level to walk back from. */
  if (gtk_list_box_get_selected_row (self->scope_list) != NULL)
    {
      gtk_list_box_unselect_all (self->scope_list);
      return TRUE;
    }
  return FALSE;
}

static void
cs_modules_page_dispose (GObject *object)
{
  CsModulesPage *self = CS_MODULES_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_MODULES_PAGE);
  /* The template's root box is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_modules_page_parent_class)->dispose (object);
}

static void
cs_modules_page_class_init (CsModulesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_modules_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-modules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, CsModulesPage, scope_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "modulespage");
}

static void
cs_modules_page_init (CsModulesPage *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->filter_entry, "search-changed", G_CALLBACK (filter_changed), self);
  gtk_list_box_set_filter_func (self->scope_list, filter_row, self, NULL);

  placeholder = gtk_label_new (_("No modules: this recording has no regions and no samples."));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 24);
  gtk_widget_set_margin_bottom (placeholder, 24);
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_list_box_set_placeholder (self->scope_list, placeholder);
}

GtkWidget *
cs_modules_page_new (void)
{
  return g_object_new (CS_TYPE_MODULES_PAGE, NULL);
}
