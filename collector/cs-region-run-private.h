/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-run-private.h — shared by cs-region-run.c and cs-region-run-marks.c */
#pragma once

#include "cs-region-run.h"

G_BEGIN_DECLS

struct _CsRegionRun
{
  char       *dir;          /* the bundle */
  char       *stem;         /* ".regions-run-3": files are STEM.PID */
  GPtrArray  *groups;       /* CsCountingGroup* (borrowed), NULL: marks */
  guint64     skip;
  char       *value;
  GStrv       envp;
};

/* The files the processes left (STEM.PID; the STEM.PID.tmp of a process
 * that died while writing are removed and counted in @n_partial). */
GPtrArray *_cs_region_run_list_files        (CsRegionRun  *self,
                                             guint        *n_partial,
                                             GError      **error);
/* Warnings in @session (NULL: an interrupted run, nothing to say). */
void       _cs_region_run_warn_never_called (CsSession    *session,
                                             const char   *label,
                                             guint         n_partial);
void       _cs_region_run_warn_details      (CsRegionRun  *self,
                                             CsSession    *session,
                                             const char   *label,
                                             guint         n_regions,
                                             guint64       events_done,
                                             guint64       unmatched,
                                             const char   *errors);

G_END_DECLS
