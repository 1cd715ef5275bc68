/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-collector-error.h — errors raised by the collector
 *
 * Messages say what to do: "perf_event_paranoid is 3: run `sudo sysctl
 * kernel.perf_event_paranoid=1`", "unknown event FOO: did you mean …".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CS_COLLECTOR_ERROR (cs_collector_error_quark ())

typedef enum
{
  CS_COLLECTOR_ERROR_FAILED,
  CS_COLLECTOR_ERROR_PFM,            /* libpfm4 could not initialise */
  CS_COLLECTOR_ERROR_UNKNOWN_EVENT,  /* event string does not encode */
  CS_COLLECTOR_ERROR_NO_PMU,         /* hardware events asked for, none usable */
  CS_COLLECTOR_ERROR_PERMISSION,     /* EACCES / EPERM from perf_event_open */
  CS_COLLECTOR_ERROR_UNSUPPORTED,    /* ENOENT / EOPNOTSUPP / EINVAL from perf_event_open */
  CS_COLLECTOR_ERROR_PROGRAM,        /* target program missing or not executable */
  CS_COLLECTOR_ERROR_SCHEDULE,       /* a group the kernel could not schedule */
  CS_COLLECTOR_ERROR_IO,             /* writing the bundle failed */
} CsCollectorError;

GQuark cs_collector_error_quark (void);

G_END_DECLS
