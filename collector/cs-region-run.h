/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-run.h — one run of `record --regions`: what the program's
 * libcyclescope-region is told, and what it handed back
 *
 * A counting run hands the library its counter groups; each process that
 * loaded the library writes its per-thread, per-region counts to
 * BUNDLE/.regions-run-N.PID at exit, which become the run's region rows.
 * The sampling run asks for marks instead (the innermost region of each
 * thread after every change, on CLOCK_MONOTONIC); the processes' mark
 * files are joined into BUNDLE/sampling-N.regions, which the profile reads
 * to give every sample its region. docs/regions.md has both formats and
 * the environment variable.
 */
#pragma once

#include <glib.h>

#include "cs-session.h"

G_BEGIN_DECLS

/* The environment variable the library reads. */
#define CS_REGION_ENV "CYCLESCOPE_REGIONS"

typedef struct _CsRegionRun CsRegionRun;

/* @groups (CsCountingGroup*) for a counting run, NULL for the sampling run
 * (marks). @name is the file stem in the bundle: "run-3", "sampling-0". */
CsRegionRun        *cs_region_run_new          (const char  *bundle_path,
                                                const char  *name,
                                                GPtrArray   *groups,
                                                guint64      skip_events);
/* The value of CYCLESCOPE_REGIONS (see cs-region-config.c in the library). */
const char         *cs_region_run_get_value    (CsRegionRun *self);
/* The environment the program runs with: ours plus CYCLESCOPE_REGIONS. */
const char * const *cs_region_run_get_envp     (CsRegionRun *self);

/* Reads what the processes wrote (and removes it) into @run's regions.
 * Problems the user should know about (the program never called the
 * library, counters that could not be opened, unmatched ends) are added to
 * @session as warnings naming run @label (@session NULL: an interrupted
 * run, no warnings); FALSE only for a file that
 * cannot be read or parsed, with an error naming it and the line. */
gboolean            cs_region_run_collect_counts (CsRegionRun  *self,
                                                  CsRun        *run,
                                                  CsSession    *session,
                                                  const char   *label,
                                                  GError      **error);
/* Joins the processes' marks into BUNDLE/@file (e.g. "sampling-0.regions")
 * and removes them; @file_out gets @file when there were marks, NULL when
 * the program never entered a region (a warning says so). */
gboolean            cs_region_run_collect_marks  (CsRegionRun  *self,
                                                  const char   *file,
                                                  CsSession    *session,
                                                  const char   *label,
                                                  char        **file_out,
                                                  GError      **error);
void                cs_region_run_free           (CsRegionRun  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsRegionRun, cs_region_run_free)

G_END_DECLS
