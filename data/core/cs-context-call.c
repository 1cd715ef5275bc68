/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-context-call.c — see cs-context-call.h */
#include "config.h"

#include "cs-context-call.h"

void
cs_context_call (GMainContext   *context,
                 GSourceFunc     func,
                 gpointer        data,
                 GDestroyNotify  destroy)
{
  GSource *source = g_idle_source_new ();

  /* The priority g_main_context_invoke() would use. */
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, destroy);
  g_source_set_static_name (source, "[cyclescope] context call");
  g_source_attach (source, context);
  g_source_unref (source);
}
