/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-folded.h — folded stacks, the input of flame graph tools
 *
 * One line per distinct stack: the thread's name, then the functions from
 * the outermost to the sampled one, separated by ";", a space and the
 * number of samples — what Brendan Gregg's stackcollapse-perf.pl --kernel
 * makes of `perf script`: spaces in the name become "_", a function's name
 * is cut at its parameter list, ";" in it becomes ":", quotes are dropped;
 * a frame without a symbol reads "[module]" ("[unknown]" without one);
 * kernel frames (modules in brackets) get "_[k]", inlined frames "_[i]".
 * Lines are sorted bytewise, as the script sorts them.
 */
#pragma once

#include "cs-call-stacks.h"
#include "cs-profile.h"

G_BEGIN_DECLS

/* The folded stacks of the samples @subset (NULL: the profile's) of @event, with the
 * stacks @sample_stacks of @stacks (see cs-call-graph.h). */
GString *cs_folded_stacks_build (CsProfile          *profile,
                                 const CsCallStacks *stacks,
                                 const guint32      *sample_stacks,
                                 const guint32      *subset,
                                 guint               n_subset,
                                 guint               event);

/* A function name as stackcollapse-perf.pl tidies one (no suffix). */
char    *cs_folded_tidy_name    (const char         *name);

G_END_DECLS
