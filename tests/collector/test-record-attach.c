/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-attach.c — `cyclescope record -p PID` of running processes
 *
 * argv[1]: the cs-test-attach workload, argv[2]: the cyclescope binary.
 * perf is the oracle: `perf report` reads our perf.data and must name the
 * workload's spinning functions (symbols from the MMAP2 records we
 * synthesized for mappings that existed before the attach, and from the
 * kernel's records for the child forked after it). No timing is asserted:
 * the workload forks its child or starts its second thread only once our
 * perf.data shows the events are on (the records written at attach), and
 * each spinner says when it has used 50 ms of CPU time, after which the
 * recording is stopped with SIGINT, as Ctrl-C would.
 */
#define _GNU_SOURCE
#include "config.h"

#include <stdlib.h>

#include "cs-session.h"
#include "cs-test-attach.h"

/* The samples of each symbol as `perf report -n --sort KEYS` counts them,
 * and the symbol of the first row (perf sorts by overhead). */
static GHashTable *
perf_samples (const char  *perf,
              const char  *data,
              const char  *keys,
              char       **top)
{
  const char *argv[] = { perf, "report", "-i", data, "--stdio", "-n", "--sort", keys, NULL };
  g_autofree char *err = NULL;
  int status = 0;
  g_autofree char *out = cs_test_run (argv, &err, &status);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GHashTable *samples = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (g_spawn_check_wait_status (status, NULL));
  *top = NULL;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) f = g_ptr_array_new ();
      g_auto(GStrv) parts = NULL;
      const char *sym;
      guint count;

      if (lines[i][0] == '#' || strchr (lines[i], '%') == NULL)
        continue;
      /* "    49.93%   210578  cs-test-attach  [.] attach_parent_spin" */
      parts = g_strsplit (lines[i], " ", -1);
      for (guint k = 0; parts[k] != NULL; k++)
        if (*parts[k] != '\0')
          g_ptr_array_add (f, parts[k]);
      g_assert_cmpuint (f->len, >=, 3);
      sym = g_ptr_array_index (f, f->len - 1);
      count = (guint) g_ascii_strtoull (g_ptr_array_index (f, 1), NULL, 10);
      g_hash_table_insert (samples, g_strdup (sym),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (samples, sym)) + count));
      if (*top == NULL)
        *top = g_strdup (sym);
    }
  g_test_message ("perf report --sort %s:\n%s", keys, out);
  return samples;
}

/* The first symbol row of `cyclescope report -s sym`. */
static char *
our_top_symbol (const char *bundle)
{
  const char *argv[] = { cyclescope, "report", "-s", "sym", "-n", "5", bundle, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  g_auto(GStrv) lines = g_strsplit (r.out, "\n", -1);
  gboolean table = FALSE;

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "#  Overhead"))
        table = TRUE;
      else if (table && lines[i][0] != '#' && strstr (lines[i], "] ") != NULL)
        return g_strdup (g_strstrip (strstr (lines[i], "] ") + 2));
    }
  g_assert_not_reached ();
}

/* Attach, make the workload start its second spinner, wait until both
 * spun, stop with SIGINT; then perf must find samples in both functions
 * and our report the same top symbol as perf. */
static void
record_two_spinners (const char *mode,
                     const char *first_name,
                     const char *first_func,
                     const char *second_name,
                     const char *second_func)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *dir = NULL, *bundle = NULL, *data = NULL, *err_path = NULL, *pid = NULL;
  g_autofree char *perf_top = NULL, *ours = NULL;
  g_autoptr(GHashTable) samples = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  Workload w;
  pid_t recorder;

  if (perf == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  dir = cs_test_mkdtemp ();
  bundle = g_build_filename (dir, "rec.cyclescope", NULL);
  data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  err_path = g_build_filename (dir, "stderr", NULL);
  workload_start (&w, mode);
  pid = g_strdup_printf ("%d", (int) w.pid);
  {
    const char *args[] = { "-p", pid, "-F", "1000", "-o", bundle, NULL };
    recorder = record_start (args, err_path);
  }
  wait_for_attach (data, "cs-test-attach", recorder);
  g_assert_cmpint (write (w.in, "go\n", 3), ==, 3);
  workload_wait_spun (&w, first_name, second_name);
  kill (recorder, SIGINT);
  {
    int code = record_wait (recorder);
    g_autofree char *err = NULL;

    g_file_get_contents (err_path, &err, NULL, NULL);
    g_test_message ("record: %s", err);
    g_assert_cmpint (code, ==, 0);
  }
  workload_stop (&w);

  session = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_get_complete (session));
  g_assert_cmpuint (cs_session_get_n_sampling_runs (session), ==, 1);
  g_assert_cmpuint (cs_session_get_n_runs (session), ==, 1);

  samples = perf_samples (perf, data, "comm,sym", &perf_top);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (samples, first_func)), >, 0);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (samples, second_func)), >, 0);
  g_clear_pointer (&samples, g_hash_table_unref);
  g_clear_pointer (&perf_top, g_free);

  /* Ties aside, both readers put the same symbol first. */
  samples = perf_samples (perf, data, "sym", &perf_top);
  ours = our_top_symbol (bundle);
  g_test_message ("top symbol: perf %s, ours %s", perf_top, ours);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (samples, ours)), ==,
                    GPOINTER_TO_UINT (g_hash_table_lookup (samples, perf_top)));
  cs_test_rmdir (dir);
}

static void
test_samples (void)
{
  record_two_spinners ("fork", "parent", "attach_parent_spin", "child", "attach_child_spin");
}

static void
test_threads (void)
{
  record_two_spinners ("threads", "before", "attach_thread_before", "after", "attach_thread_after");
}

/* How perf script prints the MMAP2 of @pid's executable mapping of the
 * workload, from /proc/PID/maps: "PERF_RECORD_MMAP2 PID/PID: [0xSTART(0xLEN)
 * @ 0xPGOFF MAJ:MIN INODE 0]: r-xp PATH". */
static char *
exec_mapping (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/maps", (int) pid);
  g_autofree char *maps = NULL;
  g_autofree char *real = realpath (workload, NULL);
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &maps, NULL, NULL));
  lines = g_strsplit (maps, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      unsigned long long start, end, off, inode;
      unsigned int maj, min;
      char perms[5], file[4096];

      if (sscanf (lines[i], "%llx-%llx %4s %llx %x:%x %llu %4095s",
                  &start, &end, perms, &off, &maj, &min, &inode, file) == 8 &&
          strcmp (perms, "r-xp") == 0 && strcmp (file, real) == 0)
        return g_strdup_printf ("PERF_RECORD_MMAP2 %d/%d: [%#llx(%#llx) @ %#llx %02x:%02x %llu 0]: "
                                "r-xp %s\n", (int) pid, (int) pid, start, end - start, off,
                                maj, min, inode, real);
    }
  g_assert_not_reached ();
}

/* --duration ends the recording by itself; the session and --dry-run say
 * what was attached, perf reads the file, the program runs on. */
static void
test_duration (void)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "rec.cyclescope", NULL);
  g_autofree char *data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autofree char *err_path = g_build_filename (dir, "stderr", NULL);
  g_autofree char *pid = NULL, *attached = NULL, *mmap2 = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *notes;
  gboolean noted = FALSE;
  Workload w;

  workload_start (&w, "fork");
  pid = g_strdup_printf ("%d", (int) w.pid);
  mmap2 = exec_mapping (w.pid);
  attached = g_strdup_printf ("Attached to pid %s (%s fork) for 0.5 s", pid, workload);
  {
    const char *argv[] = { cyclescope, "record", "--dry-run", "-p", pid, "--duration", "0.5",
                           "-o", bundle, NULL };
    g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

    g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
    g_assert_nonnull (strstr (r.out, attached));
    g_assert_nonnull (strstr (r.out, "Runs: 1\n"));
  }
  {
    const char *args[] = { "-p", pid, "--duration", "0.5", "-o", bundle, NULL };
    g_assert_cmpint (record_wait (record_start (args, err_path)), ==, 0);
  }
  workload_stop (&w);

  session = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_get_complete (session));
  g_assert_cmpstr (cs_session_get_argv (session)[0], ==, workload);
  g_assert_cmpstr (cs_session_get_argv (session)[1], ==, "fork");
  notes = cs_session_get_notes (session);
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    noted |= strcmp (notes[i], attached) == 0;
  g_assert_true (noted);
  /* The rusage comes from /proc (test-record-attach-usage.c checks it). */
  g_assert_true (cs_session_get_sampling_run (session, 0)->rusage.present);
  g_assert_true (cs_session_get_run (session, 0)->rusage.present);
  if (perf != NULL)
    {
      const char *report[] = { perf, "report", "-i", data, "--stdio", NULL };
      const char *script[] = { perf, "script", "-i", data, "--show-task-events",
                               "--show-mmap-events", NULL };
      const char *buildids[] = { perf, "buildid-list", "-i", data, NULL };
      g_auto(CsTestOutput) r = cs_test_output (report, NULL);
      g_auto(CsTestOutput) s = cs_test_output (script, NULL);
      g_auto(CsTestOutput) b = cs_test_output (buildids, NULL);
      g_autofree char *comm = g_strdup_printf ("PERF_RECORD_COMM: cs-test-attach:%s/%s\n", pid, pid);
      g_autofree char *real = realpath (workload, NULL);

      g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
      g_assert_cmpint (cs_test_output_exit_code (&s), ==, 0);
      g_assert_cmpint (cs_test_output_exit_code (&b), ==, 0);
      /* What existed before the attach, as the kernel shows it in
       * /proc/PID/maps, perf reads from our synthesized records. */
      g_test_message ("expecting %s and %s", comm, mmap2);
      g_assert_nonnull (strstr (s.out, comm));
      g_assert_nonnull (strstr (s.out, mmap2));
      g_assert_nonnull (strstr (b.out, real));
    }
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  workload = argv[1];
  cyclescope = argv[2];
  g_test_add_func ("/record-attach/duration", test_duration);
  g_test_add_func ("/record-attach/samples", test_samples);
  g_test_add_func ("/record-attach/threads", test_threads);
  return g_test_run ();
}
