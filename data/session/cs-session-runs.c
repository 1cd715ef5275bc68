/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-runs.c — counting runs, regions, sampling runs; equality
 *
 * The run structs are public plain data (the collector fills them in place);
 * this file owns their allocation and the comparison used by round-trip tests.
 */
#include "config.h"

#include "cs-session.h"
#include "cs-session-private.h"

static void
cs_count_clear (CsCount *count)
{
  g_clear_pointer (&count->name, g_free);
  g_clear_pointer (&count->event, g_free);
  g_clear_pointer (&count->fstr, g_free);
}

static GArray *
count_array_new (void)
{
  GArray *counts = g_array_new (FALSE, TRUE, sizeof (CsCount));

  g_array_set_clear_func (counts, (GDestroyNotify) cs_count_clear);
  return counts;
}

static void
thread_counts_free (CsThreadCounts *thread)
{
  g_free (thread->comm);
  g_array_unref (thread->counts);
  g_array_unref (thread->inclusive);
  g_free (thread);
}

static void
cs_region_free (CsRegion *region)
{
  g_free (region->name);
  g_array_unref (region->counts);
  g_array_unref (region->inclusive);
  g_ptr_array_unref (region->threads);
  g_free (region);
}

void
_cs_run_free (CsRun *run)
{
  g_free (run->group);
  g_array_unref (run->counts);
  g_ptr_array_unref (run->regions);
  g_clear_pointer (&run->region_index, g_hash_table_unref);
  g_free (run);
}

void
_cs_sampling_run_free (CsSamplingRun *run)
{
  g_free (run->perf_data);
  g_free (run->event);
  g_free (run->event_string);
  g_free (run->kallsyms);
  g_free (run->kallsyms_boot_id);
  g_free (run->kallsyms_release);
  g_free (run->kallsyms_modules);
  g_free (run->regions);
  g_free (run);
}

/* runs */

/* Counting and sampling runs are kept alike: in recording order, each
 * starting with its 0-based index and CS_RUN_OK until the collector says
 * otherwise, so one pair of helpers serves both arrays. */
G_STATIC_ASSERT (G_STRUCT_OFFSET (CsRun, index) == 0);
G_STATIC_ASSERT (G_STRUCT_OFFSET (CsSamplingRun, index) == 0);
G_STATIC_ASSERT (CS_RUN_OK == 0);

static gpointer
append_run (GPtrArray *runs,
            gsize      size)
{
  guint *index = g_malloc0 (size);

  *index = runs->len;
  g_ptr_array_add (runs, index);
  return index;
}

static GPtrArray *
runs_of (CsSession *self,
         gboolean   sampling)
{
  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return sampling ? self->sampling_runs : self->runs;
}

static guint
n_runs (GPtrArray *runs)
{
  return runs != NULL ? runs->len : 0;
}

static gpointer
nth_run (GPtrArray *runs,
         guint      i)
{
  g_return_val_if_fail (runs != NULL && i < runs->len, NULL);
  return g_ptr_array_index (runs, i);
}

guint
cs_session_get_n_runs (CsSession *self)
{
  return n_runs (runs_of (self, FALSE));
}

CsRun *
cs_session_get_run (CsSession *self,
                    guint      i)
{
  return nth_run (runs_of (self, FALSE), i);
}

CsRun *
cs_session_add_run (CsSession *self)
{
  GPtrArray *runs = runs_of (self, FALSE);
  CsRun *run;

  if (runs == NULL)
    return NULL;
  run = append_run (runs, sizeof (CsRun));
  run->counts = count_array_new ();
  run->regions = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_region_free);
  return run;
}

void
cs_count_array_add (GArray     *counts,
              const char *name,
              const char *event,
              const char *fstr,
              guint64     value,
              guint64     time_enabled,
              guint64     time_running)
{
  CsCount count = {
    .name = g_strdup (name),
    .event = g_strdup (event != NULL ? event : name),
    .fstr = g_strdup (fstr),
    .value = value,
    .time_enabled = time_enabled,
    .time_running = time_running,
  };

  g_array_append_val (counts, count);
}

void
cs_run_add_count (CsRun      *run,
                  const char *name,
                  const char *event,
                  const char *fstr,
                  guint64     value,
                  guint64     time_enabled,
                  guint64     time_running)
{
  g_return_if_fail (run != NULL && name != NULL);
  cs_count_array_add (run->counts, name, event, fstr, value, time_enabled, time_running);
}

CsRegion *
cs_run_add_region (CsRun      *run,
                   const char *name)
{
  CsRegion *region;

  g_return_val_if_fail (run != NULL && name != NULL, NULL);
  region = g_new0 (CsRegion, 1);
  region->name = g_strdup (name);
  region->counts = count_array_new ();
  region->inclusive = count_array_new ();
  region->threads = g_ptr_array_new_with_free_func ((GDestroyNotify) thread_counts_free);
  g_ptr_array_add (run->regions, region);
  return region;
}

CsThreadCounts *
cs_region_add_thread (CsRegion   *region,
                      gint64      pid,
                      gint64      tid,
                      const char *comm)
{
  CsThreadCounts *thread;

  g_return_val_if_fail (region != NULL, NULL);
  thread = g_new0 (CsThreadCounts, 1);
  thread->pid = pid;
  thread->tid = tid;
  thread->comm = g_strdup (comm);
  thread->counts = count_array_new ();
  thread->inclusive = count_array_new ();
  g_ptr_array_add (region->threads, thread);
  return thread;
}

void
cs_region_add_count (CsRegion   *region,
                     const char *name,
                     const char *event,
                     const char *fstr,
                     guint64     value,
                     guint64     time_enabled,
                     guint64     time_running)
{
  g_return_if_fail (region != NULL && name != NULL);
  cs_count_array_add (region->counts, name, event, fstr, value, time_enabled, time_running);
}

guint
cs_session_get_n_sampling_runs (CsSession *self)
{
  return n_runs (runs_of (self, TRUE));
}

CsSamplingRun *
cs_session_get_sampling_run (CsSession *self,
                             guint      i)
{
  return nth_run (runs_of (self, TRUE), i);
}

CsSamplingRun *
cs_session_add_sampling_run (CsSession *self)
{
  GPtrArray *runs = runs_of (self, TRUE);

  return runs != NULL ? append_run (runs, sizeof (CsSamplingRun)) : NULL;
}

void
cs_session_truncate (CsSession *self,
                     guint      n_runs_kept,
                     guint      n_sampling_runs_kept,
                     guint      n_warnings_kept)
{
  g_return_if_fail (CS_IS_SESSION (self));

  if (n_runs_kept < self->runs->len)
    g_ptr_array_set_size (self->runs, n_runs_kept);
  if (n_sampling_runs_kept < self->sampling_runs->len)
    g_ptr_array_set_size (self->sampling_runs, n_sampling_runs_kept);
  if (n_warnings_kept < self->warnings->len)
    g_ptr_array_set_size (self->warnings, n_warnings_kept);
}

GPtrArray *
cs_session_list_regions (CsSession *self)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (CS_IS_SESSION (self), names);

  for (guint i = 0; i < self->runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (self->runs, i);

      for (guint j = 0; j < run->regions->len; j++)
        {
          CsRegion *region = g_ptr_array_index (run->regions, j);

          if (g_hash_table_add (seen, region->name))
            g_ptr_array_add (names, g_strdup (region->name));
        }
    }
  return names;
}

const char *
cs_run_status_to_string (CsRunStatus status)
{
  switch (status)
    {
    case CS_RUN_OK:          return "ok";
    case CS_RUN_FAILED:      return "failed";
    case CS_RUN_INTERRUPTED: return "interrupted";
    case CS_RUN_NOT_RUN:     return "not-run";
    default:                 return NULL;
    }
}

gboolean
cs_run_status_from_string (const char  *text,
                           CsRunStatus *status)
{
  for (CsRunStatus s = CS_RUN_OK; s <= CS_RUN_NOT_RUN; s++)
    if (g_strcmp0 (text, cs_run_status_to_string (s)) == 0)
      {
        *status = s;
        return TRUE;
      }
  return FALSE;
}

static gboolean
counts_equal (GArray *a,
              GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const CsCount *x = &g_array_index (a, CsCount, i);
      const CsCount *y = &g_array_index (b, CsCount, i);

      if (g_strcmp0 (x->name, y->name) != 0 ||
          g_strcmp0 (x->event, y->event) != 0 ||
          g_strcmp0 (x->fstr, y->fstr) != 0 ||
          x->value != y->value ||
          x->time_enabled != y->time_enabled ||
          x->time_running != y->time_running)
        return FALSE;
    }
  return TRUE;
}

static gboolean
rusage_equal (const CsRusage *a,
              const CsRusage *b)
{
  return !a->present == !b->present &&
         a->voluntary_switches == b->voluntary_switches &&
         a->involuntary_switches == b->involuntary_switches &&
         a->max_rss_kb == b->max_rss_kb &&
         a->minor_faults == b->minor_faults &&
         a->major_faults == b->major_faults;
}

static gboolean
run_equal (const CsRun *a,
           const CsRun *b)
{
  if (a->index != b->index ||
      g_strcmp0 (a->group, b->group) != 0 ||
      !a->multiplexed != !b->multiplexed ||
      a->status != b->status ||
      a->exit_code != b->exit_code ||
      a->term_signal != b->term_signal ||
      a->wall_seconds != b->wall_seconds ||
      a->user_seconds != b->user_seconds ||
      a->system_seconds != b->system_seconds ||
      !counts_equal (a->counts, b->counts) ||
      !rusage_equal (&a->rusage, &b->rusage) ||
      a->regions->len != b->regions->len)
    return FALSE;
  for (guint i = 0; i < a->regions->len; i++)
    {
      const CsRegion *x = g_ptr_array_index (a->regions, i);
      const CsRegion *y = g_ptr_array_index (b->regions, i);

      if (g_strcmp0 (x->name, y->name) != 0 ||
          x->calls != y->calls ||
          !counts_equal (x->counts, y->counts) ||
          !counts_equal (x->inclusive, y->inclusive) ||
          x->threads->len != y->threads->len)
        return FALSE;
      for (guint t = 0; t < x->threads->len; t++)
        {
          const CsThreadCounts *p = g_ptr_array_index (x->threads, t);
          const CsThreadCounts *q = g_ptr_array_index (y->threads, t);

          if (p->pid != q->pid || p->tid != q->tid || g_strcmp0 (p->comm, q->comm) != 0 ||
              p->calls != q->calls || !counts_equal (p->counts, q->counts) ||
              !counts_equal (p->inclusive, q->inclusive))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
sampling_run_equal (const CsSamplingRun *a,
                    const CsSamplingRun *b)
{
  return a->index == b->index &&
         g_strcmp0 (a->perf_data, b->perf_data) == 0 &&
         g_strcmp0 (a->event, b->event) == 0 &&
         g_strcmp0 (a->event_string, b->event_string) == 0 &&
         a->period == b->period &&
         a->frequency == b->frequency &&
         !a->callchains == !b->callchains &&
         !a->user_regs == !b->user_regs &&
         a->n_samples == b->n_samples &&
         a->n_lost == b->n_lost &&
         a->status == b->status &&
         a->exit_code == b->exit_code &&
         a->term_signal == b->term_signal &&
         a->wall_seconds == b->wall_seconds &&
         g_strcmp0 (a->kallsyms, b->kallsyms) == 0 &&
         g_strcmp0 (a->kallsyms_boot_id, b->kallsyms_boot_id) == 0 &&
         g_strcmp0 (a->kallsyms_release, b->kallsyms_release) == 0 &&
         g_strcmp0 (a->kallsyms_modules, b->kallsyms_modules) == 0 &&
         g_strcmp0 (a->regions, b->regions) == 0 &&
         !a->same_run == !b->same_run &&
         rusage_equal (&a->rusage, &b->rusage) &&
         a->counting_run == b->counting_run;
}

static gboolean
strv_equal (const char * const *a,
            const char * const *b)
{
  return g_strv_equal (a != NULL ? a : cs_session_empty_strv, b != NULL ? b : cs_session_empty_strv);
}

/* Compares what is stored in session.json; the bundle path is where the
 * session lives, not what it is, so it is left out. */
gboolean
cs_session_equal (CsSession *a,
                  CsSession *b)
{
  g_return_val_if_fail (CS_IS_SESSION (a) && CS_IS_SESSION (b), FALSE);

  if (a == b)
    return TRUE;
  if (g_strcmp0 (a->hostname, b->hostname) != 0 ||
      g_strcmp0 (a->cpu_model, b->cpu_model) != 0 ||
      g_strcmp0 (a->pmu_name, b->pmu_name) != 0 ||
      g_strcmp0 (a->pmu_description, b->pmu_description) != 0 ||
      g_strcmp0 (a->kernel_release, b->kernel_release) != 0 ||
      a->n_cpus != b->n_cpus ||
      !strv_equal ((const char * const *) a->argv, (const char * const *) b->argv) ||
      g_strcmp0 (a->cwd, b->cwd) != 0 ||
      g_strcmp0 (a->model_id, b->model_id) != 0 ||
      g_strcmp0 (a->cycles_alias, b->cycles_alias) != 0 ||
      g_strcmp0 (a->mode, b->mode) != 0 ||
      a->duration != b->duration ||
      !a->complete != !b->complete ||
      (a->start_time == NULL) != (b->start_time == NULL) ||
      (a->start_time != NULL && !g_date_time_equal (a->start_time, b->start_time)) ||
      a->runs->len != b->runs->len ||
      a->sampling_runs->len != b->sampling_runs->len ||
      !strv_equal (cs_session_get_notes (a), cs_session_get_notes (b)) ||
      !strv_equal (cs_session_get_warnings (a), cs_session_get_warnings (b)))
    return FALSE;
  for (guint i = 0; i < a->runs->len; i++)
    if (!run_equal (g_ptr_array_index (a->runs, i), g_ptr_array_index (b->runs, i)))
      return FALSE;
  for (guint i = 0; i < a->sampling_runs->len; i++)
    if (!sampling_run_equal (g_ptr_array_index (a->sampling_runs, i),
                             g_ptr_array_index (b->sampling_runs, i)))
      return FALSE;
  return TRUE;
}
