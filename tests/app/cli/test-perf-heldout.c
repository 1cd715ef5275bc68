/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-heldout.c — `report --sort dso,sym` names the rows perf report names
 *
 * The acceptance of "names as perf gives them": programs of the kinds
 * whose names used to differ, each recorded with perf at test time (plain,
 * with call chains or compressed); on
 * each file the rows of `perf report --sort dso,sym --stdio` and of
 * `cyclescope report --sort dso,sym` must be the same by (dso, symbol),
 * within 0.1 points, both ways, for the top 15 rows of at least 0.3 %.
 * Unknown code is a row per address in both (perf prints the address).
 *
 *   libc        libc and libm through the PLT (aliases: __random, …)
 *   kernel      system calls (kernel aliases: __x64_sys_getppid, …)
 *   plugin      a plugin loaded with dlopen() calling libm through its PLT
 *   cxx         C++ templates and lambdas
 *   jit         JIT code named by /tmp/perf-PID.map
 *   stripped    a program stripped after the recording; its unstripped
 *               twin is in perf's build-id cache (a temporary $HOME)
 *   clang       a C program built with clang -g
 *
 * Arguments (meson passes them): CYCLESCOPE CS-NAMES-LIBC CS-NAMES-KERNEL
 * CS-NAMES-DLOPEN LIBCSNAMESPLUGIN.SO CS-NAMES-CXX CS-NAMES-JIT
 * [CS-NAMES-CLANG]. Exits 77 without perf.
 */
#include "config.h"

#include "cs-names-test-util.h"

#define TOP 15
#define MIN_PERCENT 0.3

static char *perf;
static char *cyclescope;
static char *tmpdir;
static const char *names_libc;
static const char *names_kernel;
static const char *names_dlopen;
static const char *plugin;
static const char *names_cxx;
static const char *names_jit;
static const char *names_clang;

static const char * const record_args[] = { "-e", "cpu-clock", "-F", "4999", NULL };
/* Some cases with call chains (-g) or a compressed file (-z): the rows
 * are the same, the records that carry them differ. */
static const char * const callchain_args[] = { "-g", "-e", "cpu-clock", "-F", "4999", NULL };
static const char * const compressed_args[] = { "-z", "-e", "cpu-clock", "-F", "4999", NULL };

/* Records @cmd with perf record @args and compares the two reports under
 * @envp (NULL: ours). Returns perf's rows. */
static GPtrArray *
record_and_compare (const char         *name,
                    const char * const *args,
                    const char * const *cmd,
                    const char * const *envp)
{
  g_autofree char *file = g_strdup_printf ("%s/%s.data", tmpdir, name);
  g_autoptr(GPtrArray) ours = NULL;
  GPtrArray *theirs;

  cs_names_record (perf, file, args, cmd, envp);
  theirs = cs_names_perf_rows (perf, file, envp);
  ours = cs_names_our_rows (cyclescope, file, envp);
  cs_names_check (theirs, ours, TOP, MIN_PERCENT, NULL, NULL);
  return theirs;
}

/* perf named at least @n of its top rows in @dso. */
static void
assert_named (GPtrArray  *rows,
              const char *dso,
              guint       n)
{
  guint named = 0;

  for (guint i = 0; i < rows->len && i < TOP; i++)
    {
      const CsNamesRow *r = rows->pdata[i];

      if (g_str_equal (r->dso, dso) && !g_str_has_prefix (r->sym, "0x"))
        named++;
    }
  g_assert_cmpuint (named, >=, n);
}

static void
test_libc (void)
{
  const char *cmd[] = { names_libc, "80", NULL };
  g_autoptr(GPtrArray) rows = record_and_compare ("libc", compressed_args, cmd, NULL);

  assert_named (rows, "libc.so.6", 2);
  assert_named (rows, "libm.so.6", 2);
}

static void
test_kernel (void)
{
  const char *cmd[] = { names_kernel, "80", NULL };
  g_autoptr(GPtrArray) rows = record_and_compare ("kernel", callchain_args, cmd, NULL);

  assert_named (rows, "[kernel.kallsyms]", 5);
}

static void
test_plugin (void)
{
  const char *cmd[] = { names_dlopen, plugin, "150", NULL };
  g_autoptr(GPtrArray) rows = record_and_compare ("plugin", callchain_args, cmd, NULL);
  g_autofree char *base = g_path_get_basename (plugin);

  assert_named (rows, base, 1);
}

static void
test_cxx (void)
{
  const char *cmd[] = { names_cxx, "30", NULL };
  g_autoptr(GPtrArray) rows = record_and_compare ("cxx", record_args, cmd, NULL);

  assert_named (rows, "cs-names-cxx", 4);
}

static void
test_jit (void)
{
  const char *cmd[] = { names_jit, "300000000", NULL };
  g_autoptr(GPtrArray) rows = NULL;
  gboolean named = FALSE;

  rows = record_and_compare ("jit", record_args, cmd, NULL);
  for (guint i = 0; i < rows->len && i < TOP; i++)
    {
      const CsNamesRow *r = rows->pdata[i];

      /* The map stays in /tmp: remove it (its name is in the dso). */
      if (g_str_has_prefix (r->dso, "[JIT] tid "))
        {
          g_autofree char *path = g_strdup_printf ("/tmp/perf-%s.map", r->dso + strlen ("[JIT] tid "));

          named |= g_str_equal (r->sym, "jit_hot_loop");
          g_unlink (path);
        }
    }
  g_assert_true (named);
}

static void
test_stripped (void)
{
  g_autofree char *home = g_build_filename (tmpdir, "stripped-home", NULL);
  g_autofree char *program = g_build_filename (tmpdir, "cs-names-libc", NULL);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "HOME", home, TRUE);
  g_autofree char *file = g_build_filename (tmpdir, "stripped.data", NULL);
  g_autoptr(GPtrArray) theirs = NULL;
  g_autoptr(GPtrArray) ours = NULL;

  g_assert_cmpint (g_mkdir (home, 0700), ==, 0);
  cs_names_record_then_strip (perf, names_libc, program, "80", file, record_args,
                              (const char * const *) env);
  theirs = cs_names_perf_rows (perf, file, (const char * const *) env);
  ours = cs_names_our_rows (cyclescope, file, (const char * const *) env);
  cs_names_check (theirs, ours, TOP, MIN_PERCENT, NULL, NULL);
  /* main is only in the copy perf kept. */
  assert_named (theirs, "cs-names-libc", 1);
}

static void
test_clang (void)
{
  const char *cmd[] = { names_clang, "200", NULL };
  g_autoptr(GPtrArray) rows = NULL;

  if (names_clang == NULL)
    {
      g_test_skip ("clang is not installed");
      return;
    }
  rows = record_and_compare ("clang", record_args, cmd, NULL);
  assert_named (rows, "cs-names-clang", 2);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 8)
    g_error ("usage: test-perf-heldout CYCLESCOPE CS-NAMES-LIBC CS-NAMES-KERNEL CS-NAMES-DLOPEN "
             "PLUGIN.SO CS-NAMES-CXX CS-NAMES-JIT [CS-NAMES-CLANG]");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  names_libc = argv[2];
  names_kernel = argv[3];
  names_dlopen = argv[4];
  plugin = argv[5];
  names_cxx = argv[6];
  names_jit = argv[7];
  names_clang = argc > 8 ? argv[8] : NULL;
  g_test_add_func ("/perf-heldout/libc", test_libc);
  g_test_add_func ("/perf-heldout/kernel", test_kernel);
  g_test_add_func ("/perf-heldout/plugin", test_plugin);
  g_test_add_func ("/perf-heldout/cxx", test_cxx);
  g_test_add_func ("/perf-heldout/jit", test_jit);
  g_test_add_func ("/perf-heldout/stripped", test_stripped);
  g_test_add_func ("/perf-heldout/clang", test_clang);
  /* perf record copies what it records into its build-id cache under
   * $HOME, which perf report and we read: a home of the test's own, so
   * that nothing lands in the user's ~/.debug. */
  home = cs_test_mkdtemp ();
  g_setenv ("HOME", home, TRUE);
  status = cs_test_run_with_tmpdir (&tmpdir);
  cs_test_rmdir (home);
  g_free (perf);
  return status;
}
