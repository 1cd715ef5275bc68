/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-model.h — the bundled models, and evaluating them on counts
 * worked out by hand, for the model tests (header only)
 */
#pragma once

#include <math.h>

#include "cs-evaluation.h"
#include "cs-test-util.h"

/* A raw count or a metric's expected value, by name. */
typedef struct
{
  const char *name;
  double      value;
} CsTestValue;

/* data/models/@id.json of the source tree; asserts that it loads. */
static inline CsModel *
cs_test_load_model (const char *id)
{
  g_autofree char *file = g_strconcat ("data/models/", id, ".json", NULL);
  g_autofree char *path = cs_test_source_path (file);
  g_autoptr(GError) error = NULL;
  CsModel *model = cs_model_new_from_file (path, &error);

  g_assert_no_error (error);
  return model;
}

/* Whole-program counts holding @values, all counted. */
static inline CsCounts *
cs_test_counts_new (const CsTestValue *values,
                    gsize              n_values)
{
  CsCounts *counts = cs_counts_new ();

  for (gsize i = 0; i < n_values; i++)
    cs_counts_set (counts, values[i].name, values[i].value, CS_PROVENANCE_COUNTED);
  return counts;
}

/* Fails with @name and both values unless @actual is @want, to 1e-9 of it
 * (absolutely below 1): the hand-worked values are exact decimals. */
static inline void
cs_test_assert_close (const char *name,
                      double      actual,
                      double      want)
{
  double tolerance = 1e-9 * MAX (1.0, fabs (want));

  if (!(fabs (actual - want) <= tolerance))
    g_error ("%s: expected %.17g, got %.17g", name, want, actual);
}
