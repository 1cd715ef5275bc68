/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-widgets-util.c — small pieces shared by the GTK widgets */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-widgets-resources.h"
#include "cs-widgets-util.h"

void
cs_widgets_ensure_resources (void)
{
  /* The widgets live in a static library: referencing the generated
   * resource links its object file, whose constructor registers it. */
  g_assert (cs_widgets_get_resource () != NULL);
}

void
cs_widgets_ensure_style (GtkWidget *widget)
{
  GdkDisplay *display;
  g_autoptr(GtkCssProvider) provider = NULL;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  cs_widgets_ensure_resources ();
  display = gtk_widget_get_display (widget);
  if (display == NULL || g_object_get_data (G_OBJECT (display), "cs-widgets-style") != NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/cyclescope/widgets/cs-widgets.css");
  /* Application priority: the widgets' look is part of their meaning (heat,
   * linked rows), but a user stylesheet may still override it. */
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "cs-widgets-style",
                          g_object_ref (provider), g_object_unref);
}

const char *
cs_provenance_get_sentence (CsProvenance provenance)
{
  const char *description;

  switch (provenance)
    {
    case CS_PROVENANCE_COUNTED:
      return _("counted");
    case CS_PROVENANCE_NONE:
      return _("not measured");
    case CS_PROVENANCE_SCALED:
    case CS_PROVENANCE_ESTIMATED:
    case CS_PROVENANCE_RECONSTRUCTED:
    default:
      description = cs_provenance_get_description (provenance);
      return description != NULL ? description : _("counted");
    }
}

char *
cs_widgets_format_percent (double share)
{
  return cs_chart_format_share (share);
}

CsTheme
cs_widgets_get_theme (GtkWidget *widget)
{
  GdkRGBA color;

  /* GTK 4.8 has no gtk_widget_get_color(); the style context is the way. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue > 0.5 ? CS_THEME_DARK : CS_THEME_LIGHT;
}

/* Cell tooltips */

static gboolean
on_cell_query_tooltip (GtkWidget  *cell,
                       int         x,
                       int         y,
                       gboolean    keyboard_mode,
                       GtkTooltip *tooltip)
{
  const char *text = cs_cell_tooltip_get (cell);

  if (text == NULL || text[0] == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
cs_cell_tooltip_init (GtkWidget *cell)
{
  gtk_widget_set_has_tooltip (cell, TRUE);
  g_signal_connect (cell, "query-tooltip", G_CALLBACK (on_cell_query_tooltip), NULL);
}

void
cs_cell_tooltip_take (GtkWidget *cell,
                      char      *text)
{
  g_object_set_data_full (G_OBJECT (cell), "cs-cell-tooltip", text, g_free);
}

const char *
cs_cell_tooltip_get (GtkWidget *cell)
{
  return g_object_get_data (G_OBJECT (cell), "cs-cell-tooltip");
}

/* CsHeatCell */

struct _CsHeatCell
{
  GtkWidget  parent_instance;
  GtkWidget *label;
  double     fraction;
};

G_DEFINE_FINAL_TYPE (CsHeatCell, cs_heat_cell, GTK_TYPE_WIDGET)

static void
cs_heat_cell_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  CsHeatCell *self = CS_HEAT_CELL (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  gboolean dark = cs_widgets_get_theme (widget) == CS_THEME_DARK;
  /* Orange reads as "hot" on both backgrounds; the text stays on top. */
  GdkRGBA heat = dark ? (GdkRGBA) { 0.95, 0.55, 0.20, 0.45 }
                      : (GdkRGBA) { 0.93, 0.45, 0.05, 0.35 };

  if (self->fraction > 0 && width > 0)
    {
      double w = MAX (1, round (width * CLAMP (self->fraction, 0, 1)));

      gtk_snapshot_append_color (snapshot, &heat,
                                 &GRAPHENE_RECT_INIT (0, 2, w, MAX (1, height - 4)));
    }
  gtk_widget_snapshot_child (widget, self->label, snapshot);
}

static void
cs_heat_cell_dispose (GObject *object)
{
  CsHeatCell *self = CS_HEAT_CELL (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);
  G_OBJECT_CLASS (cs_heat_cell_parent_class)->dispose (object);
}

static void
cs_heat_cell_class_init (CsHeatCellClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cs_heat_cell_dispose;
  widget_class->snapshot = cs_heat_cell_snapshot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cs-heat-cell");
}

static void
cs_heat_cell_init (CsHeatCell *self)
{
  self->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->label), 1.0);
  gtk_widget_add_css_class (self->label, "numeric");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
}

GtkWidget *
cs_heat_cell_new (void)
{
  return g_object_new (CS_TYPE_HEAT_CELL, NULL);
}

void
cs_heat_cell_set (CsHeatCell *self,
                  double      fraction,
                  const char *text)
{
  g_return_if_fail (CS_IS_HEAT_CELL (self));

  self->fraction = isfinite (fraction) ? CLAMP (fraction, 0, 1) : 0;
  gtk_label_set_text (GTK_LABEL (self->label), text != NULL ? text : "");
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
