/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-inflate.c — COMPRESSED and COMPRESSED2 records
 *
 * perf compresses ring-buffer chunks, not records, with zstd: the records of
 * the whole file form one stream, fed through one persistent ZSTD_DStream,
 * and a record may end in the next COMPRESSED record. Inflated bytes go to an
 * arena that also keeps the records waiting in the ordering queue, and the
 * unfinished tail of the last chunk.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-perf-private.h"

#define INFLATE_CHUNK (256 * 1024)

static void
arena_compact (CsPerfReader *self)
{
  gsize tail = self->arena_len - self->arena_parse;
  guint8 *fresh;
  gsize used = 0;

  fresh = g_malloc (self->arena_cap);
  for (guint i = self->queue.head; i < self->queue.len; i++)
    {
      CsPerfQueued *q = &self->queue.items[i];
      const guint8 *p;
      guint16 size;

      if (!(q->where & CS_QUEUE_ARENA))
        continue;
      p = self->arena + (q->where & ~CS_QUEUE_ARENA);
      size = _cs_perf_u16 (self, p + 6);
      memcpy (fresh + used, p, size);
      q->where = CS_QUEUE_ARENA | used;
      used += size;
    }
  if (tail > 0)
    memcpy (fresh + used, self->arena + self->arena_parse, tail);
  g_free (self->arena);
  self->arena = fresh;
  self->arena_parse = used;
  self->arena_len = used + tail;
}

static void
arena_reserve (CsPerfReader *self,
               gsize         need)
{
  if (self->arena_len + need <= self->arena_cap)
    return;
  if (self->arena != NULL)
    arena_compact (self);
  /* Growing when compaction freed less than half keeps its copying linear. */
  if (self->arena_len + need > self->arena_cap || self->arena_len > self->arena_cap / 2)
    {
      self->arena_cap = MAX (self->arena_cap * 2, self->arena_len + need);
      self->arena = g_realloc (self->arena, self->arena_cap);
    }
}

gboolean
_cs_perf_reader_start_inflate (CsPerfReader     *self,
               const CsPerfRaw  *raw,
               GError          **error)
{
  const guint8 *payload = raw->data + 8;
  gsize len = raw->size - 8;

  if (raw->type == CS_PERF_RECORD_COMPRESSED2)
    {
      guint64 data_size;

      if (raw->size < 16)
        return _cs_perf_reader_corrupt (self, error, raw->offset, _("a compressed record is too short"));
      data_size = _cs_perf_u64 (self, raw->data + 8);
      if (data_size > (guint64) raw->size - 16)
        return _cs_perf_reader_corrupt (self, error, raw->offset,
                                _("a compressed record claims more data than it holds"));
      payload = raw->data + 16;
      len = data_size;
    }
  if (self->zstd == NULL)
    {
      self->zstd = ZSTD_createDStream ();
      ZSTD_initDStream (self->zstd);
    }
  self->zin = payload;
  self->zin_len = len;
  self->zin_pos = 0;
  self->zin_offset = raw->offset;
  self->zin_produced = 0;
  self->inflating = TRUE;
  self->stats.n_compressed_bytes += len;
  return TRUE;
}

/* 1: a record from the arena; 0: this COMPRESSED record is used up; -1: error. */
int
_cs_perf_reader_next_inflated (CsPerfReader  *self,
               CsPerfRaw     *raw,
               GError       **error)
{
  /* perf inflates one COMPRESSED record into a buffer of the ring-buffer
   * size; far more than that is a decompression bomb, not a recording. */
  gsize limit = MAX ((gsize) self->info.comp_mmap_len, 4 * 1024 * 1024) + 65536;

  for (;;)
    {
      gsize avail = self->arena_len - self->arena_parse;
      ZSTD_inBuffer in;
      ZSTD_outBuffer out;
      gsize ret;

      if (self->arena_skip > 0 && avail > 0)
        {
          gsize n = MIN (avail, self->arena_skip);

          self->arena_parse += n;
          self->arena_skip -= n;
          continue;
        }
      if (self->arena_skip == 0 && avail >= 8)
        {
          const guint8 *p = self->arena + self->arena_parse;

          if (!_cs_perf_reader_raw_from_bytes (self, p, raw))
            {
              g_autofree char *what = g_strdup_printf (_("a record inside this compressed record "
                                                         "has a size of %u bytes"), raw->size);
              return _cs_perf_reader_corrupt_record (self, error, self->zin_offset, what);
            }
          if (raw->size <= avail)
            {
              raw->offset = self->zin_offset;
              raw->compressed = TRUE;
              self->arena_parse += raw->size;
              return 1;
            }
        }
      if (self->zin_pos >= self->zin_len)
        {
          self->inflating = FALSE;
          self->header_high_water = MAX (self->header_high_water, self->zin_offset + 1);
          return 0;
        }
      if (self->zin_produced > limit)
        return _cs_perf_reader_corrupt_record (self, error, self->zin_offset,
                                              _("a compressed record inflates to far more "
                                                "than a ring buffer"));

      arena_reserve (self, INFLATE_CHUNK);
      in = (ZSTD_inBuffer) { self->zin, self->zin_len, self->zin_pos };
      out = (ZSTD_outBuffer) { self->arena + self->arena_len, INFLATE_CHUNK, 0 };
      ret = ZSTD_decompressStream (self->zstd, &out, &in);
      if (ZSTD_isError (ret))
        {
          g_autofree char *what = g_strdup_printf (_("the compressed data cannot be inflated (%s)"),
                                                   ZSTD_getErrorName (ret));
          return _cs_perf_reader_corrupt_record (self, error, self->zin_offset, what);
        }
      if (out.pos == 0 && in.pos == self->zin_pos)
        return _cs_perf_reader_corrupt_record (self, error, self->zin_offset,
                                              _("the compressed data does not inflate"));
      self->zin_pos = in.pos;
      self->arena_len += out.pos;
      self->zin_produced += out.pos;
    }
}

