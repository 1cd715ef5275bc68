/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-application.h — the GtkApplication: actions, shortcuts, windows */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CS_TYPE_APPLICATION (cs_application_get_type ())
G_DECLARE_FINAL_TYPE (CsApplication, cs_application, CS, APPLICATION, GtkApplication)

CsApplication *cs_application_new          (void);
/* The org.cyclescope.Cyclescope settings, or NULL when the schema is not
 * installed (the viewer then runs with defaults and persists nothing). */
GSettings     *cs_application_get_settings (CsApplication *self);

G_END_DECLS
