/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-columns.h — the columns of the Memory page's cacheline table */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Appends the columns to @view, whose model holds CsMemoryLineItems.
 * @max_samples (owned by the caller, read when cells are bound) scales the
 * heat bar. Returns the samples column (the default sort). */
GtkColumnViewColumn *cs_memory_columns_add (GtkColumnView *view,
                                            const guint64 *max_samples);

G_END_DECLS
