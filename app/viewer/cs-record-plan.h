/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-plan.h — a recorder's plan as the record dialog shows it before recording */
#pragma once

#include "cs-record.h"

G_BEGIN_DECLS

/* "3 runs · about 6.1 s (3 × 2.03 s, as in the last recording)", or
 * "… · about 3 × the program’s own time" when no recording of the same
 * command gives the time. With @attaching, the time is @duration (0: until
 * Stop). Translated. */
char *cs_record_plan_summary (CsRecorder *recorder,
                              gboolean    attaching,
                              double      duration);
/* One line per run: its number, its kind (counting group N, cycles only,
 * sampling, counting + sampling) and its events. Translated. */
char *cs_record_plan_runs    (CsRecorder *recorder);

G_END_DECLS
