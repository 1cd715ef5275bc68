/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-run-list.h — one row per run of a recording, with its progress */
#pragma once

#include <gtk/gtk.h>

#include "cs-record.h"

G_BEGIN_DECLS

#define CS_TYPE_RECORD_RUN_LIST (cs_record_run_list_get_type ())
G_DECLARE_FINAL_TYPE (CsRecordRunList, cs_record_run_list, CS, RECORD_RUN_LIST, GtkWidget)

/* Starts over with @n_runs waiting rows. */
void cs_record_run_list_reset  (CsRecordRunList        *self,
                                guint                   n_runs);
/* A run started or finished (progress from cs_recorder_run_async). */
void cs_record_run_list_update (CsRecordRunList        *self,
                                const CsRecordProgress *progress);
/* The recording ended: no run is running any more. */
void cs_record_run_list_stop   (CsRecordRunList        *self);

G_END_DECLS
