/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-compare-bar.c — see cs-compare-bar.h
 *
 * Comparison is a mode of the window (UX: "a mode, not a new window"):
 * this bar is what says the mode is on, which recording is the base, and
 * how to leave it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-compare-bar.h"

struct _CsCompareBar
{
  GtkWidget     parent_instance;

  GtkLabel     *label;
  GtkButton    *stop_button;
  CsComparison *comparison;
};

G_DEFINE_FINAL_TYPE (CsCompareBar, cs_compare_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_COMPARISON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
recording_name (CsAnalysis *analysis)
{
  const char *path = cs_analysis_get_path (analysis);

  return path != NULL ? g_filename_display_basename (path) : g_strdup ("?");
}

static void
set_comparison (CsCompareBar *self,
                CsComparison *comparison)
{
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;
  const char *event;

  if (!g_set_object (&self->comparison, comparison))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self), comparison != NULL);
  if (comparison != NULL)
    {
      base = recording_name (cs_comparison_get_base (comparison));
      event = cs_comparison_get_event (comparison);
      /* TRANSLATORS: the bar above the pages in a comparison; %s is the base recording's file name */
      text = g_strdup_printf (_("Compared with “%s”: Base is that recording, New this one"), base);
      tooltip = g_strdup_printf (_("Shares are of each recording’s samples of %s; Δ is New − Base in points. "
                                   "Red grew, blue shrank."),
                                 event != NULL ? event : "?");
      gtk_label_set_text (self->label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->label), tooltip);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
}

static void
cs_compare_bar_dispose (GObject *object)
{
  CsCompareBar *self = CS_COMPARE_BAR (object);
  GtkWidget *child;

  /* The icon is a child of the template too, but not bound. */
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_COMPARE_BAR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->comparison);
  G_OBJECT_CLASS (cs_compare_bar_parent_class)->dispose (object);
}

static void
cs_compare_bar_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_COMPARISON:
      g_value_set_object (value, CS_COMPARE_BAR (object)->comparison);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_compare_bar_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_COMPARISON:
      set_comparison (CS_COMPARE_BAR (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_compare_bar_class_init (CsCompareBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_compare_bar_dispose;
  object_class->get_property = cs_compare_bar_get_property;
  object_class->set_property = cs_compare_bar_set_property;

  properties[PROP_COMPARISON] =
    g_param_spec_object ("comparison", NULL, NULL, CS_TYPE_COMPARISON,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-compare-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, CsCompareBar, label);
  gtk_widget_class_bind_template_child (widget_class, CsCompareBar, stop_button);
}

static void
cs_compare_bar_init (CsCompareBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cs_compare_bar_new (void)
{
  return g_object_new (CS_TYPE_COMPARE_BAR, NULL);
}
