/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-overview-page.h — the Overview page: summary, warnings and the chart grid */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"

G_BEGIN_DECLS

#define CS_TYPE_OVERVIEW_PAGE (cs_overview_page_get_type ())
G_DECLARE_FINAL_TYPE (CsOverviewPage, cs_overview_page, CS, OVERVIEW_PAGE, GtkWidget)

/* Properties: "analysis" (CsAnalysis, the recording shown) and "finding"
 * (a finding of another page shown above the charts with a button to that
 * page; NULL hides it). The window binds both in cs-window.ui. */

/* The finding shown above the charts, NULL while none is (the property). */
const char         *cs_overview_page_get_finding (CsOverviewPage *self);
G_END_DECLS
