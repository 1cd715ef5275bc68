/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-reader.c — walking the data stream: records, compression, ordering
 *
 * The stream is read record by record from the mapping; the records inside
 * COMPRESSED ones come from cs-perf-inflate.c.
 *
 * Ordering follows perf's ordered-events: timed records wait in a queue of
 * small (time, location) entries, and at each FINISHED_ROUND those not later
 * than the newest timestamp of the *previous* round are sorted and delivered.
 * The previous round's bound, not the current one, is what makes this
 * correct: while perf empties the per-CPU buffers one after the other, a CPU
 * read early can log an event older than what a CPU read later already
 * wrote, and that event only shows up in the next round.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cs-perf-private.h"

/* Bounds the queue when a file has no FINISHED_ROUND (perf does the same
 * with its OE_FLUSH__HALF): older half out once this many wait. */
#define QUEUE_MAX        (128 * 1024)
#define ARENA_QUEUED_MAX (64 * 1024 * 1024)
#define CANCEL_EVERY     4096
#define EVENT_UPDATE_NAME 2

/* HEADER_* records carry attrs, features and names; applied once even when
 * the stream is read again after a rewind. */
static void
apply_header_record (CsPerfReader    *self,
                     const CsPerfRaw *raw)
{
  switch (raw->type)
    {
    case CS_PERF_RECORD_HEADER_ATTR:
      {
        guint32 asize;

        if (raw->size < 8 + CS_PERF_ATTR_SIZE_VER0)
          break;
        asize = _cs_perf_u32 (self, raw->data + 12);
        asize = asize ? asize : CS_PERF_ATTR_SIZE_VER0;
        if (asize < CS_PERF_ATTR_SIZE_VER0 || (guint64) asize + 8 > raw->size)
          {
            _cs_perf_reader_warn (self, _("%s: the attr record at byte offset %" PRIu64
                                  " is damaged; ignored"), self->name, raw->offset);
            break;
          }
        _cs_perf_reader_add_attr (self, raw->data + 8, asize, raw->data + 8 + asize,
                          (raw->size - 8 - asize) / 8);
      }
      break;
    case CS_PERF_RECORD_HEADER_FEATURE:
      if (raw->size >= 16)
        {
          guint64 feat = _cs_perf_u64 (self, raw->data + 8);

          if (feat > 0 && feat < CS_PERF_FEAT_MAX)
            _cs_perf_reader_parse_feature (self, (guint) feat, raw->data + 16, raw->size - 16, raw->offset);
        }
      break;
    case CS_PERF_RECORD_EVENT_UPDATE:
      if (raw->size > 24 && _cs_perf_u64 (self, raw->data + 8) == EVENT_UPDATE_NAME)
        {
          g_autofree char *name = g_strndup ((const char *) raw->data + 24, raw->size - 24);

          _cs_perf_reader_set_attr_name (self, _cs_perf_u64 (self, raw->data + 16), name);
        }
      break;
    case CS_PERF_RECORD_HEADER_BUILD_ID:
      _cs_perf_reader_add_build_id (self, raw->data, raw->size);
      break;
    default:
      break;
    }
}

/* Bytes some synthesized records drag behind them, outside their size. */
static guint64
extra_payload (CsPerfReader    *self,
               const CsPerfRaw *raw)
{
  if (raw->type == CS_PERF_RECORD_HEADER_TRACING_DATA && raw->size >= 12)
    return _cs_perf_u32 (self, raw->data + 8);
  if (raw->type == CS_PERF_RECORD_AUXTRACE && raw->size >= 16)
    return _cs_perf_u64 (self, raw->data + 8);
  return 0;
}

void
_cs_perf_reader_prescan (CsPerfReader *self)
{
  guint64 pos = self->stream_start;

  while (pos < self->data_end && self->data_end - pos >= 8)
    {
      CsPerfRaw raw = { 0 };
      guint64 extra;

      if (!_cs_perf_reader_raw_from_bytes (self, self->base + pos, &raw) || raw.size > self->data_end - pos)
        break;
      if (raw.type < 64 || raw.type == CS_PERF_RECORD_COMPRESSED ||
          raw.type == CS_PERF_RECORD_COMPRESSED2)
        break;
      raw.offset = pos;
      apply_header_record (self, &raw);
      extra = extra_payload (self, &raw);
      pos += raw.size;
      if (extra > self->data_end - pos)
        break;
      pos += extra;
      self->header_high_water = pos;
    }
}

/* 1: *@raw is the next record of the stream; 0: end; -1: error. */
static int
read_raw (CsPerfReader  *self,
          CsPerfRaw     *raw,
          GError       **error)
{
  for (;;)
    {
      guint64 left, extra;

      memset (raw, 0, sizeof *raw);
      if (self->inflating)
        {
          int r = _cs_perf_reader_next_inflated (self, raw, error);

          if (r == 1)
            self->arena_skip = extra_payload (self, raw);
          if (r != 0)
            return r;
          continue;
        }
      if (self->pos >= self->data_end)
        {
          if (self->arena_parse < self->arena_len || self->arena_skip > 0)
            return _cs_perf_reader_corrupt_record (self, error, self->zin_offset,
                                                  _("the compressed data ends inside a record"));
          if (self->data_truncated)
            {
              g_autofree char *what = g_strdup_printf (_("the file ends here, %" PRIu64
                                                         " bytes before the end of the data section"),
                                                       self->info.data_offset + self->info.data_size - self->pos);
              return _cs_perf_reader_corrupt_record (self, error, self->pos, what);
            }
          return 0;
        }
      left = self->data_end - self->pos;
      /* A killed writer may have written part of its last record. */
      if (self->unfinished && (left < 8 || _cs_perf_u16 (self, self->base + self->pos + 6) > left))
        return 0;
      if (left < 8)
        return _cs_perf_reader_corrupt_record (self, error, self->pos, _("a record header is cut short"));
      if (!_cs_perf_reader_raw_from_bytes (self, self->base + self->pos, raw))
        {
          g_autofree char *what = g_strdup_printf (_("a record has a size of %u bytes"), raw->size);
          return _cs_perf_reader_corrupt_record (self, error, self->pos, what);
        }
      if (raw->size > left)
        {
          g_autofree char *what = g_strdup_printf (_("a record of %u bytes runs past the end of "
                                                     "the data (%" PRIu64 " bytes left)"),
                                                   raw->size, left);
          return _cs_perf_reader_corrupt_record (self, error, self->pos, what);
        }
      raw->offset = self->pos;
      self->pos += raw->size;
      extra = extra_payload (self, raw);
      if (extra > self->data_end - self->pos)
        return _cs_perf_reader_corrupt_record (self, error, raw->offset,
                                              _("the payload following a record runs past "
                                                "the end of the data"));
      self->pos += extra;

      if (raw->type == CS_PERF_RECORD_COMPRESSED || raw->type == CS_PERF_RECORD_COMPRESSED2)
        {
          self->stats.n_records[raw->type]++;
          if (!_cs_perf_reader_start_inflate (self, raw, error))
            return -1;
          continue;
        }
      return 1;
    }
}

static void
set_pending (CsPerfReader    *self,
             const CsPerfRaw *raw)
{
  self->pending = *raw;
  self->has_pending = TRUE;
}

void
_cs_perf_reader_step (CsPerfReader *self)
{
  CsPerfRaw raw;
  GError *error = NULL;
  guint64 time;
  int r = read_raw (self, &raw, &error);

  if (r <= 0)
    {
      self->pending_error = error;
      _cs_perf_queue_release (&self->queue, G_MAXUINT64);
      self->eof = TRUE;
      return;
    }

  self->stats.n_records[raw.type < CS_PERF_RECORD_TYPE_MAX ? raw.type : 0]++;
  if (raw.type >= 64 && raw.offset >= self->header_high_water)
    apply_header_record (self, &raw);
  if (!raw.compressed)
    self->header_high_water = MAX (self->header_high_water, raw.offset + 1);

  if (!self->ordered)
    {
      set_pending (self, &raw);
      return;
    }
  if (raw.type == CS_PERF_RECORD_FINISHED_ROUND)
    {
      _cs_perf_queue_release (&self->queue, self->flush_limit);
      self->flush_limit = self->max_time;
      set_pending (self, &raw);
      return;
    }
  /* Like perf, a timestamp of 0 (what perf gives the records it synthesizes
   * at the start) is no timestamp: delivered at once. */
  if (!_cs_perf_reader_record_time (self, &raw, &time) || time == 0)
    {
      set_pending (self, &raw);
      return;
    }

  {
    CsPerfQueued q = { time, 0, raw.offset };

    if (raw.compressed)
      q.where = CS_QUEUE_ARENA | (guint64) (raw.data - self->arena);
    else
      q.where = (guint64) (raw.data - self->base);
    if (time < self->last_delivered_time)
      self->stats.n_out_of_order++;
    self->max_time = MAX (self->max_time, time);
    if (raw.compressed)
      self->arena_queued += raw.size;
    if (raw.type != CS_PERF_RECORD_SAMPLE)
      self->n_sideband_queued++;
    _cs_perf_queue_push (&self->queue, &q);
  }
  if (self->queue.len - self->queue.head >= QUEUE_MAX || self->arena_queued >= ARENA_QUEUED_MAX)
    /* No round in sight: let the older half go. */
    _cs_perf_queue_release_half (&self->queue);
}

void
_cs_perf_reader_raw_from_queued (CsPerfReader       *self,
                                const CsPerfQueued *q,
                                CsPerfRaw          *raw)
{
  const guint8 *p = (q->where & CS_QUEUE_ARENA)
                    ? self->arena + (q->where & ~CS_QUEUE_ARENA)
                    : self->base + q->where;

  _cs_perf_reader_raw_from_bytes (self, p, raw);
  raw->offset = q->offset;
  raw->compressed = (q->where & CS_QUEUE_ARENA) != 0;
  if (raw->compressed)
    self->arena_queued -= raw->size;
  if (raw->type != CS_PERF_RECORD_SAMPLE)
    self->n_sideband_queued--;
  self->last_delivered_time = MAX (self->last_delivered_time, q->time);
}

void
_cs_perf_reader_stop_at_error (CsPerfReader *self,
                              GError       *error)
{
  /* Stop reading, but hand out what was read before the damage first. */
  if (self->pending_error == NULL)
    self->pending_error = error;
  else
    g_error_free (error);
  self->eof = TRUE;
  _cs_perf_queue_release (&self->queue, G_MAXUINT64);
}

gboolean
cs_perf_reader_next (CsPerfReader        *self,
                     const CsPerfRecord **record,
                     GError             **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  for (;;)
    {
      GError *local_error = NULL;
      const CsPerfQueued *q;
      CsPerfRaw raw;

      /* A FINISHED_ROUND goes out before the records it releases, as in perf. */
      if (self->has_pending)
        {
          raw = self->pending;
          self->has_pending = FALSE;
        }
      else if ((q = _cs_perf_queue_pop (&self->queue)) != NULL)
        _cs_perf_reader_raw_from_queued (self, q, &raw);
      else
        {
          if (self->pending_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&self->pending_error));
              return FALSE;
            }
          if (self->eof)
            return FALSE;
          if (self->cancellable != NULL && self->cancel_tick++ % CANCEL_EVERY == 0 &&
              g_cancellable_is_cancelled (self->cancellable))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           _("Reading %s was cancelled"), self->name);
              return FALSE;
            }
          _cs_perf_reader_step (self);
          continue;
        }

      if (_cs_perf_reader_decode (self, &raw, &local_error))
        {
          *record = &self->record;
          return TRUE;
        }
      if (local_error != NULL)
        {
          _cs_perf_reader_stop_at_error (self, local_error);
          continue;
        }
      /* a sample of no known attr: skipped */
    }
}

gboolean
cs_perf_reader_foreach (CsPerfReader      *self,
                        CsPerfRecordFunc   func,
                        gpointer           user_data,
                        GError           **error)
{
  const CsPerfRecord *record;
  GError *local_error = NULL;

  g_return_val_if_fail (func != NULL, FALSE);

  while (cs_perf_reader_next (self, &record, &local_error))
    if (!func (record, user_data))
      return TRUE;
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

void
cs_perf_reader_rewind (CsPerfReader *self)
{
  self->pos = self->stream_start;
  self->eof = FALSE;
  g_clear_error (&self->pending_error);
  self->inflating = FALSE;
  self->zin = NULL;
  self->zin_len = self->zin_pos = 0;
  if (self->zstd != NULL)
    ZSTD_initDStream (self->zstd);
  self->arena_len = self->arena_parse = 0;
  self->arena_skip = self->arena_queued = 0;
  _cs_perf_queue_reset (&self->queue);
  self->flush_limit = 0;
  self->max_time = 0;
  self->last_delivered_time = 0;
  self->has_pending = FALSE;
  self->cancel_tick = 0;
  self->n_sideband_queued = 0;
  self->scan_pos = self->stream_start;
  self->scan_sideband = G_MAXUINT64;
  self->n_scan_rounds = 0;
  memset (&self->stats, 0, sizeof self->stats);
}

void
cs_perf_reader_set_ordered (CsPerfReader *self,
                            gboolean      ordered)
{
  self->ordered = !!ordered;
}

void
cs_perf_reader_set_cancellable (CsPerfReader *self,
                                GCancellable *cancellable)
{
  g_set_object (&self->cancellable, cancellable);
}

void
cs_perf_reader_get_progress (CsPerfReader *self,
                             guint64      *done,
                             guint64      *total)
{
  guint64 t = self->data_end - self->stream_start;
  guint64 d = self->pos > self->stream_start ? self->pos - self->stream_start : 0;

  if (done)
    *done = MIN (d, t);
  if (total)
    *total = t;
}
