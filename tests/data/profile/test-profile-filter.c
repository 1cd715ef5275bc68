/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-profile-filter.c — the sample columns, threads, filters and filtered
 * profiles of a recording written by hand (cs-timeline-synth.h)
 *
 * Expected values come from the rule the file was written by: which
 * samples a filter must select, their counts and periods, each thread's
 * names and times. "Re-aggregation equals a fresh aggregation": the
 * filtered profile of the whole file is compared with the profile loaded
 * from a second file holding only the selected samples (and the same
 * side-band records), which takes the loading path, not the filter's.
 *
 * Arguments: CALLGRAPH-WORKLOAD (a program whose functions the samples
 * name).
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cs-call-graph.h"
#include "cs-profile-filter.h"
#include "cs-profile-samples.h"
#include "cs-profile-summary.h"
#include "cs-profile-tasks.h"
#include "cs-test-same-tables.h"
#include "cs-timeline-synth-select.h"

static const char *program;
static char *tmpdir;

static CsProfile *
load (const char *path)
{
  g_autoptr(CsSymbolizer) symbolizer = cs_symbolizer_new ();
  g_autofree char *kallsyms = tl_synth_kallsyms (tmpdir);
  g_autoptr(GError) error = NULL;
  CsProfile *profile;

  cs_symbolizer_set_kallsyms_path (symbolizer, kallsyms);
  profile = cs_profile_load (path, symbolizer, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return profile;
}

static CsProfile *
load_default (gboolean chains)
{
  g_autofree char *path = tl_synth_default (program, chains, tmpdir, chains ? "chains.data" : "plain.data",
                                            NULL, NULL);

  return load (path);
}

static void
test_columns (void)
{
  g_autoptr(CsProfile) profile = load_default (FALSE);
  const CsProfileSamples *samples = cs_profile_get_samples (profile);

  g_assert_cmpuint (samples->n, ==, TL_N + 1);
  g_assert_null (samples->stack);
  g_assert_cmpuint (cs_profile_samples_get_row_size (samples), ==, 20);
  for (guint i = 0; i <= TL_N; i++)
    {
      TlSample x = tl_synth_sample (tl_synth_sample_at (i));
      const CsProfileThread *t = cs_profile_get_thread (profile, cs_profile_samples_thread (samples, i));

      g_assert_cmpuint (samples->time[i], ==, x.time);
      g_assert_cmpuint (cs_profile_samples_period (samples, i), ==, x.period);
      g_assert_cmpuint (cs_profile_samples_cpu (samples, i), ==, x.cpu);
      g_assert_cmpuint (cs_profile_samples_event (samples, i), ==, 0);
      g_assert_cmpint (t->pid, ==, x.pid);
      g_assert_cmpint (t->tid, ==, x.tid);
      g_assert_cmpstr (t->comm, ==, tl_synth_comm (tl_synth_sample_at (i)));
    }
  g_assert_cmpuint (samples->n_large, ==, 1);

  {
    g_autoptr(CsProfile) chains = load_default (TRUE);

    g_assert_nonnull (cs_profile_get_samples (chains)->stack);
    g_assert_cmpuint (cs_profile_samples_get_row_size (cs_profile_get_samples (chains)), ==, 24);
  }
}

static const CsProfileTask *
task_of (CsProfile *profile,
         gint32     tid)
{
  for (guint i = 0; i < cs_profile_get_n_tasks (profile); i++)
    if (cs_profile_get_task (profile, i)->tid == tid)
      return cs_profile_get_task (profile, i);
  g_error ("no task %d", tid);
}

static void
test_tasks (void)
{
  g_autoptr(CsProfile) profile = load_default (FALSE);
  const CsProfileTask *t100 = task_of (profile, 100), *t101 = task_of (profile, 101), *t200 = task_of (profile, 200);
  const CsProfileProcess *p;
  const CsProfileMark *marks;
  guint n_marks;

  /* --sort pid names a thread by its last name */
  g_assert_cmpstr (t100->comm, ==, "alpha");
  g_assert_cmpstr (t101->comm, ==, "alpha-late");
  g_assert_cmpstr (t200->comm, ==, "beta");
  g_assert_cmpint (t101->pid, ==, 100);
  /* lifetimes: FORK starts, EXIT ends, else the last sample */
  g_assert_cmpuint (t101->start, ==, TL_T0 - 4000);
  g_assert_cmpuint (t200->start, ==, TL_T0 - 3000);
  g_assert_true (t200->exited);
  g_assert_cmpuint (t200->end, ==, tl_synth_sample (TL_N / 2).time - 1);
  g_assert_false (t101->exited);
  g_assert_cmpuint (t101->end, ==, tl_synth_sample (TL_N - 1).time);
  g_assert_cmpuint (t101->first_sample, ==, tl_synth_sample (TL_N / 2 + 1).time);
  g_assert_cmpuint (t200->n_samples, ==, TL_N / 4);
  g_assert_cmpuint (t101->n_samples, ==, TL_N / 4);
  g_assert_cmpuint (t100->n_samples, ==, TL_N / 2 + 1);

  g_assert_cmpuint (cs_profile_get_n_processes (profile), ==, 2);
  p = cs_profile_get_process (profile, 0);
  g_assert_cmpint (p->pid, ==, 100);
  g_assert_cmpstr (p->comm, ==, "alpha");
  g_assert_cmpuint (p->n_tasks, ==, 2);
  g_assert_cmpint (cs_profile_get_task (profile, p->tasks[0])->tid, ==, 100);
  g_assert_cmpint (cs_profile_get_task (profile, p->tasks[1])->tid, ==, 101);
  g_assert_cmpint (cs_profile_get_process (profile, 1)->pid, ==, 200);

  marks = cs_profile_get_marks (profile, &n_marks);
  g_assert_cmpuint (n_marks, ==, 3);
  g_assert_cmpuint (marks[0].kind, ==, CS_PROFILE_MARK_LOST);
  g_assert_cmpuint (marks[0].count, ==, 17);
  g_assert_cmpuint (marks[0].cpu, ==, 1);
  g_assert_cmpuint (marks[0].time, ==, tl_synth_sample (TL_N / 4).time - 2);
  g_assert_cmpuint (marks[1].kind, ==, CS_PROFILE_MARK_THROTTLE);
  g_assert_cmpuint (marks[2].kind, ==, CS_PROFILE_MARK_UNTHROTTLE);
  g_assert_cmpuint (marks[2].time, ==, tl_synth_sample (TL_N / 4 + 10).time - 1);
}

static void
test_summary (void)
{
  g_autoptr(CsProfile) profile = load_default (FALSE);
  const CsProfileSummary *s = cs_profile_get_summary (profile);
  guint64 first, last;

  g_assert_cmpstr (s->command, ==, "./alpha --fast");
  g_assert_cmpstr (s->cmdline[0], ==, "/usr/bin/perf");
  g_assert_cmpuint (s->first_time, ==, TL_T0);
  g_assert_cmpuint (s->last_time, ==, TL_T0 + (TL_N - 1) * TL_STEP);
  g_assert_cmpuint (s->duration, ==, (TL_N - 1) * TL_STEP);
  g_assert_cmpuint (s->n_processes, ==, 2);
  g_assert_cmpuint (s->n_threads, ==, 3);
  g_assert_cmpuint (s->n_samples, ==, TL_N + 1);
  g_assert_cmpuint (s->sample_period, ==, 100);
  g_assert_cmpuint (s->n_lost, ==, 17);
  g_assert_cmpuint (s->n_throttled, ==, 1);
  g_assert_cmpfloat_with_epsilon (s->samples_per_second, (TL_N + 1) / ((TL_N - 1) * TL_STEP / 1e9), 1e-3);
  g_assert_true (cs_profile_get_time_bounds (profile, &first, &last));
  g_assert_cmpuint (first, ==, TL_T0);
  g_assert_cmpuint (last, ==, s->last_time);
}

/* --- the filter algebra --- */

typedef struct
{
  guint64  start, end;
  gboolean exclude;
} Window;

static gboolean
in_window (guint    i,
           gpointer data)
{
  const Window *w = data;
  guint64 t = tl_synth_sample (i).time;

  if (t == 0)
    return TRUE;
  return (t >= w->start && t <= w->end) != w->exclude;
}

static void
check_window (CsProfile *profile,
              guint64    start,
              guint64    end,
              gboolean   exclude)
{
  g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();
  CsTimeRange r = { start, end };
  Window w = { start, end, exclude };

  cs_profile_filter_add_time (f, exclude, &r, 1);
  tl_synth_assert_selects (profile, f, in_window, &w);
}

static void
test_time_ranges (void)
{
  g_autoptr(CsProfile) profile = load_default (FALSE);
  guint64 t10 = tl_synth_sample (10).time, t20 = tl_synth_sample (20).time;

  /* both ends included, at sample boundaries and just inside them */
  check_window (profile, t10, t20, FALSE);
  check_window (profile, t10 + 1, t20 - 1, FALSE);
  check_window (profile, t10 - 1, t20 + 1, FALSE);
  check_window (profile, t10, t10, FALSE);
  check_window (profile, t10, t20, TRUE);
  check_window (profile, t10 + 1, t20 - 1, TRUE);
  check_window (profile, 0, G_MAXUINT64, FALSE);
}

static gboolean
is_pid_100 (guint i, gpointer data) { return tl_synth_sample (i).pid == 100; }
static gboolean
not_pid_100 (guint i, gpointer data) { return tl_synth_sample (i).pid != 100; }
static gboolean
is_tid_101 (guint i, gpointer data) { return tl_synth_sample (i).tid == 101; }
static gboolean
is_tid_101_or_200 (guint i, gpointer data) { return tl_synth_sample (i).tid == 101 || tl_synth_sample (i).tid == 200; }
static gboolean
is_late (guint i, gpointer data) { return g_str_equal (tl_synth_comm (i), "alpha-late"); }
static gboolean
is_alpha (guint i, gpointer data) { return g_str_equal (tl_synth_comm (i), "alpha"); }
static gboolean
is_cpu_1 (guint i, gpointer data) { return tl_synth_sample (i).cpu == 1; }
static gboolean
is_kernel (guint i, gpointer data) { return g_str_equal (tl_synth_sample (i).function, "k_leaf"); }
static gboolean
not_kernel (guint i, gpointer data) { return !is_kernel (i, data); }
static gboolean
is_leaf_spin (guint i, gpointer data) { return g_str_equal (tl_synth_sample (i).function, "leaf_spin"); }
static gboolean
nothing (guint i, gpointer data) { return FALSE; }
static gboolean
pid_100_cpu_1 (guint i, gpointer data) { return is_pid_100 (i, data) && is_cpu_1 (i, data); }
static gboolean
user_pid_100_in_window (guint i, gpointer data)
{
  return is_pid_100 (i, NULL) && !is_kernel (i, NULL) && in_window (i, data);
}

static void
test_algebra (void)
{
  g_autoptr(CsProfile) profile = load_default (FALSE);
  gint64 pid100 = 100, tids[] = { 200, 101 }, cpu1 = 1;
  const struct
  {
    CsFilterKind kind;
    gboolean     exclude;
    const char  *value;
    TlPredicate  want;
  } cases[] = {
    { CS_FILTER_PROCESS, FALSE, NULL, is_pid_100 },
    { CS_FILTER_PROCESS, TRUE, NULL, not_pid_100 },
    { CS_FILTER_COMM, FALSE, "alpha-late", is_late },
    { CS_FILTER_COMM, FALSE, "alpha", is_alpha },
    { CS_FILTER_COMM, FALSE, "nobody", nothing },
    { CS_FILTER_MODULE, FALSE, "[kernel.kallsyms]", is_kernel },
    { CS_FILTER_MODULE, TRUE, "[kernel.kallsyms]", not_kernel },
    { CS_FILTER_SYMBOL, FALSE, "leaf_spin", is_leaf_spin },
    /* without call chains a function is the sample's own */
    { CS_FILTER_FUNCTION, FALSE, "leaf_spin", is_leaf_spin },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();

      if (cases[c].value != NULL)
        cs_profile_filter_add_string (f, cases[c].kind, cases[c].exclude, cases[c].value);
      else
        cs_profile_filter_add_number (f, cases[c].kind, cases[c].exclude, pid100);
      tl_synth_assert_selects (profile, f, cases[c].want, NULL);
    }

  {
    g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();

    /* a set is any of its values */
    cs_profile_filter_add_numbers (f, CS_FILTER_THREAD, FALSE, tids, 2);
    tl_synth_assert_selects (profile, f, is_tid_101_or_200, NULL);
    /* clauses all hold: threads {101, 200} of process 100 */
    cs_profile_filter_add_number (f, CS_FILTER_PROCESS, FALSE, 100);
    tl_synth_assert_selects (profile, f, is_tid_101, NULL);
    /* two include clauses of one kind: none is both */
    cs_profile_filter_add_number (f, CS_FILTER_THREAD, FALSE, 200);
    tl_synth_assert_selects (profile, f, nothing, NULL);
    /* Back */
    cs_profile_filter_truncate (f, 2);
    tl_synth_assert_selects (profile, f, is_tid_101, NULL);
    cs_profile_filter_remove (f, 0);
    tl_synth_assert_selects (profile, f, is_pid_100, NULL);
  }
  {
    g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();

    cs_profile_filter_add_number (f, CS_FILTER_PROCESS, FALSE, 100);
    cs_profile_filter_add_number (f, CS_FILTER_CPU, FALSE, cpu1);
    tl_synth_assert_selects (profile, f, pid_100_cpu_1, NULL);
  }
  {
    g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();
    Window w = { tl_synth_sample (100).time, tl_synth_sample (300).time, FALSE };
    CsTimeRange r = { w.start, w.end };

    cs_profile_filter_add_time (f, FALSE, &r, 1);
    cs_profile_filter_add_number (f, CS_FILTER_PROCESS, FALSE, 100);
    cs_profile_filter_add_string (f, CS_FILTER_MODULE, TRUE, "[kernel.kallsyms]");
    tl_synth_assert_selects (profile, f, user_pid_100_in_window, &w);
  }
}

typedef struct
{
  const CsTimeRange *ranges;
  guint              n;
} RangeSet;

static gboolean
in_ranges (guint    i,
           gpointer data)
{
  const RangeSet *set = data;
  guint64 t = tl_synth_sample (i).time;

  if (t == 0)
    return TRUE;
  for (guint k = 0; k < set->n; k++)
    if (t >= set->ranges[k].start && t <= set->ranges[k].end)
      return TRUE;
  return FALSE;
}

/* perf's set_percent_time(), by hand: start + round(p × total), the end one
 * nanosecond back unless it is the last sample. */
static CsTimeRange
percent (double a,
         double b)
{
  guint64 first = TL_T0, last = TL_T0 + (TL_N - 1) * TL_STEP, total = last - first;
  CsTimeRange r = { first + (guint64) (a * total + 0.5), first + (guint64) (b * total + 0.5) };

  if (r.end > r.start && r.end != last)
    r.end--;
  return r;
}

static void
check_time_text (CsProfile         *profile,
                 const char        *text,
                 const CsTimeRange *ranges,
                 guint              n)
{
  g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();
  g_autoptr(GError) error = NULL;
  guint64 first, last;
  RangeSet set = { ranges, n };

  g_assert_true (cs_profile_get_time_bounds (profile, &first, &last));
  if (!cs_profile_filter_parse_time (f, text, first, last, &error))
    g_error ("--time %s: %s", text, error->message);
  tl_synth_assert_selects (profile, f, in_ranges, &set);
}

static void
test_time_syntax (void)
{
  g_autoptr(CsProfile) profile = load_default (FALSE);
  /* as perf script prints times: seconds with six decimals */
  guint64 t10 = tl_synth_sample (10).time, t20 = tl_synth_sample (20).time, t30 = tl_synth_sample (30).time;
  g_autofree char *abs = g_strdup_printf ("%" G_GUINT64_FORMAT ".%06" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                                          ".%06" G_GUINT64_FORMAT, t10 / 1000000000, t10 % 1000000000 / 1000,
                                          t20 / 1000000000, t20 % 1000000000 / 1000);
  g_autofree char *open_end = g_strdup_printf ("%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT ",",
                                               t20 / 1000000000, t20 % 1000000000);
  g_autofree char *open_start = g_strdup_printf (",%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                                 t20 / 1000000000, t20 % 1000000000);
  g_autofree char *two = g_strdup_printf ("%s %" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                                          ".%09" G_GUINT64_FORMAT, abs, t30 / 1000000000, t30 % 1000000000,
                                          (t30 + 5000) / 1000000000, (t30 + 5000) % 1000000000);
  CsTimeRange r_abs = { t10, t20 };
  CsTimeRange r_open_end = { t20, G_MAXUINT64 };
  CsTimeRange r_open_start = { 0, t20 };
  CsTimeRange r_two[] = { { t10, t20 }, { t30, t30 + 5000 } };
  CsTimeRange r_half[] = { percent (0, 0.5) };
  CsTimeRange r_split[] = { percent (0.2, 0.6) };
  CsTimeRange r_slash[] = { percent (0.1, 0.2) };
  CsTimeRange r_list[] = { percent (0, 0.1), percent (0.3, 0.4) };
  CsTimeRange r_last[] = { percent (0.5, 1) };
  const char *bad[] = { "abc", "12", "5,3", "1.0,2.0 1.5,3.0", "1.0123456789,2", "120%-130%", "x%-10%", "10%/y", NULL };

  check_time_text (profile, abs, &r_abs, 1);
  check_time_text (profile, open_end, &r_open_end, 1);
  check_time_text (profile, open_start, &r_open_start, 1);
  check_time_text (profile, two, r_two, 2);
  check_time_text (profile, "50%", r_half, 1);
  check_time_text (profile, "20%-60%", r_split, 1);
  check_time_text (profile, "10%/2", r_slash, 1);
  check_time_text (profile, "0%-10%,30%-40%", r_list, 2);
  check_time_text (profile, "50%-100%", r_last, 1);

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();
      g_autoptr(GError) error = NULL;

      g_assert_false (cs_profile_filter_parse_time (f, bad[i], TL_T0, TL_T0 + TL_N * TL_STEP, &error));
      g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID);
      g_assert_true (strstr (error->message, "--time") != NULL);
    }
}

static void
test_lists (void)
{
  g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();
  g_autoptr(GError) error = NULL;
  const CsFilterClause *c;

  g_assert_true (cs_profile_filter_parse_list (f, CS_FILTER_CPU, "0-2,5", "--cpu", &error));
  c = cs_profile_filter_get_clause (f, 0);
  g_assert_cmpuint (c->n_values, ==, 4);
  g_assert_cmpint (c->numbers[3], ==, 5);
  g_assert_true (cs_profile_filter_parse_list (f, CS_FILTER_THREAD, "12,3", "--tid", &error));
  c = cs_profile_filter_get_clause (f, 1);
  g_assert_cmpint (c->numbers[0], ==, 3);
  g_assert_true (cs_profile_filter_parse_list (f, CS_FILTER_COMM, "a,b c", "--comm", &error));
  c = cs_profile_filter_get_clause (f, 2);
  g_assert_cmpstr (c->strings[1], ==, "b c");
  g_assert_false (cs_profile_filter_parse_list (f, CS_FILTER_CPU, "2-1", "--cpu", &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID);
  g_assert_true (strstr (error->message, "--cpu") != NULL);
  g_clear_error (&error);
  g_assert_false (cs_profile_filter_parse_list (f, CS_FILTER_PROCESS, "12,x", "--pid", &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID);
  g_assert_cmpuint (cs_profile_filter_get_n_clauses (f), ==, 3);

  {
    g_autoptr(CsProfileFilter) copy = cs_profile_filter_copy (f);

    g_assert_true (cs_profile_filter_equal (f, copy));
    cs_profile_filter_remove (copy, 1);
    g_assert_false (cs_profile_filter_equal (f, copy));
  }
}

/* --- re-aggregation --- */

static gboolean
keep_selected (guint    i,
               gpointer data)
{
  const guint8 *keep = data;

  return keep[i];
}

static void
check_reaggregation (gboolean         chains,
                     CsProfileFilter *filter,
                     const char      *name)
{
  g_autoptr(CsProfile) whole = load_default (chains);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsProfile) view = cs_profile_new_filtered (whole, filter, NULL, &error);
  guint8 keep[TL_N + 1] = { 0 };
  const guint32 *subset;
  guint n;
  g_autofree char *path = NULL;
  g_autoptr(CsProfile) fresh = NULL;

  g_assert_no_error (error);
  subset = cs_profile_get_subset (view, &n);
  g_assert_nonnull (subset);
  g_assert_cmpuint (n, >, 10);
  g_assert_cmpuint (n, <, TL_N);
  for (guint i = 0; i < n; i++)
    keep[tl_synth_sample_at (subset[i])] = 1;
  path = tl_synth_default (program, chains, tmpdir, name, keep_selected, keep);
  fresh = load (path);
  cs_test_assert_same_tables (view, fresh);
  g_assert_true (cs_profile_get_base (view) == whole);

  /* A filter of a filtered profile applies to the whole file. */
  {
    g_autoptr(CsProfile) again = cs_profile_new_filtered (view, filter, NULL, &error);

    g_assert_no_error (error);
    cs_test_assert_same_tables (again, fresh);
  }
}

static void
test_reaggregation (void)
{
  g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();
  CsTimeRange r = { tl_synth_sample (150).time, tl_synth_sample (350).time };

  cs_profile_filter_add_time (f, FALSE, &r, 1);
  cs_profile_filter_add_string (f, CS_FILTER_COMM, TRUE, "alpha-late");
  check_reaggregation (FALSE, f, "fresh-plain.data");
  check_reaggregation (TRUE, f, "fresh-chains.data");
}

static gboolean
stack_has_descend (guint i, gpointer data) { return g_str_equal (tl_synth_sample (i).function, "descend"); }
/* The sample without a timestamp comes before the MMAP records: its
 * stack is "[unknown]" (as perf has it). */
static gboolean
mapped (guint i, gpointer data) { return i != TL_N; }
static gboolean
unmapped (guint i, gpointer data) { return i == TL_N; }
static gboolean
kernel_only (guint i, gpointer data) { return is_kernel (i, NULL); }

/* With call chains, a function clause looks at the whole stack. */
static void
test_functions_on_stacks (void)
{
  g_autoptr(CsProfile) profile = load_default (TRUE);
  const struct
  {
    const char *name;
    gboolean    exclude;
    TlPredicate want;
  } cases[] = {
    { "descend", FALSE, stack_has_descend },
    { "one_round", FALSE, mapped },
    { "one_round", TRUE, unmapped },
    { "k_mid", FALSE, kernel_only },
    { "k_mid", TRUE, not_kernel },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CsProfileFilter) f = cs_profile_filter_new ();

      cs_profile_filter_add_string (f, CS_FILTER_FUNCTION, cases[c].exclude, cases[c].name);
      tl_synth_assert_selects (profile, f, cases[c].want, NULL);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: %s CALLGRAPH-WORKLOAD", argv[0]);
  program = argv[1];
  tmpdir = g_dir_make_tmp ("cs-filter-XXXXXX", NULL);

  g_test_add_func ("/profile-filter/columns", test_columns);
  g_test_add_func ("/profile-filter/tasks", test_tasks);
  g_test_add_func ("/profile-filter/summary", test_summary);
  g_test_add_func ("/profile-filter/time-ranges", test_time_ranges);
  g_test_add_func ("/profile-filter/algebra", test_algebra);
  g_test_add_func ("/profile-filter/time-syntax", test_time_syntax);
  g_test_add_func ("/profile-filter/lists", test_lists);
  g_test_add_func ("/profile-filter/functions-on-stacks", test_functions_on_stacks);
  g_test_add_func ("/profile-filter/reaggregation", test_reaggregation);
  status = g_test_run ();
  {
    g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmpdir, name, NULL);

        g_unlink (p);
      }
    g_rmdir (tmpdir);
  }
  return status;
}
