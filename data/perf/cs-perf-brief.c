/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-brief.c — streaming samples for aggregation, without the detour
 *
 * cs_perf_reader_foreach decodes every record into the full CsPerfRecord
 * and sends every timed record through the ordering queue. Aggregation
 * needs five fields of a SAMPLE, and only needs the order of samples
 * relative to the records that change the address space (MMAP, COMM, FORK,
 * EXIT, …, called side-band here): samples among themselves may come in any
 * order. So:
 *
 *  - a SAMPLE whose fields all have a fixed size (the usual IP, TID, TIME,
 *    PERIOD, CPU, ID… layout) is read straight from its bytes into a
 *    CsPerfBrief, in batches, with no CsPerfRecord and no call per sample;
 *    so is one with a call chain (-g), whose fields up to the chain are
 *    fixed: the brief points at the chain in the mapping, and what follows
 *    it (registers, stack copies) is not needed;
 *
 *  - long stretches of samples skip the queue. perf's ordering delivers a
 *    record read in round r (between FINISHED_ROUNDs r-1 and r) at the end
 *    of round r or r+1 at the latest, since the limit of round r+1 is the
 *    newest time seen up to the end of round r. A look-ahead over the
 *    record headers finds the next side-band record; when none is queued
 *    and none comes before the end of round r+1, nothing a sample of round
 *    r can be ordered against exists, and it is delivered as it is read.
 *    The queue's bookkeeping (the newest time, each round's limit) goes on
 *    as before, so where side-band records are, the order is perf's
 *    exactly.
 *
 * Compressed stream stretches and byte-swapped files take the general path
 * (the queue, and the full decoder for swapped samples); the result is the
 * same, only slower.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-perf-private.h"

#define BATCH         256
#define CANCEL_EVERY  4096
#define NO_POSITION   G_MAXUINT64

typedef struct
{
  CsPerfReader     *reader;
  CsPerfRecordFunc  func;
  CsPerfBriefFunc   sample_func;
  gpointer          user_data;
  gboolean          stopped;
  guint             n;
  CsPerfBrief       batch[BATCH];
} Sink;

static inline const CsPerfBriefLayout *
layout_for (CsPerfReader     *self,
            const CsPerfAttr *attr)
{
  CsPerfBriefLayout *l;

  if (G_UNLIKELY (self->brief_layouts == NULL))
    self->brief_layouts = g_array_new (FALSE, TRUE, sizeof (CsPerfBriefLayout));
  if (G_UNLIKELY (attr->index >= self->brief_layouts->len))
    g_array_set_size (self->brief_layouts, attr->index + 1);
  l = &g_array_index (self->brief_layouts, CsPerfBriefLayout, attr->index);
  if (G_UNLIKELY (!l->computed))
    _cs_perf_brief_compute_layout (self, &attr->attr, l);
  return l;
}

static inline guint64
load_u64 (const guint8 *body,
          gint8         index)
{
  guint64 v;

  memcpy (&v, body + (gsize) index * 8, 8);
  return v;
}

static void
flush (Sink *sink)
{
  if (sink->n > 0)
    sink->sample_func (sink->batch, sink->n, sink->user_data);
  sink->n = 0;
}

static inline CsPerfBrief *
next_brief (Sink *sink)
{
  if (G_UNLIKELY (sink->n == BATCH))
    flush (sink);
  return &sink->batch[sink->n++];
}

/* TRUE when a fixed-layout sample's @body_size bytes hold its fields
 * (and its call chain's entries). */
static inline gboolean
body_fits (const CsPerfBriefLayout *l,
           const guint8            *body,
           guint32                  body_size)
{
  if (body_size < l->body_size)
    return FALSE;
  return l->callchain < 0 || load_u64 (body, l->callchain) <= (body_size - l->body_size) / 8;
}

/* The fields of a fixed-layout sample of @attr from its @body. */
static inline void
fill_brief (CsPerfBrief             *b,
            const CsPerfBriefLayout *l,
            const CsPerfAttr        *attr,
            const guint8            *body,
            guint16                  misc,
            guint64                 *time)
{
  b->ip = l->ip >= 0 ? load_u64 (body, l->ip) : 0;
  if (l->tid >= 0)
    {
      memcpy (&b->pid, body + (gsize) l->tid * 8, 4);
      memcpy (&b->tid, body + (gsize) l->tid * 8 + 4, 4);
    }
  else
    b->pid = b->tid = 0;
  b->period = l->period >= 0 ? load_u64 (body, l->period) : l->default_period;
  b->attr = attr->index;
  b->misc = misc;
  b->reserved = 0;
  b->reserved2 = 0;
  if (l->cpu >= 0)
    memcpy (&b->cpu, body + (gsize) l->cpu * 8, 4);
  else
    b->cpu = CS_PERF_NO_CPU;
  if (l->callchain >= 0)
    {
      b->n_callchain = load_u64 (body, l->callchain);
      b->callchain = (const guint64 *) (body + (gsize) l->callchain * 8 + 8);
    }
  else
    {
      b->n_callchain = 0;
      b->callchain = NULL;
    }
  b->regs_abi = 0;
  b->regs_mask = 0;
  b->regs = NULL;
  b->stack = NULL;
  b->stack_size = 0;
  *time = l->time >= 0 ? load_u64 (body, l->time) : 0;
  b->time = *time;
}

/* The registers and the stack copy behind a fixed-layout sample's call
 * chain (l->tail), in the order of decode_sample(); FALSE when they do not
 * fit in the @body_size bytes (the full decoder then reports it). */
static gboolean
parse_tail (CsPerfBrief             *b,
            const CsPerfBriefLayout *l,
            const guint8            *body,
            guint32                  body_size)
{
  guint64 at = (guint64) l->callchain * 8 + 8 + b->n_callchain * 8;

  if (l->has_regs)
    {
      if (at + 8 > body_size)
        return FALSE;
      memcpy (&b->regs_abi, body + at, 8);
      at += 8;
      if (b->regs_abi != 0)
        {
          if (at + (guint64) l->n_regs * 8 > body_size)
            return FALSE;
          b->regs_mask = l->regs_mask;
          b->regs = (const guint64 *) (body + at);
          at += (guint64) l->n_regs * 8;
        }
    }
  if (l->has_stack)
    {
      guint64 size, dyn;

      if (at + 8 > body_size)
        return FALSE;
      memcpy (&size, body + at, 8);
      at += 8;
      if (size != 0)
        {
          if (size > body_size - at || at + size + 8 > body_size)
            return FALSE;
          b->stack = body + at;
          memcpy (&dyn, body + at + size, 8);
          b->stack_size = MIN (dyn, size);
        }
    }
  return TRUE;
}

/* A call chain outside the mapping (an inflated or queued copy) may be
 * overwritten by the next record: its batch is delivered at once. */
static inline void
flush_if_borrowed (Sink              *sink,
                   const CsPerfBrief *b)
{
  CsPerfReader *self = sink->reader;
  const guint8 *p = (const guint8 *) b->callchain;

  if ((b->n_callchain > 0 && (p < self->base || p >= self->base + self->len)) ||
      (b->stack != NULL && !cs_perf_reader_is_mapped (self, b->stack, b->stack_size)))
    flush (sink);
}

gboolean
cs_perf_reader_is_mapped (CsPerfReader  *self,
                          gconstpointer  p,
                          gsize          len)
{
  const guint8 *q = p;

  g_return_val_if_fail (self != NULL, FALSE);
  return q >= self->base && q <= self->base + self->len && len <= (gsize) (self->base + self->len - q);
}

/* A fixed-layout sample whose fields fit in its size, straight from its
 * bytes; FALSE when it needs the full decoder. *@time is 0 without one. */
static inline gboolean
brief_from_raw (CsPerfReader    *self,
                Sink            *sink,
                const CsPerfRaw *raw,
                guint64         *time)
{
  const CsPerfAttr *attr = _cs_perf_reader_attr_for_raw (self, raw);
  const CsPerfBriefLayout *l;
  CsPerfBrief *b;

  if (attr == NULL)
    return FALSE;
  l = layout_for (self, attr);
  if (!l->fixed || raw->size < 8 || !body_fits (l, raw->data + 8, (guint32) raw->size - 8))
    return FALSE;
  b = next_brief (sink);
  fill_brief (b, l, attr, raw->data + 8, raw->misc, time);
  if (l->tail && !parse_tail (b, l, raw->data + 8, (guint32) raw->size - 8))
    {
      sink->n--;
      return FALSE;
    }
  flush_if_borrowed (sink, b);
  return TRUE;
}

/* Any record, as cs_perf_reader_next would hand it out. */
static void
deliver (Sink            *sink,
         const CsPerfRaw *raw)
{
  CsPerfReader *self = sink->reader;
  const CsPerfRecord *r = &self->record;
  GError *error = NULL;
  guint64 time;

  if (raw->type == CS_PERF_RECORD_SAMPLE && brief_from_raw (self, sink, raw, &time))
    return;
  if (!_cs_perf_reader_decode (self, raw, &error))
    {
      /* a damaged record, or a sample of no known attr (skipped) */
      if (error != NULL)
        _cs_perf_reader_stop_at_error (self, error);
      return;
    }
  if (r->type == CS_PERF_RECORD_SAMPLE)
    {
      CsPerfBrief *b = next_brief (sink);

      b->ip = r->sample.ip;
      b->period = r->sample.period;
      b->pid = r->pid;
      b->tid = r->tid;
      b->attr = r->attr->index;
      b->misc = r->misc;
      b->reserved = 0;
      b->reserved2 = 0;
      b->time = r->time != CS_PERF_NO_TIME ? r->time : 0;
      b->cpu = (r->id_fields & CS_S_CPU) ? r->cpu : CS_PERF_NO_CPU;
      b->callchain = r->sample.n_callchain > 0 ? r->sample.callchain : NULL;
      b->n_callchain = r->sample.n_callchain;
      b->regs_abi = r->sample.regs_user.regs != NULL ? r->sample.regs_user.abi : 0;
      b->regs_mask = b->regs_abi != 0 ? r->sample.regs_user.mask : 0;
      b->regs = b->regs_abi != 0 ? r->sample.regs_user.regs : NULL;
      b->stack = r->sample.stack_user_size > 0 ? r->sample.stack_user : NULL;
      b->stack_size = b->stack != NULL ? MIN (r->sample.stack_user_dyn_size, r->sample.stack_user_size) : 0;
      /* (the decoder's chain and registers may live in its scratch buffer) */
      if (b->n_callchain > 0 || b->regs != NULL || b->stack != NULL)
        flush (sink);
      return;
    }
  flush (sink);
  if (!sink->func (r, sink->user_data))
    sink->stopped = TRUE;
}

/* TRUE when the samples from self->pos on can skip the queue: the next
 * record is a sample, no side-band record waits in the queue, and none
 * comes before the second FINISHED_ROUND ahead (see the top of the file).
 * Every record header is scanned once. */
static gboolean
quiet_ahead (CsPerfReader *self)
{
  guint64 pos = self->pos;
  CsPerfRaw raw;

  /* (A damaged record goes the general way, which reports it.) */
  if (self->inflating || self->n_sideband_queued > 0 || pos >= self->data_end ||
      self->data_end - pos < 8 || !_cs_perf_reader_raw_from_bytes (self, self->base + pos, &raw) ||
      raw.size > self->data_end - pos || raw.type != CS_PERF_RECORD_SAMPLE)
    return FALSE;
  if (!self->ordered)
    return TRUE;

  while (self->n_scan_rounds > 0 && self->scan_rounds[0] < pos)
    {
      self->scan_rounds[0] = self->scan_rounds[1];
      self->n_scan_rounds--;
    }
  if (self->scan_sideband != NO_POSITION && self->scan_sideband < pos)
    self->scan_sideband = NO_POSITION;
  if (self->scan_pos < pos)
    self->scan_pos = pos;

  while (self->n_scan_rounds < 2 && self->scan_sideband == NO_POSITION &&
         self->scan_pos < self->data_end)
    {
      guint64 at = self->scan_pos;

      /* Damage counts as side-band: the general path reports it. */
      if (self->data_end - at < 8 || !_cs_perf_reader_raw_from_bytes (self, self->base + at, &raw) ||
          raw.size > self->data_end - at)
        self->scan_sideband = at;
      else if (raw.type == CS_PERF_RECORD_FINISHED_ROUND)
        self->scan_rounds[self->n_scan_rounds++] = at;
      else if (raw.type != CS_PERF_RECORD_SAMPLE)
        self->scan_sideband = at;
      if (self->scan_sideband == NO_POSITION)
        self->scan_pos = at + raw.size;
    }
  if (self->scan_sideband == NO_POSITION)
    return TRUE;
  return self->n_scan_rounds == 2 && self->scan_rounds[1] < self->scan_sideband;
}

/* The inner loop for files whose samples all have layout @l of @attr: no
 * lookups, the reader's state in locals. Stops at the first record that is
 * not such a sample (the general code then takes it), at @stop, or after
 * @max records. */
static void
quiet_fixed (Sink                    *sink,
             const CsPerfAttr        *attr,
             const CsPerfBriefLayout *l,
             guint64                  stop,
             guint                    max)
{
  CsPerfReader *self = sink->reader;
  const guint8 *base = self->base;
  guint64 pos = self->pos;
  guint64 max_time = self->max_time;
  guint64 end = MIN (stop, self->data_end);
  guint32 body_size = l->body_size;
  guint n = sink->n;
  guint done = 0;

  while (done < max && pos < end && self->data_end - pos >= 8)
    {
      guint64 header, time;
      guint32 type;
      guint16 misc, size;

      /* A fixed layout means a native file: the header is host order. */
      memcpy (&header, base + pos, 8);
      type = (guint32) header;
      misc = (guint16) (header >> 32);
      size = (guint16) (header >> 48);
      if (type != CS_PERF_RECORD_SAMPLE || size < 8 + body_size || size > self->data_end - pos ||
          !body_fits (l, base + pos + 8, (guint32) size - 8))
        break;
      if (G_UNLIKELY (n == BATCH))
        {
          sink->n = n;
          flush (sink);
          n = 0;
        }
      fill_brief (&sink->batch[n], l, attr, base + pos + 8, misc, &time);
      if (l->tail && !parse_tail (&sink->batch[n], l, base + pos + 8, (guint32) size - 8))
        break;
      n++;
      if (time > max_time)
        max_time = time;
      pos += size;
      done++;
    }
  sink->n = n;
  self->stats.n_records[CS_PERF_RECORD_SAMPLE] += done;
  self->pos = pos;
  if (self->ordered)
    self->max_time = max_time;
}

/* Delivers the samples from self->pos up to the next record that is not a
 * sample (ordered: the next FINISHED_ROUND, as quiet_ahead() found), at
 * most CANCEL_EVERY of them. */
static void
run_quiet (Sink *sink)
{
  CsPerfReader *self = sink->reader;
  guint64 stop = self->data_end;
  const CsPerfQueued *q;

  if (self->ordered && self->n_scan_rounds > 0)
    stop = self->scan_rounds[0];

  /* What waits in the queue is samples only, delivered by round r+1 at the
   * latest: nothing can come between them and these. */
  _cs_perf_queue_release (&self->queue, G_MAXUINT64);
  while ((q = _cs_perf_queue_pop (&self->queue)) != NULL)
    {
      CsPerfRaw raw;

      _cs_perf_reader_raw_from_queued (self, q, &raw);
      deliver (sink, &raw);
    }

  /* Files of one attr (or whose samples carry no id): every sample has the
   * same layout. */
  if (self->attrs->len > 0 && (self->attrs->len == 1 || self->sample_id_pos < 0))
    {
      const CsPerfAttr *only = g_ptr_array_index (self->attrs, 0);
      const CsPerfBriefLayout *l = layout_for (self, only);

      guint64 before = self->pos;

      if (l->fixed)
        quiet_fixed (sink, only, l, stop, CANCEL_EVERY);
      if (self->pos != before)
        {
          self->header_high_water = MAX (self->header_high_water, self->pos);
          return;
        }
      /* A sample cut short: the general code below reports it. */
    }

  for (guint i = 0; i < CANCEL_EVERY && self->pos < stop && self->pending_error == NULL; i++)
    {
      guint64 left = self->data_end - self->pos;
      guint64 time = 0;
      CsPerfRaw raw;

      if (left < 8 || !_cs_perf_reader_raw_from_bytes (self, self->base + self->pos, &raw) ||
          raw.size > left || raw.type != CS_PERF_RECORD_SAMPLE)
        break;
      self->stats.n_records[CS_PERF_RECORD_SAMPLE]++;
      raw.offset = self->pos;
      raw.compressed = FALSE;
      if (!brief_from_raw (self, sink, &raw, &time))
        {
          deliver (sink, &raw);
          if (self->record.type == CS_PERF_RECORD_SAMPLE && self->record.time != CS_PERF_NO_TIME)
            time = self->record.time;
        }
      /* As the queue would: the newest time bounds the next round. */
      if (self->ordered && time != 0 && time > self->max_time)
        self->max_time = time;
      self->pos += raw.size;
    }
  /* Only HEADER_* records care, and none lies before self->pos unapplied. */
  self->header_high_water = MAX (self->header_high_water, self->pos);
}

gboolean
cs_perf_reader_foreach_brief (CsPerfReader     *self,
                              CsPerfRecordFunc  func,
                              CsPerfBriefFunc   sample_func,
                              gpointer          user_data,
                              GError          **error)
{
  g_autofree Sink *sink = g_new (Sink, 1);

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (func != NULL && sample_func != NULL, FALSE);

  sink->reader = self;
  sink->func = func;
  sink->sample_func = sample_func;
  sink->user_data = user_data;
  sink->stopped = FALSE;
  sink->n = 0;

  while (!sink->stopped)
    {
      const CsPerfQueued *q;
      CsPerfRaw raw;

      if (self->has_pending)
        {
          raw = self->pending;
          self->has_pending = FALSE;
          deliver (sink, &raw);
          continue;
        }
      if ((q = _cs_perf_queue_pop (&self->queue)) != NULL)
        {
          _cs_perf_reader_raw_from_queued (self, q, &raw);
          deliver (sink, &raw);
          continue;
        }
      if (self->pending_error != NULL)
        {
          flush (sink);
          g_propagate_error (error, g_steal_pointer (&self->pending_error));
          return FALSE;
        }
      if (self->eof)
        break;
      if (self->cancellable != NULL && self->cancel_tick++ % (CANCEL_EVERY / 64) == 0 &&
          g_cancellable_is_cancelled (self->cancellable))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                       _("Reading %s was cancelled"), self->name);
          return FALSE;
        }
      if (quiet_ahead (self))
        run_quiet (sink);
      else
        _cs_perf_reader_step (self);
    }
  flush (sink);
  return TRUE;
}
