/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window.h — the main window: header bar, banner, progress, pages */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-comparison.h"

G_BEGIN_DECLS

#define CS_TYPE_WINDOW (cs_window_get_type ())
G_DECLARE_FINAL_TYPE (CsWindow, cs_window, CS, WINDOW, GtkApplicationWindow)

CsWindow *cs_window_new        (GtkApplication *application);
/* Loads a session bundle or perf.data in the background; the window shows
 * progress with a cancel button and, on failure, a banner with the reason. */
void      cs_window_open       (CsWindow       *self,
                                GFile          *file);
/* Shows an error in the window's banner. */
void      cs_window_show_error (CsWindow       *self,
                                const char     *message);
/* Showing nothing and loading nothing: the next file opened from outside
 * goes here. */
gboolean  cs_window_is_empty   (CsWindow       *self);

/* The recording shown, or NULL (the "analysis" property, which the pages
 * bind to). */
CsAnalysis *cs_window_get_analysis      (CsWindow   *self);
/* Cancels a load in progress (the Cancel button). */
void        cs_window_cancel_load       (CsWindow   *self);
/* Loads @file (a session bundle or perf.data) in the background as the base
 * to compare the recording shown with ("Compare With…", Ctrl+Shift+O); on
 * success the "comparison" property is set. */
void          cs_window_compare_with    (CsWindow   *self,
                                         GFile      *file);
/* The comparison shown, or NULL (the "comparison" property). */
CsComparison *cs_window_get_comparison  (CsWindow   *self);
/* Shows the page @name ("overview", "modules", "memory") and moves the
 * keyboard focus into it, as a click on its sidebar row or Alt+N does. */
void        cs_window_show_page         (CsWindow   *self,
                                         const char *name);

G_END_DECLS
