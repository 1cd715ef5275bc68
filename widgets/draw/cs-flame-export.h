/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-export.h — a flame graph to PNG, SVG or PDF
 *
 * What the Call Graph page shows, with the same layout and drawing code
 * (cs-flame-layout.h, cs-flame-draw.h), through the one export of every
 * figure (cs-export.h): atomic replacement, the same size limits.
 */
#pragma once

#include "cs-export.h"
#include "cs-flame-draw.h"

G_BEGIN_DECLS

/* Lays out @graph's @kind tree for @event at @width and draws it with
 * @options (NULL: defaults; zoom, threshold and search as the layout
 * takes them) into @path. */
gboolean cs_flame_export (CsCallGraph              *graph,
                          CsCallTreeKind            kind,
                          guint                     event,
                          guint                     zoom,
                          double                    threshold,
                          const char               *search,
                          const CsFlameDrawOptions *options,
                          const CsChartStyle       *style,
                          CsExportFormat            format,
                          double                    width,
                          double                    height,
                          double                    scale,
                          const char               *path,
                          GError                  **error);

G_END_DECLS
