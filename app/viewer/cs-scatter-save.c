/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-save.c — see cs-scatter-save.h */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-file-chooser.h"
#include "cs-scatter-export.h"
#include "cs-scatter-save.h"
#include "cs-window.h"

#define PNG_SCALE 2.0

gboolean
cs_scatter_save (CsScatterView  *view,
                 GFile          *file,
                 GError        **error)
{
  CsScatterData *data = cs_scatter_view_get_data (view);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *font = NULL;
  CsExportFormat format = CS_EXPORT_PNG;
  CsChartStyle style;
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));

  g_return_val_if_fail (CS_IS_SCATTER_VIEW (view), FALSE);
  if (data == NULL || path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           data == NULL ? _("There is no scatter to export.")
                                        : _("Choose a local file to export to."));
      return FALSE;
    }
  cs_export_format_from_path (path, &format);
  cs_scatter_view_get_style (view, &style, &font);
  style.font = font;
  /* Not drawn yet (or squeezed): the default size of `cyclescope export`. */
  if (width < 200 || height < 150)
    {
      width = 900;
      height = 600;
    }
  return cs_scatter_export (data, &style, format, width, height, PNG_SCALE, path, error);
}

static void
save_chosen (gpointer              owner,
             GFile                *file,
             GtkFileChooserAction  action)
{
  CsScatterView *view = owner;
  g_autoptr(GError) error = NULL;
  GtkWidget *window;

  if (cs_scatter_save (view, file, &error))
    return;
  window = gtk_widget_get_ancestor (GTK_WIDGET (view), CS_TYPE_WINDOW);
  if (window != NULL)
    cs_window_show_error (CS_WINDOW (window), error->message);
  else
    g_warning ("%s", error->message);
}

void
cs_scatter_save_ask (CsScatterView    *view,
                     GtkNativeDialog **slot,
                     const char       *name)
{
  GtkFileChooserNative *native;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (view));

  g_return_if_fail (CS_IS_SCATTER_VIEW (view));
  native = cs_file_chooser_new (slot, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                _("Export the Scatter Chart"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                _("_Export"), save_chosen, view);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
