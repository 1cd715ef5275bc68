/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-run-list.h — a recording in progress: elapsed time, one row per run */
#pragma once

#include <gtk/gtk.h>

#include "cs-record.h"

G_BEGIN_DECLS

#define CS_TYPE_RECORD_RUN_LIST (cs_record_run_list_get_type ())
G_DECLARE_FINAL_TYPE (CsRecordRunList, cs_record_run_list, CS, RECORD_RUN_LIST, GtkWidget)

/* A recording of @n_runs starts now; @expected_seconds is its estimated
 * length (cs_recorder_get_expected_seconds()), NaN when unknown. From here
 * on the elapsed time and the running run's time are updated every second
 * until cs_record_run_list_stop(). */
void cs_record_run_list_start  (CsRecordRunList        *self,
                                guint                   n_runs,
                                double                  expected_seconds);
/* A run started or finished (progress from cs_recorder_run_async). */
void cs_record_run_list_update (CsRecordRunList        *self,
                                const CsRecordProgress *progress);
/* The recording ended: no run is running any more; @state (nullable)
 * replaces the heading ("Recording stopped"). @complete fills the bar. */
void cs_record_run_list_stop   (CsRecordRunList        *self,
                                const char             *state,
                                gboolean                complete);

G_END_DECLS
