/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-view-export.h — "Export Image…" of a cairo view: ask where, then write */
#pragma once

#include <gtk/gtk.h>

#include "cs-cairo-view.h"

G_BEGIN_DECLS

/* Asks where to save @view (a chooser in *@slot, suggesting @name) and
 * writes it there with cs_cairo_view_export(): what you see is what you
 * export. The window then says where the file went, or why it could not
 * be written (win.show-message, win.show-error). */
void cs_view_export_ask (CsCairoView      *view,
                         GtkNativeDialog **slot,
                         const char       *name);

G_END_DECLS
