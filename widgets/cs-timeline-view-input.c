/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-view-input.c — the timeline widget's pointer and keys
 *
 * A drag over the plot selects a range (a click clears it), a press on a
 * process's label expands it; the keys move the selection and the focused
 * row and zoom. See cs-timeline-view.h.
 */
#include "config.h"

#include <math.h>

#include "cs-timeline-view-private.h"

void
_cs_timeline_view_toggle_row (CsTimelineView *self,
            guint           index)
{
  const CsTimelineRow *row = _cs_timeline_view_row_of (cs_timeline_view_get_layout (self), index);

  if (row != NULL && row->expandable)
    cs_timeline_view_set_expanded (self, row->pid, !row->expanded);
}

static double
label_width (CsTimelineView *self)
{
  g_autofree char *font = NULL;
  CsTimelineMetrics m;
  CsChartStyle style;

  _cs_timeline_view_get_style (self, &style, &font);
  cs_timeline_get_metrics (&style, &m);
  return m.label_width;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               CsTimelineView *self)
{
  guint row = _cs_timeline_view_row_at (self, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (cs_timeline_view_get_layout (self) == NULL)
    return;
  if (row != CS_TIMELINE_NO_ROW)
    self->focus_row = row;
  if (x < label_width (self))
    {
      _cs_timeline_view_toggle_row (self, row);
      self->dragging = FALSE;
      return;
    }
  self->dragging = TRUE;
  self->drag_anchor = _cs_timeline_view_time_at (self, x);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                CsTimelineView *self)
{
  double x, y;

  if (!self->dragging || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  /* a click is not a range: a few pixels make one */
  if (fabs (dx) < 3)
    return;
  cs_timeline_view_set_selection (self, self->drag_anchor, _cs_timeline_view_time_at (self, x + dx));
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             CsTimelineView *self)
{
  if (self->dragging && fabs (dx) < 3)
    cs_timeline_view_clear_selection (self);
  self->dragging = FALSE;
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           CsTimelineView           *self)
{
  self->hover_row = _cs_timeline_view_row_at (self, y);
  self->hover_x = x;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion,
          CsTimelineView           *self)
{
  self->hover_row = CS_TIMELINE_NO_ROW;
  self->hover_x = NAN;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Left/Right: the selection moves by its width; with Shift its end moves
 * by a tenth of it. Without a selection the first tenth is selected. */
static void
move_selection (CsTimelineView *self,
                int             direction,
                gboolean        resize)
{
  guint64 start, end, width, step;

  cs_timeline_view_get_range (self, &start, &end);
  if (!self->has_selection)
    {
      cs_timeline_view_set_selection (self, start, start + (end - start) / 10);
      return;
    }
  width = self->sel_end - self->sel_start;
  step = resize ? MAX (width / 10, 1) : MAX (width, 1);
  if (resize)
    {
      guint64 e = direction < 0 ? (self->sel_end > self->sel_start + step ? self->sel_end - step : self->sel_end)
                                : MIN (self->sel_end + step, end);
      cs_timeline_view_set_selection (self, self->sel_start, e);
    }
  else if (direction < 0)
    {
      guint64 s = self->sel_start > start + step ? self->sel_start - step : start;
      cs_timeline_view_set_selection (self, s, s + width);
    }
  else
    {
      guint64 e = MIN (self->sel_end + step, end);
      cs_timeline_view_set_selection (self, e - width, e);
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CsTimelineView        *self)
{
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (self);

  if (layout == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_Right:
      move_selection (self, keyval == GDK_KEY_Left ? -1 : 1, (state & GDK_SHIFT_MASK) != 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_Down:
      if (layout->rows->len == 0)
        return FALSE;
      if (self->focus_row == CS_TIMELINE_NO_ROW || self->focus_row >= layout->rows->len)
        self->focus_row = 0;
      else if (keyval == GDK_KEY_Up)
        self->focus_row = self->focus_row > 0 ? self->focus_row - 1 : 0;
      else
        self->focus_row = MIN (self->focus_row + 1, layout->rows->len - 1);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      cs_timeline_view_zoom_in (self);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      return cs_timeline_view_zoom_out (self);
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      _cs_timeline_view_toggle_row (self, self->focus_row);
      return TRUE;
    case GDK_KEY_Escape:
      if (!self->has_selection)
        return FALSE;
      cs_timeline_view_clear_selection (self);
      return TRUE;
    default:
      return FALSE;
    }
}

void
_cs_timeline_view_init_input (CsTimelineView *self)
{
  GtkGesture *drag;
  GtkEventController *motion, *keys;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
