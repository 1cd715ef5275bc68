/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-page.h — the Memory page: cacheline table and address scatter view */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-memory-profile.h"
#include "cs-scatter-view.h"

G_BEGIN_DECLS

#define CS_TYPE_MEMORY_PAGE (cs_memory_page_get_type ())
G_DECLARE_FINAL_TYPE (CsMemoryPage, cs_memory_page, CS, MEMORY_PAGE, GtkWidget)

/* Properties: "analysis" (the recording shown, bound by the window) and
 * "finding" (read-only: the hottest false-sharing candidate in a sentence,
 * which the window binds to the Overview's). */

/* The reconstructed addresses shown, once loaded (NULL before, or without
 * register samples). */
CsMemoryProfile *cs_memory_page_get_profile (CsMemoryPage *self);
/* TRUE while the addresses are being reconstructed on a worker thread. */
gboolean         cs_memory_page_is_loading  (CsMemoryPage *self);

/* The problems that did not stop reading (a file cut short, unreadable
 * code), one per line, as the page shows them; NULL when there are none. */
const char         *cs_memory_page_get_warning_text  (CsMemoryPage *self);
/* The cacheline selected in the table, or NULL. */
const CsMemoryLine *cs_memory_page_get_selected_line (CsMemoryPage *self);
CsScatterView      *cs_memory_page_get_scatter_view  (CsMemoryPage *self);

G_END_DECLS
