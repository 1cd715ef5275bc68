/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-marks.h — which region each thread was in, when
 *
 * libcyclescope-region writes, during a sampling run, the innermost region
 * of a thread after every cs_region_begin()/cs_region_end(), stamped with
 * CLOCK_MONOTONIC — the clock `record --regions` gives the sampled events.
 * The recorder joins the files of all processes into
 * BUNDLE/sampling-N.regions (docs/regions.md). A sample (tid, time) then
 * belongs to the region of the last mark of its thread at or before its
 * time: Kruse's modular symbol-level analysis, which sampled inside each
 * module (Kruse, CMSSW Performance Monitoring, 2011, §5.4).
 *
 * Regions are numbered 1…n across processes (by name); 0 is "no region".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsRegionMarks CsRegionMarks;

/* Reads @path. A file that is not a marks file fails with
 * CS_DATA_ERROR_CORRUPT naming it and the offset; a record cut short at
 * the end (a process killed while writing) ends the reading there, with a
 * warning. */
CsRegionMarks       *cs_region_marks_load        (const char     *path,
                                                  GError        **error);
/* The same from memory (the tests, the fuzzer). */
CsRegionMarks       *cs_region_marks_new_from_data (const guint8 *data,
                                                    gsize         len,
                                                    const char   *name,
                                                    GError      **error);
CsRegionMarks       *cs_region_marks_ref         (CsRegionMarks  *self);
void                 cs_region_marks_unref       (CsRegionMarks  *self);

guint                cs_region_marks_get_n_regions (CsRegionMarks *self);
/* @region 1…n; NULL otherwise. */
const char          *cs_region_marks_get_name    (CsRegionMarks  *self,
                                                  guint           region);
/* 1…n, or 0 when no region has that name. */
guint                cs_region_marks_find        (CsRegionMarks  *self,
                                                  const char     *name);
guint64              cs_region_marks_get_n_marks (CsRegionMarks  *self);
/* Problems that did not stop reading; NULL-terminated. */
const char * const  *cs_region_marks_get_warnings (CsRegionMarks *self);

/* The innermost region of thread @tid at @time (CLOCK_MONOTONIC ns), 0 when
 * it was in none. Fastest when a thread's samples come in time order (a
 * one-entry cache per call site is kept in @self: not thread-safe). */
guint                cs_region_marks_lookup      (CsRegionMarks  *self,
                                                  guint32         tid,
                                                  guint64         time);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsRegionMarks, cs_region_marks_unref)

G_END_DECLS
