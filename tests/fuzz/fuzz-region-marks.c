/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-region-marks.c — libFuzzer target for the region marks reader
 *
 * Reads the input as a sampling-N.regions file and looks up a spread of
 * threads and times in it, so that AddressSanitizer sees any read outside
 * the input or the reader's arrays.
 */
#include "config.h"

#include <stdint.h>

#include "cs-region-marks.h"

static volatile guint64 sink;

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CsRegionMarks *marks = cs_region_marks_new_from_data (data, size, "fuzz", NULL);
  guint64 sum = 0;

  if (marks == NULL)
    return 0;
  for (guint r = 0; r <= cs_region_marks_get_n_regions (marks) + 1; r++)
    {
      const char *name = cs_region_marks_get_name (marks, r);

      if (name != NULL)
        sum += cs_region_marks_find (marks, name);
    }
  for (guint32 tid = 0; tid < 64; tid++)
    for (guint64 t = 0; t < 8; t++)
      sum += cs_region_marks_lookup (marks, tid * 131, t * G_GUINT64_CONSTANT (1000000007));
  for (const char * const *w = cs_region_marks_get_warnings (marks); *w != NULL; w++)
    sum += (*w)[0];
  sink = sum;
  cs_region_marks_unref (marks);
  return 0;
}
