/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-counts-json.c — the counting report as JSON and as CSV
 *
 * Both are for scripts, so numbers are plain (no grouping, "." decimal mark,
 * full precision) and unknown values are null / an empty field rather than
 * "—". docs/cli.md documents the shapes; change them only together.
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <string.h>

#include "cs-cli-util.h"
#include "cs-report-counts-private.h"

#define CS_REPORT_JSON_VERSION 1

static json_object *
strv_to_json (const char * const *strv)
{
  json_object *arr = json_object_new_array ();

  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_object_array_add (arr, json_object_new_string (strv[i]));
  return arr;
}

static json_object *
info_to_json (CsReport *report,
              json_object *root)
{
  CsSession *s = report->session;
  json_object *host = json_object_new_object ();
  json_object *command = json_object_new_object ();
  json_object *model = NULL;
  GDateTime *start = cs_session_get_start_time (s);
  g_autofree char *start_text = start ? g_date_time_format_iso8601 (start) : NULL;

  json_object_object_add (root, "session", cs_cli_json_string (cs_session_get_bundle_path (s)));
  json_object_object_add (host, "hostname", cs_cli_json_string (cs_session_get_hostname (s)));
  json_object_object_add (host, "cpu_model", cs_cli_json_string (cs_session_get_cpu_model (s)));
  json_object_object_add (host, "pmu", cs_cli_json_string (cs_session_get_pmu_name (s)));
  json_object_object_add (host, "pmu_description", cs_cli_json_string (cs_session_get_pmu_description (s)));
  json_object_object_add (host, "kernel_release", cs_cli_json_string (cs_session_get_kernel_release (s)));
  json_object_object_add (host, "n_cpus", json_object_new_int64 (cs_session_get_n_cpus (s)));
  json_object_object_add (root, "host", host);
  json_object_object_add (command, "argv", strv_to_json (cs_session_get_argv (s)));
  json_object_object_add (command, "cwd", cs_cli_json_string (cs_session_get_cwd (s)));
  json_object_object_add (root, "command", command);
  if (report->model != NULL)
    {
      model = json_object_new_object ();
      json_object_object_add (model, "id", json_object_new_string (cs_model_get_id (report->model)));
      json_object_object_add (model, "name", cs_cli_json_string (cs_model_get_name (report->model)));
    }
  json_object_object_add (root, "model", model);
  json_object_object_add (root, "mode", json_object_new_string (cs_session_get_mode (s)));
  json_object_object_add (root, "start_time", cs_cli_json_string (start_text));
  json_object_object_add (root, "duration", cs_cli_json_number (cs_session_get_duration (s)));
  json_object_object_add (root, "complete", json_object_new_boolean (cs_session_get_complete (s)));
  return root;
}

static json_object *
runs_to_json (CsReport *report)
{
  CsSession *s = report->session;
  json_object *runs = json_object_new_array ();

  for (guint i = 0; i < cs_session_get_n_runs (s); i++)
    {
      CsRun *run = cs_session_get_run (s, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "index", json_object_new_int64 (run->index));
      json_object_object_add (o, "group", cs_cli_json_string (run->group));
      json_object_object_add (o, "status", json_object_new_string (cs_run_status_to_string (run->status)));
      json_object_object_add (o, "exit_code", json_object_new_int (run->exit_code));
      json_object_object_add (o, "term_signal", json_object_new_int (run->term_signal));
      json_object_object_add (o, "multiplexed", json_object_new_boolean (run->multiplexed));
      json_object_object_add (o, "wall_seconds", cs_cli_json_number (run->wall_seconds));
      json_object_object_add (o, "user_seconds", cs_cli_json_number (run->user_seconds));
      json_object_object_add (o, "system_seconds", cs_cli_json_number (run->system_seconds));
      json_object_object_add (o, "n_counts", json_object_new_int64 (run->counts->len));
      json_object_object_add (o, "running_ratio", cs_cli_json_number (_cs_report_run_running_ratio (run)));
      json_object_array_add (runs, o);
    }
  return runs;
}

static json_object *
sampling_runs_to_json (CsReport *report)
{
  CsSession *s = report->session;
  json_object *runs = json_object_new_array ();

  for (guint i = 0; i < cs_session_get_n_sampling_runs (s); i++)
    {
      CsSamplingRun *run = cs_session_get_sampling_run (s, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "index", json_object_new_int64 (run->index));
      json_object_object_add (o, "perf_data", cs_cli_json_string (run->perf_data));
      json_object_object_add (o, "event", cs_cli_json_string (run->event));
      json_object_object_add (o, "n_samples", json_object_new_uint64 (run->n_samples));
      json_object_object_add (o, "n_lost", json_object_new_uint64 (run->n_lost));
      json_object_object_add (o, "status", json_object_new_string (cs_run_status_to_string (run->status)));
      json_object_object_add (o, "counting_run", run->same_run ? json_object_new_int64 (run->counting_run) : NULL);
      json_object_array_add (runs, o);
    }
  return runs;
}

static void
checks_to_json (CsReport    *report,
                json_object *root)
{
  CsSession *s = report->session;
  const char *alias = cs_session_get_cycles_alias (s);
  g_autoptr(GPtrArray) unscheduled = cs_session_get_unscheduled (s);
  json_object *multiplexing = json_object_new_array ();
  json_object *unsched = json_object_new_array ();
  json_object *cycles = NULL;
  double mean, sd;
  guint n;

  if (alias != NULL && cs_session_get_event_spread (s, alias, &mean, &sd, &n))
    {
      cycles = json_object_new_object ();
      json_object_object_add (cycles, "alias", json_object_new_string (alias));
      json_object_object_add (cycles, "mean", cs_cli_json_number (mean));
      json_object_object_add (cycles, "stddev", cs_cli_json_number (sd));
      json_object_object_add (cycles, "n", json_object_new_int64 (n));
    }
  json_object_object_add (root, "cycles", cycles);

  for (guint i = 0; i < report->event_names->len; i++)
    {
      const char *name = g_ptr_array_index (report->event_names, i);
      double ratio = cs_session_get_running_ratio (s, name);

      if (ratio < 1.0 && ratio > 0)
        {
          json_object *o = json_object_new_object ();

          json_object_object_add (o, "event", json_object_new_string (name));
          json_object_object_add (o, "running_ratio", cs_cli_json_number (ratio));
          json_object_array_add (multiplexing, o);
        }
    }
  json_object_object_add (root, "multiplexing", multiplexing);
  for (guint i = 0; i < unscheduled->len; i++)
    json_object_array_add (unsched, json_object_new_string (g_ptr_array_index (unscheduled, i)));
  json_object_object_add (root, "unscheduled", unsched);
  json_object_object_add (root, "warnings", strv_to_json ((const char * const *) report->warnings));
  json_object_object_add (root, "warning_details", strv_to_json (cs_session_get_warnings (s)));
  json_object_object_add (root, "notes", strv_to_json (cs_session_get_notes (s)));
}

static json_object *
chart_to_json (const CsChartValues *chart)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "id", json_object_new_string (chart->id));
  json_object_object_add (o, "kind", json_object_new_string (chart->kind == CS_CHART_BAR ? "bar" : "ref"));
  json_object_object_add (o, "title", cs_cli_json_string (chart->title));
  json_object_object_add (o, "unit", cs_cli_json_string (chart->unit));
  json_object_object_add (o, "provenance",
                          json_object_new_string (cs_report_provenance_keyword (chart->provenance)));
  if (chart->kind == CS_CHART_BAR)
    {
      json_object *parts = json_object_new_array ();

      json_object_object_add (o, "total", cs_cli_json_number (chart->total));
      for (guint i = 0; i < chart->n_parts; i++)
        {
          const CsChartPart *part = &chart->parts[i];
          json_object *p = json_object_new_object ();

          json_object_object_add (p, "metric", json_object_new_string (part->name));
          json_object_object_add (p, "title", cs_cli_json_string (part->label));
          json_object_object_add (p, "value", cs_cli_json_number (part->value));
          json_object_object_add (p, "share", isnan (part->value) ? NULL : cs_cli_json_number (part->share));
          json_object_object_add (p, "provenance",
                                  json_object_new_string (cs_report_provenance_keyword (part->provenance)));
          json_object_array_add (parts, p);
        }
      json_object_object_add (o, "parts", parts);
    }
  else
    {
      json_object_object_add (o, "metric", cs_cli_json_string (chart->metric));
      json_object_object_add (o, "metric_title", cs_cli_json_string (chart->metric_label));
      json_object_object_add (o, "value", cs_cli_json_number (chart->value));
      json_object_object_add (o, "low", cs_cli_json_number (chart->low));
      json_object_object_add (o, "medium", cs_cli_json_number (chart->medium));
      json_object_object_add (o, "high", cs_cli_json_number (chart->high));
      json_object_object_add (o, "higher_is_better", json_object_new_boolean (chart->higher_is_better));
      json_object_object_add (o, "band", json_object_new_string (_cs_report_band_keyword (chart->band)));
      json_object_object_add (o, "sentence", cs_cli_json_string (chart->sentence));
    }
  return o;
}

static json_object *
scope_to_json (CsReport      *report,
               CsReportScope *scope)
{
  json_object *o = json_object_new_object ();
  json_object *counts = json_object_new_array ();
  json_object *metrics = json_object_new_array ();
  json_object *charts = json_object_new_array ();
  guint n_names;
  const char **names = cs_counts_get_names (scope->counts, &n_names);

  json_object_object_add (o, "scope", json_object_new_string (scope->region ? "region" : "program"));
  json_object_object_add (o, "region", cs_cli_json_string (scope->region));
  json_object_object_add (o, "calls", scope->region ? json_object_new_uint64 (scope->calls) : NULL);
  if (scope->region != NULL)
    _cs_report_region_json (report, scope, o);

  for (guint i = 0; i < n_names; i++)
    {
      json_object *c = json_object_new_object ();
      double v;
      CsProvenance p;

      cs_counts_lookup (scope->counts, names[i], &v, &p);
      json_object_object_add (c, "name", json_object_new_string (names[i]));
      json_object_object_add (c, "event", cs_cli_json_string (_cs_report_event_string (report, names[i])));
      json_object_object_add (c, "value", cs_cli_json_number (v));
      json_object_object_add (c, "provenance", json_object_new_string (cs_report_provenance_keyword (p)));
      json_object_array_add (counts, c);
    }
  json_object_object_add (o, "counts", counts);

  for (guint i = 0; scope->evaluation != NULL && i < cs_model_get_n_metrics (report->model); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (report->model, i);
      json_object *j = json_object_new_object ();

      json_object_object_add (j, "name", json_object_new_string (m->name));
      json_object_object_add (j, "title", cs_cli_json_string (m->title));
      json_object_object_add (j, "value", cs_cli_json_number (cs_evaluation_get_value (scope->evaluation, i)));
      json_object_object_add (j, "unit", cs_cli_json_string (m->unit));
      json_object_object_add (j, "provenance", json_object_new_string (
        cs_report_provenance_keyword (cs_evaluation_get_provenance (scope->evaluation, i))));
      json_object_object_add (j, "group", cs_cli_json_string (m->group));
      json_object_object_add (j, "level", json_object_new_int (m->level));
      json_object_array_add (metrics, j);
    }
  json_object_object_add (o, "metrics", metrics);

  for (guint i = 0; scope->charts != NULL && i < scope->charts->len; i++)
    json_object_array_add (charts, chart_to_json (g_ptr_array_index (scope->charts, i)));
  json_object_object_add (o, "charts", charts);
  if (scope->region == NULL)
    {
      json_object *hidden = json_object_new_array ();

      for (guint i = 0; report->hidden_charts != NULL && i < report->hidden_charts->len; i++)
        json_object_array_add (hidden, json_object_new_string (((CsChartValues *) g_ptr_array_index (report->hidden_charts, i))->id));
      json_object_object_add (o, "hidden_charts", hidden);
    }
  return o;
}

char *
_cs_report_charts_json (GPtrArray *charts)
{
  json_object *array = json_object_new_array ();
  char *text;

  for (guint i = 0; charts != NULL && i < charts->len; i++)
    json_object_array_add (array, chart_to_json (g_ptr_array_index (charts, i)));
  text = g_strdup (json_object_to_json_string_ext (array, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
  json_object_put (array);
  return text;
}

void
_cs_report_render_json (CsReport *report,
                       GString  *out)
{
  json_object *root = json_object_new_object ();
  json_object *scopes = json_object_new_array ();

  json_object_object_add (root, "report_version", json_object_new_int (CS_REPORT_JSON_VERSION));
  info_to_json (report, root);
  json_object_object_add (root, "runs", runs_to_json (report));
  json_object_object_add (root, "sampling_runs", sampling_runs_to_json (report));
  checks_to_json (report, root);
  for (guint i = 0; i < report->scopes->len; i++)
    json_object_array_add (scopes, scope_to_json (report, g_ptr_array_index (report->scopes, i)));
  json_object_object_add (root, "scopes", scopes);

  cs_cli_append_json (out, root);
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
    }
}
