/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-summary.h — what a recording was: command, time, threads, host
 *
 * Every perf.data says most of it about itself in its header (perf's
 * HEADER_CMDLINE, HOSTNAME, OSRELEASE, CPUDESC, NRCPUS, SAMPLE_TIME, …) and
 * the rest in its records: the duration runs from the first sample to the
 * last, the processes and threads are those with samples, lost samples are
 * counted from LOST and LOST_SAMPLES, throttling from THROTTLE.
 */
#pragma once

#include "cs-profile.h"

G_BEGIN_DECLS

typedef struct
{
  char     **cmdline;             /* perf's HEADER_CMDLINE (perf's own, "perf record …"), or NULL */
  char      *cpu_description;     /* HEADER_CPUDESC */
  char      *perf_version;        /* HEADER_VERSION */
  guint32    n_cpus_online;
  guint32    n_cpus_available;
  guint64    first_sample_time;   /* HEADER_SAMPLE_TIME, 0 when absent */
  guint64    last_sample_time;
} CsProfileHeader;

typedef struct
{
  /* The recorded command: perf's command line without "perf record" and
   * its options, as far as they can be told apart; NULL when unknown. */
  const char        *command;
  const char * const *cmdline;    /* the whole command line as recorded, or NULL */
  guint64            first_time;  /* the first and the last sample (perf clock, ns); */
  guint64            last_time;   /* both 0 without timestamps */
  guint64            duration;    /* last - first, ns */
  guint              n_processes; /* with samples */
  guint              n_threads;
  guint64            n_samples;
  /* The default event's rate: the frequency or the period it was sampled
   * with, and the samples per second it gave over the duration (0 when
   * unknown). */
  guint64            sample_freq;
  guint64            sample_period;
  double             samples_per_second;
  guint64            n_lost;      /* samples the kernel dropped */
  guint64            n_throttled; /* THROTTLE records */
  const char        *hostname;
  const char        *cpu;         /* HEADER_CPUDESC */
  guint              n_cpus;      /* online when recorded */
  const char        *os_release;  /* the kernel */
  const char        *arch;
} CsProfileSummary;

/* The summary of the whole recording (a filtered profile gives its
 * file's). */
const CsProfileSummary *cs_profile_get_summary        (CsProfile *self);
/* The first and last sample time as perf reads them for `--time` with
 * percentages: HEADER_SAMPLE_TIME when the file has it, else the samples'
 * own first and last time. FALSE when neither is known. */
gboolean                cs_profile_get_time_bounds    (CsProfile *self,
                                                       guint64   *first,
                                                       guint64   *last);

G_END_DECLS
