/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window-messages.c — the window's error banner and its toasts */
#include "config.h"

#include "cs-window-private.h"

void
_cs_window_hide_error (CsWindow *self)
{
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
}

void
_cs_window_error_close_clicked (CsWindow *self)
{
  _cs_window_hide_error (self);
}

void
_cs_window_show_error_full (CsWindow   *self,
                           const char *title,
                           const char *message,
                           const char *details)
{
  g_return_if_fail (CS_IS_WINDOW (self));

  gtk_label_set_text (self->error_title, title);
  gtk_label_set_text (self->error_message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_message), message != NULL && message[0] != '\0');
  gtk_label_set_text (self->error_details, details != NULL ? details : "");
  gtk_toggle_button_set_active (self->error_details_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->error_details_button), details != NULL && details[0] != '\0');
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
}

void
cs_window_show_error (CsWindow   *self,
                      const char *message)
{
  _cs_window_show_error_full (self, message, NULL, NULL);
}

void
_cs_window_hide_toast (CsWindow *self)
{
  g_clear_handle_id (&self->toast_timeout, g_source_remove);
  gtk_revealer_set_reveal_child (self->toast_revealer, FALSE);
}

static gboolean
toast_expired (gpointer data)
{
  CsWindow *self = data;

  self->toast_timeout = 0;
  gtk_revealer_set_reveal_child (self->toast_revealer, FALSE);
  return G_SOURCE_REMOVE;
}

/* A confirmation that needs no answer ("Exported to …"): shown at the
 * bottom of the window for a few seconds, or until dismissed. */
void
_cs_window_show_toast (CsWindow   *self,
                       const char *message)
{
  g_return_if_fail (CS_IS_WINDOW (self));

  g_clear_handle_id (&self->toast_timeout, g_source_remove);
  gtk_label_set_text (self->toast_label, message);
  gtk_revealer_set_reveal_child (self->toast_revealer, TRUE);
  self->toast_timeout = g_timeout_add_seconds (5, toast_expired, self);
}
