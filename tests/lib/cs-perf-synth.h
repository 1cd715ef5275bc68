/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-synth.h — a perf.data with every record kind and sample field,
 * built by hand and written with the collector's CsPerfWriter
 *
 * What no recording here can produce (branch stacks need a PMU, THROTTLE a
 * hardware event, AUX a tracer) is written with values chosen by hand, so
 * that the reader's decoding is checked against them, not against itself.
 */
#pragma once

#include "cs-perf-reader.h"

/* Writes DIR/synth.data; returns its path. */
char *cs_perf_synth_write (const char   *dir);

/* Reads @reader to the end and asserts every record holds the values
 * cs_perf_synth_write() put in, in the order perf's rules give. */
void  cs_perf_synth_check (CsPerfReader *reader);
