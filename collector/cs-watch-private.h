/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-watch-private.h — the tracing half of cs-watch.c (cs-watch-entry.c) */
#pragma once

#include <sys/types.h>

#include "cs-watch.h"

G_BEGIN_DECLS

/* Lets the traced child exec (the launcher's start). */
typedef gboolean (*CsWatchStartFunc) (gpointer   data,
                                      GError   **error);

/* Attaches to the waiting child @pid, calls @start, and leaves the
 * program stopped at its entry point, its libraries mapped. */
gboolean _cs_watch_stop_at_entry (pid_t             pid,
                                  CsWatchStartFunc  start,
                                  gpointer          start_data,
                                  GError          **error);
/* Lets the stopped program run on, untraced. */
gboolean _cs_watch_detach        (pid_t             pid,
                                  GError          **error);
/* Adds /proc/@pid/maps to @space. */
gboolean _cs_watch_read_maps     (CsAddressSpace   *space,
                                  pid_t             pid,
                                  GError          **error);

G_END_DECLS
