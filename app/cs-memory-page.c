/* cs-memory-page.c — the Memory page: cacheline table and address scatter view
 *
 * The cacheline table and scatter view for hunting false sharing (seed 003)
 * are a later feature. Until then the page explains what the view needs,
 * so that an empty page teaches instead of puzzling.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-memory-page.h"

struct _CsMemoryPage
{
  GtkWidget   parent_instance;

  GtkLabel   *title_label;
  GtkLabel   *body_label;

  CsAnalysis *analysis;
};

G_DEFINE_FINAL_TYPE (CsMemoryPage, cs_memory_page, GTK_TYPE_WIDGET)

static gboolean
has_register_samples (CsAnalysis *analysis)
{
  CsSession *session = analysis != NULL ? cs_analysis_get_session (analysis) : NULL;

  for (guint i = 0; session != NULL && i < cs_session_get_n_sampling_runs (session); i++)
    if (cs_session_get_sampling_run (session, i)->user_regs)
      return TRUE;
  return FALSE;
}

static void
update (CsMemoryPage *self)
{
  if (has_register_samples (self->analysis))
    {
      gtk_label_set_text (self->title_label, _("Memory view not available yet"));
      gtk_label_set_text (self->body_label,
                          _("This recording has samples with registers, from which data addresses "
                            "can be reconstructed. The cacheline table and address view that show "
                            "them come in a later version of Cyclescope."));
    }
  else
    {
      gtk_label_set_text (self->title_label, _("No address samples"));
      gtk_label_set_text (self->body_label,
                          _("The memory view shows which cachelines threads fight over. It needs "
                            "samples with data addresses: record with “cyclescope record --regs” "
                            "so that addresses are reconstructed from the sampled registers, or "
                            "on a processor with load-latency sampling."));
    }
}

void
cs_memory_page_set_analysis (CsMemoryPage *self,
                             CsAnalysis   *analysis)
{
  g_return_if_fail (CS_IS_MEMORY_PAGE (self));

  if (g_set_object (&self->analysis, analysis))
    update (self);
}

static void
cs_memory_page_dispose (GObject *object)
{
  CsMemoryPage *self = CS_MEMORY_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_MEMORY_PAGE);
  /* The template's root box is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_memory_page_parent_class)->dispose (object);
}

static void
cs_memory_page_class_init (CsMemoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_memory_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-memory-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, CsMemoryPage, body_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "memorypage");
}

static void
cs_memory_page_init (CsMemoryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update (self);
}

GtkWidget *
cs_memory_page_new (void)
{
  return g_object_new (CS_TYPE_MEMORY_PAGE, NULL);
}
