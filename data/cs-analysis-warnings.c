/* cs-analysis-warnings.c — what the viewer's banner and the report warn about
 *
 * Every warning says what is wrong with the numbers and what it means for
 * them, so that nobody reads an estimate as a measurement: no hardware PMU,
 * scaled (multiplexed) or never scheduled counts, lost samples, modules
 * without symbols or with the wrong build-id, an interrupted recording.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cs-analysis-private.h"

static void
warn (CsAnalysis *self,
      char       *message)
{
  for (guint i = 0; i < self->warnings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->warnings, i), message) == 0)
      {
        g_free (message);
        return;
      }
  g_ptr_array_add (self->warnings, message);
}

static gboolean
no_hardware_pmu (CsAnalysis *self)
{
  gboolean any = FALSE;

  if (g_strcmp0 (cs_session_get_mode (self->session), "perf") != 0)
    return cs_session_get_pmu_name (self->session) == NULL;
  /* A plain perf.data does not say which PMU its host had; its events do. */
  if (self->profile == NULL)
    return FALSE;
  for (guint i = 0; i < cs_profile_get_n_events (self->profile); i++)
    {
      const CsProfileEvent *e = cs_profile_get_event (self->profile, i);

      if (e->n_samples == 0)
        continue;
      if (!e->software)
        return FALSE;
      any = TRUE;
    }
  return any;
}

static void
warn_multiplexing (CsAnalysis *self)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) list = g_string_new (NULL);
  g_autoptr(GPtrArray) unscheduled = NULL;

  for (guint r = 0; r < cs_session_get_n_runs (self->session); r++)
    {
      CsRun *run = cs_session_get_run (self->session, r);

      for (guint i = 0; run->counts != NULL && i < run->counts->len; i++)
        {
          const CsCount *c = &g_array_index (run->counts, CsCount, i);
          double ratio;

          if (!g_hash_table_add (seen, c->name))
            continue;
          ratio = cs_session_get_running_ratio (self->session, c->name);
          if (ratio > 0 && ratio < 1)
            g_string_append_printf (list, "%s%s (%.0f %%)", list->len > 0 ? ", " : "", c->name, 100 * ratio);
        }
    }
  if (list->len > 0)
    warn (self, g_strdup_printf (_("Multiplexed events were counted only part of the time and their values are scaled up: %s."),
                                 list->str));

  unscheduled = cs_session_get_unscheduled (self->session);
  if (unscheduled != NULL && unscheduled->len > 0)
    warn (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%u event was never scheduled by the kernel; metrics that need it show “—”.",
                                              "%u events were never scheduled by the kernel; metrics that need them show “—”.",
                                              unscheduled->len),
                                 unscheduled->len));
}

static void
warn_samples (CsAnalysis *self)
{
  const CsProfileStats *stats;
  g_auto(GStrv) symbolizer_warnings = NULL;
  guint64 lost;

  if (self->profile == NULL)
    return;
  stats = cs_profile_get_stats (self->profile);
  lost = stats->n_lost + stats->n_lost_samples;
  if (lost > 0)
    warn (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%" PRIu64 " sample was lost (the kernel’s buffer was full); percentages assume losses were spread evenly. Sample at a lower frequency to avoid this.",
                                              "%" PRIu64 " samples were lost (the kernel’s buffer was full); percentages assume losses were spread evenly. Sample at a lower frequency to avoid this.",
                                              lost),
                                 lost));
  if (stats->n_unmapped > 0)
    warn (self, g_strdup_printf (_("%" PRIu64 " samples fell outside every recorded mapping and are shown under “[unknown]”."),
                                 stats->n_unmapped));
  for (const char * const *w = cs_profile_get_warnings (self->profile); w != NULL && *w != NULL; w++)
    warn (self, g_strdup (*w));
  /* Missing debug info, build-id mismatches, hidden kernel symbols. */
  symbolizer_warnings = cs_symbolizer_dup_warnings (cs_profile_get_symbolizer (self->profile));
  for (guint i = 0; symbolizer_warnings != NULL && symbolizer_warnings[i] != NULL; i++)
    warn (self, g_strdup (symbolizer_warnings[i]));
}

void
cs_analysis_collect_warnings (CsAnalysis *self)
{
  if (!cs_session_get_complete (self->session))
    warn (self, g_strdup (_("The recording was interrupted: this session is incomplete and some runs are missing.")));
  /* The collector already wrote why there was no PMU into the session's
   * warnings; repeat the short form only where nobody explained it. */
  if (no_hardware_pmu (self) && cs_session_get_warnings (self->session)[0] == NULL)
    warn (self, g_strdup (_("No hardware PMU on the recording host: software events only.")));
  warn_multiplexing (self);
  warn_samples (self);
  for (const char * const *w = cs_session_get_warnings (self->session); w != NULL && *w != NULL; w++)
    warn (self, g_strdup (*w));
}
