/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-private.h — shared state of one chart layout + drawing pass
 *
 * Layout and drawing are one pass over a CsChartFrame so that what the
 * geometry reports is exactly what gets drawn: the kind-specific code
 * (cs-chart-bar.c, cs-chart-ref.c) fills the geometry and queues its text,
 * then draws its shapes; the queued text is drawn on top by cs-chart-draw.c.
 */
#pragma once

#include <pango/pangocairo.h>

#include "cs-chart-draw.h"

G_BEGIN_DECLS

typedef struct
{
  PangoLayout *layout;
  double       x, y;
  CsColor      color;
} CsChartText;

typedef struct
{
  const CsChartValues  *values;
  const CsChartValues  *base;          /* compared with, or NULL */
  CsChartStyle          style;
  CsChartGeometry      *geometry;
  PangoContext         *context;
  PangoFontDescription *font;
  PangoFontDescription *bold_font;
  PangoFontDescription *small_font;
  double                pad;           /* outer padding and gap between blocks */
  double                line_height;   /* of the regular font */
  double                small_line_height;
  GArray               *texts;         /* CsChartText, drawn last */
  GPtrArray            *layouts;       /* every layout made, owned here */
} CsChartFrame;

typedef enum
{
  CS_CHART_FONT_REGULAR,
  CS_CHART_FONT_BOLD,
  CS_CHART_FONT_SMALL,
} CsChartFont;

/* The text machinery of a frame: @style (NULL: light), a Pango context
 * with surface-independent metrics, the regular, bold and small fonts and
 * their line heights, @pad. The BAR/REF charts and the scatter share it so
 * that they read alike side by side. */
void         _cs_chart_frame_init_text   (CsChartFrame       *frame,
                                         const CsChartStyle *style,
                                         double              pad);
/* Frees what _cs_chart_frame_init_text() made. */
void         _cs_chart_frame_clear_text  (CsChartFrame       *frame);
/* Saves @cr, clips it to the chart and paints the card unless the style
 * is transparent; the drawing ends with cairo_restore(). */
void         _cs_chart_frame_begin_paint (CsChartFrame       *frame,
                                         cairo_t            *cr,
                                         double              width,
                                         double              height);
/* Draws the queued texts (on top of the shapes). */
void         _cs_chart_frame_paint_texts (CsChartFrame       *frame,
                                         cairo_t            *cr);
/* A layout of @text; @max_width <= 0 means unbounded. With @max_lines 1 the
 * text is ellipsized at @max_width, otherwise wrapped and ellipsized after
 * @max_lines lines. Owned by @frame. */
PangoLayout *_cs_chart_frame_text        (CsChartFrame  *frame,
                                         const char    *text,
                                         CsChartFont    font,
                                         double         max_width,
                                         int            max_lines);
void         _cs_chart_text_size         (PangoLayout   *layout,
                                         double        *width,
                                         double        *height);
/* Queues @layout to be drawn with its top-left corner at (@x, @y). */
void         _cs_chart_frame_place       (CsChartFrame  *frame,
                                         PangoLayout   *layout,
                                         double         x,
                                         double         y,
                                         const CsColor *color);
/* Rounds a coordinate to the nearest device pixel. */
double       _cs_chart_frame_snap        (CsChartFrame  *frame,
                                         double         v);
void         _cs_chart_frame_role_color  (CsChartFrame  *frame,
                                         CsColorRole    role,
                                         CsColor       *color);
/* The footnote explaining the provenance markers used in the chart, e.g.
 * "≈ estimated from samples"; NULL when every value was counted. */
char        *_cs_chart_provenance_note   (const CsChartValues *values);
/* The title (top left, bold, geometry->title) and the provenance footnote
 * (bottom, when there is one) that every chart kind has; *@top and *@bottom
 * receive the band left between them for the kind's own content. */
void         _cs_chart_frame_title_and_note (CsChartFrame *frame,
                                            double       *top,
                                            double       *bottom);
void         _cs_chart_rounded_rect      (cairo_t       *cr,
                                         const CsRect  *rect,
                                         double         radius);

void         _cs_chart_bar_layout        (CsChartFrame  *frame);
void         _cs_chart_bar_draw          (CsChartFrame  *frame,
                                         cairo_t       *cr);
/* BAR: tiles @plot with segments proportional to @shares (n entries; a
 * share that is not finite and positive gets width 0). */
void         _cs_chart_bar_tile          (CsChartFrame  *frame,
                                         const CsRect  *plot,
                                         const double  *shares,
                                         guint          n,
                                         CsRect        *segments);
/* The share label that fits @segment, or NULL. */
PangoLayout *_cs_chart_bar_segment_label (CsChartFrame      *frame,
                                         const CsChartPart *part,
                                         const CsRect      *segment);

/* cs-chart-compare.c: the base's part matching part @i of the new chart
 * (by name), or NULL. */
const CsChartPart *_cs_chart_compare_base_part (CsChartFrame *frame,
                                               guint         i);
/* The numbers of a compared legend entry: "38.2 % → 41.0 % · +2.8 pt". */
char        *_cs_chart_compare_numbers   (CsChartFrame  *frame,
                                         guint          i);
/* Splits geometry->plot into the base's bar above and the new one below,
 * with their labels, and lays out the base's segments. */
void         _cs_chart_compare_split_bar (CsChartFrame  *frame);
void         _cs_chart_compare_draw_bar  (CsChartFrame  *frame,
                                         cairo_t       *cr);

void         _cs_chart_ref_layout        (CsChartFrame  *frame);
void         _cs_chart_ref_draw          (CsChartFrame  *frame,
                                         cairo_t       *cr);

G_END_DECLS
