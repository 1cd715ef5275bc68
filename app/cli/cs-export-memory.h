/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-memory.h — `cyclescope export --memory`: the scatter view as an image */
#pragma once

#include "cs-analysis.h"
#include "cs-export.h"

G_BEGIN_DECLS

/* The default size of an exported scatter (--size), in pixels. */
#define CS_EXPORT_MEMORY_SIZE "900x600"

/* Draws the Memory page's scatter of @analysis into @out: @which is "line"
 * (the hottest cacheline, offsets against time), "all" (every access,
 * the hottest line highlighted) or an address (the line holding it). */
gboolean cs_export_memory (CsAnalysis          *analysis,
                           const char          *which,
                           const CsChartStyle  *style,
                           CsExportFormat       format,
                           double               width,
                           double               height,
                           double               scale,
                           const char          *out,
                           GError             **error);

G_END_DECLS
