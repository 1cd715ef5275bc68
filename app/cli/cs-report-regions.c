/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-regions.c — the regions in `cyclescope report`
 *
 * Kruse's module-level analysis is a table of framework modules, sortable
 * by any column, with Total Cycles, Cycles Stalled, % of Cycles Stalled,
 * CPI, L2 Miss Impact and % of Total Stalls first (Fig. 5.4); the modular
 * symbol-level analysis ranks the modules by samples (Fig. 5.6) and lists a
 * module's top symbols per event with samples, percentage, name, library
 * and complete signature (Fig. 5.7) (Kruse, CMSSW Performance Monitoring,
 * 2011, §5.3–5.4). The model's table_columns are Fig. 5.4's columns for the
 * Core 2 model; every other metric follows them.
 */
#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>
#include <json-c/json.h>
#include <math.h>
#include <string.h>

#include "cs-call-graph.h"
#include "cs-chart-format.h"
#include "cs-cli-append.h"
#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-json-writer.h"
#include "cs-report-counts-private.h"
#include "cs-report-regions.h"
#include "cs-profile-samples.h"
#include "cs-report-samples-private.h"

/* Metric indices in table order: the model's table columns, then the rest. */
static GArray *
table_metrics (CsModel *model)
{
  const char * const *columns = cs_model_get_table_columns (model);
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = cs_model_get_n_metrics (model);
  g_autofree gboolean *used = g_new0 (gboolean, MAX (n, 1));

  for (guint c = 0; columns != NULL && columns[c] != NULL; c++)
    for (guint i = 0; i < n; i++)
      if (!used[i] && strcmp (cs_model_get_metric (model, i)->name, columns[c]) == 0)
        {
          g_array_append_val (order, i);
          used[i] = TRUE;
        }
  for (guint i = 0; i < n; i++)
    if (!used[i])
      g_array_append_val (order, i);
  return order;
}

/* A unit the values do not show goes into the column's name: "[cycles]",
 * "[ms]"; percentages carry their "%", ratios and counts need none. */
static gboolean
unit_in_header (const char *unit)
{
  return unit != NULL && unit[0] != '\0' && g_strcmp0 (unit, "%") != 0 &&
         g_strcmp0 (unit, "ratio") != 0 && g_strcmp0 (unit, "count") != 0;
}

/* @value as its cell reads, kept in @cells: one block for the table's
 * hundreds of thousands of cells instead of as many allocations. */
static const char *
table_value (GStringChunk *cells,
             double        value,
             const char   *unit)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return CS_CHART_NO_VALUE;
  text = cs_chart_format_value (value, g_strcmp0 (unit, "%") == 0 ? "%" : NULL);
  return g_string_chunk_insert (cells, text);
}

static guint64
region_samples (CsReport   *report,
                const char *region)
{
  const CsScope *scope = report->analysis != NULL ? cs_analysis_find_region (report->analysis, region) : NULL;

  return scope != NULL ? scope->n_samples : 0;
}

typedef struct
{
  CsReportScope *scope;
  double         key;
} Row;

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const Row *x = a, *y = b;

  /* Largest first, "—" last, then by name. */
  if (isnan (x->key) != isnan (y->key))
    return isnan (x->key) ? 1 : -1;
  if (!isnan (x->key) && x->key != y->key)
    return x->key > y->key ? -1 : 1;
  return g_strcmp0 (x->scope->region, y->scope->region);
}

static guint
cell_width (const char *text)
{
  gsize bytes = strlen (text);

  return cs_cli_is_ascii (text, bytes) ? bytes : (guint) g_utf8_strlen (text, bytes);
}

void
_cs_report_region_table_text (CsReport *report,
                              GString  *out)
{
  g_autoptr(GArray) metrics = NULL;
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  GStringChunk *chunk;
  g_autofree guint *width = NULL;
  gboolean samples = report->analysis != NULL && cs_analysis_get_profile (report->analysis) != NULL;
  guint n_fixed = samples ? 3 : 2, n_cols;

  for (guint i = 0; i < report->scopes->len; i++)
    {
      CsReportScope *scope = g_ptr_array_index (report->scopes, i);
      Row row = { scope, NAN };

      if (scope->region != NULL)
        g_array_append_val (rows, row);
    }
  if (rows->len == 0 || report->model == NULL)
    return;
  metrics = table_metrics (report->model);
  n_cols = n_fixed + metrics->len;
  for (guint r = 0; r < rows->len; r++)
    {
      Row *row = &g_array_index (rows, Row, r);

      if (metrics->len > 0)
        row->key = cs_evaluation_get_value (row->scope->evaluation, g_array_index (metrics, guint, 0));
    }
  g_array_sort (rows, compare_rows);

  /* header, then one line of cells per region */
  chunk = g_string_chunk_new (1 << 16);
  g_ptr_array_add (cells, _("Region"));
  g_ptr_array_add (cells, _("Calls"));
  if (samples)
    g_ptr_array_add (cells, _("Samples"));
  for (guint m = 0; m < metrics->len; m++)
    {
      const CsModelMetric *metric = cs_model_get_metric (report->model, g_array_index (metrics, guint, m));
      g_autofree char *header = unit_in_header (metric->unit)
                                ? g_strdup_printf ("%s [%s]", metric->name, metric->unit)
                                : g_strdup (metric->name);

      g_ptr_array_add (cells, g_string_chunk_insert (chunk, header));
    }
  for (guint r = 0; r < rows->len; r++)
    {
      CsReportScope *scope = g_array_index (rows, Row, r).scope;
      g_autofree char *calls = cs_cli_grouped (scope->calls);

      g_ptr_array_add (cells, scope->region);
      g_ptr_array_add (cells, g_string_chunk_insert (chunk, calls));
      if (samples)
        {
          g_autofree char *n = cs_cli_grouped (region_samples (report, scope->region));

          g_ptr_array_add (cells, g_string_chunk_insert (chunk, n));
        }
      for (guint m = 0; m < metrics->len; m++)
        {
          guint i = g_array_index (metrics, guint, m);

          g_ptr_array_add (cells, (char *) table_value (chunk, cs_evaluation_get_value (scope->evaluation, i),
                                                        cs_model_get_metric (report->model, i)->unit));
        }
    }
  width = g_new0 (guint, n_cols);
  for (guint i = 0; i < cells->len; i++)
    width[i % n_cols] = MAX (width[i % n_cols], cell_width (g_ptr_array_index (cells, i)));

  g_string_append_printf (out, "\n== %s ==\n", _("Regions"));
  g_string_append_printf (out, "%s\n", _("Counted per region (exclusive of the regions nested in it), "
                                         "largest first by the first metric column"));
  for (guint i = 0; i < cells->len; i++)
    {
      const char *text = g_ptr_array_index (cells, i);
      guint col = i % n_cols;

      cs_cli_append_spaces (out, 2);
      if (col == 0)
        cs_cli_append_padded (out, text, width[col]);
      else
        {
          cs_cli_append_spaces (out, width[col] - cell_width (text));
          cs_cli_append (out, text);
        }
      if (col == n_cols - 1)
        cs_cli_append_len (out, "\n", 1);
    }
  g_string_chunk_free (chunk);
}

/* Inclusive counts and the threads' shares, when the region library
 * recorded them. */
void
_cs_report_region_detail_text (CsReport      *report,
                               CsReportScope *scope,
                               GString       *out)
{
  g_autoptr(GPtrArray) threads = cs_session_list_region_threads (report->session, scope->region);
  g_autoptr(CsCounts) inclusive = NULL;
  const char *alias = cs_session_get_cycles_alias (report->session);
  guint n_names;
  const char **names;
  double total = NAN;

  /* Most regions have no threads recorded: nothing to build for them. */
  if (threads->len == 0)
    return;
  inclusive = cs_session_build_region_counts (report->session, scope->region, TRUE, NULL);
  names = cs_counts_get_names (inclusive, &n_names);
  g_string_append_printf (out, "%s\n", _("Inclusive counts (with the regions entered inside it)"));
  for (guint i = 0; i < n_names; i++)
    {
      double v;
      g_autofree char *value = NULL;

      cs_counts_lookup (inclusive, names[i], &v, NULL);
      value = cs_chart_format_value (v, NULL);
      g_string_append (out, "  ");
      cs_cli_append_padded (out, names[i], 36);
      g_string_append_printf (out, " %20s\n", value);
    }
  if (alias == NULL)
    return;
  cs_counts_lookup (scope->counts, alias, &total, NULL);
  /* TRANSLATORS: a heading; %s is the cycles event, e.g. task_clock */
  g_string_append_printf (out, _("Threads (share of %s)\n"), alias);
  for (guint t = 0; t < threads->len; t++)
    {
      const char *key = g_ptr_array_index (threads, t);
      g_autoptr(CsCounts) counts = cs_session_build_region_counts (report->session, scope->region, FALSE, key);
      g_autofree char *value = NULL;
      double v = NAN;

      cs_counts_lookup (counts, alias, &v, NULL);
      value = cs_chart_format_value (v, NULL);
      g_string_append (out, "  ");
      cs_cli_append_padded (out, key, 36);
      g_string_append_printf (out, " %20s", value);
      if (isfinite (v) && total > 0)
        g_string_append_printf (out, " %6.1f %%", 100.0 * v / total);
      g_string_append_c (out, '\n');
    }
}

static void
counts_json (CsCounts     *counts,
             CsJsonWriter *w)
{
  guint n;
  const char **names = cs_counts_get_names (counts, &n);

  cs_json_begin_object (w);
  for (guint i = 0; i < n; i++)
    {
      double v;

      cs_counts_lookup (counts, names[i], &v, NULL);
      cs_json_member_number (w, names[i], v);
    }
  cs_json_end_object (w);
}

void
_cs_report_region_json (CsReport      *report,
                        CsReportScope *scope,
                        CsJsonWriter  *w)
{
  g_autoptr(GPtrArray) threads = cs_session_list_region_threads (report->session, scope->region);

  cs_json_member_uint (w, "samples", region_samples (report, scope->region));
  if (threads->len > 0)
    {
      g_autoptr(CsCounts) inclusive = cs_session_build_region_counts (report->session, scope->region, TRUE, NULL);

      cs_json_key (w, "inclusive_counts");
      counts_json (inclusive, w);
    }
  cs_json_key (w, "threads");
  cs_json_begin_array (w);
  for (guint t = 0; t < threads->len; t++)
    {
      const char *key = g_ptr_array_index (threads, t);
      g_autoptr(CsCounts) counts = cs_session_build_region_counts (report->session, scope->region, FALSE, key);

      cs_json_begin_object (w);
      cs_json_member_string (w, "thread", key);
      cs_json_key (w, "counts");
      counts_json (counts, w);
      cs_json_end_object (w);
    }
  cs_json_end_array (w);
}

/* samples: Fig. 5.6 and 5.7 */

static void
text_ranking (CsAnalysis           *analysis,
              const CsProfileEvent *e,
              GString              *out)
{
  g_autoptr(GArray) rows = cs_profile_dup_region_table (cs_analysis_get_profile (analysis), e->index);

  if (rows->len == 0)
    return;
  /* TRANSLATORS: a heading, %s is the event name */
  g_string_append_printf (out, _("# Regions by samples of %s\n"), e->name);
  g_string_append_printf (out, "# %9s %12s  %s\n", _("Overhead"), _("Samples"), _("Region"));
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileRegionRow *r = &g_array_index (rows, CsProfileRegionRow, i);
      g_autofree char *n = cs_cli_grouped (r->samples);

      g_string_append_printf (out, "  %8.2f%% %12s  %s\n", r->percent, n, r->name);
    }
}

static void
text_region_symbols (CsAnalysis           *analysis,
                     const CsScope        *scope,
                     const CsProfileEvent *e,
                     guint                 limit,
                     GString              *out)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  g_autoptr(GArray) rows = cs_profile_dup_region_symbol_table (profile, e->index, scope->region_id, limit);
  guint64 samples = 0;
  g_autofree char *n = NULL;
  guint sym_width = strlen (_("Symbol")), lib_width = strlen (_("Library"));

  cs_profile_get_region_total (profile, e->index, scope->region_id, &samples, NULL);
  n = cs_cli_grouped (samples);
  /* TRANSLATORS: "# cpu_clock — region Tracker — total samples: 1,234" */
  g_string_append_printf (out, _("# %s — region %s — total samples: %s"), e->name, scope->name, n);
  if (e->sample_freq > 0)
    g_string_append_printf (out, _(" — sampled at %" PRIu64 " Hz"), e->sample_freq);
  else if (e->sample_period > 0)
    g_string_append_printf (out, _(" — sampling period %" PRIu64), e->sample_period);
  g_string_append (out, "\n");
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);

      sym_width = MAX (sym_width, g_utf8_strlen (r->symbol->display_name, -1));
      lib_width = MAX (lib_width, g_utf8_strlen (r->symbol->module->name, -1));
    }
  g_string_append_printf (out, "# %12s %10s  ", _("Samples"), _("Percentage"));
  cs_cli_append_padded (out, _("Symbol"), sym_width);
  g_string_append (out, "  ");
  cs_cli_append_padded (out, _("Library"), lib_width);
  g_string_append_printf (out, "  %s\n", _("Complete signature"));
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);
      const CsSymbol *sym = r->symbol->symbol;
      g_autofree char *count = cs_cli_grouped (r->samples);

      g_string_append_printf (out, "  %12s %9.2f%%  ", count, r->module_percent);
      cs_cli_append_padded (out, r->symbol->display_name, sym_width);
      g_string_append (out, "  ");
      cs_cli_append_padded (out, r->symbol->module->name, lib_width);
      g_string_append_printf (out, "  %s\n", sym->signature != NULL ? sym->signature : r->symbol->display_name);
    }
  if (rows->len == 0)
    g_string_append_printf (out, "  %s\n", _("(no samples)"));
}

static json_object *
json_region_symbols (CsAnalysis           *analysis,
                     const CsScope        *scope,
                     const CsProfileEvent *e,
                     guint                 limit)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  g_autoptr(GArray) rows = cs_profile_dup_region_symbol_table (profile, e->index, scope->region_id, limit);
  json_object *o = json_object_new_object ();
  json_object *list = json_object_new_array ();
  guint64 samples = 0;

  cs_profile_get_region_total (profile, e->index, scope->region_id, &samples, NULL);
  json_object_object_add (o, "event", json_object_new_string (e->name));
  json_object_object_add (o, "region", json_object_new_string (scope->name));
  json_object_object_add (o, "samples", json_object_new_uint64 (samples));
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);
      const CsSymbol *sym = r->symbol->symbol;
      json_object *j = json_object_new_object ();

      json_object_object_add (j, "samples", json_object_new_uint64 (r->samples));
      json_object_object_add (j, "percent", json_object_new_double (r->module_percent));
      json_object_object_add (j, "symbol", json_object_new_string (r->symbol->display_name));
      json_object_object_add (j, "library", json_object_new_string (r->symbol->module->name));
      json_object_object_add (j, "signature", cs_cli_json_string (sym->signature));
      json_object_array_add (list, j);
    }
  json_object_object_add (o, "symbols", list);
  return o;
}

gboolean
cs_report_region_samples (CsAnalysis                  *analysis,
                          const char                  *region,
                          const CsReportSampleOptions *options,
                          CsReportFormat               format,
                          GString                     *out,
                          GError                     **error)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(CsCallGraph) graph = NULL;
  const CsScope *scope = NULL;
  json_object *array;

  g_return_val_if_fail (CS_IS_ANALYSIS (analysis), FALSE);

  if (!(events = _cs_report_samples_events (analysis, options->event, error)))
    return FALSE;
  if (region != NULL)
    scope = cs_analysis_find_region (analysis, region);
  if (cs_analysis_get_profile (analysis) == NULL ||
      (region != NULL && (scope == NULL || scope->region_id == 0)) ||
      (region == NULL && cs_profile_get_n_regions (cs_analysis_get_profile (analysis)) == 0))
    {
      if (format == CS_REPORT_FORMAT_JSON)
        g_string_append (out, "null");
      else if (format == CS_REPORT_FORMAT_TEXT && region != NULL)
        g_string_append_printf (out, _("# No samples of the region %s: record with --regions to "
                                       "sample per region.\n"), region);
      return TRUE;
    }
  /* --call-graph: the region's own tree, from its samples only. */
  if (scope != NULL && options->call_graph != CS_REPORT_CALL_GRAPH_NONE &&
      cs_profile_has_call_chains (cs_analysis_get_profile (analysis)))
    graph = cs_call_graph_new_for_region (cs_analysis_get_profile (analysis), scope->region_id, NULL, NULL);
  switch (format)
    {
    case CS_REPORT_FORMAT_TEXT:
      for (guint i = 0; i < events->len; i++)
        {
          if (i > 0)
            g_string_append_c (out, '\n');
          if (scope != NULL)
            text_region_symbols (analysis, scope, g_ptr_array_index (events, i), options->limit, out);
          else
            text_ranking (analysis, g_ptr_array_index (events, i), out);
          if (graph != NULL)
            _cs_report_callgraph_text (graph, g_ptr_array_index (events, i), options, out);
        }
      break;
    case CS_REPORT_FORMAT_JSON:
      array = json_object_new_array ();
      for (guint i = 0; i < events->len; i++)
        {
          const CsProfileEvent *e = g_ptr_array_index (events, i);

          if (scope != NULL)
            {
              json_object *o = json_region_symbols (analysis, scope, e, options->limit);

              if (graph != NULL)
                json_object_object_add (o, "call_graph", _cs_report_callgraph_json (graph, e, options->percent_limit));
              json_object_array_add (array, o);
            }
        }
      cs_cli_append_json (out, array);
      break;
    case CS_REPORT_FORMAT_CSV:
    default:
      break;
    }
  return TRUE;
}
