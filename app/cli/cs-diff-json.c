/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-diff-json.c — `cyclescope diff --format json`
 *
 * One object: "base" and "new" (each side's facts), "event", "metrics",
 * then "modules", "functions" and "regions" (docs/cli.md). A value that
 * cannot be computed is null; verdicts are the ids of cs_diff_change_id().
 * Strings from recorded files are made valid UTF-8 by cs_cli_print_output().
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>

#include "cs-cli-util.h"
#include "cs-diff-report.h"

static json_object *
json_side (CsComparison *comparison,
           gboolean      base)
{
  CsAnalysis *analysis = base ? cs_comparison_get_base (comparison) : cs_comparison_get_new (comparison);
  CsSession *session = cs_analysis_get_session (analysis);
  json_object *side = json_object_new_object ();
  g_autofree char *command = cs_diff_command (analysis);
  CsCompareSideFacts facts;

  cs_comparison_get_side_facts (comparison, base, &facts);
  json_object_object_add (side, "file", cs_cli_json_string (cs_analysis_get_path (analysis)));
  json_object_object_add (side, "command", cs_cli_json_string (command));
  json_object_object_add (side, "duration_seconds", cs_cli_json_number (cs_session_get_duration (session)));
  json_object_object_add (side, "model", cs_cli_json_string (cs_diff_model_id (analysis)));
  json_object_object_add (side, "runs", json_object_new_int64 (cs_diff_n_runs (analysis)));
  json_object_object_add (side, "samples", json_object_new_uint64 (facts.n_samples));
  json_object_object_add (side, "sampled_seconds", cs_cli_json_number (facts.sampled_seconds));
  json_object_object_add (side, "cycles_relative_stddev", cs_cli_json_number (facts.rel_spread));
  json_object_object_add (side, "cycles_runs", json_object_new_int64 (facts.n_runs));
  return side;
}

static json_object *
json_metrics (CsComparison *comparison)
{
  const GArray *metrics = cs_comparison_get_metrics (comparison);
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < metrics->len; i++)
    {
      const CsMetricDelta *m = &g_array_index (metrics, CsMetricDelta, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "name", cs_cli_json_string (m->name));
      json_object_object_add (o, "title", cs_cli_json_string (m->label));
      json_object_object_add (o, "unit", cs_cli_json_string (m->unit));
      json_object_object_add (o, "base", cs_cli_json_number (m->base));
      json_object_object_add (o, "new", cs_cli_json_number (m->new_value));
      json_object_object_add (o, "delta", cs_cli_json_number (m->delta));
      json_object_object_add (o, "ratio", cs_cli_json_number (m->ratio));
      json_object_object_add (o, "base_stddev", cs_cli_json_number (m->base_spread));
      json_object_object_add (o, "new_stddev", cs_cli_json_number (m->new_spread));
      json_object_object_add (o, "base_runs", json_object_new_int64 (m->base_runs));
      json_object_object_add (o, "new_runs", json_object_new_int64 (m->new_runs));
      json_object_object_add (o, "verdict", json_object_new_string (cs_diff_change_id (m->change)));
      json_object_array_add (array, o);
    }
  return array;
}

static json_object *
json_rows (const CsDiffTable *table)
{
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < table->rows->len; i++)
    {
      const CsRowDelta *r = &g_array_index (table->rows, CsRowDelta, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "name", cs_cli_json_string (r->name));
      if (table->functions)
        json_object_object_add (o, "module", cs_cli_json_string (r->module));
      json_object_object_add (o, "base_samples", json_object_new_uint64 (r->base_samples));
      json_object_object_add (o, "new_samples", json_object_new_uint64 (r->new_samples));
      json_object_object_add (o, "base_share", cs_cli_json_number (r->base_share));
      json_object_object_add (o, "new_share", cs_cli_json_number (r->new_share));
      json_object_object_add (o, "delta_points", cs_cli_json_number (r->delta_points));
      json_object_object_add (o, "delta_points_stddev", cs_cli_json_number (r->delta_points_sigma));
      json_object_object_add (o, "base_seconds", cs_cli_json_number (r->base_seconds));
      json_object_object_add (o, "new_seconds", cs_cli_json_number (r->new_seconds));
      json_object_object_add (o, "delta_seconds", cs_cli_json_number (r->delta_seconds));
      json_object_object_add (o, "delta_seconds_stddev", cs_cli_json_number (r->delta_seconds_sigma));
      json_object_object_add (o, "verdict", json_object_new_string (cs_diff_change_id (r->change)));
      json_object_object_add (o, "time_verdict", json_object_new_string (cs_diff_change_id (r->seconds_change)));
      json_object_array_add (array, o);
    }
  return array;
}

void
cs_diff_render_json (const CsDiffReport *report,
                     GString            *out)
{
  json_object *root = json_object_new_object ();
  const char *programs[2];

  json_object_object_add (root, "diff_version", json_object_new_int (1));
  json_object_object_add (root, "base", json_side (report->comparison, TRUE));
  json_object_object_add (root, "new", json_side (report->comparison, FALSE));
  json_object_object_add (root, "event", cs_cli_json_string (cs_comparison_get_event (report->comparison)));
  if (cs_comparison_get_programs (report->comparison, &programs[0], &programs[1]))
    {
      json_object *paired = json_object_new_object ();

      json_object_object_add (paired, "base", cs_cli_json_string (programs[0]));
      json_object_object_add (paired, "new", cs_cli_json_string (programs[1]));
      json_object_object_add (root, "programs_matched", paired);
    }
  json_object_object_add (root, "functions_by", json_object_new_string (report->children ? "total" : "self"));
  json_object_object_add (root, "metrics", json_metrics (report->comparison));
  for (guint i = 0; i < G_N_ELEMENTS (report->tables); i++)
    json_object_object_add (root, report->tables[i].id, json_rows (&report->tables[i]));
  cs_cli_append_json (out, root);
  g_string_append_c (out, '\n');
}
