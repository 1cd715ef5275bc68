/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-samples.h — the samples of a recording, kept as columns
 *
 * The module and symbol tables of a whole file are sums per key
 * (cs-profile.h), but a time range, a thread or a call graph needs the
 * samples themselves, so every sample is kept as one row of compact
 * columns and any subset of them re-aggregates (cs-profile-filter.h):
 *
 *   time      8 bytes  the perf clock in ns, 0 without PERF_SAMPLE_TIME
 *   period    4 bytes  the sample's period; larger ones are kept aside
 *   context   4 bytes  the thread under its name at sample time and the
 *                      CPU: a small table of (thread, cpu) pairs
 *   location  4 bytes  the profile's key (event, module, file offset, region),
 *                      which names the symbol and module as well
 *   stack     4 bytes  recordings with call chains only: the node of the
 *                      sample's stack in cs_profile_get_call_stacks()
 *
 * 20 bytes a sample, 24 with call chains: pid, tid and comm come from the
 * context's thread, the event (and the region) from the location. Interning (thread, cpu)
 * pairs costs a few thousand entries at most (threads × the CPUs each ran
 * on), where a column of its own would cost 4 bytes a sample.
 *
 * Each sample's stack is its call chain as perf reads it: PERF_CONTEXT_*
 * markers say whether the addresses that follow are the kernel's or the
 * program's, the sampled ip is the innermost frame. A file recorded with
 * DWARF call graphs (--call-graph dwarf) holds a copy of the user stack
 * instead of the user part of the chain: those frames are unwound
 * (cs-unwinder.h) and follow the recorded kernel part, as perf report
 * shows them; such a file has call chains too.
 */
#pragma once

#include "cs-call-stacks.h"
#include "cs-profile.h"

G_BEGIN_DECLS

/* CsProfileContext.cpu of a sample recorded without PERF_SAMPLE_CPU. */
#define CS_PROFILE_NO_CPU G_MAXUINT16

/* A period too large for the column: see cs_profile_samples_period(). */
#define CS_PROFILE_PERIOD_LARGE G_MAXUINT32

typedef struct
{
  guint32 thread;          /* cs_profile_get_thread() index */
  guint16 cpu;             /* CS_PROFILE_NO_CPU without one */
  guint16 reserved;
} CsProfileContext;

typedef struct
{
  guint32 index;           /* sample */
  guint32 reserved;
  guint64 period;
} CsProfileLargePeriod;

typedef struct
{
  guint                       n;          /* samples kept */
  const guint64              *time;
  const guint32              *period;
  const guint32              *context;    /* index into @contexts */
  const guint32              *location;   /* the profile's key */
  const guint32              *stack;      /* NULL without call chains */
  /* lookups */
  const CsProfileContext     *contexts;
  guint                       n_contexts;
  const guint16              *location_event;   /* per key: CsProfileEvent.index */
  /* per key: the region (cs_profile_get_region_name(), 0: none) running on
   * the sample's thread; NULL when the recording has no region marks */
  const guint16              *location_region;
  guint                       n_locations;
  const CsProfileLargePeriod *large;      /* by sample index */
  guint                       n_large;
} CsProfileSamples;

/* A thread under the name it had when it was sampled: a thread renamed
 * (prctl, exec) is one entry per name. */
typedef struct
{
  gint32      pid;
  gint32      tid;
  const char *comm;        /* ":TID" when no COMM record named it, as perf */
  guint       task;        /* cs_profile_get_task() index: the thread itself */
} CsProfileThread;

guint64  _cs_profile_samples_large_period (const CsProfileSamples *samples,
                                          guint                   index);

static inline guint16
cs_profile_samples_event (const CsProfileSamples *samples,
                          guint                   index)
{
  return samples->location_event[samples->location[index]];
}

/* 0 without region marks */
static inline guint16
cs_profile_samples_region (const CsProfileSamples *samples,
                           guint                   index)
{
  return samples->location_region != NULL ? samples->location_region[samples->location[index]] : 0;
}

static inline guint32
cs_profile_samples_thread (const CsProfileSamples *samples,
                           guint                   index)
{
  return samples->contexts[samples->context[index]].thread;
}

static inline guint16
cs_profile_samples_cpu (const CsProfileSamples *samples,
                        guint                   index)
{
  return samples->contexts[samples->context[index]].cpu;
}

static inline guint64
cs_profile_samples_period (const CsProfileSamples *samples,
                           guint                   index)
{
  guint32 p = samples->period[index];

  return G_LIKELY (p != CS_PROFILE_PERIOD_LARGE) ? p : _cs_profile_samples_large_period (samples, index);
}

/* TRUE when some event of the file was sampled with call chains or with
 * copies of the user stack. */
gboolean                cs_profile_has_call_chains   (CsProfile *self);
/* Every sample of the file, in the order read (time order, give or take
 * samples of different CPUs with no side-band record between them). */
const CsProfileSamples *cs_profile_get_samples       (CsProfile *self);
/* The samples a filtered profile (cs_profile_new_filtered()) holds, as
 * ascending indices into cs_profile_get_samples(); NULL for a profile of
 * the whole file, which holds them all. */
const guint32          *cs_profile_get_subset        (CsProfile *self,
                                                      guint     *n_subset);
const CsCallStacks     *cs_profile_get_call_stacks   (CsProfile *self);
guint                   cs_profile_get_n_threads     (CsProfile *self);
const CsProfileThread  *cs_profile_get_thread        (CsProfile *self,
                                                      guint      index);
/* Bytes the columns hold per sample (their lookups apart), for the
 * benchmarks. */
gsize                   cs_profile_samples_get_row_size (const CsProfileSamples *samples);

G_END_DECLS
