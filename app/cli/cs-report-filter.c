/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-filter.c — `report`'s perf filters
 *
 * perf report spells them --pid, --tid, --comms, --cpu, --dsos, --symbols
 * and --time, and accepts the unambiguous beginnings of the plural ones
 * (--comm, --dso, --symbol): both spellings work here.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-cli-util.h"
#include "cs-error.h"
#include "cs-profile-samples.h"
#include "cs-profile-summary.h"
#include "cs-report-filter.h"

GOptionEntry *
cs_report_filter_entries (CsReportFilterOptions *o)
{
  const GOptionEntry entries[] = {
    { "pid", 0, 0, G_OPTION_ARG_STRING, &o->pid,
      N_("Only the samples of these processes (comma-separated ids)"), N_("PID,…") },
    { "tid", 0, 0, G_OPTION_ARG_STRING, &o->tid,
      N_("Only the samples of these threads (comma-separated ids)"), N_("TID,…") },
    { "comm", 0, 0, G_OPTION_ARG_STRING, &o->comm,
      N_("Only the samples of threads of these names, as they were named when sampled"), N_("NAME,…") },
    { "comms", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->comm, NULL, NULL },
    { "cpu", 'C', 0, G_OPTION_ARG_STRING, &o->cpu,
      N_("Only the samples taken on these CPUs (a list such as 0-3,6)"), N_("CPUS") },
    { "dso", 'd', 0, G_OPTION_ARG_STRING, &o->dso,
      N_("Only the samples in these modules (names or paths)"), N_("MODULE,…") },
    { "dsos", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->dso, NULL, NULL },
    { "symbol", 'S', 0, G_OPTION_ARG_STRING, &o->symbol,
      N_("Only the samples in these symbols"), N_("SYMBOL,…") },
    { "symbols", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->symbol, NULL, NULL },
    { "time", 0, 0, G_OPTION_ARG_STRING, &o->time,
      N_("Only the samples in these times: START,STOP in seconds as perf script prints them, or "
         "percentages of the recording such as 20%-60% (perf's syntax)"), N_("RANGE") },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

guint
cs_report_filter_entries_length (const GOptionEntry *entries)
{
  guint n = 0;

  while (entries[n].long_name != NULL)
    n++;
  return n;
}

void
cs_report_filter_options_clear (CsReportFilterOptions *o)
{
  g_clear_pointer (&o->pid, g_free);
  g_clear_pointer (&o->tid, g_free);
  g_clear_pointer (&o->comm, g_free);
  g_clear_pointer (&o->cpu, g_free);
  g_clear_pointer (&o->dso, g_free);
  g_clear_pointer (&o->symbol, g_free);
  g_clear_pointer (&o->time, g_free);
}

gboolean
cs_report_filter_any (const CsReportFilterOptions *o)
{
  return o->pid != NULL || o->tid != NULL || o->comm != NULL || o->cpu != NULL || o->dso != NULL ||
         o->symbol != NULL || o->time != NULL;
}

CsProfileFilter *
cs_report_filter_build (const CsReportFilterOptions *o,
                        CsProfile                   *profile,
                        GError                     **error)
{
  g_autoptr(CsProfileFilter) filter = cs_profile_filter_new ();
  const struct
  {
    const char   *text;
    CsFilterKind  kind;
    const char   *option;
  } lists[] = {
    { o->pid, CS_FILTER_PROCESS, "--pid" },
    { o->tid, CS_FILTER_THREAD, "--tid" },
    { o->comm, CS_FILTER_COMM, "--comm" },
    { o->cpu, CS_FILTER_CPU, "--cpu" },
    { o->dso, CS_FILTER_MODULE, "--dso" },
    { o->symbol, CS_FILTER_SYMBOL, "--symbol" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (lists[i].text != NULL &&
        !cs_profile_filter_parse_list (filter, lists[i].kind, lists[i].text, lists[i].option, error))
      return NULL;
  if (o->time != NULL)
    {
      guint64 first = 0, last = 0;

      cs_profile_get_time_bounds (profile, &first, &last);
      if (!cs_profile_filter_parse_time (filter, o->time, first, last, error))
        return NULL;
    }
  if (o->cpu != NULL)
    {
      const CsProfileSamples *samples = cs_profile_get_samples (profile);
      gboolean any_cpu = samples->n == 0;

      for (guint i = 0; i < samples->n_contexts && !any_cpu; i++)
        any_cpu = samples->contexts[i].cpu != CS_PROFILE_NO_CPU;
      if (!any_cpu)
        {
          /* as perf: a file without CPUs cannot be filtered by them */
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                       _("the samples of %s do not say which CPU they were taken on, so --cpu cannot "
                         "select any: record with “perf record --sample-cpu” (or -a), or with "
                         "“cyclescope record”"), cs_profile_get_path (profile));
          return NULL;
        }
    }
  return g_steal_pointer (&filter);
}

gboolean
cs_report_filter_apply (const CsReportFilterOptions *o,
                        CsAnalysis                 **analysis,
                        GError                     **error)
{
  g_autoptr(CsProfileFilter) filter = NULL;
  CsProfile *profile = cs_analysis_get_profile (*analysis);
  CsAnalysis *filtered;

  if (!cs_report_filter_any (o))
    return TRUE;
  if (profile == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("this session has no samples to filter: --pid, --tid, --comm, --cpu, --dso, "
                     "--symbol and --time select samples"));
      return FALSE;
    }
  if (!(filter = cs_report_filter_build (o, profile, error)) ||
      !(filtered = cs_analysis_new_filtered (*analysis, filter, NULL, error)))
    return FALSE;
  g_object_unref (*analysis);
  *analysis = filtered;
  return TRUE;
}

void
cs_report_filter_describe (const CsReportFilterOptions *o,
                           CsAnalysis                  *analysis,
                           GString                     *out)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const struct
  {
    const char *option;
    const char *value;
  } given[] = {
    { "--pid", o->pid }, { "--tid", o->tid }, { "--comm", o->comm }, { "--cpu", o->cpu },
    { "--dso", o->dso }, { "--symbol", o->symbol }, { "--time", o->time },
  };
  g_autoptr(GString) options = g_string_new (NULL);
  g_autofree char *n = NULL;
  g_autofree char *of = NULL;
  guint n_selected;

  if (!cs_report_filter_any (o) || profile == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    if (given[i].value != NULL)
      g_string_append_printf (options, "%s%s %s", options->len > 0 ? " " : "", given[i].option, given[i].value);
  cs_profile_get_subset (profile, &n_selected);
  n = cs_cli_grouped (n_selected);
  of = cs_cli_grouped (cs_profile_get_samples (profile)->n);
  /* TRANSLATORS: "# Filter: --pid 12 --time 20%-60% (1,234 of 5,678 samples)" */
  g_string_append_printf (out, _("# Filter: %s (%s of %s samples)\n"), options->str, n, of);
}
