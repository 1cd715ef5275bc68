/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-viewer-main.c — the viewer as the end-to-end tests run it
 *
 * cyclescope-viewer built for the tests (never installed): the product's
 * application, plus the state report (cs-test-state-report.h) when
 * CYCLESCOPE_TEST_STATE_FILE is set. Such a viewer neither hands its files
 * to a running instance nor takes theirs (non-unique), unless
 * CYCLESCOPE_TEST_UNIQUE is set: the test of opening files in a running
 * viewer wants GApplication's uniqueness.
 */
#include "config.h"

#include "cs-application.h"
#include "cs-i18n.h"
#include "cs-test-state-report.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(CsApplication) application = NULL;

  cs_i18n_init ();
  g_set_prgname (APP_ID);
  application = cs_application_new ();
  if (g_getenv (CS_STATE_REPORT_ENV) != NULL && g_getenv ("CYCLESCOPE_TEST_UNIQUE") == NULL)
    g_application_set_flags (G_APPLICATION (application),
                             g_application_get_flags (G_APPLICATION (application)) | G_APPLICATION_NON_UNIQUE);
  cs_test_state_report_attach (GTK_APPLICATION (application));
  return g_application_run (G_APPLICATION (application), argc, argv);
}
