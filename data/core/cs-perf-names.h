/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-names.h — perf's spelling of its generic events
 *
 * perf's generic hardware and software events have the name perf writes
 * into perf.data and prints ("cpu-clock", "cycles", "cache-misses") and
 * other spellings: libpfm4's ("perf::PERF_COUNT_SW_CPU_CLOCK"), the aliases
 * of our model files, which are formula identifiers ("cpu_clock"), and
 * perf's own synonyms ("cpu-cycles", "cs"). What Cyclescope records and
 * shows uses perf's; the model aliases stay inside formulas.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* perf's name of the generic event @name spells ("perf::PERF_COUNT_SW_CPU_CLOCK",
 * "PERF_COUNT_SW_CPU_CLOCK", "cpu_clock", "cpu-clock", "cs"; modifiers after
 * ':' are ignored), or NULL when it is none of perf's generic events. */
const char *cs_perf_event_spelling  (const char *name);
/* @name as perf spells it when it is an older spelling of ours of one of
 * perf's events ("cpu_clock", which bundles before perf's spelling wrote),
 * else @name itself. Perf's own names ("branches", "cycles:u") are kept. */
const char *cs_perf_event_normalize (const char *name);

G_END_DECLS
