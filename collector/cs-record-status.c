/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-status.c — how a run ended, as the session and the progress say it */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <sys/wait.h>

#include "cs-record-private.h"

char *
_cs_recorder_describe_outcome (int      wait_status,
                               gboolean interrupted)
{
  if (interrupted)
    return g_strdup (_("interrupted"));
  if (WIFEXITED (wait_status))
    return WEXITSTATUS (wait_status) == 0
      ? g_strdup (_("ok"))
      : g_strdup_printf (_("exit status %d"), WEXITSTATUS (wait_status));
  if (WIFSIGNALED (wait_status))
    return g_strdup_printf (_("killed by signal %d (%s)"), WTERMSIG (wait_status),
                            g_strsignal (WTERMSIG (wait_status)));
  return g_strdup (_("ended"));
}

void
_cs_recorder_set_run_status (CsRunStatus *status,
                             int         *exit_code,
                             int         *term_signal,
                             int          wait_status,
                             gboolean     interrupted)
{
  *exit_code = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 0;
  *term_signal = WIFSIGNALED (wait_status) ? WTERMSIG (wait_status) : 0;
  if (interrupted)
    *status = CS_RUN_INTERRUPTED;
  else if (*exit_code != 0 || *term_signal != 0)
    *status = CS_RUN_FAILED;
  else
    *status = CS_RUN_OK;
}

void
_cs_recorder_set_rusage (CsRusage            *u,
                         const struct rusage *usage)
{
  u->present = TRUE;
  u->voluntary_switches = usage->ru_nvcsw;
  u->involuntary_switches = usage->ru_nivcsw;
  u->max_rss_kb = usage->ru_maxrss;
  u->minor_faults = usage->ru_minflt;
  u->major_faults = usage->ru_majflt;
}
