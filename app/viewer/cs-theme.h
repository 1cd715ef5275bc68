/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-theme.h — light or dark: following the desktop, and telling the charts */
#pragma once

#include <gtk/gtk.h>

#include "cs-palette.h"

G_BEGIN_DECLS

/* GTK 4.8 does not read the desktop's colour scheme itself (libadwaita
 * would): ask the settings portal for org.freedesktop.appearance
 * color-scheme and keep gtk-application-prefer-dark-theme in step with it.
 * Without a portal the user's GtkSettings stay as they are. */
void    cs_theme_follow_desktop (void);
/* The chart theme matching what @widget is drawn on (its text colour decides,
 * so GTK_THEME=Adwaita:dark and high-contrast themes are followed too). */
CsTheme cs_theme_for_widget     (GtkWidget *widget);

G_END_DECLS
