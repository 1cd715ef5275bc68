/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-report.c — `cyclescope report FILE.data|BUNDLE [--format F]
 * [--region NAME] [--sort KEYS] [--event NAME] [--limit N] [--children]
 * [--call-graph caller|callee] [--percent-limit P] [--pid …] [--tid …]
 * [--comm …] [--cpu …] [--dso …] [--symbol …] [--time …]`
 *
 * Options and dispatch only. The counting report (run information, model
 * metrics, chart values) is rendered by cs-report-counts.c, the sample
 * tables (module, symbol, source line) by cs-report-samples.c. A bundle
 * prints its counting report and then, when it has a sampling run, the
 * sample tables; a plain perf.data has only the sample tables.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "cs-cli.h"
#include "cs-cli-load.h"
#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-model-registry.h"
#include "cs-report-counts.h"
#include "cs-report-filter.h"
#include "cs-report-memory.h"
#include "cs-report-regions.h"
#include "cs-report-samples.h"

/* The session's model, or NULL when it names none. A model id the registry
 * does not know is an error: without it no metric can be computed. */
static gboolean
find_model (CsSession  *session,
            CsModel   **model,
            GError    **error)
{
  const char *id = cs_session_get_model_id (session);
  CsModelRegistry *registry;
  const char * const *load_errors;

  *model = NULL;
  if (id == NULL)
    return TRUE;
  registry = cs_model_registry_get_default ();
  *model = cs_model_registry_lookup (registry, id);
  if (*model != NULL)
    return TRUE;

  load_errors = cs_model_registry_get_errors (registry);
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
               _("The session was analysed with model “%s”, which is not installed. "
                 "“cyclescope models” lists the installed models; a model file can be "
                 "added to %s/cyclescope/models.%s%s"),
               id, g_get_user_data_dir (),
               load_errors != NULL && load_errors[0] != NULL ? _(" Model files that failed to load: ") : "",
               load_errors != NULL && load_errors[0] != NULL ? load_errors[0] : "");
  return FALSE;
}

/* Makes the sample tables the "profile" member of the counting report's
 * JSON object, so that a bundle's report stays one JSON document. */
static void
splice_profile_json (GString    *out,
                     const char *profile)
{
  gssize end = (gssize) out->len - 1;

  while (end >= 0 && out->str[end] != '}')
    end--;
  if (end < 0)
    return;
  g_string_truncate (out, end);
  while (out->len > 0 && g_ascii_isspace (out->str[out->len - 1]))
    g_string_truncate (out, out->len - 1);
  g_string_append (out, ",\n  \"profile\": ");
  g_string_append (out, profile);
  g_string_append (out, "\n}\n");
}

/* A plain perf.data's JSON: what the file says about itself, the model its
 * modules were evaluated with, and the tables. */
static void
wrap_perf_json (CsAnalysis *analysis,
                const char *charts,
                const char *profile,
                GString    *out)
{
  json_object *root = json_object_new_object ();
  json_object *model = json_object_new_object ();
  CsModel *m = cs_analysis_get_model (analysis);
  CsSession *session = cs_analysis_get_session (analysis);
  const char *host = cs_session_get_hostname (session);
  const char *kernel = cs_session_get_kernel_release (session);

  json_object_object_add (root, "report_version", json_object_new_int (1));
  json_object_object_add (root, "file", json_object_new_string (cs_analysis_get_path (analysis)));
  json_object_object_add (root, "mode", json_object_new_string ("perf"));
  json_object_object_add (root, "hostname", host != NULL ? json_object_new_string (host) : NULL);
  json_object_object_add (root, "kernel_release", kernel != NULL ? json_object_new_string (kernel) : NULL);
  json_object_object_add (model, "id", json_object_new_string (cs_model_get_id (m)));
  json_object_object_add (model, "name", json_object_new_string (cs_model_get_name (m)));
  json_object_object_add (root, "model", model);
  json_object_object_add (root, "charts", cs_cli_json_parse (charts));
  json_object_object_add (root, "profile", cs_cli_json_parse (profile));
  cs_cli_append_json (out, root);
  g_string_append_c (out, '\n');
}

/* Appends the sample tables of @analysis (a perf.data or a bundle with a
 * sampling run) to @out in @format; @counts_done says that @out already
 * holds the bundle's counting report (with the charts). A plain perf.data
 * has no counting report: its charts (the same as the viewer's) come
 * first. */
static gboolean
append_samples (CsAnalysis                  *analysis,
                const CsReportSampleOptions *options,
                const char                  *region,
                CsReportFormat               format,
                gboolean                     counts_done,
                GString                     *out,
                GError                     **error)
{
  g_autoptr(GString) samples = g_string_new (NULL);
  g_autoptr(GString) charts = g_string_new (NULL);

  /* --region: that region's top symbols (Kruse Fig. 5.7) instead of the
   * whole program's tables; without, the regions ranked by samples
   * (Fig. 5.6) follow the tables. */
  if (region != NULL)
    {
      if (!cs_report_region_samples (analysis, region, options, format, samples, error))
        return FALSE;
    }
  else if (!cs_report_samples (analysis, options, format, samples, error))
    return FALSE;
  else if (format == CS_REPORT_FORMAT_TEXT)
    {
      g_autoptr(GString) ranking = g_string_new (NULL);

      if (!cs_report_region_samples (analysis, NULL, options, format, ranking, error))
        return FALSE;
      if (ranking->len > 0)
        g_string_append_printf (samples, "\n%s", ranking->str);
    }
  cs_report_warn_partial ("report", analysis);
  if (!counts_done)
    cs_report_analysis_charts (analysis, format, charts);

  switch (format)
    {
    case CS_REPORT_FORMAT_JSON:
      if (counts_done)
        splice_profile_json (out, samples->str);
      else
        wrap_perf_json (analysis, charts->str, samples->str, out);
      break;
    case CS_REPORT_FORMAT_TEXT:
      if (!counts_done && charts->len > 0)
        {
          g_string_append_len (out, charts->str, charts->len);
          g_string_append_c (out, '\n');
        }
      /* fall through */
    case CS_REPORT_FORMAT_CSV:
    default:
      /* Two CSV tables (or text parts) are separated by an empty line. */
      if (counts_done)
        g_string_append_c (out, '\n');
      g_string_append_len (out, samples->str, samples->len);
      break;
    }
  return TRUE;
}

/* A bundle's samples filtered; an error when a filter is given for a
 * bundle without samples. */
static gboolean
filter_bundle (const CsReportFilterOptions *filter,
               CsAnalysis                 **analysis,
               GError                     **error)
{
  if (*analysis != NULL)
    return cs_report_filter_apply (filter, analysis, error);
  if (!cs_report_filter_any (filter))
    return TRUE;
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
               _("this session has no sampling run, so there are no samples to filter"));
  return FALSE;
}

int
cs_cli_report (int    argc,
               char **argv)
{
  g_autofree char *format_text = NULL;
  g_autofree char *region = NULL;
  g_autofree char *sort_text = NULL;
  g_autofree char *event = NULL;
  int limit = 20;
  gboolean memory = FALSE;
  gboolean children = FALSE;
  g_autofree char *call_graph = NULL;
  double percent_limit = 0.5;
  g_auto(GStrv) files = NULL;
  g_auto(CsReportFilterOptions) filter = { 0 };
  g_autofree GOptionEntry *filter_entries = cs_report_filter_entries (&filter);
  g_autoptr(GArray) all_entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_text,
      N_("Output format: text (default), json or csv"), N_("FORMAT") },
    { "region", 'r', 0, G_OPTION_ARG_STRING, &region,
      N_("Report only this region (instrumented module)"), N_("NAME") },
    { "sort", 's', 0, G_OPTION_ARG_STRING, &sort_text,
      N_("Sample tables by perf's keys pid, comm, cpu, dso, sym and srcline, any of them in any order "
         "(default dso,sym)"), N_("KEYS") },
    { "event", 'e', 0, G_OPTION_ARG_STRING, &event,
      N_("Sample tables of this event only (default: every sampled event)"), N_("NAME") },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit,
      N_("Rows per sample table (default 20, 0: all)"), N_("N") },
    { "children", 0, 0, G_OPTION_ARG_NONE, &children,
      N_("With call chains: Children and Self columns, as perf report --children (Children: the share of "
         "the samples with the row anywhere on their stack)"), NULL },
    { "call-graph", 'g', 0, G_OPTION_ARG_STRING, &call_graph,
      N_("With call chains: print the call tree after each table, from the outermost callers (caller) or "
         "from the sampled functions (callee)"), N_("caller|callee") },
    { "percent-limit", 0, 0, G_OPTION_ARG_DOUBLE, &percent_limit,
      N_("Leave out calls under this percentage of the event in the call trees (default 0.5)"), N_("P") },
    { "memory", 'M', 0, G_OPTION_ARG_NONE, &memory,
      N_("Print the cachelines the samples accessed (data addresses reconstructed from the "
         "registers of a recording made with --regs) instead"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  CsReportFormat format = CS_REPORT_FORMAT_TEXT;
  CsReportSampleOptions sample_options = { CS_REPORT_SORT_DSO_SYM, { CS_SORT_DSO, CS_SORT_SYM }, 2, NULL, 20, FALSE,
                                            CS_REPORT_CALL_GRAPH_NONE, 0.5, &filter };
  CsModel *model = NULL;

  /* the report's own options, perf's filters, then the files */
  for (guint i = 0; entries[i].long_name != NULL; i++)
    g_array_append_val (all_entries, entries[i]);
  g_array_insert_vals (all_entries, all_entries->len - 1, filter_entries,
                       cs_report_filter_entries_length (filter_entries));
  if (!cs_cli_parse_options ("report", _("BUNDLE|FILE.data — print the analysis of a session or a perf.data file"),
                             _("Prints the run information of a session (NAME.cyclescope directory or its session.json), "
                               "every metric of its model for the whole program and for each region, and the values "
                               "of the BAR and REF charts; then the sample tables of its sampling run. A plain "
                               "perf.data file (from `perf record` or our collector) gives its sample tables, with "
                               "percentages of the event's total period as `perf report` computes them."),
                             (const GOptionEntry *) all_entries->data, FALSE, &argc, &argv))
    return 1;
  if (format_text != NULL && !cs_report_format_from_string (format_text, &format))
    {
      cs_cli_error ("report", _("unknown format “%s”: use text, json or csv"), format_text);
      return 1;
    }
  if (sort_text != NULL && !cs_report_sort_parse (sort_text, &sample_options, &error))
    {
      cs_cli_error ("report", "%s", error->message);
      return 1;
    }
  if (limit < 0)
    {
      cs_cli_error ("report", _("--limit must be 0 (all rows) or a number of rows, not %d"), limit);
      return 1;
    }
  sample_options.limit = (guint) limit;
  sample_options.event = event;
  sample_options.children = children;
  sample_options.percent_limit = percent_limit;
  if (call_graph != NULL)
    {
      if (g_str_equal (call_graph, "caller"))
        sample_options.call_graph = CS_REPORT_CALL_GRAPH_CALLER;
      else if (g_str_equal (call_graph, "callee"))
        sample_options.call_graph = CS_REPORT_CALL_GRAPH_CALLEE;
      else
        {
          cs_cli_error ("report", _("unknown call graph order “%s”: use caller or callee"), call_graph);
          return 1;
        }
    }
  if (!(percent_limit >= 0 && percent_limit <= 100))
    {
      cs_cli_error ("report", _("--percent-limit must be a percentage from 0 to 100, not %g"), percent_limit);
      return 1;
    }
  if (files == NULL || files[0] == NULL)
    {
      cs_cli_error ("report", "%s", _("which session? Usage: cyclescope report BUNDLE|FILE.data"));
      return 1;
    }
  if (files[1] != NULL)
    {
      cs_cli_error ("report", _("one session at a time (got “%s” and “%s”)"), files[0], files[1]);
      return 1;
    }

  if (memory)
    {
      g_autoptr(CsProfileSampleSet) selected = NULL;

      /* the filters select samples of the profile; the memory view reads
       * the same samples again for their registers */
      if (cs_report_filter_any (&filter) &&
          (!(analysis = cs_analysis_load (files[0], NULL, NULL, NULL, NULL, &error)) ||
           !cs_report_filter_apply (&filter, &analysis, &error)))
        {
          cs_cli_error ("report", "%s", error->message);
          return 1;
        }
      if (analysis != NULL && cs_analysis_get_profile (analysis) != NULL)
        selected = cs_profile_sample_set_new (cs_analysis_get_profile (analysis));
      if (!cs_report_memory (files[0], (guint) limit, format, selected, out, &error))
        {
          cs_cli_error ("report", "%s", error->message);
          return 1;
        }
    }
  else if (cs_analysis_is_perf_data (files[0]))
    {
      if (!(analysis = cs_cli_load_analysis (files[0], &error)) ||
          !cs_report_filter_apply (&filter, &analysis, &error) ||
          !append_samples (analysis, &sample_options, NULL, format, FALSE, out, &error))
        {
          cs_cli_error ("report", "%s", error->message);
          return 1;
        }
    }
  else
    {
      session = cs_session_load (files[0], &error);
      if (session == NULL)
        {
          cs_cli_error ("report", "%s", error->message);
          return 1;
        }
      /* With samples, the analysis gives the program's charts and warnings,
       * so that the report says what the viewer shows. */
      if (!find_model (session, &model, &error) ||
          (cs_session_get_n_sampling_runs (session) > 0 &&
           !(analysis = cs_cli_load_analysis (files[0], &error))) ||
          !filter_bundle (&filter, &analysis, &error) ||
          /* Only counts: written as they are computed, never held whole. */
          (analysis == NULL && !cs_report_counts_print (session, model, region, format, &error)) ||
          (analysis != NULL &&
           (!cs_report_counts_for_analysis (cs_analysis_get_session (analysis), model, analysis, region,
                                            format, out, &error) ||
            !append_samples (analysis, &sample_options, region, format, TRUE, out, &error))))
        {
          cs_cli_error ("report", "%s: %s", files[0], error->message);
          return 1;
        }
    }

  if (!cs_cli_print_output (out, format == CS_REPORT_FORMAT_JSON))
    {
      cs_cli_error ("report", "%s", _("could not write the report to standard output"));
      return 1;
    }
  return 0;
}
