/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-diff.c — the colours of a differential flame graph
 *
 * Gregg's differential flame graphs size frames by the second profile and
 * colour them by the change from the first: red grew, blue shrank. The
 * change here is of a frame's total share (percent of each recording's
 * samples), so two recordings of different lengths compare; the noise is
 * that of a share estimated from samples, sqrt(p (1 − p) / n) on each side,
 * and a change within two of their combined standard errors is white: a
 * colour must mean the frame really moved.
 */

#include "config.h"

#include <math.h>

#include "cs-flame-private.h"

static double
standard_error (double   share,
                guint64  samples)
{
  double p = CLAMP (share / 100.0, 0.0, 1.0);

  return samples > 0 ? 100.0 * sqrt (p * (1 - p) / (double) samples) : 0.0;
}

CsFlameDiff
cs_flame_frame_diff (const CsFlameLayout      *layout,
                     const CsFlameDrawOptions *options,
                     const CsFlameFrame       *frame,
                     double                   *delta_points)
{
  double new_share, base_share, delta, noise;
  guint64 new_samples;

  if (delta_points != NULL)
    *delta_points = NAN;
  if (options == NULL || options->base_shares == NULL || layout->event_total == 0)
    return CS_FLAME_DIFF_NONE;
  new_share = 100.0 * (double) frame->total / (double) layout->event_total;
  base_share = options->base_shares[frame->node].total_share;
  delta = new_share - base_share;
  if (delta_points != NULL)
    *delta_points = delta;
  new_samples = cs_call_graph_get_event_samples (layout->graph, layout->event);
  noise = 0;
  if (options->base_samples > 0 && new_samples > 0)
    noise = 2 * hypot (standard_error (base_share, options->base_samples),
                       standard_error (new_share, new_samples));
  /* rounding of two sums of periods is no change */
  if (fabs (delta) <= MAX (noise, 1e-9))
    return CS_FLAME_DIFF_NEUTRAL;
  return delta > 0 ? CS_FLAME_DIFF_GREW : CS_FLAME_DIFF_SHRANK;
}

double
_cs_flame_diff_max (const CsFlameLayout      *layout,
                    const CsFlameDrawOptions *options)
{
  double max = 0;

  for (guint i = 0; i < layout->frames->len; i++)
    {
      const CsFlameFrame *f = &g_array_index (layout->frames, CsFlameFrame, i);
      double delta;

      if (cs_flame_frame_diff (layout, options, f, &delta) > CS_FLAME_DIFF_NEUTRAL)
        max = MAX (max, fabs (delta));
    }
  return max;
}

void
_cs_flame_diff_color (const CsFlameLayout      *layout,
                      const CsFlameDrawOptions *options,
                      const CsFlameFrame       *frame,
                      double                    max_change,
                      CsColor                  *color)
{
  double delta, depth, pale;

  switch (cs_flame_frame_diff (layout, options, frame, &delta))
    {
    case CS_FLAME_DIFF_GREW:
    case CS_FLAME_DIFF_SHRANK:
      /* a change beyond the noise is never paler than a clear tint */
      depth = 0.25 + 0.75 * (max_change > 0 ? MIN (fabs (delta) / max_change, 1.0) : 1.0);
      pale = 0.92 - 0.75 * depth;
      if (delta > 0)
        *color = (CsColor) { 1.0, pale, pale, 1 };
      else
        *color = (CsColor) { pale, pale, 1.0, 1 };
      break;
    case CS_FLAME_DIFF_NEUTRAL:
    case CS_FLAME_DIFF_NONE:
    default:
      *color = (CsColor) { 0.97, 0.97, 0.97, 1 };
      break;
    }
}
