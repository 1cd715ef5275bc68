/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-layout.c — binning the samples into the timeline's rows
 *
 * One pass over the sample columns: each sample's context (thread, cpu)
 * says which rows it counts in — its process, its thread when the process
 * is expanded, its CPU — looked up once per context, and its time which
 * bin. Nothing is allocated per sample; a file of 700 000 samples is a few
 * milliseconds.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-profile-samples.h"
#include "cs-profile-filter.h"
#include "cs-profile-summary.h"
#include "cs-text.h"
#include "cs-timeline-layout.h"

#define NO_ROW G_MAXUINT32

void
cs_timeline_options_init (CsTimelineOptions *options)
{
  memset (options, 0, sizeof *options);
  options->n_bins = 1;
  options->show_cpus = TRUE;
}

static void
row_free (gpointer data)
{
  CsTimelineRow *row = data;

  g_free (row->label);
  g_free (row->bins);
  g_free (row);
}

void
cs_timeline_layout_free (CsTimelineLayout *layout)
{
  if (layout == NULL)
    return;
  g_ptr_array_unref (layout->rows);
  g_array_unref (layout->marks);
  g_free (layout);
}

static CsTimelineRow *
add_row (CsTimelineLayout  *layout,
         CsTimelineRowKind  kind,
         guint              index,
         char              *label)
{
  CsTimelineRow *row = g_new0 (CsTimelineRow, 1);

  row->kind = kind;
  row->index = index;
  /* thread and program names come from the recording as bytes: Pango
   * wants UTF-8 (others shown as \xNN, as everywhere else) */
  row->label = cs_text_make_valid (label, -1);
  g_free (label);
  row->bins = g_new0 (guint32, (gsize) layout->n_lanes * layout->n_bins);
  g_ptr_array_add (layout->rows, row);
  return row;
}

static gboolean
is_expanded (const CsTimelineOptions *options,
             gint32                   pid)
{
  for (guint i = 0; i < options->n_expanded; i++)
    if (options->expanded[i] == pid)
      return TRUE;
  return FALSE;
}

static int
compare_u32 (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* The drawn events: those with samples, most first. */
static void
choose_lanes (CsTimelineLayout *layout,
              CsProfile        *profile,
              guint            *lane_of)
{
  guint n = cs_profile_get_n_events (profile);

  for (guint e = 0; e < n; e++)
    lane_of[e] = NO_ROW;
  for (guint pick = 0; pick < CS_TIMELINE_MAX_LANES; pick++)
    {
      const CsProfileEvent *best = NULL;

      for (guint e = 0; e < n; e++)
        {
          const CsProfileEvent *ev = cs_profile_get_event (profile, e);

          if (ev->n_samples > 0 && lane_of[e] == NO_ROW && (best == NULL || ev->n_samples > best->n_samples))
            best = ev;
        }
      if (best == NULL)
        break;
      lane_of[best->index] = layout->n_lanes;
      layout->lane_events[layout->n_lanes++] = best->index;
    }
  if (layout->n_lanes == 0)
    layout->n_lanes = 1;
}

/* The rows, and for each (thread, cpu) context the rows it counts in. */
static void
make_rows (CsTimelineLayout        *layout,
           CsProfile               *profile,
           const CsTimelineOptions *options,
           guint32                 *context_rows)
{
  const CsProfileSamples *samples = cs_profile_get_samples (profile);
  g_autofree guint32 *task_row = g_new (guint32, MAX (cs_profile_get_n_tasks (profile), 1));
  g_autofree guint32 *task_process_row = g_new (guint32, MAX (cs_profile_get_n_tasks (profile), 1));
  g_autoptr(GArray) cpus = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GHashTable) cpu_rows = g_hash_table_new (NULL, NULL);

  memset (task_row, 0xff, sizeof (guint32) * MAX (cs_profile_get_n_tasks (profile), 1));
  memset (task_process_row, 0xff, sizeof (guint32) * MAX (cs_profile_get_n_tasks (profile), 1));
  for (guint p = 0; p < cs_profile_get_n_processes (profile); p++)
    {
      const CsProfileProcess *proc = cs_profile_get_process (profile, p);
      guint32 prow = layout->rows->len;
      CsTimelineRow *row = add_row (layout, CS_TIMELINE_ROW_PROCESS, p,
                                    g_strdup_printf ("%s (%d)", proc->comm, proc->pid));

      row->pid = proc->pid;
      row->start = proc->start;
      row->end = proc->end;
      row->expandable = proc->n_tasks > 1;
      row->expanded = row->expandable && is_expanded (options, proc->pid);
      for (guint t = 0; t < proc->n_tasks; t++)
        {
          const CsProfileTask *task = cs_profile_get_task (profile, proc->tasks[t]);

          task_process_row[task->index] = prow;
          if (!row->expanded)
            continue;
          task_row[task->index] = layout->rows->len;
          {
            CsTimelineRow *trow = add_row (layout, CS_TIMELINE_ROW_THREAD, task->index,
                                           g_strdup_printf ("%s %d", task->comm, task->tid));

            trow->pid = task->pid;
            trow->tid = task->tid;
            trow->depth = 1;
            trow->start = task->start;
            trow->end = task->end;
          }
        }
    }
  layout->n_process_rows = layout->rows->len;

  for (guint x = 0; x < samples->n_contexts; x++)
    {
      guint32 cpu = samples->contexts[x].cpu;

      if (cpu != CS_PROFILE_NO_CPU && !g_hash_table_contains (cpu_rows, GUINT_TO_POINTER (cpu + 1)))
        {
          g_hash_table_add (cpu_rows, GUINT_TO_POINTER (cpu + 1));
          g_array_append_val (cpus, cpu);
        }
    }
  g_array_sort (cpus, compare_u32);
  g_hash_table_remove_all (cpu_rows);
  for (guint i = 0; options->show_cpus && i < cpus->len; i++)
    {
      guint32 cpu = g_array_index (cpus, guint32, i);

      g_hash_table_insert (cpu_rows, GUINT_TO_POINTER (cpu + 1), GUINT_TO_POINTER (layout->rows->len + 1));
      /* TRANSLATORS: a row of the timeline: the samples taken on one CPU */
      add_row (layout, CS_TIMELINE_ROW_CPU, cpu, g_strdup_printf (_("CPU %u"), cpu));
    }

  for (guint x = 0; x < samples->n_contexts; x++)
    {
      const CsProfileThread *th = cs_profile_get_thread (profile, samples->contexts[x].thread);
      gpointer v = g_hash_table_lookup (cpu_rows, GUINT_TO_POINTER ((guint) samples->contexts[x].cpu + 1));

      context_rows[x * 3] = task_process_row[th->task];
      context_rows[x * 3 + 1] = task_row[th->task];
      context_rows[x * 3 + 2] = v != NULL ? GPOINTER_TO_UINT (v) - 1 : NO_ROW;
    }
}

CsTimelineLayout *
cs_timeline_layout_new (CsProfile               *profile,
                        const CsTimelineOptions *options)
{
  CsTimelineLayout *layout = g_new0 (CsTimelineLayout, 1);
  const CsProfileSamples *samples;
  const CsProfileSummary *summary;
  g_autofree guint *lane_of = NULL;
  g_autofree guint32 *context_rows = NULL;
  g_autofree guint32 **context_bins = NULL;
  const CsProfileMark *marks;
  guint n_marks;
  double per_ns;

  layout->rows = g_ptr_array_new_with_free_func (row_free);
  layout->marks = g_array_new (FALSE, FALSE, sizeof (CsProfileMark));
  g_return_val_if_fail (CS_IS_PROFILE (profile), layout);
  g_return_val_if_fail (options != NULL, layout);

  profile = cs_profile_get_base (profile);
  samples = cs_profile_get_samples (profile);
  summary = cs_profile_get_summary (profile);
  layout->first = summary->first_time;
  layout->last = summary->last_time;
  layout->has_time = summary->last_time > 0;
  layout->start = options->start != 0 || options->end != 0 ? options->start : layout->first;
  layout->end = options->start != 0 || options->end != 0 ? options->end : layout->last;
  if (layout->end < layout->start)
    layout->end = layout->start;
  layout->n_bins = MAX (options->n_bins, 1);

  lane_of = g_new (guint, MAX (cs_profile_get_n_events (profile), 1));
  choose_lanes (layout, profile, lane_of);
  context_rows = g_new (guint32, (gsize) MAX (samples->n_contexts, 1) * 3);
  make_rows (layout, profile, options, context_rows);

  /* each context's rows' bins, looked up once: the loop over the samples
   * is then a few loads and three increments per sample */
  context_bins = g_new (guint32 *, (gsize) MAX (samples->n_contexts, 1) * 3);
  for (gsize k = 0; k < (gsize) samples->n_contexts * 3; k++)
    context_bins[k] = context_rows[k] != NO_ROW
                      ? ((CsTimelineRow *) g_ptr_array_index (layout->rows, context_rows[k]))->bins : NULL;
  /* bins of (end - start + 1) / n_bins ns each */
  per_ns = (double) layout->n_bins / ((double) (layout->end - layout->start) + 1.0);
  for (guint i = 0; layout->has_time && i < samples->n; i++)
    {
      guint64 t = samples->time[i];
      guint lane = lane_of[cs_profile_samples_event (samples, i)];
      guint32 * const *bins;
      gsize at;

      if (t < layout->start || t > layout->end || t == 0 || lane == NO_ROW)
        continue;
      at = (gsize) lane * layout->n_bins + MIN ((guint) ((double) (t - layout->start) * per_ns), layout->n_bins - 1);
      bins = &context_bins[(gsize) samples->context[i] * 3];
      if (bins[0] != NULL)
        bins[0][at]++;
      if (bins[1] != NULL)
        bins[1][at]++;
      if (bins[2] != NULL)
        bins[2][at]++;
    }
  for (guint r = 0; r < layout->rows->len; r++)
    {
      CsTimelineRow *row = g_ptr_array_index (layout->rows, r);

      for (gsize b = 0; b < (gsize) layout->n_lanes * layout->n_bins; b++)
        {
          row->max_bin = MAX (row->max_bin, row->bins[b]);
          row->n_samples += row->bins[b];
        }
    }

  marks = cs_profile_get_marks (profile, &n_marks);
  for (guint i = 0; i < n_marks; i++)
    if (marks[i].time >= layout->start && marks[i].time <= layout->end)
      g_array_append_val (layout->marks, marks[i]);
  return layout;
}

guint64
cs_timeline_layout_bin_time (const CsTimelineLayout *layout,
                             double                  bin)
{
  double span = (double) (layout->end - layout->start) + 1.0;

  bin = CLAMP (bin, 0, layout->n_bins);
  return layout->start + (guint64) (bin * span / layout->n_bins);
}

double
cs_timeline_layout_time_bin (const CsTimelineLayout *layout,
                             guint64                 time)
{
  double span = (double) (layout->end - layout->start) + 1.0;

  if (time <= layout->start)
    return 0;
  if (time > layout->end)
    return layout->n_bins;
  return (double) (time - layout->start) * layout->n_bins / span;
}

guint64
cs_timeline_row_count (const CsTimelineLayout *layout,
                       const CsTimelineRow    *row,
                       guint                   from,
                       guint                   to)
{
  guint64 n = 0;

  to = MIN (to, layout->n_bins);
  for (guint l = 0; l < layout->n_lanes; l++)
    for (guint b = from; b < to; b++)
      n += row->bins[(gsize) l * layout->n_bins + b];
  return n;
}
