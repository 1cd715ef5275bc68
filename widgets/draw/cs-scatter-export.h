/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-export.h — one scatter chart to PNG, SVG or PDF
 *
 * The counterpart of cs_chart_export() for CsScatterData, with the same
 * formats, sizes and guarantees: PNG is width × scale by height × scale
 * pixels, SVG (px) and PDF (pt) are width × height; the file is replaced
 * atomically and errors are G_IO_ERROR naming the path.
 */
#pragma once

#include "cs-chart-export.h"
#include "cs-scatter-draw.h"

G_BEGIN_DECLS

gboolean cs_scatter_export     (const CsScatterData  *data,
                                const CsChartStyle   *style,
                                CsExportFormat        format,
                                double                width,
                                double                height,
                                double                scale,
                                const char           *path,
                                GError              **error);
/* cs_scatter_export() with CS_EXPORT_PNG. */
gboolean cs_scatter_export_png (const CsScatterData  *data,
                                const CsChartStyle   *style,
                                double                width,
                                double                height,
                                double                scale,
                                const char           *path,
                                GError              **error);

G_END_DECLS
