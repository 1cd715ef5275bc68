/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c — session round trip, the counts a model sees, spreads
 *
 * Expected values of cs_session_build_counts() are worked out by hand in the
 * comments next to each assertion, from the numbers put into the session.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/utsname.h>

#include "cs-error.h"
#include "cs-session.h"
#include "cs-test-util.h"

#define assert_close(a, b) g_assert_cmpfloat_with_epsilon ((a), (b), 1e-9 * MAX (1.0, fabs ((double) (b))))

static CsSession *
make_full_session (void)
{
  CsSession *s = cs_session_new ();
  const char *argv[] = { "./cmsRun", "reco.py", "--events=10", "größe ✓", NULL };
  g_autoptr(GDateTime) t = g_date_time_new_utc (2024, 3, 1, 14, 5, 7.25);
  CsRun *run;
  CsRegion *region;
  CsSamplingRun *srun;

  cs_session_set_host (s, "fixture-host", "Intel(R) Core(TM)2 Quad CPU Q9550 @ 2.83GHz",
                       "core", "Intel Core", "6.1.0-18-amd64", 4);
  cs_session_set_command (s, argv, "/home/user/work dir");
  cs_session_set_model_id (s, "intel-core2");
  cs_session_set_cycles_alias (s, "cycles");
  cs_session_set_mode (s, "runs");
  cs_session_set_start_time (s, t);
  cs_session_set_duration (s, 1.0 / 3.0);
  cs_session_set_complete (s, TRUE);

  run = cs_session_add_run (s);
  run->group = g_strdup ("g0");
  run->wall_seconds = 0.1;
  run->user_seconds = 2.0 / 3.0;
  run->system_seconds = 1e-6;
  /* Past INT64_MAX and one below the largest uint64: must survive json-c. */
  cs_run_add_count (run, "cycles", "UNHALTED_CORE_CYCLES", "core::UNHALTED_CORE_CYCLES:k=1:u=1",
                    G_GUINT64_CONSTANT (9223372036854775808), 1000, 1000);
  cs_run_add_count (run, "instructions", "INSTRUCTIONS_RETIRED", NULL,
                    G_MAXUINT64 - 1, G_MAXUINT64 - 1, 0);
  region = cs_run_add_region (run, "TrackProducer");
  region->calls = 42;
  cs_region_add_count (region, "cycles", "UNHALTED_CORE_CYCLES", NULL, 7, 8, 8);
  /* libcyclescope-region's optional members: inclusive counts, threads. */
  cs_count_array_add (region->inclusive, "cycles", "UNHALTED_CORE_CYCLES", NULL, 9, 10, 10);
  {
    CsThreadCounts *thread = cs_region_add_thread (region, 100, 101, "worker ✓");

    thread->calls = 40;
    cs_count_array_add (thread->counts, "cycles", "UNHALTED_CORE_CYCLES", NULL, 6, 7, 7);
    thread = cs_region_add_thread (region, 100, 100, NULL);
    thread->calls = 2;
    cs_count_array_add (thread->counts, "cycles", "UNHALTED_CORE_CYCLES", NULL, 1, 1, 1);
  }

  run = cs_session_add_run (s);
  run->status = CS_RUN_FAILED;
  run->exit_code = -3;
  run->term_signal = 11;
  run->multiplexed = TRUE;

  run = cs_session_add_run (s);
  run->status = CS_RUN_NOT_RUN;

  srun = cs_session_add_sampling_run (s);
  srun->perf_data = g_strdup ("sampling-0.perf.data");
  srun->event = g_strdup ("cpu-clock");
  srun->event_string = g_strdup ("cpu-clock");
  srun->frequency = 1000;
  srun->callchains = TRUE;
  srun->user_regs = TRUE;
  srun->n_samples = 1234;
  srun->n_lost = 5;
  srun->status = CS_RUN_INTERRUPTED;
  srun->wall_seconds = 1.5;
  srun->regions = g_strdup ("sampling-0.regions");

  cs_session_add_note (s, "No hardware PMU: the software model was used.");
  cs_session_add_warning (s, "Run 1: the program was killed by signal 11.");
  cs_session_add_warning (s, "quotes \" and \\ backslashes / slashes");
  return s;
}

static void
test_round_trip (void)
{
  g_autoptr(CsSession) s = make_full_session ();
  g_autoptr(CsSession) loaded = NULL;
  g_autoptr(CsSession) from_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bundle = g_build_filename (dir, "deep", "x.cyclescope", NULL);
  g_autofree char *file = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *tmp = g_build_filename (bundle, "session.json.tmp", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *text = NULL;
  g_autofree char *perf_path = NULL;
  CsRun *run;

  g_assert_true (cs_session_save (s, bundle, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (tmp, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (cs_session_get_bundle_path (s), ==, bundle);

  /* The big numbers are written as exact decimal integers. */
  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "9223372036854775808"));
  g_assert_nonnull (strstr (contents, "18446744073709551614"));
  g_assert_nonnull (strstr (contents, "\"format\": 1"));

  loaded = cs_session_load (bundle, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_true (cs_session_equal (s, loaded));
  g_assert_true (cs_session_equal (loaded, s));
  g_assert_cmpstr (cs_session_get_bundle_path (loaded), ==, bundle);

  run = cs_session_get_run (loaded, 0);
  g_assert_cmpuint (g_array_index (run->counts, CsCount, 0).value, ==,
                    G_GUINT64_CONSTANT (9223372036854775808));
  g_assert_cmpuint (g_array_index (run->counts, CsCount, 1).value, ==, G_MAXUINT64 - 1);
  g_assert_null (g_array_index (run->counts, CsCount, 1).fstr);
  g_assert_cmpstr (cs_session_get_argv (loaded)[3], ==, "größe ✓");
  g_assert_cmpfloat (cs_session_get_duration (loaded), ==, 1.0 / 3.0);
  g_assert_cmpint (cs_session_get_run (loaded, 1)->exit_code, ==, -3);
  g_assert_cmpint (cs_session_get_sampling_run (loaded, 0)->status, ==, CS_RUN_INTERRUPTED);

  perf_path = cs_session_get_perf_data_path (loaded, cs_session_get_sampling_run (loaded, 0));
  g_assert_true (g_str_has_suffix (perf_path, "/deep/x.cyclescope/sampling-0.perf.data"));
  g_assert_true (g_path_is_absolute (perf_path));

  /* Loading session.json directly is the same as loading the bundle. */
  g_clear_object (&loaded);
  loaded = cs_session_load (file, &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_equal (s, loaded));

  text = cs_session_to_json (s);
  from_text = cs_session_load_from_data (text, -1, "memory", &error);
  g_assert_no_error (error);
  g_assert_true (cs_session_equal (s, from_text));

  /* equal() must be able to say no. */
  g_array_index (cs_session_get_run (from_text, 0)->counts, CsCount, 0).value++;
  g_assert_false (cs_session_equal (s, from_text));
  g_array_index (cs_session_get_run (from_text, 0)->counts, CsCount, 0).value--;
  g_assert_true (cs_session_equal (s, from_text));
  ((CsRegion *) g_ptr_array_index (cs_session_get_run (from_text, 0)->regions, 0))->calls = 41;
  g_assert_false (cs_session_equal (s, from_text));

  cs_test_rmdir (dir);
}

static void
test_minimal_defaults (void)
{
  const char *json =
    "{ \"format\": 1, \"host\": {}, \"command\": { \"argv\": [\"/bin/true\"] },\n"
    "  \"model\": null,\n"
    "  \"runs\": [ { \"counts\": [ { \"name\": \"task-clock\", \"value\": 5,\n"
    "                \"time_enabled\": 10, \"time_running\": 10 } ] } ] }\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = cs_session_load_from_data (json, -1, "minimal.json", &error);
  CsRun *run;
  const CsCount *c;

  g_assert_no_error (error);
  g_assert_cmpstr (cs_session_get_mode (s), ==, "runs");
  g_assert_true (cs_session_get_complete (s));
  g_assert_null (cs_session_get_model_id (s));
  g_assert_null (cs_session_get_cycles_alias (s));
  g_assert_null (cs_session_get_start_time (s));
  g_assert_null (cs_session_get_pmu_name (s));
  g_assert_cmpuint (cs_session_get_n_cpus (s), ==, 0);
  g_assert_cmpuint (cs_session_get_n_sampling_runs (s), ==, 0);
  g_assert_cmpuint (g_strv_length ((char **) cs_session_get_notes (s)), ==, 0);
  run = cs_session_get_run (s, 0);
  g_assert_cmpuint (run->index, ==, 0);
  g_assert_cmpint (run->status, ==, CS_RUN_OK);
  g_assert_cmpuint (run->regions->len, ==, 0);
  c = &g_array_index (run->counts, CsCount, 0);
  g_assert_cmpstr (c->event, ==, "task-clock");   /* defaults to the name */
  g_assert_null (c->fstr);
}

/* Three finished runs of a planner-style session plus one that never ran and
 * one that was interrupted (both must be ignored). */
static CsSession *
make_counting_session (void)
{
  CsSession *s = cs_session_new ();
  CsRun *run;
  CsRegion *region;

  cs_session_set_cycles_alias (s, "cycles");

  run = cs_session_add_run (s);
  run->wall_seconds = 1.0; run->user_seconds = 0.9; run->system_seconds = 0.1;
  cs_run_add_count (run, "cycles", NULL, NULL, 1000, 100, 100);
  cs_run_add_count (run, "instr", NULL, NULL, 500, 100, 100);
  region = cs_run_add_region (run, "A");
  cs_region_add_count (region, "cycles", NULL, NULL, 400, 10, 10);
  cs_region_add_count (region, "instr", NULL, NULL, 200, 10, 10);

  run = cs_session_add_run (s);
  run->status = CS_RUN_FAILED;   /* a failing program still counted */
  run->wall_seconds = 1.5; run->user_seconds = 1.2; run->system_seconds = 0.2;
  cs_run_add_count (run, "cycles", NULL, NULL, 1250, 100, 100);
  cs_run_add_count (run, "l2miss", NULL, NULL, 30, 100, 100);
  cs_run_add_count (run, "div", NULL, NULL, 0, 100, 0);        /* never scheduled */
  region = cs_run_add_region (run, "A");
  cs_region_add_count (region, "cycles", NULL, NULL, 600, 10, 10);
  cs_region_add_count (region, "l2miss", NULL, NULL, 10, 10, 10);

  run = cs_session_add_run (s);
  run->wall_seconds = 2.0; run->user_seconds = 1.8; run->system_seconds = 0.3;
  /* Multiplexed half of the time: scaled by enabled/running = 2. */
  cs_run_add_count (run, "cycles", NULL, NULL, 750, 200, 100);
  cs_run_add_count (run, "instr", NULL, NULL, 300, 200, 100);
  cs_run_add_count (run, "loads", NULL, NULL, 40, 200, 100);
  region = cs_run_add_region (run, "B");
  cs_region_add_count (region, "cycles", NULL, NULL, 100, 5, 5);
  cs_region_add_count (region, "loads", NULL, NULL, 7, 5, 5);

  run = cs_session_add_run (s);
  run->status = CS_RUN_NOT_RUN;
  cs_run_add_count (run, "cycles", NULL, NULL, 999999, 1, 1);
  cs_run_add_count (run, "bogus", NULL, NULL, 1, 1, 0);

  run = cs_session_add_run (s);
  run->status = CS_RUN_INTERRUPTED;
  run->wall_seconds = 100;
  cs_run_add_count (run, "cycles", NULL, NULL, 5, 1, 1);
  cs_run_add_count (run, "instr", NULL, NULL, 5000, 1, 1);
  return s;
}

static void
assert_count (CsCounts     *counts,
              const char   *name,
              double        expected,
              CsProvenance  provenance)
{
  double v = NAN;
  CsProvenance p = CS_PROVENANCE_NONE;

  if (!cs_counts_lookup (counts, name, &v, &p))
    g_error ("count %s missing", name);
  assert_close (v, expected);
  g_assert_cmpint (p, ==, provenance);
}

static void
test_build_counts (void)
{
  g_autoptr(CsSession) s = make_counting_session ();
  g_autoptr(CsCounts) c = cs_session_build_counts (s, NULL);

  /* Scaled cycles per run: 1000, 1250, 750*2 = 1500; mean 1250; run 2 was
   * scaled, so the mean carries the weaker provenance. */
  assert_count (c, "cycles", 1250, CS_PROVENANCE_SCALED);
  /* instr: run 0 500 × 1250/1000 = 625; run 2 300×2 = 600 × 1250/1500 = 500;
   * mean 562.5. */
  assert_count (c, "instr", 562.5, CS_PROVENANCE_SCALED);
  /* l2miss: 30 × 1250/1250 = 30. */
  assert_count (c, "l2miss", 30, CS_PROVENANCE_COUNTED);
  /* loads: 40×2 = 80 × 1250/1500 = 66.666… */
  assert_count (c, "loads", 200.0 / 3.0, CS_PROVENANCE_SCALED);
  /* Unscheduled and not-run counts are left out. */
  g_assert_false (cs_counts_lookup (c, "div", NULL, NULL));
  g_assert_false (cs_counts_lookup (c, "bogus", NULL, NULL));
  /* Times: means of (1.0, 1.5, 2.0), (0.9, 1.2, 1.8), (0.1, 0.2, 0.3) s in ns. */
  assert_count (c, "duration_time", 1.5e9, CS_PROVENANCE_COUNTED);
  assert_count (c, "user_time", 1.3e9, CS_PROVENANCE_COUNTED);
  assert_count (c, "system_time", 0.2e9, CS_PROVENANCE_COUNTED);
  g_assert_cmpuint (cs_counts_get_size (c), ==, 7);
}

static void
test_build_counts_regions (void)
{
  g_autoptr(CsSession) s = make_counting_session ();
  g_autoptr(CsCounts) a = cs_session_build_counts (s, "A");
  g_autoptr(CsCounts) b = cs_session_build_counts (s, "B");
  g_autoptr(CsCounts) none = cs_session_build_counts (s, "Nowhere");
  g_autoptr(GPtrArray) regions = cs_session_list_regions (s);

  g_assert_cmpuint (regions->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (regions, 0), ==, "A");
  g_assert_cmpstr (g_ptr_array_index (regions, 1), ==, "B");

  /* A: region cycles 400 and 600, mean 500; instr 200 × 500/400 = 250;
   * l2miss 10 × 500/600 = 8.333… */
  assert_count (a, "cycles", 500, CS_PROVENANCE_COUNTED);
  assert_count (a, "instr", 250, CS_PROVENANCE_COUNTED);
  assert_count (a, "l2miss", 50.0 / 6.0, CS_PROVENANCE_COUNTED);
  g_assert_false (cs_counts_lookup (a, "duration_time", NULL, NULL));
  g_assert_cmpuint (cs_counts_get_size (a), ==, 3);
  /* B: a single run, nothing to normalise. */
  assert_count (b, "cycles", 100, CS_PROVENANCE_COUNTED);
  assert_count (b, "loads", 7, CS_PROVENANCE_COUNTED);
  g_assert_cmpuint (cs_counts_get_size (none), ==, 0);
}

/* Inclusive counts and threads of a region, over two runs whose thread
 * ids differ: a thread is known by its name and rank. */
static void
test_region_threads (void)
{
  g_autoptr(CsSession) s = cs_session_new ();
  g_autoptr(GPtrArray) keys = NULL;
  g_autoptr(CsCounts) excl = NULL, incl = NULL, w2 = NULL, main_thread = NULL;

  cs_session_set_cycles_alias (s, "cycles");
  for (guint i = 0; i < 2; i++)
    {
      CsRun *run = cs_session_add_run (s);
      CsRegion *region = cs_run_add_region (run, "R");
      /* Run 0: threads 11, 12 named "w", 10 "main"; run 1 lists them in
       * another order with other ids. Cycles per thread: w#1 100·(i+1),
       * w#2 300·(i+1), main 0. */
      gint64 base = i == 0 ? 10 : 50;
      guint64 k = i + 1;
      CsThreadCounts *t;

      cs_run_add_count (run, "cycles", NULL, NULL, 1000 * k, 1, 1);
      cs_region_add_count (region, "cycles", NULL, NULL, 400 * k, 1, 1);
      cs_count_array_add (region->inclusive, "cycles", NULL, NULL, 500 * k, 1, 1);
      t = cs_region_add_thread (region, base, i == 0 ? base + 2 : base + 1, "w");
      cs_count_array_add (t->counts, "cycles", NULL, NULL, (i == 0 ? 300 : 100) * k, 1, 1);
      t = cs_region_add_thread (region, base, i == 0 ? base + 1 : base + 2, "w");
      cs_count_array_add (t->counts, "cycles", NULL, NULL, (i == 0 ? 100 : 300) * k, 1, 1);
      t = cs_region_add_thread (region, base, base, "main");
      cs_count_array_add (t->counts, "cycles", NULL, NULL, 0, 1, 1);
    }
  keys = cs_session_list_region_threads (s, "R");
  g_assert_cmpuint (keys->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (keys, 0), ==, "w #2");
  g_assert_cmpstr (g_ptr_array_index (keys, 1), ==, "w #1");
  g_assert_cmpstr (g_ptr_array_index (keys, 2), ==, "main");

  /* Region cycles 400, 800: mean 600; inclusive 500, 1000: mean 750. */
  excl = cs_session_build_region_counts (s, "R", FALSE, NULL);
  incl = cs_session_build_region_counts (s, "R", TRUE, NULL);
  assert_count (excl, "cycles", 600, CS_PROVENANCE_COUNTED);
  assert_count (incl, "cycles", 750, CS_PROVENANCE_COUNTED);
  /* "w #2" (the higher thread id): 300 and 600, mean 450. */
  w2 = cs_session_build_region_counts (s, "R", FALSE, "w #2");
  assert_count (w2, "cycles", 450, CS_PROVENANCE_COUNTED);
  main_thread = cs_session_build_region_counts (s, "R", TRUE, "main");
  /* No inclusive counts for the thread: its exclusive ones, 0. */
  assert_count (main_thread, "cycles", 0, CS_PROVENANCE_COUNTED);
}

static void
test_build_counts_single_run (void)
{
  g_autoptr(CsSession) s = cs_session_new ();
  g_autoptr(CsCounts) c = NULL;
  CsRun *run;

  cs_session_set_mode (s, "multiplex");
  cs_session_set_cycles_alias (s, "cycles");
  run = cs_session_add_run (s);
  run->multiplexed = TRUE;
  cs_run_add_count (run, "cycles", NULL, NULL, 3000, 400, 300);
  cs_run_add_count (run, "instr", NULL, NULL, 1000, 400, 100);
  c = cs_session_build_counts (s, NULL);
  /* 3000 × 400/300 = 4000; 1000 × 400/100 = 4000; one run: no normalisation. */
  assert_count (c, "cycles", 4000, CS_PROVENANCE_SCALED);
  assert_count (c, "instr", 4000, CS_PROVENANCE_SCALED);
  g_assert_cmpfloat (cs_session_get_running_ratio (s, "instr"), ==, 0.25);
  g_assert_cmpfloat (cs_session_get_running_ratio (s, "cycles"), ==, 0.75);
}

static void
test_build_counts_no_alias (void)
{
  g_autoptr(CsSession) s = make_counting_session ();
  g_autoptr(CsCounts) c = NULL;

  cs_session_set_cycles_alias (s, NULL);
  c = cs_session_build_counts (s, NULL);
  /* Plain means of the scaled values: cycles (1000+1250+1500)/3, instr
   * (500+600)/2, loads 80. */
  assert_count (c, "cycles", 1250, CS_PROVENANCE_SCALED);
  assert_count (c, "instr", 550, CS_PROVENANCE_SCALED);
  assert_count (c, "loads", 80, CS_PROVENANCE_SCALED);
}

static void
test_interrupted_only (void)
{
  g_autoptr(CsSession) s = cs_session_new ();
  g_autoptr(CsCounts) c = NULL;
  CsRun *run = cs_session_add_run (s);

  run->status = CS_RUN_INTERRUPTED;
  cs_run_add_count (run, "task-clock", NULL, NULL, 123, 10, 10);
  c = cs_session_build_counts (s, NULL);
  /* Nothing else was measured: what the interrupted run counted is shown. */
  assert_count (c, "task-clock", 123, CS_PROVENANCE_COUNTED);
}

static void
test_spread (void)
{
  g_autoptr(CsSession) s = make_counting_session ();
  double mean = 0, sd = -1;
  guint n = 0;

  /* cycles 1000, 1250, 1500: mean 1250, sample sd sqrt((250²+0+250²)/2) = 250. */
  g_assert_true (cs_session_get_event_spread (s, "cycles", &mean, &sd, &n));
  g_assert_cmpuint (n, ==, 3);
  assert_close (mean, 1250);
  assert_close (sd, 250);
  /* One observation: no spread. */
  g_assert_true (cs_session_get_event_spread (s, "l2miss", &mean, &sd, &n));
  g_assert_cmpuint (n, ==, 1);
  assert_close (mean, 30);
  g_assert_cmpfloat (sd, ==, 0);
  g_assert_false (cs_session_get_event_spread (s, "div", &mean, &sd, &n));
  g_assert_false (cs_session_get_event_spread (s, "nothing", &mean, &sd, &n));
}

static void
test_ratio_unscheduled (void)
{
  g_autoptr(CsSession) s = make_counting_session ();
  g_autoptr(GPtrArray) unscheduled = cs_session_get_unscheduled (s);

  g_assert_cmpfloat (cs_session_get_running_ratio (s, "loads"), ==, 0.5);
  g_assert_cmpfloat (cs_session_get_running_ratio (s, "cycles"), ==, 0.5);
  g_assert_cmpfloat (cs_session_get_running_ratio (s, "l2miss"), ==, 1.0);
  g_assert_cmpfloat (cs_session_get_running_ratio (s, "div"), ==, 0.0);
  g_assert_cmpfloat (cs_session_get_running_ratio (s, "never-counted"), ==, 1.0);
  /* "bogus" was only in a run that never ran. */
  g_assert_cmpuint (unscheduled->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (unscheduled, 0), ==, "div");
}

static void
test_fill_host (void)
{
  g_autoptr(CsSession) s = cs_session_new ();
  g_autofree char *cpuinfo = NULL;
  g_autofree char *release = NULL;
  struct utsname uts;
  guint processors = 0;
  const char *p;

  cs_session_fill_host_from_system (s);
  g_assert_cmpint (uname (&uts), ==, 0);
  g_assert_true (g_file_get_contents ("/proc/sys/kernel/osrelease", &release, NULL, NULL));
  g_assert_cmpstr (cs_session_get_kernel_release (s), ==, g_strstrip (release));
  g_assert_cmpstr (cs_session_get_hostname (s), ==, uts.nodename);

  g_assert_true (g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL));
  for (p = cpuinfo; (p = strstr (p, "processor\t")) != NULL; p++)
    processors++;
  g_assert_cmpuint (cs_session_get_n_cpus (s), ==, processors);
  if (strstr (cpuinfo, "model name") != NULL)
    {
      g_assert_nonnull (cs_session_get_cpu_model (s));
      g_assert_nonnull (strstr (cpuinfo, cs_session_get_cpu_model (s)));
      g_assert_false (g_str_has_prefix (cs_session_get_cpu_model (s), " "));
    }
  /* The PMU is the collector's business. */
  g_assert_null (cs_session_get_pmu_name (s));
}

static void
test_perf_data_file (void)
{
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *file = g_build_filename (dir, "perf.data", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = NULL;

  /* Only the magic matters for recognising the file. */
  g_assert_true (g_file_set_contents (file, "PERFILE2\x68\0\0\0\0\0\0\0", 16, NULL));
  s = cs_session_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cs_session_get_mode (s), ==, "perf");
  g_assert_cmpuint (cs_session_get_n_runs (s), ==, 0);
  g_assert_cmpuint (cs_session_get_n_sampling_runs (s), ==, 1);
  path = cs_session_get_perf_data_path (s, cs_session_get_sampling_run (s, 0));
  g_assert_true (g_str_has_suffix (path, "/perf.data"));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  cs_test_rmdir (dir);
}

/* The example in docs/session-format.md is meant to be copied: it must load. */
static void
test_doc_example (void)
{
  g_autofree char *doc_path = cs_test_source_path ("docs/session-format.md");
  g_autofree char *doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) s = NULL;
  g_autoptr(CsCounts) region = NULL;
  const char *start, *end;
  double v;

  g_assert_true (g_file_get_contents (doc_path, &doc, NULL, NULL));
  start = strstr (doc, "## Example");
  g_assert_nonnull (start);
  start = strstr (start, "```json\n");
  g_assert_nonnull (start);
  start += strlen ("```json\n");
  end = strstr (start, "```");
  g_assert_nonnull (end);
  s = cs_session_load_from_data (start, end - start, doc_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cs_session_get_model_id (s), ==, "software");
  g_assert_cmpuint (cs_session_get_n_runs (s), ==, 2);
  g_assert_cmpint (cs_session_get_run (s, 1)->status, ==, CS_RUN_FAILED);
  g_assert_cmpuint (cs_session_get_n_sampling_runs (s), ==, 1);
  region = cs_session_build_counts (s, "TrackProducer");
  /* One run has the region: nothing to normalise. */
  g_assert_true (cs_counts_lookup (region, "task_clock", &v, NULL));
  g_assert_cmpfloat (v, ==, 800000000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/round-trip", test_round_trip);
  g_test_add_func ("/session/minimal-defaults", test_minimal_defaults);
  g_test_add_func ("/session/build-counts", test_build_counts);
  g_test_add_func ("/session/build-counts-regions", test_build_counts_regions);
  g_test_add_func ("/session/build-counts-single-run", test_build_counts_single_run);
  g_test_add_func ("/session/region-threads", test_region_threads);
  g_test_add_func ("/session/build-counts-no-alias", test_build_counts_no_alias);
  g_test_add_func ("/session/interrupted-only", test_interrupted_only);
  g_test_add_func ("/session/spread", test_spread);
  g_test_add_func ("/session/ratio-unscheduled", test_ratio_unscheduled);
  g_test_add_func ("/session/fill-host", test_fill_host);
  g_test_add_func ("/session/perf-data-file", test_perf_data_file);
  g_test_add_func ("/session/doc-example", test_doc_example);
  return g_test_run ();
}
