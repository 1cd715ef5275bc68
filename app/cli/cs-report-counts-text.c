/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-counts-text.c — the counting report for people
 *
 * Aligned columns, numbers grouped in thousands and "—" for what cannot be
 * computed, through the same formatting as the charts (cs-chart-format.h).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "cs-chart-format.h"
#include "cs-cli-util.h"
#include "cs-report-counts-private.h"

static const char *
provenance_label (CsProvenance provenance)
{
  switch (provenance)
    {
    case CS_PROVENANCE_COUNTED:       return _("counted");
    case CS_PROVENANCE_SCALED:        return _("scaled (multiplexed)");
    case CS_PROVENANCE_ESTIMATED:     return _("estimated from samples");
    case CS_PROVENANCE_RECONSTRUCTED: return _("reconstructed");
    case CS_PROVENANCE_NONE:
    default:                          return _("not available");
    }
}

static const char *
band_label (CsBand band)
{
  switch (band)
    {
    case CS_BAND_LOW:    return _("low");
    case CS_BAND_MEDIUM: return _("medium");
    case CS_BAND_HIGH:   return _("high");
    case CS_BAND_NONE:
    default:             return _("no value");
    }
}

/* printf pads by bytes; titles hold "µ" and values "—", so pad by
 * characters. @width > 0 pads on the right (left-aligned), < 0 on the left.
 * A longer text is kept whole (a report must never cut a name) and still
 * separated from its neighbour by one space. */
static void
append_cell (GString    *out,
             const char *text,
             int         width)
{
  glong len = g_utf8_strlen (text, -1);
  /* At least one space between cells, even when a text overflows. */
  glong pad = MAX (1, (glong) ABS (width) - len);

  if (width < 0)
    for (glong i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (width > 0)
    for (glong i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
}

static void
string_free_all (GString *string)
{
  g_string_free (string, TRUE);
}

/* As cs_chart_format_value(), but a small non-zero percentage keeps its
 * significant digits instead of reading "0.0 %". */
static char *
format_metric_value (double      value,
                     const char *unit)
{
  if (g_strcmp0 (unit, "%") == 0 && value != 0 && fabs (value) < 0.1)
    {
      g_autofree char *number = cs_chart_format_value (value, NULL);

      return g_strconcat (number, " %", NULL);
    }
  return cs_chart_format_value (value, unit);
}

static char *
format_seconds (double seconds)
{
  g_autofree char *number = cs_chart_format_grouped (seconds, seconds >= 100 ? 1 : 3);

  /* TRANSLATORS: a duration in seconds, e.g. "2.105 s" */
  return g_strdup_printf (_("%s s"), number);
}

/* @text (taken) as one escaped line. */
static char *
field (char *text)
{
  g_autofree char *raw = text;

  return cs_cli_escape (raw, -1, FALSE);
}

static void
text_info (CsReport *report,
           GString  *out)
{
  CsSession *s = report->session;
  const char * const *argv = cs_session_get_argv (s);
  g_autofree char *command = NULL, *bundle = NULL, *host = NULL, *cpu = NULL;
  g_autofree char *kernel = NULL, *cwd = NULL;
  g_autofree char *duration = format_seconds (cs_session_get_duration (s));
  GDateTime *start = cs_session_get_start_time (s);
  const char *na = _("unknown");

  /* Recorded text, shown escaped (cs_cli_escape()): one line each. */
  command = field (g_strjoinv (" ", (char **) argv));
  bundle = field (g_strdup (cs_session_get_bundle_path (s) ? cs_session_get_bundle_path (s) : ""));
  host = field (g_strdup (cs_session_get_hostname (s) ? cs_session_get_hostname (s) : na));
  cpu = field (g_strdup (cs_session_get_cpu_model (s) ? cs_session_get_cpu_model (s) : na));
  kernel = field (g_strdup (cs_session_get_kernel_release (s) ? cs_session_get_kernel_release (s) : na));
  cwd = field (g_strdup (cs_session_get_cwd (s)));
  g_string_append_printf (out, "%-12s %s\n", _("Session"), bundle);
  g_string_append_printf (out, "%-12s %s\n", _("Host"), host);
  g_string_append_printf (out, "%-12s %s, %u CPUs\n", _("CPU"), cpu, cs_session_get_n_cpus (s));
  g_string_append_printf (out, "%-12s %s\n", _("Kernel"), kernel);
  if (cs_session_get_pmu_name (s) != NULL)
    g_string_append_printf (out, "%-12s %s (%s)\n", _("PMU"), cs_session_get_pmu_name (s),
                            cs_session_get_pmu_description (s) ? cs_session_get_pmu_description (s) : "");
  else
    g_string_append_printf (out, "%-12s %s\n", _("PMU"), _("none (no hardware counters)"));
  if (report->model != NULL)
    g_string_append_printf (out, "%-12s %s — %s\n", _("Model"), cs_model_get_id (report->model),
                            cs_model_get_name (report->model));
  else
    g_string_append_printf (out, "%-12s %s\n", _("Model"), _("none"));
  g_string_append_printf (out, "%-12s %s\n", _("Command"), command);
  if (cwd != NULL)
    g_string_append_printf (out, "%-12s %s\n", _("Directory"), cwd);
  g_string_append_printf (out, "%-12s %s\n", _("Mode"), cs_session_get_mode (s));
  if (start != NULL)
    {
      g_autofree char *when = g_date_time_format (start, "%Y-%m-%d %H:%M:%S %Z");
      g_string_append_printf (out, "%-12s %s\n", _("Started"), when);
    }
  g_string_append_printf (out, "%-12s %s\n", _("Duration"), duration);
  g_string_append_printf (out, "%-12s %s\n", _("Complete"),
                          cs_session_get_complete (s) ? _("yes")
                                                      : _("no — the recording was interrupted"));
}

static void
text_runs (CsReport *report,
           GString  *out)
{
  CsSession *s = report->session;

  g_string_append_printf (out, "\n%s\n", _("Counting runs"));
  /* The group label is free text ("cycles only", "all 14 groups
   * (multiplexed)"), so it comes last where its length does not matter. */
  g_string_append_printf (out, "  %4s  ", _("Run"));
  append_cell (out, _("Status"), 12);
  append_cell (out, _("Exit"), 10);
  append_cell (out, _("Wall s"), -9);
  append_cell (out, _("User s"), -9);
  append_cell (out, _("Sys s"), -9);
  append_cell (out, _("Counts"), -7);
  append_cell (out, _("Running"), -9);
  g_string_append_printf (out, "  %s\n", _("Group"));
  for (guint i = 0; i < cs_session_get_n_runs (s); i++)
    {
      CsRun *run = cs_session_get_run (s, i);
      g_autofree char *exit_text = NULL;
      g_autofree char *running = cs_chart_format_share (_cs_report_run_running_ratio (run));
      g_autofree char *times = g_strdup_printf ("%9.3f%9.3f%9.3f%7u", run->wall_seconds,
                                                run->user_seconds, run->system_seconds,
                                                run->counts->len);

      if (run->term_signal != 0)
        exit_text = g_strdup_printf (_("signal %d"), run->term_signal);
      else
        exit_text = g_strdup_printf ("%d", run->exit_code);
      g_string_append_printf (out, "  %4u  ", run->index);
      append_cell (out, cs_run_status_to_string (run->status), 12);
      append_cell (out, exit_text, 10);
      g_string_append (out, times);
      append_cell (out, running, -9);
      g_string_append_printf (out, "  %s\n", run->group ? run->group : "—");
    }
  if (cs_session_get_n_runs (s) == 0)
    g_string_append_printf (out, "  %s\n", _("none"));

  if (cs_session_get_n_sampling_runs (s) > 0)
    {
      g_string_append_printf (out, "\n%s\n", _("Sampling runs"));
      for (guint i = 0; i < cs_session_get_n_sampling_runs (s); i++)
        {
          CsSamplingRun *run = cs_session_get_sampling_run (s, i);

          g_string_append_printf (out, _("  %u  %s  %s, %" PRIu64 " samples, %"
                                         PRIu64 " lost, %s\n"),
                                  run->index, run->perf_data, run->event ? run->event : "—",
                                  run->n_samples, run->n_lost, cs_run_status_to_string (run->status));
          if (run->same_run)
            g_string_append_printf (out, _("     sampled in counting run %u: one run of the program "
                                           "counted and sampled\n"), run->counting_run);
          else if (cs_session_get_n_runs (s) > 0)
            g_string_append (out, _("     sampled in a run of its own, after the counting runs\n"));
        }
    }
}

static void
text_checks (CsReport *report,
             GString  *out)
{
  CsSession *s = report->session;
  const char *alias = cs_session_get_cycles_alias (s);
  g_autoptr(GPtrArray) unscheduled = cs_session_get_unscheduled (s);
  const char * const *warnings = (const char * const *) report->warnings;
  const char * const *recorded = cs_session_get_warnings (s);
  const char * const *notes = cs_session_get_notes (s);
  g_autoptr(GHashTable) by_share = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) string_free_all);
  g_autoptr(GPtrArray) shares = NULL;
  double mean, sd;
  guint n;

  if (alias != NULL && cs_session_get_event_spread (s, alias, &mean, &sd, &n))
    {
      g_autofree char *m = cs_chart_format_value (mean, NULL);
      g_autofree char *d = cs_chart_format_value (sd, NULL);
      g_autofree char *rel = cs_chart_format_share (mean > 0 ? sd / mean : NAN);

      g_string_append_printf (out, "\n");
      g_string_append_printf (out, _("Cycles (%s), counted %u times: mean %s, standard deviation %s (%s)\n"),
                              alias, n, m, d, rel);
    }

  /* In multiplex mode every event is scaled, mostly by the same ratio:
   * one line per ratio keeps that readable. */
  g_string_append_printf (out, "\n%s\n", _("Multiplexing (smallest time running / time enabled; "
                                           "these counts are scaled by enabled/running)"));
  shares = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < report->event_names->len; i++)
    {
      const char *name = g_ptr_array_index (report->event_names, i);
      double ratio = cs_session_get_running_ratio (s, name);
      char *share;
      GString *line;

      if (!(ratio < 1.0 && ratio > 0))
        continue;
      share = cs_chart_format_share (ratio);
      line = g_hash_table_lookup (by_share, share);
      if (line == NULL)
        {
          line = g_string_new (NULL);
          g_hash_table_insert (by_share, share, line);
          g_ptr_array_add (shares, g_strdup (share));
        }
      else
        g_free (share);
      if (line->len > 0)
        {
          const char *last_break = strrchr (line->str, '\n');
          gsize column = line->len - (last_break ? (gsize) (last_break + 1 - line->str) : 0);

          /* Wrap under the first name, 12 columns in. */
          g_string_append (line, column + strlen (name) > 84 ? ",\n            " : ", ");
        }
      g_string_append (line, name);
    }
  for (guint i = 0; i < shares->len; i++)
    {
      const char *share = g_ptr_array_index (shares, i);
      GString *line = g_hash_table_lookup (by_share, share);

      g_string_append (out, "  ");
      append_cell (out, share, -8);
      g_string_append_printf (out, "  %s\n", line->str);
    }
  if (shares->len == 0)
    g_string_append_printf (out, "  %s\n", _("none: every counter ran all the time"));

  g_string_append_printf (out, "\n%s\n", _("Unscheduled events (time running 0: left out, metrics using them show —)"));
  for (guint i = 0; i < unscheduled->len; i++)
    g_string_append_printf (out, "  %s\n", (char *) g_ptr_array_index (unscheduled, i));
  if (unscheduled->len == 0)
    g_string_append_printf (out, "  %s\n", _("none"));

  if (warnings != NULL && warnings[0] != NULL)
    {
      g_string_append_printf (out, "\n%s\n", _("Warnings"));
      for (guint i = 0; warnings[i] != NULL; i++)
        g_string_append_printf (out, "  ! %s\n", warnings[i]);
    }
  /* What the recorder wrote, in the language of the recording: the long
   * form of the warnings above. */
  if (recorded[0] != NULL)
    {
      g_string_append_printf (out, "\n%s\n", _("Details"));
      for (guint i = 0; recorded[i] != NULL; i++)
        g_string_append_printf (out, "  %s\n", recorded[i]);
    }
  if (notes[0] != NULL)
    {
      g_string_append_printf (out, "\n%s\n", _("Notes"));
      for (guint i = 0; notes[i] != NULL; i++)
        g_string_append_printf (out, "  - %s\n", notes[i]);
    }
}

void
_cs_report_chart_text (const CsChartValues *chart,
                      GString             *out)
{
  if (chart->kind == CS_CHART_BAR)
    {
      g_autofree char *total = cs_chart_format_value (chart->total, chart->unit);

      g_string_append_printf (out, _("  BAR  %s (total %s)\n"), chart->title, total);
      for (guint i = 0; i < chart->n_parts; i++)
        {
          const CsChartPart *part = &chart->parts[i];
          g_autofree char *value = format_metric_value (part->value, chart->unit);
          g_autofree char *share = isnan (part->value) ? g_strdup (CS_CHART_NO_VALUE)
                                                       : cs_chart_format_share (part->share);

          g_string_append (out, "       ");
          append_cell (out, part->label, 46);
          append_cell (out, value, -24);
          append_cell (out, share, -9);
          g_string_append_printf (out, " %s", cs_provenance_get_marker (part->provenance));
          cs_cli_end_line (out);
        }
    }
  else
    {
      g_autofree char *value = format_metric_value (chart->value, chart->unit);
      g_autofree char *medium = cs_chart_format_value (chart->medium, NULL);
      g_autofree char *high = cs_chart_format_value (chart->high, NULL);

      g_string_append_printf (out, _("  REF  %s: %s%s — %s (low < %s ≤ medium < %s ≤ high%s)\n"),
                              chart->title, value, cs_provenance_get_marker (chart->provenance),
                              band_label (chart->band), medium, high,
                              chart->higher_is_better ? _(", higher is better") : "");
      if (chart->sentence != NULL)
        g_string_append_printf (out, "       %s\n", chart->sentence);
    }
}

static void
text_scope (CsReport      *report,
            CsReportScope *scope,
            GString       *out)
{
  guint n_names;
  const char **names = cs_counts_get_names (scope->counts, &n_names);

  if (scope->region == NULL)
    g_string_append_printf (out, "\n== %s ==\n", _("Whole program"));
  else
    {
      g_autofree char *calls = cs_chart_format_grouped ((double) scope->calls, 0);

      /* TRANSLATORS: "== Region TrackProducer (1,000 calls) ==" */
      g_string_append_printf (out, _("\n== Region %s (%s calls) ==\n"), scope->region, calls);
    }

  g_string_append_printf (out, "%s\n", _("Counts (scaled, normalised to mean cycles, mean over runs)"));
  for (guint i = 0; i < n_names; i++)
    {
      double v;
      CsProvenance p;
      g_autofree char *value = NULL;
      const char *event = _cs_report_event_string (report, names[i]);

      cs_counts_lookup (scope->counts, names[i], &v, &p);
      value = cs_chart_format_value (v, NULL);
      g_string_append (out, "  ");
      append_cell (out, names[i], 36);
      append_cell (out, value, -20);
      g_string_append_c (out, ' ');
      append_cell (out, cs_provenance_get_marker (p), 2);
      if (event != NULL && g_strcmp0 (event, names[i]) != 0)
        g_string_append (out, event);
      cs_cli_end_line (out);
    }
  if (n_names == 0)
    g_string_append_printf (out, "  %s\n", _("none"));

  if (scope->evaluation == NULL)
    return;

  g_string_append_printf (out, "%s\n", _("Metrics"));
  g_string_append (out, "  ");
  append_cell (out, _("Title"), 46);
  append_cell (out, _("Name"), 40);
  append_cell (out, _("Value"), -24);
  g_string_append_printf (out, "  %s\n", _("Provenance"));
  for (guint i = 0; i < cs_model_get_n_metrics (report->model); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (report->model, i);
      g_autofree char *value = format_metric_value (cs_evaluation_get_value (scope->evaluation, i),
                                                    m->unit);

      g_string_append (out, "  ");
      append_cell (out, m->title ? m->title : m->name, 46);
      append_cell (out, m->name, 40);
      append_cell (out, value, -24);
      g_string_append_printf (out, "  %s\n",
                              provenance_label (cs_evaluation_get_provenance (scope->evaluation, i)));
    }

  if (scope->charts->len > 0)
    g_string_append_printf (out, "%s\n", _("Charts"));
  for (guint i = 0; i < scope->charts->len; i++)
    _cs_report_chart_text (g_ptr_array_index (scope->charts, i), out);
  if (scope->region == NULL && report->hidden_line != NULL)
    g_string_append_printf (out, "  %s\n", report->hidden_line);
  if (scope->region != NULL)
    _cs_report_region_detail_text (report, scope, out);
}

void
_cs_report_render_text (CsReport *report,
                       GString  *out)
{
  text_info (report, out);
  text_runs (report, out);
  text_checks (report, out);
  for (guint i = 0; i < report->scopes->len; i++)
    {
      text_scope (report, g_ptr_array_index (report->scopes, i), out);
      /* The table of all regions (Fig. 5.4) after the whole program. */
      if (i == 0 && !report->one_region)
        _cs_report_region_table_text (report, out);
    }
  g_string_append_printf (out, "\n%s\n",
                          _("Markers: ~ scaled for multiplexing, ≈ estimated from samples, "
                            "† reconstructed; — not computable (an event is missing or a division by zero)."));
}

