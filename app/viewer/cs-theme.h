/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-theme.h — light or dark: the Style choice, following the desktop by default */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Light or dark as the GSettings key color-scheme says: "default" follows
 * the desktop (GTK 4.8 does not read its colour scheme itself, libadwaita
 * would: the settings portal's org.freedesktop.appearance color-scheme is
 * asked and followed), "light" and "dark" choose one. Either way
 * gtk-application-prefer-dark-theme is kept in step. Without a portal (or
 * with @settings NULL) the user's GtkSettings stay as they are. */
void    cs_theme_init           (GSettings *settings);

G_END_DECLS
