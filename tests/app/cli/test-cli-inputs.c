/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-inputs.c — a FIFO or /dev/zero in every place a file is read
 *
 * argv[1]: the cyclescope binary, argv[2]: the cs-test-workload program.
 * A named pipe nobody writes to blocks open(2) and read(2) forever, and
 * /dev/zero never ends: as the file given to report and annotate, as a
 * bundle's session.json, perf.data or saved kernel symbols, as the program a
 * perf.data mmap record names, and as a model file, each must give a clear
 * message naming the file and what it is. Each run has a watchdog (a hang
 * fails the test there); the assertions are on the messages.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs-test-watchdog.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;
static char *program;      /* a copy of the workload that the recordings ran */
static char *recording;    /* a bundle of @program spinning (user-space samples) */

typedef enum { KIND_FIFO, KIND_ZERO } Kind;

static const char *kind_names[] = { "fifo", "zero" };
/* How the messages name each: cs_file_kind(). */
static const char *kind_words[] = { "named pipe (FIFO)", "character device" };

/* Puts a FIFO, or a symbolic link to /dev/zero, at @path. */
static void
make_hostile (const char *path,
              Kind        kind)
{
  g_unlink (path);
  if (kind == KIND_FIFO)
    g_assert_cmpint (mkfifo (path, 0644), ==, 0);
  else
    g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
}

static void
copy_tree (const char *from,
           const char *to)
{
  const char *argv[] = { "/bin/cp", "-r", from, to, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
}

static char *
record (const char *name,
        const char *mode,
        const char *arg)
{
  g_autofree char *bundle = g_build_filename (tmpdir, name, NULL);
  const char *argv[] = { cyclescope, "record", "--no-counting", "-F", "2000", "-o", bundle, "--",
                         program, mode, arg, NULL };
  g_auto(CsTestOutput) r = cs_test_output_watched (argv, NULL);

  g_test_message ("%s", r.err);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  return g_steal_pointer (&bundle);
}

static void
assert_names (const char *text,
              const char *path,
              Kind        kind)
{
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, path));
  g_assert_nonnull (strstr (text, kind_words[kind]));
}

/* The file itself: report and annotate refuse it at once. */
static void
test_file (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *path = g_build_filename (tmpdir, kind_names[kind], NULL);
  g_autofree char *png = g_build_filename (tmpdir, "out.png", NULL);
  const char *runs[][6] = {
    { cyclescope, "report", path, NULL },
    { cyclescope, "annotate", path, "main", NULL },
    { cyclescope, "export", path, "--png", png, NULL },
  };

  make_hostile (path, kind);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_auto(CsTestOutput) r = cs_test_output_watched (runs[i], NULL);

      g_assert_cmpint (cs_test_output_exit_code (&r), !=, 0);
      assert_names (r.err, path, kind);
    }
  g_unlink (path);
}

/* A file of a recorded bundle: session.json is an error, perf.data and the
 * kernel symbols a warning the report prints (the counts still show). */
static void
test_bundle_file (const char *source,
                  const char *file,
                  Kind        kind,
                  gboolean    fatal)
{
  g_autofree char *name = g_strdup_printf ("%s-%s.cyclescope", file, kind_names[kind]);
  g_autofree char *bundle = g_build_filename (tmpdir, name, NULL);
  g_autofree char *path = g_build_filename (bundle, file, NULL);
  const char *argv[] = { cyclescope, "report", bundle, NULL };
  g_auto(CsTestOutput) r = { NULL, };

  copy_tree (source, bundle);
  make_hostile (path, kind);
  r = cs_test_output_watched (argv, NULL);
  if (fatal)
    {
      g_assert_cmpint (cs_test_output_exit_code (&r), !=, 0);
      assert_names (r.err, path, kind);
    }
  else
    {
      g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
      assert_names (r.out, path, kind);
    }
  cs_test_rmdir (bundle);
}

static void
test_session_json (gconstpointer data)
{
  test_bundle_file (recording, "session.json", GPOINTER_TO_INT (data), TRUE);
}

static void
test_perf_data (gconstpointer data)
{
  test_bundle_file (recording, "sampling-0.perf.data", GPOINTER_TO_INT (data), FALSE);
}

/* The saved kernel symbols are read for kernel samples only: page faults
 * give plenty. The collector saves them when kernel samples may come
 * (perf_event_paranoid, root). */
static void
test_kallsyms (gconstpointer data)
{
  static char *with_kernel = NULL;
  g_autofree char *saved = NULL;

  if (with_kernel == NULL)
    with_kernel = record ("kernel.cyclescope", "touch", "50000");
  saved = g_build_filename (with_kernel, "sampling-0.kallsyms", NULL);
  if (!g_file_test (saved, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("the collector saved no kernel symbols here (kernel samples not allowed)");
      return;
    }
  test_bundle_file (with_kernel, "sampling-0.kallsyms", GPOINTER_TO_INT (data), FALSE);
}

/* The program the mmap records name (libdwfl opens it by name) turned into
 * a FIFO or /dev/zero after the recording. */
static void
test_mmap_file (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *saved = g_strconcat (program, ".saved", NULL);
  const char *argv[] = { cyclescope, "report", recording, NULL };
  const char *annotate[] = { cyclescope, "annotate", recording, "workload_burn", NULL };
  g_auto(CsTestOutput) r = { NULL, };
  g_auto(CsTestOutput) a = { NULL, };
  g_auto(GStrv) envp = NULL;

  g_assert_cmpint (g_rename (program, saved), ==, 0);
  make_hostile (program, kind);
  /* A home of its own: perf's build-id cache (~/.debug) may hold a copy. */
  envp = g_environ_setenv (g_get_environ (), "HOME", tmpdir, TRUE);
  r = cs_test_output_watched (argv, (const char * const *) envp);
  a = cs_test_output_watched (annotate, (const char * const *) envp);
  g_unlink (program);
  g_assert_cmpint (g_rename (saved, program), ==, 0);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  assert_names (r.out, program, kind);
  /* Without the file there is no symbol of that name to annotate. */
  g_assert_cmpint (cs_test_output_exit_code (&a), !=, 0);
}

/* A model file: listed as broken, every other model still listed. */
static void
test_model_file (gconstpointer data)
{
  Kind kind = GPOINTER_TO_INT (data);
  g_autofree char *home = g_build_filename (tmpdir, "models-home", kind_names[kind], NULL);
  g_autofree char *dir = g_build_filename (home, "cyclescope", "models", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.json", NULL);
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", home, TRUE);
  const char *argv[] = { cyclescope, "models", NULL };
  g_auto(CsTestOutput) r = { NULL, };

  envp = g_environ_unsetenv (envp, "CYCLESCOPE_MODEL_PATH");
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  make_hostile (path, kind);
  r = cs_test_output_watched (argv, (const char * const *) envp);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  assert_names (r.out, path, kind);
  g_assert_nonnull (strstr (r.out, "intel-core2"));
  g_assert_nonnull (strstr (r.out, "software"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  program = g_build_filename (tmpdir, "prog", NULL);
  copy_tree (workload, program);
  recording = record ("spin.cyclescope", "spin", "0.2");

  for (Kind k = KIND_FIFO; k <= KIND_ZERO; k++)
    {
      g_autofree char *file = g_strdup_printf ("/cli-inputs/%s/file", kind_names[k]);
      g_autofree char *json = g_strdup_printf ("/cli-inputs/%s/session-json", kind_names[k]);
      g_autofree char *perf = g_strdup_printf ("/cli-inputs/%s/perf-data", kind_names[k]);
      g_autofree char *ksyms = g_strdup_printf ("/cli-inputs/%s/kallsyms", kind_names[k]);
      g_autofree char *mmap = g_strdup_printf ("/cli-inputs/%s/mmap-file", kind_names[k]);
      g_autofree char *model = g_strdup_printf ("/cli-inputs/%s/model-file", kind_names[k]);

      g_test_add_data_func (file, GINT_TO_POINTER (k), test_file);
      g_test_add_data_func (json, GINT_TO_POINTER (k), test_session_json);
      g_test_add_data_func (perf, GINT_TO_POINTER (k), test_perf_data);
      g_test_add_data_func (ksyms, GINT_TO_POINTER (k), test_kallsyms);
      g_test_add_data_func (mmap, GINT_TO_POINTER (k), test_mmap_file);
      g_test_add_data_func (model, GINT_TO_POINTER (k), test_model_file);
    }
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  return status;
}
