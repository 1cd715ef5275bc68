/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-overview-page.c — the Overview page: summary, warnings and the chart grid
 *
 * Above the grid: what was recorded, where and how (program, host, PMU,
 * model, runs, duration) and what limits the numbers (no PMU, multiplexing,
 * lost samples). The grid is the chart widgets' own (widgets/), which draw
 * with the exporter's cairo code; their context menu's "Export Chart…"
 * opens the window's export dialog on that chart.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-grid-view.h"
#include "cs-comparison.h"
#include "cs-chart-values.h"
#include "cs-overview-page.h"
#include "cs-viewer-format.h"

struct _CsOverviewPage
{
  GtkWidget        parent_instance;

  GtkLabel        *program_label;
  GtkLabel        *details_label;
  GtkRevealer     *warnings_revealer;
  GtkRevealer     *finding_revealer;
  GtkLabel        *finding_label;
  GtkLabel        *warning_label;
  GtkToggleButton *warnings_details_button;
  GtkLabel        *warnings_details_label;
  GtkStack        *content_stack;
  CsChartGridView *chart_grid;
  GtkLabel        *hidden_charts_label;
  GtkLabel        *no_charts_label;

  CsAnalysis      *analysis;
  CsComparison    *comparison;   /* compared with a base, or NULL */
};

G_DEFINE_FINAL_TYPE (CsOverviewPage, cs_overview_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_COMPARISON,
  PROP_FINDING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
export_requested (CsChartGridView *grid,
                  const char      *chart_id,
                  CsOverviewPage  *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.export-chart", "s", chart_id != NULL ? chart_id : "");
}

/* The banner says the short warnings, stated from the recording's facts in
 * the user's language; Details lists the rest of them, then the sentences
 * the recorder stored in the session (in the recording's language). */
static void
update_warnings (CsOverviewPage *self)
{
  const char * const *warnings = self->analysis != NULL ? cs_analysis_get_warnings (self->analysis) : NULL;
  const char * const *recorded = self->analysis != NULL ? cs_analysis_get_warning_details (self->analysis) : NULL;
  guint n = warnings != NULL ? g_strv_length ((char **) warnings) : 0;
  guint n_recorded = recorded != NULL ? g_strv_length ((char **) recorded) : 0;
  g_autoptr(GString) details = g_string_new (NULL);

  gtk_toggle_button_set_active (self->warnings_details_button, FALSE);
  gtk_revealer_set_reveal_child (self->warnings_revealer, n + n_recorded > 0);

  if (n == 0)
    gtk_label_set_text (self->warning_label, _("The recording noted problems: see Details."));
  else if (n == 1)
    gtk_label_set_text (self->warning_label, warnings[0]);
  else
    {
      /* TRANSLATORS: a warning, then how many more are listed under Details */
      g_autofree char *text = g_strdup_printf (ngettext ("%s (and %u more warning)",
                                                         "%s (and %u more warnings)", n - 1),
                                               warnings[0], n - 1);
      gtk_label_set_text (self->warning_label, text);
    }

  for (guint i = 1; i < n; i++)
    g_string_append_printf (details, "%s%s", details->len > 0 ? "\n" : "", warnings[i]);
  if (n_recorded > 0)
    {
      if (details->len > 0)
        g_string_append (details, "\n\n");
      /* TRANSLATORS: heading of the warnings the recorder wrote into the
       * session file, listed below it as they were written */
      g_string_append (details, _("Noted when the program was recorded:"));
      for (guint i = 0; i < n_recorded; i++)
        g_string_append_printf (details, "\n%s", recorded[i]);
    }
  gtk_label_set_text (self->warnings_details_label, details->str);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_details_button), details->len > 0);
}

/* Without counts the model's charts have no values: say how many were
 * left out and how to get them, rather than draw empty charts. */
static void
update_hidden_charts (CsOverviewPage *self)
{
  GPtrArray *hidden = self->analysis != NULL ? cs_analysis_get_hidden_charts (self->analysis) : NULL;
  g_autoptr(GString) titles = g_string_new (NULL);
  g_autofree char *text = NULL;

  if (hidden == NULL || hidden->len == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->hidden_charts_label), FALSE);
      gtk_label_set_text (self->no_charts_label, _("The model of this recording defines no charts."));
      return;
    }
  text = cs_analysis_describe_hidden_charts (self->analysis);
  for (guint i = 0; i < hidden->len; i++)
    {
      const CsChartValues *chart = g_ptr_array_index (hidden, i);

      g_string_append_printf (titles, "%s%s", i > 0 ? "\n" : "", chart->title != NULL ? chart->title : chart->id);
    }
  gtk_label_set_text (self->hidden_charts_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hidden_charts_label), titles->str);
  gtk_widget_set_visible (GTK_WIDGET (self->hidden_charts_label), TRUE);
  gtk_label_set_text (self->no_charts_label, text);
}

static void
update_summary (CsOverviewPage *self)
{
  CsSession *session = self->analysis != NULL ? cs_analysis_get_session (self->analysis) : NULL;
  g_autofree char *command = NULL;
  g_autofree char *pmu = NULL;
  g_autofree char *model = NULL;
  g_autofree char *runs = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *details = NULL;
  const char *host;

  if (session == NULL)
    {
      gtk_label_set_text (self->program_label, "");
      gtk_label_set_text (self->details_label, "");
      return;
    }
  command = cs_format_command (self->analysis);
  host = cs_session_get_hostname (session);
  pmu = cs_format_pmu (session);
  model = cs_format_model (self->analysis);
  runs = cs_format_runs (session);
  duration = cs_format_recording_duration (self->analysis);
  /* TRANSLATORS: "Host: vm · PMU: core (Intel Core) · Model: intel-core2 · Runs: 10 counting ·
   * Duration: 12.4 s" */
  details = g_strdup_printf (_("Host: %s · PMU: %s · Model: %s · Runs: %s · Duration: %s"),
                             host != NULL && host[0] != '\0' ? host : "—", pmu, model, runs, duration);
  gtk_label_set_text (self->program_label, command);
  {
    g_autofree char *sampling = cs_format_sampling (self->analysis);
    g_autofree char *lines = sampling != NULL ? g_strdup_printf ("%s\n%s", details, sampling) : NULL;

    gtk_label_set_text (self->details_label, lines != NULL ? lines : details);
  }
}

/* The chart grid follows :analysis by a binding in the template; the rest
 * of the page is said here. */
static void
set_analysis (CsOverviewPage *self,
              CsAnalysis     *analysis)
{
  if (!g_set_object (&self->analysis, analysis))
    return;
  update_summary (self);
  update_warnings (self);
  update_hidden_charts (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

static void
charts_changed (CsOverviewPage *self)
{
  gtk_stack_set_visible_child_name (self->content_stack,
                                    self->analysis == NULL || cs_chart_grid_view_get_n_charts (self->chart_grid) > 0
                                    ? "charts" : "no-charts");
}


static void
set_finding (CsOverviewPage *self,
             const char     *text)
{
  if (g_strcmp0 (text, cs_overview_page_get_finding (self)) == 0)
    return;
  gtk_label_set_text (self->finding_label, text != NULL ? text : "");
  gtk_revealer_set_reveal_child (self->finding_revealer, text != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINDING]);
}

const char *
cs_overview_page_get_finding (CsOverviewPage *self)
{
  g_return_val_if_fail (CS_IS_OVERVIEW_PAGE (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->finding_revealer))
    return NULL;
  return gtk_label_get_text (self->finding_label);
}





static void
cs_overview_page_dispose (GObject *object)
{
  CsOverviewPage *self = CS_OVERVIEW_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_OVERVIEW_PAGE);
  /* The template's root box is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->comparison);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_overview_page_parent_class)->dispose (object);
}

/* The charts pair up with the base's of the same id (cs-chart-grid-view.h). */
static void
set_comparison (CsOverviewPage *self,
                CsComparison   *comparison)
{
  if (!g_set_object (&self->comparison, comparison))
    return;
  cs_chart_grid_view_set_base_charts (self->chart_grid,
                                      comparison != NULL ? cs_analysis_get_charts (cs_comparison_get_base (comparison))
                                                         : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
}

static void
cs_overview_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CsOverviewPage *self = CS_OVERVIEW_PAGE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_COMPARISON:
      g_value_set_object (value, self->comparison);
      break;
    case PROP_FINDING:
      g_value_set_string (value, cs_overview_page_get_finding (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_overview_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CsOverviewPage *self = CS_OVERVIEW_PAGE (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS:
      set_analysis (self, g_value_get_object (value));
      break;
    case PROP_COMPARISON:
      set_comparison (self, g_value_get_object (value));
      break;
    case PROP_FINDING:
      set_finding (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_overview_page_class_init (CsOverviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_overview_page_dispose;
  object_class->get_property = cs_overview_page_get_property;
  object_class->set_property = cs_overview_page_set_property;

  /**
   * CsOverviewPage:analysis:
   *
   * The recording shown (NULL: none); the window binds it to its own.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CsOverviewPage:finding:
   *
   * What another page found, shown above the charts with a button to that
   * page (the Memory page's false sharing, bound in the window); NULL hides it.
   */
  properties[PROP_FINDING] =
    g_param_spec_string ("finding", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The recording compared with a base (the window's "comparison"), or
   * NULL: the page gains Base / New / Δ where it has numbers to pair. */
  properties[PROP_COMPARISON] =
    g_param_spec_object ("comparison", NULL, NULL, CS_TYPE_COMPARISON,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_CHART_GRID_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-overview-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, program_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, details_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, finding_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, finding_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_details_button);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_details_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, chart_grid);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, hidden_charts_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, no_charts_label);
  gtk_widget_class_bind_template_callback (widget_class, charts_changed);
  gtk_widget_class_bind_template_callback (widget_class, export_requested);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "overviewpage");
}

static void
cs_overview_page_init (CsOverviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
