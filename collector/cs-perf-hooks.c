/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-hooks.c — a dummy perf event held so runs open theirs without waiting
 *
 * See cs-perf-hooks.h for why. The event is PERF_COUNT_SW_DUMMY on this
 * process's main thread (not on the helper thread, which exits at once),
 * disabled, user-only and not inherited: it counts nothing, is allowed at
 * perf_event_paranoid 2 and no child sees it.
 */
#include "config.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-perf-hooks.h"

struct _CsPerfHooks
{
  GThread *thread;
  pid_t    pid;
  int      fd;
};

static gpointer
open_dummy (gpointer data)
{
  CsPerfHooks *hooks = data;
  struct perf_event_attr attr;

  memset (&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_DUMMY;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  hooks->fd = (int) syscall (SYS_perf_event_open, &attr, hooks->pid, -1, -1,
                             PERF_FLAG_FD_CLOEXEC);
  return NULL;
}

CsPerfHooks *
cs_perf_hooks_hold (void)
{
  CsPerfHooks *hooks = g_new0 (CsPerfHooks, 1);

  hooks->fd = -1;
  hooks->pid = getpid ();
  hooks->thread = g_thread_try_new ("cs-perf-hooks", open_dummy, hooks, NULL);
  if (hooks->thread == NULL)
    open_dummy (hooks);
  return hooks;
}

void
cs_perf_hooks_wait (CsPerfHooks *hooks)
{
  g_return_if_fail (hooks != NULL);

  if (hooks->thread != NULL)
    g_thread_join (g_steal_pointer (&hooks->thread));
}

void
cs_perf_hooks_release (CsPerfHooks *hooks)
{
  if (hooks == NULL)
    return;
  cs_perf_hooks_wait (hooks);
  if (hooks->fd >= 0)
    close (hooks->fd);
  g_free (hooks);
}
