/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-json-private.h — shared by the session.json readers (not installed) */
#pragma once

#include "cs-json-reader.h"
#include "cs-session.h"

G_BEGIN_DECLS

/* cs-session-json-counts.c: a run's (or region's) "counts", and a run's
 * optional "regions". */
gboolean _cs_session_read_counts  (CsJsonReader *r,
                                   json_object  *obj,
                                   GArray       *out);
gboolean _cs_session_read_regions (CsJsonReader *r,
                                   json_object  *obj,
                                   CsRun        *run);

G_END_DECLS
