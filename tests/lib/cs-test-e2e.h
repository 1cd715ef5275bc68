/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-e2e.h — driving the test viewer as a separate process (header only)
 *
 * The end-to-end tests start `cyclescope FILES…`, which execs the test
 * build of cyclescope-viewer (tests/app/viewer), read what the window shows
 * from the state file it writes after each painted frame
 * (cs-test-state-report.h) and act on it with real input (xdotool). The
 * including test sets cyclescope, tmpdir, xdotool and import.
 */
#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "cs-test-util.h"

#define WAIT_STEPS 1200   /* × 50 ms: a guard against hangs, not a timing check */

static const char *cyclescope;
static char *tmpdir;
static char *xdotool;
static char *import;

typedef struct
{
  GSubprocess *process;
  gboolean     exited;
  char        *state_path;
  json_object *state;      /* the last state read */
  char        *xid;
} Viewer;

/* --- small tools --- */

/* @path: keys and array indexes joined by dots, "modules.rows.0.x". */
static inline char *
run_tool (const char * const *argv)
{
  g_autofree char *err = NULL;
  int status = 0;
  char *out = cs_test_run (argv, &err, &status);

  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
  return out;
}

static inline json_object *
jpath (json_object *obj,
       const char  *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);

  for (guint i = 0; parts[i] != NULL && obj != NULL; i++)
    if (json_object_is_type (obj, json_type_array))
      {
        guint64 index = 0;

        if (!g_ascii_string_to_unsigned (parts[i], 10, 0, G_MAXINT, &index, NULL) ||
            index >= json_object_array_length (obj))
          return NULL;
        obj = json_object_array_get_idx (obj, index);
      }
    else if (!json_object_object_get_ex (obj, parts[i], &obj))
      return NULL;
  return obj;
}

static inline const char *
jstr (json_object *obj,
      const char  *path)
{
  json_object *value = jpath (obj, path);

  return value != NULL && json_object_is_type (value, json_type_string) ? json_object_get_string (value) : NULL;
}

static inline gboolean
jbool (json_object *obj,
       const char  *path)
{
  json_object *value = jpath (obj, path);

  return value != NULL && json_object_get_boolean (value);
}

static inline void
screenshot (Viewer     *viewer,
            const char *name)
{
  g_autofree char *dir = cs_test_build_path ("meson-logs");
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  const char *argv[] = { import, "-window", viewer->xid, path, NULL };
  g_autofree char *out = NULL;
  int status = 0;

  g_mkdir_with_parents (dir, 0755);
  out = cs_test_run (argv, NULL, &status);
  if (g_spawn_check_wait_status (status, NULL))
    g_printerr ("# screenshot: %s\n", path);
  else
    g_printerr ("# screenshot %s failed\n", path);
}

/* --- the viewer process --- */

static inline void
child_setup (gpointer user_data)
{
  /* A failed assertion here must not leave a window on the display. */
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static inline void
viewer_exited (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Viewer *viewer = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  viewer->exited = TRUE;
}

/* Runs `cyclescope FILES…` (which execs the test viewer) in @language
 * (NULL: English), writing its state to @state_name in the temporary
 * directory. @unique: a viewer that hands its files to a running one, as
 * the product does. */
static inline void
viewer_start_files (Viewer             *viewer,
                    const char         *language,
                    const char         *state_name,
                    const char * const *files,
                    gboolean            unique)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autofree char *schemas = cs_test_build_path ("data/desktop");
  g_autofree char *config = g_build_filename (tmpdir, "config", NULL);
  g_autofree char *gtk_config = g_build_filename (config, "gtk-4.0", NULL);
  g_autofree char *ini = g_build_filename (gtk_config, "settings.ini", NULL);
  g_autofree char *data = g_build_filename (tmpdir, "data", NULL);
  g_autoptr(GError) error = NULL;

  /* No animations: a screenshot shows the final state, not a cross-fade. */
  g_mkdir_with_parents (gtk_config, 0755);
  g_file_set_contents (ini, "[Settings]\ngtk-enable-animations=0\n", -1, &error);
  g_assert_no_error (error);

  memset (viewer, 0, sizeof *viewer);
  viewer->state_path = g_build_filename (tmpdir, state_name, NULL);
  g_unlink (viewer->state_path);
  g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_TEST_STATE_FILE", viewer->state_path, TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_SCHEMA_DIR", schemas, TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_setenv (launcher, "GDK_BACKEND", "x11", TRUE);
  g_subprocess_launcher_setenv (launcher, "GTK_A11Y", "none", TRUE);
  g_subprocess_launcher_setenv (launcher, "NO_AT_BRIDGE", "1", TRUE);
  if (unique)
    g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_TEST_UNIQUE", "1", TRUE);
  if (language != NULL)
    {
      g_autofree char *catalogues = cs_test_build_path ("po");

      /* The catalogue catalogue_has() reads, whatever the caller's setup. */
      g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
      g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_LOCALEDIR", catalogues, TRUE);
    }
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  g_ptr_array_add (argv, (gpointer) cyclescope);
  for (guint i = 0; files[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) files[i]);
  g_ptr_array_add (argv, NULL);
  viewer->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_wait_async (viewer->process, NULL, viewer_exited, viewer);
}

static inline void
viewer_finish (Viewer *viewer)
{
  if (!viewer->exited)
    g_subprocess_force_exit (viewer->process);
  while (!viewer->exited)
    g_main_context_iteration (NULL, TRUE);
  g_clear_object (&viewer->process);
  g_clear_pointer (&viewer->state, json_object_put);
  g_clear_pointer (&viewer->state_path, g_free);
  g_clear_pointer (&viewer->xid, g_free);
}

typedef gboolean (*StateCheck) (json_object *state,
                                gconstpointer data);

/* Waits until the viewer's state satisfies @check; fails (with the last
 * state and a screenshot) when the viewer exits or never gets there. */
static inline json_object *
wait_state (Viewer        *viewer,
            const char    *what,
            StateCheck     check,
            gconstpointer  data)
{
  for (guint i = 0; i < WAIT_STEPS; i++)
    {
      json_object *state;

      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_false (viewer->exited);
      state = json_object_from_file (viewer->state_path);
      if (state != NULL)
        {
          g_clear_pointer (&viewer->state, json_object_put);
          viewer->state = state;
          if (check (state, data))
            return state;
        }
      g_usleep (50 * 1000);
    }
  if (viewer->xid != NULL)
    screenshot (viewer, "e2e-failed");
  g_printerr ("last state: %s\n", viewer->state != NULL ? json_object_to_json_string (viewer->state) : "(none)");
  g_error ("the viewer never showed: %s", what);
  return NULL;
}

static inline gboolean
is_loaded (json_object *state, gconstpointer data)
{
  return jbool (state, "loaded") && !jbool (state, "loading") && jpath (state, "xid") != NULL;
}

static inline gboolean
is_page (json_object *state, gconstpointer page)
{
  return g_strcmp0 (jstr (state, "page"), page) == 0 && jpath (state, "modules.rows.0.x") != NULL;
}

static inline gboolean
on_page (json_object *state, gconstpointer page)
{
  return g_strcmp0 (jstr (state, "page"), page) == 0;
}

static inline gboolean
has_module (json_object *state, gconstpointer module)
{
  json_object *rows = jpath (state, "modules.symbols.rows");

  return g_strcmp0 (jstr (state, "modules.selected"), module) == 0 &&
         rows != NULL && json_object_array_length (rows) > 0 &&
         g_strcmp0 (jstr (json_object_array_get_idx (rows, 0), "library"), module) == 0;
}

static inline gboolean
at_level (json_object *state, gconstpointer level)
{
  return g_strcmp0 (jstr (state, "modules.level"), level) == 0;
}

static inline gboolean
in_focus (json_object *state, gconstpointer area)
{
  return g_strcmp0 (jstr (state, "focus"), area) == 0;
}

static inline gboolean
line_is (json_object *state, gconstpointer line)
{
  json_object *value = jpath (state, "modules.annotate.selected_line");

  return value != NULL && (guint) json_object_get_int (value) == GPOINTER_TO_UINT (line);
}

static inline gboolean
annotate_open (json_object *state, gconstpointer data)
{
  return jpath (state, "modules.annotate.symbol") != NULL && in_focus (state, "source-pane");
}

/* Clicks the middle of @item's on-screen rectangle (from the state). */
static inline void
click (Viewer      *viewer,
       json_object *item)
{
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  g_autofree char *out = NULL;

  g_assert_nonnull (jpath (item, "x"));
  x = g_strdup_printf ("%d", json_object_get_int (jpath (item, "x")) + json_object_get_int (jpath (item, "width")) / 2);
  y = g_strdup_printf ("%d", json_object_get_int (jpath (item, "y")) + json_object_get_int (jpath (item, "height")) / 2);
  {
    const char *argv[] = { xdotool, "mousemove", "--window", viewer->xid, x, y, "click", "1", NULL };

    out = run_tool (argv);
  }
}

static inline void
key (const char *keys)
{
  const char *argv[] = { xdotool, "key", "--clearmodifiers", keys, NULL };
  g_autofree char *out = run_tool (argv);
}

static inline json_object *
find_named (json_object *array,
            const char  *name)
{
  for (size_t i = 0; array != NULL && i < json_object_array_length (array); i++)
    if (g_strcmp0 (jstr (json_object_array_get_idx (array, i), "name"), name) == 0)
      return json_object_array_get_idx (array, i);
  return NULL;
}

/* The window the viewer says is its own, found the way a user's tools find
 * it: by its title (@title_pattern, a regular expression). */
static inline void
find_window (Viewer     *viewer,
             const char *title_pattern)
{
  const char *argv[] = { xdotool, "search", "--sync", "--name", title_pattern, NULL };
  g_autofree char *out = run_tool (argv);
  g_auto(GStrv) ids = g_strsplit (g_strstrip (out), "\n", -1);
  g_autofree char *xid = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int64 (jpath (viewer->state, "xid")));

  g_assert_true (g_strv_contains ((const char * const *) ids, xid));
  viewer->xid = g_steal_pointer (&xid);
  {
    const char *focus[] = { xdotool, "mousemove", "--window", viewer->xid, "400", "300",
                            "windowfocus", "--sync", viewer->xid, NULL };
    g_autofree char *ignored = run_tool (focus);
  }
}

