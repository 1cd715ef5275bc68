/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-callgraph.h — `cyclescope export --folded` and `--flame-graph` */
#pragma once

#include "cs-analysis.h"
#include "cs-export.h"

G_BEGIN_DECLS

/* The default size of an exported flame graph (--size), in pixels. */
#define CS_EXPORT_FLAME_SIZE "1200x800"

/* Writes the folded stacks of @event (NULL: the default event) of
 * @analysis to @out ("-": standard output). */
gboolean cs_export_folded      (CsAnalysis          *analysis,
                                const char          *event,
                                const char          *out,
                                GError             **error);
/* Draws the flame graph of @event (NULL: the default event): the
 * top-down tree, or with @icicle the bottom-up one hanging down. */
gboolean cs_export_flame_graph (CsAnalysis          *analysis,
                                const char          *event,
                                gboolean             icicle,
                                const CsChartStyle  *style,
                                CsExportFormat       format,
                                double               width,
                                double               height,
                                double               scale,
                                const char          *out,
                                GError             **error);

G_END_DECLS
