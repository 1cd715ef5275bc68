/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-summary.h — the sidebar's Session summary: host, PMU, model,
 * runs and duration of the recording shown
 *
 * Property: "analysis" (CsAnalysis; NULL shows nothing new). The window
 * binds it in cs-window.ui, as it does its pages'.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CS_TYPE_SESSION_SUMMARY (cs_session_summary_get_type ())
G_DECLARE_FINAL_TYPE (CsSessionSummary, cs_session_summary, CS, SESSION_SUMMARY, GtkWidget)

G_END_DECLS
