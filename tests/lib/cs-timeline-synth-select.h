/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-synth-select.h — the samples a filter selects, checked against the synthetic timeline's (header only) */
#pragma once

#include "cs-profile-filter.h"
#include "cs-timeline-synth.h"

/* The sample of the rule at column @col: perf delivers a sample without a
 * timestamp at once, before the queued ones, so the last one written
 * comes first. */
static inline guint
tl_synth_sample_at (guint col)
{
  return col == 0 ? TL_N : col - 1;
}

typedef gboolean (*TlPredicate) (guint i, gpointer data);

/* Asserts that @filter selects exactly the samples @want says yes to. */
static inline void
tl_synth_assert_selects (CsProfile       *profile,
                         CsProfileFilter *filter,
                         TlPredicate      want,
                         gpointer         data)
{
  g_autoptr(GError) error = NULL;
  guint n = 0, expected = 0, at = 0;
  g_autofree guint32 *sel = cs_profile_filter_select (filter, profile, &n, NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; i <= TL_N; i++)
    {
      if (!want (tl_synth_sample_at (i), data))
        continue;
      expected++;
      if (at >= n || sel[at] != i)
        g_error ("sample %u should pass the filter", tl_synth_sample_at (i));
      at++;
    }
  g_assert_cmpuint (n, ==, expected);
}
