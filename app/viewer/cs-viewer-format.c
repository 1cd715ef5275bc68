/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-viewer-format.c — the words the window uses for a recording */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-profile-summary.h"
#include "cs-error.h"
#include "cs-viewer-format.h"

char *
cs_format_program (CsAnalysis *analysis)
{
  CsSession *session = cs_analysis_get_session (analysis);
  const char * const *argv = session != NULL ? cs_session_get_argv (session) : NULL;

  if (argv != NULL && argv[0] != NULL && argv[0][0] != '\0')
    return g_strdup (argv[0]);
  return g_path_get_basename (cs_analysis_get_path (analysis));
}

char *
cs_format_command (CsAnalysis *analysis)
{
  CsSession *session = cs_analysis_get_session (analysis);
  const char * const *argv = session != NULL ? cs_session_get_argv (session) : NULL;
  GString *line = g_string_new (NULL);

  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    {
      g_autofree char *quoted = NULL;
      gboolean plain = argv[i][0] != '\0' && strpbrk (argv[i], " \t\n'\"\\$`*?;&|<>()") == NULL;

      if (i > 0)
        g_string_append_c (line, ' ');
      quoted = plain ? g_strdup (argv[i]) : g_shell_quote (argv[i]);
      g_string_append (line, quoted);
    }
  if (line->len == 0)
    {
      CsProfile *profile = cs_analysis_get_profile (analysis);
      const CsProfileSummary *summary = profile != NULL ? cs_profile_get_summary (profile) : NULL;

      g_string_free (line, TRUE);
      /* a plain perf.data: the command perf recorded */
      if (summary != NULL && summary->command != NULL)
        return g_strdup (summary->command);
      return cs_format_program (analysis);
    }
  return g_string_free (line, FALSE);
}

char *
cs_format_model (CsAnalysis *analysis)
{
  CsModel *model = cs_analysis_get_model (analysis);

  if (model == NULL)
    return g_strdup (_("no model"));
  return g_strdup (cs_model_get_id (model));
}

/* Sampling runs taken inside a counting run are not runs of the program
 * of their own: count them apart (@shared). */
static void
count_runs (CsSession *session,
            guint     *counting,
            guint     *sampling,
            guint     *shared)
{
  *counting = cs_session_get_n_runs (session);
  *sampling = *shared = 0;
  for (guint i = 0; i < cs_session_get_n_sampling_runs (session); i++)
    if (cs_session_get_sampling_run (session, i)->same_run)
      (*shared)++;
    else
      (*sampling)++;
}

char *
cs_format_window_title (CsAnalysis *analysis)
{
  g_autofree char *program = NULL;
  g_autofree char *model = NULL;
  CsSession *session;
  guint n_runs = 0, counting, sampling, shared;

  if (analysis == NULL)
    return g_strdup (_("Cyclescope"));

  program = cs_format_program (analysis);
  model = cs_format_model (analysis);
  session = cs_analysis_get_session (analysis);
  /* Runs of the program, as `cyclescope record` counts them. */
  if (session != NULL)
    {
      count_runs (session, &counting, &sampling, &shared);
      n_runs = counting + sampling;
    }
  /* TRANSLATORS: window title: program, model id, number of runs */
  return g_strdup_printf (ngettext ("Cyclescope — %s (%s · %u run)",
                                    "Cyclescope — %s (%s · %u runs)", n_runs),
                          program, model, n_runs);
}

char *
cs_format_duration (double seconds)
{
  if (!(seconds > 0))
    return g_strdup ("—");
  if (seconds < 1)
    /* TRANSLATORS: milliseconds */
    return g_strdup_printf (_("%.0f ms"), seconds * 1000);
  if (seconds < 60)
    /* TRANSLATORS: seconds */
    return g_strdup_printf (_("%.1f s"), seconds);
  /* TRANSLATORS: minutes and seconds */
  return g_strdup_printf (_("%u min %02u s"), (guint) (seconds / 60), (guint) seconds % 60);
}

char *
cs_format_pmu (CsSession *session)
{
  const char *name = cs_session_get_pmu_name (session);
  const char *description = cs_session_get_pmu_description (session);

  if (name == NULL)
    return g_strdup (_("none (software events)"));
  if (description != NULL && g_strcmp0 (description, name) != 0)
    return g_strdup_printf ("%s (%s)", name, description);
  return g_strdup (name);
}

char *
cs_format_runs (CsSession *session)
{
  guint counting, sampling, shared;
  g_autofree char *c = NULL;
  g_autofree char *s = NULL;

  /* "1 counting, 1 sampling" would say a one-run recording ran twice */
  count_runs (session, &counting, &sampling, &shared);
  c = g_strdup_printf (ngettext ("%u counting", "%u counting", counting), counting);
  s = g_strdup_printf (ngettext ("%u sampling", "%u sampling", sampling), sampling);
  if (shared > 0 && sampling == 0 && counting == 1)
    return g_strdup (_("1 run, counted and sampled"));
  if (shared > 0 && sampling == 0)
    /* TRANSLATORS: "3 counting, sampled in one" (runs) */
    return g_strdup_printf (_("%s, sampled in one"), c);
  if (sampling == 0)
    return g_steal_pointer (&c);
  if (counting == 0)
    return g_steal_pointer (&s);
  /* TRANSLATORS: "10 counting, 1 sampling" (runs) */
  return g_strdup_printf (_("%s, %s"), c, s);
}

char *
cs_format_recording_duration (CsAnalysis *analysis)
{
  CsSession *session = cs_analysis_get_session (analysis);
  CsProfile *profile = cs_analysis_get_profile (analysis);
  double seconds = session != NULL ? cs_session_get_duration (session) : 0;

  /* a plain perf.data has no wall time: first to last sample */
  if (!(seconds > 0) && profile != NULL)
    seconds = cs_profile_get_summary (cs_profile_get_base (profile))->duration / 1e9;
  return cs_format_duration (seconds);
}

char *
cs_format_sampling (CsAnalysis *analysis)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileSummary *s;
  g_autofree char *rate = NULL;
  g_autofree char *n = NULL;
  g_autofree char *per_second = NULL;
  g_autofree char *lost = NULL;
  g_autofree char *throttled = NULL;

  if (profile == NULL)
    return NULL;
  s = cs_profile_get_summary (cs_profile_get_base (profile));
  n = g_strdup_printf ("%'" G_GUINT64_FORMAT, s->n_samples);
  per_second = g_strdup_printf ("%'.0f", s->samples_per_second);
  lost = g_strdup_printf ("%'" G_GUINT64_FORMAT, s->n_lost);
  throttled = g_strdup_printf ("%'" G_GUINT64_FORMAT, s->n_throttled);
  if (s->sample_freq > 0)
    {
      g_autofree char *hz = g_strdup_printf ("%" G_GUINT64_FORMAT, s->sample_freq);

      /* TRANSLATORS: the sampling frequency asked for */
      rate = g_strdup_printf (_("%s Hz"), hz);
    }
  else if (s->sample_period > 0)
    {
      g_autofree char *period = g_strdup_printf ("%" G_GUINT64_FORMAT, s->sample_period);

      /* TRANSLATORS: the sampling period asked for */
      rate = g_strdup_printf (_("every %s events"), period);
    }
  else
    rate = g_strdup ("—");
  /* TRANSLATORS: the recording's sampling summary: processes, threads, samples
   * (asked rate, samples per second), samples lost, THROTTLE records:
   * "Processes: 2 · Threads: 4 · Samples: 2,400 (4000 Hz, 3,980/s) · Lost: 0 · Throttled: 0" */
  return g_strdup_printf (_("Processes: %u · Threads: %u · Samples: %s (%s, %s/s) · Lost: %s · Throttled: %s"),
                          s->n_processes, s->n_threads, n, rate, per_second, lost, throttled);
}

const char *
cs_format_error_kind (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain == CS_DATA_ERROR)
    switch ((CsDataError) error->code)
      {
      case CS_DATA_ERROR_IO:
        return _("The file could not be read.");
      case CS_DATA_ERROR_PARSE:
        return _("The file is not written correctly (a syntax error).");
      case CS_DATA_ERROR_INVALID:
        return _("The file is not a recording, or a value in it is wrong or missing.");
      case CS_DATA_ERROR_VERSION:
        return _("The file was written by another version of Cyclescope.");
      case CS_DATA_ERROR_CORRUPT:
        return _("The file is cut short or damaged.");
      case CS_DATA_ERROR_UNSUPPORTED:
        return _("The file uses something Cyclescope does not read.");
      case CS_DATA_ERROR_NOT_FOUND:
        return _("Something the recording refers to is missing.");
      case CS_DATA_ERROR_CYCLE:
        return _("The recording’s model defines metrics in a loop.");
      default:
        break;
      }
  if (error->domain == G_IO_ERROR || error->domain == G_FILE_ERROR)
    return _("The file could not be read.");
  return _("The recording could not be opened.");
}
