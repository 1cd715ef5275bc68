/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-attach-run.c — counting and sampling processes that already run */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <poll.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-attach.h"
#include "cs-attach-run.h"
#include "cs-collector-error.h"
#include "cs-counting.h"
#include "cs-proc-synth.h"
#include "cs-proc-usage.h"

/* Threads that keep appearing faster than we open events are followed by
 * inherit from the threads already opened; this only bounds the loop. */
#define MAX_ROUNDS 16
/* Records reach the file at least this often (as cs-sampling-run.c), and
 * buffers whose owning thread ended (POLLHUP) are still drained. */
#define DRAIN_INTERVAL_MS 250

typedef struct
{
  GPtrArray     *processes;
  CsSampler     *sampler;        /* NULL: counting only */
  GPtrArray     *count_groups;
  GPtrArray     *counting;       /* CsCountingSet*, one per thread */
  GHashTable    *opened;         /* tids */
  int           *pidfds;         /* per process, -1 where the kernel has none */
  CsProcUsage  **start_usage;    /* per process, at attach (cs-proc-usage.h) */
  CsProcUsage  **end_usage;      /* per process, the last reading */
} Attach;

static void
attach_clear (Attach *a)
{
  for (guint i = 0; a->pidfds != NULL && i < a->processes->len; i++)
    if (a->pidfds[i] >= 0)
      close (a->pidfds[i]);
  g_free (a->pidfds);
  for (guint i = 0; a->start_usage != NULL && i < a->processes->len; i++)
    {
      cs_proc_usage_free (a->start_usage[i]);
      cs_proc_usage_free (a->end_usage[i]);
    }
  g_free (a->start_usage);
  g_free (a->end_usage);
  g_clear_pointer (&a->counting, g_ptr_array_unref);
  g_clear_pointer (&a->opened, g_hash_table_unref);
}

/* Reads each process's usage again (cs-proc-usage.h), keeping the last
 * reading of one that is gone: the parent of an attached process reaps it,
 * and then /proc has nothing left of it. Called about once a second while
 * recording, so at most that last second of an exited process is lost. */
static void
read_usage (Attach       *a,
            CsProcUsage **usage)
{
  for (guint p = 0; p < a->processes->len; p++)
    {
      CsProcUsage *now = cs_proc_usage_read (((CsAttachProcess *) g_ptr_array_index (a->processes, p))->pid);

      if (now != NULL)
        {
          cs_proc_usage_free (usage[p]);
          usage[p] = now;
        }
    }
}

/* Opens the events on @tid. A thread that ended meanwhile is skipped
 * (*opened FALSE); other errors name the process. */
static gboolean
open_thread (Attach                 *a,
             const CsAttachProcess  *process,
             pid_t                   tid,
             gboolean               *opened,
             GError                **error)
{
  g_autoptr(GError) local = NULL;
  CsCountingSet *set = NULL;

  *opened = FALSE;
  if ((a->sampler == NULL || cs_sampler_open_task (a->sampler, tid, &local)) &&
      (a->count_groups == NULL ||
       (set = cs_counting_set_open (a->count_groups, tid, &local)) != NULL))
    {
      if (set != NULL)
        g_ptr_array_add (a->counting, set);
      *opened = TRUE;
      return TRUE;
    }
  if (g_error_matches (local, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM) &&
      tid != process->pid)
    return TRUE;
  cs_attach_explain_error (&local, process);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

static gboolean
open_all (Attach  *a,
          GError **error)
{
  for (guint round = 0; round < MAX_ROUNDS; round++)
    {
      gboolean any_new = FALSE;

      for (guint p = 0; p < a->processes->len; p++)
        {
          const CsAttachProcess *process = g_ptr_array_index (a->processes, p);
          g_autoptr(GArray) tids = cs_proc_list_threads (process->pid);

          if (round == 0 && tids->len == 0)
            {
              g_autoptr(GError) gone = g_error_new_literal (CS_COLLECTOR_ERROR,
                                                            CS_COLLECTOR_ERROR_PROGRAM, "");
              cs_attach_explain_error (&gone, process);
              g_propagate_error (error, g_steal_pointer (&gone));
              return FALSE;
            }
          for (guint t = 0; t < tids->len; t++)
            {
              pid_t tid = g_array_index (tids, pid_t, t);
              gboolean opened = FALSE;

              if (g_hash_table_contains (a->opened, GINT_TO_POINTER (tid)))
                continue;
              if (!open_thread (a, process, tid, &opened, error))
                return FALSE;
              g_hash_table_add (a->opened, GINT_TO_POINTER (tid));
              any_new |= opened;
            }
        }
      if (!any_new)
        break;
    }
  return TRUE;
}

static gboolean
all_exited (Attach *a)
{
  for (guint p = 0; p < a->processes->len; p++)
    if (cs_attach_process_alive (g_ptr_array_index (a->processes, p)))
      return FALSE;
  return TRUE;
}

/* Until the duration has passed, every process has exited or @cancellable
 * fires. */
static gboolean
record_until_done (Attach        *a,
                   CsPerfWriter  *writer,
                   double         duration,
                   GCancellable  *cancellable,
                   GError       **error)
{
  guint n_sampler_fds = 0;
  const int *sampler_fds = a->sampler != NULL ? cs_sampler_get_fds (a->sampler, &n_sampler_fds) : NULL;
  guint n_procs = a->processes->len;
  g_autofree struct pollfd *fds = g_new0 (struct pollfd, n_sampler_fds + n_procs + 1);
  GPollFD cancel_fd = { -1, 0, 0 };
  gboolean have_cancel_fd = cancellable != NULL && g_cancellable_make_pollfd (cancellable, &cancel_fd);
  gint64 t0 = g_get_monotonic_time ();
  gint64 end = duration > 0 ? t0 + (gint64) (duration * G_USEC_PER_SEC) : G_MAXINT64;
  gint64 flushed = t0;
  gint64 read_at = t0;
  gboolean ok = TRUE;
  guint n = 0;

  for (guint i = 0; i < n_sampler_fds; i++)
    fds[n++] = (struct pollfd) { sampler_fds[i], POLLIN, 0 };
  for (guint p = 0; p < n_procs; p++)
    fds[n++] = (struct pollfd) { a->pidfds[p], POLLIN, 0 };
  if (have_cancel_fd)
    fds[n++] = (struct pollfd) { cancel_fd.fd, POLLIN, 0 };

  for (;;)
    {
      gint64 now = g_get_monotonic_time ();
      int timeout = DRAIN_INTERVAL_MS;

      if (now >= end || g_cancellable_is_cancelled (cancellable) || all_exited (a))
        break;
      if (end != G_MAXINT64)
        timeout = (int) MIN ((gint64) timeout, (end - now + 999) / 1000);
      if (poll (fds, n, timeout) < 0 && errno != EINTR)
        {
          int errsv = errno;
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Waiting for samples failed: %s"), g_strerror (errsv));
          ok = FALSE;
          break;
        }
      /* A thread's ended event keeps reporting POLLHUP; its buffer is
       * still drained on every pass. An exited process's pidfd stays
       * readable: all_exited() checks them all. */
      for (guint i = 0; i < n_sampler_fds + n_procs; i++)
        if (fds[i].revents & (POLLHUP | POLLERR | (i >= n_sampler_fds ? POLLIN : 0)))
          fds[i].fd = -1;
      if (a->sampler != NULL && !cs_sampler_drain (a->sampler, error))
        {
          ok = FALSE;
          break;
        }
      if (writer != NULL && g_get_monotonic_time () - flushed >= G_USEC_PER_SEC)
        {
          if (!cs_perf_writer_flush (writer, error))
            {
              ok = FALSE;
              break;
            }
          flushed = g_get_monotonic_time ();
        }
      if (g_get_monotonic_time () - read_at >= G_USEC_PER_SEC)
        {
          read_usage (a, a->end_usage);
          read_at = g_get_monotonic_time ();
        }
    }
  if (have_cancel_fd)
    g_cancellable_release_fd (cancellable);
  return ok;
}

static gboolean
read_counts (Attach  *a,
             GArray  *values,
             GError **error)
{
  /* perf stat -p adds the threads' values and times up the same way. */
  for (guint i = 0; i < a->counting->len; i++)
    {
      g_autoptr(GArray) one = cs_counting_values_new ();

      if (!cs_counting_set_read (g_ptr_array_index (a->counting, i), one, error))
        return FALSE;
      if (i == 0)
        {
          for (guint v = 0; v < one->len; v++)
            {
              CsCountingValue *src = &g_array_index (one, CsCountingValue, v);
              CsCountingValue copy = *src;

              memset (src, 0, sizeof *src);  /* the strings move to @values */
              g_array_append_val (values, copy);
            }
          continue;
        }
      for (guint v = 0; v < one->len && v < values->len; v++)
        {
          CsCountingValue *sum = &g_array_index (values, CsCountingValue, v);
          const CsCountingValue *add = &g_array_index (one, CsCountingValue, v);

          sum->value += add->value;
          sum->time_enabled += add->time_enabled;
          sum->time_running += add->time_running;
        }
    }
  return TRUE;
}

/* What the processes used between the readings at attach and at the end:
 * CPU time, switches, faults, maximum RSS (cs-proc-usage.h). */
static void
set_usage (Attach           *a,
           CsSamplingResult *result)
{
  long hz = sysconf (_SC_CLK_TCK);
  guint64 ticks = 0;

  for (guint p = 0; p < a->processes->len; p++)
    {
      const CsProcUsage *start = a->start_usage[p];
      const CsProcUsage *end = a->end_usage[p] != NULL ? a->end_usage[p] : start;

      if (start == NULL)
        continue;
      if (cs_proc_usage_get_ticks (end) > cs_proc_usage_get_ticks (start))
        ticks += cs_proc_usage_get_ticks (end) - cs_proc_usage_get_ticks (start);
      cs_proc_usage_add_window (start, end, &result->usage);
    }
  /* /proc/PID/stat has no user/system split worth keeping apart here: both
   * go where the session expects the program's CPU time. */
  result->usage.ru_utime.tv_sec = hz > 0 ? (time_t) (ticks / hz) : 0;
  result->usage.ru_utime.tv_usec = hz > 0 ? (suseconds_t) ((ticks % hz) * G_USEC_PER_SEC / hz) : 0;
}

gboolean
cs_attach_run (GPtrArray               *processes,
               double                   duration,
               const CsSamplerEvent    *events,
               guint                    n_events,
               const CsSamplerOptions  *options,
               GPtrArray               *count_groups,
               const char              *perf_data_path,
               CsSamplingResult        *result,
               GCancellable            *cancellable,
               GError                 **error)
{
  g_autoptr(CsPerfWriter) writer = NULL;
  g_autoptr(CsSampler) sampler = NULL;
  Attach a = { 0, };
  gboolean ok = FALSE;
  gint64 t0;

  g_return_val_if_fail (processes != NULL && processes->len > 0, FALSE);
  g_return_val_if_fail (n_events > 0 || count_groups != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  memset (result, 0, sizeof *result);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  a.processes = processes;
  a.count_groups = count_groups;
  a.counting = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_counting_set_free);
  a.opened = g_hash_table_new (NULL, NULL);
  a.pidfds = g_new (int, processes->len);
  a.start_usage = g_new0 (CsProcUsage *, processes->len);
  a.end_usage = g_new0 (CsProcUsage *, processes->len);
  for (guint p = 0; p < processes->len; p++)
    {
      const CsAttachProcess *process = g_ptr_array_index (processes, p);

      a.pidfds[p] = (int) syscall (SYS_pidfd_open, process->pid, 0);
    }

  if (n_events > 0)
    {
      const CsAttachProcess *first = g_ptr_array_index (processes, 0);

      if (!(writer = cs_perf_writer_new (perf_data_path, error)))
        goto out;
      cs_perf_writer_set_cmdline (writer, (const char * const *) first->argv);
      if (!(sampler = cs_sampler_prepare (events, n_events, options, TRUE, writer, error)))
        goto out;
      a.sampler = sampler;
    }
  if (!open_all (&a, error))
    goto out;
  if (sampler != NULL)
    {
      gboolean data_maps = options != NULL && (options->stack_user > 0 || options->user_regs);

      if (!cs_sampler_declare (sampler, error))
        goto out;
      for (guint p = 0; p < processes->len; p++)
        if (!cs_proc_synth_process (writer, ((CsAttachProcess *) g_ptr_array_index (processes, p))->pid,
                                    data_maps, error))
          goto out;
    }

  read_usage (&a, a.start_usage);
  t0 = g_get_monotonic_time ();
  for (guint i = 0; i < a.counting->len; i++)
    if (!cs_counting_set_enable (g_ptr_array_index (a.counting, i), error))
      goto out;
  if (sampler != NULL && !cs_sampler_enable (sampler, error))
    goto out;
  /* What existed reaches the file at once: a collector killed now leaves
   * a file perf can name the samples of, and the file shows that the
   * events are on (the tests wait for it before the workload forks). */
  if (writer != NULL && !cs_perf_writer_flush (writer, error))
    goto out;

  if (!record_until_done (&a, writer, duration, cancellable, error))
    goto out;

  result->wall_seconds = (g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC;
  read_usage (&a, a.end_usage);
  set_usage (&a, result);
  if (count_groups != NULL)
    {
      result->values = cs_counting_values_new ();
      if (!read_counts (&a, result->values, error))
        {
          g_clear_pointer (&result->values, g_array_unref);
          goto out;
        }
    }
  /* Closing the events is all it takes to detach: the processes go on. */
  if (sampler != NULL &&
      (!cs_sampler_finish (sampler, &result->stats, error) || !cs_perf_writer_finish (writer, error)))
    goto out;
  ok = TRUE;

out:
  attach_clear (&a);
  return ok;
}
