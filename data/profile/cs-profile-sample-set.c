/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-sample-set.c — the samples of a filtered profile, to be found
 * again in another reading of the file
 *
 * The memory view reads the file once more for the sampled registers,
 * which the columns do not keep. A sample is told apart from the others by
 * its thread and time (two samples of one thread in the same nanosecond
 * would be two events sampled at once; they pass or fail together), so
 * the set is the selected samples' (tid, time) pairs, sorted.
 */
#include "config.h"

#include <stdlib.h>

#include "cs-profile-filter.h"
#include "cs-profile-private.h"

typedef struct
{
  guint64 time;
  gint64  tid;
} Pair;

struct _CsProfileSampleSet
{
  Pair  *pairs;
  gsize  n;
};

static int
compare_pairs (const void *a,
               const void *b)
{
  const Pair *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->tid < y->tid ? -1 : x->tid > y->tid;
}

CsProfileSampleSet *
cs_profile_sample_set_new (CsProfile *profile)
{
  CsProfileSampleSet *set = g_new0 (CsProfileSampleSet, 1);
  const CsProfileSamples *samples;
  const guint32 *subset;
  guint n;

  g_return_val_if_fail (CS_IS_PROFILE (profile), set);

  samples = cs_profile_get_samples (profile);
  subset = cs_profile_get_subset (profile, &n);
  set->pairs = g_new (Pair, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      guint s = subset != NULL ? subset[i] : i;
      const CsProfileThread *t = cs_profile_get_thread (profile, cs_profile_samples_thread (samples, s));

      set->pairs[i].time = samples->time[s];
      set->pairs[i].tid = t->tid;
    }
  set->n = n;
  qsort (set->pairs, set->n, sizeof (Pair), compare_pairs);
  return set;
}

void
cs_profile_sample_set_free (CsProfileSampleSet *set)
{
  if (set == NULL)
    return;
  g_free (set->pairs);
  g_free (set);
}

gboolean
cs_profile_sample_set_contains (guint64  time,
                                guint32  pid,
                                guint32  tid,
                                guint    cpu,
                                gpointer set_pointer)
{
  const CsProfileSampleSet *set = set_pointer;
  Pair key = { time != CS_PERF_NO_TIME ? time : 0, (gint32) tid };

  return bsearch (&key, set->pairs, set->n, sizeof (Pair), compare_pairs) != NULL;
}
