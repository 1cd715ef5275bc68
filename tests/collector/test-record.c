/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-record.c — whole recordings on the real kernel (software model here)
 *
 * argv[1]: the cs-test-workload program, argv[2]: the cyclescope binary
 * (both passed by tests/meson.build). Expected values come from the kernel's
 * own accounting (rusage), the workload's definition, perf and the files on
 * disk. What stops a recording (errors, signals, a full disk) is in
 * test-record-failures.c.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-pfm.h"
#include "cs-test-record.h"

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
  /* perf's spelling of the event, not the model's formula alias. */
  g_assert_cmpstr (srun->event, ==, "cpu-clock");
  g_assert_cmpuint (srun->frequency, ==, 1000);
  perf_data = cs_session_get_perf_data_path (loaded, srun);
  g_assert_true (g_file_test (perf_data, G_FILE_TEST_IS_REGULAR));
  /* 0.4 s of CPU at 1 kHz: a few hundred samples, not zero, not thousands. */
  g_assert_cmpuint (srun->n_samples, >=, 200);
  g_assert_cmpuint (srun->n_samples, <=, 600);
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

static CsSession *
record_exit_0 (const char  *bundle,
               GError     **error)
{
  const char *argv[] = { workload, "exit", "0", NULL };
  g_autoptr(CsRecordOptions) options = options_for (argv, bundle);
  g_autoptr(CsRecorder) recorder = NULL;

  options->sampling = FALSE;
  if (!(recorder = cs_recorder_new (options, error)))
    return NULL;
  return cs_recorder_run (recorder, NULL, NULL, NULL, error);
}

/* Replacing a recording moves it to NAME.old and removes the older one
 * there, but never follows a symbolic link out of it and never removes a
 * file a recording does not write: the victim's files survive and the
 * error names the .old path. */
static void
test_old_symlink (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "b.cyclescope", NULL);
  g_autofree char *old = g_build_filename (dir, "b.cyclescope.old", NULL);
  g_autofree char *victim = g_build_filename (dir, "victim", NULL);
  g_autofree char *victim_json = g_build_filename (victim, "session.json", NULL);
  g_autofree char *victim_file = g_build_filename (victim, "thesis.tex", NULL);
  g_autofree char *kept_json = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *foreign = g_build_filename (old, "notes.txt", NULL);
  g_autofree char *link_inside = g_build_filename (old, "sampling-0.perf.data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) first = NULL;
  g_autoptr(CsSession) again = NULL;

  g_assert_cmpint (g_mkdir (victim, 0755), ==, 0);
  g_assert_true (g_file_set_contents (victim_json, "{}", -1, NULL));
  g_assert_true (g_file_set_contents (victim_file, "years of work", -1, NULL));
  first = record_exit_0 (bundle, &error);
  g_assert_no_error (error);

  /* .old is a symbolic link to a directory that looks like a bundle. */
  g_assert_cmpint (symlink (victim, old), ==, 0);
  again = record_exit_0 (bundle, &error);
  g_assert_null (again);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO);
  g_assert_nonnull (strstr (error->message, old));
  g_clear_error (&error);
  g_assert_true (g_file_test (victim_json, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (victim_file, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (kept_json, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (old, G_FILE_TEST_IS_SYMLINK));

  /* A real .old bundle holding a link out of it and a file of the user's:
   * refused as a whole, nothing in it removed. */
  g_assert_cmpint (g_unlink (old), ==, 0);
  g_assert_cmpint (g_mkdir (old, 0755), ==, 0);
  g_assert_true (g_file_set_contents (foreign, "mine", -1, NULL));
  g_assert_cmpint (symlink (victim_file, link_inside), ==, 0);
  {
    g_autofree char *old_json = g_build_filename (old, "session.json", NULL);
    g_assert_true (g_file_set_contents (old_json, "{}", -1, NULL));
  }
  again = record_exit_0 (bundle, &error);
  g_assert_null (again);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_IO);
  g_assert_nonnull (strstr (error->message, old));
  g_clear_error (&error);
  g_assert_true (g_file_test (foreign, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (link_inside, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (victim_file, G_FILE_TEST_IS_REGULAR));

  /* Only the link: still refused (a link is not a file a recording writes). */
  g_assert_cmpint (g_unlink (foreign), ==, 0);
  again = record_exit_0 (bundle, &error);
  g_assert_null (again);
  g_assert_nonnull (strstr (error->message, link_inside));
  g_clear_error (&error);
  g_assert_true (g_file_test (victim_file, G_FILE_TEST_IS_REGULAR));

  /* Once the user cleared it, the recording replaces the old one, files of
   * the region library a killed recorder left in it included. */
  g_assert_cmpint (g_unlink (link_inside), ==, 0);
  {
    const char *ours[] = { "sampling-0.regions", ".regions-run-0.4242", ".regions-sampling-0.7.tmp",
                           "sampling-0.perf.data", "sampling-0.kallsyms.a1B2c3" };

    for (guint i = 0; i < G_N_ELEMENTS (ours); i++)
      {
        g_autofree char *path = g_build_filename (old, ours[i], NULL);
        g_assert_true (g_file_set_contents (path, "", -1, NULL));
      }
  }
  again = record_exit_0 (bundle, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (kept_json, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (victim_file, G_FILE_TEST_IS_REGULAR));
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

/* `record --dry-run` prints the plan: one run that counts and samples for
 * the software model, two with --separate-sampling, and the expected time
 * once the program has been recorded to the same bundle; `report` says
 * where the samples came from. */
static void
test_dry_run_plan (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "spin.cyclescope", NULL);
  const char *dry[] = { cyclescope, "record", "--dry-run", "-m", "software", "-o", bundle, "--",
                        workload, "spin", "0.05", NULL };
  const char *separate[] = { cyclescope, "record", "--dry-run", "--separate-sampling", "-m", "software",
                             "-o", bundle, "--", workload, "spin", "0.05", NULL };
  const char *rec[] = { cyclescope, "record", "-m", "software", "-o", bundle, "--",
                        workload, "spin", "0.05", NULL };
  const char *report[] = { cyclescope, "report", bundle, NULL };
  CsTestOutput out;

  out = cs_test_output (dry, NULL);
  g_assert_true (g_spawn_check_wait_status (out.status, NULL));
  g_assert_nonnull (strstr (out.out, "Sampling and counting in the same run"));
  g_assert_nonnull (strstr (out.out, "Runs: 1\n"));
  g_assert_nonnull (strstr (out.out, "Expected time: 1 × the program’s own time"));
  g_clear_pointer (&out.out, g_free);
  g_clear_pointer (&out.err, g_free);

  out = cs_test_output (separate, NULL);
  g_assert_true (g_spawn_check_wait_status (out.status, NULL));
  g_assert_nonnull (strstr (out.out, "Sampling in a run of its own (--separate-sampling)"));
  g_assert_nonnull (strstr (out.out, "Runs: 2\n"));
  g_clear_pointer (&out.out, g_free);
  g_clear_pointer (&out.err, g_free);

  out = cs_test_output (rec, NULL);
  g_assert_true (g_spawn_check_wait_status (out.status, NULL));
  g_assert_nonnull (strstr (out.err, "[1/1] counting and sampling"));
  g_clear_pointer (&out.out, g_free);
  g_clear_pointer (&out.err, g_free);

  out = cs_test_output (report, NULL);
  g_assert_true (g_spawn_check_wait_status (out.status, NULL));
  g_assert_nonnull (strstr (out.out, "sampled in counting run 0"));
  g_clear_pointer (&out.out, g_free);
  g_clear_pointer (&out.err, g_free);

  out = cs_test_output (dry, NULL);
  g_assert_true (g_spawn_check_wait_status (out.status, NULL));
  g_assert_nonnull (strstr (out.out, "Expected time: about "));
  g_clear_pointer (&out.out, g_free);
  g_clear_pointer (&out.err, g_free);
  cs_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cs_test_record_init (argc, argv);

  g_test_add_func ("/record/software", test_software_recording);
  g_test_add_func ("/record/multiplex", test_multiplex);
  g_test_add_func ("/record/output-protection", test_output_protection);
  g_test_add_func ("/record/old-symlink", test_old_symlink);
  g_test_add_func ("/record/perf-reads-recording", test_perf_reads_recording);
  g_test_add_func ("/record/software-kernel-context", test_software_kernel_context);
  g_test_add_func ("/record/dry-run-plan", test_dry_run_plan);

  return g_test_run ();
}
