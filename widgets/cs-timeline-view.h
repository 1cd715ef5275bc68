/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-view.h — the recording over time, as a GTK widget
 *
 * A CsCairoView drawing the timeline of a profile's whole file with the
 * shared cairo code (cs-timeline-layout.h, cs-timeline-draw.h): a row per
 * process (its threads below when expanded), a row per CPU. The view is
 * where a filter is chosen, not what it filters: it always shows every
 * sample, and shades the times the current filter leaves out.
 *
 * Pointer: a drag over the plot selects a time range, a click on a
 * process's label expands it; hovering says the time, the row and its
 * samples there. The context menu and the keyboard zoom into the selection
 * (Zoom In, "+"), back out ("-"), and ask for a filter: in or out on the
 * selected range, or on the thread, process or CPU of the row under the
 * pointer (or in focus). The view does not apply a filter itself: it emits
 * ::filter-requested with the clause, and its owner (the window) stacks it.
 *
 * Keyboard: Left and Right move the selection by its width (or select the
 * first tenth of the time shown), Shift with them widens or narrows it; Up
 * and Down move the focused row, Enter or Space expands or collapses the
 * focused process, Escape clears the selection.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-cairo-view.h"
#include "cs-profile-filter.h"
#include "cs-timeline-layout.h"

G_BEGIN_DECLS

#define CS_TYPE_TIMELINE_VIEW (cs_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (CsTimelineView, cs_timeline_view, CS, TIMELINE_VIEW, CsCairoView)

GtkWidget              *cs_timeline_view_new           (void);
/* Shows the whole file of @profile (NULL clears), shading the times
 * outside @filter's time span (NULL: none). Zoom and selection start over
 * when the file changes, not when only the filter does. */
void                    cs_timeline_view_set_profile   (CsTimelineView        *self,
                                                        CsProfile             *profile,
                                                        const CsProfileFilter *filter);
CsProfile              *cs_timeline_view_get_profile   (CsTimelineView        *self);

/* The selected range, both ends included ("has-selection"). */
void                    cs_timeline_view_set_selection (CsTimelineView        *self,
                                                        guint64                start,
                                                        guint64                end);
void                    cs_timeline_view_clear_selection (CsTimelineView      *self);
gboolean                cs_timeline_view_get_selection (CsTimelineView        *self,
                                                        guint64               *start,
                                                        guint64               *end);
/* Shows the selection (or the middle half) across the whole width; zoom
 * out returns to the previous range, FALSE when there was none. */
void                    cs_timeline_view_zoom_in       (CsTimelineView        *self);
gboolean                cs_timeline_view_zoom_out      (CsTimelineView        *self);
/* The time shown, both ends included. */
void                    cs_timeline_view_get_range     (CsTimelineView        *self,
                                                        guint64               *start,
                                                        guint64               *end);
/* Shows or hides the threads of process @pid. */
void                    cs_timeline_view_set_expanded  (CsTimelineView        *self,
                                                        gint32                 pid,
                                                        gboolean               expanded);
/* The layout drawn now (owned by the view, valid until the next change);
 * NULL without a profile or size. */
const CsTimelineLayout *cs_timeline_view_get_layout    (CsTimelineView        *self);
/* Where @time is drawn, in widget coordinates; and the middle of row @row. */
double                  cs_timeline_view_time_x        (CsTimelineView        *self,
                                                        guint64                time);
double                  cs_timeline_view_row_y         (CsTimelineView        *self,
                                                        guint                  row);

G_END_DECLS
