/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-scatter.c — see cs-memory-scatter.h
 *
 * One series per thread, named by its thread id, in the order the threads
 * first appear, so that a thread keeps its colour between the two modes.
 * Times are seconds from the first access of the recording.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-format.h"
#include "cs-memory-scatter.h"

/* The perf.data whose samples carry registers: the first sampling run
 * recorded with --regs, or the plain perf.data that was opened (which
 * says itself whether it has registers). NULL: none. */
char *
cs_memory_scatter_find_perf_data (CsAnalysis *analysis)
{
  CsSession *session;
  const char *path;

  if (analysis == NULL)
    return NULL;
  path = cs_analysis_get_path (analysis);
  if (path != NULL && cs_analysis_is_perf_data (path))
    return g_strdup (path);
  session = cs_analysis_get_session (analysis);
  for (guint i = 0; session != NULL && i < cs_session_get_n_sampling_runs (session); i++)
    {
      CsSamplingRun *run = cs_session_get_sampling_run (session, i);

      if (run->user_regs)
        return cs_session_get_perf_data_path (session, run);
    }
  return NULL;
}

typedef struct
{
  CsScatterData *data;
  GHashTable    *series;   /* tid → series index + 1 */
  gboolean       processes;  /* the accesses come from several processes */
} Builder;

static guint
series_for (Builder *b,
            guint32  pid,
            guint32  tid)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (b->series, GUINT_TO_POINTER (tid)));

  if (index == 0)
    {
      g_autofree char *name = b->processes
        /* TRANSLATORS: a scatter series: a thread id and its process id */
        ? g_strdup_printf (_("thread %u (process %u)"), tid, pid)
        : g_strdup_printf (_("thread %u"), tid);

      index = cs_scatter_data_add_series (b->data, name) + 1;
      g_hash_table_insert (b->series, GUINT_TO_POINTER (tid), GUINT_TO_POINTER (index));
    }
  return index - 1;
}

/* Every thread gets its series before any point is added, in the order of
 * its first access, so its colour is the same in both modes (the legend
 * lists only the threads with points). */
static void
register_threads (Builder              *b,
                  const CsMemoryAccess *accesses,
                  guint                 n)
{
  for (guint i = 1; i < n && !b->processes; i++)
    b->processes = accesses[i].pid != accesses[0].pid;
  for (guint i = 0; i < n; i++)
    series_for (b, accesses[i].pid, accesses[i].tid);
}

static guint64
start_time (const CsMemoryAccess *accesses,
            guint                 n)
{
  guint64 t0 = G_MAXUINT64;

  for (guint i = 0; i < n; i++)
    t0 = MIN (t0, accesses[i].time);
  return n > 0 ? t0 : 0;
}

/* Adds the accesses (of @line only, unless NULL; of the lines @flagged
 * holds only, unless NULL), every @stride-th. */
static void
add_points (Builder                *b,
            const CsMemoryAccess   *accesses,
            guint                   n,
            const CsMemoryLine     *line,
            GHashTable             *flagged,
            guint                   stride)
{
  guint64 t0 = start_time (accesses, n);
  guint seen = 0;

  for (guint i = 0; i < n; i++)
    {
      const CsMemoryAccess *a = &accesses[i];

      if ((line != NULL && a->line != line->id) ||
          (flagged != NULL && !g_hash_table_contains (flagged, GUINT_TO_POINTER (a->line))))
        continue;
      if (seen++ % stride != 0)
        continue;
      cs_scatter_data_add_keyed (b->data, (a->time - t0) / 1e9, a->address, a->size,
                                 series_for (b, a->pid, a->tid),
                                 (a->flags & CS_MEMORY_ACCESS_STORE) ? CS_SCATTER_POINT_STORE : 0, a->line);
    }
}

static guint
count_in_line (const CsMemoryAccess *accesses,
               guint                 n,
               const CsMemoryLine   *line)
{
  guint count = 0;

  for (guint i = 0; i < n; i++)
    count += accesses[i].line == line->id;
  return count;
}

/* Every point's address is reconstructed: the chart says so, with the
 * marker reconstructed values carry. */
static void
set_note (CsScatterData *data)
{
  g_autofree char *note = g_strdup_printf ("%s %s", cs_provenance_get_marker (CS_PROVENANCE_RECONSTRUCTED),
                                           /* TRANSLATORS: the scatter chart's footnote, after "†" */
                                           _("addresses reconstructed from the sampled registers"));

  cs_scatter_data_set_note (data, note);
}

static char *
title_with_stride (const char *title,
                   guint       stride)
{
  if (stride <= 1)
    return g_strdup (title);
  /* TRANSLATORS: a chart title, then how many accesses one point stands for */
  return g_strdup_printf (_("%s (every %u-th access)"), title, stride);
}

CsScatterData *
cs_memory_scatter_new_all (CsMemoryProfile    *profile,
                           const CsMemoryLine *selected,
                           gboolean            flagged_only)
{
  guint n = 0;
  const CsMemoryAccess *accesses = cs_memory_profile_get_accesses (profile, &n);
  g_autoptr(GHashTable) flagged = flagged_only ? g_hash_table_new (NULL, NULL) : NULL;
  guint shown = n;
  guint stride;
  g_autofree char *title = NULL;
  Builder b;

  if (flagged != NULL)
    {
      shown = 0;
      for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
        {
          const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);

          if (line->sharing != CS_MEMORY_SHARING_NONE)
            {
              g_hash_table_add (flagged, GUINT_TO_POINTER (line->id));
              shown += (guint) line->samples;
            }
        }
    }
  stride = shown > CS_MEMORY_SCATTER_MAX_POINTS ? (shown + CS_MEMORY_SCATTER_MAX_POINTS - 1) / CS_MEMORY_SCATTER_MAX_POINTS : 1;
  title = title_with_stride (flagged != NULL
                             /* TRANSLATORS: scatter title with the "flagged lines only" filter */
                             ? _("Sampled accesses to lines with false or true sharing")
                             : _("Sampled data accesses"), stride);
  b = (Builder) { cs_scatter_data_new (CS_SCATTER_MODE_ADDRESS, title), g_hash_table_new (NULL, NULL), FALSE };

  set_note (b.data);
  register_threads (&b, accesses, n);
  add_points (&b, accesses, n, NULL, flagged, stride);
  if (selected != NULL)
    cs_scatter_data_select_line (b.data, selected->address);
  g_hash_table_unref (b.series);
  return b.data;
}

CsScatterData *
cs_memory_scatter_new_line (CsMemoryProfile    *profile,
                            const CsMemoryLine *line)
{
  guint n = 0;
  const CsMemoryAccess *accesses = cs_memory_profile_get_accesses (profile, &n);
  guint in_line = count_in_line (accesses, n, line);
  guint stride = in_line > CS_MEMORY_SCATTER_MAX_POINTS
    ? (in_line + CS_MEMORY_SCATTER_MAX_POINTS - 1) / CS_MEMORY_SCATTER_MAX_POINTS : 1;
  /* The chart's subtitle names the line (cs-scatter-layout.c). */
  g_autofree char *title = title_with_stride (_("Sampled accesses by thread"), stride);
  Builder b = { cs_scatter_data_new (CS_SCATTER_MODE_CACHELINE, title),
                g_hash_table_new (NULL, NULL), FALSE };

  cs_scatter_data_select_line (b.data, line->address);
  set_note (b.data);
  register_threads (&b, accesses, n);
  add_points (&b, accesses, n, line, NULL, stride);
  g_hash_table_unref (b.series);
  return b.data;
}

const CsMemoryLine *
cs_memory_scatter_pick_line (CsMemoryProfile *profile,
                             const char      *which)
{
  guint n = cs_memory_profile_get_n_lines (profile);
  guint64 address;
  char *end = NULL;

  if (n == 0)
    return NULL;
  if (which == NULL || g_str_equal (which, "line") || g_str_equal (which, "all"))
    return cs_memory_profile_get_line (profile, 0);
  address = g_ascii_strtoull (which, &end, 0);
  if (end == which || *end != '\0')
    return NULL;
  /* Lines are sorted by samples: the busiest process's line comes first. */
  for (guint i = 0; i < n; i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);

      if (address >= line->address && address < line->address + CS_MEMORY_LINE_SIZE)
        return line;
    }
  return NULL;
}
