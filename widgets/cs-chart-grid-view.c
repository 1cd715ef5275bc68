/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-grid-view.c — 1 to 12 chart widgets laid out by their count */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-grid.h"
#include "cs-chart-grid-view.h"

/* Keep in step with cs_chart_widget_measure(): the smallest chart cell. */
#define CELL_MIN_WIDTH  80
#define CELL_MIN_HEIGHT 60
/* The grid's largest margin (cs-chart-grid.c clamps it to 4..16). */
#define MAX_MARGIN      16

struct _CsChartGridView
{
  GtkWidget   parent_instance;
  GPtrArray  *charts;    /* CsChartWidget*, children in order */
  CsAnalysis *analysis;
  GPtrArray  *base_charts;  /* compared with these (CsChartValues*), or NULL */
};

G_DEFINE_FINAL_TYPE (CsChartGridView, cs_chart_grid_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANALYSIS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  EXPORT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
cs_chart_grid_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  CsChartGridView *self = CS_CHART_GRID_VIEW (widget);
  guint columns = 1, rows = 1;

  cs_chart_grid_get_shape (MAX (1, self->charts->len), &columns, &rows);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = columns * CELL_MIN_WIDTH + (columns + 1) * MAX_MARGIN;
      *natural = MAX (*minimum, (int) columns * 420);
    }
  else
    {
      *minimum = rows * CELL_MIN_HEIGHT + (rows + 1) * MAX_MARGIN;
      *natural = MAX (*minimum, (int) rows * 220);
    }
}

static void
cs_chart_grid_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  CsChartGridView *self = CS_CHART_GRID_VIEW (widget);
  g_autofree CsRect *rects = NULL;
  guint n = self->charts->len;

  if (n == 0)
    return;

  rects = g_new0 (CsRect, n);
  if (!cs_chart_grid_layout (n, width, height, rects))
    {
      /* Below our minimum (a parent that ignores it): stack them all at the
       * minimum size rather than allocate negative sizes. */
      for (guint i = 0; i < n; i++)
        rects[i] = (CsRect) { 0, 0, CELL_MIN_WIDTH, CELL_MIN_HEIGHT };
    }

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *child = g_ptr_array_index (self->charts, i);
      /* Round both edges, so neighbouring cells keep an exact gap. */
      int x = (int) round (rects[i].x);
      int y = (int) round (rects[i].y);
      int w = (int) round (rects[i].x + rects[i].width) - x;
      int h = (int) round (rects[i].y + rects[i].height) - y;
      int min_w, min_h;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
      gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, MAX (w, min_w), MAX (h, min_h) }, -1);
    }
}

static void
clear_charts (CsChartGridView *self)
{
  for (guint i = 0; i < self->charts->len; i++)
    {
      GtkWidget *child = g_ptr_array_index (self->charts, i);

      g_signal_handlers_disconnect_by_data (child, self);
      gtk_widget_unparent (child);
    }
  g_ptr_array_set_size (self->charts, 0);
}

static void
cs_chart_grid_view_dispose (GObject *object)
{
  CsChartGridView *self = CS_CHART_GRID_VIEW (object);

  if (self->charts != NULL)
    clear_charts (self);
  g_clear_pointer (&self->charts, g_ptr_array_unref);
  g_clear_object (&self->analysis);
  g_clear_pointer (&self->base_charts, g_ptr_array_unref);
  G_OBJECT_CLASS (cs_chart_grid_view_parent_class)->dispose (object);
}

static void
cs_chart_grid_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, CS_CHART_GRID_VIEW (object)->analysis);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_chart_grid_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      cs_chart_grid_view_set_analysis (CS_CHART_GRID_VIEW (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_chart_grid_view_class_init (CsChartGridViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_chart_grid_view_dispose;
  object_class->get_property = cs_chart_grid_view_get_property;
  object_class->set_property = cs_chart_grid_view_set_property;
  widget_class->measure = cs_chart_grid_view_measure;
  widget_class->size_allocate = cs_chart_grid_view_size_allocate;

  /**
   * CsChartGridView::export-requested:
   * @chart_id: the id of the chart whose context menu asked for an export
   */
  signals[EXPORT_REQUESTED] =
    g_signal_new ("export-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CsChartGridView:analysis:
   *
   * The recording whose program charts are shown (cs_analysis_get_charts).
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "cs-chart-grid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cs_chart_grid_view_init (CsChartGridView *self)
{
  self->charts = g_ptr_array_new ();
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
cs_chart_grid_view_new (void)
{
  return g_object_new (CS_TYPE_CHART_GRID_VIEW, NULL);
}

static void
on_export_requested (CsChartWidget   *chart,
                     CsChartGridView *self)
{
  g_signal_emit (self, signals[EXPORT_REQUESTED], 0, cs_chart_widget_get_chart_id (chart));
}

void
cs_chart_grid_view_set_charts (CsChartGridView *self,
                               GPtrArray       *charts)
{
  g_autoptr(GPtrArray) bases = NULL;

  g_return_if_fail (CS_IS_CHART_GRID_VIEW (self));

  clear_charts (self);
  if (self->base_charts != NULL)
    bases = cs_chart_grid_match_bases (charts, self->base_charts);
  for (guint i = 0; charts != NULL && i < charts->len; i++)
    {
      GtkWidget *chart = cs_chart_widget_new ();

      cs_chart_widget_set_values (CS_CHART_WIDGET (chart), g_ptr_array_index (charts, i));
      if (bases != NULL)
        cs_chart_widget_set_base_values (CS_CHART_WIDGET (chart), g_ptr_array_index (bases, i));
      g_signal_connect (chart, "export-requested", G_CALLBACK (on_export_requested), self);
      gtk_widget_set_parent (chart, GTK_WIDGET (self));
      g_ptr_array_add (self->charts, chart);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
cs_chart_grid_view_set_analysis (CsChartGridView *self,
                                 CsAnalysis      *analysis)
{
  g_return_if_fail (CS_IS_CHART_GRID_VIEW (self));
  g_return_if_fail (analysis == NULL || CS_IS_ANALYSIS (analysis));

  if (!g_set_object (&self->analysis, analysis))
    return;
  cs_chart_grid_view_set_charts (self, analysis != NULL ? cs_analysis_get_charts (analysis) : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

void
cs_chart_grid_view_set_base_charts (CsChartGridView *self,
                                    GPtrArray       *base_charts)
{
  g_autoptr(GPtrArray) bases = NULL;
  g_autoptr(GPtrArray) charts = g_ptr_array_new ();

  g_return_if_fail (CS_IS_CHART_GRID_VIEW (self));

  if (base_charts != NULL)
    g_ptr_array_ref (base_charts);
  g_clear_pointer (&self->base_charts, g_ptr_array_unref);
  self->base_charts = base_charts;
  for (guint i = 0; i < self->charts->len; i++)
    g_ptr_array_add (charts, (gpointer) cs_chart_widget_get_values (g_ptr_array_index (self->charts, i)));
  if (base_charts != NULL)
    bases = cs_chart_grid_match_bases (charts, base_charts);
  for (guint i = 0; i < self->charts->len; i++)
    cs_chart_widget_set_base_values (g_ptr_array_index (self->charts, i),
                                     bases != NULL ? g_ptr_array_index (bases, i) : NULL);
}

guint
cs_chart_grid_view_get_n_charts (CsChartGridView *self)
{
  g_return_val_if_fail (CS_IS_CHART_GRID_VIEW (self), 0);
  return self->charts->len;
}

CsChartWidget *
cs_chart_grid_view_get_chart (CsChartGridView *self,
                              guint            index)
{
  g_return_val_if_fail (CS_IS_CHART_GRID_VIEW (self), NULL);
  g_return_val_if_fail (index < self->charts->len, NULL);
  return g_ptr_array_index (self->charts, index);
}
