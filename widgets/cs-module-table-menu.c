/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-table-menu.c — the module table's context menu: filters
 *
 * A right click (or the Menu key, Shift+F10) on the table offers "Filter In
 * on Module" and "Filter Out Module" for the selected module (a press on a
 * row selects it first, the right button too). The table does not filter:
 * the window does, for every page, through win.add-filter (issue 14). A
 * region row has no module to filter on: the items are off.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-module-table-private.h"

static const char *
selected_module (CsModuleTable *self)
{
  CsModuleRow *row = cs_module_table_get_selected (self);

  return row != NULL && cs_module_row_get_kind (row) == CS_SCOPE_MODULE ? cs_module_row_get_name (row) : NULL;
}

static void
action_filter (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  const char *name = selected_module (CS_MODULE_TABLE (widget));

  if (name != NULL)
    gtk_widget_activate_action (widget, "win.add-filter", "(sbs)", "module",
                                g_str_equal (action_name, "module.filter-out"), name);
}

static GtkPopover *
menu_of (CsModuleTable *self)
{
  GtkPopover *menu = g_object_get_data (G_OBJECT (self), "cs-filter-menu");

  if (menu == NULL)
    {
      g_autoptr(GMenu) model = g_menu_new ();

      g_menu_append (model, _("_Filter In on Module"), "module.filter-in");
      g_menu_append (model, _("Filter _Out Module"), "module.filter-out");
      menu = GTK_POPOVER (gtk_popover_menu_new_from_model (G_MENU_MODEL (model)));
      gtk_popover_set_has_arrow (menu, FALSE);
      gtk_widget_set_parent (GTK_WIDGET (menu), GTK_WIDGET (self));
      g_object_set_data_full (G_OBJECT (self), "cs-filter-menu", menu, (GDestroyNotify) gtk_widget_unparent);
    }
  return menu;
}

static void
popup (CsModuleTable *self,
       double         x,
       double         y)
{
  gboolean enabled = selected_module (self) != NULL;
  GtkPopover *menu = menu_of (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "module.filter-in", enabled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "module.filter-out", enabled);
  gtk_popover_set_pointing_to (menu, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (menu);
}

/* The row under the pointer: the item of the picked cell (cs-column.h), as
 * GTK 4.8 gives no row-at-point for a column view. */
static void
select_at (CsModuleTable *self,
           double         x,
           double         y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  for (GtkWidget *w = picked; w != NULL && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    {
      GtkWidget *child = gtk_widget_get_first_child (w);
      /* the cell's padding picks the column's cell, whose child is ours */
      gpointer item = g_object_get_data (G_OBJECT (w), "cs-item") ?: (child != NULL ? g_object_get_data (G_OBJECT (child), "cs-item") : NULL);
      GListModel *rows = G_LIST_MODEL (self->selection);

      if (item == NULL)
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr(GObject) row = g_list_model_get_item (rows, i);

          if (row == item)
            {
              gtk_single_selection_set_selected (self->selection, i);
              return;
            }
        }
      return;
    }
}

static void
on_secondary_pressed (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      CsModuleTable   *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  select_at (self, x, y);
  popup (self, x, y);
}

static void
action_menu (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  popup (CS_MODULE_TABLE (widget), gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 3.0);
}

void
_cs_module_table_class_init_menu (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "module.filter-in", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "module.filter-out", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "module.menu", NULL, action_menu);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "module.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "module.menu", NULL);
}

void
_cs_module_table_init_menu (CsModuleTable *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  /* before the rows' own gestures, which take every button */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}
