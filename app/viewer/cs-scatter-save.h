/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-save.h — the Memory page's "Export Image…": the scatter to a file */
#pragma once

#include <gtk/gtk.h>

#include "cs-scatter-view.h"

G_BEGIN_DECLS

/* Writes what @view shows to @file (PNG, SVG or PDF by its extension; no
 * known extension: PNG) at the size it has on screen, with twice the
 * pixels for PNG (sharp on a projector), in the window's light or dark
 * palette: what you see is what you export. */
gboolean cs_scatter_save     (CsScatterView     *view,
                              GFile             *file,
                              GError           **error);
/* Asks where to save (a chooser in *@slot, suggesting @name) and saves
 * there; a failure is shown in the window's error banner. */
void     cs_scatter_save_ask (CsScatterView     *view,
                              GtkNativeDialog  **slot,
                              const char        *name);

G_END_DECLS
