/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-file-chooser.h — the file choosers of the viewer's windows
 *
 * GTK 4.8 has no GtkFileDialog: each question is a modal
 * GtkFileChooserNative. A window keeps at most one open, in a slot of its
 * own: asking again replaces it, and the window's dispose destroys it, so
 * that no answer reaches a window that is gone.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* @file: what was chosen; not called when the chooser was cancelled. */
typedef void (*CsFileChosenFunc) (gpointer              owner,
                                  GFile                *file,
                                  GtkFileChooserAction  action);

/* Replaces the chooser in *@slot with a new modal one over @parent, which
 * calls @func with @owner once a file is chosen (the chooser is gone by
 * then). Returns it (owned by *@slot) for filters or a suggested name;
 * show it with gtk_native_dialog_show(). */
GtkFileChooserNative *cs_file_chooser_new   (GtkNativeDialog      **slot,
                                             GtkWindow             *parent,
                                             const char            *title,
                                             GtkFileChooserAction   action,
                                             const char            *accept_label,
                                             CsFileChosenFunc       func,
                                             gpointer               owner);
/* A filter for recordings (perf.data files, a bundle's session.json) and,
 * @with_all, one for all files. */
void                  cs_file_chooser_add_recording_filters (GtkFileChooserNative *native,
                                                             gboolean              with_all);
/* Destroys the chooser in *@slot, if any. */
void                  cs_file_chooser_clear (GtkNativeDialog      **slot);

G_END_DECLS
