/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-e2e-viewer.c — the real viewer on a real recording, driven by real input
 *
 *   test-e2e-viewer CYCLESCOPE WORKLOAD VIEWER   (meson passes them)
 *
 * Records cs-test-two-modules (a hot function in the executable, one in its
 * shared library) with `cyclescope record`, starts `cyclescope BUNDLE` (which
 * execs cyclescope-viewer) as a separate process on this display, and uses
 * xdotool as a user would: a click on the sidebar's Modules row, a click on
 * the executable's row of the module table, Enter to go into the hot
 * symbols and Enter again into source and disassembly, Alt+Left back up,
 * arrows to another module, Ctrl+Q to quit. The viewer reports what it shows
 * (and where its rows are) in CYCLESCOPE_TEST_STATE_FILE after each painted
 * frame. Expected values come from the workload's design (which function is
 * hot in which module), from `perf report` on the bundle's perf.data (the
 * symbols' samples) and from the source file itself (the hottest line lies
 * in the hot function's loop). Screenshots: meson-logs/e2e-*.png.
 *
 * Exits 77 without an X display, xdotool or ImageMagick's import.
 */
#define _GNU_SOURCE   /* memmem */
#include "config.h"

#include <gio/gio.h>
#include <json.h>
#include <locale.h>
#include <signal.h>
#include <sys/prctl.h>

#include "cs-test-po.h"
#include "cs-test-util.h"

#define WAIT_STEPS 1200   /* × 50 ms: a guard against hangs, not a timing check */

static const char *cyclescope;
static const char *workload;
static char *tmpdir;
static char *bundle;
static char *perf;
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
static char *
run_tool (const char * const *argv)
{
  g_autofree char *err = NULL;
  int status = 0;
  char *out = cs_test_run (argv, &err, &status);

  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
  return out;
}

static json_object *
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

static const char *
jstr (json_object *obj,
      const char  *path)
{
  json_object *value = jpath (obj, path);

  return value != NULL && json_object_is_type (value, json_type_string) ? json_object_get_string (value) : NULL;
}

static gboolean
jbool (json_object *obj,
       const char  *path)
{
  json_object *value = jpath (obj, path);

  return value != NULL && json_object_get_boolean (value);
}

static void
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

static void
child_setup (gpointer user_data)
{
  /* A failed assertion here must not leave a window on the display. */
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
viewer_exited (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Viewer *viewer = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  viewer->exited = TRUE;
}

static void
viewer_start (Viewer     *viewer,
              const char *language)
{
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
  viewer->state_path = g_build_filename (tmpdir, language != NULL ? "state-de.json" : "state.json", NULL);
  g_unlink (viewer->state_path);
  g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_TEST_STATE_FILE", viewer->state_path, TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_SCHEMA_DIR", schemas, TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_setenv (launcher, "GDK_BACKEND", "x11", TRUE);
  g_subprocess_launcher_setenv (launcher, "GTK_A11Y", "none", TRUE);
  g_subprocess_launcher_setenv (launcher, "NO_AT_BRIDGE", "1", TRUE);
  if (language != NULL)
    {
      g_autofree char *catalogues = cs_test_build_path ("po");

      /* The catalogue catalogue_has() reads, whatever the caller's setup. */
      g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
      g_subprocess_launcher_setenv (launcher, "CYCLESCOPE_LOCALEDIR", catalogues, TRUE);
    }
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  viewer->process = g_subprocess_launcher_spawn (launcher, &error, cyclescope, bundle, NULL);
  g_assert_no_error (error);
  g_subprocess_wait_async (viewer->process, NULL, viewer_exited, viewer);
}

static void
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
static json_object *
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

static gboolean
is_loaded (json_object *state, gconstpointer data)
{
  return jbool (state, "loaded") && !jbool (state, "loading") && jpath (state, "xid") != NULL;
}

static gboolean
is_page (json_object *state, gconstpointer page)
{
  return g_strcmp0 (jstr (state, "page"), page) == 0 && jpath (state, "modules.rows.0.x") != NULL;
}

static gboolean
on_page (json_object *state, gconstpointer page)
{
  return g_strcmp0 (jstr (state, "page"), page) == 0;
}

static gboolean
has_module (json_object *state, gconstpointer module)
{
  json_object *rows = jpath (state, "modules.symbols.rows");

  return g_strcmp0 (jstr (state, "modules.selected"), module) == 0 &&
         rows != NULL && json_object_array_length (rows) > 0 &&
         g_strcmp0 (jstr (json_object_array_get_idx (rows, 0), "library"), module) == 0;
}

static gboolean
at_level (json_object *state, gconstpointer level)
{
  return g_strcmp0 (jstr (state, "modules.level"), level) == 0;
}

static gboolean
in_focus (json_object *state, gconstpointer area)
{
  return g_strcmp0 (jstr (state, "focus"), area) == 0;
}

static gboolean
line_is (json_object *state, gconstpointer line)
{
  json_object *value = jpath (state, "modules.annotate.selected_line");

  return value != NULL && (guint) json_object_get_int (value) == GPOINTER_TO_UINT (line);
}

static gboolean
annotate_open (json_object *state, gconstpointer data)
{
  return jpath (state, "modules.annotate.symbol") != NULL && in_focus (state, "source-pane");
}

/* Clicks the middle of @item's on-screen rectangle (from the state). */
static void
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

static void
key (const char *keys)
{
  const char *argv[] = { xdotool, "key", "--clearmodifiers", keys, NULL };
  g_autofree char *out = run_tool (argv);
}

static json_object *
find_named (json_object *array,
            const char  *name)
{
  for (size_t i = 0; array != NULL && i < json_object_array_length (array); i++)
    if (g_strcmp0 (jstr (json_object_array_get_idx (array, i), "name"), name) == 0)
      return json_object_array_get_idx (array, i);
  return NULL;
}

/* The window the viewer says is its own, found the way a user's tools find
 * it: by its title. */
static void
find_window (Viewer *viewer)
{
  const char *argv[] = { xdotool, "search", "--sync", "--name", "^Cyclescope — .*cs-test-two-modules", NULL };
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

/* --- oracles --- */

/* `perf report` on the bundle's perf.data: @module's top symbol and its samples. */
static gboolean
perf_top_symbol (const char *module,
                 char      **symbol,
                 guint64    *samples)
{
  g_autofree char *data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  const char *argv[] = { perf, "report", "-i", data, "--stdio", "-q", "-F", "sample,dso,sym", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;

  if (perf == NULL || !g_file_test (data, G_FILE_TEST_EXISTS))
    return FALSE;
  out = run_tool (argv);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      g_autoptr(GPtrArray) words = g_ptr_array_new ();

      for (guint j = 0; f[j] != NULL; j++)
        if (f[j][0] != '\0')
          g_ptr_array_add (words, f[j]);
      /* SAMPLES DSO [.] SYMBOL; perf sorts by samples. */
      if (words->len >= 4 && g_strcmp0 (g_ptr_array_index (words, 1), module) == 0)
        {
          *samples = g_ascii_strtoull (g_ptr_array_index (words, 0), NULL, 10);
          *symbol = g_strdup (g_ptr_array_index (words, 3));
          return TRUE;
        }
    }
  return FALSE;
}

static void
check_hot_symbol (json_object *state,
                  const char  *module,
                  const char  *function)
{
  json_object *first = jpath (state, "modules.symbols.rows.0");
  g_autofree char *perf_symbol = NULL;
  guint64 perf_samples = 0;

  g_assert_true (g_str_has_suffix (jstr (state, "modules.symbols.title"), module));
  /* By the workload's design. */
  g_assert_cmpstr (jstr (first, "name"), ==, function);
  g_assert_cmpstr (jstr (first, "library"), ==, module);
  /* By perf, on the same perf.data. */
  if (perf_top_symbol (module, &perf_symbol, &perf_samples))
    {
      g_assert_cmpstr (perf_symbol, ==, function);
      g_assert_cmpuint (json_object_get_int64 (jpath (first, "samples")), ==, perf_samples);
    }
}

/* The lines of the workload's source from tm_exe_hot's signature to the end
 * of its body, read from the file. */
static void
hot_function_lines (guint *first,
                    guint *last)
{
  g_autofree char *path = cs_test_source_path ("tests/workloads/cs-test-two-modules.c");
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  *first = *last = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (*first == 0 && g_str_has_prefix (lines[i], "tm_exe_hot ("))
        *first = i + 1;
      else if (*first != 0 && *last == 0 && g_str_has_prefix (lines[i], "}"))
        *last = i + 1;
    }
  g_assert_cmpuint (*first, >, 0);
  g_assert_cmpuint (*last, >, *first);
}

/* The bundle's session.json says its host had no hardware PMU. */
static gboolean
recorded_without_pmu (void)
{
  g_autofree char *path = g_build_filename (bundle, "session.json", NULL);
  json_object *root = json_object_from_file (path);
  gboolean none;

  g_assert_nonnull (root);
  none = jpath (root, "host.pmu") == NULL;
  json_object_put (root);
  return none;
}

/* The warnings banner: the short warning stated from the session's facts
 * in @no_pmu's language, never the recorder's long sentence, which is
 * kept under Details as it was recorded (in English). */
static void
check_banner (json_object *state,
              const char  *no_pmu)
{
  g_autofree char *path = g_build_filename (bundle, "session.json", NULL);
  json_object *root = json_object_from_file (path);
  json_object *recorded = jpath (root, "warnings");
  const char *banner = jstr (state, "overview.banner");
  const char *details = jstr (state, "overview.details");

  g_printerr ("# banner: %s\n", banner != NULL ? banner : "(none)");
  if (recorded_without_pmu ())
    {
      g_assert_nonnull (banner);
      g_assert_true (g_str_has_prefix (banner, no_pmu));
    }
  for (size_t i = 0; recorded != NULL && i < json_object_array_length (recorded); i++)
    {
      const char *sentence = json_object_get_string (json_object_array_get_idx (recorded, i));

      g_assert_true (banner == NULL || strstr (banner, sentence) == NULL);
      g_assert_nonnull (details);
      g_assert_nonnull (strstr (details, sentence));
    }
  json_object_put (root);
}

/* --- tests --- */

static void
test_drilldown (void)
{
  Viewer viewer;
  json_object *state, *row;
  guint first, last, line;

  viewer_start (&viewer, NULL);
  state = wait_state (&viewer, "the recording, loaded", is_loaded, NULL);
  find_window (&viewer);
  g_assert_cmpstr (jstr (state, "page"), ==, "overview");
  g_assert_cmpint (json_object_get_int (jpath (state, "overview.charts")), >=, 1);
  /* With samples, the module shares come first. */
  g_assert_cmpstr (jstr (state, "overview.chart_ids.0"), ==, "samples-by-module");
  check_banner (state, "No hardware PMU on the recording host: software events only.");
  screenshot (&viewer, "e2e-overview");

  /* The Modules page, by a click on its sidebar row: the keyboard goes to
   * the module table, so that Enter drills down without a Tab first. */
  click (&viewer, find_named (jpath (state, "pages"), "modules"));
  state = wait_state (&viewer, "the Modules page", is_page, "modules");
  state = wait_state (&viewer, "the keyboard in the module table", in_focus, "module-table");
  /* Selected first: the module with most samples, the library by design. */
  state = wait_state (&viewer, "the library's hot symbols", has_module, "libcstesttwomodules.so");
  check_hot_symbol (state, "libcstesttwomodules.so", "tm_lib_hot");

  /* A click on the executable's row. */
  row = find_named (jpath (state, "modules.rows"), "cs-test-two-modules");
  g_assert_nonnull (row);
  click (&viewer, row);
  state = wait_state (&viewer, "the executable's hot symbols", has_module, "cs-test-two-modules");
  check_hot_symbol (state, "cs-test-two-modules", "tm_exe_hot");
  g_assert_cmpstr (jstr (state, "modules.level"), ==, "table");
  screenshot (&viewer, "e2e-modules");

  /* Enter: into the hot symbols; Enter again: source and disassembly of
   * the first (hottest) symbol. */
  key ("Return");
  state = wait_state (&viewer, "the keyboard in the hot symbols", in_focus, "symbol-pane");
  g_assert_cmpstr (jstr (state, "modules.level"), ==, "symbols");
  key ("Return");
  state = wait_state (&viewer, "source and disassembly", annotate_open, NULL);
  g_assert_cmpstr (jstr (state, "modules.annotate.symbol"), ==, "tm_exe_hot");
  g_assert_true (jbool (state, "modules.annotate.has_source"));
  g_assert_true (jbool (state, "modules.annotate.source_shown"));
  g_assert_true (jbool (state, "modules.annotate.disasm_shown"));
  g_assert_true (g_str_has_suffix (jstr (state, "modules.annotate.file"), "cs-test-two-modules.c"));
  /* The hottest line is selected, and it is in tm_exe_hot's body. */
  g_assert_true (jbool (state, "modules.annotate.selected_line_hot"));
  line = json_object_get_int (jpath (state, "modules.annotate.selected_line"));
  hot_function_lines (&first, &last);
  g_assert_cmpuint (line, >, first);
  g_assert_cmpuint (line, <, last);
  /* Linked: the disassembly's selected instruction is on that line. */
  g_assert_cmpint (json_object_get_int (jpath (state, "modules.annotate.selected_insn_line")), ==, line);
  g_assert_true (jbool (state, "modules.annotate.selected_insn_linked"));
  g_assert_cmpint (json_object_get_int (jpath (state, "modules.annotate.instructions")), >, 3);
  screenshot (&viewer, "e2e-source");

  /* The arrow keys move in the source, starting at the hottest line. */
  key ("Down");
  wait_state (&viewer, "the next source line", line_is, GUINT_TO_POINTER (line + 1));

  /* Back: closes source and disassembly, then back to the table. */
  key ("alt+Left");
  state = wait_state (&viewer, "the hot symbols again", at_level, "symbols");
  g_assert_null (jpath (state, "modules.annotate"));
  g_assert_cmpstr (jstr (state, "focus"), ==, "symbol-pane");
  key ("alt+Left");
  state = wait_state (&viewer, "the module table again", in_focus, "module-table");
  g_assert_cmpstr (jstr (state, "modules.level"), ==, "table");

  /* Up: the library (above the executable), its symbols follow. */
  key ("Up");
  state = wait_state (&viewer, "the library selected by keyboard", has_module, "libcstesttwomodules.so");
  check_hot_symbol (state, "libcstesttwomodules.so", "tm_lib_hot");

  /* Alt+1 / Alt+2 choose the pages, and the keyboard goes with them. */
  key ("alt+1");
  wait_state (&viewer, "the Overview page by Alt+1", on_page, "overview");
  key ("alt+2");
  state = wait_state (&viewer, "the Modules page by Alt+2", is_page, "modules");
  state = wait_state (&viewer, "the keyboard in the module table after Alt+2", in_focus, "module-table");

  /* Ctrl+Q quits cleanly. */
  key ("ctrl+q");
  while (!viewer.exited)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_subprocess_get_if_exited (viewer.process));
  g_assert_cmpint (g_subprocess_get_exit_status (viewer.process), ==, 0);
  viewer_finish (&viewer);
}

/* The catalogue in the build tree translates @text to @translation. */
static gboolean
catalogue_has (const char *translation)
{
  g_autofree char *mo = cs_test_build_path ("po/de/LC_MESSAGES/" GETTEXT_PACKAGE ".mo");
  g_autofree char *bytes = NULL;
  gsize length = 0;

  if (!g_file_get_contents (mo, &bytes, &length, NULL))
    return FALSE;
  return memmem (bytes, length, translation, strlen (translation)) != NULL;
}

static void
test_german (void)
{
  Viewer viewer;
  json_object *state;
  const char *label;

  viewer_start (&viewer, "de");
  state = wait_state (&viewer, "the recording, loaded (German)", is_loaded, NULL);
  find_window (&viewer);
  screenshot (&viewer, "e2e-german");
  label = jstr (find_named (jpath (state, "pages"), "overview"), "label");
  g_printerr ("# Overview page, LANGUAGE=de: %s\n", label);
  if (catalogue_has ("Übersicht"))
    g_assert_cmpstr (label, ==, "Übersicht");
  else
    g_test_message ("po/de.po does not translate the page names yet: not checked");
  /* The banner speaks German even though the recorder wrote its sentence
   * in English: the short warning is stated from the session's facts. */
  {
    g_autofree char *po = cs_test_source_path ("po/de.po");
    g_autoptr(GHashTable) de = cs_test_po_load (po);
    const char *german = cs_test_po_lookup (de, "No hardware PMU on the recording host: software events only.");

    g_assert_nonnull (german);
    if (catalogue_has (german))
      check_banner (state, german);
    else
      g_test_message ("the built catalogue lacks the no-PMU warning: not checked");
  }
  g_subprocess_send_signal (viewer.process, SIGTERM);
  viewer_finish (&viewer);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  /* UTF-8 in the log (the page names, “—” in titles). */
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  /* argv[3], the viewer, is only there so that meson builds it first. */
  g_assert_cmpint (argc, >=, 4);
  cyclescope = argv[1];
  workload = argv[2];
  xdotool = g_find_program_in_path ("xdotool");
  import = g_find_program_in_path ("import");
  if (g_getenv ("DISPLAY") == NULL || g_getenv ("DISPLAY")[0] == '\0' || xdotool == NULL || import == NULL)
    {
      g_printerr ("needs an X display (DISPLAY), xdotool and ImageMagick's import: skipping\n");
      return CS_TEST_SKIP_EXIT;
    }
  perf = cs_test_find_perf ();
  tmpdir = cs_test_mkdtemp ();
  bundle = g_build_filename (tmpdir, "two.cyclescope", NULL);
  {
    const char *record[] = { cyclescope, "record", "--repeat", "1", "-F", "1000", "-o", bundle,
                             "--", workload, "0.6", NULL };
    g_autofree char *out = run_tool (record);

    g_assert_true (g_file_test (bundle, G_FILE_TEST_IS_DIR));
  }

  g_test_add_func ("/e2e/viewer/drilldown", test_drilldown);
  g_test_add_func ("/e2e/viewer/german", test_german);
  ret = g_test_run ();

  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (bundle);
  g_free (perf);
  g_free (xdotool);
  g_free (import);
  return ret;
}
