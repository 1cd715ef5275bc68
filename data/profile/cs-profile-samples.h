/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-samples.h — the samples of a recording with call chains
 *
 * The module and symbol tables need no sample kept (cs-profile.h), but call
 * graphs do: which stack each sample had, so that trees can be built for
 * any subset of the samples (a time range, a thread) and from any stack
 * source. A file recorded with call chains (perf record -g, cyclescope
 * record -g) keeps each sample as a row of columns — event, period, thread
 * and the node of its stack in cs_profile_get_call_stacks() — 18 bytes per
 * sample; a file without keeps none (CsProfileSamples.n is 0).
 *
 * Each sample's stack is its call chain as perf reads it: PERF_CONTEXT_*
 * markers say whether the addresses that follow are the kernel's or the
 * program's, the sampled ip is the innermost frame.
 */
#pragma once

#include "cs-call-stacks.h"
#include "cs-profile.h"

G_BEGIN_DECLS

typedef struct
{
  guint          n;        /* samples kept */
  const guint16 *event;    /* CsProfileEvent.index */
  const guint64 *period;
  const guint32 *thread;   /* cs_profile_get_thread() index */
  const guint32 *stack;    /* node of cs_profile_get_call_stacks(): the innermost frame */
  /* The region (cs_profile_get_region_name(), 0: none) running on the
   * sample's thread; NULL when the recording has no region marks. */
  const guint16 *region;
} CsProfileSamples;

/* A thread under the name it had when it was sampled: a thread renamed
 * (prctl, exec) is one entry per name. */
typedef struct
{
  gint32      pid;
  gint32      tid;
  const char *comm;        /* ":TID" when no COMM record named it, as perf */
} CsProfileThread;

/* TRUE when some event of the file was sampled with call chains. */
gboolean                cs_profile_has_call_chains   (CsProfile *self);
const CsProfileSamples *cs_profile_get_samples       (CsProfile *self);
const CsCallStacks     *cs_profile_get_call_stacks   (CsProfile *self);
guint                   cs_profile_get_n_threads     (CsProfile *self);
const CsProfileThread  *cs_profile_get_thread        (CsProfile *self,
                                                      guint      index);

G_END_DECLS
