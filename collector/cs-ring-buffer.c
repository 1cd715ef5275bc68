/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-ring-buffer.c — one mmap'd perf_event ring buffer */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-ring-buffer.h"

/* A record's size is a u16, so no record is larger than this. */
#define SCRATCH_SIZE 65536

struct _CsRingBuffer
{
  int                          fd;
  struct perf_event_mmap_page *page;
  gsize                        map_size;
  guint8                      *data;
  gsize                        data_size;  /* power of two */
  guint64                      mask;
  CsRingBufferStats            stats;
  guint8                       scratch[SCRATCH_SIZE];
};

static gboolean
is_power_of_two (guint n)
{
  return n != 0 && (n & (n - 1)) == 0;
}

CsRingBuffer *
cs_ring_buffer_new (int      fd,
                    guint    n_data_pages,
                    GError **error)
{
  g_autofree CsRingBuffer *self = NULL;
  gsize page_size = (gsize) sysconf (_SC_PAGESIZE);
  void *map;

  g_return_val_if_fail (fd >= 0, NULL);

  if (!is_power_of_two (n_data_pages))
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("A ring buffer needs a power of two of data pages, not %u"),
                   n_data_pages);
      return NULL;
    }

  self = g_new0 (CsRingBuffer, 1);
  self->fd = fd;
  self->map_size = page_size * (1 + (gsize) n_data_pages);

  map = mmap (NULL, self->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED)
    {
      int errsv = errno;

      if (errsv == EPERM || errsv == ENOMEM)
        g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PERMISSION,
                     _("Cannot map a %zu KiB sample buffer (%s): it exceeds the locked-memory "
                       "limit; use a smaller buffer, raise kernel.perf_event_mlock_kb with "
                       "sysctl, or record as root"),
                     self->map_size / 1024, g_strerror (errsv));
      else
        g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                     _("Cannot map a %zu KiB sample buffer: %s"),
                     self->map_size / 1024, g_strerror (errsv));
      return NULL;
    }

  self->page = map;
  /* Kernels since 4.1 publish where the data area is; older ones put it
   * right after the first page with the full remaining size. */
  if (self->page->data_size != 0)
    {
      self->data = (guint8 *) map + self->page->data_offset;
      self->data_size = self->page->data_size;
    }
  else
    {
      self->data = (guint8 *) map + page_size;
      self->data_size = page_size * n_data_pages;
    }
  self->mask = self->data_size - 1;

  return g_steal_pointer (&self);
}

void
cs_ring_buffer_free (CsRingBuffer *self)
{
  if (self == NULL)
    return;
  if (self->page != NULL)
    munmap (self->page, self->map_size);
  g_free (self);
}

int
cs_ring_buffer_get_fd (CsRingBuffer *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->fd;
}

gsize
cs_ring_buffer_get_size (CsRingBuffer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->data_size;
}

const CsRingBufferStats *
cs_ring_buffer_get_stats (CsRingBuffer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->stats;
}

gsize
cs_ring_buffer_pending (CsRingBuffer *self)
{
  guint64 head;

  g_return_val_if_fail (self != NULL, 0);
  head = __atomic_load_n (&self->page->data_head, __ATOMIC_ACQUIRE);
  return (gsize) (head - self->page->data_tail);
}

/* Copies @len bytes starting at stream position @pos, across the end of the
 * buffer if needed. */
static void
copy_out (CsRingBuffer *self,
          guint64       pos,
          void         *dest,
          gsize         len)
{
  gsize offset = (gsize) (pos & self->mask);
  gsize first = MIN (len, self->data_size - offset);

  memcpy (dest, self->data + offset, first);
  if (first < len)
    memcpy ((guint8 *) dest + first, self->data, len - first);
}

static void
count_record (CsRingBuffer                    *self,
              const struct perf_event_header  *header,
              guint64                          pos)
{
  self->stats.n_records++;
  switch (header->type)
    {
    case PERF_RECORD_SAMPLE:
      self->stats.n_samples++;
      break;

    case PERF_RECORD_LOST:
      {
        /* struct { header; u64 id; u64 lost; sample_id } */
        guint64 lost = 0;

        if (header->size >= sizeof *header + 2 * sizeof (guint64))
          copy_out (self, pos + sizeof *header + sizeof (guint64), &lost, sizeof lost);
        self->stats.n_lost_records++;
        self->stats.n_lost += lost;
      }
      break;

    case PERF_RECORD_LOST_SAMPLES:
      {
        guint64 lost = 0;

        if (header->size >= sizeof *header + sizeof (guint64))
          copy_out (self, pos + sizeof *header, &lost, sizeof lost);
        self->stats.n_lost_samples += lost;
      }
      break;

    case PERF_RECORD_THROTTLE:
      self->stats.n_throttle++;
      break;

    default:
      break;
    }
}

gsize
cs_ring_buffer_read (CsRingBuffer     *self,
                     CsRingBufferFunc  func,
                     gpointer          user_data)
{
  guint64 head, tail, pos;
  gsize chunk_offset = 0, chunk_len = 0;
  gboolean deliver = func != NULL;

  g_return_val_if_fail (self != NULL, 0);

  /* Pairs with the kernel's store of data_head after it wrote the records:
   * everything before head is visible once we see head. */
  head = __atomic_load_n (&self->page->data_head, __ATOMIC_ACQUIRE);
  tail = self->page->data_tail;

  for (pos = tail; pos < head; )
    {
      struct perf_event_header header;
      gsize offset = (gsize) (pos & self->mask);

      copy_out (self, pos, &header, sizeof header);
      if (header.size < sizeof header || header.size > head - pos)
        {
          /* Cannot happen with a sane kernel; dropping the rest beats
           * looping forever or handing out garbage. */
          g_warning ("Corrupt perf ring buffer record (size %u at offset %zu); "
                     "dropping %" G_GUINT64_FORMAT " bytes",
                     header.size, offset, head - pos);
          break;
        }

      count_record (self, &header, pos);

      if (offset + header.size > self->data_size)
        {
          /* Wraps around: hand out what came before, then this record from
           * the scratch copy. */
          self->stats.n_wrapped++;
          if (deliver && chunk_len > 0)
            deliver = func (self->data + chunk_offset, chunk_len, user_data);
          chunk_len = 0;
          copy_out (self, pos, self->scratch, header.size);
          if (deliver)
            deliver = func (self->scratch, header.size, user_data);
        }
      else
        {
          if (chunk_len == 0)
            chunk_offset = offset;
          chunk_len += header.size;
          /* The next record starts at offset 0: the chunk ends here. */
          if (offset + header.size == self->data_size)
            {
              if (deliver)
                deliver = func (self->data + chunk_offset, chunk_len, user_data);
              chunk_len = 0;
            }
        }

      pos += header.size;
    }

  if (deliver && chunk_len > 0)
    func (self->data + chunk_offset, chunk_len, user_data);

  self->stats.n_bytes += head - tail;

  /* Pairs with the kernel's read of data_tail: our copies are done before it
   * may overwrite the space. */
  __atomic_store_n (&self->page->data_tail, head, __ATOMIC_RELEASE);

  return (gsize) (head - tail);
}
