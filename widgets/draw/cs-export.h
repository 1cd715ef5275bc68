/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export.h — any drawing (a chart, the chart grid, the scatter) to PNG, SVG or PDF
 *
 * One export for every figure: a CsDrawing (cs_chart_drawing(),
 * cs_chart_grid_drawing(), cs_scatter_drawing(), a view's own) is drawn
 * with the same cairo code as the widgets, with no display. PNG is
 * width × scale by height × scale pixels; SVG (px) and PDF (pt) are width ×
 * height and vector, so @scale only snaps their edges. The file is replaced
 * atomically: a failed export leaves no partial file. Errors are G_IO_ERROR
 * and name the path.
 */
#pragma once

#include <gio/gio.h>

#include "cs-chart-draw.h"

G_BEGIN_DECLS

typedef enum
{
  CS_EXPORT_PNG,
  CS_EXPORT_SVG,
  CS_EXPORT_PDF,
} CsExportFormat;

/* Largest PNG side in pixels (cairo's limit). */
#define CS_EXPORT_MAX_PIXELS 32767

/* From a file name's extension (.png, .svg, .pdf; any case). Another
 * extension (.jpg, none) is G_IO_ERROR_INVALID_ARGUMENT, saying which work. */
gboolean    cs_export_format_from_path     (const char              *path,
                                            CsExportFormat          *format,
                                            GError                 **error);
const char *cs_export_format_get_extension (CsExportFormat           format);
/* Pixel size of a PNG export, for previews. */
void        cs_export_get_pixel_size (double                   width,
                                            double                   height,
                                            double                   scale,
                                            int                     *pixel_width,
                                            int                     *pixel_height);

gboolean    cs_export                      (CsDrawing                drawing,
                                            const CsChartStyle      *style,
                                            CsExportFormat           format,
                                            double                   width,
                                            double                   height,
                                            double                   scale,
                                            const char              *path,
                                            GError                 **error);

G_END_DECLS
