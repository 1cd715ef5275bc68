/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-draw.h — a flame graph painted with cairo and pango
 *
 * One drawing path for the Call Graph page's widget, the headless exporter
 * and the tests, like the charts (cs-chart-draw.h). A header line holds the
 * title and what is shown (the zoomed function, the search's matched
 * share); below it the rows of frames: from the bottom up (callers under
 * callees, the root "all" at the bottom) or, for the icicle of the
 * bottom-up tree, from the top down. Frames are coloured by module from the
 * chart palette, for light and dark themes; a frame's name is written in it
 * when it fits. While a search is active, matching frames are highlighted
 * and the others faded.
 */
#pragma once

#include <cairo.h>

#include "cs-chart-draw.h"
#include "cs-flame-layout.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean    icicle;         /* rows from the top down */
  const char *title;          /* the header's left part, NULL: none */
  guint       hover_node;     /* outlined; CS_CALL_NO_NODE: none */
  guint       focus_node;     /* the keyboard's frame; CS_CALL_NO_NODE: none */
  gboolean    searching;      /* highlight the matched frames, fade the rest */
} CsFlameDrawOptions;

void     cs_flame_draw_options_init (CsFlameDrawOptions       *options);
/* Heights of the header and of one row for @style, in user units. */
void     cs_flame_get_metrics       (const CsChartStyle       *style,
                                     double                   *header_height,
                                     double                   *row_height);
/* The height that shows every row of @layout. */
double   cs_flame_get_natural_height (const CsFlameLayout      *layout,
                                      const CsChartStyle       *style);
/* The row at @y of a drawing @height high, -1 outside the rows. */
int      cs_flame_row_at            (const CsFlameLayout      *layout,
                                     const CsChartStyle       *style,
                                     const CsFlameDrawOptions *options,
                                     double                    height,
                                     double                    y);
/* The top edge of @row's frames (they are row height − 1 tall). */
double   cs_flame_row_y             (const CsFlameLayout      *layout,
                                     const CsChartStyle       *style,
                                     const CsFlameDrawOptions *options,
                                     double                    height,
                                     guint                     row);
/* The colour a frame of @function is filled with (search aside). */
void     cs_flame_frame_color       (const CsFlameLayout      *layout,
                                     const CsChartStyle       *style,
                                     guint                     function,
                                     CsColor                  *color);
/* The colour of matched frames while searching. */
void     cs_flame_match_color       (const CsChartStyle       *style,
                                     CsColor                  *color);
void     cs_flame_draw              (cairo_t                  *cr,
                                     const CsFlameLayout      *layout,
                                     const CsChartStyle       *style,
                                     const CsFlameDrawOptions *options,
                                     double                    width,
                                     double                    height);

G_END_DECLS
