/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-page.h — the Memory page: cacheline table and address scatter view */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-memory-profile.h"

G_BEGIN_DECLS

#define CS_TYPE_MEMORY_PAGE (cs_memory_page_get_type ())
G_DECLARE_FINAL_TYPE (CsMemoryPage, cs_memory_page, CS, MEMORY_PAGE, GtkWidget)

/* Properties: "analysis" (the recording shown, bound by the window),
 * "profile" and "loading" (read-only: the reconstructed addresses once
 * read, and whether they are being read) and "finding" (read-only: the
 * hottest false-sharing candidate in a sentence, which the window binds to
 * the Overview's). */

CsMemoryProfile *cs_memory_page_get_profile (CsMemoryPage *self);
gboolean         cs_memory_page_is_loading  (CsMemoryPage *self);

G_END_DECLS
