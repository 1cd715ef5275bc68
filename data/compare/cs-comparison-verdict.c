/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison-verdict.c — whether a change is real
 *
 * The rule (docs/compare.md): each side's value has a standard deviation;
 * a change is real when |delta| exceeds twice their combined deviation,
 * sqrt(σb² + σn²) — the deviation of a difference of two independent
 * values — so that a change of no size at all is called real about one
 * time in twenty when the deviations are right.
 *
 * Where the deviations come from: a metric moves from run to run as the
 * repeated cycles count does (Kruse, CMSSW Performance Monitoring, 2011,
 * §5.1 counts cycles in every run for that reason), so its deviation is its
 * value times the relative deviation of those counts (of the runs that did
 * not also take samples, when two such runs exist: cs-comparison.c). A samples share also
 * moves because it is a share of a finite number of samples: a share p of
 * n samples is binomial, sqrt(p(1−p)/n), which is added in quadrature. An
 * estimated time of k samples counts them: its relative error is 1/sqrt(k)
 * (Poisson), again with the runs' deviation in quadrature.
 */
#include "config.h"

#include <math.h>

#include "cs-comparison-private.h"

CsChange
_cs_change_judge (double delta,
                  double sb,
                  double sn)
{
  double limit;

  if (isnan (delta) || isnan (sb) || isnan (sn))
    return CS_CHANGE_NO_SPREAD;
  limit = 2.0 * sqrt (sb * sb + sn * sn);
  /* Two identical values are no change even with no deviation at all
   * (the same file twice). */
  if (fabs (delta) <= limit)
    return CS_CHANGE_WITHIN_NOISE;
  return delta > 0 ? CS_CHANGE_GREW : CS_CHANGE_SHRANK;
}

double
_cs_share_sigma (double  percent,
                 guint64 n,
                 double  rel_spread)
{
  double p = percent / 100.0;
  double sampling, runs;

  if (n == 0)
    return NAN;
  sampling = 100.0 * sqrt (MAX (p * (1.0 - p), 0.0) / (double) n);
  runs = isnan (rel_spread) ? 0.0 : rel_spread * percent;
  return sqrt (sampling * sampling + runs * runs);
}

double
_cs_seconds_sigma (double  seconds,
                   guint64 n_row,
                   double  rel_spread)
{
  double rel_sampling, runs;

  if (n_row == 0)
    return 0.0;
  rel_sampling = 1.0 / sqrt ((double) n_row);
  runs = isnan (rel_spread) ? 0.0 : rel_spread;
  return fabs (seconds) * sqrt (rel_sampling * rel_sampling + runs * runs);
}
