/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-layout.h — a recording's samples over time, row by row
 *
 * The timeline shows when each process, thread and CPU was busy: one row
 * per process (with samples, most first), its threads below it when it is
 * expanded, then one row per CPU. Each row holds the number of samples of
 * each drawn event per bin, a bin being one pixel column of the plot for
 * the time shown (the whole recording, or a zoomed range of it). The layout
 * is the data only, no cairo: cs-timeline-draw.h paints it, the widget hit-
 * tests on it, the tests read it.
 *
 * Time is the perf clock in ns; the axis counts from the recording's first
 * sample. Samples without a timestamp are on no row.
 */
#pragma once

#include <glib.h>

#include "cs-profile-tasks.h"

G_BEGIN_DECLS

/* Events drawn, one lane each in every row. */
#define CS_TIMELINE_MAX_LANES 3

typedef enum
{
  CS_TIMELINE_ROW_PROCESS,
  CS_TIMELINE_ROW_THREAD,
  CS_TIMELINE_ROW_CPU,
} CsTimelineRowKind;

typedef struct
{
  CsTimelineRowKind kind;
  guint             index;       /* process or task index in the profile; the CPU */
  gint32            pid;         /* process and thread rows */
  gint32            tid;         /* thread rows */
  char             *label;       /* "alpha (100)", "alpha-late 101", "CPU 1" */
  guint             depth;       /* 1 for a thread under its process */
  gboolean          expandable;  /* a process with threads */
  gboolean          expanded;
  guint64           start;       /* lifetime (process, thread); 0, 0: unknown or a CPU */
  guint64           end;
  guint64           n_samples;   /* in the time shown, every lane */
  guint32          *bins;        /* n_lanes × n_bins: lane l's bin b at [l * n_bins + b] */
  guint32           max_bin;     /* the largest of them */
} CsTimelineRow;

typedef struct
{
  guint64            first;      /* the recording's first and last sample: 0 on the axis */
  guint64            last;
  guint64            start;      /* the time shown, both ends included */
  guint64            end;
  guint              n_bins;
  guint              n_lanes;
  guint              lane_events[CS_TIMELINE_MAX_LANES];   /* CsProfileEvent.index */
  GPtrArray         *rows;       /* CsTimelineRow*, top to bottom */
  guint              n_process_rows;   /* process and thread rows come first */
  GArray            *marks;      /* CsProfileMark in the time shown */
  gboolean           has_time;   /* the samples have timestamps */
} CsTimelineLayout;

typedef struct
{
  guint64       start;           /* the time to show; 0, 0: the whole recording */
  guint64       end;
  guint         n_bins;          /* the plot's width in pixels, at least 1 */
  /* pids of the processes shown with their threads */
  const gint32 *expanded;
  guint         n_expanded;
  gboolean      show_cpus;
} CsTimelineOptions;

void              cs_timeline_options_init   (CsTimelineOptions      *options);
/* The rows of @profile's whole file (also when @profile is filtered: the
 * timeline is where a filter is chosen). */
CsTimelineLayout *cs_timeline_layout_new     (CsProfile              *profile,
                                              const CsTimelineOptions *options);
void              cs_timeline_layout_free    (CsTimelineLayout       *layout);

/* Bin @bin's first time, and the bin of @time (clamped to the bins). */
guint64           cs_timeline_layout_bin_time (const CsTimelineLayout *layout,
                                               double                  bin);
double            cs_timeline_layout_time_bin (const CsTimelineLayout *layout,
                                               guint64                 time);
/* Samples of @row in bins [@from, @to) summed over the lanes. */
guint64           cs_timeline_row_count       (const CsTimelineLayout *layout,
                                               const CsTimelineRow    *row,
                                               guint                   from,
                                               guint                   to);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsTimelineLayout, cs_timeline_layout_free)

G_END_DECLS
