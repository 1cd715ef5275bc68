/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cacheline-pane.h — what the Memory page says about one cacheline
 *
 * The line, a verdict (likely false sharing, true sharing or reads, one
 * thread), the bytes each thread touched and the hottest instructions; an
 * instruction row, activated, asks the window to show it in the Modules
 * page's disassembly (win.show-code). Property "item" (CsMemoryLineItem,
 * NULL: nothing selected), bound to the cacheline table's selection.
 *
 * The "Confirm with Watchpoints" button triggers memory.confirm (the
 * page's action); the page reports the run's progress and result here.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-memory-line-item.h"

G_BEGIN_DECLS

#define CS_TYPE_CACHELINE_PANE (cs_cacheline_pane_get_type ())
G_DECLARE_FINAL_TYPE (CsCachelinePane, cs_cacheline_pane, CS, CACHELINE_PANE, GtkWidget)

typedef struct _CsMemoryConfirm CsMemoryConfirm;

/* A watched run of @command is under way (NULL: none). */
void cs_cacheline_pane_set_confirm_running (CsCachelinePane       *self,
                                            const char            *command);
/* Shows what a watched run found (@confirm) or why it could not run
 * (@error); both NULL clear it. Shown until the item changes. */
void cs_cacheline_pane_set_confirm         (CsCachelinePane       *self,
                                            const CsMemoryConfirm *confirm,
                                            const GError          *error);

G_END_DECLS
