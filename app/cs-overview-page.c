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
#include "cs-overview-page.h"
#include "cs-viewer-format.h"

struct _CsOverviewPage
{
  GtkWidget        parent_instance;

  GtkLabel        *program_label;
  GtkLabel        *details_label;
  GtkRevealer     *warnings_revealer;
  GtkLabel        *warning_label;
  GtkToggleButton *warnings_details_button;
  GtkLabel        *warnings_details_label;
  GtkStack        *content_stack;
  CsChartGridView *chart_grid;

  CsAnalysis      *analysis;
};

G_DEFINE_FINAL_TYPE (CsOverviewPage, cs_overview_page, GTK_TYPE_WIDGET)

static void
export_requested (CsChartGridView *grid,
                  const char      *chart_id,
                  CsOverviewPage  *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.export-chart", "s", chart_id != NULL ? chart_id : "");
}

static void
update_warnings (CsOverviewPage *self)
{
  const char * const *warnings = cs_overview_page_get_warnings (self);
  guint n = warnings != NULL ? g_strv_length ((char **) warnings) : 0;
  g_autofree char *all = NULL;

  gtk_toggle_button_set_active (self->warnings_details_button, FALSE);
  /* Details lists them all; with one warning the banner already says everything. */
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_details_button), n > 1);
  gtk_revealer_set_reveal_child (self->warnings_revealer, n > 0);
  if (n == 0)
    return;

  if (n == 1)
    gtk_label_set_text (self->warning_label, warnings[0]);
  else
    {
      /* TRANSLATORS: a warning, then how many more are listed under Details */
      g_autofree char *text = g_strdup_printf (ngettext ("%s (and %u more warning)",
                                                         "%s (and %u more warnings)", n - 1),
                                               warnings[0], n - 1);
      gtk_label_set_text (self->warning_label, text);
    }
  all = g_strjoinv ("\n", (char **) warnings);
  gtk_label_set_text (self->warnings_details_label, all);
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
  duration = cs_format_duration (cs_session_get_duration (session));
  /* TRANSLATORS: "Host: vm · PMU: core (Intel Core) · Model: intel-core2 · Runs: 10 counting ·
   * Duration: 12.4 s" */
  details = g_strdup_printf (_("Host: %s · PMU: %s · Model: %s · Runs: %s · Duration: %s"),
                             host != NULL && host[0] != '\0' ? host : "—", pmu, model, runs, duration);
  gtk_label_set_text (self->program_label, command);
  gtk_label_set_text (self->details_label, details);
}

void
cs_overview_page_set_analysis (CsOverviewPage *self,
                               CsAnalysis     *analysis)
{
  g_return_if_fail (CS_IS_OVERVIEW_PAGE (self));

  if (!g_set_object (&self->analysis, analysis))
    return;
  update_summary (self);
  update_warnings (self);
  cs_chart_grid_view_set_analysis (self->chart_grid, analysis);
  gtk_stack_set_visible_child_name (self->content_stack,
                                    analysis == NULL || cs_chart_grid_view_get_n_charts (self->chart_grid) > 0
                                    ? "charts" : "no-charts");
}

const char * const *
cs_overview_page_get_warnings (CsOverviewPage *self)
{
  g_return_val_if_fail (CS_IS_OVERVIEW_PAGE (self), NULL);

  return self->analysis != NULL ? cs_analysis_get_warnings (self->analysis) : NULL;
}

CsChartGridView *
cs_overview_page_get_chart_grid (CsOverviewPage *self)
{
  g_return_val_if_fail (CS_IS_OVERVIEW_PAGE (self), NULL);

  return self->chart_grid;
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
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (cs_overview_page_parent_class)->dispose (object);
}

static void
cs_overview_page_class_init (CsOverviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_overview_page_dispose;

  g_type_ensure (CS_TYPE_CHART_GRID_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-overview-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, program_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, details_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_details_button);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_details_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, chart_grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "overviewpage");
}

static void
cs_overview_page_init (CsOverviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->chart_grid, "export-requested", G_CALLBACK (export_requested), self);
}

GtkWidget *
cs_overview_page_new (void)
{
  return g_object_new (CS_TYPE_OVERVIEW_PAGE, NULL);
}
