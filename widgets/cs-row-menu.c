/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-row-menu.c — Filter In / Filter Out in a table's context menu
 *
 * The tables do not filter: the window does, for every page, through
 * win.add-filter. One helper serves the module table, the hot symbols and
 * the Call Graph page's lists and trees, with its actions in a "row" group
 * of the view rather than in each table's class.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-row-menu.h"

typedef struct
{
  GtkColumnView      *view;   /* not a reference: the view owns us */
  const char         *kind;   /* static */
  CsRowMenuValueFunc  value_of;
  gpointer            user_data;
  GSimpleActionGroup *actions;
  GtkPopover         *popover;
} RowMenu;

static void
row_menu_free (RowMenu *menu)
{
  g_clear_object (&menu->actions);
  g_free (menu);
}

static const char *
selected_value (RowMenu *menu)
{
  GtkSelectionModel *model = gtk_column_view_get_model (menu->view);
  gpointer item;

  if (!GTK_IS_SINGLE_SELECTION (model) ||
      (item = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (model))) == NULL)
    return NULL;
  return menu->value_of (item, menu->user_data);
}

static void
activate_filter (GSimpleAction *action,
                 GVariant      *parameter,
                 RowMenu       *menu)
{
  const char *value = selected_value (menu);

  if (value != NULL)
    gtk_widget_activate_action (GTK_WIDGET (menu->view), "win.add-filter", "(sbs)", menu->kind,
                                g_str_equal (g_action_get_name (G_ACTION (action)), "filter-out"), value);
}

static void
popup (RowMenu *menu,
       double   x,
       double   y)
{
  gboolean enabled = selected_value (menu) != NULL;

  if (menu->popover == NULL)
    {
      g_autoptr(GMenu) model = g_menu_new ();
      gboolean module = g_str_equal (menu->kind, "module");

      g_menu_append (model, module ? _("_Filter In on Module") : _("_Filter In on Function"), "row.filter-in");
      g_menu_append (model, module ? _("Filter _Out Module") : _("Filter Out Functio_n"), "row.filter-out");
      menu->popover = GTK_POPOVER (gtk_popover_menu_new_from_model (G_MENU_MODEL (model)));
      gtk_popover_set_has_arrow (menu->popover, FALSE);
      gtk_widget_set_parent (GTK_WIDGET (menu->popover), GTK_WIDGET (menu->view));
    }
  for (const char *const *name = (const char *const[]) { "filter-in", "filter-out", NULL }; *name != NULL; name++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (menu->actions), *name)),
                                 enabled);
  gtk_popover_set_pointing_to (menu->popover, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (menu->popover);
}

/* The row under the pointer: the item of the picked cell, as GTK 4.8 gives
 * no row-at-point for a column view. */
static void
select_at (RowMenu *menu,
           double   x,
           double   y)
{
  GtkWidget *view = GTK_WIDGET (menu->view);
  GtkSelectionModel *model = gtk_column_view_get_model (menu->view);

  if (!GTK_IS_SINGLE_SELECTION (model))
    return;
  for (GtkWidget *w = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT); w != NULL && w != view;
       w = gtk_widget_get_parent (w))
    {
      GtkWidget *child = gtk_widget_get_first_child (w);
      /* the cell's padding picks the column's cell, whose child is ours */
      gpointer item = g_object_get_data (G_OBJECT (w), "cs-item") ?: (child != NULL ? g_object_get_data (G_OBJECT (child), "cs-item") : NULL);

      if (item == NULL)
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
        {
          g_autoptr(GObject) row = g_list_model_get_item (G_LIST_MODEL (model), i);

          if (row == item)
            {
              gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), i);
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
                      RowMenu         *menu)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  select_at (menu, x, y);
  popup (menu, x, y);
}

static gboolean
on_menu_key (GtkWidget *widget,
             GVariant  *args,
             gpointer   data)
{
  RowMenu *menu = data;

  popup (menu, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 3.0);
  return TRUE;
}

static void
on_destroy (GtkWidget *view,
            RowMenu   *menu)
{
  if (menu->popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (g_steal_pointer (&menu->popover)));
}

void
cs_row_menu_attach (GtkColumnView      *view,
                    const char         *kind,
                    CsRowMenuValueFunc  value_of,
                    gpointer            user_data)
{
  const GActionEntry entries[] = {
    { "filter-in", (gpointer) activate_filter },
    { "filter-out", (gpointer) activate_filter },
  };
  RowMenu *menu = g_new0 (RowMenu, 1);
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  menu->view = view;
  menu->kind = g_intern_string (kind);
  menu->value_of = value_of;
  menu->user_data = user_data;
  menu->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (menu->actions), entries, G_N_ELEMENTS (entries), menu);
  gtk_widget_insert_action_group (GTK_WIDGET (view), "row", G_ACTION_GROUP (menu->actions));
  g_object_set_data_full (G_OBJECT (view), "cs-row-menu", menu, (GDestroyNotify) row_menu_free);
  g_signal_connect (view, "destroy", G_CALLBACK (on_destroy), menu);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  /* before the rows' own gestures, which take every button */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_pressed), menu);
  gtk_widget_add_controller (GTK_WIDGET (view), GTK_EVENT_CONTROLLER (click));

  for (guint i = 0; i < 2; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys), gtk_shortcut_new (
      i == 0 ? gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK) : gtk_keyval_trigger_new (GDK_KEY_Menu, 0),
      gtk_callback_action_new (on_menu_key, menu, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (view), keys);
}
