/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-watch.c — run a program with hardware watchpoints on a few data words
 *
 * The breakpoints are perf events (PERF_TYPE_BREAKPOINT, HW_BREAKPOINT_RW,
 * 8 bytes, sample_period 1) on the program, inherited by every thread and
 * process it starts. As for sampling (cs-sampler.c), the kernel refuses to
 * mmap an inherited per-task event, so each word's event is opened once
 * per online CPU; the first event on a CPU owns its ring buffer, the
 * others write into it (PERF_EVENT_IOC_SET_OUTPUT), and that first one
 * also reports the mappings made later (dlopen) and new processes.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-launcher.h"
#include "cs-perf-event.h"
#include "cs-ring-buffer.h"
#include "cs-sampler.h"
#include "cs-watch-private.h"

#define RING_PAGES 64
#define SAMPLE_TYPE (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_CPU)

struct _CsWatch
{
  CsLauncher     *launcher;
  pid_t           pid;
  CsAddressSpace *maps;
  GArray         *fds;       /* int */
  GPtrArray      *buffers;   /* CsRingBuffer*, one per CPU */
  /* A tight loop traps millions of times: hits are kept per (process,
   * thread, IP, word), with their count. */
  GArray         *hits;      /* CsWatchHit */
  GHashTable     *hit_index; /* CsWatchHit key fields -> index + 1 */
  guint64         counted;
  guint64         lost;
  guint64         n_samples;
  int             status;
  gboolean        running;   /* detached and not reaped yet */
  gboolean        stopped;   /* killed at the time limit */
};

static guint
hit_hash (gconstpointer p)
{
  const CsWatchHit *h = p;
  guint64 x = (h->ip ^ h->address << 7 ^ (guint64) h->tid << 32) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  return (guint) (x >> 32) ^ (guint) x;
}

static gboolean
hit_equal (gconstpointer a,
           gconstpointer b)
{
  const CsWatchHit *x = a, *y = b;

  return x->ip == y->ip && x->address == y->address && x->tid == y->tid && x->pid == y->pid;
}

void
cs_watch_free (CsWatch *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->buffers, g_ptr_array_unref);
  for (guint i = 0; self->fds != NULL && i < self->fds->len; i++)
    close (g_array_index (self->fds, int, i));
  g_clear_pointer (&self->fds, g_array_unref);
  /* PTRACE_O_EXITKILL ends a program still traced; the launcher reaps it. */
  g_clear_pointer (&self->launcher, cs_launcher_free);
  g_clear_object (&self->maps);
  g_clear_pointer (&self->hits, g_array_unref);
  g_clear_pointer (&self->hit_index, g_hash_table_unref);
  g_free (self);
}

static gboolean
start_launcher (gpointer   data,
                GError   **error)
{
  return cs_launcher_start (data, error);
}

CsWatch *
cs_watch_launch (const char * const  *argv,
                 const char          *cwd,
                 GError             **error)
{
  g_autoptr(CsWatch) self = g_new0 (CsWatch, 1);

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  self->fds = g_array_new (FALSE, FALSE, sizeof (int));
  self->buffers = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_ring_buffer_free);
  self->hits = g_array_new (FALSE, FALSE, sizeof (CsWatchHit));
  self->hit_index = g_hash_table_new_full (hit_hash, hit_equal, g_free, NULL);
  self->maps = cs_address_space_new ();
  if (!(self->launcher = cs_launcher_new (argv, cwd, NULL, error)))
    return NULL;
  self->pid = cs_launcher_get_pid (self->launcher);
  if (!_cs_watch_stop_at_entry (self->pid, start_launcher, self->launcher, error) ||
      !_cs_watch_read_maps (self->maps, self->pid, error))
    return NULL;
  return g_steal_pointer (&self);
}

pid_t
cs_watch_get_pid (CsWatch *self)
{
  return self->pid;
}

CsAddressSpace *
cs_watch_get_maps (CsWatch *self)
{
  return self->maps;
}

gboolean
cs_watch_arm (CsWatch        *self,
              const guint64  *addresses,
              guint           n,
              GError        **error)
{
  g_autoptr(GArray) cpus = cs_sampler_online_cpus ();

  g_return_val_if_fail (n > 0 && n <= CS_WATCH_MAX_WORDS, FALSE);

  for (guint c = 0; c < cpus->len; c++)
    {
      int first = -1;

      for (guint k = 0; k < n; k++)
        {
          struct perf_event_attr attr;
          g_autofree char *what = g_strdup_printf ("breakpoint 0x%" G_GINT64_MODIFIER "x", addresses[k]);
          int fd;

          memset (&attr, 0, sizeof attr);
          attr.size = sizeof attr;
          attr.type = PERF_TYPE_BREAKPOINT;
          attr.bp_type = HW_BREAKPOINT_RW;
          attr.bp_addr = addresses[k];
          attr.bp_len = HW_BREAKPOINT_LEN_8;
          attr.sample_period = 1;
          attr.sample_type = SAMPLE_TYPE;
          attr.exclude_kernel = 1;
          attr.exclude_hv = 1;
          attr.inherit = 1;
          attr.watermark = 1;
          attr.wakeup_watermark = RING_PAGES * 4096 / 4;
          /* Mappings and processes that come later, once per CPU. */
          attr.mmap = attr.mmap2 = attr.task = attr.comm = k == 0;
          fd = cs_perf_event_open (&attr, self->pid, g_array_index (cpus, int, c), -1, what, error);
          if (fd < 0)
            {
              if (g_error_matches (*error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED))
                g_prefix_error (error, _("No hardware breakpoint for the watched words (x86 has %d "
                                         "debug registers per thread): "), CS_WATCH_MAX_WORDS);
              return FALSE;
            }
          g_array_append_val (self->fds, fd);
          if (first < 0)
            {
              CsRingBuffer *buffer = cs_ring_buffer_new (fd, RING_PAGES, error);

              if (buffer == NULL)
                return FALSE;
              g_ptr_array_add (self->buffers, buffer);
              first = fd;
            }
          else if (ioctl (fd, PERF_EVENT_IOC_SET_OUTPUT, first) != 0)
            {
              g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                           _("Cannot share a ring buffer between breakpoints: %s"), g_strerror (errno));
              return FALSE;
            }
        }
    }
  return TRUE;
}

static guint64
read_u64 (const guint8 **p)
{
  guint64 v;

  memcpy (&v, *p, sizeof v);
  *p += sizeof v;
  return v;
}

static void
on_sample (CsWatch      *self,
           const guint8 *p)
{
  CsWatchHit probe = { 0, };
  guint64 pid_tid, time;
  gpointer value;
  CsWatchHit *hit;

  self->n_samples++;
  probe.ip = read_u64 (&p);
  pid_tid = read_u64 (&p);
  time = read_u64 (&p);
  probe.address = read_u64 (&p);
  probe.pid = (guint32) pid_tid;
  probe.tid = (guint32) (pid_tid >> 32);
  if (g_hash_table_lookup_extended (self->hit_index, &probe, NULL, &value))
    hit = &g_array_index (self->hits, CsWatchHit, GPOINTER_TO_UINT (value) - 1);
  else
    {
      probe.first_time = time;
      g_array_append_val (self->hits, probe);
      g_hash_table_insert (self->hit_index, g_memdup2 (&probe, sizeof probe),
                           GUINT_TO_POINTER (self->hits->len));
      hit = &g_array_index (self->hits, CsWatchHit, self->hits->len - 1);
    }
  hit->count++;
  hit->first_time = MIN (hit->first_time, time);
  hit->last_time = MAX (hit->last_time, time);
}

/* MMAP2: pid, tid, addr, len, pgoff, maj, min, ino, ino_generation, prot,
 * flags, filename. */
static void
on_mmap2 (CsWatch      *self,
          const guint8 *p,
          gsize         len)
{
  guint32 pid, maj, min, prot, flags;
  guint64 addr, size, pgoff, ino, generation;
  /* The name follows 64 bytes of fields, NUL-padded to 8 bytes. */
  const char *name = (const char *) p + 64;
  CsMappingIdentity identity;

  if (len < sizeof (struct perf_event_header) + 64 + 1)
    return;
  memcpy (&pid, p, 4);
  memcpy (&addr, p + 8, 8);
  memcpy (&size, p + 16, 8);
  memcpy (&pgoff, p + 24, 8);
  memcpy (&maj, p + 32, 4);
  memcpy (&min, p + 36, 4);
  memcpy (&ino, p + 40, 8);
  memcpy (&generation, p + 48, 8);
  memcpy (&prot, p + 56, 4);
  memcpy (&flags, p + 60, 4);
  identity = (CsMappingIdentity) { maj, min, ino, generation };
  cs_address_space_mmap_identity (self->maps, (gint32) pid, addr, size, pgoff, prot, flags, name,
                                  &identity, NULL, 0);
}

static gboolean
on_records (const guint8 *records,
            gsize         len,
            gpointer      user_data)
{
  CsWatch *self = user_data;

  for (gsize pos = 0; pos + sizeof (struct perf_event_header) <= len;)
    {
      struct perf_event_header h;
      const guint8 *body = records + pos + sizeof h;

      memcpy (&h, records + pos, sizeof h);
      if (h.size < sizeof h || pos + h.size > len)
        break;
      switch (h.type)
        {
        case PERF_RECORD_SAMPLE:
          on_sample (self, body);
          break;
        case PERF_RECORD_MMAP2:
          on_mmap2 (self, body, h.size);
          break;
        case PERF_RECORD_FORK:
          {
            guint32 pid, ppid;

            memcpy (&pid, body, 4);
            memcpy (&ppid, body + 4, 4);
            cs_address_space_fork (self->maps, (gint32) pid, (gint32) ppid);
          }
          break;
        default:
          break;
        }
      pos += h.size;
    }
  return TRUE;
}

static void
drain (CsWatch *self)
{
  for (guint i = 0; i < self->buffers->len; i++)
    cs_ring_buffer_read (g_ptr_array_index (self->buffers, i), on_records, self);
}

gboolean
cs_watch_run (CsWatch       *self,
              double         seconds,
              GCancellable  *cancellable,
              GError       **error)
{
  gint64 deadline = seconds > 0 ? g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC) : 0;
  g_autofree struct pollfd *fds = g_new0 (struct pollfd, self->buffers->len + 1);
  struct rusage usage;

  if (!_cs_watch_detach (self->pid, error))
    return FALSE;
  self->running = TRUE;
  for (guint i = 0; i < self->buffers->len; i++)
    {
      fds[i].fd = cs_ring_buffer_get_fd (g_ptr_array_index (self->buffers, i));
      fds[i].events = POLLIN;
    }
  while (!cs_launcher_try_wait (self->launcher, &self->status, &usage))
    {
      if (g_cancellable_is_cancelled (cancellable) || (deadline > 0 && g_get_monotonic_time () > deadline))
        {
          self->stopped = !g_cancellable_is_cancelled (cancellable);
          cs_launcher_kill (self->launcher, SIGKILL);
          cs_launcher_wait (self->launcher, &self->status, &usage, NULL, NULL);
          break;
        }
      poll (fds, self->buffers->len, 50);
      drain (self);
    }
  self->running = FALSE;
  drain (self);
  for (guint i = 0; i < self->fds->len; i++)
    {
      guint64 count = 0;

      if (read (g_array_index (self->fds, int, i), &count, sizeof count) == (ssize_t) sizeof count)
        self->counted += count;
    }
  for (guint i = 0; i < self->buffers->len; i++)
    self->lost += cs_ring_buffer_get_stats (g_ptr_array_index (self->buffers, i))->n_lost;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return TRUE;
}

const CsWatchHit *
cs_watch_get_hits (CsWatch *self,
                   guint   *n_hits)
{
  *n_hits = self->hits->len;
  return (const CsWatchHit *) self->hits->data;
}

guint64
cs_watch_get_counted (CsWatch *self)
{
  return MAX (self->counted, self->n_samples);
}

guint64
cs_watch_get_lost (CsWatch *self)
{
  return self->lost;
}

int
cs_watch_get_status (CsWatch *self)
{
  return self->status;
}

gboolean
cs_watch_was_stopped (CsWatch *self)
{
  return self->stopped;
}
