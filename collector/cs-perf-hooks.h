/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-hooks.h — keeps the kernel's perf scheduling hooks switched on
 *
 * The first task-attached perf event on an otherwise idle system makes the
 * kernel enable its context-switch hooks and wait for an RCU grace period
 * (5–20 ms in a VM with HZ=250); the hooks are switched off again one second
 * after the last such event closes. Every run of a recording opens its events
 * just before the program starts, so that wait would be paid by each run
 * that starts after a quiet second. A recorder holds one disabled dummy event
 * on itself instead: opened on a thread while it loads the model and plans,
 * closed when it is done.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsPerfHooks CsPerfHooks;

/* Starts opening the dummy event in the background. Never fails: without
 * permission the runs' own perf_event_open reports the error. */
CsPerfHooks *cs_perf_hooks_hold    (void);
/* Waits until the hooks are on (or the open failed). */
void         cs_perf_hooks_wait    (CsPerfHooks *hooks);
/* Waits, then closes the event. */
void         cs_perf_hooks_release (CsPerfHooks *hooks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsPerfHooks, cs_perf_hooks_release)

G_END_DECLS
