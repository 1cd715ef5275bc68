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
 *
 * Differential (a comparison, with @base_shares): frames are sized by the
 * new recording as always and filled by the change of their total share
 * against the base, as Gregg's differential flame graphs do: red for
 * growth, blue for shrinking, deeper the larger the change (relative to
 * the largest change drawn), white where the change is within the
 * sampling noise of the two shares (two standard errors) or nil.
 */
#pragma once

#include <cairo.h>

#include "cs-chart-draw.h"
#include "cs-comparison.h"
#include "cs-flame-layout.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean    icicle;         /* rows from the top down */
  const char *title;          /* the header's left part, NULL: none */
  guint       hover_node;     /* outlined; CS_CALL_NO_NODE: none */
  guint       focus_node;     /* the keyboard's frame; CS_CALL_NO_NODE: none */
  gboolean    searching;      /* highlight the matched frames, fade the rest */
  /* Differential colours: the base's shares of each node of the layout's
   * tree, top-down or bottom-up as the layout is
   * (cs_comparison_dup_base_node_shares_for_kind()), NULL: module colours. */
  const CsNodeShares *base_shares;
  guint64     base_samples;   /* the base's samples of the event (noise); 0: unknown */
} CsFlameDrawOptions;

typedef enum
{
  CS_FLAME_DIFF_NONE,         /* not differential */
  CS_FLAME_DIFF_NEUTRAL,      /* unchanged or within noise */
  CS_FLAME_DIFF_GREW,
  CS_FLAME_DIFF_SHRANK,
} CsFlameDiff;

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
/* The change of @frame's total share against the base in points (NaN
 * when not differential) and what it is drawn as. */
CsFlameDiff cs_flame_frame_diff     (const CsFlameLayout      *layout,
                                     const CsFlameDrawOptions *options,
                                     const CsFlameFrame       *frame,
                                     double                   *delta_points);
void     cs_flame_draw              (cairo_t                  *cr,
                                     const CsFlameLayout      *layout,
                                     const CsChartStyle       *style,
                                     const CsFlameDrawOptions *options,
                                     double                    width,
                                     double                    height);

G_END_DECLS
