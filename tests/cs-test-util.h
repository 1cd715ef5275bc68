/* cs-test-util.h — small helpers shared by the test programs (header only) */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

/* Path of the perf tool, or NULL when it is not installed. Debian's
 * /usr/bin/perf is a wrapper that fails when no matching perf_VERSION exists,
 * so the tool is also tried with `perf --version`. */
static inline char *
cs_test_find_perf (void)
{
  g_autofree char *path = g_find_program_in_path ("perf");
  g_autofree char *out = NULL;
  int status = 0;
  const char *argv[] = { NULL, "--version", NULL };

  if (path == NULL)
    return NULL;
  argv[0] = path;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, NULL) || !g_spawn_check_wait_status (status, NULL))
    return NULL;
  return g_steal_pointer (&path);
}

/* A fresh temporary directory, removed by cs_test_rmdir(). */
static inline char *
cs_test_mkdtemp (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("cyclescope-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static inline void
cs_test_rmdir (const char *path)
{
  g_autofree char *cmd = NULL;

  if (path == NULL || !g_str_has_prefix (path, g_get_tmp_dir ()))
    return;
  cmd = g_strdup_printf ("rm -rf '%s'", path);
  (void) system (cmd);
}

/* Runs argv, returns stdout; asserts it started. @status receives the wait status. */
static inline char *
cs_test_run (const char * const *argv,
             char              **err_out,
             int                *status)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &out, err_out, status, &error);
  g_assert_no_error (error);
  return out;
}

/* The build-tree location of a built file, e.g. "app/cyclescope". */
static inline char *
cs_test_build_path (const char *relative)
{
  const char *root = g_getenv ("CYCLESCOPE_BUILD_ROOT");

  g_assert_nonnull (root);
  return g_build_filename (root, relative, NULL);
}

static inline char *
cs_test_source_path (const char *relative)
{
  const char *root = g_getenv ("CYCLESCOPE_SOURCE_ROOT");

  g_assert_nonnull (root);
  return g_build_filename (root, relative, NULL);
}

/* Exit code meson treats as "skipped". */
#define CS_TEST_SKIP_EXIT 77
