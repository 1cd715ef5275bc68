/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-event.c — perf_event_open(2) with errors a user can act on */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-event.h"

int
cs_perf_event_paranoid (void)
{
  g_autofree char *contents = NULL;
  char *end = NULL;
  long value;

  if (!g_file_get_contents ("/proc/sys/kernel/perf_event_paranoid", &contents, NULL, NULL))
    return G_MININT;
  value = strtol (contents, &end, 10);
  if (end == contents)
    return G_MININT;
  return (int) value;
}

void
cs_perf_event_set_error (GError     **error,
                         int          errsv,
                         const char  *what)
{
  int paranoid;

  switch (errsv)
    {
    case EACCES:
    case EPERM:
      paranoid = cs_perf_event_paranoid ();
      if (paranoid == G_MININT)
        g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION,
                     _("Not allowed to open the event “%s” (%s) and "
                       "/proc/sys/kernel/perf_event_paranoid cannot be read: "
                       "run as root or give cyclescope CAP_PERFMON"),
                     what, g_strerror (errsv));
      else if (paranoid > 1)
        g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION,
                     _("Not allowed to open the event “%s” (%s): perf_event_paranoid is %d; "
                       "run `sudo sysctl kernel.perf_event_paranoid=1` (or record as root)"),
                     what, g_strerror (errsv), paranoid);
      else
        g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION,
                     _("Not allowed to open the event “%s” (%s) although perf_event_paranoid is %d: "
                       "a security module may forbid it; try `sudo sysctl kernel.perf_event_paranoid=-1` "
                       "or record as root"),
                     what, g_strerror (errsv), paranoid);
      break;

    case ENOENT:
    case EOPNOTSUPP:
    case ENODEV:
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                   _("The kernel cannot count the event “%s” on this machine (%s); "
                     "`cyclescope events` lists what is available"),
                   what, g_strerror (errsv));
      break;

    case EINVAL:
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                   _("The kernel rejected the event “%s” (%s): a modifier or the "
                     "combination of events is not supported here"),
                   what, g_strerror (errsv));
      break;

    case ESRCH:
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                   _("Cannot attach the event “%s”: the program is gone"), what);
      break;

    case EMFILE:
    case ENFILE:
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Cannot open the event “%s”: too many open files; raise the limit "
                     "with `ulimit -n` or record fewer events"),
                   what);
      break;

    default:
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Cannot open the event “%s”: %s"), what, g_strerror (errsv));
      break;
    }
}

int
cs_perf_event_open (struct perf_event_attr *attr,
                    pid_t                   pid,
                    int                     cpu,
                    int                     group_fd,
                    const char             *what,
                    GError                **error)
{
  long fd;

  if (attr->size == 0)
    attr->size = sizeof *attr;

  fd = syscall (SYS_perf_event_open, attr, pid, cpu, group_fd, PERF_FLAG_FD_CLOEXEC);
  if (fd < 0)
    {
      cs_perf_event_set_error (error, errno, what);
      return -1;
    }
  return (int) fd;
}
