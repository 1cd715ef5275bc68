/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sampling-run.c — one sampling run of the target program into a perf.data
 *
 * The loop sleeps in poll(2) on the sampler's ring-buffer fds, a pidfd of the
 * program and the cancellable's fd, so the collector costs nothing between
 * buffer wake-ups and notices the program's exit at once (a timed try_wait
 * loop would add up to its period to every recording).
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <poll.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-counting.h"
#include "cs-launcher.h"
#include "cs-sampling-run.h"

/* Records reach the file at least this often, so that a collector that is
 * killed leaves the samples of all but the last moment. */
#define FLUSH_INTERVAL G_USEC_PER_SEC

/* Runs until the program exits, @cancellable fires or an error happens. */
static gboolean
sample_until_exit (CsLauncher    *launcher,
                   CsSampler     *sampler,
                   CsPerfWriter  *writer,
                   GCancellable  *cancellable,
                   gboolean      *cancelled,
                   GError       **error)
{
  g_autofree struct pollfd *fds = NULL;
  const int *sampler_fds;
  GPollFD cancel_fd = { -1, 0, 0 };
  gboolean have_cancel_fd;
  guint n_sampler_fds = 0;
  guint n = 0;
  int pidfd;
  gboolean ok = TRUE;
  gint64 flushed = g_get_monotonic_time ();

  sampler_fds = cs_sampler_get_fds (sampler, &n_sampler_fds);
  fds = g_new0 (struct pollfd, n_sampler_fds + 2);
  for (guint i = 0; i < n_sampler_fds; i++)
    {
      fds[n].fd = sampler_fds[i];
      fds[n++].events = POLLIN;
    }
  pidfd = cs_launcher_open_pidfd (launcher);
  if (pidfd >= 0)
    {
      fds[n].fd = pidfd;
      fds[n++].events = POLLIN;
    }
  have_cancel_fd = cancellable != NULL && g_cancellable_make_pollfd (cancellable, &cancel_fd);
  if (have_cancel_fd)
    {
      fds[n].fd = cancel_fd.fd;
      fds[n++].events = POLLIN;
    }

  *cancelled = FALSE;
  for (;;)
    {
      /* Without a pidfd, exit is only noticed on a timeout. */
      int timeout = pidfd >= 0 && (cancellable == NULL || have_cancel_fd) ? 1000 : 20;

      if (poll (fds, n, timeout) < 0 && errno != EINTR)
        {
          int errsv = errno;
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Waiting for samples failed: %s"), g_strerror (errsv));
          ok = FALSE;
          break;
        }
      /* An exited event keeps reporting POLLHUP; stop polling those fds. */
      for (guint i = 0; i < n_sampler_fds; i++)
        if (fds[i].revents & (POLLHUP | POLLERR))
          fds[i].fd = -1;
      if (!cs_sampler_drain (sampler, error))
        {
          ok = FALSE;
          break;
        }
      if (g_get_monotonic_time () - flushed >= FLUSH_INTERVAL)
        {
          if (!cs_perf_writer_flush (writer, error))
            {
              ok = FALSE;
              break;
            }
          flushed = g_get_monotonic_time ();
        }
      if (cs_launcher_try_wait (launcher, NULL, NULL))
        break;
      if (g_cancellable_is_cancelled (cancellable))
        {
          *cancelled = TRUE;
          break;
        }
    }

  if (pidfd >= 0)
    close (pidfd);
  if (have_cancel_fd)
    g_cancellable_release_fd (cancellable);
  return ok;
}

gboolean
cs_sampling_run (const char * const      *argv,
                 const char              *cwd,
                 const char * const      *envp,
                 const CsSamplerEvent    *events,
                 guint                    n_events,
                 const CsSamplerOptions  *options,
                 GPtrArray               *count_groups,
                 const char              *perf_data_path,
                 CsSamplingResult        *result,
                 GCancellable            *cancellable,
                 GError                 **error)
{
  g_autoptr(CsLauncher) launcher = NULL;
  g_autoptr(CsPerfWriter) writer = NULL;
  g_autoptr(CsSampler) sampler = NULL;
  g_autoptr(CsCountingSet) counting = NULL;
  gboolean cancelled = FALSE;
  gint64 t0;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, FALSE);
  g_return_val_if_fail (events != NULL && n_events > 0, FALSE);
  g_return_val_if_fail (perf_data_path != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  memset (result, 0, sizeof *result);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!(launcher = cs_launcher_new (argv, cwd, envp, error)))
    return FALSE;
  if (!(writer = cs_perf_writer_new (perf_data_path, error)))
    return FALSE;
  cs_perf_writer_set_cmdline (writer, argv);
  if (!(sampler = cs_sampler_new (cs_launcher_get_pid (launcher), events, n_events,
                                  options, writer, error)))
    return FALSE;
  if (count_groups != NULL &&
      !(counting = cs_counting_set_open (count_groups, cs_launcher_get_pid (launcher), error)))
    return FALSE;

  t0 = g_get_monotonic_time ();
  if (!cs_launcher_start (launcher, error))
    return FALSE;

  if (!sample_until_exit (launcher, sampler, writer, cancellable, &cancelled, error))
    {
      /* The file is lost (the writer removes its temporary): the program
       * must not keep running unobserved. */
      cs_launcher_kill (launcher, SIGKILL);
      cs_launcher_wait (launcher, &result->wait_status, &result->usage, NULL, NULL);
      return FALSE;
    }

  if (cancelled)
    cs_launcher_kill (launcher, SIGKILL);
  cs_launcher_wait (launcher, &result->wait_status, &result->usage, NULL, NULL);
  result->interrupted = cancelled || cs_launcher_was_interrupted (launcher);
  result->wall_seconds = (g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC;

  if (counting != NULL)
    {
      result->values = cs_counting_values_new ();
      if (!cs_counting_set_read (counting, result->values, error))
        {
          g_clear_pointer (&result->values, g_array_unref);
          return FALSE;
        }
    }
  if (!cs_sampler_finish (sampler, &result->stats, error))
    return FALSE;
  if (!cs_perf_writer_finish (writer, error))
    return FALSE;
  return TRUE;
}

void
cs_sampling_result_clear (CsSamplingResult *result)
{
  g_clear_pointer (&result->values, g_array_unref);
}
