/* cs-overview-page.c — the Overview page: summary, warnings and the chart grid
 *
 * The page is a container: the chart grid widget (widgets/) will take the
 * place of the drawing area below, which until then draws the same grid with
 * the cairo code the exporter uses (cs_chart_grid_draw), so what is on
 * screen and what is exported never differ.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-grid.h"
#include "cs-overview-page.h"
#include "cs-theme.h"
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
  GtkDrawingArea  *chart_area;

  CsAnalysis      *analysis;
  GtkWidget       *chart_popover;
};

G_DEFINE_FINAL_TYPE (CsOverviewPage, cs_overview_page, GTK_TYPE_WIDGET)

static GPtrArray *
get_charts (CsOverviewPage *self)
{
  return self->analysis != NULL ? cs_analysis_get_charts (self->analysis) : NULL;
}

static void
draw_charts (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  CsOverviewPage *self = user_data;
  GPtrArray *charts = get_charts (self);
  CsChartStyle style;

  if (charts == NULL || charts->len == 0)
    return;
  cs_chart_style_init (&style, cs_theme_for_widget (GTK_WIDGET (area)));
  /* Snap bar edges to device pixels on HiDPI screens. */
  style.scale = gtk_widget_get_scale_factor (GTK_WIDGET (area));
  cs_chart_grid_draw (cr, (CsChartValues * const *) charts->pdata, charts->len, &style, width, height);
}

/* Right click on a chart: export it, or all of them (UX: one click from every chart). */
static void
chart_area_pressed (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    gpointer         user_data)
{
  CsOverviewPage *self = user_data;
  GtkWidget *area = GTK_WIDGET (self->chart_area);
  GPtrArray *charts = get_charts (self);
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenuItem) item = NULL;
  const CsChartValues *values;
  GdkRectangle where = { (int) x, (int) y, 1, 1 };
  int index;

  if (charts == NULL || charts->len == 0)
    return;
  index = cs_chart_grid_chart_at (charts->len, gtk_widget_get_width (area),
                                  gtk_widget_get_height (area), x, y);
  if (index < 0)
    return;
  values = g_ptr_array_index (charts, index);

  menu = g_menu_new ();
  item = g_menu_item_new (_("Export This Chart…"), NULL);
  g_menu_item_set_action_and_target (item, "win.export-chart", "s", values->id);
  g_menu_append_item (menu, item);
  g_menu_append (menu, _("Export All Charts…"), "win.export");

  if (self->chart_popover == NULL)
    {
      self->chart_popover = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->chart_popover, area);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->chart_popover), FALSE);
      gtk_widget_set_halign (self->chart_popover, GTK_ALIGN_START);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->chart_popover), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->chart_popover), &where);
  gtk_popover_popup (GTK_POPOVER (self->chart_popover));
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

  if (session == NULL)
    {
      gtk_label_set_text (self->program_label, "");
      gtk_label_set_text (self->details_label, "");
      return;
    }
  command = cs_format_command (self->analysis);
  pmu = cs_format_pmu (session);
  model = cs_format_model (self->analysis);
  runs = cs_format_runs (session);
  duration = cs_format_duration (cs_session_get_duration (session));
  /* TRANSLATORS: "PMU: core (Intel Core) · Model: intel-core2 · Runs: 10 counting · Duration: 12.4 s" */
  details = g_strdup_printf (_("PMU: %s · Model: %s · Runs: %s · Duration: %s"),
                             pmu, model, runs, duration);
  gtk_label_set_text (self->program_label, command);
  gtk_label_set_text (self->details_label, details);
}

void
cs_overview_page_set_analysis (CsOverviewPage *self,
                               CsAnalysis     *analysis)
{
  GPtrArray *charts;

  g_return_if_fail (CS_IS_OVERVIEW_PAGE (self));

  if (!g_set_object (&self->analysis, analysis))
    return;
  if (self->chart_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->chart_popover));
  update_summary (self);
  update_warnings (self);
  charts = get_charts (self);
  gtk_stack_set_visible_child_name (self->content_stack,
                                    analysis == NULL || (charts != NULL && charts->len > 0)
                                    ? "charts" : "no-charts");
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

const char * const *
cs_overview_page_get_warnings (CsOverviewPage *self)
{
  g_return_val_if_fail (CS_IS_OVERVIEW_PAGE (self), NULL);

  return self->analysis != NULL ? cs_analysis_get_warnings (self->analysis) : NULL;
}

static void
cs_overview_page_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  CsOverviewPage *self = CS_OVERVIEW_PAGE (widget);

  GTK_WIDGET_CLASS (cs_overview_page_parent_class)->css_changed (widget, change);
  /* Dark mode switched: the charts take the other palette. */
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

static void
cs_overview_page_dispose (GObject *object)
{
  CsOverviewPage *self = CS_OVERVIEW_PAGE (object);
  GtkWidget *child;

  g_clear_pointer (&self->chart_popover, gtk_widget_unparent);
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
  widget_class->css_changed = cs_overview_page_css_changed;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-overview-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, program_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, details_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_details_button);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, warnings_details_label);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, CsOverviewPage, chart_area);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "overviewpage");
}

static void
cs_overview_page_init (CsOverviewPage *self)
{
  GtkGesture *click;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->chart_area, draw_charts, self, NULL);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (chart_area_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->chart_area), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
cs_overview_page_new (void)
{
  return g_object_new (CS_TYPE_OVERVIEW_PAGE, NULL);
}
