/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-regions.c — record --regions on the real kernel (software events)
 *
 * argv[3]: tests/workloads/cs-test-regions, linked to libcyclescope-region.
 * Its regions do known work and it measures each one itself with
 * CLOCK_THREAD_CPUTIME_ID (an oracle the library does not see); the
 * task-clock of a region must agree with it, the 1 : 2 : 4 regions must
 * keep that ratio, and the identities of nesting (inclusive = exclusive +
 * what is nested) and of threads (region = Σ threads) must hold exactly.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cs-counting.h"
#include "cs-region-run.h"
#include "cs-test-record.h"

static const char *regions_workload;

typedef struct
{
  char       *dir;
  char       *bundle;
  char       *oracle;
  CsSession  *session;
} Recording;

static void
recording_clear (Recording *r)
{
  g_clear_object (&r->session);
  g_free (r->oracle);
  g_free (r->bundle);
  g_free (r->dir);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Recording, recording_clear)

/* Records cs-test-regions MODE N with --regions and loads the bundle. */
static void
record (Recording   *r,
        const char  *mode,
        const char  *n,
        CsPlanMode   plan_mode,
        guint64      skip,
        gboolean     sampling)
{
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;

  r->dir = cs_test_mkdtemp ();
  r->bundle = g_build_filename (r->dir, "regions.cyclescope", NULL);
  r->oracle = g_build_filename (r->dir, "oracle.txt", NULL);
  {
    const char *argv[] = { regions_workload, mode, r->oracle, n, NULL };

    options = options_for (argv, r->bundle);
  }
  options->regions = TRUE;
  options->skip_events = skip;
  options->mode = plan_mode;
  options->sampling = sampling;
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  r->session = cs_session_load (r->bundle, &error);
  g_assert_no_error (error);
}

/* The oracle's value of KEY, summed over the runs (each run appends). */
static double
oracle_mean (const Recording *r,
             const char      *key)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  double sum = 0;
  guint n = 0;

  g_assert_true (g_file_get_contents (r->oracle, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", -1);

      if (g_strv_length (f) >= 2 && strcmp (f[0], key) == 0)
        {
          sum += g_ascii_strtod (f[1], NULL);
          n++;
        }
    }
  g_assert_cmpuint (n, >, 0);
  return sum / n;
}

static const CsRegion *
find_region (const CsRun *run,
             const char  *name)
{
  for (guint i = 0; i < run->regions->len; i++)
    {
      const CsRegion *region = g_ptr_array_index (run->regions, i);

      if (strcmp (region->name, name) == 0)
        return region;
    }
  g_error ("no region %s in run %u", name, run->index);
  return NULL;
}

static const CsCount *
count_in (GArray     *counts,
          const char *name)
{
  for (guint i = 0; i < counts->len; i++)
    {
      const CsCount *c = &g_array_index (counts, CsCount, i);

      if (strcmp (c->name, name) == 0)
        return c;
    }
  g_error ("no count %s", name);
  return NULL;
}

static double
region_value (CsSession  *session,
              const char *region,
              gboolean    inclusive,
              const char *thread)
{
  g_autoptr(CsCounts) counts = cs_session_build_region_counts (session, region, inclusive, thread);
  double v = 0;

  g_assert_true (cs_counts_lookup (counts, "task_clock", &v, NULL));
  return v;
}

static void
assert_near (double      value,
             double      expected,
             double      tolerance,
             const char *what)
{
  if (!(value >= expected * (1 - tolerance) && value <= expected * (1 + tolerance)))
    g_error ("%s: %.4g, expected %.4g ± %.0f %%", what, value, expected, tolerance * 100);
}

static gboolean
has_warning (CsSession  *session,
             const char *part)
{
  for (const char * const *w = cs_session_get_warnings (session); *w != NULL; w++)
    if (strstr (*w, part) != NULL)
      return TRUE;
  return FALSE;
}

/* The acceptance line: 1 : 2 : 4 units of the same work give task-clock
 * 1 : 2 : 4 within 10 %, and each region agrees with the thread CPU time
 * the program measured around it. */
static void
check_ratio (CsPlanMode mode)
{
  g_auto(Recording) r = { 0 };
  double one, two, four;

  record (&r, "ratio", "30", mode, 0, FALSE);
  g_assert_cmpuint (cs_session_get_n_runs (r.session), >=, 1);
  for (guint i = 0; i < cs_session_get_n_runs (r.session); i++)
    {
      CsRun *run = cs_session_get_run (r.session, i);

      g_assert_cmpuint (run->regions->len, ==, 3);
      for (guint k = 0; k < 3; k++)
        {
          const CsRegion *region = g_ptr_array_index (run->regions, k);

          g_assert_cmpuint (region->calls, ==, 30);
          g_assert_cmpuint (region->threads->len, ==, 1);
          g_assert_cmpuint (((CsThreadCounts *) g_ptr_array_index (region->threads, 0))->calls, ==, 30);
        }
    }
  one = region_value (r.session, "one", FALSE, NULL);
  two = region_value (r.session, "two", FALSE, NULL);
  four = region_value (r.session, "four", FALSE, NULL);
  /* 1 : 2 : 4 units of work take 1 : 2 : 4 of CPU time only on a quiet
   * machine (a busy one slows some calls more than others): the ratios
   * are those of the thread CPU time the program measured around each
   * region, which the work's design puts near 1 : 2 : 4. */
  assert_near (two / one, oracle_mean (&r, "two") / oracle_mean (&r, "one"), 0.10, "two / one");
  assert_near (four / one, oracle_mean (&r, "four") / oracle_mean (&r, "one"), 0.10, "four / one");
  assert_near (one, oracle_mean (&r, "one"), 0.10, "one vs. its thread CPU time");
  assert_near (two, oracle_mean (&r, "two"), 0.10, "two vs. its thread CPU time");
  assert_near (four, oracle_mean (&r, "four"), 0.10, "four vs. its thread CPU time");
  g_assert_false (has_warning (r.session, "libcyclescope-region"));
}

static void
test_ratio_runs (void)
{
  check_ratio (CS_PLAN_MODE_RUNS);
}

static void
test_ratio_multiplex (void)
{
  check_ratio (CS_PLAN_MODE_MULTIPLEX);
}

/* Snapshots are shared by neighbouring changes, so the identities hold to
 * the unit, for every event and for the times: inclusive(outer) =
 * exclusive(outer) + exclusive(inner), and "inner", entered inside itself,
 * is counted once inclusively (inclusive = exclusive). */
static void
test_nested (void)
{
  g_auto(Recording) r = { 0 };
  CsRun *run;
  const CsRegion *outer, *inner;

  record (&r, "nested", "20", CS_PLAN_MODE_RUNS, 0, FALSE);
  run = cs_session_get_run (r.session, 0);
  outer = find_region (run, "outer");
  inner = find_region (run, "inner");
  g_assert_cmpuint (outer->calls, ==, 20);
  g_assert_cmpuint (inner->calls, ==, 40);
  for (guint e = 0; e < outer->counts->len; e++)
    {
      const CsCount *oe = &g_array_index (outer->counts, CsCount, e);
      const CsCount *oi = &g_array_index (outer->inclusive, CsCount, e);
      const CsCount *ie = &g_array_index (inner->counts, CsCount, e);
      const CsCount *ii = &g_array_index (inner->inclusive, CsCount, e);

      g_assert_cmpuint (oi->value, ==, oe->value + ie->value);
      g_assert_cmpuint (oi->time_enabled, ==, oe->time_enabled + ie->time_enabled);
      g_assert_cmpuint (ii->value, ==, ie->value);
    }
  assert_near (region_value (r.session, "outer", FALSE, NULL), oracle_mean (&r, "outer_self"), 0.10,
               "outer exclusive");
  assert_near (region_value (r.session, "outer", TRUE, NULL), oracle_mean (&r, "outer_total"), 0.10,
               "outer inclusive");
  assert_near (region_value (r.session, "inner", TRUE, NULL), oracle_mean (&r, "inner"), 0.10,
               "inner inclusive");
}

/* Two threads in one region: the region is their sum (exactly) and each
 * thread keeps its share, which agrees with its own CPU time. */
static void
test_threads (void)
{
  g_auto(Recording) r = { 0 };
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) keys = NULL;
  const CsRegion *shared;
  CsRun *run;
  guint64 sum = 0, calls = 0;
  guint found = 0;

  record (&r, "threads", "20", CS_PLAN_MODE_RUNS, 0, FALSE);
  run = cs_session_get_run (r.session, 0);
  shared = find_region (run, "shared");
  g_assert_cmpuint (shared->threads->len, ==, 2);
  for (guint t = 0; t < 2; t++)
    {
      const CsThreadCounts *thread = g_ptr_array_index (shared->threads, t);

      sum += count_in (thread->counts, "task_clock")->value;
      calls += thread->calls;
      g_assert_cmpuint (thread->calls, ==, 20);
      g_assert_cmpint (thread->tid, !=, thread->pid);
    }
  g_assert_cmpuint (sum, ==, count_in (shared->counts, "task_clock")->value);
  g_assert_cmpuint (calls, ==, shared->calls);

  /* Each thread's share against its own CPU time, matched by thread id. */
  g_assert_true (g_file_get_contents (r.oracle, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", -1);

      if (g_strv_length (f) < 3 || strcmp (f[0], "thread") != 0)
        continue;
      for (guint t = 0; t < shared->threads->len; t++)
        {
          const CsThreadCounts *thread = g_ptr_array_index (shared->threads, t);

          if (thread->tid != g_ascii_strtoll (f[1], NULL, 10))
            continue;
          assert_near (count_in (thread->counts, "task_clock")->value, g_ascii_strtod (f[2], NULL),
                       0.10, "a thread's share");
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 2);

  /* Across runs a thread is known by name and rank. */
  keys = cs_session_list_region_threads (r.session, "shared");
  g_assert_cmpuint (keys->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (keys, 0), !=, g_ptr_array_index (keys, 1));
  g_assert_cmpfloat (region_value (r.session, "shared", FALSE, g_ptr_array_index (keys, 0)) +
                     region_value (r.session, "shared", FALSE, g_ptr_array_index (keys, 1)), ==,
                     region_value (r.session, "shared", FALSE, NULL));
}

/* --skip-events N leaves out exactly the regions of the first N events. */
static void
test_skip_events (void)
{
  g_auto(Recording) r = { 0 };
  g_auto(Recording) all = { 0 };

  record (&r, "skip", "10", CS_PLAN_MODE_RUNS, 3, FALSE);
  g_assert_cmpuint (find_region (cs_session_get_run (r.session, 0), "work")->calls, ==, 7);
  record (&all, "skip", "10", CS_PLAN_MODE_RUNS, 0, FALSE);
  g_assert_cmpuint (find_region (cs_session_get_run (all.session, 0), "work")->calls, ==, 10);
}

/* More skipped events than the program has: said, not silently empty. */
static void
test_skip_all (void)
{
  g_auto(Recording) r = { 0 };

  record (&r, "skip", "4", CS_PLAN_MODE_RUNS, 4, FALSE);
  g_assert_cmpuint (cs_session_get_run (r.session, 0)->regions->len, ==, 0);
  g_assert_true (has_warning (r.session, "--skip-events 4"));
}

/* exit() inside two open regions: both are closed there and counted. */
static void
test_exit_inside (void)
{
  g_auto(Recording) r = { 0 };
  CsRun *run;

  record (&r, "exit", "1", CS_PLAN_MODE_RUNS, 0, FALSE);
  run = cs_session_get_run (r.session, 0);
  g_assert_cmpuint (find_region (run, "leaving")->calls, ==, 1);
  g_assert_cmpuint (find_region (run, "outer")->calls, ==, 1);
  assert_near (region_value (r.session, "leaving", FALSE, NULL), oracle_mean (&r, "leaving"), 0.10,
               "leaving");
  g_assert_cmpuint (count_in (find_region (run, "outer")->inclusive, "task_clock")->value, >=,
                    count_in (find_region (run, "leaving")->counts, "task_clock")->value);
}

/* A program that never calls the library: said plainly, for every run. */
static void
test_never_called (void)
{
  g_auto(Recording) r = { 0 };
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { workload, "spin", "0.05", NULL };

  r.dir = cs_test_mkdtemp ();
  r.bundle = g_build_filename (r.dir, "none.cyclescope", NULL);
  options = options_for (argv, r.bundle);
  options->regions = TRUE;
  recorder = cs_recorder_new (options, &error);
  g_assert_no_error (error);
  session = cs_recorder_run (recorder, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (has_warning (session, "Run 1 (group 1): the program never called libcyclescope-region"));
  g_assert_true (has_warning (session, "Sampling run 1: the program never called libcyclescope-region"));
  g_assert_null (cs_session_get_sampling_run (session, 0)->regions);
}

/* Linked, loaded, but no region entered; one end too many. */
static void
test_loaded_unused (void)
{
  g_auto(Recording) none = { 0 };
  g_auto(Recording) unmatched = { 0 };

  record (&none, "none", "1", CS_PLAN_MODE_RUNS, 0, FALSE);
  g_assert_true (has_warning (none.session, "loaded libcyclescope-region but never entered a region"));
  record (&unmatched, "unmatched", "1", CS_PLAN_MODE_RUNS, 0, FALSE);
  g_assert_true (has_warning (unmatched.session, "cs_region_end() found no region open (1 of its calls)"));
}

/* The sampling run keeps the marks in the bundle, and no leftovers. */
static void
test_sampling_marks (void)
{
  g_auto(Recording) r = { 0 };
  CsSamplingRun *srun;
  g_autofree char *path = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  record (&r, "disjoint", "5", CS_PLAN_MODE_RUNS, 0, TRUE);
  srun = cs_session_get_sampling_run (r.session, 0);
  g_assert_cmpstr (srun->regions, ==, "sampling-0.regions");
  path = cs_session_get_regions_path (r.session, srun);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  dir = g_dir_open (r.bundle, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_prefix (name, ".regions-"));
}

/* The documented form of the variable. */
static void
test_env_value (void)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_group_free);
  CsCountingGroup *g = cs_counting_group_new ("g1");
  struct perf_event_attr attr = { .type = 1, .config = 1, .exclude_kernel = 1 };
  g_autoptr(CsRegionRun) run = NULL;

  cs_counting_group_add (g, cs_counting_event_new ("task_clock", "task-clock", NULL, &attr));
  attr.config = 2;
  attr.exclude_kernel = 0;
  cs_counting_group_add (g, cs_counting_event_new ("page_faults", "page-faults", NULL, &attr));
  g_ptr_array_add (groups, g);
  run = cs_region_run_new ("/b/x.cyclescope", "run-0", groups, 7);
  g_assert_cmpstr (cs_region_run_get_value (run), ==,
                   "1;skip=7;marks=0;group=1:0x1:0x0:0x0:2,1:0x2:0x0:0x0:0;"
                   "out=/b/x.cyclescope/.regions-run-0");
  g_assert_true (g_strv_contains (cs_region_run_get_envp (run),
                                  "CYCLESCOPE_REGIONS=1;skip=7;marks=0;group=1:0x1:0x0:0x0:2,"
                                  "1:0x2:0x0:0x0:0;out=/b/x.cyclescope/.regions-run-0"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* argv: cs-test-workload, cyclescope (cs-test-record.h), cs-test-regions */
  if (argc >= 4)
    g_setenv ("CS_TEST_REGIONS_WORKLOAD", argv[3], TRUE);
  cs_test_record_init (argc, argv);
  regions_workload = g_getenv ("CS_TEST_REGIONS_WORKLOAD");
  g_assert_nonnull (regions_workload);
  g_test_add_func ("/regions/env-value", test_env_value);
  g_test_add_func ("/regions/ratio-runs", test_ratio_runs);
  g_test_add_func ("/regions/ratio-multiplex", test_ratio_multiplex);
  g_test_add_func ("/regions/nested", test_nested);
  g_test_add_func ("/regions/threads", test_threads);
  g_test_add_func ("/regions/skip-events", test_skip_events);
  g_test_add_func ("/regions/skip-all", test_skip_all);
  g_test_add_func ("/regions/exit-inside", test_exit_inside);
  g_test_add_func ("/regions/never-called", test_never_called);
  g_test_add_func ("/regions/loaded-unused", test_loaded_unused);
  g_test_add_func ("/regions/sampling-marks", test_sampling_marks);
  return g_test_run ();
}
