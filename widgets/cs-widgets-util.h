/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-widgets-util.h — small pieces shared by the GTK widgets
 *
 * The stylesheet of the widgets (heat bars, the sorted column, hot rows) is
 * loaded once per display from the widgets' GResource; number cells and
 * provenance sentences read the same in every table and tooltip.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-counts.h"
#include "cs-palette.h"

G_BEGIN_DECLS

/* Makes sure the widgets' GResource (templates, stylesheet) is registered;
 * class_init of template widgets calls it. */
void        cs_widgets_ensure_resources   (void);
/* Loads the widgets' stylesheet into @widget's display (once per display). */
void        cs_widgets_ensure_style       (GtkWidget    *widget);
/* Where a number comes from, as a sentence for tooltips: "counted",
 * "estimated from samples", "scaled: counted part of the time
 * (multiplexed)", "reconstructed", "not measured". */
const char *cs_provenance_get_sentence    (CsProvenance  provenance);
/* A share 0..1 as "12.3 %" ("—" for NaN). */
char       *cs_widgets_format_percent     (double        share);
/* The chart theme matching what @widget is drawn on: its text colour
 * decides (light text, a dark theme), so the app's Style choice,
 * GTK_THEME=Adwaita:dark and high-contrast themes are all followed. */
CsTheme     cs_widgets_get_theme          (GtkWidget    *widget);

/* Tooltips of list cells. gtk_widget_set_tooltip_text() asks the display
 * server where the pointer is (a round trip per call), too slow for cells
 * bound by the hundred on every sort; these keep the text on the widget and
 * answer ::query-tooltip from it. */
void        cs_cell_tooltip_init          (GtkWidget    *cell);
/* Takes @text (may be NULL). */
void        cs_cell_tooltip_take          (GtkWidget    *cell,
                                           char         *text);
const char *cs_cell_tooltip_get           (GtkWidget    *cell);

/* A right-aligned label with a proportional heat bar behind it: the cell of
 * every "Samples %" column. */
#define CS_TYPE_HEAT_CELL (cs_heat_cell_get_type ())
G_DECLARE_FINAL_TYPE (CsHeatCell, cs_heat_cell, CS, HEAT_CELL, GtkWidget)

GtkWidget  *cs_heat_cell_new              (void);
/* @fraction 0..1 sets the bar; @text is shown right-aligned. */
void        cs_heat_cell_set              (CsHeatCell   *self,
                                           double        fraction,
                                           const char   *text);

G_END_DECLS
