/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-view.c — the data-address scatter chart as a GTK widget */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-card.h"
#include "cs-chart-format.h"
#include "cs-scatter-private.h"
#include "cs-scatter-view.h"
#include "cs-widgets-util.h"

struct _CsScatterView
{
  GtkWidget          parent_instance;
  CsScatterData     *data;
  /* Hover and tooltips hit-test on every motion: the layout (text
   * measurement) is kept until the size, style or data change. */
  CsScatterGeometry *geometry;
  int                geometry_width, geometry_height;
};

G_DEFINE_FINAL_TYPE (CsScatterView, cs_scatter_view, GTK_TYPE_WIDGET)

enum {
  POINT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
cs_scatter_view_get_style (CsScatterView  *self,
                           CsChartStyle   *style,
                           char          **font)
{
  g_return_if_fail (CS_IS_SCATTER_VIEW (self));
  cs_chart_card_get_style (GTK_WIDGET (self), style, font);
}

static void
invalidate (CsScatterView *self)
{
  g_clear_pointer (&self->geometry, cs_scatter_geometry_free);
}

const CsScatterGeometry *
cs_scatter_view_get_geometry (CsScatterView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  g_autofree char *font = NULL;
  CsChartStyle style;

  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), NULL);

  if (self->data == NULL || width <= 0 || height <= 0)
    return NULL;
  if (self->geometry != NULL && self->geometry_width == width && self->geometry_height == height)
    return self->geometry;

  invalidate (self);
  cs_scatter_view_get_style (self, &style, &font);
  style.font = font;
  self->geometry = cs_scatter_geometry_new (self->data, &style, width, height);
  self->geometry_width = width;
  self->geometry_height = height;
  return self->geometry;
}

int
cs_scatter_view_point_at (CsScatterView *self,
                          double         x,
                          double         y)
{
  const CsScatterGeometry *geometry;

  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), -1);

  if ((geometry = cs_scatter_view_get_geometry (self)) == NULL)
    return -1;
  return cs_scatter_geometry_hit_test (geometry, self->data, x, y);
}

char *
cs_scatter_view_describe_point (CsScatterView *self,
                                guint          index)
{
  const CsScatterPoint *p;
  const char *name;
  g_autofree char *fallback = NULL;
  g_autofree char *address = NULL;
  g_autofree char *line = NULL;
  g_autofree char *time = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *where = NULL;
  g_autofree char *when = NULL;

  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), NULL);
  g_return_val_if_fail (self->data != NULL && index < self->data->points->len, NULL);

  p = cs_scatter_data_get_point (self->data, index);
  if ((name = cs_scatter_data_get_series (self->data, p->thread)) == NULL)
    name = fallback = g_strdup_printf (_("Thread %u"), p->thread);
  address = _cs_scatter_format_address (p->address);
  line = _cs_scatter_format_address (cs_scatter_line_of (p->address));
  time = cs_chart_format_grouped (p->time, 6);
  kind = g_strdup_printf ((p->flags & CS_SCATTER_POINT_STORE)
                          /* TRANSLATORS: tooltip of a point: "Store at 0x7ffd12345648" */
                          ? _("Store at %s")
                          /* TRANSLATORS: tooltip of a point: "Load at 0x7ffd12345648" */
                          : _("Load at %s"), address);
  /* TRANSLATORS: tooltip: "Byte 8 of cacheline 0x7ffd12345640" */
  where = g_strdup_printf (_("Byte %u of cacheline %s"), cs_scatter_offset_of (p->address), line);
  /* TRANSLATORS: tooltip: seconds from the start of the recording, "At 1.250000 s" */
  when = g_strdup_printf (_("At %s s"), time);

  /* Provenance is visible (UX.md): the address is not a counted value. */
  return g_markup_printf_escaped ("<b>%s</b>\n%s\n%s\n%s\n<small>%s</small>", name, kind, where, when,
                                  _("The data address is reconstructed from the sample’s registers."));
}

char *
cs_scatter_view_describe_at (CsScatterView *self,
                             double         x,
                             double         y)
{
  int index;

  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), NULL);

  index = cs_scatter_view_point_at (self, x, y);
  return index >= 0 ? cs_scatter_view_describe_point (self, index) : NULL;
}

static char *
summary (CsScatterView *self)
{
  g_autofree char *points = NULL;

  if (self->data == NULL)
    return g_strdup ("");
  points = cs_chart_format_grouped (self->data->points->len, 0);
  /* TRANSLATORS: accessible description of the scatter chart: "12,345 sampled data accesses by 3 threads" */
  return g_strdup_printf (ngettext ("%s sampled data accesses by %u thread",
                                    "%s sampled data accesses by %u threads", self->data->series->len),
                          points, self->data->series->len);
}

static void
cs_scatter_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  cs_chart_card_snapshot (widget, snapshot, (CsChartCardDraw) cs_scatter_draw, CS_SCATTER_VIEW (widget)->data);
}

static void
cs_scatter_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  /* Room for 64 byte columns and a few time ticks; the page decides more. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 360;
}

static gboolean
cs_scatter_view_query_tooltip (GtkWidget  *widget,
                               int         x,
                               int         y,
                               gboolean    keyboard_mode,
                               GtkTooltip *tooltip)
{
  CsScatterView *self = CS_SCATTER_VIEW (widget);
  g_autofree char *markup = NULL;

  if (self->data == NULL)
    return FALSE;
  if (keyboard_mode)
    {
      /* No pointer: say what the chart holds. */
      g_autofree char *text = summary (self);
      markup = g_markup_escape_text (text, -1);
    }
  else
    markup = cs_scatter_view_describe_at (self, x, y);
  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

static void
on_released (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             CsScatterView   *self)
{
  int index = cs_scatter_view_point_at (self, x, y);

  if (index < 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  g_signal_emit (self, signals[POINT_ACTIVATED], 0, cs_scatter_data_get_point (self->data, index)->address);
}

static void
cs_scatter_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  invalidate (CS_SCATTER_VIEW (widget));
}

static void
cs_scatter_view_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (cs_scatter_view_parent_class)->css_changed (widget, change);
  /* The theme (light or dark palette) and the font come from the style. */
  invalidate (CS_SCATTER_VIEW (widget));
  gtk_widget_queue_draw (widget);
}

static void
cs_scatter_view_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_scatter_view_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_scatter_view_dispose (GObject *object)
{
  CsScatterView *self = CS_SCATTER_VIEW (object);

  invalidate (self);
  g_clear_pointer (&self->data, cs_scatter_data_unref);
  G_OBJECT_CLASS (cs_scatter_view_parent_class)->dispose (object);
}

static void
cs_scatter_view_class_init (CsScatterViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_scatter_view_dispose;
  widget_class->snapshot = cs_scatter_view_snapshot;
  widget_class->measure = cs_scatter_view_measure;
  widget_class->size_allocate = cs_scatter_view_size_allocate;
  widget_class->query_tooltip = cs_scatter_view_query_tooltip;
  widget_class->root = cs_scatter_view_root;
  widget_class->css_changed = cs_scatter_view_css_changed;

  /**
   * CsScatterView::point-activated:
   * @address: the data address of the clicked point
   *
   * A point was clicked; the Memory page selects its cacheline.
   */
  signals[POINT_ACTIVATED] =
    g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);

  gtk_widget_class_set_css_name (widget_class, "cs-scatter");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cs_scatter_view_init (CsScatterView *self)
{
  GtkGesture *click;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
cs_scatter_view_new (void)
{
  return g_object_new (CS_TYPE_SCATTER_VIEW, NULL);
}

void
cs_scatter_view_set_data (CsScatterView *self,
                          CsScatterData *data)
{
  g_autofree char *description = NULL;

  g_return_if_fail (CS_IS_SCATTER_VIEW (self));

  if (data != NULL)
    cs_scatter_data_ref (data);
  g_clear_pointer (&self->data, cs_scatter_data_unref);
  self->data = data;
  invalidate (self);

  description = summary (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  data != NULL && data->title != NULL ? data->title : _("Data addresses"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

CsScatterData *
cs_scatter_view_get_data (CsScatterView *self)
{
  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), NULL);
  return self->data;
}
