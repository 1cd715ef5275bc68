/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-ring-buffer.h — one mmap'd perf_event ring buffer
 *
 * The buffer is the kernel's: 1 metadata page + 2^n data pages. Reading
 * follows tools/include/linux/ring_buffer.h: an acquire load of data_head,
 * copy the records out, a release store of data_tail so the kernel may reuse
 * the space. Records are handed to the caller whole: a record that wraps
 * around the end of the buffer is first copied into a scratch area, runs of
 * contiguous records are passed as one chunk. PERF_RECORD_LOST records are
 * counted on the way.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsRingBuffer CsRingBuffer;

/* Receives @len bytes of whole records (each starting with a struct
 * perf_event_header). Return FALSE to stop receiving during this read (the
 * remaining records are still consumed and counted). */
typedef gboolean (*CsRingBufferFunc) (const guint8 *records,
                                      gsize         len,
                                      gpointer      user_data);

typedef struct
{
  guint64 n_records;       /* every record read */
  guint64 n_samples;       /* PERF_RECORD_SAMPLE */
  guint64 n_lost_records;  /* PERF_RECORD_LOST */
  guint64 n_lost;          /* samples the kernel dropped (sum of LOST.lost) */
  guint64 n_lost_samples;  /* PERF_RECORD_LOST_SAMPLES (hardware-side losses) */
  guint64 n_throttle;      /* PERF_RECORD_THROTTLE */
  guint64 n_bytes;         /* bytes of records read */
  guint64 n_wrapped;       /* records that straddled the end of the buffer */
} CsRingBufferStats;

/* Maps the ring buffer of the perf event @fd with @n_data_pages data pages
 * (a power of two). The fd stays owned by the caller. */
CsRingBuffer *cs_ring_buffer_new        (int                 fd,
                                         guint               n_data_pages,
                                         GError            **error);
void          cs_ring_buffer_free       (CsRingBuffer       *self);
int           cs_ring_buffer_get_fd     (CsRingBuffer       *self);
/* Size of the data area in bytes. */
gsize         cs_ring_buffer_get_size   (CsRingBuffer       *self);
/* Bytes written by the kernel and not read yet (no system call). */
gsize         cs_ring_buffer_pending    (CsRingBuffer       *self);
/* Hands every complete record to @func and releases the space; returns the
 * number of bytes consumed. Never allocates. */
gsize         cs_ring_buffer_read       (CsRingBuffer       *self,
                                         CsRingBufferFunc    func,
                                         gpointer            user_data);
const CsRingBufferStats *
              cs_ring_buffer_get_stats  (CsRingBuffer       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsRingBuffer, cs_ring_buffer_free)

G_END_DECLS
