/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis-warnings.c — what the viewer's banner and the report warn about
 *
 * Every warning says what is wrong with the numbers and what it means for
 * them, so that nobody reads an estimate as a measurement: no hardware PMU,
 * scaled (multiplexed) or never scheduled counts, failed runs, lost
 * samples, modules without symbols or with the wrong build-id, an
 * interrupted recording.
 *
 * The warnings are stated here from facts (the session's fields, the
 * profile's statistics), at run time, so they read in the language of the
 * user. The sentences the recorder wrote into session.json are in the
 * language of the recording; they say the same things at more length and
 * are kept as details behind the short warnings, never as the warning.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cs-analysis-private.h"

static void
warn (GPtrArray *warnings,
      char      *message)
{
  for (guint i = 0; i < warnings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (warnings, i), message) == 0)
      {
        g_free (message);
        return;
      }
  g_ptr_array_add (warnings, message);
}

static gboolean
no_hardware_pmu (CsSession *session,
                 CsProfile *profile)
{
  if (g_strcmp0 (cs_session_get_mode (session), "perf") != 0)
    return cs_session_get_pmu_name (session) == NULL;
  /* A plain perf.data does not say which PMU its host had; its events do. */
  return _cs_analysis_sampled_software_only (profile);
}

static void
warn_multiplexing (GPtrArray *warnings,
                   CsSession *session)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) list = g_string_new (NULL);
  g_autoptr(GPtrArray) unscheduled = NULL;

  for (guint r = 0; r < cs_session_get_n_runs (session); r++)
    {
      CsRun *run = cs_session_get_run (session, r);

      for (guint i = 0; run->counts != NULL && i < run->counts->len; i++)
        {
          const CsCount *c = &g_array_index (run->counts, CsCount, i);
          double ratio;

          if (!g_hash_table_add (seen, c->name))
            continue;
          ratio = cs_session_get_running_ratio (session, c->name);
          if (ratio > 0 && ratio < 1)
            g_string_append_printf (list, "%s%s (%.0f %%)", list->len > 0 ? ", " : "", c->name, 100 * ratio);
        }
    }
  if (list->len > 0)
    warn (warnings, g_strdup_printf (_("Multiplexed events were counted only part of the time and their values are scaled up: %s."),
                                     list->str));

  unscheduled = cs_session_get_unscheduled (session);
  if (unscheduled != NULL && unscheduled->len > 0)
    warn (warnings, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%u event was never scheduled by the kernel; metrics that need it show “—”.",
                                                  "%u events were never scheduled by the kernel; metrics that need them show “—”.",
                                                  unscheduled->len),
                                     unscheduled->len));
}

static void
warn_failed_runs (GPtrArray *warnings,
                  CsSession *session)
{
  guint failed = 0;

  for (guint r = 0; r < cs_session_get_n_runs (session); r++)
    if (cs_session_get_run (session, r)->status == CS_RUN_FAILED)
      failed++;
  for (guint r = 0; r < cs_session_get_n_sampling_runs (session); r++)
    if (cs_session_get_sampling_run (session, r)->status == CS_RUN_FAILED)
      failed++;
  if (failed > 0)
    warn (warnings, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "The program failed in %u run (see the run’s exit status): its numbers may describe less work than a normal run.",
                                                  "The program failed in %u runs (see each run’s exit status): their numbers may describe less work than a normal run.",
                                                  failed),
                                     failed));
}

static void
warn_lost (GPtrArray *warnings,
           guint64    lost)
{
  if (lost > 0)
    warn (warnings, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%" PRIu64 " sample was lost (the kernel’s buffer was full); percentages assume losses were spread evenly. Sample at a lower frequency to avoid this.",
                                                  "%" PRIu64 " samples were lost (the kernel’s buffer was full); percentages assume losses were spread evenly. Sample at a lower frequency to avoid this.",
                                                  lost),
                                     lost));
}

/* What the session's fields say, with @profile (nullable) standing in for
 * the PMU facts of a plain perf.data. Lost samples come from the profile
 * when there is one (it read them), else from the sampling runs' records. */
static void
collect_session_facts (GPtrArray *warnings,
                       CsSession *session,
                       CsProfile *profile)
{
  if (!cs_session_get_complete (session))
    warn (warnings, g_strdup (_("The recording was interrupted: this session is incomplete and some runs are missing.")));
  if (no_hardware_pmu (session, profile))
    warn (warnings, g_strdup (_("No hardware PMU on the recording host: software events only.")));
  warn_multiplexing (warnings, session);
  warn_failed_runs (warnings, session);
  if (profile == NULL)
    {
      guint64 lost = 0;

      for (guint r = 0; r < cs_session_get_n_sampling_runs (session); r++)
        lost += cs_session_get_sampling_run (session, r)->n_lost;
      warn_lost (warnings, lost);
    }
}

static void
warn_samples (CsAnalysis *self)
{
  const CsProfileStats *stats;
  g_auto(GStrv) symbolizer_warnings = NULL;

  if (self->profile == NULL)
    return;
  stats = cs_profile_get_stats (self->profile);
  warn_lost (self->warnings, cs_profile_stats_get_n_lost (stats));
  if (stats->n_unmapped > 0)
    warn (self->warnings, g_strdup_printf (_("%" PRIu64 " samples fell outside every recorded mapping and are shown under “[unknown]”."),
                                           stats->n_unmapped));
  for (const char * const *w = cs_profile_get_warnings (self->profile); w != NULL && *w != NULL; w++)
    warn (self->warnings, g_strdup (*w));
  /* Missing debug info, build-id mismatches, hidden kernel symbols. */
  symbolizer_warnings = cs_symbolizer_dup_warnings (cs_profile_get_symbolizer (self->profile));
  for (guint i = 0; symbolizer_warnings != NULL && symbolizer_warnings[i] != NULL; i++)
    warn (self->warnings, g_strdup (symbolizer_warnings[i]));
}

void
_cs_analysis_collect_warnings (CsAnalysis *self)
{
  collect_session_facts (self->warnings, self->session, self->profile);
  warn_samples (self);
  for (const char * const *w = cs_session_get_warnings (self->session); w != NULL && *w != NULL; w++)
    warn (self->details, g_strdup (*w));
}

char **
cs_analysis_dup_session_warnings (CsSession *session)
{
  GPtrArray *warnings;

  g_return_val_if_fail (CS_IS_SESSION (session), NULL);

  warnings = g_ptr_array_new ();
  collect_session_facts (warnings, session, NULL);
  g_ptr_array_add (warnings, NULL);
  return (char **) g_ptr_array_free (warnings, FALSE);
}
