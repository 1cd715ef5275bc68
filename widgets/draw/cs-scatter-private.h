/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-private.h — axis ranges and tick labels of the scatter chart
 *
 * Kept apart from the layout so that the ranges (what a reader compares the
 * marks against) can be reasoned about on their own: time gets 1-2-5 steps,
 * addresses power-of-two multiples of a cacheline so that hexadecimal tick
 * labels end in round digits.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A nice [*min, *max] covering [lo, hi] with about @max_ticks steps of
 * *step (1, 2 or 5 × 10^k); an empty or inverted range is widened. */
void  _cs_scatter_time_range     (double   lo,
                                 double   hi,
                                 guint    max_ticks,
                                 double  *min,
                                 double  *max,
                                 double  *step);
/* A range [*min, *max) covering the cachelines of [lo, hi] whose bounds are
 * multiples of *step, a power of two ≥ 64, with at most @max_ticks steps. */
void  _cs_scatter_address_range  (guint64  lo,
                                 guint64  hi,
                                 guint    max_ticks,
                                 guint64 *min,
                                 guint64 *max,
                                 guint64 *step);
/* "1.5" for a tick at 1.5 s with step 0.5: as many decimals as the step. */
char *_cs_scatter_format_time    (double   value,
                                 double   step);
/* "0x7ffd12345640". */
char *_cs_scatter_format_address (guint64  address);

G_END_DECLS
