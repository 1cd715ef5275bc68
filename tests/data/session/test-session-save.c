/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-save.c — a failed save leaves the previous session.json intact
 *
 * Failures are real: a directory the writer may not write to (as root the
 * check runs in a child that drops to "nobody", since root ignores file
 * modes), a file size limit that makes write(2) fail half-way (EFBIG, the
 * same path as a full disk), a bundle path that is a file.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cs-error.h"
#include "cs-session.h"
#include "cs-test-util.h"

#define NOBODY 65534

static CsSession *
make_session (guint n_runs)
{
  CsSession *s = cs_session_new ();
  const char *argv[] = { "/bin/true", NULL };

  cs_session_set_command (s, argv, "/");
  cs_session_set_model_id (s, "software");
  for (guint i = 0; i < n_runs; i++)
    {
      CsRun *run = cs_session_add_run (s);

      cs_run_add_count (run, "task-clock", "task-clock", NULL, 1000 + i, 2000, 2000);
      cs_run_add_count (run, "page-faults", "page-faults", NULL, 10 + i, 2000, 2000);
    }
  return s;
}

/* Saves a first session and returns the bytes it wrote. */
static char *
save_old (const char *bundle)
{
  g_autoptr(CsSession) old = make_session (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_build_filename (bundle, "session.json", NULL);
  char *contents = NULL;

  g_assert_true (cs_session_save (old, bundle, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  return contents;
}

/* cs_session_save() fails with @code, and the message names each of the
 * NULL-terminated strings after @code. */
static void G_GNUC_NULL_TERMINATED
assert_save_fails (CsSession   *s,
                   const char  *bundle,
                   int          code,
                   ...)
{
  g_autoptr(GError) error = NULL;
  const char *needle;
  va_list args;

  g_assert_false (cs_session_save (s, bundle, &error));
  g_assert_error (error, CS_DATA_ERROR, code);
  g_test_message ("%s", error->message);
  va_start (args, code);
  while ((needle = va_arg (args, const char *)) != NULL)
    g_assert_nonnull (strstr (error->message, needle));
  va_end (args);
}

static void
assert_old_intact (const char *bundle,
                   const char *old_contents)
{
  g_autofree char *file = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *tmp = g_build_filename (bundle, "session.json.tmp", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) loaded = NULL;

  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, old_contents);
  g_assert_false (g_file_test (tmp, G_FILE_TEST_IS_REGULAR));
  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cs_session_get_n_runs (loaded), ==, 1);
}

static void
test_creates_and_replaces (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "a", "b", "new.cyclescope", NULL);
  g_autoptr(CsSession) second = make_session (3);
  g_autoptr(CsSession) loaded = NULL;
  g_autoptr(GError) error = NULL;
  G_GNUC_UNUSED g_autofree char *old = save_old (bundle);
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n_files = 0;

  g_assert_true (cs_session_save (second, bundle, &error));
  g_assert_no_error (error);
  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_equal (loaded, second));

  /* Nothing but session.json is left behind. */
  d = g_dir_open (bundle, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_assert_cmpstr (name, ==, "session.json");
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, 1);
  cs_test_rmdir (dir);
}

static void
chown_tree (const char *path)
{
  g_autofree char *cmd = g_strdup_printf ("chown -R %d:%d '%s'", NOBODY, NOBODY, path);

  g_assert_cmpint (system (cmd), ==, 0);
}

static void
test_read_only_dir (void)
{
  const char *env_bundle = g_getenv ("CS_TEST_RO_BUNDLE");

  if (g_test_subprocess ())
    {
      g_autoptr(CsSession) s = make_session (2);

      if (geteuid () == 0)
        g_assert_true (cs_test_drop_to_nobody ());
      /* Sanity: the directory really is read-only for us now. */
      g_assert_cmpint (access (env_bundle, W_OK), ==, -1);
      assert_save_fails (s, env_bundle, CS_DATA_ERROR_IO, env_bundle, "session.json.tmp", NULL);
      return;
    }
  else
    {
      g_autofree char *dir = cs_test_mkdtemp ();
      g_autofree char *bundle = g_build_filename (dir, "ro.cyclescope", NULL);
      g_autofree char *old = save_old (bundle);

      if (geteuid () == 0)
        chown_tree (dir);
      g_assert_cmpint (g_chmod (bundle, 0555), ==, 0);
      g_setenv ("CS_TEST_RO_BUNDLE", bundle, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      g_assert_cmpint (g_chmod (bundle, 0755), ==, 0);
      assert_old_intact (bundle, old);
      cs_test_rmdir (dir);
    }
}

static void
test_write_fails_midway (void)
{
  const char *env_bundle = g_getenv ("CS_TEST_FSIZE_BUNDLE");

  if (g_test_subprocess ())
    {
      g_autoptr(CsSession) s = make_session (50);
      struct rlimit lim = { 256, 256 };

      /* Writes past 256 bytes now fail with EFBIG instead of killing us. */
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lim), ==, 0);
      assert_save_fails (s, env_bundle, CS_DATA_ERROR_IO,
                         "session.json.tmp", g_strerror (EFBIG), "unchanged", NULL);
      return;
    }
  else
    {
      g_autofree char *dir = cs_test_mkdtemp ();
      g_autofree char *bundle = g_build_filename (dir, "full.cyclescope", NULL);
      g_autofree char *old = save_old (bundle);

      g_assert_cmpuint (strlen (old), >, 256);
      g_setenv ("CS_TEST_FSIZE_BUNDLE", bundle, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      assert_old_intact (bundle, old);
      cs_test_rmdir (dir);
    }
}

static void
test_bundle_is_a_file (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "file.cyclescope", NULL);
  g_autoptr(CsSession) s = make_session (1);

  g_assert_true (g_file_set_contents (bundle, "not a directory", -1, NULL));
  assert_save_fails (s, bundle, CS_DATA_ERROR_IO, bundle, NULL);
  g_assert_null (cs_session_get_bundle_path (s));
  cs_test_rmdir (dir);
}

static void
test_tmp_is_a_directory (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "x.cyclescope", NULL);
  g_autofree char *old = save_old (bundle);
  g_autofree char *tmp = g_build_filename (bundle, "session.json.tmp", NULL);
  g_autoptr(CsSession) s = make_session (2);

  g_assert_cmpint (g_mkdir (tmp, 0755), ==, 0);
  assert_save_fails (s, bundle, CS_DATA_ERROR_IO, tmp, NULL);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
  assert_old_intact (bundle, old);
  cs_test_rmdir (dir);
}

static void
test_unstorable_count (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "max.cyclescope", NULL);
  g_autoptr(CsSession) s = make_session (2);

  g_array_index (cs_session_get_run (s, 1)->counts, CsCount, 1).value = G_MAXUINT64;
  assert_save_fails (s, bundle, CS_DATA_ERROR_INVALID, "runs[1].counts[1]", NULL);
  g_assert_false (g_file_test (bundle, G_FILE_TEST_EXISTS));
  cs_test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session-save/creates-and-replaces", test_creates_and_replaces);
  g_test_add_func ("/session-save/read-only-dir", test_read_only_dir);
  g_test_add_func ("/session-save/write-fails-midway", test_write_fails_midway);
  g_test_add_func ("/session-save/bundle-is-a-file", test_bundle_is_a_file);
  g_test_add_func ("/session-save/tmp-is-a-directory", test_tmp_is_a_directory);
  g_test_add_func ("/session-save/unstorable-count", test_unstorable_count);
  return g_test_run ();
}
