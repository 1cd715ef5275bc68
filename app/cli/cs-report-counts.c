/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-counts.c — the counting report: scopes, evaluated once
 *
 * The model is evaluated once per scope (whole program, each region); the
 * text (cs-report-counts-text.c), JSON and CSV (cs-report-counts-json.c)
 * renderers only format what is computed here, so the formats agree.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-report-counts-private.h"

gboolean
cs_report_format_from_string (const char     *text,
                              CsReportFormat *format)
{
  if (g_strcmp0 (text, "text") == 0)
    *format = CS_REPORT_FORMAT_TEXT;
  else if (g_strcmp0 (text, "json") == 0)
    *format = CS_REPORT_FORMAT_JSON;
  else if (g_strcmp0 (text, "csv") == 0)
    *format = CS_REPORT_FORMAT_CSV;
  else
    return FALSE;
  return TRUE;
}

const char *
cs_report_provenance_keyword (CsProvenance provenance)
{
  switch (provenance)
    {
    case CS_PROVENANCE_COUNTED:       return "counted";
    case CS_PROVENANCE_SCALED:        return "scaled";
    case CS_PROVENANCE_ESTIMATED:     return "estimated";
    case CS_PROVENANCE_RECONSTRUCTED: return "reconstructed";
    case CS_PROVENANCE_NONE:
    default:                          return "none";
    }
}

const char *
_cs_report_band_keyword (CsBand band)
{
  switch (band)
    {
    case CS_BAND_LOW:    return "low";
    case CS_BAND_MEDIUM: return "medium";
    case CS_BAND_HIGH:   return "high";
    case CS_BAND_NONE:
    default:             return "none";
    }
}

const char *
_cs_report_event_string (CsReport   *report,
                        const char *name)
{
  for (guint i = 0; i < cs_session_get_n_runs (report->session); i++)
    {
      CsRun *run = cs_session_get_run (report->session, i);

      for (guint j = 0; j < run->counts->len; j++)
        {
          const CsCount *c = &g_array_index (run->counts, CsCount, j);

          if (g_strcmp0 (c->name, name) == 0)
            return c->event;
        }
    }
  return NULL;
}

double
_cs_report_run_running_ratio (const CsRun *run)
{
  double ratio = 1.0;

  for (guint j = 0; j < run->counts->len; j++)
    {
      const CsCount *c = &g_array_index (run->counts, CsCount, j);

      if (c->time_enabled > 0)
        ratio = MIN (ratio, (double) c->time_running / (double) c->time_enabled);
      else if (c->time_running == 0)
        ratio = 0;
    }
  return ratio;
}

GPtrArray *
_cs_report_scope_charts (CsReport      *report,
                         CsReportScope *scope)
{
  if (scope->region == NULL && report->program_charts != NULL)
    return g_ptr_array_ref (report->program_charts);
  if (scope->evaluation == NULL)
    return NULL;
  return cs_chart_values_list (scope->evaluation);
}

static void
scope_free (CsReportScope *scope)
{
  g_free (scope->region);
  g_clear_pointer (&scope->counts, cs_counts_unref);
  g_clear_pointer (&scope->evaluation, cs_evaluation_unref);
  g_free (scope);
}

/* The whole program (@region NULL) or one region. */
static CsReportScope *
scope_new (CsReport              *report,
           const CsRegionCounts  *region,
           CsEvaluation          *program,
           GError               **error)
{
  CsReportScope *scope = g_new0 (CsReportScope, 1);

  scope->region = region != NULL ? g_strdup (region->name) : NULL;
  scope->calls = region != NULL ? region->calls : 0;
  scope->counts = region != NULL ? cs_counts_ref (region->counts)
                                 : cs_session_build_counts (report->session, NULL);
  if (report->model != NULL)
    {
      scope->evaluation = cs_evaluation_new (report->model, scope->counts, program, error);
      if (scope->evaluation == NULL)
        {
          scope_free (scope);
          return NULL;
        }
    }
  return scope;
}

static void
report_clear (CsReport *report)
{
  g_clear_pointer (&report->scopes, g_ptr_array_unref);
  g_clear_pointer (&report->event_names, g_ptr_array_unref);
  g_clear_pointer (&report->warnings, g_strfreev);
  g_clear_pointer (&report->program_charts, g_ptr_array_unref);
  g_clear_pointer (&report->hidden_charts, g_ptr_array_unref);
  g_clear_pointer (&report->hidden_line, g_free);
}

static GPtrArray *
collect_event_names (CsSession *session)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < cs_session_get_n_runs (session); i++)
    {
      CsRun *run = cs_session_get_run (session, i);

      for (guint j = 0; j < run->counts->len; j++)
        {
          const CsCount *c = &g_array_index (run->counts, CsCount, j);

          if (g_hash_table_add (seen, c->name))
            g_ptr_array_add (names, g_strdup (c->name));
        }
    }
  return names;
}

static gboolean
report_init (CsReport    *report,
             CsSession   *session,
             CsModel     *model,
             CsAnalysis  *analysis,
             const char  *region,
             GError     **error)
{
  g_autoptr(GPtrArray) regions = cs_session_list_regions (session);
  g_autoptr(GPtrArray) region_counts = NULL;
  CsReportScope *program;

  report->session = session;
  report->model = model;
  report->analysis = analysis;
  report->one_region = region != NULL;
  report->scopes = g_ptr_array_new_with_free_func ((GDestroyNotify) scope_free);
  report->event_names = collect_event_names (session);

  /* A region that was only sampled (--no-counting) has no counts here;
   * its samples follow in the sample part. */
  if (region != NULL &&
      !g_ptr_array_find_with_equal_func (regions, region, g_str_equal, NULL) &&
      (analysis == NULL || cs_analysis_find_region (analysis, region) == NULL))
    {
      g_autofree char *known = NULL;

      if (regions->len == 0)
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                       _("The session has no region “%s”: it has no regions at all"), region);
          return FALSE;
        }
      g_ptr_array_add (regions, NULL);
      known = g_strjoinv (", ", (char **) regions->pdata);
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("The session has no region “%s”; its regions are: %s"), region, known);
      return FALSE;
    }

  /* Region formulas may refer to program(...), so the program is always
   * evaluated, even when only a region is shown. */
  program = scope_new (report, NULL, NULL, error);
  if (program == NULL)
    return FALSE;
  g_ptr_array_add (report->scopes, program);

  /* The viewer's charts and warnings, so that both say the same. */
  if (analysis != NULL)
    {
      report->warnings = g_strdupv ((char **) cs_analysis_get_warnings (analysis));
      if (model != NULL && cs_analysis_get_model (analysis) == model)
        {
          report->program_charts = g_ptr_array_ref (cs_analysis_get_charts (analysis));
          report->hidden_charts = g_ptr_array_ref (cs_analysis_get_hidden_charts (analysis));
          report->hidden_line = cs_analysis_describe_hidden_charts (analysis);
        }
    }
  else
    report->warnings = cs_analysis_dup_session_warnings (session);

  /* All regions in one pass over the runs (20 000 regions: one read each). */
  region_counts = cs_session_build_all_region_counts (session);
  for (guint i = 0; i < region_counts->len; i++)
    {
      const CsRegionCounts *rc = g_ptr_array_index (region_counts, i);
      CsReportScope *scope;

      if (region != NULL && strcmp (rc->name, region) != 0)
        continue;
      scope = scope_new (report, rc, program->evaluation, error);
      if (scope == NULL)
        return FALSE;
      g_ptr_array_add (report->scopes, scope);
    }
  if (region != NULL)
    g_ptr_array_remove_index (report->scopes, 0);
  return TRUE;
}

/* Room for the whole report in one allocation, from what a scope takes in
 * each format (a little more than the models' reports need), instead of
 * a string copied each time it doubles. Only what is written is ever
 * touched; the estimate is capped (the string still grows past it). Used
 * when the sample tables follow: without them the report is streamed. */
static void
reserve (CsReport       *report,
         CsReportFormat  format,
         GString        *out)
{
  gsize n_metrics = report->model != NULL ? cs_model_get_n_metrics (report->model) : 0;
  gsize n_charts = report->model != NULL ? cs_model_get_n_charts (report->model) : 0;
  gsize n_counts = report->event_names->len;
  gsize per_scope = format == CS_REPORT_FORMAT_JSON
                    ? 512 + 160 * n_counts + 256 * n_metrics + 1024 * n_charts
                    : 256 + 96 * n_counts + 144 * n_metrics + 512 * n_charts;
  gsize bytes = MIN (per_scope * report->scopes->len, (gsize) 512 << 20);
  gsize len = out->len;

  if (out->allocated_len <= len + bytes)
    {
      g_string_set_size (out, len + bytes);
      g_string_truncate (out, len);
    }
}

void
_cs_report_scope_done (CsReport *report,
                       GString  *out)
{
  /* Written in pieces of a megabyte or more: few writes, little memory. */
  if (!report->stream || out->len < (1 << 20))
    return;
  if (report->stream_ok && !cs_cli_print_output (out, report->stream_json))
    report->stream_ok = FALSE;
  g_string_truncate (out, 0);
}

static gboolean
report_run (CsSession       *session,
            CsModel         *model,
            CsAnalysis      *analysis,
            const char      *region,
            CsReportFormat   format,
            gboolean         stream,
            GString         *out,
            GError         **error)
{
  CsReport report = { 0 };
  gboolean ok;

  report.stream = stream;
  report.stream_ok = TRUE;
  report.stream_json = format == CS_REPORT_FORMAT_JSON;
  ok = report_init (&report, session, model, analysis, region, error);
  if (ok)
    {
      if (!stream)
        reserve (&report, format, out);
      switch (format)
        {
        case CS_REPORT_FORMAT_JSON:
          _cs_report_render_json (&report, out);
          break;
        case CS_REPORT_FORMAT_CSV:
          _cs_report_render_csv (&report, out);
          break;
        case CS_REPORT_FORMAT_TEXT:
        default:
          _cs_report_render_text (&report, out);
          break;
        }
    }
  if (ok && stream && !(report.stream_ok && cs_cli_print_output (out, report.stream_json)))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO, "%s",
                   _("could not write the report to standard output"));
      ok = FALSE;
    }
  report_clear (&report);
  return ok;
}

gboolean
cs_report_counts_for_analysis (CsSession       *session,
                               CsModel         *model,
                               CsAnalysis      *analysis,
                               const char      *region,
                               CsReportFormat   format,
                               GString         *out,
                               GError         **error)
{
  g_return_val_if_fail (CS_IS_SESSION (session), FALSE);
  g_return_val_if_fail (analysis == NULL || cs_analysis_get_session (analysis) == session, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  return report_run (session, model, analysis, region, format, FALSE, out, error);
}

gboolean
cs_report_counts_print (CsSession       *session,
                        CsModel         *model,
                        const char      *region,
                        CsReportFormat   format,
                        GError         **error)
{
  g_autoptr(GString) out = g_string_sized_new (2 << 20);

  g_return_val_if_fail (CS_IS_SESSION (session), FALSE);

  return report_run (session, model, NULL, region, format, TRUE, out, error);
}

void
cs_report_analysis_charts (CsAnalysis     *analysis,
                           CsReportFormat  format,
                           GString        *out)
{
  GPtrArray *charts;
  g_autofree char *hidden = NULL;

  g_return_if_fail (CS_IS_ANALYSIS (analysis));

  charts = cs_analysis_get_charts (analysis);
  switch (format)
    {
    case CS_REPORT_FORMAT_JSON:
      {
        g_autofree char *json = _cs_report_charts_json (charts);

        g_string_append (out, json);
      }
      break;
    case CS_REPORT_FORMAT_TEXT:
      hidden = cs_analysis_describe_hidden_charts (analysis);
      if (charts->len > 0 || hidden != NULL)
        g_string_append_printf (out, "%s\n", _("Charts"));
      for (guint i = 0; i < charts->len; i++)
        _cs_report_chart_text (g_ptr_array_index (charts, i), out);
      if (hidden != NULL)
        g_string_append_printf (out, "  %s\n", hidden);
      break;
    case CS_REPORT_FORMAT_CSV:
    default:
      break;
    }
}
