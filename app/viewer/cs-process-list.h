/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-process-list.h — the running processes to attach to: name, PID, user, CPU use */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CS_TYPE_PROCESS_LIST (cs_process_list_get_type ())
G_DECLARE_FINAL_TYPE (CsProcessList, cs_process_list, CS, PROCESS_LIST, GtkWidget)

/* The "selected-pid" property: the chosen process, 0 for none. */
GPid cs_process_list_get_selected_pid (CsProcessList *self);

G_END_DECLS
