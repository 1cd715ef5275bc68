/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-compare.h — checks of the reader against perf's output, and of
 * two readers against each other (test helpers) */
#pragma once

#include "cs-perf-reader.h"

/* Every attr, feature, record and decoded field of @a and @b must be equal
 * (the files may differ in byte order); aborts the test otherwise. */
void cs_perf_compare_readers (GBytes *a,
                              GBytes *b);

/* Like g_assert_cmpstr, but names the first differing line instead of
 * printing two huge strings. */
void cs_perf_assert_same_lines (const char   *ours,
                                const char   *theirs,
                                const char   *what);

/* Features and event names against `perf report --header-only -I`. */
void cs_perf_check_header      (CsPerfReader *reader,
                                const char   *header);

/* Record counts and delivery order against `perf report -D` (reads
 * @reader again from the start). */
void cs_perf_check_dump        (CsPerfReader *reader,
                                const char   *dump);

/* The lines `perf report -D` prints for a sample, from our decoding
 * (NULL-terminated; the register names are x86-64's). */
char **cs_perf_render_sample   (const CsPerfRecord *r);
