/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-inputs.c — the viewer's load never hangs on a FIFO or /dev/zero
 *
 * Opens a named pipe nobody writes to, /dev/zero, and a bundle whose
 * session.json is a FIFO: each window must end its load with an error
 * banner naming the file and what it is. A hang ends at the application
 * guard, which fails the test; the assertions are on the banners.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cs-test-app.h"
#include "cs-test-viewer.h"

typedef struct
{
  const char *path;   /* what the banner must name */
  const char *kind;
} Expected;

static gboolean
step_inputs (CsTestApp *app)
{
  const Expected *expected = app->data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app->application));
  guint n_windows = 0;

  for (GList *l = windows; l != NULL; l = l->next)
    {
      if (!CS_IS_WINDOW (l->data))
        continue;
      if (cs_test_window_loading (l->data))
        return FALSE;
      n_windows++;
    }
  if (n_windows < 3)
    return FALSE;

  for (guint i = 0; i < 3; i++)
    {
      gboolean found = FALSE;

      for (GList *l = windows; l != NULL && !found; l = l->next)
        {
          const char *message = CS_IS_WINDOW (l->data) ? cs_test_window_error (l->data) : NULL;

          found = message != NULL && strstr (message, expected[i].path) != NULL &&
                  strstr (message, expected[i].kind) != NULL;
          if (message != NULL)
            g_test_message ("banner: %s", message);
        }
      g_assert_true (found);
    }
  return TRUE;
}

static void
test_fifo_and_zero (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.data", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.data", NULL);
  g_autofree char *bundle = g_build_filename (dir, "b.cyclescope", NULL);
  g_autofree char *json = g_build_filename (bundle, "session.json", NULL);
  const char *files[] = { fifo, zero, bundle, NULL };
  const Expected expected[] = {
    { fifo, "named pipe (FIFO)" },
    { zero, "character device" },
    { json, "named pipe (FIFO)" },
  };

  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_cmpint (g_mkdir (bundle, 0755), ==, 0);
  g_assert_cmpint (mkfifo (json, 0644), ==, 0);
  cs_test_app_run (files, step_inputs, (gpointer) expected);
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (cs_test_app_init (&argc, &argv, "/app/inputs/no-display"))
    g_test_add_func ("/app/inputs/fifo-and-zero", test_fifo_and_zero);
  status = g_test_run ();
  cs_test_app_cleanup ();
  return status;
}
