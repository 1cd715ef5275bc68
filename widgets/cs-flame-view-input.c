/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-view-input.c — the flame graph widget's pointer and keys
 *
 * A press zooms into the frame under the pointer (a double press asks for
 * its source); hovering outlines a frame; the keyboard moves a focused
 * frame along its row and between caller and callee, Enter zooms into it,
 * BackSpace zooms out. See cs-flame-view.h.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-flame-view-private.h"

static void
set_focus_node (CsFlameView *self,
                guint        node,
                gboolean     notify)
{
  if (self->focus_node == node)
    return;
  self->focus_node = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (notify && node != CS_CALL_NO_NODE)
    g_signal_emit (self, _cs_flame_view_signals[CS_FLAME_VIEW_FUNCTION_SELECTED], 0,
                   cs_call_graph_get_node (self->graph, _cs_flame_view_tree_kind (self), node)->function);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            CsFlameView     *self)
{
  const CsFlameFrame *f = _cs_flame_view_frame_at (self, x, y);
  guint node, function;

  if (f == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  node = f->node;
  function = f->function;
  if (n_press >= 2)
    {
      if (function != CS_CALL_NO_FUNCTION)
        g_signal_emit (self, _cs_flame_view_signals[CS_FLAME_VIEW_FUNCTION_ACTIVATED], 0, function);
      return;
    }
  set_focus_node (self, node, TRUE);
  if (node != self->zoom)
    cs_flame_view_zoom (self, node);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           CsFlameView              *self)
{
  const CsFlameFrame *f = _cs_flame_view_frame_at (self, x, y);
  guint node = f != NULL ? f->node : CS_CALL_NO_NODE;

  if (node != self->hover_node)
    {
      self->hover_node = node;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_leave (GtkEventControllerMotion *motion,
          CsFlameView              *self)
{
  if (self->hover_node != CS_CALL_NO_NODE)
    {
      self->hover_node = CS_CALL_NO_NODE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* The frame next to @f in its row, to the left (@step < 0) or right. */
static const CsFlameFrame *
row_neighbour (const CsFlameLayout *layout,
               const CsFlameFrame  *f,
               int                  step)
{
  const CsFlameFrame *best = NULL;

  for (guint i = 0; i < layout->frames->len; i++)
    {
      const CsFlameFrame *g = &g_array_index (layout->frames, CsFlameFrame, i);

      if (g->depth != f->depth || g == f || (step < 0 ? g->x >= f->x : g->x <= f->x))
        continue;
      if (best == NULL || (step < 0 ? g->x > best->x : g->x < best->x))
        best = g;
    }
  return best;
}

/* The widest drawn child of @f's node. */
static const CsFlameFrame *
widest_child (CsFlameView         *self,
              const CsFlameLayout *layout,
              const CsFlameFrame  *f)
{
  const CsFlameFrame *best = NULL;

  for (guint i = 0; i < layout->frames->len; i++)
    {
      const CsFlameFrame *g = &g_array_index (layout->frames, CsFlameFrame, i);

      if (cs_call_graph_get_node (self->graph, _cs_flame_view_tree_kind (self), g->node)->parent == f->node &&
          (best == NULL || g->width > best->width))
        best = g;
    }
  return best;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CsFlameView           *self)
{
  const CsFlameLayout *layout = cs_flame_view_get_layout (self);
  const CsFlameFrame *f, *next = NULL;
  gboolean towards_callees;

  if (layout == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  f = cs_flame_layout_find_node (layout, self->focus_node);
  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (f != NULL && f->node != self->zoom)
        cs_flame_view_zoom (self, f->node);
      return f != NULL;
    case GDK_KEY_BackSpace:
      return cs_flame_view_zoom_out (self);
    case GDK_KEY_Left:
    case GDK_KEY_Right:
    case GDK_KEY_Up:
    case GDK_KEY_Down:
      break;
    default:
      return FALSE;
    }
  if (f == NULL)
    {
      set_focus_node (self, self->zoom, TRUE);
      return TRUE;
    }
  towards_callees = (keyval == GDK_KEY_Up) != self->icicle;
  if (keyval == GDK_KEY_Left || keyval == GDK_KEY_Right)
    next = row_neighbour (layout, f, keyval == GDK_KEY_Left ? -1 : 1);
  else if (towards_callees)
    next = widest_child (self, layout, f);
  else
    next = cs_flame_layout_find_node (layout, cs_call_graph_get_node (self->graph, _cs_flame_view_tree_kind (self), f->node)->parent);
  if (next != NULL)
    set_focus_node (self, next->node, TRUE);
  return TRUE;
}

static void
action_zoom_out (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  cs_flame_view_zoom_out (CS_FLAME_VIEW (widget));
}

static void
action_activate (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CsFlameView *self = CS_FLAME_VIEW (widget);
  guint node = self->hover_node != CS_CALL_NO_NODE ? self->hover_node : self->focus_node;
  guint function;

  if (self->graph == NULL || node == CS_CALL_NO_NODE)
    return;
  function = cs_call_graph_get_node (self->graph, _cs_flame_view_tree_kind (self), node)->function;
  if (function != CS_CALL_NO_FUNCTION)
    g_signal_emit (self, _cs_flame_view_signals[CS_FLAME_VIEW_FUNCTION_ACTIVATED], 0, function);
}

/* Filter In / Out on the frame's function: the window's filters (issue 14)
 * take it through win.add-filter, so every page follows. */
static void
action_filter (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CsFlameView *self = CS_FLAME_VIEW (widget);
  guint node = self->hover_node != CS_CALL_NO_NODE ? self->hover_node : self->focus_node;
  guint function;

  if (self->graph == NULL || node == CS_CALL_NO_NODE)
    return;
  function = cs_call_graph_get_node (self->graph, _cs_flame_view_tree_kind (self), node)->function;
  if (function != CS_CALL_NO_FUNCTION)
    gtk_widget_activate_action (widget, "win.add-filter", "(sbs)", "function",
                                g_str_equal (action_name, "flame.filter-out"),
                                cs_profile_get_function (cs_call_graph_get_profile (self->graph), function)->name);
}

void
_cs_flame_view_class_init_input (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "flame.filter-in", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "flame.filter-out", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "flame.zoom-out", NULL, action_zoom_out);
  gtk_widget_class_install_action (widget_class, "flame.activate", NULL, action_activate);
}

void
_cs_flame_view_init_input (CsFlameView *self)
{
  GtkGesture *click;
  GtkEventController *motion, *keys;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Zoom _Out"), "flame.zoom-out");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Show _Source and Disassembly"), "flame.activate");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("_Filter In on Function"), "flame.filter-in");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Filter Out Functio_n"), "flame.filter-out");
}
