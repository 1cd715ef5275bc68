/* cs-memory-page.h — the Memory page: cacheline table and address scatter view */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"

G_BEGIN_DECLS

#define CS_TYPE_MEMORY_PAGE (cs_memory_page_get_type ())
G_DECLARE_FINAL_TYPE (CsMemoryPage, cs_memory_page, CS, MEMORY_PAGE, GtkWidget)

GtkWidget *cs_memory_page_new          (void);
/* Shows @analysis (NULL clears the page). The page keeps a reference. */
void       cs_memory_page_set_analysis (CsMemoryPage *self,
                                        CsAnalysis   *analysis);

G_END_DECLS
