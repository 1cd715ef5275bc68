/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-axis.c — axis ranges and tick labels of the scatter chart */

#include "config.h"

#include <math.h>

#include "cs-chart-format.h"
#include "cs-scatter-data.h"
#include "cs-scatter-private.h"

void
_cs_scatter_time_range (double  lo,
                       double  hi,
                       guint   max_ticks,
                       double *min,
                       double *max,
                       double *step)
{
  double span, raw, magnitude, f;

  if (!isfinite (lo) || !isfinite (hi))
    lo = hi = 0;
  if (hi < lo)
    {
      double t = lo;
      lo = hi;
      hi = t;
    }
  span = hi - lo;
  if (span <= 0)
    {
      /* A single instant: a small window around it, so the marks sit in the
       * middle rather than on an edge. */
      span = MAX (fabs (lo) * 0.1, 1e-3);
      lo -= span / 2;
      hi += span / 2;
    }
  max_ticks = MAX (max_ticks, 2);
  raw = span / max_ticks;
  magnitude = pow (10, floor (log10 (raw)));
  f = raw / magnitude;
  if (f <= 1)
    *step = magnitude;
  else if (f <= 2)
    *step = 2 * magnitude;
  else if (f <= 5)
    *step = 5 * magnitude;
  else
    *step = 10 * magnitude;
  /* A tiny tolerance keeps a bound that is already on a tick from growing by
   * a whole step through rounding. */
  *min = floor (lo / *step + 1e-9) * *step;
  *max = ceil (hi / *step - 1e-9) * *step;
  if (*max <= *min)
    *max = *min + *step;
}

void
_cs_scatter_address_range (guint64  lo,
                          guint64  hi,
                          guint    max_ticks,
                          guint64 *min,
                          guint64 *max,
                          guint64 *step)
{
  guint64 first = cs_scatter_line_of (MIN (lo, hi));
  guint64 last = cs_scatter_line_of (MAX (lo, hi));
  guint64 s = CS_SCATTER_LINE_SIZE;

  max_ticks = MAX (max_ticks, 1);
  for (;;)
    {
      guint64 a = first - first % s;
      guint64 b_last = last - last % s;
      /* Steps counted on the lines' starts: the range ends one step after
       * the last one, which may be 2^64 itself and not representable. */
      guint64 n = (b_last - a) / s + 1;

      if (n <= max_ticks || s >= (G_GUINT64_CONSTANT (1) << 62))
        {
          *min = a;
          *step = s;
          *max = b_last > G_MAXUINT64 - s ? G_MAXUINT64 : b_last + s;
          return;
        }
      s <<= 1;
    }
}

char *
_cs_scatter_format_time (double value,
                        double step)
{
  int decimals = 0;

  if (step > 0 && step < 1)
    decimals = (int) ceil (-log10 (step) - 1e-9);
  /* "-0" at the origin after rounding reads as a mistake. */
  if (fabs (value) < step * 1e-6)
    value = 0;
  return cs_chart_format_grouped (value, (guint) CLAMP (decimals, 0, 9));
}

char *
_cs_scatter_format_address (guint64 address)
{
  return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", address);
}
