/* cs-modules-page.h — the Modules page: module table, hot symbols, source and disassembly */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"

G_BEGIN_DECLS

#define CS_TYPE_MODULES_PAGE (cs_modules_page_get_type ())
G_DECLARE_FINAL_TYPE (CsModulesPage, cs_modules_page, CS, MODULES_PAGE, GtkWidget)

GtkWidget *cs_modules_page_new          (void);
/* Shows @analysis (NULL clears the page). The page keeps a reference. */
void       cs_modules_page_set_analysis (CsModulesPage *self,
                                         CsAnalysis    *analysis);
/* Ctrl+F: puts the keyboard focus into the table's filter entry. */
void       cs_modules_page_focus_filter (CsModulesPage *self);
/* Alt+Left: closes the innermost drill-down pane (source and disassembly,
 * then hot symbols). FALSE when there was nothing to close. */
gboolean   cs_modules_page_go_back      (CsModulesPage *self);

G_END_DECLS
