/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-samples.c — sample tables of `cyclescope report`: options and text
 *
 * The text output reads like `perf report --stdio`: one block per event,
 * "Overhead" first, largest first. JSON and CSV are in
 * cs-report-samples-data.c.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "cs-error.h"
#include "cs-cli-util.h"
#include "cs-report-filter.h"
#include "cs-report-samples-private.h"
#include "cs-report-summary.h"

gboolean
cs_report_sort_parse (const char            *text,
                      CsReportSampleOptions *options,
                      GError               **error)
{
  CsSortKey *k = options->keys;

  if (!cs_sort_keys_parse (text, options->keys, &options->n_keys, error))
    return FALSE;
  /* the tables of their own (with the model's columns for dso) */
  if (options->n_keys == 1 && k[0] == CS_SORT_DSO)
    options->sort = CS_REPORT_SORT_DSO;
  else if (options->n_keys == 1 && k[0] == CS_SORT_SYM)
    options->sort = CS_REPORT_SORT_SYM;
  else if (options->n_keys == 1 && k[0] == CS_SORT_SRCLINE)
    options->sort = CS_REPORT_SORT_SRCLINE;
  else if (options->n_keys == 2 && ((k[0] == CS_SORT_DSO && k[1] == CS_SORT_SYM) ||
                                    (k[0] == CS_SORT_SYM && k[1] == CS_SORT_DSO)))
    options->sort = CS_REPORT_SORT_DSO_SYM;
  else
    options->sort = CS_REPORT_SORT_KEYS;
  return TRUE;
}

char *
cs_report_sort_describe (const CsReportSampleOptions *options)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < options->n_keys; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "," : "", cs_sort_key_to_string (options->keys[i]));
  return g_string_free (s, FALSE);
}

GPtrArray *
_cs_report_samples_events (CsAnalysis  *analysis,
                          const char  *event,
                          GError     **error)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  GPtrArray *events = g_ptr_array_new ();
  const CsProfileEvent *e;

  if (profile == NULL)
    return events;
  if (event == NULL)
    {
      for (guint i = 0; i < cs_profile_get_n_events (profile); i++)
        if (cs_profile_get_event (profile, i)->n_samples > 0)
          g_ptr_array_add (events, (gpointer) cs_profile_get_event (profile, i));
      return events;
    }
  e = cs_profile_find_event (profile, event);
  if (e == NULL || e->n_samples == 0)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) cs_profile_get_sampled_event_names (profile));

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("the event “%s” has no samples in %s; sampled events: %s"),
                   event, cs_profile_get_path (profile), known[0] ? known : _("none"));
      g_ptr_array_unref (events);
      return NULL;
    }
  g_ptr_array_add (events, (gpointer) e);
  return events;
}

const CsScope *
_cs_report_samples_module_scope (CsAnalysis            *analysis,
                                const CsProfileModule *module)
{
  for (guint i = 0; i < cs_analysis_get_n_scopes (analysis); i++)
    {
      const CsScope *s = cs_analysis_get_scope (analysis, i);

      if (s->kind == CS_SCOPE_MODULE && s->module_id == (int) module->index)
        return s;
    }
  return NULL;
}

CsCallGraph *
_cs_report_call_graph (CsAnalysis *analysis)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  CsCallGraph *graph = g_object_get_data (G_OBJECT (analysis), "cs-report-call-graph");

  if (graph != NULL || profile == NULL || !cs_profile_has_call_chains (profile))
    return graph;
  /* (fails only when cancelled) */
  graph = cs_call_graph_new_for_profile (profile, NULL, NULL);
  g_object_set_data_full (G_OBJECT (analysis), "cs-report-call-graph", graph, g_object_unref);
  return graph;
}

char *
_cs_report_samples_srcline (const CsProfileLineRow *row)
{
  if (row->file == NULL)
    return g_strdup ("??:0");
  return g_strdup_printf ("%s:%u", row->file, row->line);
}

static void
text_event_header (CsAnalysis           *analysis,
                   const CsProfileEvent *e,
                   GString              *out)
{
  g_autofree char *n = cs_cli_grouped (e->n_samples);
  g_autofree char *p = cs_cli_grouped (e->period);

  g_string_append_printf (out, _("# Event %s: %s samples, estimated count %s (sum of the periods)"),
                          e->name, n, p);
  if (e->sample_freq > 0)
    g_string_append_printf (out, _(", sampled at %" PRIu64 " Hz"), e->sample_freq);
  else if (e->sample_period > 0)
    g_string_append_printf (out, _(", a sample every %" PRIu64 " events"), e->sample_period);
  g_string_append (out, "\n#\n");
}

static void
text_modules (CsAnalysis           *analysis,
              const CsProfileEvent *e,
              guint                 limit,
              GString              *out)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  CsModel *model = cs_analysis_get_model (analysis);
  const char * const *columns = model != NULL ? cs_model_get_table_columns (model) : NULL;
  g_autoptr(GArray) rows = cs_profile_dup_module_table (profile, e->index);
  guint width = strlen (_("Shared Object"));

  for (guint i = 0; i < rows->len; i++)
    width = MAX (width, cs_cli_display_width (g_array_index (rows, CsProfileModuleRow, i).module->name));
  g_string_append_printf (out, "# %9s %12s %16s  ", _("Overhead"), _("Samples"), _("Estimated"));
  cs_cli_append_padded (out, _("Shared Object"), width);
  for (guint c = 0; columns != NULL && columns[c] != NULL; c++)
    g_string_append_printf (out, " %14s", columns[c]);
  g_string_append_c (out, '\n');
  if (columns != NULL && columns[0] != NULL)
    g_string_append (out, _("# (model columns are estimated from samples: “—” when an event they need was not sampled)\n"));

  for (guint i = 0; i < rows->len && (limit == 0 || i < limit); i++)
    {
      const CsProfileModuleRow *r = &g_array_index (rows, CsProfileModuleRow, i);
      const CsScope *scope = _cs_report_samples_module_scope (analysis, r->module);
      g_autofree char *n = cs_cli_grouped (r->samples);
      g_autofree char *p = cs_cli_grouped (r->period);

      g_string_append_printf (out, "  %8.2f%% %12s %16s  ", r->percent, n, p);
      cs_cli_append_padded (out, r->module->name, width);
      for (guint c = 0; columns != NULL && columns[c] != NULL; c++)
        {
          double v = scope != NULL ? cs_evaluation_lookup (scope->evaluation, columns[c]) : NAN;

          if (isfinite (v))
            g_string_append_printf (out, " %14.4g", v);
          else
            /* %14s counts bytes, and "—" is three of them */
            g_string_append_printf (out, " %12s%s", "", "—");
        }
      g_string_append_c (out, '\n');
    }
}

static void
text_symbols (CsAnalysis           *analysis,
              const CsProfileEvent *e,
              CsReportSort          sort,
              guint                 limit,
              GString              *out)
{
  g_autoptr(GArray) rows = cs_profile_dup_symbol_table (cs_analysis_get_profile (analysis),
                                                        e->index, NULL, limit);
  guint width = strlen (_("Shared Object"));

  for (guint i = 0; i < rows->len; i++)
    width = MAX (width, cs_cli_display_width (g_array_index (rows, CsProfileSymbolRow, i).symbol->module->name));
  g_string_append_printf (out, "# %9s %12s  ", _("Overhead"), _("Samples"));
  if (sort == CS_REPORT_SORT_DSO_SYM)
    {
      cs_cli_append_padded (out, _("Shared Object"), width);
      g_string_append_c (out, ' ');
    }
  g_string_append_printf (out, "%s\n", _("Symbol"));
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);
      g_autofree char *n = cs_cli_grouped (r->samples);
      g_autofree char *name = cs_cli_escape (r->symbol->display_name, -1, FALSE);

      g_string_append_printf (out, "  %8.2f%% %12s  ", r->percent, n);
      if (sort == CS_REPORT_SORT_DSO_SYM)
        {
          cs_cli_append_padded (out, r->symbol->module->name, width);
          g_string_append_c (out, ' ');
        }
      g_string_append_printf (out, "%s %s\n",
                              r->symbol->module->kind == CS_MODULE_KERNEL ? "[k]" : "[.]", name);
    }
}

static void
text_srclines (CsAnalysis           *analysis,
               const CsProfileEvent *e,
               guint                 limit,
               GString              *out)
{
  g_autoptr(GArray) rows = cs_profile_dup_srcline_table (cs_analysis_get_profile (analysis),
                                                         e->index, limit);

  g_string_append_printf (out, "# %9s %12s  %s\n", _("Overhead"), _("Samples"), _("Source line"));
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileLineRow *r = &g_array_index (rows, CsProfileLineRow, i);
      g_autofree char *n = cs_cli_grouped (r->samples);
      g_autofree char *line = _cs_report_samples_srcline (r);

      g_string_append_printf (out, "  %8.2f%% %12s  %s", r->percent, n, line);
      if (r->file == NULL && r->symbol != NULL)
        g_string_append_printf (out, "  (%s)", r->symbol->display_name);
      g_string_append_c (out, '\n');
    }
}

static void
render_text (CsAnalysis                  *analysis,
             GPtrArray                   *events,
             const CsReportSampleOptions *options,
             GString                     *out)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  g_autofree char *sort = cs_report_sort_describe (options);

  g_string_append_printf (out, _("# Samples of %s, sorted by %s\n"), cs_profile_get_path (profile), sort);
  cs_report_summary_text (analysis, out);
  if (options->filter != NULL)
    cs_report_filter_describe (options->filter, analysis, out);
  for (const char * const *w = cs_analysis_get_warnings (analysis); w != NULL && *w != NULL; w++)
    g_string_append_printf (out, _("# Warning: %s\n"), *w);
  if (options->limit > 0)
    g_string_append_printf (out, _("# At most %u rows per event (--limit 0 shows all)\n"), options->limit);
  g_string_append (out, "#\n");
  if (events->len == 0)
    g_string_append (out, _("# No samples in this file.\n"));

  for (guint i = 0; i < events->len; i++)
    {
      const CsProfileEvent *e = g_ptr_array_index (events, i);

      if (i > 0)
        g_string_append (out, "\n");
      text_event_header (analysis, e, out);
      if (options->children && _cs_report_call_graph (analysis) != NULL)
        _cs_report_children_text (analysis, e, options, out);
      else switch (options->sort)
        {
        case CS_REPORT_SORT_KEYS:
          _cs_report_groups_text (analysis, e, options, out);
          break;
        case CS_REPORT_SORT_DSO:
          text_modules (analysis, e, options->limit, out);
          break;
        case CS_REPORT_SORT_SYM:
        case CS_REPORT_SORT_DSO_SYM:
          text_symbols (analysis, e, options->sort, options->limit, out);
          break;
        case CS_REPORT_SORT_SRCLINE:
          text_srclines (analysis, e, options->limit, out);
          break;
        default:
          g_assert_not_reached ();
        }
      if (options->call_graph != CS_REPORT_CALL_GRAPH_NONE && _cs_report_call_graph (analysis) != NULL)
        _cs_report_callgraph_text (_cs_report_call_graph (analysis), e, options, out);
    }
}

gboolean
cs_report_samples (CsAnalysis                  *analysis,
                   const CsReportSampleOptions *options,
                   CsReportFormat               format,
                   GString                     *out,
                   GError                     **error)
{
  g_autoptr(GPtrArray) events = NULL;

  g_return_val_if_fail (CS_IS_ANALYSIS (analysis), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (!(events = _cs_report_samples_events (analysis, options->event, error)))
    return FALSE;
  if (options->children && options->sort == CS_REPORT_SORT_KEYS)
    {
      g_autofree char *sort = cs_report_sort_describe (options);

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("--children sorts by dso, sym, dso,sym or srcline, not by %s: leave out pid, comm and "
                     "cpu, or --children"), sort);
      return FALSE;
    }
  if (options->call_graph != CS_REPORT_CALL_GRAPH_NONE && cs_analysis_get_profile (analysis) != NULL &&
      !cs_profile_has_call_chains (cs_analysis_get_profile (analysis)))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("%s has no call chains, so there is no call graph: record with “cyclescope record -g” "
                     "or “perf record -g”"), cs_profile_get_path (cs_analysis_get_profile (analysis)));
      return FALSE;
    }
  if (cs_analysis_get_profile (analysis) == NULL)
    {
      if (format == CS_REPORT_FORMAT_JSON)
        g_string_append (out, "null");
      else if (format == CS_REPORT_FORMAT_TEXT)
        g_string_append (out, _("# No samples: this session has no sampling run.\n"));
      else
        _cs_report_samples_render_csv (analysis, events, options, out);
      return TRUE;
    }
  switch (format)
    {
    case CS_REPORT_FORMAT_TEXT:
      render_text (analysis, events, options, out);
      break;
    case CS_REPORT_FORMAT_JSON:
      _cs_report_samples_render_json (analysis, events, options, out);
      break;
    case CS_REPORT_FORMAT_CSV:
      _cs_report_samples_render_csv (analysis, events, options, out);
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

void
cs_report_warn_partial (const char *verb,
                        CsAnalysis *analysis)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  g_autofree char *n = NULL;
  g_autofree char *path = NULL;

  if (profile == NULL || !cs_profile_get_stats (profile)->truncated)
    return;
  n = cs_cli_grouped (cs_profile_get_stats (profile)->n_samples);
  path = cs_cli_escape (cs_profile_get_path (profile), -1, FALSE);
  /* TRANSLATORS: "cyclescope report: warning: FILE is damaged: only …" */
  g_printerr (_("cyclescope %s: warning: %s is damaged: only the %s samples before the damage are "
                "shown. Record the data again, or check that the file was copied completely.\n"),
              verb, path, n);
}
