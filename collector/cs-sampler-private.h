/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sampler-private.h — shared by cs-sampler.c and cs-sampler-attr.c */
#pragma once

#include "cs-sampler.h"

G_BEGIN_DECLS

/* Sets the sampling fields of @attr for @options (@tracking: the event that
 * carries mmap/comm/task records; @attach: enabled by the caller, not on
 * exec). Errors name @name. */
gboolean _cs_sampler_configure_attr (struct perf_event_attr  *attr,
                                     const char              *name,
                                     const CsSamplerOptions  *options,
                                     gboolean                 tracking,
                                     gboolean                 attach,
                                     gsize                    buffer_size,
                                     GError                 **error);

G_END_DECLS
