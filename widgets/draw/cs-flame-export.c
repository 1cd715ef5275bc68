/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-export.c — see cs-flame-export.h */
#include "config.h"

#include "cs-flame-export.h"

typedef struct
{
  const CsFlameLayout      *layout;
  const CsFlameDrawOptions *options;
} Drawing;

static void
draw (cairo_t            *cr,
      gconstpointer       data,
      const CsChartStyle *style,
      double              width,
      double              height)
{
  const Drawing *d = data;

  cs_flame_draw (cr, d->layout, style, d->options, width, height);
}

gboolean
cs_flame_export (CsCallGraph              *graph,
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
                 GError                  **error)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, kind, event, zoom, width, threshold, search);
  Drawing d = { layout, options };
  CsDrawing drawing = { draw, &d };

  return cs_export (drawing, style, format, width, height, scale, path, error);
}
