/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-view-geometry.c — where the timeline view's rows and times are, in widget coordinates */
#include "config.h"

#include <math.h>

#include "cs-timeline-draw.h"
#include "cs-timeline-view-private.h"

const CsTimelineRow *
_cs_timeline_view_row_of (const CsTimelineLayout *layout,
        guint                   row)
{
  return layout != NULL && row < layout->rows->len ? g_ptr_array_index (layout->rows, row) : NULL;
}

guint
_cs_timeline_view_row_at (CsTimelineView *self,
        double          y)
{
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (self);
  g_autofree char *font = NULL;
  CsChartStyle style;

  if (layout == NULL || !isfinite (y))
    return CS_TIMELINE_NO_ROW;
  _cs_timeline_view_get_style (self, &style, &font);
  return cs_timeline_row_at (layout, &style, y);
}

guint64
_cs_timeline_view_time_at (CsTimelineView *self,
         double          x)
{
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (self);
  g_autofree char *font = NULL;
  CsChartStyle style;

  _cs_timeline_view_get_style (self, &style, &font);
  return cs_timeline_layout_bin_time (layout, cs_timeline_bin_at (layout, &style, x));
}

double
cs_timeline_view_time_x (CsTimelineView *self,
                         guint64         time)
{
  const CsTimelineLayout *layout = cs_timeline_view_get_layout (self);
  g_autofree char *font = NULL;
  CsChartStyle style;

  g_return_val_if_fail (layout != NULL, NAN);
  _cs_timeline_view_get_style (self, &style, &font);
  return cs_timeline_time_x (layout, &style, time);
}

double
cs_timeline_view_row_y (CsTimelineView *self,
                        guint           row)
{
  g_autofree char *font = NULL;
  CsTimelineMetrics m;
  CsChartStyle style;

  _cs_timeline_view_get_style (self, &style, &font);
  cs_timeline_get_metrics (&style, &m);
  return m.axis_height + (row + 0.5) * m.row_height;
}
