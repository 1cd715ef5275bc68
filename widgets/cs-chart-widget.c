/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-widget.c — one BAR or REF chart as a GTK widget */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-card.h"
#include "cs-chart-format.h"
#include "cs-chart-widget.h"
#include "cs-widgets-util.h"

struct _CsChartWidget
{
  GtkWidget      parent_instance;
  CsChartValues *values;
  GtkWidget     *menu;
  /* Where the context menu was opened, for "Copy Value"; NaN when it was
   * opened from the keyboard (then the whole chart is copied). */
  double         menu_x;
  double         menu_y;
};

G_DEFINE_FINAL_TYPE (CsChartWidget, cs_chart_widget, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CHART_ID,
  N_PROPS
};

enum {
  EXPORT_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The data layer has no copy: the widget keeps its own so that its owner may
 * drop the analysis' chart list at any time. */
static CsChartValues *
chart_values_copy (const CsChartValues *src)
{
  CsChartValues *dst = g_new0 (CsChartValues, 1);

  *dst = *src;
  dst->id = g_strdup (src->id);
  dst->title = g_strdup (src->title);
  dst->unit = g_strdup (src->unit);
  dst->metric = g_strdup (src->metric);
  dst->metric_label = g_strdup (src->metric_label);
  dst->parts = src->n_parts > 0 ? g_new0 (CsChartPart, src->n_parts) : NULL;
  for (guint i = 0; i < src->n_parts; i++)
    {
      dst->parts[i] = src->parts[i];
      dst->parts[i].name = g_strdup (src->parts[i].name);
      dst->parts[i].label = g_strdup (src->parts[i].label);
    }
  dst->sentence = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (src->sentences); i++)
    {
      dst->sentences[i] = g_strdup (src->sentences[i]);
      if (src->sentence != NULL && src->sentence == src->sentences[i])
        dst->sentence = dst->sentences[i];
    }
  return dst;
}

void
cs_chart_widget_get_style (CsChartWidget  *self,
                           CsChartStyle   *style,
                           char          **font)
{
  g_return_if_fail (CS_IS_CHART_WIDGET (self));
  cs_chart_card_get_style (GTK_WIDGET (self), style, font);
}

static CsChartGeometry *
chart_geometry (CsChartWidget *self)
{
  g_autofree char *font = NULL;
  CsChartStyle style;

  if (self->values == NULL)
    return NULL;
  cs_chart_widget_get_style (self, &style, &font);
  style.font = font;
  return cs_chart_geometry_new (self->values, &style,
                                gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
cs_chart_widget_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  cs_chart_card_snapshot (widget, snapshot, (CsChartCardDraw) cs_chart_draw, CS_CHART_WIDGET (widget)->values);
}

static void
cs_chart_widget_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  /* Small minimum: the grid decides the size; the drawing adapts. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 80;
      *natural = 420;
    }
  else
    {
      *minimum = 60;
      *natural = 220;
    }
}

static char *
part_markup (const CsChartValues *values,
             guint                i)
{
  const CsChartPart *part = &values->parts[i];
  g_autofree char *value = cs_chart_format_value (part->value, values->unit);
  g_autofree char *share = cs_chart_format_share (part->share);
  /* Translators: "41.0 % of Cycle decomposition" */
  g_autofree char *share_of = g_strdup_printf (_("%s of %s"), share,
                                               values->title ? values->title : values->id);
  const char *marker = cs_provenance_get_marker (part->provenance);

  return g_markup_printf_escaped ("<b>%s</b>\n%s%s%s\n%s\n%s",
                                  part->label ? part->label : part->name,
                                  value, marker[0] ? " " : "", marker, share_of,
                                  cs_provenance_get_sentence (part->provenance));
}

static char *
ref_markup (const CsChartValues *values)
{
  g_autofree char *value = cs_chart_format_value (values->value, values->unit);
  const char *marker = cs_provenance_get_marker (values->provenance);
  const char *band_names[] = { N_("low"), N_("medium"), N_("high") };
  GString *s = g_string_new (NULL);
  g_autofree char *head = g_markup_printf_escaped ("<b>%s</b>: %s%s%s",
                                                   values->metric_label ? values->metric_label
                                                   : values->metric ? values->metric : values->id,
                                                   value, isfinite (values->value) && marker[0] ? " " : "",
                                                   isfinite (values->value) ? marker : "");

  g_string_append (s, head);
  if (values->band >= CS_BAND_LOW && values->band <= CS_BAND_HIGH)
    {
      g_autofree char *band = g_markup_printf_escaped ("\n%s%s%s", _(band_names[values->band]),
                                                       values->sentence ? ": " : "",
                                                       values->sentence ? values->sentence : "");
      g_string_append (s, band);
    }
  if (isfinite (values->value))
    {
      g_autofree char *prov = g_markup_escape_text (cs_provenance_get_sentence (values->provenance), -1);
      g_string_append_printf (s, "\n%s", prov);
    }
  return g_string_free (s, FALSE);
}

char *
cs_chart_widget_describe_at (CsChartWidget *self,
                             double         x,
                             double         y)
{
  g_autoptr(CsChartGeometry) geometry = NULL;

  g_return_val_if_fail (CS_IS_CHART_WIDGET (self), NULL);

  if ((geometry = chart_geometry (self)) == NULL)
    return NULL;

  /* A narrow chart ellipsizes its title: the whole of it on hover. */
  if (cs_rect_contains (&geometry->title, x, y) && self->values->title != NULL)
    return g_markup_escape_text (self->values->title, -1);

  if (self->values->kind == CS_CHART_BAR)
    {
      int part = cs_chart_geometry_part_at (geometry, x, y);

      return part >= 0 ? part_markup (self->values, part) : NULL;
    }

  if (cs_rect_contains (&geometry->marker, x, y) || cs_rect_contains (&geometry->badge, x, y) ||
      cs_rect_contains (&geometry->plot, x, y) || cs_rect_contains (&geometry->sentence, x, y))
    return ref_markup (self->values);
  return NULL;
}

char *
cs_chart_widget_get_copy_text (CsChartWidget *self,
                               double         x,
                               double         y)
{
  const CsChartValues *values;
  g_autoptr(CsChartGeometry) geometry = NULL;
  GString *s;

  g_return_val_if_fail (CS_IS_CHART_WIDGET (self), NULL);

  if ((values = self->values) == NULL)
    return NULL;
  if (values->kind == CS_CHART_REF)
    return cs_chart_format_value (values->value, values->unit);

  geometry = chart_geometry (self);
  if (geometry != NULL && isfinite (x) && isfinite (y))
    {
      int part = cs_chart_geometry_part_at (geometry, x, y);

      if (part >= 0)
        return cs_chart_format_value (values->parts[part].value, values->unit);
    }

  /* Tab-separated so that it pastes into a spreadsheet as a table. */
  s = g_string_new (NULL);
  for (guint i = 0; i < values->n_parts; i++)
    {
      g_autofree char *value = cs_chart_format_value (values->parts[i].value, values->unit);
      g_autofree char *share = cs_chart_format_share (values->parts[i].share);

      g_string_append_printf (s, "%s\t%s\t%s\n",
                              values->parts[i].label ? values->parts[i].label : values->parts[i].name,
                              value, share);
    }
  return g_string_free (s, FALSE);
}

static gboolean
cs_chart_widget_query_tooltip (GtkWidget  *widget,
                               int         x,
                               int         y,
                               gboolean    keyboard_mode,
                               GtkTooltip *tooltip)
{
  CsChartWidget *self = CS_CHART_WIDGET (widget);
  g_autofree char *markup = NULL;

  if (self->values == NULL)
    return FALSE;

  if (keyboard_mode)
    {
      /* No pointer: explain the whole chart. */
      if (self->values->kind == CS_CHART_REF)
        markup = ref_markup (self->values);
      else
        {
          g_autofree char *text = cs_chart_widget_get_copy_text (self, NAN, NAN);
          markup = g_markup_escape_text (text, -1);
        }
    }
  else
    markup = cs_chart_widget_describe_at (self, x, y);

  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

static void
popup_menu (CsChartWidget *self,
            double         x,
            double         y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->values == NULL)
    return;

  self->menu_x = x;
  self->menu_y = y;
  if (!isfinite (x) || !isfinite (y))
    {
      x = width / 2;
      y = height / 2;
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_secondary_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    CsChartWidget   *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu (self, x, y);
}

static void
action_menu (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  popup_menu (CS_CHART_WIDGET (widget), NAN, NAN);
}

static void
action_export (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CsChartWidget *self = CS_CHART_WIDGET (widget);

  if (self->values != NULL)
    g_signal_emit (self, signals[EXPORT_REQUESTED], 0, self->values->id);
}

static void
action_copy_value (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CsChartWidget *self = CS_CHART_WIDGET (widget);
  g_autofree char *text = cs_chart_widget_get_copy_text (self, self->menu_x, self->menu_y);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
cs_chart_widget_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  CsChartWidget *self = CS_CHART_WIDGET (widget);

  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
cs_chart_widget_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (cs_chart_widget_parent_class)->css_changed (widget, change);
  /* The theme (light or dark palette) and the font come from the style. */
  gtk_widget_queue_draw (widget);
}

static void
cs_chart_widget_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_chart_widget_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_chart_widget_dispose (GObject *object)
{
  CsChartWidget *self = CS_CHART_WIDGET (object);

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->values, cs_chart_values_free);
  G_OBJECT_CLASS (cs_chart_widget_parent_class)->dispose (object);
}

static void
cs_chart_widget_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CsChartWidget *self = CS_CHART_WIDGET (object);

  switch (prop_id)
    {
    case PROP_CHART_ID:
      g_value_set_string (value, cs_chart_widget_get_chart_id (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_chart_widget_class_init (CsChartWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_chart_widget_dispose;
  object_class->get_property = cs_chart_widget_get_property;
  widget_class->snapshot = cs_chart_widget_snapshot;
  widget_class->measure = cs_chart_widget_measure;
  widget_class->size_allocate = cs_chart_widget_size_allocate;
  widget_class->query_tooltip = cs_chart_widget_query_tooltip;
  widget_class->root = cs_chart_widget_root;
  widget_class->css_changed = cs_chart_widget_css_changed;

  properties[PROP_CHART_ID] =
    g_param_spec_string ("chart-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CsChartWidget::export-requested:
   * @chart_id: the id of the chart to export
   *
   * The user chose "Export Chart…"; the window opens its export dialog.
   */
  signals[EXPORT_REQUESTED] =
    g_signal_new ("export-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "chart.export", NULL, action_export);
  gtk_widget_class_install_action (widget_class, "chart.copy-value", NULL, action_copy_value);
  gtk_widget_class_install_action (widget_class, "chart.menu", NULL, action_menu);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "chart.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "chart.menu", NULL);

  gtk_widget_class_set_css_name (widget_class, "cs-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cs_chart_widget_init (CsChartWidget *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkGesture *click;

  self->menu_x = self->menu_y = NAN;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  g_menu_append (menu, _("_Export Chart…"), "chart.export");
  g_menu_append (menu, _("_Copy Value"), "chart.copy-value");
  self->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
cs_chart_widget_new (void)
{
  return g_object_new (CS_TYPE_CHART_WIDGET, NULL);
}

void
cs_chart_widget_set_values (CsChartWidget       *self,
                            const CsChartValues *values)
{
  g_return_if_fail (CS_IS_CHART_WIDGET (self));

  g_clear_pointer (&self->values, cs_chart_values_free);
  if (values != NULL)
    self->values = chart_values_copy (values);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                              values && values->title ? values->title : "", -1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.export", values != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.copy-value", values != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHART_ID]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CsChartValues *
cs_chart_widget_get_values (CsChartWidget *self)
{
  g_return_val_if_fail (CS_IS_CHART_WIDGET (self), NULL);
  return self->values;
}

const char *
cs_chart_widget_get_chart_id (CsChartWidget *self)
{
  g_return_val_if_fail (CS_IS_CHART_WIDGET (self), NULL);
  return self->values != NULL ? self->values->id : NULL;
}
