/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-export.c — one scatter chart to PNG, SVG or PDF
 *
 * The export machinery is the charts' (cs_export_drawing): same size
 * checks, formats, messages and atomic replacement of the file.
 */

#include "config.h"

#include "cs-scatter-export.h"

static void
draw_scatter (cairo_t            *cr,
              const CsChartStyle *style,
              double              width,
              double              height,
              gpointer            data)
{
  cs_scatter_draw (cr, data, style, width, height);
}

gboolean
cs_scatter_export (const CsScatterData  *data,
                   const CsChartStyle   *style,
                   CsExportFormat        format,
                   double                width,
                   double                height,
                   double                scale,
                   const char           *path,
                   GError              **error)
{
  g_return_val_if_fail (data != NULL, FALSE);
  return cs_export_drawing (draw_scatter, (gpointer) data, style, format, width, height, scale,
                            path, error);
}

gboolean
cs_scatter_export_png (const CsScatterData  *data,
                       const CsChartStyle   *style,
                       double                width,
                       double                height,
                       double                scale,
                       const char           *path,
                       GError              **error)
{
  return cs_scatter_export (data, style, CS_EXPORT_PNG, width, height, scale, path, error);
}
