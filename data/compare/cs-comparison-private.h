/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison-private.h — what the comparison's files share
 *
 * cs-comparison.c owns the object, the event both sides use and the
 * metrics; cs-comparison-rows.c the module, function and region tables;
 * cs-comparison-tree.c the call trees; cs-comparison-verdict.c the rule
 * that says whether a change is real (docs/compare.md).
 */
#pragma once

#include "cs-comparison.h"

G_BEGIN_DECLS

/* What one side contributes to the verdicts and the estimated times. */
typedef struct
{
  CsAnalysis *analysis;
  CsProfile  *profile;        /* NULL without samples */
  int         event;          /* profile event index of the common event, -1: none */
  guint64     n_samples;      /* samples of that event */
  guint64     period;         /* its Σ period */
  double      sampled_seconds;/* the time the shares are shares of (docs/compare.md) */
  double      rel_spread;     /* sd / mean of the repeated cycles count, NaN: < 2 runs */
  guint       n_runs;         /* runs the spread comes from */
  /* The basename of the recorded program's own module, NULL when unknown
   * or not sampled; @program_as: the name it is matched under (the other
   * side's program, when the two were built under other file names), or
   * NULL (cs-comparison-program.c). */
  char       *program;
  char       *program_as;
} CsCompareSide;

/* The name @module of side @s is matched under. */
static inline const char *
_cs_compare_side_module (const CsCompareSide *s,
                         const char          *module)
{
  return s->program_as != NULL && g_strcmp0 (module, s->program) == 0 ? s->program_as : module;
}

/* Finds both sides' programs and pairs them when their file names differ. */
void     _cs_comparison_pair_programs (CsComparison *self);

struct _CsComparison
{
  GObject        parent_instance;
  CsCompareSide  base;
  CsCompareSide  new_side;
  char          *event;        /* the common event's name (the new side's spelling) */
  GArray        *metrics;      /* CsMetricDelta */
};

/* The verdict of a change of @delta when each side's value has the
 * standard deviation @sb / @sn (NaN: unknown): CS_CHANGE_NO_SPREAD when
 * either is unknown. */
CsChange _cs_change_judge         (double delta,
                                   double sb,
                                   double sn);
/* The standard deviation, in points, of a samples share of @percent
 * (0..100) of @n samples on a side whose runs vary by @rel_spread
 * (NaN: unknown, the sampling error alone). */
double   _cs_share_sigma          (double percent,
                                   guint64 n,
                                   double rel_spread);
/* The standard deviation of an estimated time @seconds made of
 * @n_row samples on a side whose runs vary by @rel_spread. */
double   _cs_seconds_sigma        (double  seconds,
                                   guint64 n_row,
                                   double  rel_spread);

G_END_DECLS
