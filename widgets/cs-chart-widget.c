/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-widget.c — one BAR or REF chart as a GTK widget */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-chart-widget.h"
#include "cs-widgets-util.h"

struct _CsChartWidget
{
  CsCairoView    parent_instance;
  CsChartValues *values;
  CsChartValues *base;     /* compared with, or NULL */
};

G_DEFINE_FINAL_TYPE (CsChartWidget, cs_chart_widget, CS_TYPE_CAIRO_VIEW)

enum {
  PROP_0,
  PROP_CHART_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

static CsChartGeometry *
chart_geometry (CsChartWidget *self)
{
  g_autofree char *font = NULL;
  CsChartStyle style;

  if (self->values == NULL)
    return NULL;
  cs_cairo_view_get_style (CS_CAIRO_VIEW (self), &style, &font);
  style.font = font;
  return cs_chart_compare_geometry_new (self->base, self->values, &style,
                                gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
cs_chart_widget_draw (CsCairoView        *view,
                      cairo_t            *cr,
                      const CsChartStyle *style,
                      double              width,
                      double              height)
{
  cs_chart_draw_compare (cr, CS_CHART_WIDGET (view)->base, CS_CHART_WIDGET (view)->values, style, width, height);
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

/* Compared: the base's number of part @part (-1: the REF value) as a
 * tooltip line, "" without a base. */
static char *
base_markup (CsChartWidget *self,
             int            part)
{
  const CsChartValues *base = self->base;
  g_autofree char *text = NULL;

  if (base == NULL)
    return g_strdup ("");
  if (part < 0)
    text = cs_chart_format_value (base->value, base->unit);
  else
    {
      const char *name = self->values->parts[part].name;

      for (guint i = 0; i < base->n_parts && text == NULL; i++)
        if (g_strcmp0 (base->parts[i].name, name) == 0)
          text = cs_chart_format_share (base->parts[i].share);
      if (text == NULL)
        text = g_strdup (CS_CHART_NO_VALUE);
    }
  /* TRANSLATORS: chart tooltip in a comparison: the base recording's value */
  return g_markup_printf_escaped (_("\nBase: %s"), text);
}

static char *
with_base (CsChartWidget *self,
           char          *markup,
           int            part)
{
  g_autofree char *owned = markup;
  g_autofree char *base = NULL;

  if (markup == NULL)
    return NULL;
  base = base_markup (self, part);
  return g_strconcat (markup, base, NULL);
}

static char *cs_chart_widget_get_copy_text (CsCairoView *view,
                                            double       x,
                                            double       y);

static char *
cs_chart_widget_describe (CsCairoView *view,
                          double       x,
                          double       y)
{
  CsChartWidget *self = CS_CHART_WIDGET (view);
  g_autoptr(CsChartGeometry) geometry = NULL;

  /* No pointer (a keyboard tooltip): explain the whole chart. */
  if (!isfinite (x) || !isfinite (y))
    {
      g_autofree char *text = NULL;

      if (self->values->kind == CS_CHART_REF)
        return with_base (self, ref_markup (self->values), -1);
      text = cs_chart_widget_get_copy_text (view, NAN, NAN);
      return g_markup_escape_text (text, -1);
    }
  if ((geometry = chart_geometry (self)) == NULL)
    return NULL;

  /* A narrow chart ellipsizes its title: the whole of it on hover. */
  if (cs_rect_contains (&geometry->title, x, y) && self->values->title != NULL)
    return g_markup_escape_text (self->values->title, -1);

  if (self->values->kind == CS_CHART_BAR)
    {
      int part = cs_chart_geometry_part_at (geometry, x, y);

      return part >= 0 ? with_base (self, part_markup (self->values, part), part) : NULL;
    }

  if (cs_rect_contains (&geometry->marker, x, y) || cs_rect_contains (&geometry->badge, x, y) ||
      cs_rect_contains (&geometry->plot, x, y) || cs_rect_contains (&geometry->sentence, x, y))
    return with_base (self, ref_markup (self->values), -1);
  return NULL;
}

static char *
cs_chart_widget_get_copy_text (CsCairoView *view,
                               double       x,
                               double       y)
{
  CsChartWidget *self = CS_CHART_WIDGET (view);
  const CsChartValues *values;
  g_autoptr(CsChartGeometry) geometry = NULL;
  GString *s;

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

static void
cs_chart_widget_dispose (GObject *object)
{
  CsChartWidget *self = CS_CHART_WIDGET (object);

  g_clear_pointer (&self->values, cs_chart_values_free);
  g_clear_pointer (&self->base, cs_chart_values_free);
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
  CsCairoViewClass *view_class = CS_CAIRO_VIEW_CLASS (klass);

  object_class->dispose = cs_chart_widget_dispose;
  object_class->get_property = cs_chart_widget_get_property;
  widget_class->measure = cs_chart_widget_measure;
  view_class->export_label = N_("_Export Chart…");
  view_class->draw = cs_chart_widget_draw;
  view_class->describe = cs_chart_widget_describe;
  view_class->get_copy_text = cs_chart_widget_get_copy_text;

  properties[PROP_CHART_ID] =
    g_param_spec_string ("chart-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "cs-chart");
}

static void
cs_chart_widget_init (CsChartWidget *self)
{
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
  cs_cairo_view_set_has_content (CS_CAIRO_VIEW (self), values != NULL, values != NULL ? values->title : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHART_ID]);
}

void
cs_chart_widget_set_base_values (CsChartWidget       *self,
                                 const CsChartValues *base)
{
  g_return_if_fail (CS_IS_CHART_WIDGET (self));
  g_clear_pointer (&self->base, cs_chart_values_free);
  if (base != NULL)
    self->base = chart_values_copy (base);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CsChartValues *
cs_chart_widget_get_base_values (CsChartWidget *self)
{
  g_return_val_if_fail (CS_IS_CHART_WIDGET (self), NULL);
  return self->base;
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
