/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-timeline.c — filters and the timeline on a large recording, beside
 * perf report
 *
 *   bench-timeline PROFILE-WORKLOAD [SAMPLES]
 *
 * Set-up: `perf record -g -F 20000 -e cpu-clock` of profile-workload with
 * 64 CPU-bound threads, long enough for about SAMPLES samples (default
 * 700 000; the count is read back and the recording repeated once, longer,
 * when it fell short). Then, on that file:
 *
 *   - the sample columns: their bytes per sample (time, period, context,
 *     location, stack and their lookups);
 *   - re-aggregating every view after a filter change (a time range of 20 %
 *     to 60 %, and one thread of 64): the filtered analysis (module scopes,
 *     charts, evaluation: cs_analysis_new_filtered), the call graph of its
 *     profile (the Call Graph page, the flame graph), and every module's
 *     hot symbols (the Modules page); median of 5;
 *   - the anchor: `perf report --time 20%-60% --sort dso,sym -g none` and
 *     `--tid TID` as processes, median of 3;
 *   - the timeline's first frame: binning every sample into 1 400 columns
 *     with the process expanded into its 64 threads, and drawing it at
 *     1600 pixels wide (headless cairo, the widget's code); median of 5.
 *
 * Goals (issue 14): re-aggregating every view ≤ 100 ms; the first frame
 * ≤ 16 ms; the columns ≤ 24 bytes per sample. The figures are printed; the
 * exit status is 0 unless something failed to run.
 */
#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cs-analysis.h"
#include "cs-bench-util.h"
#include "cs-call-graph.h"
#include "cs-profile-filter.h"
#include "cs-profile-samples.h"
#include "cs-profile-summary.h"
#include "cs-profile-tasks.h"
#include "cs-timeline-draw.h"

#define REPEAT 5
#define THREADS "64"

static char *perf;

/* This thread's CPU time: on a loaded machine (the figures are taken while
 * other builds run) the wall time says more about the neighbours. */
static double
cpu_now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double
run_timed (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  int status = 0;
  double t0 = cs_bench_now ();

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, NULL))
    {
      g_printerr ("bench-timeline: %s failed\n", argv[0]);
      return -1;
    }
  return cs_bench_now () - t0;
}

static double
median_run (const char * const *argv)
{
  double t[3];

  for (guint i = 0; i < 3; i++)
    if ((t[i] = run_timed (argv)) < 0)
      return -1;
  return cs_bench_median (t, 3);
}

static gboolean
record (const char *workload,
        const char *file,
        double      seconds)
{
  g_autofree char *secs = g_strdup_printf ("%.2f", seconds);
  const char *argv[] = { perf, "record", "-q", "-g", "-F", "20000", "-e", "cpu-clock", "-o", file, "--",
                         workload, THREADS, "--cpu", secs, NULL };

  g_print ("set-up: perf record -g -F 20000 -e cpu-clock -- profile-workload " THREADS " --cpu %s\n", secs);
  return run_timed (argv) >= 0;
}

static CsAnalysis *
load (const char *file)
{
  g_autoptr(GError) error = NULL;
  CsAnalysisOptions options = { 0 };
  CsAnalysis *analysis = cs_analysis_load (file, &options, NULL, NULL, NULL, &error);

  if (analysis == NULL || cs_analysis_get_profile (analysis) == NULL)
    g_error ("loading %s failed: %s", file, error != NULL ? error->message : "no samples");
  return analysis;
}

/* Every view of @base under @filter, as the window recomputes them. */
static double
reaggregate (CsAnalysis      *base,
             CsProfileFilter *filter,
             guint64         *n_selected,
             double          *cpu)
{
  double c0 = cpu_now ();
  double t0 = cs_bench_now ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) filtered = cs_analysis_new_filtered (base, filter, NULL, &error);
  g_autoptr(CsCallGraph) graph = NULL;
  double t;

  if (filtered == NULL)
    g_error ("filtering failed: %s", error->message);
  graph = cs_call_graph_new_for_profile (cs_analysis_get_profile (filtered), NULL, &error);
  for (guint i = 0; i < cs_analysis_get_n_scopes (filtered); i++)
    g_array_unref (cs_analysis_dup_top_symbols (filtered, cs_analysis_get_scope (filtered, i), NULL));
  t = cs_bench_now () - t0;
  *cpu = cpu_now () - c0;
  *n_selected = 0;
  for (guint e = 0; e < cs_profile_get_n_events (cs_analysis_get_profile (filtered)); e++)
    *n_selected += cs_profile_get_event (cs_analysis_get_profile (filtered), e)->n_samples;
  return t;
}

static void
report_filter (const char      *what,
               CsAnalysis      *base,
               CsProfileFilter *filter,
               const char     **perf_args)
{
  double t[REPEAT], c[REPEAT];
  guint64 n = 0;
  double anchor = median_run (perf_args);

  for (guint i = 0; i < REPEAT; i++)
    t[i] = reaggregate (base, filter, &n, &c[i]);
  g_print ("re-aggregate every view, %s: %" G_GUINT64_FORMAT " samples selected: %.1f ms wall, %.1f ms CPU "
           "(median of %d; goal ≤ 100 ms); perf report %s: %.0f ms wall\n", what, n, cs_bench_median (t, REPEAT) * 1e3,
           cs_bench_median (c, REPEAT) * 1e3, REPEAT, what, anchor * 1e3);
}

/* Binning and drawing the timeline at 1600 pixels, its process expanded. */
static double
timeline_frame (CsProfile *profile,
                guint     *n_rows,
                double    *binning,
                double    *cpu)
{
  CsChartStyle style;
  CsTimelineOptions options;
  g_autofree gint32 *pids = g_new0 (gint32, MAX (cs_profile_get_n_processes (profile), 1));
  cairo_surface_t *surface;
  cairo_t *cr;
  double t0, t, height;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  for (guint i = 0; i < cs_profile_get_n_processes (profile); i++)
    pids[i] = cs_profile_get_process (profile, i)->pid;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 1600);
  cr = cairo_create (surface);
  t0 = cs_bench_now ();
  *cpu = cpu_now ();
  cs_timeline_options_init (&options);
  options.n_bins = cs_timeline_plot_width (&style, 1600);
  options.expanded = pids;
  options.n_expanded = cs_profile_get_n_processes (profile);
  {
    g_autoptr(CsTimelineLayout) layout = cs_timeline_layout_new (profile, &options);

    *binning = cs_bench_now () - t0;
    height = MIN (cs_timeline_get_natural_height (layout, &style), 1600);
    cs_timeline_draw (cr, layout, &style, NULL, 1600, height);
    cairo_surface_flush (surface);
    t = cs_bench_now () - t0;
    *cpu = cpu_now () - *cpu;
    *n_rows = layout->rows->len;
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return t;
}

int
main (int    argc,
      char **argv)
{
  const char *workload;
  guint64 want = 700000, n;
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  CsProfile *profile;
  const CsProfileSamples *samples;
  double seconds;

  if (argc < 2)
    {
      g_printerr ("usage: bench-timeline PROFILE-WORKLOAD [SAMPLES]\n");
      return 1;
    }
  workload = argv[1];
  if (argc > 2)
    want = g_ascii_strtoull (argv[2], NULL, 10);
  if (!(perf = g_find_program_in_path ("perf")))
    {
      g_print ("perf is not installed: nothing to measure\n");
      return 0;
    }
  dir = g_dir_make_tmp ("bench-timeline-XXXXXX", NULL);
  file = g_build_filename (dir, "perf.data", NULL);
  /* 20 000 samples per CPU second over every thread */
  seconds = want / 20000.0 / 64;
  for (guint attempt = 0;; attempt++)
    {
      if (!record (workload, file, seconds))
        return 1;
      g_clear_object (&analysis);
      analysis = load (file);
      n = cs_profile_get_summary (cs_analysis_get_profile (analysis))->n_samples;
      if (n >= want * 0.9 || attempt > 0)
        break;
      seconds *= (double) want / MAX (n, 1) * 1.05;
    }
  profile = cs_analysis_get_profile (analysis);
  samples = cs_profile_get_samples (profile);
  g_print ("file: %" G_GUINT64_FORMAT " samples, %u threads\n", n,
           cs_profile_get_summary (profile)->n_threads);

  {
    gsize per_sample = sizeof (guint64) + 3 * sizeof (guint32) + (samples->stack != NULL ? sizeof (guint32) : 0);
    gsize lookups = samples->n_contexts * sizeof (CsProfileContext) +
                    samples->n_locations * sizeof (guint16) * (samples->location_region != NULL ? 2 : 1) +
                    samples->n_large * sizeof (CsProfileLargePeriod);

    g_print ("columns: %.2f bytes per sample (%" G_GSIZE_FORMAT " per sample + %" G_GSIZE_FORMAT
             " bytes of lookups; the call-stack tree apart); goal ≤ 24\n",
             per_sample + (double) lookups / MAX (samples->n, 1), per_sample, lookups);
  }

  {
    g_autoptr(CsProfileFilter) filter = cs_profile_filter_new ();
    g_autoptr(GError) error = NULL;
    guint64 first = 0, last = 0;
    const char *args[] = { perf, "report", "-i", file, "--stdio", "--sort", "dso,sym", "-g", "none",
                           "--time", "20%-60%", NULL };

    cs_profile_get_time_bounds (profile, &first, &last);
    if (!cs_profile_filter_parse_time (filter, "20%-60%", first, last, &error))
      g_error ("%s", error->message);
    report_filter ("--time 20%-60%", analysis, filter, args);
  }
  {
    g_autoptr(CsProfileFilter) filter = cs_profile_filter_new ();
    const CsProfileProcess *process = cs_profile_get_process (profile, 0);
    gint32 tid = cs_profile_get_task (profile, process->tasks[process->n_tasks / 2])->tid;
    g_autofree char *tid_text = g_strdup_printf ("%d", tid);
    const char *args[] = { perf, "report", "-i", file, "--stdio", "--sort", "dso,sym", "-g", "none",
                           "--tid", tid_text, NULL };

    cs_profile_filter_add_number (filter, CS_FILTER_THREAD, FALSE, tid);
    report_filter ("--tid (one thread of " THREADS ")", analysis, filter, args);
  }
  {
    double t[REPEAT], b[REPEAT], c[REPEAT];
    guint rows = 0;

    for (guint i = 0; i < REPEAT; i++)
      t[i] = timeline_frame (profile, &rows, &b[i], &c[i]);
    g_print ("timeline first frame (bin + draw, 1600 px, %u rows): %.1f ms wall, of which binning %.1f ms; "
             "%.1f ms CPU (median of %d); goal ≤ 16 ms\n", rows, cs_bench_median (t, REPEAT) * 1e3,
             cs_bench_median (b, REPEAT) * 1e3, cs_bench_median (c, REPEAT) * 1e3, REPEAT);
  }

  g_unlink (file);
  {
    g_autofree char *old = g_strconcat (file, ".old", NULL);

    g_unlink (old);
  }
  g_rmdir (dir);
  g_free (perf);
  return 0;
}
