/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-kernel-symbols-perf.c — kernel symbols of perf's recordings from
 * perf's build-id cache
 *
 * `perf record` (under a temporary HOME) copies /proc/kallsyms to
 * ~/.debug/[kernel.kallsyms]/BUILD-ID/kallsyms for the kernel build-id it
 * writes into the file. With the symbolizer's /proc path pointed at an
 * empty file, the kernel samples must resolve from that copy (counted
 * against the test's oracle, cs-test-kallsyms.h; the build-id as
 * `perf buildid-list` prints it), also from perf's older layout, and a
 * recording dated before this boot without such a copy gets the warning.
 *
 * argv[1]: cs-test-workload. Exits 77 without perf or kernel addresses.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <utime.h>

#include "cs-profile.h"
#include "cs-symbolizer.h"
#include "cs-test-kallsyms.h"
#include "cs-test-util.h"

static const char *workload;
static char *perf;
static char *tmpdir;
static char *home;         /* the HOME perf recorded under */
static char *perf_data;
static char *build_id;     /* of the recording's kernel, from perf buildid-list */
static CsTestKallsyms *oracle;

static char **
perf_environ (void)
{
  char **envp = g_environ_setenv (g_get_environ (), "HOME", home, TRUE);

  return g_environ_unsetenv (envp, "PERF_BUILDID_DIR");
}

static void
record (void)
{
  g_auto(GStrv) envp = perf_environ ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  int status = 0;
  const char *argv[] = { perf, "record", "-q", "-e", "cpu-clock", "-F", "4000", "-o", perf_data,
                         "--", workload, "touch", "60000", NULL };
  const char *list[] = { perf, "buildid-list", "-i", perf_data, NULL };

  g_free (cs_test_run_env (argv, (const char * const *) envp, &err, &status));
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("perf record failed: %s", err);
  g_clear_pointer (&err, g_free);
  out = cs_test_run_env (list, (const char * const *) envp, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_suffix (lines[i], " [kernel.kallsyms]"))
      build_id = g_strndup (lines[i], strchr (lines[i], ' ') - lines[i]);
  g_assert_nonnull (build_id);
}

static gboolean
cache_has_table (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "cache", "cyclescope", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "kallsyms-"))
      return TRUE;
  return FALSE;
}

static void
test_build_id_cache (void)
{
  g_autofree char *debug = g_build_filename (home, ".debug", NULL);
  g_autofree char *copy = g_build_filename (debug, "[kernel.kallsyms]", build_id, "kallsyms", NULL);
  g_autofree char *source_path = NULL;
  g_autofree char *saved_home = g_strdup (g_getenv ("HOME"));
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) by_home = cs_symbolizer_new ();
  g_autoptr(CsProfile) profile = NULL;
  g_autoptr(CsProfile) profile2 = NULL;
  CsTestKernelSamples ks;
  guint64 resolved;

  /* perf left its copy where the recording's build-id says. */
  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));

  cs_test_kernel_samples_count (&ks, oracle, perf_data);
  g_test_message ("%" G_GUINT64_FORMAT " kernel samples, %" G_GUINT64_FORMAT " outside every symbol",
                  ks.n_kernel, ks.n_unknown);
  g_assert_cmpuint (ks.n_kernel - ks.n_unknown, >, 0);

  g_assert_false (cache_has_table ());
  cs_symbolizer_set_build_id_cache (sym, debug);
  profile = cs_test_load_without_running_kallsyms (perf_data, sym, tmpdir);
  resolved = cs_test_check_kernel_rows (profile, &ks);
  g_assert_cmpuint (resolved, ==, ks.n_kernel - ks.n_unknown);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (sym, &source_path), ==,
                   CS_KERNEL_SYMBOLS_BUILD_ID_CACHE);
  g_assert_cmpstr (source_path, ==, copy);
  /* Parsed once, then kept in our cache for the next import. */
  g_assert_true (cache_has_table ());

  /* By default: $HOME/.debug, as perf itself looks. */
  g_setenv ("HOME", home, TRUE);
  profile2 = cs_test_load_without_running_kallsyms (perf_data, by_home, tmpdir);
  g_setenv ("HOME", saved_home, TRUE);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (by_home, NULL), ==,
                   CS_KERNEL_SYMBOLS_BUILD_ID_CACHE);
  cs_test_check_kernel_rows (profile2, &ks);
  cs_test_kernel_samples_clear (&ks);
}

/* perf before 4.4 kept the copy as the file [kernel.kallsyms]/BUILD-ID. */
static void
test_old_layout (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "old-debug", "[kernel.kallsyms]", NULL);
  g_autofree char *file = g_build_filename (dir, build_id, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsProfile) profile = NULL;
  CsTestKernelSamples ks;
  gsize len = 0;

  g_assert_true (g_file_get_contents ("/proc/kallsyms", &contents, &len, NULL));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (file, contents, len, NULL));
  cs_symbolizer_set_build_id_cache (sym, dir);  /* not its parent: nothing there */
  g_clear_object (&profile);
  profile = cs_test_load_without_running_kallsyms (perf_data, sym, tmpdir);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (sym, NULL), ==, CS_KERNEL_SYMBOLS_NONE);

  {
    g_autoptr(CsSymbolizer) sym2 = cs_symbolizer_new ();
    g_autofree char *parent = g_path_get_dirname (dir);
    g_autoptr(CsProfile) profile2 = NULL;

    cs_symbolizer_set_build_id_cache (sym2, parent);
    profile2 = cs_test_load_without_running_kallsyms (perf_data, sym2, tmpdir);
    g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (sym2, NULL), ==,
                     CS_KERNEL_SYMBOLS_BUILD_ID_CACHE);
    cs_test_kernel_samples_count (&ks, oracle, perf_data);
    cs_test_check_kernel_rows (profile2, &ks);
    cs_test_kernel_samples_clear (&ks);
  }
}

/* Dated before this boot: without perf's copy the running kernel's table
 * is used, with the warning; with the copy (this boot's: nothing to shift),
 * no warning. */
static void
test_other_boot (void)
{
  g_autofree char *old = g_build_filename (tmpdir, "old.data", NULL);
  g_autofree char *nowhere = g_build_filename (tmpdir, "no-debug", NULL);
  g_autofree char *debug = g_build_filename (home, ".debug", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(CsSymbolizer) running = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) copied = cs_symbolizer_new ();
  g_autoptr(CsProfile) p1 = NULL;
  g_autoptr(CsProfile) p2 = NULL;
  g_autoptr(GError) error = NULL;
  struct utimbuf long_ago = { 946684800, 946684800 };  /* 2000-01-01 */
  gsize len = 0;

  g_assert_true (g_file_get_contents (perf_data, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (old, contents, len, NULL));
  g_assert_cmpint (utime (old, &long_ago), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (nowhere, 0755), ==, 0);

  cs_symbolizer_set_build_id_cache (running, nowhere);
  p1 = cs_profile_load (old, running, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (running, NULL), ==, CS_KERNEL_SYMBOLS_RUNNING);
  g_assert_true (cs_test_warned_other_boot (running));

  cs_symbolizer_set_build_id_cache (copied, debug);
  p2 = cs_profile_load (old, copied, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cs_symbolizer_get_kernel_symbols_source (copied, NULL), ==,
                   CS_KERNEL_SYMBOLS_BUILD_ID_CACHE);
  g_assert_false (cs_test_warned_other_boot (copied));
}

int
main (int    argc,
      char **argv)
{
  int ret;

  tmpdir = cs_test_kallsyms_tmpdir ();
  g_unsetenv ("PERF_BUILDID_DIR");
  g_test_init (&argc, &argv, NULL);
  workload = argc > 1 ? argv[1] : NULL;
  g_assert_nonnull (workload);

  if ((perf = cs_test_find_perf ()) == NULL)
    {
      g_printerr ("perf is not installed: skipped\n");
      cs_test_rmdir (tmpdir);
      return 77;
    }
  if ((oracle = cs_test_kallsyms_read ("/proc/kallsyms")) == NULL)
    {
      g_printerr ("/proc/kallsyms hides kernel addresses here: skipped\n");
      cs_test_rmdir (tmpdir);
      return 77;
    }
  home = g_build_filename (tmpdir, "home", NULL);
  g_assert_cmpint (g_mkdir_with_parents (home, 0700), ==, 0);
  perf_data = g_build_filename (tmpdir, "touch.data", NULL);
  record ();

  g_test_add_func ("/kernel-symbols-perf/build-id-cache", test_build_id_cache);
  g_test_add_func ("/kernel-symbols-perf/old-layout", test_old_layout);
  g_test_add_func ("/kernel-symbols-perf/other-boot", test_other_boot);
  ret = g_test_run ();

  cs_test_kallsyms_free (oracle);
  cs_test_rmdir (tmpdir);
  return ret;
}
