/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cairo-view.c — the base of every view drawn with cairo on a card */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-cairo-view.h"
#include "cs-export.h"
#include "cs-widgets-util.h"

#define CARD_RADIUS 6.0
/* A PNG of a view has twice its on-screen pixels: sharp on a projector. */
#define PNG_SCALE   2.0

typedef struct
{
  GMenu     *extra;       /* the subclass' items */
  GtkWidget *menu;
  /* Where the context menu was opened, for "Copy Value"; NaN when it was
   * opened from the keyboard (then the whole view is copied). */
  double     menu_x;
  double     menu_y;
  gboolean   has_content;
} CsCairoViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CsCairoView, cs_cairo_view, GTK_TYPE_WIDGET)

enum {
  EXPORT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
cs_cairo_view_get_style (CsCairoView   *self,
                         CsChartStyle  *style,
                         char         **font)
{
  const PangoFontDescription *desc;

  g_return_if_fail (CS_IS_CAIRO_VIEW (self));
  g_return_if_fail (style != NULL);

  cs_chart_style_init (style, cs_widgets_prefers_dark (GTK_WIDGET (self)) ? CS_THEME_DARK : CS_THEME_LIGHT);
  style->scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  /* The card is painted here so that it can follow the rounded clip. */
  style->transparent = TRUE;
  desc = pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  if (font != NULL)
    *font = desc != NULL ? pango_font_description_to_string (desc) : NULL;
}

static GdkRGBA
role_rgba (CsTheme     theme,
           CsColorRole role)
{
  CsColor c;

  cs_palette_get_role_color (theme, role, &c);
  return (GdkRGBA) { c.red, c.green, c.blue, c.alpha };
}

static void
cs_cairo_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  CsCairoView *self = CS_CAIRO_VIEW (widget);
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  g_autofree char *font = NULL;
  CsChartStyle style;
  GskRoundedRect outline;
  GdkRGBA card, border;

  if (width <= 0 || height <= 0)
    return;

  cs_cairo_view_get_style (self, &style, &font);
  style.font = font;
  card = role_rgba (style.theme, CS_COLOR_ROLE_CARD);
  border = role_rgba (style.theme, CS_COLOR_ROLE_GRID);

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), CARD_RADIUS);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &card, &outline.bounds);
  if (priv->has_content && CS_CAIRO_VIEW_GET_CLASS (self)->draw != NULL)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

      CS_CAIRO_VIEW_GET_CLASS (self)->draw (self, cr, &style, width, height);
      cairo_destroy (cr);
    }
  gtk_snapshot_pop (snapshot);

  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { border, border, border, border });

  if (gtk_widget_has_visible_focus (widget))
    {
      GdkRGBA focus;

      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_style_context_get_color (gtk_widget_get_style_context (widget), &focus);
      G_GNUC_END_IGNORE_DEPRECATIONS
      focus.alpha = 0.5;
      gsk_rounded_rect_shrink (&outline, 1, 1, 1, 1);
      gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 2, 2, 2, 2 },
                                  (GdkRGBA[4]) { focus, focus, focus, focus });
    }
}

static gboolean
cs_cairo_view_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard_mode,
                             GtkTooltip *tooltip)
{
  CsCairoView *self = CS_CAIRO_VIEW (widget);
  /* No pointer: say what the whole view shows. */
  g_autofree char *markup = keyboard_mode ? cs_cairo_view_describe (self, NAN, NAN)
                                          : cs_cairo_view_describe (self, x, y);

  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

char *
cs_cairo_view_describe (CsCairoView *self,
                        double       x,
                        double       y)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  g_return_val_if_fail (CS_IS_CAIRO_VIEW (self), NULL);

  if (!priv->has_content || CS_CAIRO_VIEW_GET_CLASS (self)->describe == NULL)
    return NULL;
  return CS_CAIRO_VIEW_GET_CLASS (self)->describe (self, x, y);
}

char *
cs_cairo_view_get_copy_text (CsCairoView *self,
                             double       x,
                             double       y)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  g_return_val_if_fail (CS_IS_CAIRO_VIEW (self), NULL);

  if (!priv->has_content || CS_CAIRO_VIEW_GET_CLASS (self)->get_copy_text == NULL)
    return NULL;
  return CS_CAIRO_VIEW_GET_CLASS (self)->get_copy_text (self, x, y);
}

static void
popup_menu (CsCairoView *self,
            double       x,
            double       y)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  if (!priv->has_content)
    return;
  priv->menu_x = x;
  priv->menu_y = y;
  if (!isfinite (x) || !isfinite (y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (priv->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (priv->menu));
}

static void
on_secondary_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    CsCairoView     *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu (self, x, y);
}

static void
action_menu (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  popup_menu (CS_CAIRO_VIEW (widget), NAN, NAN);
}

static void
action_export (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  g_signal_emit (widget, signals[EXPORT_REQUESTED], 0);
}

static void
action_copy_value (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CsCairoView *self = CS_CAIRO_VIEW (widget);
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);
  g_autofree char *text = cs_cairo_view_get_copy_text (self, priv->menu_x, priv->menu_y);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
invalidate (CsCairoView *self)
{
  if (CS_CAIRO_VIEW_GET_CLASS (self)->invalidate != NULL)
    CS_CAIRO_VIEW_GET_CLASS (self)->invalidate (self);
}

static void
cs_cairo_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  CsCairoView *self = CS_CAIRO_VIEW (widget);
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  invalidate (self);
  gtk_popover_present (GTK_POPOVER (priv->menu));
}

static void
cs_cairo_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (cs_cairo_view_parent_class)->css_changed (widget, change);
  /* The palette (light or dark) and the font come from the style. */
  invalidate (CS_CAIRO_VIEW (widget));
  gtk_widget_queue_draw (widget);
}

static void
cs_cairo_view_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_cairo_view_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_cairo_view_dispose (GObject *object)
{
  CsCairoView *self = CS_CAIRO_VIEW (object);
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  g_clear_pointer (&priv->menu, gtk_widget_unparent);
  g_clear_object (&priv->extra);
  G_OBJECT_CLASS (cs_cairo_view_parent_class)->dispose (object);
}

static void
cs_cairo_view_constructed (GObject *object)
{
  CsCairoView *self = CS_CAIRO_VIEW (object);
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);
  CsCairoViewClass *klass = CS_CAIRO_VIEW_GET_CLASS (self);
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) own = g_menu_new ();

  G_OBJECT_CLASS (cs_cairo_view_parent_class)->constructed (object);

  /* In constructed(): the subclass' export label and copy function are
   * known only once its class is. */
  g_menu_append (own, _(klass->export_label != NULL ? klass->export_label : N_("_Export Image…")),
                 "view.export");
  if (klass->get_copy_text != NULL)
    g_menu_append (own, _("_Copy Value"), "view.copy-value");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (own));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (priv->extra));
  priv->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_popover_set_has_arrow (GTK_POPOVER (priv->menu), FALSE);
  gtk_widget_set_halign (priv->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (priv->menu, GTK_WIDGET (self));
  cs_cairo_view_set_has_content (self, FALSE, NULL);
}

static void
cs_cairo_view_class_init (CsCairoViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = cs_cairo_view_constructed;
  object_class->dispose = cs_cairo_view_dispose;
  widget_class->snapshot = cs_cairo_view_snapshot;
  widget_class->size_allocate = cs_cairo_view_size_allocate;
  widget_class->query_tooltip = cs_cairo_view_query_tooltip;
  widget_class->root = cs_cairo_view_root;
  widget_class->css_changed = cs_cairo_view_css_changed;

  /**
   * CsCairoView::export-requested:
   *
   * The user chose the menu's export item; the owner asks where to save
   * (the window's export dialog for a chart, a file chooser and
   * cs_cairo_view_export() for the others).
   */
  signals[EXPORT_REQUESTED] =
    g_signal_new ("export-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "view.export", NULL, action_export);
  gtk_widget_class_install_action (widget_class, "view.copy-value", NULL, action_copy_value);
  gtk_widget_class_install_action (widget_class, "view.menu", NULL, action_menu);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "view.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "view.menu", NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cs_cairo_view_init (CsCairoView *self)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);
  GtkGesture *click;

  priv->menu_x = priv->menu_y = NAN;
  priv->extra = g_menu_new ();
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

void
cs_cairo_view_set_has_content (CsCairoView *self,
                               gboolean     has_content,
                               const char  *label)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  g_return_if_fail (CS_IS_CAIRO_VIEW (self));

  priv->has_content = has_content;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label != NULL ? label : "", -1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.export", has_content);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "view.copy-value",
                                 has_content && CS_CAIRO_VIEW_GET_CLASS (self)->get_copy_text != NULL);
  invalidate (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
cs_cairo_view_get_has_content (CsCairoView *self)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  g_return_val_if_fail (CS_IS_CAIRO_VIEW (self), FALSE);
  return priv->has_content;
}

void
cs_cairo_view_add_menu_item (CsCairoView *self,
                             const char  *label,
                             const char  *detailed_action)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);

  g_return_if_fail (CS_IS_CAIRO_VIEW (self));
  g_menu_append (priv->extra, label, detailed_action);
}

static void
draw_for_export (cairo_t            *cr,
                 gconstpointer       data,
                 const CsChartStyle *style,
                 double              width,
                 double              height)
{
  CsCairoView *self = (CsCairoView *) data;

  CS_CAIRO_VIEW_GET_CLASS (self)->draw (self, cr, style, width, height);
}

gboolean
cs_cairo_view_export (CsCairoView  *self,
                      const char   *path,
                      GError      **error)
{
  CsCairoViewPrivate *priv = cs_cairo_view_get_instance_private (self);
  g_autofree char *font = NULL;
  CsExportFormat format;
  CsChartStyle style;
  int width, height;

  g_return_val_if_fail (CS_IS_CAIRO_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!priv->has_content || CS_CAIRO_VIEW_GET_CLASS (self)->draw == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("There is nothing to export: the view is empty."));
      return FALSE;
    }
  if (!cs_export_format_from_path (path, &format, error))
    return FALSE;
  cs_cairo_view_get_style (self, &style, &font);
  style.font = font;
  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  /* Not drawn yet (or squeezed): the default size of `cyclescope export`. */
  if (width < 200 || height < 150)
    {
      width = 900;
      height = 600;
    }
  return cs_export ((CsDrawing) { draw_for_export, self }, &style, format, width, height, PNG_SCALE,
                    path, error);
}
