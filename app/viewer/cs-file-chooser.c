/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-file-chooser.c — the file choosers of the viewer's windows */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-file-chooser.h"

typedef struct
{
  GtkNativeDialog  **slot;
  CsFileChosenFunc   func;
  gpointer           owner;
} Request;

static void
request_free (gpointer data,
              GClosure *closure)
{
  g_free (data);
}

static void
on_response (GtkNativeDialog *dialog,
             int              response,
             gpointer         user_data)
{
  /* Destroying the chooser frees @user_data: keep what is needed. */
  Request request = *(Request *) user_data;
  GtkFileChooserAction action = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_destroy (dialog);
  g_clear_object (request.slot);
  if (file != NULL)
    request.func (request.owner, file, action);
}

GtkFileChooserNative *
cs_file_chooser_new (GtkNativeDialog      **slot,
                     GtkWindow             *parent,
                     const char            *title,
                     GtkFileChooserAction   action,
                     const char            *accept_label,
                     CsFileChosenFunc       func,
                     gpointer               owner)
{
  GtkFileChooserNative *native;
  Request *request = g_new (Request, 1);

  cs_file_chooser_clear (slot);
  native = gtk_file_chooser_native_new (title, parent, action, accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  *request = (Request) { slot, func, owner };
  g_signal_connect_data (native, "response", G_CALLBACK (on_response), request, request_free, 0);
  *slot = GTK_NATIVE_DIALOG (native);
  return native;
}

void
cs_file_chooser_clear (GtkNativeDialog **slot)
{
  if (*slot != NULL)
    gtk_native_dialog_destroy (*slot);
  g_clear_object (slot);
}

void
cs_file_chooser_add_recording_filters (GtkFileChooserNative *native,
                                       gboolean              with_all)
{
  g_autoptr(GtkFileFilter) recordings = gtk_file_filter_new ();

  gtk_file_filter_set_name (recordings, _("Recordings (perf.data, session.json)"));
  gtk_file_filter_add_pattern (recordings, "*.data");
  gtk_file_filter_add_pattern (recordings, "perf.data*");
  gtk_file_filter_add_pattern (recordings, "session.json");
  gtk_file_filter_add_mime_type (recordings, "application/x-perf-data");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), recordings);
  if (with_all)
    {
      g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

      gtk_file_filter_set_name (all, _("All Files"));
      gtk_file_filter_add_pattern (all, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
    }
}
