/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-viewer-main.c — `cyclescope [FILE…]`: runs the GTK application */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-application.h"
#include "cs-i18n.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(CsApplication) application = NULL;

  cs_i18n_init ();
  /* X11 window managers match WM_CLASS (the program name) to the desktop file. */
  g_set_prgname (APP_ID);
  application = cs_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
