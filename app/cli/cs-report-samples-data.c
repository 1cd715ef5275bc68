/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-samples-data.c — sample tables as JSON and CSV (docs/cli.md)
 *
 * Numbers are full precision (percentages are doubles, counts integers) so
 * that scripts can compare them with perf's or recompute them.
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <string.h>

#include "cs-cli-util.h"
#include "cs-report-samples-private.h"
#include "cs-report-summary.h"

static const char *
kind_keyword (CsModuleKind kind)
{
  switch (kind)
    {
    case CS_MODULE_FILE:
      return "file";
    case CS_MODULE_KERNEL:
      return "kernel";
    case CS_MODULE_SPECIAL:
    default:
      return "special";
    }
}

static json_object *
json_string_or_null (const char *s)
{
  return s != NULL ? json_object_new_string (s) : NULL;
}

static json_object *
module_row_json (CsAnalysis               *analysis,
                 const CsProfileModuleRow *r)
{
  json_object *o = json_object_new_object ();
  CsModel *model = cs_analysis_get_model (analysis);
  const char * const *columns = model != NULL ? cs_model_get_table_columns (model) : NULL;
  const CsScope *scope = _cs_report_samples_module_scope (analysis, r->module);
  json_object *metrics = json_object_new_object ();

  json_object_object_add (o, "percent", json_object_new_double (r->percent));
  json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->samples));
  json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->period));
  json_object_object_add (o, "dso", json_object_new_string (r->module->name));
  json_object_object_add (o, "path", json_string_or_null (r->module->path));
  json_object_object_add (o, "kind", json_object_new_string (kind_keyword (r->module->kind)));
  for (guint c = 0; columns != NULL && columns[c] != NULL; c++)
    json_object_object_add (metrics, columns[c],
                            cs_cli_json_number (scope != NULL ? cs_evaluation_lookup (scope->evaluation, columns[c]) : NAN));
  json_object_object_add (o, "metrics", metrics);
  json_object_object_add (o, "provenance", json_object_new_string ("estimated"));
  return o;
}

static json_object *
symbol_row_json (const CsProfileSymbolRow *r)
{
  json_object *o = json_object_new_object ();
  const CsSymbol *sym = r->symbol->symbol;

  json_object_object_add (o, "percent", json_object_new_double (r->percent));
  json_object_object_add (o, "module_percent", json_object_new_double (r->module_percent));
  json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->samples));
  json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->period));
  json_object_object_add (o, "dso", json_object_new_string (r->symbol->module->name));
  json_object_object_add (o, "symbol", json_object_new_string (r->symbol->display_name));
  json_object_object_add (o, "short_name", json_string_or_null (sym->name));
  json_object_object_add (o, "signature", json_string_or_null (sym->signature));
  json_object_object_add (o, "mangled", json_string_or_null (sym->mangled));
  json_object_object_add (o, "address", json_object_new_int64 ((gint64) sym->start));
  json_object_object_add (o, "size", json_object_new_int64 ((gint64) sym->size));
  json_object_object_add (o, "unknown", json_object_new_boolean (sym->unknown));
  return o;
}

static json_object *
line_row_json (const CsProfileLineRow *r)
{
  json_object *o = json_object_new_object ();
  g_autofree char *srcline = _cs_report_samples_srcline (r);

  json_object_object_add (o, "percent", json_object_new_double (r->percent));
  json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->samples));
  json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->period));
  json_object_object_add (o, "srcline", json_object_new_string (srcline));
  json_object_object_add (o, "file", json_string_or_null (r->file));
  json_object_object_add (o, "line", r->file != NULL ? json_object_new_int ((int) r->line) : NULL);
  json_object_object_add (o, "dso", r->symbol != NULL ? json_object_new_string (r->symbol->module->name) : NULL);
  json_object_object_add (o, "symbol", r->symbol != NULL ? json_object_new_string (r->symbol->display_name) : NULL);
  return o;
}

static json_object *
event_json (CsAnalysis                  *analysis,
            const CsProfileEvent        *e,
            const CsReportSampleOptions *options)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  json_object *o = json_object_new_object ();
  json_object *rows = json_object_new_array ();

  json_object_object_add (o, "name", json_object_new_string (e->name));
  json_object_object_add (o, "type", json_object_new_int64 (e->type));
  json_object_object_add (o, "config", json_object_new_int64 ((gint64) e->config));
  json_object_object_add (o, "software", json_object_new_boolean (e->software));
  json_object_object_add (o, "sample_freq", json_object_new_int64 ((gint64) e->sample_freq));
  json_object_object_add (o, "sample_period", json_object_new_int64 ((gint64) e->sample_period));
  json_object_object_add (o, "samples", json_object_new_int64 ((gint64) e->n_samples));
  json_object_object_add (o, "period", json_object_new_int64 ((gint64) e->period));

  if (options->children && _cs_report_call_graph (analysis) != NULL)
    {
      json_object_put (rows);
      rows = _cs_report_children_json (analysis, e, options);
    }
  else if (options->sort == CS_REPORT_SORT_KEYS)
    {
      json_object_put (rows);
      rows = _cs_report_groups_json (analysis, e, options);
    }
  else if (options->sort == CS_REPORT_SORT_DSO)
    {
      g_autoptr(GArray) t = cs_profile_dup_module_table (profile, e->index);

      for (guint i = 0; i < t->len && (options->limit == 0 || i < options->limit); i++)
        json_object_array_add (rows, module_row_json (analysis, &g_array_index (t, CsProfileModuleRow, i)));
    }
  else if (options->sort == CS_REPORT_SORT_SRCLINE)
    {
      g_autoptr(GArray) t = cs_profile_dup_srcline_table (profile, e->index, options->limit);

      for (guint i = 0; i < t->len; i++)
        json_object_array_add (rows, line_row_json (&g_array_index (t, CsProfileLineRow, i)));
    }
  else
    {
      g_autoptr(GArray) t = cs_profile_dup_symbol_table (profile, e->index, NULL, options->limit);

      for (guint i = 0; i < t->len; i++)
        json_object_array_add (rows, symbol_row_json (&g_array_index (t, CsProfileSymbolRow, i)));
    }
  json_object_object_add (o, "rows", rows);
  if (_cs_report_call_graph (analysis) != NULL)
    json_object_object_add (o, "call_graph", _cs_report_callgraph_json (_cs_report_call_graph (analysis), e,
                                                                        options->percent_limit));
  return o;
}

void
_cs_report_samples_render_json (CsAnalysis                  *analysis,
                               GPtrArray                   *events,
                               const CsReportSampleOptions *options,
                               GString                     *out)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileStats *stats = cs_profile_get_stats (profile);
  CsModel *model = cs_analysis_get_model (analysis);
  json_object *root = json_object_new_object ();
  json_object *arr = json_object_new_array ();
  json_object *columns = json_object_new_array ();
  json_object *warnings = json_object_new_array ();
  const char * const *cols = model != NULL ? cs_model_get_table_columns (model) : NULL;
  g_autofree char *sort = cs_report_sort_describe (options);

  json_object_object_add (root, "file", json_object_new_string (cs_profile_get_path (profile)));
  json_object_object_add (root, "sort", json_object_new_string (sort));
  json_object_object_add (root, "summary", cs_report_summary_json (analysis));
  if (cs_profile_get_subset (profile, NULL) != NULL)
    {
      guint n;

      cs_profile_get_subset (profile, &n);
      json_object_object_add (root, "selected_samples", json_object_new_int64 (n));
    }
  json_object_object_add (root, "limit", json_object_new_int ((int) options->limit));
  json_object_object_add (root, "children", json_object_new_boolean (options->children &&
                                                                     _cs_report_call_graph (analysis) != NULL));
  json_object_object_add (root, "samples", json_object_new_int64 ((gint64) stats->n_samples));
  json_object_object_add (root, "lost", json_object_new_int64 ((gint64) (cs_profile_stats_get_n_lost (stats))));
  json_object_object_add (root, "unmapped", json_object_new_int64 ((gint64) stats->n_unmapped));
  for (guint c = 0; options->sort == CS_REPORT_SORT_DSO && cols != NULL && cols[c] != NULL; c++)
    json_object_array_add (columns, json_object_new_string (cols[c]));
  json_object_object_add (root, "model_columns", columns);
  for (const char * const *w = cs_analysis_get_warnings (analysis); w != NULL && *w != NULL; w++)
    json_object_array_add (warnings, json_object_new_string (*w));
  json_object_object_add (root, "warnings", warnings);
  for (guint i = 0; i < events->len; i++)
    json_object_array_add (arr, event_json (analysis, g_ptr_array_index (events, i), options));
  json_object_object_add (root, "events", arr);

  cs_cli_append_json (out, root);
}

void
_cs_report_samples_csv_numbers (GString    *out,
                                const char *event,
                                double      percent,
                                guint64     samples,
                                guint64     period)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, samples);
  g_autofree char *p = g_strdup_printf ("%" G_GUINT64_FORMAT, period);

  cs_cli_csv_field (out, event, FALSE);
  cs_cli_csv_field (out, g_ascii_dtostr (buf, sizeof buf, percent), FALSE);
  cs_cli_csv_field (out, n, FALSE);
  cs_cli_csv_field (out, p, FALSE);
}

void
_cs_report_samples_render_csv (CsAnalysis                  *analysis,
                              GPtrArray                   *events,
                              const CsReportSampleOptions *options,
                              GString                     *out)
{
  static const char * const head[] = { "event", "percent", "samples", "period" };
  CsProfile *profile = cs_analysis_get_profile (analysis);
  CsModel *model = cs_analysis_get_model (analysis);
  const char * const *cols = model != NULL ? cs_model_get_table_columns (model) : NULL;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (options->children && profile != NULL && _cs_report_call_graph (analysis) != NULL)
    {
      _cs_report_children_csv_header (options, out);
      for (guint i = 0; i < events->len; i++)
        _cs_report_children_csv (analysis, g_ptr_array_index (events, i), options, out);
      return;
    }
  if (options->sort == CS_REPORT_SORT_KEYS)
    {
      _cs_report_groups_csv_header (options, out);
      for (guint i = 0; profile != NULL && i < events->len; i++)
        _cs_report_groups_csv (analysis, g_ptr_array_index (events, i), options, out);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    cs_cli_csv_field (out, head[i], FALSE);
  switch (options->sort)
    {
    case CS_REPORT_SORT_DSO:
      cs_cli_csv_field (out, "dso", FALSE);
      cs_cli_csv_field (out, "path", cols == NULL || cols[0] == NULL);
      for (guint c = 0; cols != NULL && cols[c] != NULL; c++)
        cs_cli_csv_field (out, cols[c], cols[c + 1] == NULL);
      break;
    case CS_REPORT_SORT_SRCLINE:
      cs_cli_csv_field (out, "srcline", FALSE);
      cs_cli_csv_field (out, "dso", FALSE);
      cs_cli_csv_field (out, "symbol", TRUE);
      break;
    default:
      cs_cli_csv_field (out, "dso", FALSE);
      cs_cli_csv_field (out, "symbol", FALSE);
      cs_cli_csv_field (out, "short_name", FALSE);
      cs_cli_csv_field (out, "signature", TRUE);
      break;
    }
  if (profile == NULL)
    return;

  for (guint i = 0; i < events->len; i++)
    {
      const CsProfileEvent *e = g_ptr_array_index (events, i);

      if (options->sort == CS_REPORT_SORT_DSO)
        {
          g_autoptr(GArray) t = cs_profile_dup_module_table (profile, e->index);

          for (guint r = 0; r < t->len && (options->limit == 0 || r < options->limit); r++)
            {
              const CsProfileModuleRow *row = &g_array_index (t, CsProfileModuleRow, r);
              const CsScope *scope = _cs_report_samples_module_scope (analysis, row->module);

              _cs_report_samples_csv_numbers (out, e->name, row->percent, row->samples, row->period);
              cs_cli_csv_field (out, row->module->name, FALSE);
              cs_cli_csv_field (out, row->module->path, cols == NULL || cols[0] == NULL);
              for (guint c = 0; cols != NULL && cols[c] != NULL; c++)
                {
                  double v = scope != NULL ? cs_evaluation_lookup (scope->evaluation, cols[c]) : NAN;

                  cs_cli_csv_field (out, isfinite (v) ? g_ascii_dtostr (buf, sizeof buf, v) : "", cols[c + 1] == NULL);
                }
            }
        }
      else if (options->sort == CS_REPORT_SORT_SRCLINE)
        {
          g_autoptr(GArray) t = cs_profile_dup_srcline_table (profile, e->index, options->limit);

          for (guint r = 0; r < t->len; r++)
            {
              const CsProfileLineRow *row = &g_array_index (t, CsProfileLineRow, r);
              g_autofree char *srcline = _cs_report_samples_srcline (row);

              _cs_report_samples_csv_numbers (out, e->name, row->percent, row->samples, row->period);
              cs_cli_csv_field (out, srcline, FALSE);
              cs_cli_csv_field (out, row->symbol != NULL ? row->symbol->module->name : NULL, FALSE);
              cs_cli_csv_field (out, row->symbol != NULL ? row->symbol->display_name : NULL, TRUE);
            }
        }
      else
        {
          g_autoptr(GArray) t = cs_profile_dup_symbol_table (profile, e->index, NULL, options->limit);

          for (guint r = 0; r < t->len; r++)
            {
              const CsProfileSymbolRow *row = &g_array_index (t, CsProfileSymbolRow, r);

              _cs_report_samples_csv_numbers (out, e->name, row->percent, row->samples, row->period);
              cs_cli_csv_field (out, row->symbol->module->name, FALSE);
              cs_cli_csv_field (out, row->symbol->display_name, FALSE);
              cs_cli_csv_field (out, row->symbol->symbol->name, FALSE);
              cs_cli_csv_field (out, row->symbol->symbol->signature, TRUE);
            }
        }
    }
}
