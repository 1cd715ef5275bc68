/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-dialog.h — export one chart or the whole grid as PNG, SVG or PDF */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-chart-export.h"

G_BEGIN_DECLS

#define CS_TYPE_EXPORT_DIALOG (cs_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CsExportDialog, cs_export_dialog, CS, EXPORT_DIALOG, GtkWindow)

/* @chart_id: the chart chosen first, NULL for the whole grid. @settings
 * (nullable) gives and keeps the size and scale. */
CsExportDialog *cs_export_dialog_new     (GtkWindow           *parent,
                                          CsAnalysis          *analysis,
                                          const char          *chart_id,
                                          GSettings           *settings);

/* Draws @chart_id (NULL: all charts as a grid) of @analysis into @file in a
 * worker thread, with the same cairo code as the window. */
void            cs_export_charts_async   (CsAnalysis          *analysis,
                                          const char          *chart_id,
                                          CsTheme              theme,
                                          CsExportFormat       format,
                                          double               width,
                                          double               height,
                                          double               scale,
                                          GFile               *file,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
gboolean        cs_export_charts_finish  (GAsyncResult        *result,
                                          GError             **error);

G_END_DECLS
