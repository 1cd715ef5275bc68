/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-summary.c — the sidebar's Session summary (cs-session-summary.ui) */
#include "config.h"

#include "cs-analysis.h"
#include "cs-session-summary.h"
#include "cs-viewer-format.h"

struct _CsSessionSummary
{
  GtkWidget   parent_instance;
  CsAnalysis *analysis;
  GtkLabel   *host_label;
  GtkLabel   *pmu_label;
  GtkLabel   *model_label;
  GtkLabel   *runs_label;
  GtkLabel   *duration_label;
};

G_DEFINE_FINAL_TYPE (CsSessionSummary, cs_session_summary, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_ANALYSIS, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* A value and, where the sidebar may wrap or the fact has more to it, the
 * whole in its tooltip. */
static void
show (GtkLabel   *label,
      const char *text,
      const char *tooltip)
{
  gtk_label_set_text (label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), tooltip);
}

static void
update (CsSessionSummary *self)
{
  CsSession *session = self->analysis != NULL ? cs_analysis_get_session (self->analysis) : NULL;
  CsModel *model = self->analysis != NULL ? cs_analysis_get_model (self->analysis) : NULL;
  g_autofree char *pmu = NULL;
  g_autofree char *model_text = NULL;
  g_autofree char *runs = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *host_tip = NULL;

  if (session == NULL)
    return;
  pmu = cs_format_pmu (session);
  model_text = cs_format_model (self->analysis);
  runs = cs_format_runs (session);
  duration = cs_format_recording_duration (self->analysis);
  host_tip = g_strdup_printf ("%s\n%s", cs_session_get_cpu_model (session) ? cs_session_get_cpu_model (session) : "",
                              cs_session_get_kernel_release (session) ? cs_session_get_kernel_release (session) : "");
  show (self->host_label, cs_session_get_hostname (session) ? cs_session_get_hostname (session) : "—",
        g_strstrip (host_tip));
  show (self->pmu_label, pmu, pmu);
  show (self->model_label, model_text, model != NULL ? cs_model_get_name (model) : NULL);
  show (self->runs_label, runs, runs);
  show (self->duration_label, duration, NULL);
}

static void
cs_session_summary_dispose (GObject *object)
{
  CsSessionSummary *self = CS_SESSION_SUMMARY (object);
  GtkWidget *child;

  /* The heading and the grid: children of the template, not all bound. */
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_SESSION_SUMMARY);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_session_summary_parent_class)->dispose (object);
}

static void
cs_session_summary_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CsSessionSummary *self = CS_SESSION_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_session_summary_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CsSessionSummary *self = CS_SESSION_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      if (g_set_object (&self->analysis, g_value_get_object (value)))
        {
          update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_session_summary_class_init (CsSessionSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_session_summary_dispose;
  object_class->get_property = cs_session_summary_get_property;
  object_class->set_property = cs_session_summary_set_property;

  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-session-summary.ui");
  gtk_widget_class_bind_template_child (widget_class, CsSessionSummary, host_label);
  gtk_widget_class_bind_template_child (widget_class, CsSessionSummary, pmu_label);
  gtk_widget_class_bind_template_child (widget_class, CsSessionSummary, model_label);
  gtk_widget_class_bind_template_child (widget_class, CsSessionSummary, runs_label);
  gtk_widget_class_bind_template_child (widget_class, CsSessionSummary, duration_label);
}

static void
cs_session_summary_init (CsSessionSummary *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
