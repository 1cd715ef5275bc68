/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-view.c — the data-address scatter chart as a GTK widget */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-scatter-private.h"
#include "cs-scatter-segments.h"
#include "cs-scatter-view-private.h"
#include "cs-widgets-util.h"

G_DEFINE_FINAL_TYPE (CsScatterView, cs_scatter_view, CS_TYPE_CAIRO_VIEW)

enum {
  POINT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
invalidate (CsCairoView *view)
{
  g_clear_pointer (&CS_SCATTER_VIEW (view)->geometry, cs_scatter_geometry_free);
}

void
_cs_scatter_view_changed (CsScatterView *self)
{
  invalidate (CS_CAIRO_VIEW (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CsScatterViewport *
cs_scatter_view_get_viewport (CsScatterView *self)
{
  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), NULL);
  return &self->viewport;
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

  invalidate (CS_CAIRO_VIEW (self));
  cs_cairo_view_get_style (CS_CAIRO_VIEW (self), &style, &font);
  style.font = font;
  self->geometry = cs_scatter_geometry_new_view (self->data, &self->viewport, &style, width, height);
  self->geometry_width = width;
  self->geometry_height = height;
  return self->geometry;
}

static int
point_at (CsScatterView *self,
          double         x,
          double         y)
{
  const CsScatterGeometry *geometry;

  if (!isfinite (x) || !isfinite (y) || (geometry = cs_scatter_view_get_geometry (self)) == NULL)
    return -1;
  return cs_scatter_geometry_hit_test (geometry, self->data, x, y);
}

static char *
describe_point (CsScatterView *self,
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

/* A break of the address axis: which range it skips. */
static char *
describe_gap (CsScatterView *self,
              double         x,
              double         y)
{
  const CsScatterGeometry *g = cs_scatter_view_get_geometry (self);
  const CsScatterAxis *axis;

  if (g == NULL || g->mode != CS_SCATTER_MODE_ADDRESS)
    return NULL;
  axis = _cs_scatter_data_get_axis (self->data);
  for (guint i = 0; i < g->n_gaps; i++)
    {
      const CsRect *r = &g->gaps[i];
      double pos = g->y_min + (g->plot.y + g->plot.height - (r->y + r->height / 2)) / g->plot.height *
                   (g->y_max - g->y_min);

      if (y < r->y || y > r->y + r->height || x < r->x || x > r->x + r->width)
        continue;
      for (guint k = 1; k < axis->n_segments; k++)
        if (pos >= axis->segments[k - 1].end && pos <= axis->segments[k].start)
          {
            g_autofree char *from = _cs_scatter_format_address (axis->segments[k - 1].hi);
            g_autofree char *to = _cs_scatter_format_address (axis->segments[k].lo);
            g_autofree char *size = g_format_size_full (axis->segments[k].lo - axis->segments[k - 1].hi,
                                                        G_FORMAT_SIZE_IEC_UNITS);

            /* TRANSLATORS: tooltip of a break in the address axis: two addresses and a size */
            return g_markup_printf_escaped (_("No sampled access from %s to %s (%s): skipped"), from, to, size);
          }
    }
  return NULL;
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
cs_scatter_view_draw (CsCairoView        *view,
                      cairo_t            *cr,
                      const CsChartStyle *style,
                      double              width,
                      double              height)
{
  cs_scatter_draw_view (cr, CS_SCATTER_VIEW (view)->data, &CS_SCATTER_VIEW (view)->viewport, style, width,
                        height);
}

/* The point there, or (keyboard: NaN) what the chart holds. */
static char *
cs_scatter_view_describe (CsCairoView *view,
                          double       x,
                          double       y)
{
  CsScatterView *self = CS_SCATTER_VIEW (view);
  int index;

  if (!isfinite (x) || !isfinite (y))
    {
      g_autofree char *text = summary (self);

      return g_markup_escape_text (text, -1);
    }
  index = point_at (self, x, y);
  if (index >= 0)
    return describe_point (self, index);
  return describe_gap (self, x, y);
}

/* The address of the point there; otherwise the summary. */
static char *
cs_scatter_view_get_copy_text (CsCairoView *view,
                               double       x,
                               double       y)
{
  CsScatterView *self = CS_SCATTER_VIEW (view);
  int index = point_at (self, x, y);

  if (index < 0)
    return summary (self);
  return _cs_scatter_format_address (cs_scatter_data_get_point (self->data, index)->address);
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

static void
on_released (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             CsScatterView   *self)
{
  int index;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The end of a drag is no click. */
  if (self->dragged || (index = point_at (self, x, y)) < 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_signal_emit (self, signals[POINT_ACTIVATED], 0, cs_scatter_data_get_point (self->data, index)->address,
                 cs_scatter_data_get_point (self->data, index)->key);
}

static void
cs_scatter_view_dispose (GObject *object)
{
  CsScatterView *self = CS_SCATTER_VIEW (object);

  invalidate (CS_CAIRO_VIEW (self));
  g_clear_pointer (&self->data, cs_scatter_data_unref);
  G_OBJECT_CLASS (cs_scatter_view_parent_class)->dispose (object);
}

static void
cs_scatter_view_class_init (CsScatterViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CsCairoViewClass *view_class = CS_CAIRO_VIEW_CLASS (klass);

  object_class->dispose = cs_scatter_view_dispose;
  widget_class->measure = cs_scatter_view_measure;
  view_class->draw = cs_scatter_view_draw;
  view_class->describe = cs_scatter_view_describe;
  view_class->get_copy_text = cs_scatter_view_get_copy_text;
  view_class->invalidate = invalidate;

  /**
   * CsScatterView::point-activated:
   * @address: the data address of the clicked point
   * @key: its CsScatterPoint.key (the Memory page's line id)
   *
   * A point was clicked; the Memory page selects its cacheline.
   */
  signals[POINT_ACTIVATED] =
    g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_UINT);
  _cs_scatter_view_class_init_input (widget_class);

  gtk_widget_class_set_css_name (widget_class, "cs-scatter");
}

static void
cs_scatter_view_init (CsScatterView *self)
{
  GtkGesture *click;

  self->viewport = (CsScatterViewport) { 0, 1, 0, 1 };
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  _cs_scatter_view_init_input (self);
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
  /* The same points again (another line selected in them) keep the zoom;
   * other points (a filter, another recording) have another axis and are
   * shown whole. */
  if (data == NULL || self->data == NULL || data->mode != self->data->mode ||
      data->points->len != self->data->points->len || g_strcmp0 (data->title, self->data->title) != 0)
    self->viewport = (CsScatterViewport) { 0, 1, 0, 1 };
  invalidate (CS_CAIRO_VIEW (self));
  g_clear_pointer (&self->data, cs_scatter_data_unref);
  self->data = data;
  cs_cairo_view_set_has_content (CS_CAIRO_VIEW (self), data != NULL,
                                 data != NULL && data->title != NULL ? data->title : _("Data addresses"));
  description = summary (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

CsScatterData *
cs_scatter_view_get_data (CsScatterView *self)
{
  g_return_val_if_fail (CS_IS_SCATTER_VIEW (self), NULL);
  return self->data;
}
