/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-view-input.c — zooming and panning the scatter
 *
 * Both axes zoom and pan, and every gesture has a key: the wheel zooms
 * around the pointer (Shift: time only, Ctrl: the other axis only), a
 * sideways scroll or a drag pans; + and − zoom around the centre, the
 * arrow keys pan, Ctrl+arrows zoom one axis, 0 or Home shows everything
 * again ("Reset Zoom" in the context menu). The viewport stays inside the
 * data's full ranges.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-scatter-view-private.h"

#define ZOOM_STEP   1.25
#define KEY_ZOOM    1.5
#define KEY_PAN     0.1     /* of the shown width or height */
#define MIN_SPAN    1e-7    /* of the full range: deep enough for single accesses */
#define DRAG_SLOP   4.0

enum { AXIS_X = 1, AXIS_Y = 2 };

/* Keeps [lo, hi] inside [0, 1], its width if it fits. */
static void
clamp_span (double *lo,
            double *hi)
{
  double w = MIN (*hi - *lo, 1);

  if (*lo < 0)
    {
      *lo = 0;
      *hi = w;
    }
  if (*hi > 1)
    {
      *hi = 1;
      *lo = 1 - w;
    }
}

/* Zooms by @factor (> 1: in) around the fractions @fx, @fy of the plot. */
static void
zoom_at (CsScatterView *self,
         double         factor,
         double         fx,
         double         fy,
         guint          axes)
{
  CsScatterViewport *vp = &self->viewport;

  if (axes & AXIS_X)
    {
      double at = vp->x0 + CLAMP (fx, 0, 1) * (vp->x1 - vp->x0);
      double w = CLAMP ((vp->x1 - vp->x0) / factor, MIN_SPAN, 1);

      vp->x0 = at - (at - vp->x0) * w / (vp->x1 - vp->x0);
      vp->x1 = vp->x0 + w;
      clamp_span (&vp->x0, &vp->x1);
    }
  if (axes & AXIS_Y)
    {
      double at = vp->y0 + CLAMP (fy, 0, 1) * (vp->y1 - vp->y0);
      double h = CLAMP ((vp->y1 - vp->y0) / factor, MIN_SPAN, 1);

      vp->y0 = at - (at - vp->y0) * h / (vp->y1 - vp->y0);
      vp->y1 = vp->y0 + h;
      clamp_span (&vp->y0, &vp->y1);
    }
  _cs_scatter_view_changed (self);
}

/* Where (@x, @y) lies in the plot, as fractions (y upwards). */
static void
plot_fractions (CsScatterView *self,
                double         x,
                double         y,
                double        *fx,
                double        *fy)
{
  const CsScatterGeometry *g = cs_scatter_view_get_geometry (self);

  *fx = *fy = 0.5;
  if (g == NULL || g->plot.width <= 0 || !isfinite (x) || !isfinite (y))
    return;
  *fx = (x - g->plot.x) / g->plot.width;
  *fy = (g->plot.y + g->plot.height - y) / g->plot.height;
}

void
cs_scatter_view_zoom (CsScatterView *self,
                      double         factor_x,
                      double         factor_y,
                      double         x,
                      double         y)
{
  double fx, fy;

  g_return_if_fail (CS_IS_SCATTER_VIEW (self));

  plot_fractions (self, x, y, &fx, &fy);
  if (factor_x != 1)
    zoom_at (self, factor_x, fx, fy, AXIS_X);
  if (factor_y != 1)
    zoom_at (self, factor_y, fx, fy, AXIS_Y);
}

void
cs_scatter_view_pan (CsScatterView *self,
                     double         dx,
                     double         dy)
{
  const CsScatterGeometry *g;
  CsScatterViewport *vp = &self->viewport;
  double shift_x, shift_y;

  g_return_if_fail (CS_IS_SCATTER_VIEW (self));

  if ((g = cs_scatter_view_get_geometry (self)) == NULL || g->plot.width <= 0)
    return;
  /* Content follows the pointer: dragging right shows earlier times. */
  shift_x = dx / g->plot.width * (vp->x1 - vp->x0);
  shift_y = dy / g->plot.height * (vp->y1 - vp->y0);
  vp->x0 -= shift_x;
  vp->x1 -= shift_x;
  vp->y0 += shift_y;
  vp->y1 += shift_y;
  clamp_span (&vp->x0, &vp->x1);
  clamp_span (&vp->y0, &vp->y1);
  _cs_scatter_view_changed (self);
}

void
cs_scatter_view_reset_zoom (CsScatterView *self)
{
  g_return_if_fail (CS_IS_SCATTER_VIEW (self));

  self->viewport = (CsScatterViewport) { 0, 1, 0, 1 };
  _cs_scatter_view_changed (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           CsScatterView            *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double x = NAN, y = NAN, factor;

  if (self->data == NULL)
    return FALSE;
  /* GTK 4's scroll events carry no position: the pointer's last one. */
  if (event == NULL || !gdk_event_get_position (event, &x, &y))
    x = self->pointer_x, y = self->pointer_y;
  if (fabs (dx) > fabs (dy) && !(state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)))
    {
      cs_scatter_view_pan (self, -dx * 20, 0);
      return TRUE;
    }
  factor = pow (ZOOM_STEP, -dy);
  cs_scatter_view_zoom (self, (state & GDK_CONTROL_MASK) ? 1 : factor, (state & GDK_SHIFT_MASK) ? 1 : factor,
                        x, y);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           CsScatterView            *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
}

static void
on_leave (GtkEventControllerMotion *controller,
          CsScatterView            *self)
{
  self->pointer_x = self->pointer_y = NAN;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               CsScatterView  *self)
{
  self->drag_x = self->drag_y = 0;
  self->dragged = FALSE;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          ox,
                double          oy,
                CsScatterView  *self)
{
  if (!self->dragged && hypot (ox, oy) < DRAG_SLOP)
    return;
  if (!self->dragged)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  self->dragged = TRUE;
  cs_scatter_view_pan (self, ox - self->drag_x, oy - self->drag_y);
  self->drag_x = ox;
  self->drag_y = oy;
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          ox,
             double          oy,
             CsScatterView  *self)
{
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CsScatterView         *self)
{
  const CsScatterGeometry *g = cs_scatter_view_get_geometry (self);
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  double w, h;

  if (g == NULL || g->plot.width <= 0)
    return FALSE;
  w = g->plot.width;
  h = g->plot.height;
  switch (keyval)
    {
    case GDK_KEY_plus: case GDK_KEY_equal: case GDK_KEY_KP_Add:
      cs_scatter_view_zoom (self, KEY_ZOOM, KEY_ZOOM, NAN, NAN);
      return TRUE;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
      cs_scatter_view_zoom (self, 1 / KEY_ZOOM, 1 / KEY_ZOOM, NAN, NAN);
      return TRUE;
    case GDK_KEY_0: case GDK_KEY_KP_0: case GDK_KEY_Home:
      cs_scatter_view_reset_zoom (self);
      return TRUE;
    case GDK_KEY_Left: case GDK_KEY_Right:
      if (ctrl)
        cs_scatter_view_zoom (self, keyval == GDK_KEY_Right ? KEY_ZOOM : 1 / KEY_ZOOM, 1, NAN, NAN);
      else
        cs_scatter_view_pan (self, (keyval == GDK_KEY_Left ? 1 : -1) * w * KEY_PAN, 0);
      return TRUE;
    case GDK_KEY_Up: case GDK_KEY_Down:
      if (ctrl)
        cs_scatter_view_zoom (self, 1, keyval == GDK_KEY_Up ? KEY_ZOOM : 1 / KEY_ZOOM, NAN, NAN);
      else
        cs_scatter_view_pan (self, 0, (keyval == GDK_KEY_Up ? 1 : -1) * h * KEY_PAN);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
action_reset (GtkWidget  *widget,
              const char *action,
              GVariant   *parameter)
{
  cs_scatter_view_reset_zoom (CS_SCATTER_VIEW (widget));
}

void
_cs_scatter_view_class_init_input (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "scatter.reset-zoom", NULL, action_reset);
}

void
_cs_scatter_view_init_input (CsScatterView *self)
{
  GtkEventController *scroll, *keys, *motion;
  GtkGesture *drag;

  self->pointer_x = self->pointer_y = NAN;
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("_Reset Zoom"), "scatter.reset-zoom");
}
