/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-plan.c — a recorder's plan as the record dialog shows it before recording
 *
 * Read from the CsRecorder the dialog builds on every change of the form
 * (cs_recorder_new() runs nothing), so what is shown is exactly what the
 * Record button will run: the counting runs of the plan in order, the
 * sampling either in the first counting run or in a run of its own at the
 * end (cs_recorder_get_same_run()), as cs-record.c runs them.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-perf-names.h"
#include "cs-record-plan.h"

char *
cs_record_plan_summary (CsRecorder *recorder,
                        gboolean    attaching,
                        double      duration)
{
  guint n_runs = cs_recorder_get_n_runs (recorder);
  double expected = cs_recorder_get_expected_seconds (recorder);
  /* TRANSLATORS: the number of runs of the program a recording needs */
  g_autofree char *runs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run", "%u runs", n_runs), n_runs);

  if (attaching)
    {
      if (duration > 0)
        /* TRANSLATORS: "1 run · 10 s"; attaching to a running process for that long */
        return g_strdup_printf (_("%s · %.0f s"), runs, duration);
      /* TRANSLATORS: "1 run · until Stop"; attaching to a running process */
      return g_strdup_printf (_("%s · until Stop"), runs);
    }
  if (!isnan (expected))
    /* TRANSLATORS: "3 runs · about 6.1 s (3 × 2.03 s, as in the last recording)" */
    return g_strdup_printf (_("%s · about %.1f s (%u × %.2f s, as in the last recording)"),
                            runs, expected, n_runs, expected / n_runs);
  /* TRANSLATORS: "3 runs · about 3 × the program’s own time" */
  return g_strdup_printf (_("%s · about %u × the program’s own time"), runs, n_runs);
}

static void
append_events (GString         *s,
               const CsPlan    *plan,
               const CsPlanRun *run)
{
  gboolean first = TRUE;

  for (guint k = 0; k < run->groups->len; k++)
    {
      const CsPlanGroup *group = g_ptr_array_index (plan->groups, g_array_index (run->groups, guint, k));

      for (guint e = 0; e < group->events->len; e++)
        {
          const CsPlanEvent *event = g_ptr_array_index (group->events, e);
          const char *spelling = cs_perf_event_spelling (event->event);

          g_string_append (s, first ? "" : ", ");
          g_string_append (s, spelling != NULL ? spelling : event->alias);
          first = FALSE;
        }
    }
}

static char *
run_label (const CsPlan    *plan,
           const CsPlanRun *run)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint k = 0; k < run->groups->len; k++)
    {
      const CsPlanGroup *group = g_ptr_array_index (plan->groups, g_array_index (run->groups, guint, k));

      if (s->len > 0)
        g_string_append (s, " + ");
      g_string_append (s, group->label);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

char *
cs_record_plan_runs (CsRecorder *recorder)
{
  const CsPlan *plan = cs_recorder_get_plan (recorder);
  gboolean same_run = cs_recorder_get_same_run (recorder);
  g_autofree char *sampling = cs_recorder_get_sampling_label (recorder);
  guint n_runs = cs_recorder_get_n_runs (recorder);
  g_autoptr(GString) s = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; plan != NULL && i < plan->runs->len; i++)
    {
      const CsPlanRun *run = g_ptr_array_index (plan->runs, i);
      g_autofree char *label = run_label (plan, run);

      if (s->len > 0)
        g_string_append_c (s, '\n');
      if (i == 0 && same_run)
        /* TRANSLATORS: "Run 1: counting group 1 and sampling cpu-clock at 1000 Hz — task-clock, …" */
        g_string_append_printf (s, _("Run %u: counting %s and sampling %s — "), ++n, label, sampling);
      else
        /* TRANSLATORS: "Run 2: counting cycles only — cycles" */
        g_string_append_printf (s, _("Run %u: counting %s — "), ++n, label);
      append_events (s, plan, run);
    }
  if (n < n_runs)
    {
      if (s->len > 0)
        g_string_append_c (s, '\n');
      /* TRANSLATORS: "Run 3: sampling cpu-clock at 1000 Hz, call chains" */
      g_string_append_printf (s, _("Run %u: sampling %s"), ++n, sampling);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}
