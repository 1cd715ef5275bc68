/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sampler.c — a sampling run on a waiting child */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-event.h"
#include "cs-proc-synth.h"
#include "cs-ring-buffer.h"
#include "cs-sampler-private.h"

#define DEFAULT_PAGES 128
#define DWARF_PAGES   1024
/* Below this a 1 kHz run would wake us up several times a second. */
#define MIN_PAGES 8

struct _CsSampler
{
  CsPerfWriter  *writer;        /* not owned */
  GArray        *fds;           /* int: every event fd */
  GPtrArray     *buffers;       /* CsRingBuffer*, one per CPU */
  GArray        *buffer_fds;    /* int: the fds owning the buffers */
  struct pollfd *pollfds;
  guint          n_cpus;
  guint          n_events;
  guint          n_drains;
  gboolean       finished;
  CsSamplerStats final_stats;   /* kept once the buffers are gone */
  GError        *write_error;

  /* Set up by cs_sampler_prepare(), declared to the writer by
   * cs_sampler_declare() once every task's events are open. */
  CsSamplerOptions        options;
  struct perf_event_attr *attrs;
  gboolean               *configured;
  GArray                **ids;        /* guint64 per event: the ids of its fds */
  GPtrArray              *names;
  GArray                 *cpus;
  guint                   n_pages;
  gboolean                attach;
  gboolean                declared;
};

GArray *
cs_sampler_online_cpus (void)
{
  GArray *cpus = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *contents = NULL;

  if (g_file_get_contents ("/sys/devices/system/cpu/online", &contents, NULL, NULL))
    {
      g_auto(GStrv) ranges = g_strsplit (g_strstrip (contents), ",", -1);

      for (guint i = 0; ranges[i] != NULL; i++)
        {
          char *end = NULL;
          long first = strtol (ranges[i], &end, 10);
          long last = first;

          if (end == ranges[i])
            continue;
          if (*end == '-')
            last = strtol (end + 1, NULL, 10);
          for (long cpu = first; cpu <= last; cpu++)
            {
              int c = (int) cpu;
              g_array_append_val (cpus, c);
            }
        }
    }

  if (cpus->len == 0)
    {
      long n = sysconf (_SC_NPROCESSORS_ONLN);

      for (int cpu = 0; cpu < MAX (n, 1); cpu++)
        g_array_append_val (cpus, cpu);
    }
  return cpus;
}

static CsRingBuffer *
map_buffer (CsSampler  *self,
            int         fd,
            guint      *n_pages,
            GError    **error)
{
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      CsRingBuffer *buffer = cs_ring_buffer_new (fd, *n_pages, &local_error);

      if (buffer != NULL)
        return buffer;
      /* Over the locked-memory limit: a smaller buffer still works, with
       * more frequent drains. */
      if (!g_error_matches (local_error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION) ||
          *n_pages <= MIN_PAGES)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      *n_pages /= 2;
    }
}

/* Opens every event on @tid on each CPU: the first task's fds own the
 * CPUs' buffers, the others write into them. */
static gboolean
open_on_task (CsSampler  *self,
              pid_t       tid,
              GError    **error)
{
  gsize page_size = (gsize) sysconf (_SC_PAGESIZE);

  for (guint e = 0; e < self->n_events; e++)
    {
      struct perf_event_attr *attr = &self->attrs[e];
      const char *name = g_ptr_array_index (self->names, e);

      if (!self->configured[e])
        {
          if (!_cs_sampler_configure_attr (attr, name, &self->options, e == 0, self->attach,
                                           page_size * self->n_pages, error))
            return FALSE;
          self->configured[e] = TRUE;
        }

      for (guint c = 0; c < self->cpus->len; c++)
        {
          int cpu = g_array_index (self->cpus, int, c);
          guint64 id = 0;
          int fd = cs_perf_event_open (attr, tid, cpu, -1, name, error);

          if (fd < 0)
            return FALSE;
          g_array_append_val (self->fds, fd);

          if (ioctl (fd, PERF_EVENT_IOC_ID, &id) != 0)
            {
              cs_perf_event_set_error (error, errno, name);
              return FALSE;
            }
          g_array_append_val (self->ids[e], id);

          if (c < self->buffers->len)
            {
              /* One buffer per CPU: later events on this CPU write into it. */
              if (ioctl (fd, PERF_EVENT_IOC_SET_OUTPUT, g_array_index (self->buffer_fds, int, c)) != 0)
                {
                  cs_perf_event_set_error (error, errno, name);
                  return FALSE;
                }
            }
          else
            {
              CsRingBuffer *buffer = map_buffer (self, fd, &self->n_pages, error);

              if (buffer == NULL)
                return FALSE;
              g_ptr_array_add (self->buffers, buffer);
              g_array_append_val (self->buffer_fds, fd);
            }
        }
    }
  return TRUE;
}

CsSampler *
cs_sampler_prepare (const CsSamplerEvent    *events,
                    guint                    n_events,
                    const CsSamplerOptions  *options,
                    gboolean                 attach,
                    CsPerfWriter            *writer,
                    GError                 **error)
{
  static const CsSamplerOptions default_options = { 0 };
  g_autoptr(CsSampler) self = NULL;
  guint n_pages;

  g_return_val_if_fail (events != NULL && n_events > 0, NULL);
  g_return_val_if_fail (writer != NULL, NULL);

  if (options == NULL)
    options = &default_options;
  /* A stack copy per sample fills a buffer many times faster. */
  n_pages = options->n_pages ? options->n_pages : options->stack_user > 0 ? DWARF_PAGES : DEFAULT_PAGES;
  if ((n_pages & (n_pages - 1)) != 0)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("The sample buffer size must be a power of two of pages, not %u"),
                   n_pages);
      return NULL;
    }

  self = g_new0 (CsSampler, 1);
  self->writer = writer;
  self->options = *options;
  self->attach = attach;
  self->n_pages = n_pages;
  self->fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->buffers = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_ring_buffer_free);
  self->buffer_fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->n_events = n_events;
  self->attrs = g_new0 (struct perf_event_attr, n_events);
  self->configured = g_new0 (gboolean, n_events);
  self->ids = g_new0 (GArray *, n_events);
  self->names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_events; i++)
    {
      memcpy (&self->attrs[i], events[i].attr,
              MIN ((gsize) (events[i].attr->size ? events[i].attr->size : sizeof self->attrs[i]),
                   sizeof self->attrs[i]));
      self->ids[i] = g_array_new (FALSE, FALSE, sizeof (guint64));
      g_ptr_array_add (self->names, g_strdup (events[i].name));
    }

  self->cpus = cs_sampler_online_cpus ();
  self->n_cpus = self->cpus->len;
  return g_steal_pointer (&self);
}

gboolean
cs_sampler_open_task (CsSampler  *self,
                      pid_t       tid,
                      GError    **error)
{
  g_return_val_if_fail (self != NULL && tid > 0, FALSE);
  g_return_val_if_fail (!self->declared, FALSE);

  return open_on_task (self, tid, error);
}

gboolean
cs_sampler_declare (CsSampler  *self,
                    GError    **error)
{
  gboolean kernel = FALSE;

  g_return_val_if_fail (self != NULL && !self->declared, FALSE);

  self->declared = TRUE;
  for (guint e = 0; e < self->n_events; e++)
    {
      if (!cs_perf_writer_add_event (self->writer, &self->attrs[e],
                                     g_ptr_array_index (self->names, e),
                                     (const guint64 *) self->ids[e]->data, self->ids[e]->len,
                                     error))
        return FALSE;
      kernel |= !self->attrs[e].exclude_kernel;
    }

  /* Samples in the kernel need a kernel map for perf to name them. */
  if (kernel && !cs_proc_synth_kernel_mmap (self->writer, error))
    return FALSE;

  self->pollfds = g_new0 (struct pollfd, self->buffer_fds->len);
  for (guint i = 0; i < self->buffer_fds->len; i++)
    {
      self->pollfds[i].fd = g_array_index (self->buffer_fds, int, i);
      self->pollfds[i].events = POLLIN;
    }
  return TRUE;
}

gboolean
cs_sampler_enable (CsSampler  *self,
                   GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint i = 0; i < self->fds->len; i++)
    if (ioctl (g_array_index (self->fds, int, i), PERF_EVENT_IOC_ENABLE, 0) != 0 && errno != ESRCH)
      {
        cs_perf_event_set_error (error, errno, g_ptr_array_index (self->names, 0));
        return FALSE;
      }
  return TRUE;
}

CsSampler *
cs_sampler_new (pid_t                    pid,
                const CsSamplerEvent    *events,
                guint                    n_events,
                const CsSamplerOptions  *options,
                CsPerfWriter            *writer,
                GError                 **error)
{
  g_autoptr(CsSampler) self = NULL;

  g_return_val_if_fail (pid > 0, NULL);

  if (!(self = cs_sampler_prepare (events, n_events, options, FALSE, writer, error)) ||
      !open_on_task (self, pid, error) ||
      !cs_sampler_declare (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
close_all (CsSampler *self)
{
  /* Unmap before closing: the buffers belong to the fds. */
  g_ptr_array_set_size (self->buffers, 0);
  g_array_set_size (self->buffer_fds, 0);
  for (guint i = 0; i < self->fds->len; i++)
    close (g_array_index (self->fds, int, i));
  g_array_set_size (self->fds, 0);
}

void
cs_sampler_free (CsSampler *self)
{
  if (self == NULL)
    return;
  close_all (self);
  g_clear_error (&self->write_error);
  g_free (self->pollfds);
  for (guint i = 0; i < self->n_events; i++)
    g_array_unref (self->ids[i]);
  g_free (self->ids);
  g_free (self->attrs);
  g_free (self->configured);
  g_ptr_array_unref (self->names);
  g_clear_pointer (&self->cpus, g_array_unref);
  g_array_unref (self->buffer_fds);
  g_ptr_array_unref (self->buffers);
  g_array_unref (self->fds);
  g_free (self);
}

const int *
cs_sampler_get_fds (CsSampler *self,
                    guint     *n_fds)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (n_fds != NULL)
    *n_fds = self->buffer_fds->len;
  return (const int *) self->buffer_fds->data;
}

gboolean
cs_sampler_poll (CsSampler  *self,
                 int         timeout_ms,
                 gboolean   *hung_up,
                 GError    **error)
{
  guint n = self->buffer_fds->len;
  guint n_hup = 0;
  int ret;

  g_return_val_if_fail (self != NULL, FALSE);

  if (hung_up != NULL)
    *hung_up = FALSE;
  ret = poll (self->pollfds, n, timeout_ms);
  if (ret < 0)
    {
      int errsv = errno;

      /* A signal (SIGCHLD, SIGINT) is the caller's business, not an error. */
      if (errsv == EINTR)
        return TRUE;
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Waiting for samples failed: %s"), g_strerror (errsv));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (self->pollfds[i].revents & (POLLHUP | POLLERR))
      n_hup++;
  if (hung_up != NULL)
    *hung_up = n > 0 && n_hup == n;
  return TRUE;
}

static gboolean
write_records (const guint8 *records,
               gsize         len,
               gpointer      user_data)
{
  CsSampler *self = user_data;

  if (self->write_error != NULL)
    return FALSE;
  return cs_perf_writer_write (self->writer, records, len, &self->write_error);
}

gboolean
cs_sampler_drain (CsSampler  *self,
                  GError    **error)
{
  gboolean any = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);

  for (guint i = 0; i < self->buffers->len; i++)
    if (cs_ring_buffer_read (g_ptr_array_index (self->buffers, i), write_records, self) > 0)
      any = TRUE;

  /* perf's contract with readers: every record of the rounds before a
   * FINISHED_ROUND has been written, so sorting up to it is safe. */
  if (any && self->write_error == NULL)
    {
      self->n_drains++;
      cs_perf_writer_finish_round (self->writer, &self->write_error);
    }

  if (self->write_error != NULL)
    {
      if (error != NULL)
        *error = g_error_copy (self->write_error);
      return FALSE;
    }
  return TRUE;
}

void
cs_sampler_get_stats (CsSampler      *self,
                      CsSamplerStats *stats)
{
  g_return_if_fail (self != NULL && stats != NULL);

  if (self->finished)
    {
      *stats = self->final_stats;
      return;
    }
  memset (stats, 0, sizeof *stats);
  stats->n_cpus = self->n_cpus;
  stats->n_events = self->n_events;
  stats->n_drains = self->n_drains;
  for (guint i = 0; i < self->buffers->len; i++)
    {
      const CsRingBufferStats *rb = cs_ring_buffer_get_stats (g_ptr_array_index (self->buffers, i));

      stats->n_samples += rb->n_samples;
      stats->n_lost += rb->n_lost;
      stats->n_lost_records += rb->n_lost_records;
      stats->n_throttle += rb->n_throttle;
      stats->n_records += rb->n_records;
      stats->n_bytes += rb->n_bytes;
    }
}

gboolean
cs_sampler_finish (CsSampler       *self,
                   CsSamplerStats  *stats,
                   GError         **error)
{
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);

  /* Stops a program that is still running (cancelled record) from adding
   * records while the last ones are copied; reaches inherited children. */
  for (guint i = 0; i < self->fds->len; i++)
    ioctl (g_array_index (self->fds, int, i), PERF_EVENT_IOC_DISABLE, 0);

  ok = cs_sampler_drain (self, error);
  cs_sampler_get_stats (self, &self->final_stats);
  self->finished = TRUE;
  if (stats != NULL)
    *stats = self->final_stats;
  close_all (self);
  return ok;
}
