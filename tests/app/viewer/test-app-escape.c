/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-escape.c — the viewer shows hostile names as text, without warnings
 *
 * argv[1]: the cyclescope binary, argv[2]: the cs-test-workload program.
 * The workload, copied to a file whose name holds markup, an ESC and a byte
 * that is not UTF-8, is recorded with its thread named likewise; the viewer
 * opens the recording and shows every page. Pango must not warn (invalid
 * UTF-8 reaching a layout) and GTK must not fail to parse markup (a name
 * taken for markup); the module appears with its name as text.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cs-test-app.h"
#include "cs-test-viewer.h"

#define EVIL_FILE   "<b>evil&amp;\x1b[31m\xff"
#define EVIL_THREAD "<i>t&\x1b]0;x\x07\xff"

static guint n_bad_logs;

/* Counts what a hostile name makes GTK and Pango say, passes the rest on. */
static GLogWriterOutput
watch_log (GLogLevelFlags   level,
           const GLogField *fields,
           gsize            n_fields,
           gpointer         user_data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (fields[i].key, "GLIB_DOMAIN") == 0)
      domain = fields[i].value;
    else if (strcmp (fields[i].key, "MESSAGE") == 0)
      message = fields[i].value;
  if ((level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL)) != 0 &&
      (g_strcmp0 (domain, "Pango") == 0 ||
       (message != NULL && (strstr (message, "UTF-8") != NULL || strstr (message, "markup") != NULL))))
    {
      n_bad_logs++;
      g_test_message ("unexpected: %s: %s", domain, message);
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

/* A label or table cell whose text holds @text. */
static gboolean
shows_text (GtkWidget     *widget,
            gconstpointer  text)
{
  const char *shown = NULL;

  if (GTK_IS_LABEL (widget))
    shown = gtk_label_get_text (GTK_LABEL (widget));
  else if (GTK_IS_INSCRIPTION (widget))
    shown = gtk_inscription_get_text (GTK_INSCRIPTION (widget));
  return shown != NULL && strstr (shown, text) != NULL;
}

static gboolean
step_pages (CsTestApp *app)
{
  static const char *names[] = { "overview", "modules", "memory" };
  CsWindow *window = cs_test_app_get_window (app);
  GtkStack *pages;

  if (window == NULL || cs_test_window_loading (window))
    return FALSE;
  g_assert_null (cs_test_window_error (window));
  pages = cs_test_window_pages (window);
  /* Each page shown and drawn (a screenshot waits for the paint); the test
   * ends when the name turns up, or fails at the application's guard. */
  while (app->stage < G_N_ELEMENTS (names))
    {
      g_autofree char *shot = g_strdup_printf ("app-escape-%s", names[app->stage]);

      gtk_stack_set_visible_child_name (pages, names[app->stage]);
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), shot))
        return FALSE;
      cs_test_app_reset_screenshot (app);
      app->stage++;
    }
  /* The module's name is in the Modules page's table, as text. */
  if (app->stage == G_N_ELEMENTS (names))
    {
      gtk_stack_set_visible_child_name (pages, "modules");
      app->stage++;
      return FALSE;
    }
  return cs_test_find_mapped (GTK_WIDGET (window), shows_text, "<b>evil&amp;\x1b[31m\\xff") != NULL;
}

static void
test_hostile_names (gconstpointer data)
{
  const char * const *args = data;
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *program = g_build_filename (dir, EVIL_FILE, NULL);
  g_autofree char *bundle = g_build_filename (dir, "evil.cyclescope", NULL);
  g_autofree char *contents = NULL;
  const char *record[] = { args[0], "record", "--no-counting", "-o", bundle, "--", program, "named",
                           EVIL_THREAD, "0.3", NULL };
  const char *files[] = { bundle, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  gsize len;

  g_assert_true (g_file_get_contents (args[1], &contents, &len, NULL));
  g_assert_true (g_file_set_contents (program, contents, len, NULL));
  g_assert_cmpint (g_chmod (program, 0755), ==, 0);
  out = cs_test_run (record, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_log_set_writer_func (watch_log, NULL, NULL);
  cs_test_app_run (files, step_pages, NULL);
  g_assert_cmpuint (n_bad_logs, ==, 0);
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  static const char *args[2];
  int status;

  if (cs_test_app_init (&argc, &argv, "/app/escape/no-display"))
    {
      g_assert_cmpint (argc, >=, 3);
      args[0] = argv[1];
      args[1] = argv[2];
      g_test_add_data_func ("/app/escape/hostile-names", args, test_hostile_names);
    }
  status = g_test_run ();
  cs_test_app_cleanup ();
  return status;
}
