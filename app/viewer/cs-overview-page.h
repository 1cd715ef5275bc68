/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-overview-page.h — the Overview page: summary, warnings and the chart grid */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-chart-grid-view.h"

G_BEGIN_DECLS

#define CS_TYPE_OVERVIEW_PAGE (cs_overview_page_get_type ())
G_DECLARE_FINAL_TYPE (CsOverviewPage, cs_overview_page, CS, OVERVIEW_PAGE, GtkWidget)

/* Properties: "analysis" (CsAnalysis, the recording shown) and "finding"
 * (a finding of another page shown above the charts with a button to that
 * page; NULL hides it). The window binds both in cs-window.ui. */

/* The warnings currently shown above the charts (for tests), or NULL. */
const char * const *cs_overview_page_get_warnings (CsOverviewPage *self);
/* What the warnings banner says (NULL when hidden), and its Details: the
 * other warnings, then the sentences recorded in the session (tests). */
const char         *cs_overview_page_get_banner_text  (CsOverviewPage *self);
const char         *cs_overview_page_get_details_text (CsOverviewPage *self);
/* The line that says how many of the model's charts need counting runs
 * (NULL when none were left out). */
const char         *cs_overview_page_get_hidden_charts_text (CsOverviewPage *self);
const char         *cs_overview_page_get_finding (CsOverviewPage *self);
/* The grid of chart widgets (engineer w). */
CsChartGridView    *cs_overview_page_get_chart_grid (CsOverviewPage *self);

G_END_DECLS
