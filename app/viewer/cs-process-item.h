/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-process-item.h — one running process as a row of the record dialog's process list */
#pragma once

#include <glib-object.h>

#include "cs-process-table.h"

G_BEGIN_DECLS

#define CS_TYPE_PROCESS_ITEM (cs_process_item_get_type ())
G_DECLARE_FINAL_TYPE (CsProcessItem, cs_process_item, CS, PROCESS_ITEM, GObject)

CsProcessItem *cs_process_item_new     (const CsProcessInfo *info);
GPid           cs_process_item_get_pid (CsProcessItem       *self);

G_END_DECLS
