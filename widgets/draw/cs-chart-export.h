/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-export.h — one chart or a whole grid to PNG, SVG or PDF
 *
 * Exports go through the same cairo drawing code as the widgets, with no
 * display. PNG is width × scale by height × scale pixels; SVG (px) and PDF
 * (pt) are width × height and vector, so @scale only snaps their edges.
 * The file is replaced atomically: a failed export leaves no partial file.
 * Errors are G_IO_ERROR and name the path.
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

/* From a file name's extension (.png, .svg, .pdf; any case). */
gboolean    cs_export_format_from_path     (const char              *path,
                                            CsExportFormat          *format);
const char *cs_export_format_get_extension (CsExportFormat           format);
/* Pixel size of a PNG export, for previews. */
void        cs_chart_export_get_pixel_size (double                   width,
                                            double                   height,
                                            double                   scale,
                                            int                     *pixel_width,
                                            int                     *pixel_height);

/* Draws a figure of @width × @height (user units) with @style. */
typedef void (*CsExportDrawFunc) (cairo_t            *cr,
                                  const CsChartStyle *style,
                                  double              width,
                                  double              height,
                                  gpointer            user_data);

/* What every export does (size checks, surface per format, atomic
 * replacement of @path), with @draw drawing the figure: the charts, the
 * grid and the scatter view share it. */
gboolean    cs_export_drawing              (CsExportDrawFunc         draw,
                                            gpointer                 user_data,
                                            const CsChartStyle      *style,
                                            CsExportFormat           format,
                                            double                   width,
                                            double                   height,
                                            double                   scale,
                                            const char              *path,
                                            GError                 **error);

gboolean    cs_chart_export                (const CsChartValues     *values,
                                            const CsChartStyle      *style,
                                            CsExportFormat           format,
                                            double                   width,
                                            double                   height,
                                            double                   scale,
                                            const char              *path,
                                            GError                 **error);
/* The whole grid (see cs-chart-grid.h) of @n_values charts. */
gboolean    cs_chart_export_grid           (CsChartValues * const   *values,
                                            guint                    n_values,
                                            const CsChartStyle      *style,
                                            CsExportFormat           format,
                                            double                   width,
                                            double                   height,
                                            double                   scale,
                                            const char              *path,
                                            GError                 **error);

G_END_DECLS
