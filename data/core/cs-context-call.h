/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-context-call.h — handing a call from a worker thread to a main context
 *
 * Progress and destroy notifications of the asynchronous APIs (symbolizer
 * batches, recordings) must run in the caller's thread. g_main_context_
 * invoke() does not promise that: when no thread is iterating the default
 * context at that moment, it acquires it and calls the function right
 * away, in the worker thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Calls @func (@data) from @context's loop (NULL: the default context),
 * then @destroy (@data), always in the thread that iterates @context. */
void cs_context_call (GMainContext   *context,
                      GSourceFunc     func,
                      gpointer        data,
                      GDestroyNotify  destroy);

G_END_DECLS
