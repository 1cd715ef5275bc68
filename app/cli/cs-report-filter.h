/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-filter.h — `report`'s perf filters: --pid, --tid, --comm,
 * --cpu, --dso, --symbol, --time
 *
 * Each option given is one clause of a CsProfileFilter (cs-profile-filter.h),
 * in perf report's syntax: comma-separated lists, a CPU list, and perf's
 * --time ranges, whose percentages need the recording's first and last
 * sample time (so the filter is built once the file is read).
 */
#pragma once

#include "cs-analysis.h"

G_BEGIN_DECLS

typedef struct
{
  char *pid;
  char *tid;
  char *comm;
  char *cpu;
  char *dso;
  char *symbol;
  char *time;
} CsReportFilterOptions;

/* The options' entries, writing into @options (a NULL-terminated array of
 * entries; free with g_free()), and how many there are. */
GOptionEntry    *cs_report_filter_entries (CsReportFilterOptions *options);
guint            cs_report_filter_entries_length (const GOptionEntry *entries);
void             cs_report_filter_options_clear (CsReportFilterOptions *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CsReportFilterOptions, cs_report_filter_options_clear)
gboolean         cs_report_filter_any     (const CsReportFilterOptions *options);
/* The filter the options say for @profile's recording; an error names the
 * option and what it expects. */
CsProfileFilter *cs_report_filter_build   (const CsReportFilterOptions *options,
                                           CsProfile                   *profile,
                                           GError                     **error);
/* Replaces *@analysis by the analysis of the samples the options select
 * (nothing to do without any). */
gboolean         cs_report_filter_apply   (const CsReportFilterOptions *options,
                                           CsAnalysis                 **analysis,
                                           GError                     **error);
/* "# Filter: --pid 12 --time 20%-60% (1,234 of 5,678 samples)" and the
 * recording's summary, for the text report. */
void             cs_report_filter_describe (const CsReportFilterOptions *options,
                                            CsAnalysis                  *analysis,
                                            GString                     *out);

G_END_DECLS
