/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-counts-json.c — the counting report as JSON and as CSV
 *
 * Both are for scripts, so numbers are plain (no grouping, "." decimal mark,
 * full precision) and unknown values are null / an empty field rather than
 * "—". docs/cli.md documents the shapes; change them only together.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-cli-util.h"
#include "cs-json-writer.h"
#include "cs-report-counts-private.h"

#define CS_REPORT_JSON_VERSION 1

static void
strv_to_json (CsJsonWriter       *w,
              const char         *key,
              const char * const *strv)
{
  cs_json_key (w, key);
  cs_json_begin_array (w);
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    cs_json_string (w, strv[i]);
  cs_json_end_array (w);
}

static void
info_to_json (CsReport     *report,
              CsJsonWriter *w)
{
  CsSession *s = report->session;
  GDateTime *start = cs_session_get_start_time (s);
  g_autofree char *start_text = start ? g_date_time_format_iso8601 (start) : NULL;

  cs_json_member_string (w, "session", cs_session_get_bundle_path (s));
  cs_json_key (w, "host");
  cs_json_begin_object (w);
  cs_json_member_string (w, "hostname", cs_session_get_hostname (s));
  cs_json_member_string (w, "cpu_model", cs_session_get_cpu_model (s));
  cs_json_member_string (w, "pmu", cs_session_get_pmu_name (s));
  cs_json_member_string (w, "pmu_description", cs_session_get_pmu_description (s));
  cs_json_member_string (w, "kernel_release", cs_session_get_kernel_release (s));
  cs_json_member_int (w, "n_cpus", cs_session_get_n_cpus (s));
  cs_json_end_object (w);
  cs_json_key (w, "command");
  cs_json_begin_object (w);
  strv_to_json (w, "argv", cs_session_get_argv (s));
  cs_json_member_string (w, "cwd", cs_session_get_cwd (s));
  cs_json_end_object (w);
  cs_json_key (w, "model");
  if (report->model != NULL)
    {
      cs_json_begin_object (w);
      cs_json_member_string (w, "id", cs_model_get_id (report->model));
      cs_json_member_string (w, "name", cs_model_get_name (report->model));
      cs_json_end_object (w);
    }
  else
    cs_json_null (w);
  cs_json_member_string (w, "mode", cs_session_get_mode (s));
  cs_json_member_string (w, "start_time", start_text);
  cs_json_member_number (w, "duration", cs_session_get_duration (s));
  cs_json_member_bool (w, "complete", cs_session_get_complete (s));
}

static void
runs_to_json (CsReport     *report,
              CsJsonWriter *w)
{
  CsSession *s = report->session;

  cs_json_key (w, "runs");
  cs_json_begin_array (w);
  for (guint i = 0; i < cs_session_get_n_runs (s); i++)
    {
      CsRun *run = cs_session_get_run (s, i);

      cs_json_begin_object (w);
      cs_json_member_int (w, "index", run->index);
      cs_json_member_string (w, "group", run->group);
      cs_json_member_string (w, "status", cs_run_status_to_string (run->status));
      cs_json_member_int (w, "exit_code", run->exit_code);
      cs_json_member_int (w, "term_signal", run->term_signal);
      cs_json_member_bool (w, "multiplexed", run->multiplexed);
      cs_json_member_number (w, "wall_seconds", run->wall_seconds);
      cs_json_member_number (w, "user_seconds", run->user_seconds);
      cs_json_member_number (w, "system_seconds", run->system_seconds);
      cs_json_member_int (w, "n_counts", run->counts->len);
      cs_json_member_number (w, "running_ratio", _cs_report_run_running_ratio (run));
      cs_json_end_object (w);
    }
  cs_json_end_array (w);
}

static void
sampling_runs_to_json (CsReport     *report,
                       CsJsonWriter *w)
{
  CsSession *s = report->session;

  cs_json_key (w, "sampling_runs");
  cs_json_begin_array (w);
  for (guint i = 0; i < cs_session_get_n_sampling_runs (s); i++)
    {
      CsSamplingRun *run = cs_session_get_sampling_run (s, i);

      cs_json_begin_object (w);
      cs_json_member_int (w, "index", run->index);
      cs_json_member_string (w, "perf_data", run->perf_data);
      cs_json_member_string (w, "event", run->event);
      cs_json_member_uint (w, "n_samples", run->n_samples);
      cs_json_member_uint (w, "n_lost", run->n_lost);
      cs_json_member_string (w, "status", cs_run_status_to_string (run->status));
      cs_json_key (w, "counting_run");
      if (run->same_run)
        cs_json_int (w, run->counting_run);
      else
        cs_json_null (w);
      cs_json_end_object (w);
    }
  cs_json_end_array (w);
}

static void
checks_to_json (CsReport     *report,
                CsJsonWriter *w)
{
  CsSession *s = report->session;
  const char *alias = cs_session_get_cycles_alias (s);
  g_autoptr(GPtrArray) unscheduled = cs_session_get_unscheduled (s);
  double mean, sd;
  guint n;

  cs_json_key (w, "cycles");
  if (alias != NULL && cs_session_get_event_spread (s, alias, &mean, &sd, &n))
    {
      cs_json_begin_object (w);
      cs_json_member_string (w, "alias", alias);
      cs_json_member_number (w, "mean", mean);
      cs_json_member_number (w, "stddev", sd);
      cs_json_member_int (w, "n", n);
      cs_json_end_object (w);
    }
  else
    cs_json_null (w);

  cs_json_key (w, "multiplexing");
  cs_json_begin_array (w);
  for (guint i = 0; i < report->event_names->len; i++)
    {
      const char *name = g_ptr_array_index (report->event_names, i);
      double ratio = cs_session_get_running_ratio (s, name);

      if (ratio < 1.0 && ratio > 0)
        {
          cs_json_begin_object (w);
          cs_json_member_string (w, "event", name);
          cs_json_member_number (w, "running_ratio", ratio);
          cs_json_end_object (w);
        }
    }
  cs_json_end_array (w);
  cs_json_key (w, "unscheduled");
  cs_json_begin_array (w);
  for (guint i = 0; i < unscheduled->len; i++)
    cs_json_string (w, g_ptr_array_index (unscheduled, i));
  cs_json_end_array (w);
  strv_to_json (w, "warnings", (const char * const *) report->warnings);
  strv_to_json (w, "warning_details", cs_session_get_warnings (s));
  strv_to_json (w, "notes", cs_session_get_notes (s));
}

static void
chart_to_json (const CsChartValues *chart,
               CsJsonWriter        *w)
{
  cs_json_begin_object (w);
  cs_json_member_string (w, "id", chart->id);
  cs_json_member_string (w, "kind", chart->kind == CS_CHART_BAR ? "bar" : "ref");
  cs_json_member_string (w, "title", chart->title);
  cs_json_member_string (w, "unit", chart->unit);
  cs_json_member_string (w, "provenance", cs_report_provenance_keyword (chart->provenance));
  if (chart->kind == CS_CHART_BAR)
    {
      cs_json_member_number (w, "total", chart->total);
      cs_json_key (w, "parts");
      cs_json_begin_array (w);
      for (guint i = 0; i < chart->n_parts; i++)
        {
          const CsChartPart *part = &chart->parts[i];

          cs_json_begin_object (w);
          cs_json_member_string (w, "metric", part->name);
          cs_json_member_string (w, "title", part->label);
          cs_json_member_number (w, "value", part->value);
          cs_json_member_number (w, "share", isnan (part->value) ? NAN : part->share);
          cs_json_member_string (w, "provenance", cs_report_provenance_keyword (part->provenance));
          cs_json_end_object (w);
        }
      cs_json_end_array (w);
    }
  else
    {
      cs_json_member_string (w, "metric", chart->metric);
      cs_json_member_string (w, "metric_title", chart->metric_label);
      cs_json_member_number (w, "value", chart->value);
      cs_json_member_number (w, "low", chart->low);
      cs_json_member_number (w, "medium", chart->medium);
      cs_json_member_number (w, "high", chart->high);
      cs_json_member_bool (w, "higher_is_better", chart->higher_is_better);
      cs_json_member_string (w, "band", _cs_report_band_keyword (chart->band));
      cs_json_member_string (w, "sentence", chart->sentence);
    }
  cs_json_end_object (w);
}

static void
charts_to_json (GPtrArray    *charts,
                CsJsonWriter *w)
{
  cs_json_begin_array (w);
  for (guint i = 0; charts != NULL && i < charts->len; i++)
    chart_to_json (g_ptr_array_index (charts, i), w);
  cs_json_end_array (w);
}

static void
scope_to_json (CsReport      *report,
               CsReportScope *scope,
               CsJsonWriter  *w)
{
  g_autoptr(GPtrArray) charts = _cs_report_scope_charts (report, scope);
  guint n_names;
  const char **names = cs_counts_get_names (scope->counts, &n_names);

  cs_json_begin_object (w);
  cs_json_member_string (w, "scope", scope->region ? "region" : "program");
  cs_json_member_string (w, "region", scope->region);
  cs_json_key (w, "calls");
  if (scope->region != NULL)
    cs_json_uint (w, scope->calls);
  else
    cs_json_null (w);
  if (scope->region != NULL)
    _cs_report_region_json (report, scope, w);

  cs_json_key (w, "counts");
  cs_json_begin_array (w);
  for (guint i = 0; i < n_names; i++)
    {
      double v;
      CsProvenance p;

      cs_counts_lookup (scope->counts, names[i], &v, &p);
      cs_json_begin_object (w);
      cs_json_member_string (w, "name", names[i]);
      cs_json_member_string (w, "event", _cs_report_event_string (report, names[i]));
      cs_json_member_number (w, "value", v);
      cs_json_member_string (w, "provenance", cs_report_provenance_keyword (p));
      cs_json_end_object (w);
    }
  cs_json_end_array (w);

  cs_json_key (w, "metrics");
  cs_json_begin_array (w);
  for (guint i = 0; scope->evaluation != NULL && i < cs_model_get_n_metrics (report->model); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (report->model, i);

      cs_json_begin_object (w);
      cs_json_member_string (w, "name", m->name);
      cs_json_member_string (w, "title", m->title);
      cs_json_member_number (w, "value", cs_evaluation_get_value (scope->evaluation, i));
      cs_json_member_string (w, "unit", m->unit);
      cs_json_member_string (w, "provenance",
                             cs_report_provenance_keyword (cs_evaluation_get_provenance (scope->evaluation, i)));
      cs_json_member_string (w, "group", m->group);
      cs_json_member_int (w, "level", m->level);
      cs_json_end_object (w);
    }
  cs_json_end_array (w);

  cs_json_key (w, "charts");
  charts_to_json (charts, w);
  if (scope->region == NULL)
    {
      cs_json_key (w, "hidden_charts");
      cs_json_begin_array (w);
      for (guint i = 0; report->hidden_charts != NULL && i < report->hidden_charts->len; i++)
        cs_json_string (w, ((CsChartValues *) g_ptr_array_index (report->hidden_charts, i))->id);
      cs_json_end_array (w);
    }
  cs_json_end_object (w);
}

char *
_cs_report_charts_json (GPtrArray *charts)
{
  GString *out = g_string_new (NULL);
  CsJsonWriter w;

  cs_json_writer_init (&w, out);
  charts_to_json (charts, &w);
  cs_json_writer_clear (&w);
  return g_string_free (out, FALSE);
}

/* Written member by member as it is computed: a tree of 20 000 regions'
 * members took 1.4 GB before a byte was printed. */
void
_cs_report_render_json (CsReport *report,
                       GString  *out)
{
  CsJsonWriter w;

  cs_json_writer_init (&w, out);
  cs_json_begin_object (&w);
  cs_json_member_int (&w, "report_version", CS_REPORT_JSON_VERSION);
  info_to_json (report, &w);
  runs_to_json (report, &w);
  sampling_runs_to_json (report, &w);
  checks_to_json (report, &w);
  cs_json_key (&w, "scopes");
  cs_json_begin_array (&w);
  for (guint i = 0; i < report->scopes->len; i++)
    {
      scope_to_json (report, g_ptr_array_index (report->scopes, i), &w);
      _cs_report_scope_done (report, out);
    }
  cs_json_end_array (&w);
  cs_json_end_object (&w);
  cs_json_writer_clear (&w);
  g_string_append_c (out, '\n');
}

void
_cs_report_render_csv (CsReport *report,
                      GString  *out)
{
  static const char * const header[] = {
    "scope", "region", "metric", "title", "value", "unit", "provenance",
  };

  for (guint i = 0; i < G_N_ELEMENTS (header); i++)
    cs_cli_csv_field (out, header[i], i + 1 == G_N_ELEMENTS (header));

  for (guint s = 0; s < report->scopes->len; s++)
    {
      CsReportScope *scope = g_ptr_array_index (report->scopes, s);

      for (guint i = 0; scope->evaluation != NULL && i < cs_model_get_n_metrics (report->model); i++)
        {
          const CsModelMetric *m = cs_model_get_metric (report->model, i);
          double v = cs_evaluation_get_value (scope->evaluation, i);
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          cs_cli_csv_field (out, scope->region ? "region" : "program", FALSE);
          cs_cli_csv_field (out, scope->region, FALSE);
          cs_cli_csv_field (out, m->name, FALSE);
          cs_cli_csv_field (out, m->title, FALSE);
          /* Shortest text that reads back as the same double. */
          cs_cli_csv_field (out, isfinite (v) ? g_ascii_dtostr (buf, sizeof buf, v) : "", FALSE);
          cs_cli_csv_field (out, m->unit, FALSE);
          cs_cli_csv_field (out, cs_report_provenance_keyword (cs_evaluation_get_provenance (scope->evaluation, i)),
                     TRUE);
        }
      _cs_report_scope_done (report, out);
    }
}
