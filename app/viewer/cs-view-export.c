/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-view-export.c — see cs-view-export.h */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-file-chooser.h"
#include "cs-view-export.h"

static void
save_chosen (gpointer              owner,
             GFile                *file,
             GtkFileChooserAction  action)
{
  CsCairoView *view = owner;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("Choose a file on this computer to export to."));
  else if (cs_cairo_view_export (view, path, &error))
    {
      g_autofree char *name = g_filename_display_name (path);
      /* TRANSLATORS: confirmation after an export, %s is the file */
      g_autofree char *message = g_strdup_printf (_("Exported to “%s”"), name);

      gtk_widget_activate_action (GTK_WIDGET (view), "win.show-message", "s", message);
      return;
    }
  if (!gtk_widget_activate_action (GTK_WIDGET (view), "win.show-error", "s", error->message))
    g_warning ("%s", error->message);
}

void
cs_view_export_ask (CsCairoView      *view,
                    GtkNativeDialog **slot,
                    const char       *name)
{
  GtkFileChooserNative *native;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (view));

  g_return_if_fail (CS_IS_CAIRO_VIEW (view));
  native = cs_file_chooser_new (slot, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                _("Export Image"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                _("_Export"), save_chosen, view);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
