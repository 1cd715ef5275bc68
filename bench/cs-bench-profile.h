/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-bench-profile.h — what the benchmarks that load profiles share
 * (header only) */
#pragma once

#include "cs-bench-util.h"
#include "cs-profile.h"

/* Samples of every event. */
static inline guint64
cs_bench_count_samples (CsProfile *profile)
{
  guint64 n = 0;

  for (guint i = 0; i < cs_profile_get_n_events (profile); i++)
    n += cs_profile_get_event (profile, i)->n_samples;
  return n;
}

/* A CsProfileProgress that keeps the peak RssAnon (kB) in *@user_data
 * (gint64): sampled at every report of a load. */
static inline void
cs_bench_track_peak (const char *stage,
                     double      fraction,
                     gpointer    user_data)
{
  gint64 *peak = user_data;

  *peak = MAX (*peak, cs_bench_status_kb ("RssAnon"));
}
