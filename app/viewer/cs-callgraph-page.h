/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callgraph-page.h — the Call Graph page
 *
 * Who calls what, and what a function costs with everything it calls, from
 * the recording's call chains (record -g): the functions of every module
 * with their self and total cost per event; the top-down and bottom-up
 * trees; the flame graph; beside them the callers and callees of the
 * selected function. Activating a function (Enter, a double click) opens
 * its source and disassembly on the Modules page (win.show-code);
 * activating a caller or callee selects it, and Back (Alt+Left) returns to
 * the function before, or zooms the flame graph out. The call graph is
 * built on a worker thread when the page gets its recording (the bound
 * "analysis" property, see cs-window.ui). A recording without call chains
 * shows how to record them.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-call-graph.h"
#include "cs-module-table.h"

G_BEGIN_DECLS

#define CS_TYPE_CALL_GRAPH_PAGE (cs_call_graph_page_get_type ())
G_DECLARE_FINAL_TYPE (CsCallGraphPage, cs_call_graph_page, CS, CALL_GRAPH_PAGE, GtkWidget)

CsAnalysis           *cs_call_graph_page_get_analysis  (CsCallGraphPage *self);
void                  cs_call_graph_page_set_analysis  (CsCallGraphPage *self,
                                                        CsAnalysis      *analysis);
/* The built graph (NULL while loading or without call chains). */
CsCallGraph          *cs_call_graph_page_get_graph     (CsCallGraphPage *self);
gboolean              cs_call_graph_page_is_loading    (CsCallGraphPage *self);
/* The event shown (a profile event index). */
guint                 cs_call_graph_page_get_event     (CsCallGraphPage *self);
void                  cs_call_graph_page_set_event     (CsCallGraphPage *self,
                                                        guint            event);
/* "functions", "top-down", "bottom-up" or "flame". */
void                  cs_call_graph_page_show_view     (CsCallGraphPage *self,
                                                        const char      *name);
/* The function whose callers and callees are shown (NULL: none), and
 * choosing it (as activating it in a caller/callee list does). */
const CsCallFunction *cs_call_graph_page_get_selected  (CsCallGraphPage *self);
void                  cs_call_graph_page_select        (CsCallGraphPage *self,
                                                        guint            function);
/* Expands the visible tree along its hottest calls from the selected row
 * (or the top) and selects the end of that path; returns its node. */
guint                 cs_call_graph_page_expand_hot_path (CsCallGraphPage *self);
/* The flame graph zooms out, else the previous selected function comes
 * back; FALSE when there was nothing to go back to. */
gboolean              cs_call_graph_page_go_back       (CsCallGraphPage *self);

/* Appended (regions, issue 15): the graph of one region's samples (record
 * --regions), as `cyclescope report --region NAME --call-graph` prints it.
 * NULL: all samples (the default); a name the recording does not have
 * shows all samples too. The page's region choice sets the same. */
const char           *cs_call_graph_page_get_region    (CsCallGraphPage *self);
void                  cs_call_graph_page_set_region    (CsCallGraphPage *self,
                                                        const char      *region);
/* Selecting a region in @table (the Modules page's) shows that region here
 * too; the selection the table makes by itself when a recording opens, and
 * shared objects, leave the page as it is. */
void                  cs_call_graph_page_follow_table  (CsCallGraphPage *self,
                                                        CsModuleTable   *table);

G_END_DECLS
