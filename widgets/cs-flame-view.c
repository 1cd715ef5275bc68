/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-view.c — the flame graph as a GTK widget
 *
 * The layout is computed for the widget's width when a frame needs it and
 * kept until the width or what is shown changes: hovering and tooltips
 * hit-test on every motion.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-flame-view-private.h"


G_DEFINE_FINAL_TYPE (CsFlameView, cs_flame_view, CS_TYPE_CAIRO_VIEW)

enum {
  PROP_0,
  PROP_ICICLE,
  PROP_THRESHOLD,
  PROP_SEARCH,
  PROP_TITLE,
  PROP_CAN_ZOOM_OUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
guint _cs_flame_view_signals[CS_FLAME_VIEW_N_SIGNALS];

static void
drop_layout (CsFlameView *self)
{
  g_clear_pointer (&self->layout, cs_flame_layout_free);
}

/* Something shown changed: a new layout, a new size request. */
static void
changed (CsFlameView *self)
{
  drop_layout (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
invalidate (CsCairoView *view)
{
  drop_layout (CS_FLAME_VIEW (view));
}

static void
get_style (CsFlameView  *self,
           CsChartStyle *style,
           char        **font)
{
  cs_cairo_view_get_style (CS_CAIRO_VIEW (self), style, font);
  style->font = *font;
}

static const CsFlameLayout *
layout_for (CsFlameView *self,
            int          width)
{
  if (self->graph == NULL || width <= 0)
    return NULL;
  if (self->layout != NULL && self->layout_width == width)
    return self->layout;
  drop_layout (self);
  self->layout = cs_flame_layout_new (self->graph, _cs_flame_view_tree_kind (self), self->event, self->zoom, width,
                                      self->threshold, self->search);
  self->layout_width = width;
  return self->layout;
}

const CsFlameLayout *
cs_flame_view_get_layout (CsFlameView *self)
{
  g_return_val_if_fail (CS_IS_FLAME_VIEW (self), NULL);
  return layout_for (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

static void
draw_options (CsFlameView        *self,
              CsFlameDrawOptions *options)
{
  cs_flame_draw_options_init (options);
  options->icicle = self->icicle;
  options->title = self->title;
  options->hover_node = self->hover_node;
  options->focus_node = gtk_widget_has_focus (GTK_WIDGET (self)) ? self->focus_node : CS_CALL_NO_NODE;
  options->searching = self->search != NULL && self->search[0] != '\0';
  options->base_shares = _cs_flame_view_get_base_shares (self);
  options->base_samples = self->base_samples;
}

const CsFlameFrame *
_cs_flame_view_frame_at (CsFlameView *self,
                         double       x,
                         double       y)
{
  const CsFlameLayout *layout = cs_flame_view_get_layout (self);
  g_autofree char *font = NULL;
  CsFlameDrawOptions options;
  CsChartStyle style;
  int row;

  if (layout == NULL || !isfinite (x) || !isfinite (y))
    return NULL;
  get_style (self, &style, &font);
  draw_options (self, &options);
  row = cs_flame_row_at (layout, &style, &options, gtk_widget_get_height (GTK_WIDGET (self)), y);
  return row >= 0 ? cs_flame_layout_frame_at (layout, (guint) row, x) : NULL;
}

gboolean
cs_flame_view_get_frame_rect (CsFlameView     *self,
                              guint            node,
                              graphene_rect_t *rect)
{
  const CsFlameLayout *layout = cs_flame_view_get_layout (self);
  const CsFlameFrame *f = layout != NULL ? cs_flame_layout_find_node (layout, node) : NULL;
  g_autofree char *font = NULL;
  CsFlameDrawOptions options;
  CsChartStyle style;
  double header, row;

  if (f == NULL)
    return FALSE;
  get_style (self, &style, &font);
  draw_options (self, &options);
  cs_flame_get_metrics (&style, &header, &row);
  graphene_rect_init (rect, f->x, cs_flame_row_y (layout, &style, &options, gtk_widget_get_height (GTK_WIDGET (self)),
                                                  f->depth),
                      f->width, row - 1);
  return TRUE;
}

static const char *
function_name (CsFlameView *self,
               guint        function)
{
  if (function == CS_CALL_NO_FUNCTION)
    return _("all");
  return cs_profile_get_function (cs_call_graph_get_profile (self->graph), function)->name;
}

static double
share (CsFlameView *self,
       guint64      cost)
{
  guint64 total = cs_call_graph_get_event_total (self->graph, self->event);

  return total > 0 ? 100.0 * (double) cost / (double) total : 0;
}

static char *
summary (CsFlameView *self)
{
  g_autofree char *samples = NULL;

  if (self->graph == NULL)
    return g_strdup ("");
  samples = cs_chart_format_grouped ((double) cs_call_graph_get_event_samples (self->graph, self->event), 0);
  return g_strdup_printf (self->icicle
                          /* TRANSLATORS: accessible description: "Icicle graph of 12,345 samples" */
                          ? _("Icicle graph of %s samples: sampled functions on top, their callers below")
                          /* TRANSLATORS: accessible description: "Flame graph of 12,345 samples" */
                          : _("Flame graph of %s samples: callers below, the functions they call on top"),
                          samples);
}

static char *
describe_frame (CsFlameView        *self,
                const CsFlameFrame *f)
{
  const CsCallFunction *fn = NULL;
  /* TRANSLATORS: tooltip of a flame graph frame */
  g_autofree char *total = g_strdup_printf (_("Total: %.2f %% of the samples"), share (self, f->total));
  /* TRANSLATORS: tooltip of a flame graph frame */
  g_autofree char *own = g_strdup_printf (_("Self: %.2f %%"), share (self, f->self));
  g_autofree char *change = _cs_flame_view_describe_change (self, f);

  if (f->function != CS_CALL_NO_FUNCTION)
    fn = cs_profile_get_function (cs_call_graph_get_profile (self->graph), f->function);
  return g_markup_printf_escaped ("<b>%s</b>%s\n%s\n%s\n%s%s", function_name (self, f->function),
                                  fn != NULL && fn->inlined ? _(" (inlined)") : "",
                                  fn != NULL ? fn->module->name : "", total, own, change);
}

static char *
cs_flame_view_describe (CsCairoView *view,
                        double       x,
                        double       y)
{
  CsFlameView *self = CS_FLAME_VIEW (view);
  const CsFlameFrame *f;

  if (!isfinite (x) || !isfinite (y))
    {
      g_autofree char *text = summary (self);

      return g_markup_escape_text (text, -1);
    }
  f = _cs_flame_view_frame_at (self, x, y);
  return f != NULL ? describe_frame (self, f) : NULL;
}

static char *
cs_flame_view_get_copy_text (CsCairoView *view,
                             double       x,
                             double       y)
{
  CsFlameView *self = CS_FLAME_VIEW (view);
  const CsFlameFrame *f = _cs_flame_view_frame_at (self, x, y);

  if (f == NULL)
    return summary (self);
  return g_strdup (function_name (self, f->function));
}

static void
cs_flame_view_draw (CsCairoView        *view,
                    cairo_t            *cr,
                    const CsChartStyle *style,
                    double              width,
                    double              height)
{
  CsFlameView *self = CS_FLAME_VIEW (view);
  const CsFlameLayout *layout = layout_for (self, (int) width);
  CsFlameDrawOptions options;

  if (layout == NULL)
    return;
  draw_options (self, &options);
  cs_flame_draw (cr, layout, style, &options, width, height);
}

static void
cs_flame_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  CsFlameView *self = CS_FLAME_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 800;
      return;
    }
  *minimum = 160;
  *natural = 360;
  if (self->graph != NULL)
    {
      g_autofree char *font = NULL;
      CsChartStyle style;
      g_autoptr(CsFlameLayout) probe = NULL;
      const CsFlameLayout *layout;

      /* every row of the layout at the width it will get */
      if (for_size > 0 && self->layout != NULL && self->layout_width == for_size)
        layout = self->layout;
      else
        layout = probe = cs_flame_layout_new (self->graph, _cs_flame_view_tree_kind (self), self->event, self->zoom,
                                              for_size > 0 ? for_size : 800, self->threshold, self->search);
      get_style (self, &style, &font);
      *natural = MAX (*natural, (int) ceil (cs_flame_get_natural_height (layout, &style)));
      *minimum = MAX (*minimum, *natural);
    }
}

static void
update_actions (CsFlameView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "flame.zoom-out", self->zoom_history->len > 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_ZOOM_OUT]);
}

static void
cs_flame_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CsFlameView *self = CS_FLAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_ICICLE:
      g_value_set_boolean (value, self->icicle);
      break;
    case PROP_THRESHOLD:
      g_value_set_double (value, self->threshold);
      break;
    case PROP_SEARCH:
      g_value_set_string (value, self->search);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_CAN_ZOOM_OUT:
      g_value_set_boolean (value, self->zoom_history->len > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_flame_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CsFlameView *self = CS_FLAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_ICICLE:
      cs_flame_view_set_icicle (self, g_value_get_boolean (value));
      break;
    case PROP_THRESHOLD:
      cs_flame_view_set_threshold (self, g_value_get_double (value));
      break;
    case PROP_SEARCH:
      cs_flame_view_set_search (self, g_value_get_string (value));
      break;
    case PROP_TITLE:
      cs_flame_view_set_title (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_flame_view_dispose (GObject *object)
{
  CsFlameView *self = CS_FLAME_VIEW (object);

  drop_layout (self);
  g_clear_object (&self->graph);
  _cs_flame_view_clear_base_shares (self);
  G_OBJECT_CLASS (cs_flame_view_parent_class)->dispose (object);
}

static void
cs_flame_view_finalize (GObject *object)
{
  CsFlameView *self = CS_FLAME_VIEW (object);

  g_free (self->search);
  g_free (self->title);
  g_array_unref (self->zoom_history);
  G_OBJECT_CLASS (cs_flame_view_parent_class)->finalize (object);
}

static void
cs_flame_view_class_init (CsFlameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CsCairoViewClass *view_class = CS_CAIRO_VIEW_CLASS (klass);

  object_class->get_property = cs_flame_view_get_property;
  object_class->set_property = cs_flame_view_set_property;
  object_class->dispose = cs_flame_view_dispose;
  object_class->finalize = cs_flame_view_finalize;
  widget_class->measure = cs_flame_view_measure;
  view_class->draw = cs_flame_view_draw;
  view_class->describe = cs_flame_view_describe;
  view_class->get_copy_text = cs_flame_view_get_copy_text;
  view_class->invalidate = invalidate;
  view_class->export_label = N_("_Export Flame Graph…");

  properties[PROP_ICICLE] =
    g_param_spec_boolean ("icicle", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THRESHOLD] =
    g_param_spec_double ("threshold", NULL, NULL, 0, 100, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_ZOOM_OUT] =
    g_param_spec_boolean ("can-zoom-out", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CsFlameView::function-selected:
   * @function: the CsCallFunction index of the focused or clicked frame
   */
  _cs_flame_view_signals[CS_FLAME_VIEW_FUNCTION_SELECTED] =
    g_signal_new ("function-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * CsFlameView::function-activated:
   * @function: the CsCallFunction index of the double-clicked frame
   */
  _cs_flame_view_signals[CS_FLAME_VIEW_FUNCTION_ACTIVATED] =
    g_signal_new ("function-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  _cs_flame_view_class_init_input (widget_class);
  gtk_widget_class_set_css_name (widget_class, "cs-flame");
}

static void
cs_flame_view_init (CsFlameView *self)
{
  self->zoom_history = g_array_new (FALSE, FALSE, sizeof (guint));
  self->focus_node = self->hover_node = CS_CALL_NO_NODE;
  _cs_flame_view_init_input (self);
  update_actions (self);
}

GtkWidget *
cs_flame_view_new (void)
{
  return g_object_new (CS_TYPE_FLAME_VIEW, NULL);
}

static void
update_content (CsFlameView *self)
{
  g_autofree char *description = summary (self);

  cs_cairo_view_set_has_content (CS_CAIRO_VIEW (self), self->graph != NULL,
                                 self->title != NULL ? self->title : _("Flame graph"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void
cs_flame_view_set_graph (CsFlameView *self,
                         CsCallGraph *graph,
                         guint        event)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  g_return_if_fail (graph == NULL || CS_IS_CALL_GRAPH (graph));

  g_set_object (&self->graph, graph);
  _cs_flame_view_clear_base_shares (self);
  self->event = event;
  self->zoom = CS_CALL_ROOT;
  g_array_set_size (self->zoom_history, 0);
  self->focus_node = self->hover_node = CS_CALL_NO_NODE;
  update_content (self);
  update_actions (self);
  changed (self);
}

void
cs_flame_view_set_event (CsFlameView *self,
                         guint        event)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  if (self->event == event)
    return;
  _cs_flame_view_clear_base_shares (self);
  self->event = event;
  update_content (self);
  changed (self);
}

void
cs_flame_view_set_icicle (CsFlameView *self,
                          gboolean     icicle)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  icicle = !!icicle;
  if (self->icicle == icicle)
    return;
  /* nodes of one tree mean nothing in the other */
  self->icicle = icicle;
  self->zoom = CS_CALL_ROOT;
  g_array_set_size (self->zoom_history, 0);
  self->focus_node = self->hover_node = CS_CALL_NO_NODE;
  update_content (self);
  update_actions (self);
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICICLE]);
}

void
cs_flame_view_set_threshold (CsFlameView *self,
                             double       percent)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  percent = CLAMP (percent, 0, 100);
  if (self->threshold == percent)
    return;
  self->threshold = percent;
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THRESHOLD]);
}

void
cs_flame_view_set_search (CsFlameView *self,
                          const char  *text)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (self->search, text) == 0)
    return;
  g_free (self->search);
  self->search = g_strdup (text);
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH]);
}

const char *
cs_flame_view_get_search (CsFlameView *self)
{
  g_return_val_if_fail (CS_IS_FLAME_VIEW (self), NULL);
  return self->search;
}

void
cs_flame_view_set_title (CsFlameView *self,
                         const char  *title)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  if (g_strcmp0 (self->title, title) == 0)
    return;
  g_free (self->title);
  self->title = g_strdup (title);
  update_content (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

void
cs_flame_view_zoom (CsFlameView *self,
                    guint        node)
{
  g_return_if_fail (CS_IS_FLAME_VIEW (self));
  if (self->graph == NULL || node >= cs_call_graph_get_n_nodes (self->graph, _cs_flame_view_tree_kind (self)) ||
      node == self->zoom)
    return;
  g_array_append_val (self->zoom_history, self->zoom);
  self->zoom = node;
  update_actions (self);
  changed (self);
}

gboolean
cs_flame_view_zoom_out (CsFlameView *self)
{
  g_return_val_if_fail (CS_IS_FLAME_VIEW (self), FALSE);
  if (self->zoom_history->len == 0)
    return FALSE;
  self->zoom = g_array_index (self->zoom_history, guint, self->zoom_history->len - 1);
  g_array_set_size (self->zoom_history, self->zoom_history->len - 1);
  update_actions (self);
  changed (self);
  return TRUE;
}

guint
cs_flame_view_get_zoom (CsFlameView *self)
{
  g_return_val_if_fail (CS_IS_FLAME_VIEW (self), CS_CALL_ROOT);
  return self->zoom;
}

guint
cs_flame_view_get_focus_node (CsFlameView *self)
{
  g_return_val_if_fail (CS_IS_FLAME_VIEW (self), CS_CALL_NO_NODE);
  return self->focus_node;
}
