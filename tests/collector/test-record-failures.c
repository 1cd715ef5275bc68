/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record-failures.c — recordings that fail or are stopped lose nothing
 *
 * argv[1]: the cs-test-workload program, argv[2]: the cyclescope binary.
 * The program crashing, a missing program, an unknown event, SIGINT,
 * SIGHUP and SIGKILL to `cyclescope record`, the viewer's Cancel and a full
 * disk: each leaves either nothing (errors before the program runs) or a
 * bundle that loads, and never a process of the recorded program.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-reader.h"
#include "cs-test-record.h"

static void
test_segfault_recorded (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "segv.cyclescope", NULL);
  const char *argv[] = { workload, "segv", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(CsSession) loaded = NULL;
  CsRun *run;

  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  /* Every planned run happened: the program failing is a result, not an error. */
  g_assert_true (cs_session_get_complete (loaded));
  run = cs_session_get_run (loaded, 0);
  g_assert_cmpint (run->status, ==, CS_RUN_FAILED);
  g_assert_cmpint (run->term_signal, ==, SIGSEGV);
  g_assert_cmpuint (find_count (run, "page_faults")->value, >, 0);
  g_assert_cmpuint (cs_session_get_n_sampling_runs (loaded), ==, 1);
  g_assert_cmpint (cs_session_get_sampling_run (loaded, 0)->term_signal, ==, SIGSEGV);
  cs_test_rmdir (dir);
}

static void
test_missing_program (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "x.cyclescope", NULL);
  const char *argv[] = { "cyclescope-no-such-program", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = cs_recorder_new (options, &error);

  g_assert_null (recorder);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
  g_assert_nonnull (strstr (error->message, "cyclescope-no-such-program"));
  g_assert_false (g_file_test (bundle, G_FILE_TEST_EXISTS));
  cs_test_assert_no_children ();
  cs_test_rmdir (dir);
}

/* A typo in -e fails before the program starts (the marker it would
 * create never appears), naming the event and the close valid names. */
static void
test_unknown_event (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "x.cyclescope", NULL);
  g_autofree char *marker = g_build_filename (dir, "ran", NULL);
  const char *argv[] = { workload, "marker", marker, NULL };
  const char *events[] = { "task-clokc", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  const char *cli[] = { cyclescope, "record", "-e", "task-clokc", "-o", bundle, "--",
                        workload, "marker", marker, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *lower = NULL;
  int status = 0;

  options->events = g_strdupv ((char **) events);
  recorder = cs_recorder_new (options, &error);
  g_assert_null (recorder);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
  g_assert_nonnull (strstr (error->message, "task-clokc"));
  /* One transposition away from a real software event (any letter case). */
  lower = g_ascii_strdown (error->message, -1);
  g_assert_nonnull (strstr (lower, "task-clock"));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  cs_test_assert_no_children ();

  out = cs_test_run (cli, &err, &status);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "task-clokc"));
  g_free (lower);
  lower = g_ascii_strdown (err, -1);
  g_assert_nonnull (strstr (lower, "task-clock"));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (bundle, G_FILE_TEST_EXISTS));
  cs_test_rmdir (dir);
}

/* Starts `cyclescope record …` without its output, not reaped. */
static GPid
spawn_quietly (const char * const *cli)
{
  g_autoptr(GError) error = NULL;
  GPid pid;

  g_assert_true (g_spawn_async (NULL, (char **) cli, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  return pid;
}

/* Ctrl-C during a run: the collector kills the program, saves the partial
 * session marked incomplete and exits non-zero. */
static void
test_sigint_saves_partial (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "sleep.cyclescope", NULL);
  g_autofree char *marker = g_build_filename (dir, "running", NULL);
  const char *cli[] = { cyclescope, "record", "--repeat", "1", "-o", bundle, "--",
                        workload, "sleep", "60", marker, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) loaded = NULL;
  GPid pid;
  int status = 0;
  CsRun *run;

  pid = spawn_quietly (cli);
  g_assert_true (cs_test_wait_for_file (marker));
  g_assert_cmpint (kill (pid, SIGINT), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 128 + SIGINT);

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_false (cs_session_get_complete (loaded));
  g_assert_cmpuint (cs_session_get_n_runs (loaded), >=, 1);
  run = cs_session_get_run (loaded, 0);
  g_assert_cmpint (run->status, ==, CS_RUN_INTERRUPTED);
  /* What was counted before the interrupt is kept. */
  g_assert_nonnull (find_count (run, "page_faults"));
  g_assert_cmpuint (find_count (run, "page_faults")->value, >, 0);
  for (guint i = 1; i < cs_session_get_n_runs (loaded); i++)
    g_assert_cmpint (cs_session_get_run (loaded, i)->status, ==, CS_RUN_NOT_RUN);
  cs_test_rmdir (dir);
}

typedef struct
{
  GMainLoop    *loop;
  CsSession    *session;
  GError       *error;
} AsyncResult;

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AsyncResult *r = user_data;

  r->session = cs_recorder_run_finish (CS_RECORDER (source), result, &r->error);
  g_main_loop_quit (r->loop);
}

static gboolean
cancel_when_running (gpointer data)
{
  GCancellable *cancellable = data;
  const char *marker = g_object_get_data (G_OBJECT (cancellable), "marker");

  if (!g_file_test (marker, G_FILE_TEST_EXISTS))
    return G_SOURCE_CONTINUE;
  g_cancellable_cancel (cancellable);
  return G_SOURCE_REMOVE;
}

/* The viewer's path: a worker thread, progress on the main thread, Cancel. */
static void
test_async_cancel (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "sleep.cyclescope", NULL);
  g_autofree char *marker = g_build_filename (dir, "running", NULL);
  const char *argv[] = { workload, "sleep", "60", marker, NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(CsSession) loaded = NULL;
  AsyncResult r = { g_main_loop_new (NULL, FALSE), NULL, NULL };
  ProgressLog log = { 0, };

  log.thread = g_thread_self ();
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  g_object_set_data_full (G_OBJECT (cancellable), "marker", g_strdup (marker), g_free);
  g_timeout_add (10, cancel_when_running, cancellable);
  cs_recorder_run_async (recorder, log_progress, &log, NULL, cancellable, async_done, &r);
  g_main_loop_run (r.loop);

  g_assert_null (r.session);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
  g_assert_false (log.wrong_thread);
  g_assert_cmpuint (log.started, >=, 1);

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_false (cs_session_get_complete (loaded));
  g_assert_cmpint (cs_session_get_run (loaded, 0)->status, ==, CS_RUN_INTERRUPTED);
  g_main_loop_unref (r.loop);
  cs_test_rmdir (dir);
}

/* Disk full: an error, and no half-written session.json or perf.data. A
 * small tmpfs is the full disk; without the right to mount one (not root)
 * the case is skipped. */
static void
test_disk_full (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *mnt = g_build_filename (dir, "full", NULL);
  g_autofree char *filler = g_build_filename (mnt, "filler", NULL);
  g_autofree char *bundle = g_build_filename (mnt, "x.cyclescope", NULL);
  g_autofree char *json = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *json_tmp = g_build_filename (bundle, "session.json.tmp", NULL);
  g_autofree char *perf = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  const char *argv[] = { workload, "spin", "0.3", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autofree char *fill = g_malloc0 (60 * 1024);

  g_assert_cmpint (g_mkdir (mnt, 0755), ==, 0);
  if (mount ("tmpfs", mnt, "tmpfs", 0, "size=64k") != 0)
    {
      g_test_skip ("cannot mount a small tmpfs (needs root)");
      cs_test_rmdir (dir);
      return;
    }
  /* Leave less room than the recording needs. */
  g_assert_true (g_file_set_contents (filler, fill, 60 * 1024 - 2048, NULL) ||
                 g_file_set_contents (filler, fill, 48 * 1024, NULL));

  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_test_message ("disk full: %s", error != NULL ? error->message : "(no error)");
  g_assert_null (session);
  g_assert_nonnull (error);
  g_assert_false (g_file_test (json_tmp, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (perf, G_FILE_TEST_EXISTS));
  if (g_file_test (json, G_FILE_TEST_EXISTS))
    {
      /* Saved before the disk filled up: then it must load, and say incomplete. */
      g_autoptr(CsSession) loaded = cs_session_load (bundle, NULL);
      g_assert_nonnull (loaded);
      g_assert_false (cs_session_get_complete (loaded));
    }
  g_assert_cmpint (umount (mnt), ==, 0);
  cs_test_rmdir (dir);
}

/* ---- the recorder stopped from outside ---------------------------------- */

/* The pids the workload's "family" mode wrote, once it has written them. */
static GArray *
read_family (const char *pidfile)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (pid_t));

  g_assert_true (cs_test_wait_for_file (pidfile));
  g_assert_true (g_file_get_contents (pidfile, &text, NULL, NULL));
  lines = g_strsplit (g_strstrip (text), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      pid_t pid = (pid_t) g_ascii_strtoll (lines[i], NULL, 10);

      g_assert_cmpint (pid, >, 1);
      g_array_append_val (pids, pid);
    }
  return pids;
}

/* Gone, or a zombie nobody has reaped yet (it runs no more). */
static gboolean
process_gone (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  const char *paren;

  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return TRUE;
  paren = strrchr (stat, ')');
  return paren != NULL && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X');
}

/* Every process of the family ends (SIGKILL travels through the kernel,
 * the guardian and init at their pace: waited for, up to 30 s). */
static void
assert_family_gone (GArray *pids)
{
  for (guint i = 0; i < pids->len; i++)
    {
      pid_t pid = g_array_index (pids, pid_t, i);
      guint tries = 0;

      while (!process_gone (pid) && tries++ < 3000)
        g_usleep (10 * 1000);
      if (!process_gone (pid))
        {
          kill (pid, SIGKILL);
          g_error ("process %d of the recorded program is still running", (int) pid);
        }
    }
}

/* Waits until @path holds more than @size bytes (the collector flushes its
 * samples every second). */
static void
wait_for_size (const char *path,
               goffset     size)
{
  for (guint i = 0; i < 3000; i++)
    {
      GStatBuf st;

      if (g_stat (path, &st) == 0 && st.st_size > size)
        return;
      g_usleep (10 * 1000);
    }
  g_error ("%s never grew beyond %" G_GOFFSET_FORMAT " bytes", path, size);
}

/* The samples of a perf.data, read to its end; its warnings in @warnings. */
static guint64
count_samples (const char  *path,
               char       **warnings)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (path, &error);
  const CsPerfRecord *r;
  guint64 n = 0;

  g_assert_no_error (error);
  while (cs_perf_reader_next (reader, &r, &error))
    if (r->type == CS_PERF_RECORD_SAMPLE)
      n++;
  g_assert_no_error (error);
  *warnings = g_strjoinv ("\n", (char **) cs_perf_reader_get_warnings (reader));
  return n;
}

/* perf script's sample count for the same records: the oracle. perf 6.1
 * reads nothing of a file whose header gives the data no size, so it reads
 * a copy that gives the size up to the end of the file. */
static guint64
perf_count_samples (const char *perf,
                    const char *path)
{
  g_autofree char *copy = g_strconcat (path, ".sized", NULL);
  g_autofree guint8 *data = NULL;
  const char *argv[] = { perf, "script", "-F", "ip", "-i", copy, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  int status = 0;
  guint64 n = 0;
  guint64 offset, size;
  gsize len;

  g_assert_true (g_file_get_contents (path, (char **) &data, &len, NULL));
  memcpy (&offset, data + 40, 8);
  size = len - offset;
  memcpy (data + 48, &size, 8);
  g_assert_true (g_file_set_contents (copy, (const char *) data, len, NULL));
  out = cs_test_run (argv, &err, &status);
  g_test_message ("perf script: %s", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0')
      n++;
  return n;
}

/* `cyclescope record --no-counting` of a family whose parent burns CPU,
 * stopped with @signo once samples have reached the file. */
static void
record_and_signal (int          signo,
                   const char  *bundle,
                   const char  *pidfile,
                   gboolean     escape,
                   GArray     **family_pids,
                   int         *status)
{
  g_autofree char *perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  const char *cli[] = { cyclescope, "record", "--no-counting", "-o", bundle, "--",
                        workload, "family", "2", "60", pidfile, escape ? "escape" : NULL, NULL };
  GPid pid;

  pid = spawn_quietly (cli);
  *family_pids = read_family (pidfile);
  /* Past the header and the first records: samples are on disk. */
  wait_for_size (perf_data, 8192);
  g_assert_cmpint (kill (pid, signo), ==, 0);
  g_assert_cmpint (waitpid (pid, status, 0), ==, pid);
}

/* SIGHUP (the terminal closed) saves the partial session like SIGINT, and
 * the program's children — also one that left its process group — end. */
static void
test_sighup (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "family.cyclescope", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autofree char *perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autofree char *warnings = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) loaded = NULL;
  CsSamplingRun *srun;
  int status = 0;

  record_and_signal (SIGHUP, bundle, pidfile, TRUE, &pids, &status);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 128 + SIGHUP);
  assert_family_gone (pids);

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_false (cs_session_get_complete (loaded));
  g_assert_cmpuint (cs_session_get_n_sampling_runs (loaded), ==, 1);
  srun = cs_session_get_sampling_run (loaded, 0);
  g_assert_cmpint (srun->status, ==, CS_RUN_INTERRUPTED);
  /* Finished by the collector: every sample it counted is in the file. */
  g_assert_cmpuint (srun->n_samples, >, 0);
  g_assert_cmpuint (count_samples (perf_data, &warnings), ==, srun->n_samples);
  g_assert_cmpstr (warnings, ==, "");
  cs_test_rmdir (dir);
}

/* SIGKILL: nobody cleans up. The bundle still loads (session.json was
 * saved before the run, the perf.data is written in place and flushed),
 * its samples are read to the end of the file with a warning — as many as
 * perf script finds — and the guardian ends the program's family. */
static void
test_sigkill (void)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "family.cyclescope", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autofree char *perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autofree char *warnings = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) loaded = NULL;
  CsSamplingRun *srun;
  guint64 n_samples;
  int status = 0;

  record_and_signal (SIGKILL, bundle, pidfile, FALSE, &pids, &status);
  g_assert_true (WIFSIGNALED (status));
  assert_family_gone (pids);

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_false (cs_session_get_complete (loaded));
  g_assert_cmpuint (cs_session_get_n_sampling_runs (loaded), ==, 1);
  srun = cs_session_get_sampling_run (loaded, 0);
  g_assert_cmpint (srun->status, ==, CS_RUN_INTERRUPTED);
  g_assert_cmpstr (srun->perf_data, ==, "sampling-0.perf.data");
  g_assert_cmpuint (g_strv_length ((char **) cs_session_get_warnings (loaded)), >=, 1);

  n_samples = count_samples (perf_data, &warnings);
  g_test_message ("%" G_GUINT64_FORMAT " samples; %s", n_samples, warnings);
  g_assert_cmpuint (n_samples, >, 0);
  g_assert_nonnull (strstr (warnings, "no size"));
  if (perf != NULL)
    g_assert_cmpuint (perf_count_samples (perf, perf_data), ==, n_samples);
  else
    g_test_message ("perf is not installed: the sample count is not compared");
  cs_test_rmdir (dir);
}

/* SIGINT during a counting run: the program's children end with it. */
static void
test_sigint_family (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "family.cyclescope", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  const char *cli[] = { cyclescope, "record", "--no-sampling", "--repeat", "1", "-o", bundle, "--",
                        workload, "family", "2", "60", pidfile, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(CsSession) loaded = NULL;
  GPid pid;
  int status = 0;

  pid = spawn_quietly (cli);
  pids = read_family (pidfile);
  g_assert_cmpint (kill (pid, SIGINT), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 128 + SIGINT);
  assert_family_gone (pids);
  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cs_session_get_run (loaded, 0)->status, ==, CS_RUN_INTERRUPTED);
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cs_test_record_init (argc, argv);

  g_test_add_func ("/record/segfault", test_segfault_recorded);
  g_test_add_func ("/record/missing-program", test_missing_program);
  g_test_add_func ("/record/unknown-event", test_unknown_event);
  g_test_add_func ("/record/sigint", test_sigint_saves_partial);
  g_test_add_func ("/record/sigint-family", test_sigint_family);
  g_test_add_func ("/record/sighup", test_sighup);
  g_test_add_func ("/record/sigkill", test_sigkill);
  g_test_add_func ("/record/async-cancel", test_async_cancel);
  g_test_add_func ("/record/disk-full", test_disk_full);

  return g_test_run ();
}
