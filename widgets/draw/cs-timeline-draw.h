/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-draw.h — the timeline painted with cairo and pango
 *
 * A time axis on top, counting from the recording's first sample; below it
 * one row per process (an expander shows its threads) and per CPU, the
 * label on the left, the samples on the right as bars per pixel column,
 * one lane per event in the palette's colours, each row scaled to its own
 * busiest column; a thin line under a process or thread marks its lifetime
 * (FORK to EXIT). Lost samples are red marks on the axis, throttling
 * orange. The selection is a tinted band over every row; times a filter
 * leaves out are shaded.
 */
#pragma once

#include <cairo.h>

#include "cs-chart-draw.h"
#include "cs-profile-filter.h"
#include "cs-timeline-layout.h"

G_BEGIN_DECLS

#define CS_TIMELINE_NO_ROW G_MAXUINT

typedef struct
{
  gboolean    has_selection;
  guint64     selection_start;   /* both ends included */
  guint64     selection_end;
  CsTimeRange shown;             /* times outside are shaded; [0, G_MAXUINT64]: none */
  guint       hover_row;         /* CS_TIMELINE_NO_ROW: none */
  double      hover_x;           /* NaN: no cursor line */
  guint       focus_row;         /* the keyboard's row; CS_TIMELINE_NO_ROW: none */
} CsTimelineDrawOptions;

typedef struct
{
  double axis_height;            /* the time axis on top */
  double row_height;
  double label_width;            /* the plot starts there */
  double right_margin;
} CsTimelineMetrics;

void     cs_timeline_draw_options_init (CsTimelineDrawOptions       *options);
void     cs_timeline_get_metrics       (const CsChartStyle          *style,
                                        CsTimelineMetrics           *metrics);
/* The plot's width in a drawing @width wide: the layout's bins. */
guint    cs_timeline_plot_width        (const CsChartStyle          *style,
                                        double                       width);
/* The height that shows every row. */
double   cs_timeline_get_natural_height (const CsTimelineLayout     *layout,
                                         const CsChartStyle         *style);
/* The row at @y, CS_TIMELINE_NO_ROW on the axis or below the rows. */
guint    cs_timeline_row_at            (const CsTimelineLayout      *layout,
                                        const CsChartStyle          *style,
                                        double                       y);
/* The bin at @x (fractional, clamped to the plot), and the x of @time. */
double   cs_timeline_bin_at            (const CsTimelineLayout      *layout,
                                        const CsChartStyle          *style,
                                        double                       x);
double   cs_timeline_time_x            (const CsTimelineLayout      *layout,
                                        const CsChartStyle          *style,
                                        guint64                      time);
/* @offset (ns since the first sample) as the axis writes it, with enough
 * decimals to tell apart times @resolution ns apart: "1.25 s", "340 ms". */
char    *cs_timeline_format_offset     (guint64                      offset,
                                        guint64                      resolution);
void     cs_timeline_draw              (cairo_t                     *cr,
                                        const CsTimelineLayout      *layout,
                                        const CsChartStyle          *style,
                                        const CsTimelineDrawOptions *options,
                                        double                       width,
                                        double                       height);

G_END_DECLS
