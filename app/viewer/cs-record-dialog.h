/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-dialog.h — record a program from the viewer */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CS_TYPE_RECORD_DIALOG (cs_record_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CsRecordDialog, cs_record_dialog, CS, RECORD_DIALOG, GtkWindow)

/* @settings (nullable) gives and keeps the frequency and call-chain choices.
 * The dialog emits "recorded" (const char *bundle_path) when a recording
 * finished and was saved; it then closes itself. */
CsRecordDialog *cs_record_dialog_new         (GtkWindow          *parent,
                                              GSettings          *settings);
/* Fills the form (the program chooser and the tests use it). */
void            cs_record_dialog_set_command (CsRecordDialog     *self,
                                              const char         *program,
                                              const char         *arguments,
                                              const char         *working_directory);
/* The Record button: validates the form, then records in the background. */
void            cs_record_dialog_start       (CsRecordDialog     *self);
gboolean        cs_record_dialog_is_running  (CsRecordDialog     *self);
/* The error shown in the dialog, or NULL. */
const char     *cs_record_dialog_get_error   (CsRecordDialog     *self);

G_END_DECLS
