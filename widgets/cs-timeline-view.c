/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-view.c — see cs-timeline-view.h
 *
 * The layout is binned once per width and range (one pass over the sample
 * columns) and kept until something shown changes; hovering and the
 * selection only redraw it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-profile-summary.h"
#include "cs-timeline-draw.h"
#include "cs-timeline-view-private.h"

G_DEFINE_FINAL_TYPE (CsTimelineView, cs_timeline_view, CS_TYPE_CAIRO_VIEW)

enum {
  PROP_0,
  PROP_HAS_SELECTION,
  N_PROPS
};

enum {
  FILTER_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
_cs_timeline_view_get_style (CsTimelineView *self,
                             CsChartStyle   *style,
                             char          **font)
{
  cs_cairo_view_get_style (CS_CAIRO_VIEW (self), style, font);
  style->font = *font;
}

static void
drop_layout (CsTimelineView *self)
{
  g_clear_pointer (&self->layout, cs_timeline_layout_free);
}

static void
invalidate (CsCairoView *view)
{
  drop_layout (CS_TIMELINE_VIEW (view));
}

/* Rows or range changed: a new layout, maybe a new height. */
static void
changed (CsTimelineView *self)
{
  drop_layout (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static const CsTimelineLayout *
layout_for (CsTimelineView *self,
            int             width)
{
  g_autofree char *font = NULL;
  CsTimelineOptions options;
  CsChartStyle style;

  if (self->profile == NULL)
    return NULL;
  width = MAX (width, 1);
  if (self->layout != NULL && self->layout_width == width)
    return self->layout;
  drop_layout (self);
  _cs_timeline_view_get_style (self, &style, &font);
  cs_timeline_options_init (&options);
  options.start = self->start;
  options.end = self->end;
  options.n_bins = cs_timeline_plot_width (&style, width);
  options.expanded = (const gint32 *) (gpointer) self->expanded->data;
  options.n_expanded = self->expanded->len;
  self->layout = cs_timeline_layout_new (self->profile, &options);
  self->layout_width = width;
  return self->layout;
}

const CsTimelineLayout *
cs_timeline_view_get_layout (CsTimelineView *self)
{
  g_return_val_if_fail (CS_IS_TIMELINE_VIEW (self), NULL);
  return layout_for (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

static void
cs_timeline_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  CsTimelineView *self = CS_TIMELINE_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 400;
      *natural = 800;
    }
  else
    {
      /* the rows do not depend on the width: any binning counts them */
      const CsTimelineLayout *layout = layout_for (self, self->layout != NULL ? self->layout_width
                                                         : MAX (gtk_widget_get_width (widget), 1));
      g_autofree char *font = NULL;
      CsChartStyle style;

      _cs_timeline_view_get_style (self, &style, &font);
      *minimum = *natural = layout != NULL ? (int) ceil (cs_timeline_get_natural_height (layout, &style)) : 60;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
draw_options (CsTimelineView        *self,
              CsTimelineDrawOptions *options)
{
  cs_timeline_draw_options_init (options);
  options->has_selection = self->has_selection;
  options->selection_start = self->sel_start;
  options->selection_end = self->sel_end;
  options->shown = self->shown;
  options->hover_row = self->hover_row;
  options->hover_x = self->hover_x;
  options->focus_row = gtk_widget_has_focus (GTK_WIDGET (self)) ? self->focus_row : CS_TIMELINE_NO_ROW;
}

static void
cs_timeline_view_draw (CsCairoView        *view,
                       cairo_t            *cr,
                       const CsChartStyle *style,
                       double              width,
                       double              height)
{
  CsTimelineView *self = CS_TIMELINE_VIEW (view);
  const CsTimelineLayout *layout = layout_for (self, (int) width);
  CsTimelineDrawOptions options;

  if (layout == NULL)
    return;
  draw_options (self, &options);
  cs_timeline_draw (cr, layout, style, &options, width, height);
}

static char *
cs_timeline_view_describe (CsCairoView *view,
                           double       x,
                           double       y)
{
  CsTimelineView *self = CS_TIMELINE_VIEW (view);
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (self);
  g_autofree char *font = NULL;
  g_autofree char *at = NULL;
  g_autofree char *label = NULL;
  g_autofree char *here = NULL;
  g_autofree char *total = NULL;
  const CsTimelineRow *row;
  CsTimelineMetrics m;
  CsChartStyle style;
  double bin;
  guint64 resolution, n;

  if (layout == NULL || !layout->has_time)
    return NULL;
  _cs_timeline_view_get_style (self, &style, &font);
  cs_timeline_get_metrics (&style, &m);
  resolution = MAX ((layout->end - layout->start) / MAX (layout->n_bins, 1), 1);
  if (!isfinite (x) || !isfinite (y))
    {
      g_autofree char *a = cs_timeline_format_offset (layout->start - layout->first, resolution);
      g_autofree char *b = cs_timeline_format_offset (layout->end - layout->first, resolution);

      /* TRANSLATORS: the timeline's keyboard tooltip: the range shown and its rows */
      return g_markup_printf_escaped (_("Timeline from %s to %s, %u rows"), a, b, layout->rows->len);
    }
  if (x < m.label_width || (row = _cs_timeline_view_row_of (layout, cs_timeline_row_at (layout, &style, y))) == NULL)
    return NULL;
  bin = floor (cs_timeline_bin_at (layout, &style, x));
  at = cs_timeline_format_offset (cs_timeline_layout_bin_time (layout, bin) - layout->first, resolution);
  n = cs_timeline_row_count (layout, row, (guint) bin, (guint) bin + 1);
  label = g_markup_escape_text (row->label, -1);
  here = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  total = g_strdup_printf ("%" G_GUINT64_FORMAT, row->n_samples);
  /* TRANSLATORS: the timeline's tooltip: the time, the row's process, thread
   * or CPU, and its samples in that pixel column and in the time shown */
  return g_strdup_printf (g_dngettext (NULL, "%s\n<b>%s</b>\n%s sample here, %s in the time shown",
                                       "%s\n<b>%s</b>\n%s samples here, %s in the time shown", n),
                          at, label, here, total);
}

/* --- state --- */

void
cs_timeline_view_set_profile (CsTimelineView        *self,
                              CsProfile             *profile,
                              const CsProfileFilter *filter)
{
  g_return_if_fail (CS_IS_TIMELINE_VIEW (self));

  profile = profile != NULL ? cs_profile_get_base (profile) : NULL;
  self->shown = filter != NULL ? cs_profile_filter_get_time_span (filter) : (CsTimeRange) { 0, G_MAXUINT64 };
  if (profile != self->profile)
    {
      g_set_object (&self->profile, profile);
      self->start = self->end = 0;
      g_array_set_size (self->zoom_history, 0);
      g_array_set_size (self->expanded, 0);
      self->has_selection = FALSE;
      self->hover_row = self->focus_row = CS_TIMELINE_NO_ROW;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_SELECTION]);
      changed (self);
    }
  cs_cairo_view_set_has_content (CS_CAIRO_VIEW (self), self->profile != NULL, _("Timeline"));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

CsProfile *
cs_timeline_view_get_profile (CsTimelineView *self)
{
  g_return_val_if_fail (CS_IS_TIMELINE_VIEW (self), NULL);
  return self->profile;
}

static void
update_actions (CsTimelineView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.zoom-out", self->zoom_history->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.filter-in", self->has_selection);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.filter-out", self->has_selection);
}

void
cs_timeline_view_set_selection (CsTimelineView *self,
                                guint64         start,
                                guint64         end)
{
  g_return_if_fail (CS_IS_TIMELINE_VIEW (self));

  self->sel_start = MIN (start, end);
  self->sel_end = MAX (start, end);
  if (!self->has_selection)
    {
      self->has_selection = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_SELECTION]);
    }
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
cs_timeline_view_clear_selection (CsTimelineView *self)
{
  g_return_if_fail (CS_IS_TIMELINE_VIEW (self));

  if (!self->has_selection)
    return;
  self->has_selection = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_SELECTION]);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
cs_timeline_view_get_selection (CsTimelineView *self,
                                guint64        *start,
                                guint64        *end)
{
  g_return_val_if_fail (CS_IS_TIMELINE_VIEW (self), FALSE);

  if (start != NULL)
    *start = self->sel_start;
  if (end != NULL)
    *end = self->sel_end;
  return self->has_selection;
}

void
cs_timeline_view_get_range (CsTimelineView *self,
                            guint64        *start,
                            guint64        *end)
{
  const CsProfileSummary *summary;

  g_return_if_fail (CS_IS_TIMELINE_VIEW (self));

  summary = self->profile != NULL ? cs_profile_get_summary (self->profile) : NULL;
  /* the layout's own bounds: the first and the last sample */
  *start = self->start != 0 || self->end != 0 ? self->start : summary != NULL ? summary->first_time : 0;
  *end = self->start != 0 || self->end != 0 ? self->end : summary != NULL ? summary->last_time : 0;
}

void
cs_timeline_view_zoom_in (CsTimelineView *self)
{
  CsTimeRange now;
  guint64 a, b;

  g_return_if_fail (CS_IS_TIMELINE_VIEW (self));

  cs_timeline_view_get_range (self, &now.start, &now.end);
  if (self->has_selection)
    a = self->sel_start, b = self->sel_end;
  else
    a = now.start + (now.end - now.start) / 4, b = now.end - (now.end - now.start) / 4;
  /* a range narrower than a few ns shows nothing more */
  if (b <= a + 16 || (a == now.start && b == now.end))
    return;
  g_array_append_val (self->zoom_history, now);
  self->start = a;
  self->end = b;
  update_actions (self);
  changed (self);
}

gboolean
cs_timeline_view_zoom_out (CsTimelineView *self)
{
  CsTimeRange back;

  g_return_val_if_fail (CS_IS_TIMELINE_VIEW (self), FALSE);

  if (self->zoom_history->len == 0)
    return FALSE;
  back = g_array_index (self->zoom_history, CsTimeRange, self->zoom_history->len - 1);
  g_array_set_size (self->zoom_history, self->zoom_history->len - 1);
  self->start = back.start;
  self->end = back.end;
  update_actions (self);
  changed (self);
  return TRUE;
}

void
cs_timeline_view_set_expanded (CsTimelineView *self,
                               gint32          pid,
                               gboolean        expanded)
{
  g_return_if_fail (CS_IS_TIMELINE_VIEW (self));

  for (guint i = 0; i < self->expanded->len; i++)
    if (g_array_index (self->expanded, gint32, i) == pid)
      {
        if (!expanded)
          {
            g_array_remove_index (self->expanded, i);
            changed (self);
          }
        return;
      }
  if (expanded)
    {
      g_array_append_val (self->expanded, pid);
      changed (self);
    }
}

/* --- filters --- */

static void
request (CsTimelineView  *self,
         CsProfileFilter *clause)
{
  g_signal_emit (self, signals[FILTER_REQUESTED], 0, clause);
  cs_profile_filter_unref (clause);
}

static void
request_range (CsTimelineView *self,
               gboolean        exclude)
{
  CsProfileFilter *clause;

  if (!self->has_selection)
    return;
  clause = cs_profile_filter_new ();
  cs_profile_filter_add_time (clause, exclude, &(CsTimeRange) { self->sel_start, self->sel_end }, 1);
  cs_timeline_view_clear_selection (self);
  request (self, clause);
}

static void
request_row (CsTimelineView *self,
             gboolean        exclude)
{
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (self);
  const CsTimelineRow *row = _cs_timeline_view_row_of (layout, self->hover_row != CS_TIMELINE_NO_ROW ? self->hover_row : self->focus_row);
  CsProfileFilter *clause;

  if (row == NULL)
    return;
  clause = cs_profile_filter_new ();
  switch (row->kind)
    {
    case CS_TIMELINE_ROW_PROCESS:
      cs_profile_filter_add_number (clause, CS_FILTER_PROCESS, exclude, row->pid);
      break;
    case CS_TIMELINE_ROW_THREAD:
      cs_profile_filter_add_number (clause, CS_FILTER_THREAD, exclude, row->tid);
      break;
    case CS_TIMELINE_ROW_CPU:
      cs_profile_filter_add_number (clause, CS_FILTER_CPU, exclude, row->index);
      break;
    }
  request (self, clause);
}

static void
action_filter (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CsTimelineView *self = CS_TIMELINE_VIEW (widget);
  gboolean exclude = g_str_has_suffix (action_name, "-out") || g_str_has_suffix (action_name, "-out-row");

  if (g_str_has_suffix (action_name, "-row"))
    request_row (self, exclude);
  else
    request_range (self, exclude);
}

static void
action_zoom (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  if (g_str_equal (action_name, "timeline.zoom-in"))
    cs_timeline_view_zoom_in (CS_TIMELINE_VIEW (widget));
  else
    cs_timeline_view_zoom_out (CS_TIMELINE_VIEW (widget));
}

/* --- GObject --- */

static void
cs_timeline_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_HAS_SELECTION:
      g_value_set_boolean (value, CS_TIMELINE_VIEW (object)->has_selection);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_timeline_view_dispose (GObject *object)
{
  CsTimelineView *self = CS_TIMELINE_VIEW (object);

  drop_layout (self);
  g_clear_object (&self->profile);
  G_OBJECT_CLASS (cs_timeline_view_parent_class)->dispose (object);
}

static void
cs_timeline_view_finalize (GObject *object)
{
  CsTimelineView *self = CS_TIMELINE_VIEW (object);

  g_array_unref (self->zoom_history);
  g_array_unref (self->expanded);
  G_OBJECT_CLASS (cs_timeline_view_parent_class)->finalize (object);
}

static void
cs_timeline_view_class_init (CsTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CsCairoViewClass *view_class = CS_CAIRO_VIEW_CLASS (klass);

  object_class->get_property = cs_timeline_view_get_property;
  object_class->dispose = cs_timeline_view_dispose;
  object_class->finalize = cs_timeline_view_finalize;
  widget_class->measure = cs_timeline_view_measure;
  view_class->draw = cs_timeline_view_draw;
  view_class->describe = cs_timeline_view_describe;
  view_class->invalidate = invalidate;
  view_class->export_label = N_("_Export Timeline…");

  properties[PROP_HAS_SELECTION] =
    g_param_spec_boolean ("has-selection", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CsTimelineView::filter-requested:
   * @clause: a CsProfileFilter of the clause to add to the current filter
   */
  signals[FILTER_REQUESTED] =
    g_signal_new ("filter-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CS_TYPE_PROFILE_FILTER);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, action_zoom);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, action_zoom);
  gtk_widget_class_install_action (widget_class, "timeline.filter-in", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "timeline.filter-out", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "timeline.filter-in-row", NULL, action_filter);
  gtk_widget_class_install_action (widget_class, "timeline.filter-out-row", NULL, action_filter);
  gtk_widget_class_set_css_name (widget_class, "cs-timeline");
}

static void
cs_timeline_view_init (CsTimelineView *self)
{
  self->zoom_history = g_array_new (FALSE, FALSE, sizeof (CsTimeRange));
  self->expanded = g_array_new (FALSE, FALSE, sizeof (gint32));
  self->shown = (CsTimeRange) { 0, G_MAXUINT64 };
  self->hover_row = self->focus_row = CS_TIMELINE_NO_ROW;
  self->hover_x = NAN;

  _cs_timeline_view_init_input (self);

  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Zoom _In"), "timeline.zoom-in");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Zoom _Out"), "timeline.zoom-out");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("_Filter In on Selection"), "timeline.filter-in");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Filter Out _Selection"), "timeline.filter-out");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Filter In on This _Row"), "timeline.filter-in-row");
  cs_cairo_view_add_menu_item (CS_CAIRO_VIEW (self), _("Filter Out This Ro_w"), "timeline.filter-out-row");
  update_actions (self);
}

GtkWidget *
cs_timeline_view_new (void)
{
  return g_object_new (CS_TYPE_TIMELINE_VIEW, NULL);
}
