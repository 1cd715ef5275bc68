/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sampling-run.h — one sampling run of the target program into a perf.data
 *
 * Starts the program (cs_launcher), samples it with cs_sampler, streams the
 * records into a perf.data written by cs_perf_writer (NAME.tmp renamed to
 * NAME at the end, so a crash never leaves half a file under the final name)
 * and returns when the program exits or @cancellable fires.
 */
#pragma once

#include <gio/gio.h>
#include <sys/resource.h>

#include "cs-sampler.h"

G_BEGIN_DECLS

typedef struct
{
  int             wait_status;   /* as waitpid(2) */
  struct rusage   usage;
  double          wall_seconds;  /* exec to exit */
  gboolean        interrupted;   /* cancelled: the program was killed */
  CsSamplerStats  stats;
  GArray         *values;        /* CsCountingValue of @count_groups, NULL without;
                                  * cs_sampling_result_clear() frees it */
} CsSamplingResult;

/* Samples @argv with @events into @perf_data_path. Errors (program missing,
 * perf_event_open refused, the file not writable) come before the program
 * runs, except write errors during the run, after which the program is
 * killed and no perf.data is left behind. When @cancellable fires, the
 * program is killed, the samples so far are kept (the file is finished) and
 * @result->interrupted is set. @count_groups (CsCountingGroup*, nullable) are
 * counted in the same run, on the same program (cs-counting.h): a plan whose
 * events fit in one group needs no run of its own for them. */
gboolean cs_sampling_run (const char * const      *argv,
                          const char              *cwd,
                          const char * const      *envp,
                          const CsSamplerEvent    *events,
                          guint                    n_events,
                          const CsSamplerOptions  *options,
                          GPtrArray               *count_groups,
                          const char              *perf_data_path,
                          CsSamplingResult        *result,
                          GCancellable            *cancellable,
                          GError                 **error);

void     cs_sampling_result_clear (CsSamplingResult *result);

G_END_DECLS
