/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-viewer-main.c — `cyclescope [FILE…]`: runs the GTK application */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-application.h"
#include "cs-i18n.h"
#include "cs-state-report.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(CsApplication) application = NULL;

  cs_i18n_init ();
  /* X11 window managers match WM_CLASS (the program name) to the desktop file. */
  g_set_prgname (APP_ID);
  application = cs_application_new ();
  /* A viewer under test must not hand its files to another running
   * instance (GApplication uniqueness), nor take theirs. */
  if (g_getenv (CS_STATE_REPORT_ENV) != NULL)
    g_application_set_flags (G_APPLICATION (application),
                             g_application_get_flags (G_APPLICATION (application)) | G_APPLICATION_NON_UNIQUE);
  return g_application_run (G_APPLICATION (application), argc, argv);
}
