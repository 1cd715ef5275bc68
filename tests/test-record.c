/* test-record.c — whole recordings on the real kernel (software model here)
 *
 * argv[1]: the cs-test-workload program, argv[2]: the cyclescope binary
 * (both passed by tests/meson.build). Expected values come from the kernel's
 * own accounting (rusage), the workload's definition and the files on disk.
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-pfm.h"
#include "cs-record.h"
#include "cs-session.h"
#include "cs-test-util.h"

static const char *workload;
static const char *cyclescope;

static const CsCount *
find_count (const CsRun *run,
            const char  *name)
{
  for (guint i = 0; i < run->counts->len; i++)
    {
      const CsCount *c = &g_array_index (run->counts, CsCount, i);
      if (g_strcmp0 (c->name, name) == 0)
        return c;
    }
  return NULL;
}

static CsRecordOptions *
options_for (const char * const *argv,
             const char         *bundle)
{
  CsRecordOptions *options = cs_record_options_new ();

  options->argv = g_strdupv ((char **) argv);
  options->output = g_strdup (bundle);
  options->repeat = 1;
  return options;
}

typedef struct
{
  guint started;
  guint finished;
  guint last_run;
  guint n_runs;
  GThread *thread;
  gboolean wrong_thread;
} ProgressLog;

static void
log_progress (const CsRecordProgress *p,
              gpointer                user_data)
{
  ProgressLog *log = user_data;

  if (log->thread != NULL && g_thread_self () != log->thread)
    log->wrong_thread = TRUE;
  log->n_runs = p->n_runs;
  if (!p->finished)
    {
      /* Runs are announced in order, each once. */
      g_assert_cmpuint (p->run, ==, log->last_run + 1);
      log->started++;
      log->last_run = p->run;
    }
  else
    {
      g_assert_cmpuint (p->run, ==, log->last_run);
      g_assert_nonnull (p->outcome);
      log->finished++;
    }
}

/* No hardware PMU here: the software model, a notice saying why, counts
 * that agree with rusage, and a perf.data with samples. */
static void
test_software_recording (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "spin.cyclescope", NULL);
  const char *argv[] = { workload, "spin", "0.4", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(CsSession) loaded = NULL;
  g_autofree char *reason = NULL;
  ProgressLog log = { 0, };
  const char * const *warnings;
  gboolean found_notice = FALSE;
  CsSamplingRun *srun;
  g_autofree char *perf_data = NULL;

  if (cs_pfm_hardware_usable (&reason))
    {
      g_test_skip ("this host has a usable hardware PMU");
      return;
    }

  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cs_model_get_id (cs_recorder_get_model (recorder)), ==, "software");
  g_assert_nonnull (cs_recorder_get_notices (recorder)[0]);
  g_assert_nonnull (strstr (cs_recorder_get_notices (recorder)[0], reason));

  session = cs_recorder_run (recorder, log_progress, &log, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  g_assert_cmpuint (log.started, ==, cs_recorder_get_n_runs (recorder));
  g_assert_cmpuint (log.finished, ==, log.started);

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_get_complete (loaded));
  g_assert_cmpstr (cs_session_get_model_id (loaded), ==, "software");
  g_assert_null (cs_session_get_pmu_name (loaded));
  g_assert_cmpstr (cs_session_get_argv (loaded)[0], ==, workload);

  warnings = cs_session_get_warnings (loaded);
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    if (strstr (warnings[i], reason) != NULL)
      found_notice = TRUE;
  g_assert_true (found_notice);

  g_assert_cmpuint (cs_session_get_n_runs (loaded), >=, 1);
  for (guint i = 0; i < cs_session_get_n_runs (loaded); i++)
    {
      CsRun *run = cs_session_get_run (loaded, i);
      const CsCount *tc = find_count (run, "task_clock");
      double cpu_ns = (run->user_seconds + run->system_seconds) * 1e9;

      g_assert_cmpint (run->status, ==, CS_RUN_OK);
      g_assert_cmpint (run->exit_code, ==, 0);
      if (tc == NULL)
        continue;
      /* The workload burns 0.4 s by its own clock; the kernel's rusage and
       * the counter must agree within 10 %. */
      g_assert_cmpfloat (cpu_ns, >=, 0.4e9);
      g_assert_cmpfloat (tc->value, >=, cpu_ns * 0.9);
      g_assert_cmpfloat (tc->value, <=, cpu_ns * 1.1);
      g_assert_cmpuint (tc->time_running, >, 0);
    }
  g_assert_nonnull (find_count (cs_session_get_run (loaded, 0), "page_faults"));

  g_assert_cmpuint (cs_session_get_n_sampling_runs (loaded), ==, 1);
  srun = cs_session_get_sampling_run (loaded, 0);
  g_assert_cmpstr (srun->event, ==, "cpu_clock");
  g_assert_cmpuint (srun->frequency, ==, 1000);
  perf_data = cs_session_get_perf_data_path (loaded, srun);
  g_assert_true (g_file_test (perf_data, G_FILE_TEST_IS_REGULAR));
  /* 0.4 s of CPU at 1 kHz: a few hundred samples, not zero, not thousands. */
  g_assert_cmpuint (srun->n_samples, >=, 200);
  g_assert_cmpuint (srun->n_samples, <=, 600);
  cs_test_rmdir (dir);
}

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

  g_assert_true (g_spawn_async (NULL, (char **) cli, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
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
  g_assert_error (r.error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_CANCELLED);
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

static void
test_multiplex (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "mux.cyclescope", NULL);
  const char *argv[] = { workload, "spin", "0.1", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  CsRun *run;

  options->mode = CS_PLAN_MODE_MULTIPLEX;
  options->sampling = FALSE;
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cs_recorder_get_n_runs (recorder), ==, 1);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cs_session_get_mode (session), ==, "multiplex");
  g_assert_cmpuint (cs_session_get_n_runs (session), ==, 1);
  g_assert_cmpuint (cs_session_get_n_sampling_runs (session), ==, 0);
  run = cs_session_get_run (session, 0);
  g_assert_true (run->multiplexed);
  g_assert_nonnull (find_count (run, "task_clock"));
  cs_test_rmdir (dir);
}

/* A second recording to the same name keeps the first as NAME.old, as perf
 * does with perf.data; a directory that is not a bundle is never touched. */
static void
test_output_protection (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "b.cyclescope", NULL);
  g_autofree char *old_json = g_build_filename (dir, "b.cyclescope.old", "session.json", NULL);
  g_autofree char *foreign = g_build_filename (dir, "foreign", NULL);
  g_autofree char *foreign_file = g_build_filename (foreign, "keep.txt", NULL);
  const char *argv[] = { workload, "exit", "0", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(GError) error = NULL;

  options->sampling = FALSE;
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(CsRecorder) recorder = cs_recorder_new (options, &error);
      g_autoptr(CsSession) session = NULL;

      g_assert_no_error (error);
      session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
    }
  g_assert_true (g_file_test (old_json, G_FILE_TEST_IS_REGULAR));

  g_assert_cmpint (g_mkdir (foreign, 0755), ==, 0);
  g_assert_true (g_file_set_contents (foreign_file, "mine", -1, NULL));
  g_free (options->output);
  options->output = g_strdup (foreign);
  g_assert_null (cs_recorder_new (options, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO);
  g_assert_true (g_file_test (foreign_file, G_FILE_TEST_IS_REGULAR));
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
  g_autofree char *fill = g_malloc0 (48 * 1024);

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

/* End to end with perf as the oracle: `cyclescope record` of a 1 s CPU-bound
 * run at 1 kHz gives 800–1200 samples, perf reads the file, and ≥ 90 % of
 * the samples perf resolves (through the ELF symbol table) fall in the hot
 * function workload_burn. */
static void
test_perf_reads_recording (void)
{
  g_autofree char *perf = cs_test_find_perf ();
  g_autofree char *dir = NULL, *bundle = NULL, *data = NULL;
  g_autofree char *script_out = NULL, *report_out = NULL, *out = NULL, *err = NULL;
  g_autofree char *script_err = NULL, *report_err = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 inside = 0, total = 0;
  int status = 0;

  if (perf == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  dir = cs_test_mkdtemp ();
  bundle = g_build_filename (dir, "spin.cyclescope", NULL);
  data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  {
    const char *cli[] = { cyclescope, "record", "--no-counting", "-F", "1000", "-o", bundle, "--",
                          workload, "spin", "1", NULL };
    out = cs_test_run (cli, &err, &status);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  {
    const char *script[] = { perf, "script", "-i", data, "-F", "ip,sym", NULL };
    script_out = cs_test_run (script, &script_err, &status);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  lines = g_strsplit (script_out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      total++;
      if (strstr (lines[i], " workload_burn") != NULL)
        inside++;
    }
  g_test_message ("%" G_GUINT64_FORMAT " samples, %" G_GUINT64_FORMAT " in workload_burn",
                  total, inside);
  g_assert_cmpuint (total, >=, 800);
  g_assert_cmpuint (total, <=, 1200);
  g_assert_cmpuint (inside * 10, >=, total * 9);
  {
    const char *report[] = { perf, "report", "--stdio", "-i", data, "--sort", "sym", NULL };
    report_out = cs_test_run (report, &report_err, &status);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (report_out, "workload_burn"));
  }
  cs_test_rmdir (dir);
}

static gboolean
has_user_only_note (const char * const *notes)
{
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    if (strstr (notes[i], "counted for user space only") != NULL
        && strstr (notes[i], "perf_event_paranoid") != NULL)
      return TRUE;
  return FALSE;
}

/* Context switches are counted with kernel context when the process may
 * (root: a sleeping program's switches are all there, no note); a user
 * the kernel refuses gets the note in the notices and the session. */
static void
test_software_kernel_context (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *bundle = NULL;
  const char *argv[] = { workload, "nap", "50", "1000", NULL };
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  const CsCount *cs;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root (to count kernel context and to drop to user nobody)");
      return;
    }
  if (g_test_subprocess ())
    {
      g_assert_true (cs_test_drop_to_nobody ());
      options = options_for (argv, "/nonexistent/nap.cyclescope");
      options->model_id = g_strdup ("software");
      recorder = cs_recorder_new (options, &error);
      g_assert_no_error (error);
      /* Unprivileged users may count the kernel part at paranoid <= 1 only. */
      g_assert_cmpint (has_user_only_note (cs_recorder_get_notices (recorder)), ==,
                       cs_test_read_paranoid () >= 2);
      return;
    }

  dir = cs_test_mkdtemp ();
  bundle = g_build_filename (dir, "nap.cyclescope", NULL);
  options = options_for (argv, bundle);
  options->model_id = g_strdup ("software");
  options->sampling = FALSE;
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  g_assert_false (has_user_only_note (cs_recorder_get_notices (recorder)));
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (has_user_only_note (cs_session_get_notes (session)));
  cs = find_count (cs_session_get_run (session, 0), "context_switches");
  g_assert_nonnull (cs);
  g_test_message ("context_switches %" G_GUINT64_FORMAT, cs->value);
  /* The workload blocks 50 times. */
  g_assert_cmpuint (cs->value, >=, 50);
  cs_test_rmdir (dir);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* g_test_trap_subprocess() re-runs this program without its arguments:
   * they reach the subprocess through the environment. */
  if (argc >= 3)
    {
      g_setenv ("CS_TEST_RECORD_WORKLOAD", argv[1], TRUE);
      g_setenv ("CS_TEST_RECORD_CYCLESCOPE", argv[2], TRUE);
    }
  workload = g_getenv ("CS_TEST_RECORD_WORKLOAD");
  cyclescope = g_getenv ("CS_TEST_RECORD_CYCLESCOPE");
  g_assert_nonnull (workload);
  g_assert_nonnull (cyclescope);

  g_test_add_func ("/record/software", test_software_recording);
  g_test_add_func ("/record/segfault", test_segfault_recorded);
  g_test_add_func ("/record/missing-program", test_missing_program);
  g_test_add_func ("/record/unknown-event", test_unknown_event);
  g_test_add_func ("/record/sigint", test_sigint_saves_partial);
  g_test_add_func ("/record/async-cancel", test_async_cancel);
  g_test_add_func ("/record/multiplex", test_multiplex);
  g_test_add_func ("/record/output-protection", test_output_protection);
  g_test_add_func ("/record/disk-full", test_disk_full);
  g_test_add_func ("/record/perf-reads-recording", test_perf_reads_recording);
  g_test_add_func ("/record/software-kernel-context", test_software_kernel_context);

  return g_test_run ();
}
