/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-counts.c — the values a model is evaluated on
 *
 * The planner spreads a model's events over several runs of the program, each
 * carrying the cycles event. Counts from different runs describe slightly
 * different amounts of work (Kruse measures ~3 % run-to-run variation of
 * UNHALTED_CORE_CYCLES), so every run's values are rescaled to the mean cycles
 * before ratios between events of different runs are formed.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-session.h"
#include "cs-session-private.h"

typedef struct
{
  double       sum;
  guint        n;
  CsProvenance provenance;
} Accum;

/* Runs whose counts describe the program: finished ones, including those
 * where the program failed (its counts are still real). Interrupted runs only
 * count when nothing else is there, so a session cut short still shows what
 * was measured. */
static GPtrArray *
usable_runs (CsSession *self)
{
  GPtrArray *runs = g_ptr_array_new ();

  for (guint pass = 0; pass < 2 && runs->len == 0; pass++)
    for (guint i = 0; i < self->runs->len; i++)
      {
        CsRun *run = g_ptr_array_index (self->runs, i);

        if (run->status == CS_RUN_OK || run->status == CS_RUN_FAILED ||
            (pass == 1 && run->status == CS_RUN_INTERRUPTED))
          g_ptr_array_add (runs, run);
      }
  return runs;
}

/* What a count list describes: the whole program (region NULL), a region's
 * own (exclusive) or inclusive counts, or one thread's share of those. */
typedef struct
{
  const char *region;
  gboolean    inclusive;
  const char *thread;
} Scope;

static const char *
thread_comm (const CsThreadCounts *thread)
{
  /* Not translated: the key is stored in no file, but it must be the same
   * in every language for --region-thread style look-ups. */
  return thread->comm != NULL && thread->comm[0] != '\0' ? thread->comm : "thread";
}

char *
cs_region_thread_key (const CsRegion *region,
                      guint           index)
{
  const CsThreadCounts *me;
  const char *comm;
  guint rank = 1, same = 0;

  g_return_val_if_fail (region != NULL && index < region->threads->len, NULL);
  me = g_ptr_array_index (region->threads, index);
  comm = thread_comm (me);
  for (guint i = 0; i < region->threads->len; i++)
    {
      const CsThreadCounts *other = g_ptr_array_index (region->threads, i);

      if (strcmp (thread_comm (other), comm) != 0)
        continue;
      same++;
      if (other->pid < me->pid || (other->pid == me->pid && other->tid < me->tid))
        rank++;
    }
  return same > 1 ? g_strdup_printf ("%s #%u", comm, rank) : g_strdup (comm);
}

/* The first region of @name in @run. A report looks up every region of a
 * session in every run: through an index, not a scan, or 20 000 regions
 * cost 400 million string comparisons. Regions are only ever appended, so
 * the index catches up with the ones added since it was built. */
static CsRegion *
find_region (CsRun      *run,
             const char *name)
{
  if (name == NULL)
    return NULL;
  if (run->region_index == NULL)
    run->region_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (; run->region_index_len < run->regions->len; run->region_index_len++)
    {
      CsRegion *r = g_ptr_array_index (run->regions, run->region_index_len);

      if (r->name != NULL && !g_hash_table_contains (run->region_index, r->name))
        g_hash_table_insert (run->region_index, r->name, r);
    }
  return g_hash_table_lookup (run->region_index, name);
}

static GArray *
pick (GArray  *counts,
      GArray  *inclusive,
      gboolean want_inclusive)
{
  /* No inclusive counts recorded (no nesting information): the same. */
  return want_inclusive && inclusive->len > 0 ? inclusive : counts;
}

static GArray *
scope_counts (CsRun       *run,
              const Scope *scope)
{
  CsRegion *r;

  if (scope->region == NULL)
    return run->counts;
  if ((r = find_region (run, scope->region)) == NULL)
    return NULL;
  if (scope->thread == NULL)
    return pick (r->counts, r->inclusive, scope->inclusive);
  for (guint i = 0; i < r->threads->len; i++)
    {
      g_autofree char *key = cs_region_thread_key (r, i);
      CsThreadCounts *t = g_ptr_array_index (r->threads, i);

      if (strcmp (key, scope->thread) == 0)
        return pick (t->counts, t->inclusive, scope->inclusive);
    }
  return NULL;
}

/* FALSE when the kernel never scheduled the counter: its value says nothing. */
static gboolean
scaled_value (const CsCount *count,
              double        *value,
              CsProvenance  *provenance)
{
  if (count->time_running == 0)
    return FALSE;
  if (count->time_running < count->time_enabled)
    {
      *value = (double) count->value * ((double) count->time_enabled / (double) count->time_running);
      *provenance = CS_PROVENANCE_SCALED;
    }
  else
    {
      *value = (double) count->value;
      *provenance = CS_PROVENANCE_COUNTED;
    }
  return TRUE;
}

static gboolean
run_cycles (GArray     *counts,
            const char *alias,
            double     *cycles)
{
  for (guint i = 0; i < counts->len; i++)
    {
      const CsCount *c = &g_array_index (counts, CsCount, i);
      CsProvenance p;

      if (g_strcmp0 (c->name, alias) == 0 && scaled_value (c, cycles, &p))
        return TRUE;
    }
  return FALSE;
}

static void
accumulate (GHashTable  *table,
            GPtrArray   *order,
            const char  *name,
            double       value,
            CsProvenance provenance)
{
  Accum *a = g_hash_table_lookup (table, name);

  if (a == NULL)
    {
      a = g_new0 (Accum, 1);
      a->provenance = provenance;
      g_hash_table_insert (table, (gpointer) name, a);
      g_ptr_array_add (order, (gpointer) name);
    }
  a->sum += value;
  a->n++;
  /* Larger enum values are weaker claims (scaled beats counted). */
  if (provenance > a->provenance)
    a->provenance = provenance;
}

/* The rusage pseudo-events tell waiting (voluntary switches) from being
 * preempted (involuntary ones), which the context-switches event alone
 * cannot. Only when every run has them: a mean over some runs would
 * describe a different amount of work. */
static void
add_rusage (CsCounts  *counts,
            GPtrArray *runs)
{
  static const struct { const char *name; gsize offset; } fields[] = {
    { "voluntary_switches", G_STRUCT_OFFSET (CsRusage, voluntary_switches) },
    { "involuntary_switches", G_STRUCT_OFFSET (CsRusage, involuntary_switches) },
    { "minor_faults", G_STRUCT_OFFSET (CsRusage, minor_faults) },
    { "major_faults", G_STRUCT_OFFSET (CsRusage, major_faults) },
    { "max_rss", G_STRUCT_OFFSET (CsRusage, max_rss_kb) },
  };

  for (guint i = 0; i < runs->len; i++)
    if (!((CsRun *) g_ptr_array_index (runs, i))->rusage.present)
      return;
  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    {
      double sum = 0;

      if (cs_counts_lookup (counts, fields[f].name, NULL, NULL))
        continue;
      for (guint i = 0; i < runs->len; i++)
        sum += G_STRUCT_MEMBER (guint64, &((CsRun *) g_ptr_array_index (runs, i))->rusage,
                                fields[f].offset);
      cs_counts_set (counts, fields[f].name, sum / runs->len, CS_PROVENANCE_COUNTED);
    }
}

/* The values of one scope from @arrays, its counts in each run of @runs
 * (same order); the program's pseudo-events when @program. */
static CsCounts *
build_scope (CsSession *self,
             GPtrArray *runs,
             GPtrArray *arrays,
             gboolean   program)
{
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  CsCounts *counts = cs_counts_new ();
  double cycles_sum = 0, mean_cycles = 0;
  guint n_cycles = 0;
  gboolean normalise;

  for (guint i = 0; i < arrays->len; i++)
    {
      double cycles;

      if (self->cycles_alias != NULL && run_cycles (g_ptr_array_index (arrays, i), self->cycles_alias, &cycles))
        {
          cycles_sum += cycles;
          n_cycles++;
        }
    }

  normalise = self->cycles_alias != NULL && arrays->len > 1 && n_cycles > 0;
  if (n_cycles > 0)
    mean_cycles = cycles_sum / n_cycles;

  for (guint i = 0; i < arrays->len; i++)
    {
      GArray *c = g_ptr_array_index (arrays, i);
      double factor = 1.0, cycles;

      if (normalise && run_cycles (c, self->cycles_alias, &cycles) && cycles > 0)
        factor = mean_cycles / cycles;

      for (guint j = 0; j < c->len; j++)
        {
          const CsCount *count = &g_array_index (c, CsCount, j);
          CsProvenance provenance;
          double value;

          if (!scaled_value (count, &value, &provenance))
            continue;
          accumulate (table, order, count->name, value * factor, provenance);
        }
    }

  for (guint i = 0; i < order->len; i++)
    {
      const char *name = g_ptr_array_index (order, i);
      Accum *a = g_hash_table_lookup (table, name);

      cs_counts_set (counts, name, a->sum / a->n, a->provenance);
    }

  /* Program times are properties of the whole run; a region has none. */
  if (program && runs->len > 0)
    {
      double wall = 0, user = 0, sys = 0;

      for (guint i = 0; i < runs->len; i++)
        {
          CsRun *run = g_ptr_array_index (runs, i);

          wall += run->wall_seconds;
          user += run->user_seconds;
          sys += run->system_seconds;
        }
      if (!cs_counts_lookup (counts, "duration_time", NULL, NULL))
        cs_counts_set (counts, "duration_time", wall / runs->len * 1e9, CS_PROVENANCE_COUNTED);
      if (!cs_counts_lookup (counts, "user_time", NULL, NULL))
        cs_counts_set (counts, "user_time", user / runs->len * 1e9, CS_PROVENANCE_COUNTED);
      if (!cs_counts_lookup (counts, "system_time", NULL, NULL))
        cs_counts_set (counts, "system_time", sys / runs->len * 1e9, CS_PROVENANCE_COUNTED);
      add_rusage (counts, runs);
    }

  return counts;
}

static CsCounts *
build_counts (CsSession   *self,
              const Scope *scope)
{
  g_autoptr(GPtrArray) runs = usable_runs (self);
  g_autoptr(GPtrArray) scoped = g_ptr_array_new ();
  g_autoptr(GPtrArray) arrays = g_ptr_array_new ();

  for (guint i = 0; i < runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (runs, i);
      GArray *c = scope_counts (run, scope);

      if (c == NULL)
        continue;
      g_ptr_array_add (scoped, run);
      g_ptr_array_add (arrays, c);
    }
  return build_scope (self, scoped, arrays, scope->region == NULL);
}

CsCounts *
cs_session_build_counts (CsSession  *self,
                         const char *region)
{
  Scope scope = { region, FALSE, NULL };

  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  return build_counts (self, &scope);
}

CsCounts *
cs_session_build_region_counts (CsSession  *self,
                                const char *region,
                                gboolean    inclusive,
                                const char *thread)
{
  Scope scope = { region, inclusive, thread };

  g_return_val_if_fail (CS_IS_SESSION (self), NULL);
  g_return_val_if_fail (region != NULL, NULL);
  return build_counts (self, &scope);
}

static void
region_counts_free (CsRegionCounts *rc)
{
  g_free (rc->name);
  g_clear_pointer (&rc->counts, cs_counts_unref);
  g_free (rc);
}

typedef struct
{
  GPtrArray *runs;     /* CsRun*, usable runs that have the region */
  GPtrArray *arrays;   /* GArray* of CsCount, its counts in each */
} RegionRuns;

static void
region_runs_clear (RegionRuns *rr)
{
  g_ptr_array_unref (rr->runs);
  g_ptr_array_unref (rr->arrays);
}

GPtrArray *
cs_session_build_all_region_counts (CsSession *self)
{
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);  /* name -> position + 1 */
  g_autoptr(GHashTable) usable = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) usable_list = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (RegionRuns));
  GPtrArray *regions = g_ptr_array_new_with_free_func ((GDestroyNotify) region_counts_free);

  g_return_val_if_fail (CS_IS_SESSION (self), regions);

  g_array_set_clear_func (found, (GDestroyNotify) region_runs_clear);
  usable_list = usable_runs (self);
  for (guint i = 0; i < usable_list->len; i++)
    g_hash_table_add (usable, g_ptr_array_index (usable_list, i));

  /* One pass: every region name in first-seen order with the calls of its
   * first run (as cs_session_list_regions()), and its counts in the runs
   * that count. */
  for (guint i = 0; i < self->runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (self->runs, i);
      gboolean counts = g_hash_table_contains (usable, run);

      for (guint j = 0; j < run->regions->len; j++)
        {
          CsRegion *region = g_ptr_array_index (run->regions, j);
          guint at = GPOINTER_TO_UINT (g_hash_table_lookup (index, region->name));
          RegionRuns *rr;

          if (at == 0)
            {
              CsRegionCounts *rc = g_new0 (CsRegionCounts, 1);
              RegionRuns fresh = { g_ptr_array_new (), g_ptr_array_new () };

              rc->name = g_strdup (region->name);
              rc->calls = region->calls;
              g_ptr_array_add (regions, rc);
              g_array_append_val (found, fresh);
              at = regions->len;
              g_hash_table_insert (index, rc->name, GUINT_TO_POINTER (at));
            }
          rr = &g_array_index (found, RegionRuns, at - 1);
          /* Names are unique within a run; should one repeat, the first
           * counts, as for cs_session_build_counts(). */
          if (counts && (rr->runs->len == 0 ||
                         g_ptr_array_index (rr->runs, rr->runs->len - 1) != run))
            {
              g_ptr_array_add (rr->runs, run);
              g_ptr_array_add (rr->arrays, region->counts);
            }
        }
    }

  for (guint i = 0; i < regions->len; i++)
    {
      CsRegionCounts *rc = g_ptr_array_index (regions, i);
      RegionRuns *rr = &g_array_index (found, RegionRuns, i);

      rc->counts = build_scope (self, rr->runs, rr->arrays, FALSE);
    }
  return regions;
}

GPtrArray *
cs_session_list_region_threads (CsSession  *self,
                                const char *region)
{
  g_autoptr(GHashTable) seen = NULL;
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (CS_IS_SESSION (self), keys);

  for (guint i = 0; i < self->runs->len; i++)
    {
      CsRegion *r = find_region (g_ptr_array_index (self->runs, i), region);

      for (guint t = 0; r != NULL && t < r->threads->len; t++)
        {
          char *key = cs_region_thread_key (r, t);

          /* Only regions with threads need the table: a report asks this
           * of each of 20 000 regions, mostly without. */
          if (seen == NULL)
            seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          if (g_hash_table_add (seen, key))
            g_ptr_array_add (keys, g_strdup (key));
        }
    }
  return keys;
}

gboolean
cs_session_get_event_spread (CsSession  *self,
                             const char *name,
                             double     *mean,
                             double     *stddev,
                             guint      *n)
{
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  double sum = 0, m, sq = 0;

  g_return_val_if_fail (CS_IS_SESSION (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  runs = usable_runs (self);
  for (guint i = 0; i < runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (runs, i);

      for (guint j = 0; j < run->counts->len; j++)
        {
          const CsCount *count = &g_array_index (run->counts, CsCount, j);
          CsProvenance p;
          double v;

          if (g_strcmp0 (count->name, name) == 0 && scaled_value (count, &v, &p))
            {
              g_array_append_val (values, v);
              sum += v;
            }
        }
    }

  if (values->len == 0)
    return FALSE;

  m = sum / values->len;
  for (guint i = 0; i < values->len; i++)
    {
      double d = g_array_index (values, double, i) - m;
      sq += d * d;
    }
  if (mean)
    *mean = m;
  if (stddev)
    *stddev = values->len > 1 ? sqrt (sq / (values->len - 1)) : 0.0;
  if (n)
    *n = values->len;
  return TRUE;
}

double
cs_session_get_running_ratio (CsSession  *self,
                              const char *name)
{
  double ratio = 1.0;

  g_return_val_if_fail (CS_IS_SESSION (self), 1.0);
  g_return_val_if_fail (name != NULL, 1.0);

  for (guint i = 0; i < self->runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (self->runs, i);

      if (run->status == CS_RUN_NOT_RUN)
        continue;
      for (guint j = 0; j < run->counts->len; j++)
        {
          const CsCount *count = &g_array_index (run->counts, CsCount, j);
          double r;

          if (g_strcmp0 (count->name, name) != 0)
            continue;
          if (count->time_enabled == 0)
            r = count->time_running == 0 ? 0.0 : 1.0;
          else
            r = MIN (1.0, (double) count->time_running / (double) count->time_enabled);
          ratio = MIN (ratio, r);
        }
    }
  return ratio;
}

static void
collect_unscheduled (GArray     *counts,
                     GHashTable *seen,
                     GPtrArray  *names)
{
  for (guint i = 0; i < counts->len; i++)
    {
      const CsCount *count = &g_array_index (counts, CsCount, i);

      if (count->time_running == 0 && g_hash_table_add (seen, count->name))
        g_ptr_array_add (names, g_strdup (count->name));
    }
}

GPtrArray *
cs_session_get_unscheduled (CsSession *self)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (CS_IS_SESSION (self), names);

  for (guint i = 0; i < self->runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (self->runs, i);

      if (run->status == CS_RUN_NOT_RUN)
        continue;
      collect_unscheduled (run->counts, seen, names);
      for (guint j = 0; j < run->regions->len; j++)
        collect_unscheduled (((CsRegion *) g_ptr_array_index (run->regions, j))->counts, seen, names);
    }
  return names;
}
