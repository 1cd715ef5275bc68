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
#include "cs-ring-buffer.h"
#include "cs-sampler.h"

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

static guint64
max_sample_rate (void)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/perf_event_max_sample_rate", &contents, NULL, NULL))
    return 0;
  return g_ascii_strtoull (contents, NULL, 10);
}

static gboolean
configure_attr (struct perf_event_attr  *attr,
                const char              *name,
                const CsSamplerOptions  *options,
                gboolean                 tracking,
                gsize                    buffer_size,
                GError                 **error)
{
  attr->size = sizeof *attr;

  attr->sample_type = CS_SAMPLER_SAMPLE_TYPE;
  if (options->callchain)
    {
      attr->sample_type |= PERF_SAMPLE_CALLCHAIN;
      /* Kernel frames are dropped anyway when the kernel is excluded;
       * not collecting them saves the walk. */
      attr->exclude_callchain_kernel = attr->exclude_kernel;
    }
  if (options->user_regs)
    {
#if defined(__x86_64__)
      attr->sample_type |= PERF_SAMPLE_REGS_USER;
      attr->sample_regs_user = CS_SAMPLER_REGS_USER_MASK_X86_64;
#else
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                   _("Sampling registers (--regs) is only implemented for x86-64"));
      return FALSE;
#endif
    }
  if (options->stack_user > 0)
    {
      if (options->stack_user % 8 != 0 || options->stack_user > CS_SAMPLER_MAX_STACK_USER)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Cannot copy %u bytes of stack per sample: use a multiple of 8 up to %u"),
                       options->stack_user, CS_SAMPLER_MAX_STACK_USER);
          return FALSE;
        }
      /* As perf record --call-graph dwarf: the kernel walks its own part,
       * the user part is unwound from the copy when the file is read. */
      attr->sample_type |= PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
      attr->exclude_callchain_user = 1;
      attr->exclude_callchain_kernel = attr->exclude_kernel;
      attr->sample_stack_user = options->stack_user;
#if defined(__x86_64__)
      attr->sample_regs_user |= CS_SAMPLER_REGS_USER_MASK_X86_64;
#elif defined(__aarch64__)
      attr->sample_regs_user |= CS_SAMPLER_REGS_USER_MASK_ARM64;
#else
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                   _("DWARF call graphs are only implemented for x86-64 and aarch64: "
                     "record with --call-graph fp"));
      return FALSE;
#endif
    }

  if (options->frequency > 0)
    {
      attr->freq = 1;
      attr->sample_freq = options->frequency;
    }
  else if (options->period > 0)
    {
      attr->freq = 0;
      attr->sample_period = options->period;
    }
  else if (attr->sample_period == 0)
    {
      attr->freq = 1;
      attr->sample_freq = CS_SAMPLER_DEFAULT_FREQUENCY;
    }

  if (attr->freq)
    {
      guint64 limit = max_sample_rate ();

      /* The kernel only says EINVAL; say which limit and how to lift it. */
      if (limit > 0 && attr->sample_freq > limit)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                       _("Cannot sample “%s” at %" PRIu64 " Hz: the kernel allows at most "
                         "%" PRIu64 " Hz (kernel.perf_event_max_sample_rate); use "
                         "-F %" PRIu64 " or raise the limit with sysctl"),
                       name, (guint64) attr->sample_freq, limit, limit);
          return FALSE;
        }
    }

  /* Counting starts when the child execs the program, and follows every
   * thread and child process it creates. */
  attr->disabled = 1;
  attr->enable_on_exec = 1;
  attr->inherit = 1;
  attr->sample_id_all = 1;

  /* Wake the reader when half the buffer is used rather than per sample. */
  attr->watermark = 1;
  attr->wakeup_watermark = (guint32) (buffer_size / 2);

  if (tracking)
    {
      attr->mmap = 1;
      attr->mmap2 = 1;
      attr->comm = 1;
      attr->comm_exec = 1;
      attr->task = 1;
      /* DWARF unwinding reads the files' read-only segments too (the
       * .eh_frame_hdr that perf's libunwind looks up by address): their
       * maps must be recorded, as perf record --call-graph dwarf does.
       * With registers the memory view reconstructs data addresses; the
       * data mappings name them ([heap], a file) and tell which memory two
       * processes share (MMAP2's device, inode and offset). */
      attr->mmap_data = options->stack_user > 0 || options->user_regs;
    }
  return TRUE;
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

/* Samples in the kernel need a kernel map for perf to name them; perf
 * synthesizes it from /proc/kallsyms, and so do we (only the first lines are
 * read: _text comes right at the start). */
static gboolean
synthesize_kernel_mmap (CsSampler  *self,
                        GError    **error)
{
  static const char filename[] = "[kernel.kallsyms]_text";
  struct {
    struct perf_event_header header;
    guint32 pid, tid;
    guint64 start, len, pgoff;
    char filename[24];
    /* sample_id_all trailer for CS_SAMPLER_SAMPLE_TYPE */
    guint32 s_pid, s_tid;
    guint64 s_time;
    guint32 s_cpu, s_res;
    guint64 s_identifier;
  } record;
  FILE *kallsyms = fopen ("/proc/kallsyms", "re");
  char line[256];
  guint64 text = 0;

  G_STATIC_ASSERT (sizeof filename <= sizeof record.filename);

  if (kallsyms == NULL)
    return TRUE;
  for (guint i = 0; i < 1000 && fgets (line, sizeof line, kallsyms) != NULL; i++)
    {
      char type, sym[200];
      unsigned long long addr;

      if (sscanf (line, "%llx %c %199s", &addr, &type, sym) == 3 && strcmp (sym, "_text") == 0)
        {
          text = addr;
          break;
        }
    }
  fclose (kallsyms);
  /* Zero: addresses hidden by kptr_restrict; perf cannot use them either. */
  if (text == 0)
    return TRUE;

  memset (&record, 0, sizeof record);
  record.header.type = PERF_RECORD_MMAP;
  record.header.misc = PERF_RECORD_MISC_KERNEL;
  record.header.size = sizeof record;
  record.pid = (guint32) -1;
  record.start = text;
  record.len = G_MAXUINT64 - text;
  record.pgoff = text;
  memcpy (record.filename, filename, sizeof filename);
  record.s_identifier = cs_perf_writer_get_first_id (self->writer);

  return cs_perf_writer_write (self->writer, &record, sizeof record, error);
}

static gboolean
open_event (CsSampler              *self,
            pid_t                   pid,
            const CsSamplerEvent   *event,
            gboolean                tracking,
            const CsSamplerOptions *options,
            GArray                 *cpus,
            guint                  *n_pages,
            GError                **error)
{
  struct perf_event_attr attr;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint64));
  gsize page_size = (gsize) sysconf (_SC_PAGESIZE);

  memset (&attr, 0, sizeof attr);
  memcpy (&attr, event->attr, MIN ((gsize) (event->attr->size ? event->attr->size : sizeof attr),
                                   sizeof attr));
  if (!configure_attr (&attr, event->name, options, tracking, page_size * *n_pages, error))
    return FALSE;

  for (guint c = 0; c < cpus->len; c++)
    {
      int cpu = g_array_index (cpus, int, c);
      guint64 id = 0;
      int fd = cs_perf_event_open (&attr, pid, cpu, -1, event->name, error);

      if (fd < 0)
        return FALSE;
      g_array_append_val (self->fds, fd);

      if (ioctl (fd, PERF_EVENT_IOC_ID, &id) != 0)
        {
          cs_perf_event_set_error (error, errno, event->name);
          return FALSE;
        }
      g_array_append_val (ids, id);

      if (c < self->buffers->len)
        {
          /* One buffer per CPU: later events on this CPU write into it. */
          if (ioctl (fd, PERF_EVENT_IOC_SET_OUTPUT, g_array_index (self->buffer_fds, int, c)) != 0)
            {
              cs_perf_event_set_error (error, errno, event->name);
              return FALSE;
            }
        }
      else
        {
          CsRingBuffer *buffer = map_buffer (self, fd, n_pages, error);

          if (buffer == NULL)
            return FALSE;
          g_ptr_array_add (self->buffers, buffer);
          g_array_append_val (self->buffer_fds, fd);
        }
    }

  return cs_perf_writer_add_event (self->writer, &attr, event->name,
                                   (const guint64 *) ids->data, ids->len, error);
}

CsSampler *
cs_sampler_new (pid_t                    pid,
                const CsSamplerEvent    *events,
                guint                    n_events,
                const CsSamplerOptions  *options,
                CsPerfWriter            *writer,
                GError                 **error)
{
  static const CsSamplerOptions default_options = { 0 };
  g_autoptr(CsSampler) self = NULL;
  g_autoptr(GArray) cpus = NULL;
  gboolean kernel = FALSE;
  guint n_pages;

  g_return_val_if_fail (pid > 0, NULL);
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
  self->fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->buffers = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_ring_buffer_free);
  self->buffer_fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->n_events = n_events;

  cpus = cs_sampler_online_cpus ();
  self->n_cpus = cpus->len;

  for (guint i = 0; i < n_events; i++)
    {
      if (!open_event (self, pid, &events[i], i == 0, options, cpus, &n_pages, error))
        return NULL;
      kernel |= !events[i].attr->exclude_kernel;
    }

  if (kernel && !synthesize_kernel_mmap (self, error))
    return NULL;

  self->pollfds = g_new0 (struct pollfd, self->buffer_fds->len);
  for (guint i = 0; i < self->buffer_fds->len; i++)
    {
      self->pollfds[i].fd = g_array_index (self->buffer_fds, int, i);
      self->pollfds[i].events = POLLIN;
    }

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
