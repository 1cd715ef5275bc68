/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-summary.c — the recording's summary in `report` */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "cs-cli-util.h"
#include "cs-profile-summary.h"
#include "cs-report-summary.h"

static const CsProfileSummary *
summary_of (CsAnalysis *analysis)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);

  return profile != NULL ? cs_profile_get_summary (profile) : NULL;
}

void
cs_report_summary_text (CsAnalysis *analysis,
                        GString    *out)
{
  const CsProfileSummary *s = summary_of (analysis);
  g_autofree char *lost = NULL;
  g_autofree char *samples = NULL;

  if (s == NULL)
    return;
  if (s->command != NULL)
    g_string_append_printf (out, _("# Command: %s\n"), s->command);
  if (s->last_time > 0)
    g_string_append_printf (out, _("# Duration: %.3f s (first to last sample)\n"), s->duration / 1e9);
  else
    g_string_append (out, _("# Duration: — (the samples have no timestamps)\n"));
  /* TRANSLATORS: "# Threads: 3 in 2 processes" */
  g_string_append_printf (out, _("# Threads: %u in %u processes\n"), s->n_threads, s->n_processes);
  samples = cs_cli_grouped (s->n_samples);
  if (s->sample_freq > 0)
    g_string_append_printf (out, _("# Samples: %s, sampled at %" PRIu64 " Hz, %.1f samples/s\n"), samples,
                            s->sample_freq, s->samples_per_second);
  else
    g_string_append_printf (out, _("# Samples: %s, every %" PRIu64 " events, %.1f samples/s\n"), samples,
                            s->sample_period, s->samples_per_second);
  lost = cs_cli_grouped (s->n_lost);
  g_string_append_printf (out, _("# Lost samples: %s; throttled %" PRIu64 " times\n"), lost, s->n_throttled);
  g_string_append_printf (out, _("# Host: %s · CPU: %s (%u online) · Kernel: %s %s\n"),
                          s->hostname != NULL ? s->hostname : "—", s->cpu != NULL ? s->cpu : "—", s->n_cpus,
                          s->os_release != NULL ? s->os_release : "—", s->arch != NULL ? s->arch : "");
}

json_object *
cs_report_summary_json (CsAnalysis *analysis)
{
  const CsProfileSummary *s = summary_of (analysis);
  json_object *o, *cmdline;

  if (s == NULL)
    return NULL;
  o = json_object_new_object ();
  cmdline = s->cmdline != NULL ? json_object_new_array () : NULL;
  for (guint i = 0; s->cmdline != NULL && s->cmdline[i] != NULL; i++)
    json_object_array_add (cmdline, json_object_new_string (s->cmdline[i]));
  json_object_object_add (o, "command", cs_cli_json_string (s->command));
  json_object_object_add (o, "cmdline", cmdline);
  json_object_object_add (o, "first_time_ns", json_object_new_int64 ((gint64) s->first_time));
  json_object_object_add (o, "last_time_ns", json_object_new_int64 ((gint64) s->last_time));
  json_object_object_add (o, "duration_ns", json_object_new_int64 ((gint64) s->duration));
  json_object_object_add (o, "processes", json_object_new_int ((int) s->n_processes));
  json_object_object_add (o, "threads", json_object_new_int ((int) s->n_threads));
  json_object_object_add (o, "samples", json_object_new_int64 ((gint64) s->n_samples));
  json_object_object_add (o, "sample_freq", json_object_new_int64 ((gint64) s->sample_freq));
  json_object_object_add (o, "sample_period", json_object_new_int64 ((gint64) s->sample_period));
  json_object_object_add (o, "samples_per_second", json_object_new_double (s->samples_per_second));
  json_object_object_add (o, "lost", json_object_new_int64 ((gint64) s->n_lost));
  json_object_object_add (o, "throttled", json_object_new_int64 ((gint64) s->n_throttled));
  json_object_object_add (o, "hostname", cs_cli_json_string (s->hostname));
  json_object_object_add (o, "cpu", cs_cli_json_string (s->cpu));
  json_object_object_add (o, "cpus_online", json_object_new_int ((int) s->n_cpus));
  json_object_object_add (o, "kernel_release", cs_cli_json_string (s->os_release));
  json_object_object_add (o, "arch", cs_cli_json_string (s->arch));
  return o;
}
