/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-view-private.h — what cs-timeline-view.c and its input share */
#pragma once

#include "cs-timeline-draw.h"
#include "cs-timeline-view.h"

G_BEGIN_DECLS

struct _CsTimelineView
{
  CsCairoView       parent_instance;

  CsProfile        *profile;
  CsTimeRange       shown;          /* the filter's time span */
  guint64           start, end;     /* the range shown; 0, 0: the whole file */
  GArray           *zoom_history;   /* CsTimeRange */
  GArray           *expanded;       /* gint32 pids */
  gboolean          has_selection;
  guint64           sel_start, sel_end;
  guint64           drag_anchor;
  gboolean          dragging;
  guint             hover_row;
  double            hover_x;
  guint             focus_row;
  CsTimelineLayout *layout;
  int               layout_width;
};

/* cs-timeline-view.c */
const CsTimelineRow *_cs_timeline_view_row_of     (const CsTimelineLayout *layout,
                                                  guint                   row);
guint                _cs_timeline_view_row_at     (CsTimelineView         *self,
                                                  double                  y);
guint64              _cs_timeline_view_time_at    (CsTimelineView         *self,
                                                  double                  x);
void                 _cs_timeline_view_get_style  (CsTimelineView         *self,
                                                  CsChartStyle           *style,
                                                  char                  **font);

/* cs-timeline-view-input.c */
void                 _cs_timeline_view_toggle_row (CsTimelineView         *self,
                                                  guint                   index);
void                 _cs_timeline_view_init_input (CsTimelineView         *self);

G_END_DECLS
