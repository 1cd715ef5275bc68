/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-dialog.h — export one chart or the whole grid as PNG, SVG or PDF */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-export.h"

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
/* Compared with a base recording: its charts pair up with @analysis'
 * (cs_chart_draw_compare()) in what is exported; NULL: alone. */
void            cs_export_dialog_set_base (CsExportDialog     *self,
                                           CsAnalysis         *base);
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
/* The same, compared with @base (nullable): its charts pair up. */
void            cs_export_charts_compare_async (CsAnalysis          *analysis,
                                                CsAnalysis          *base,
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
/* The path written, or NULL with @error set. */
char           *cs_export_charts_finish  (GAsyncResult        *result,
                                          GError             **error);
/* Says in @widget's window where the export went (win.show-message). */
void            cs_export_charts_confirm (GtkWidget           *widget,
                                          const char          *path);

G_END_DECLS
