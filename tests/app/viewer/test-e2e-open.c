/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-e2e-open.c — opening files from the command line while the viewer runs
 *
 *   test-e2e-open CYCLESCOPE VIEWER   (meson passes them)
 *
 * `cyclescope A` starts the viewer (the test build, unique as the product
 * is); `cyclescope B` and `cyclescope C` while it runs hand their files to
 * it (GApplication's uniqueness) and exit. Each must add exactly one window
 * showing its file, and no empty window. The counts come from the viewer's
 * state file; the X server confirms the windows by their titles.
 *
 * Exits 77 without an X display or xdotool.
 */
#include "config.h"

#include <locale.h>

#include "cs-test-e2e.h"

static gboolean
has_windows (json_object   *state,
             gconstpointer  data)
{
  json_object *windows = jpath (state, "windows");
  guint loaded = 0;

  for (size_t i = 0; windows != NULL && i < json_object_array_length (windows); i++)
    loaded += !jbool (json_object_array_get_idx (windows, i), "empty");
  return windows != NULL && loaded == GPOINTER_TO_UINT (data);
}

/* The windows' titles and whether one is empty, as the report lists them. */
static void
check_windows (json_object        *state,
               const char * const *programs,
               guint               n)
{
  json_object *windows = jpath (state, "windows");

  g_assert_cmpuint (json_object_array_length (windows), ==, n);
  for (guint p = 0; p < n; p++)
    {
      gboolean found = FALSE;

      for (size_t i = 0; i < json_object_array_length (windows); i++)
        {
          json_object *w = json_object_array_get_idx (windows, i);

          g_assert_false (jbool (w, "empty"));
          found |= strstr (jstr (w, "title"), programs[p]) != NULL;
        }
      if (!found)
        g_error ("no window shows %s: %s", programs[p], json_object_to_json_string (windows));
    }
}

/* `cyclescope FILE` while the viewer runs: it exits once it has handed
 * the file over. */
static void
open_in_running (const char *file)
{
  g_autofree char *state = g_build_filename (tmpdir, "unused-state.json", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_TEST_STATE_FILE", state, TRUE);
  g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_TEST_UNIQUE", "1", TRUE);
  g_subprocess_launcher_setenv (launcher, "GDK_BACKEND", "x11", TRUE);
  process = g_subprocess_launcher_spawn (launcher, &error, cyclescope, file, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (process, NULL, &error));
  g_assert_no_error (error);
}

static void
test_open_while_running (void)
{
  g_autofree char *a = cs_test_source_path ("tests/fixtures/software-counts.cyclescope");
  g_autofree char *b = cs_test_source_path ("tests/fixtures/core2-counts.cyclescope");
  g_autofree char *c = cs_test_source_path ("tests/fixtures/nehalem-counts.cyclescope");
  /* The programs the fixtures recorded, in their window titles. */
  const char *programs[] = { "./cs-spin (software", "cmsRun (intel-core2", "cmsRun (intel-nehalem" };
  const char *first[] = { a, NULL };
  Viewer viewer;
  json_object *state;

  viewer_start_files (&viewer, NULL, "state-open.json", first, TRUE);
  state = wait_state (&viewer, "the first recording, loaded", has_windows, GUINT_TO_POINTER (1));
  check_windows (state, programs, 1);

  open_in_running (b);
  state = wait_state (&viewer, "a second window with the second recording", has_windows, GUINT_TO_POINTER (2));
  check_windows (state, programs, 2);
  open_in_running (c);
  state = wait_state (&viewer, "a third window with the third recording", has_windows, GUINT_TO_POINTER (3));
  check_windows (state, programs, 3);
  /* The X server shows those three and no other main window. */
  {
    const char *argv[] = { xdotool, "search", "--onlyvisible", "--name", "^Cyclescope", NULL };
    g_autofree char *out = run_tool (argv);
    g_auto(GStrv) ids = g_strsplit (g_strstrip (out), "\n", -1);

    g_assert_cmpuint (g_strv_length (ids), ==, 3);
  }
  g_subprocess_send_signal (viewer.process, SIGTERM);
  viewer_finish (&viewer);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  /* argv[2], the viewer, is only there so that meson builds it first. */
  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  xdotool = g_find_program_in_path ("xdotool");
  import = g_find_program_in_path ("import");
  if (g_getenv ("DISPLAY") == NULL || g_getenv ("DISPLAY")[0] == '\0' || xdotool == NULL)
    {
      g_printerr ("needs an X display (DISPLAY) and xdotool: skipping\n");
      return CS_TEST_SKIP_EXIT;
    }
  tmpdir = cs_test_mkdtemp ();
  g_test_add_func ("/e2e/viewer/open-while-running", test_open_while_running);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (xdotool);
  g_free (import);
  return ret;
}
