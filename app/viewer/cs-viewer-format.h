/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-viewer-format.h — the words the window uses for a recording */
#pragma once

#include <glib.h>

#include "cs-analysis.h"

G_BEGIN_DECLS

/* The program as the user typed it ("./reco_job"), or the file's name when
 * the session does not say (a plain perf.data). */
char *cs_format_program      (CsAnalysis *analysis);
/* The whole command line, quoted where needed. */
char *cs_format_command      (CsAnalysis *analysis);
/* "Cyclescope — PROGRAM (MODEL · N runs)" */
char *cs_format_window_title (CsAnalysis *analysis);
/* "12.4 s", "3 min 05 s", "—" for 0. */
char *cs_format_duration     (double      seconds);
/* "core (Intel Core)", or "none (software events)". */
char *cs_format_pmu          (CsSession  *session);
/* "10 counting, 1 sampling" */
char *cs_format_runs         (CsSession  *session);
/* The model's name and id, or "no model". */
char *cs_format_model        (CsAnalysis *analysis);
/* The recording's duration: the session's wall time, else (a plain
 * perf.data) its first to last sample. */
char *cs_format_recording_duration (CsAnalysis *analysis);
/* "Processes: 2 · Threads: 4 · Samples: 2,400 (4000 Hz, 3,980/s) · Lost: 0
 * · Throttled: 0" of the whole recording; NULL without samples. */
char *cs_format_sampling     (CsAnalysis *analysis);

G_END_DECLS
