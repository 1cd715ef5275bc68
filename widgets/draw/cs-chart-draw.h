/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-draw.h — BAR and REF charts drawn with cairo and pango
 *
 * One drawing path for the GTK widgets, the headless exporter and the tests:
 * a chart is drawn from its CsChartValues only, into a width × height box
 * in user units (the caller's cairo transformation maps them to pixels).
 *
 * BAR: title; a horizontal stacked bar whose segments are proportional to the
 * parts' shares and together fill the bar; inside each segment its share and
 * value when they fit; a legend with a swatch, the share and the full value
 * of every part (so a label that does not fit its segment is still read
 * there); provenance markers ("≈ estimated from samples") in the legend.
 *
 * REF: title; a scale from @low to beyond @high (see CsChartGeometry) with
 * green / yellow / red bands (swapped with higher_is_better); the value as a
 * marker above the scale; the value in a badge of its band's colour and the
 * band's sentence below. A NaN value shows "—" and no marker.
 *
 * cs_chart_geometry_new() exposes where everything is drawn so the widgets
 * can hit-test and place tooltips, and so tests can find what to measure.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "cs-chart-values.h"
#include "cs-palette.h"

G_BEGIN_DECLS

typedef struct
{
  double x, y, width, height;
} CsRect;

typedef struct
{
  CsTheme     theme;
  /* Device pixels per user unit (the HiDPI or export scale). Edges of bars
   * and bands are snapped to whole device pixels so they stay crisp. */
  double      scale;
  /* Pango font description for the text, e.g. "Cantarell 11"; NULL for
   * CS_CHART_DEFAULT_FONT. Titles use the same family in bold. */
  const char *font;
  /* TRUE: leave the background alone (the chart sits on a card or a widget
   * that painted it); FALSE: fill it with the theme's card colour. */
  gboolean    transparent;
} CsChartStyle;

#define CS_CHART_DEFAULT_FONT "Sans 10"

/* Any figure of this folder, as the exporter (cs_export) and the cairo
 * views draw it: @draw paints @data in a @width × @height box. */
typedef void (*CsDrawFunc) (cairo_t            *cr,
                            gconstpointer       data,
                            const CsChartStyle *style,
                            double              width,
                            double              height);

typedef struct
{
  CsDrawFunc    draw;
  gconstpointer data;
} CsDrawing;

typedef struct
{
  CsRect   segment;       /* in the bar; width 0 when the part has no share */
  CsRect   legend;        /* the legend entry; width 0 when it had no room */
  gboolean label_inside;  /* share (and value) are written inside the segment */
} CsChartPartGeometry;

typedef struct
{
  CsChartKind          kind;
  double               width, height;
  CsRect               title;
  /* BAR: the whole bar. REF: the scale track holding the bands. */
  CsRect               plot;

  /* BAR */
  CsChartPartGeometry *parts;         /* n_parts entries, in part order */
  guint                n_parts;
  CsRect               legend;

  /* REF: the track maps [scale_min, scale_max] linearly onto plot.x ..
   * plot.x + plot.width, with scale_min = low and scale_max = high + (high −
   * medium) — one more band's width beyond high — or high + (high − low) / 4
   * when medium == high. Values outside are drawn at the nearest end. */
  double               scale_min;
  double               scale_max;
  CsRect               bands[3];      /* indexed by CsBand: low, medium, high */
  double               marker_x;      /* NaN: no marker */
  CsRect               marker;        /* the marker triangle's box; empty without */
  CsRect               badge;         /* the value text on its band colour */
  CsRect               sentence;
  char                *value_text;    /* the value as written, "—" for NaN;
                                       * compared: "base → new" */

  /* Compared with a base (cs_chart_draw_compare()). BAR: the base's bar
   * above the new one (plot), labelled, with the segments of the base's
   * shares of the new chart's parts (matched by name; width 0 when the
   * base has no such part). REF: the base's marker, hollow. */
  CsRect               base_plot;     /* empty without a base */
  CsRect              *base_segments; /* n_parts entries, or NULL */
  CsRect               base_label;    /* "Base" left of its bar */
  CsRect               new_label;     /* "New" left of the new bar */
  double               base_marker_x; /* NaN: no base marker */
  CsRect               base_marker;
} CsChartGeometry;

void             cs_chart_style_init       (CsChartStyle          *style,
                                            CsTheme                theme);

void             cs_chart_draw             (cairo_t               *cr,
                                            const CsChartValues   *values,
                                            const CsChartStyle    *style,
                                            double                 width,
                                            double                 height);

/* One chart as a drawing (for cs_export); @values must outlive it. */
CsDrawing        cs_chart_drawing          (const CsChartValues   *values);

/* A chart of two recordings (the viewer's "Compare with…"): @base and
 * @new_values are the same chart of the model on each side. BAR: two bars
 * of the same parts and colours, the base's above the new one, labelled
 * "Base" and "New"; the legend gives both shares and the change in
 * points. REF: the new value's marker filled, the base's hollow and grey,
 * the badge "base → new" in the new value's band colour. @base NULL draws
 * @new_values alone, as cs_chart_draw(). */
void             cs_chart_draw_compare     (cairo_t               *cr,
                                            const CsChartValues   *base,
                                            const CsChartValues   *new_values,
                                            const CsChartStyle    *style,
                                            double                 width,
                                            double                 height);
CsChartGeometry *cs_chart_compare_geometry_new (const CsChartValues *base,
                                                const CsChartValues *new_values,
                                                const CsChartStyle  *style,
                                                double               width,
                                                double               height);

typedef struct
{
  const CsChartValues *base;
  const CsChartValues *new_values;
} CsChartPair;

/* The pair as a drawing; @pair and its values must outlive it. */
CsDrawing        cs_chart_compare_drawing  (const CsChartPair     *pair);

CsChartGeometry *cs_chart_geometry_new     (const CsChartValues   *values,
                                            const CsChartStyle    *style,
                                            double                 width,
                                            double                 height);
void             cs_chart_geometry_free    (CsChartGeometry       *geometry);
/* Index of the BAR part whose segment or legend entry contains (x, y), or -1. */
int              cs_chart_geometry_part_at (const CsChartGeometry *geometry,
                                            double                 x,
                                            double                 y);
gboolean         cs_rect_contains          (const CsRect          *rect,
                                            double                 x,
                                            double                 y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsChartGeometry, cs_chart_geometry_free)

G_END_DECLS
