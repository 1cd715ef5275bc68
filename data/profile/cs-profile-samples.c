/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-samples.c — keeping every sample as a row of columns
 *
 * A sample's call chain is read the way perf's
 * thread__resolve_callchain_sample() reads it: entries from
 * PERF_CONTEXT_MAX up are markers that say whose addresses follow
 * (PERF_CONTEXT_KERNEL, PERF_CONTEXT_USER; the hypervisor's are looked up as
 * the kernel's), any other marker (a guest's) makes perf drop the chain, and
 * before the first marker an address's upper half says whether it is the
 * kernel's. The chain starts with the sampled ip; where it does not (a chain
 * without the kernel part of a kernel sample), the ip is put in front, since
 * perf counts the sample's own symbol as well.
 */
#include "config.h"

#include "cs-profile-private.h"

#define PERF_CONTEXT_HV           ((guint64) -32)
#define PERF_CONTEXT_KERNEL       ((guint64) -128)
#define PERF_CONTEXT_USER         ((guint64) -512)
#define PERF_CONTEXT_MAX          ((guint64) -4095)

/* The smallest SAMPLE record worth reserving room for: header, ip, tid,
 * time and period, what perf and the collector always write. */
#define MIN_SAMPLE_BYTES 40

void
_cs_profile_samples_init (CsProfile *self)
{
  self->sample_time = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->sample_period = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->sample_context = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->sample_location = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->large_periods = g_array_new (FALSE, FALSE, sizeof (CsProfileLargePeriod));
  self->contexts = g_array_new (FALSE, FALSE, sizeof (CsProfileContext));
  self->context_ids = g_hash_table_new (NULL, NULL);
  self->stacks = cs_call_stacks_new ();
}

void
_cs_profile_samples_clear (CsProfile *self)
{
  g_clear_pointer (&self->sample_time, g_array_unref);
  g_clear_pointer (&self->sample_period, g_array_unref);
  g_clear_pointer (&self->sample_context, g_array_unref);
  g_clear_pointer (&self->sample_location, g_array_unref);
  g_clear_pointer (&self->sample_stack, g_array_unref);
  g_clear_pointer (&self->large_periods, g_array_unref);
  g_clear_pointer (&self->contexts, g_array_unref);
  g_clear_pointer (&self->context_ids, g_hash_table_unref);
  g_clear_pointer (&self->location_event, g_free);
  g_clear_pointer (&self->location_region, g_free);
  g_clear_pointer (&self->stacks, cs_call_stacks_free);
}

/* A column of @size-byte cells with room for @reserve of them. */
static GArray *
reserved_column (GArray *old,
                 guint   size,
                 guint   reserve)
{
  if (old != NULL)
    g_array_unref (old);
  return g_array_sized_new (FALSE, FALSE, size, reserve);
}

void
_cs_profile_stream_init_samples (CsProfileStream *st)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (st->reader);
  CsProfile *self = st->self;
  /* Room for as many samples as the data could hold: the pages of a
   * column are only touched as samples arrive, so the room costs no
   * memory, and the columns rarely move (doubling and copying them would
   * hold both copies at once, on top of the mapping; only a compressed
   * file, whose data holds more than its size says, grows them). */
  guint reserve = (guint) MIN (info->data_size / MIN_SAMPLE_BYTES + 1024, G_MAXUINT / 8);

  self->sample_time = reserved_column (self->sample_time, sizeof (guint64), reserve);
  self->sample_period = reserved_column (self->sample_period, sizeof (guint32), reserve);
  self->sample_context = reserved_column (self->sample_context, sizeof (guint32), reserve);
  self->sample_location = reserved_column (self->sample_location, sizeof (guint32), reserve);
  if (self->has_call_chains)
    {
      self->sample_stack = reserved_column (self->sample_stack, sizeof (guint32), reserve);
      st->chain = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 128);
    }
  st->last_context = G_MAXUINT32;
}

void
_cs_profile_stream_clear_samples (CsProfileStream *st)
{
  g_clear_pointer (&st->chain, g_array_unref);
}

/* The (thread, cpu) pair's index. */
static guint32
context_index (CsProfileStream *st,
               guint32          thread,
               guint32          cpu)
{
  CsProfile *self = st->self;
  CsProfileContext c = { thread, cpu > G_MAXUINT16 ? CS_PROFILE_NO_CPU : (guint16) cpu, 0 };
  gpointer key, v;

  if (st->last_context != G_MAXUINT32 && st->last_context_thread == thread && st->last_cpu == cpu)
    return st->last_context;
  key = GSIZE_TO_POINTER (((gsize) thread << 16 | c.cpu) + 1);
  v = g_hash_table_lookup (self->context_ids, key);
  if (v == NULL)
    {
      g_array_append_val (self->contexts, c);
      v = GUINT_TO_POINTER (self->contexts->len);
      g_hash_table_insert (self->context_ids, key, v);
    }
  st->last_context_thread = thread;
  st->last_cpu = cpu;
  st->last_context = GPOINTER_TO_UINT (v) - 1;
  return st->last_context;
}

/* The frames of @b's recorded call chain into st->chain, innermost
 * first; returns the chain's first address (0: none). */
static guint64
recorded_chain (CsProfileStream   *st,
                const CsPerfBrief *b)
{
  CsCallStacks *stacks = st->self->stacks;
  GArray *chain = st->chain;
  gint32 pid = (gint32) b->pid;
  /* 0: no marker seen yet */
  int context = 0;
  guint64 first_ip = 0;

  g_array_set_size (chain, 0);
  for (guint64 i = 0; i < b->n_callchain; i++)
    {
      guint64 ip = b->callchain[i];
      gboolean kernel;
      guint32 m;
      guint64 o;

      if (ip >= PERF_CONTEXT_MAX)
        {
          if (ip == PERF_CONTEXT_KERNEL || ip == PERF_CONTEXT_HV)
            context = 1;
          else if (ip == PERF_CONTEXT_USER)
            context = 2;
          else
            {
              /* perf discards a chain with a guest's or an unknown marker */
              g_array_set_size (chain, 0);
              break;
            }
          continue;
        }
      kernel = context == 0 ? (ip >> 63) != 0 : context == 1;
      if (chain->len == 0)
        first_ip = ip;
      _cs_profile_stream_locate (st, kernel, pid, ip, &m, &o);
      m = cs_call_stacks_add_frame (stacks, m, o, kernel ? CS_CALL_FRAME_KERNEL : 0);
      g_array_append_val (chain, m);
    }
  return chain->len > 0 ? first_ip : 0;
}

guint32
_cs_profile_stream_intern_chain (CsProfileStream *st,
                                 guint64          first_ip,
                                 guint64          ip,
                                 gboolean         kernel_mode,
                                 guint32          module,
                                 guint64          offset)
{
  CsCallStacks *stacks = st->self->stacks;
  GArray *chain = st->chain;
  guint32 node = 0;

  if (chain->len == 0 || first_ip != ip)
    {
      guint32 leaf = cs_call_stacks_add_frame (stacks, module, offset, kernel_mode ? CS_CALL_FRAME_KERNEL : 0);

      g_array_prepend_val (chain, leaf);
    }
  /* The prefix tree is rooted at the outermost caller. */
  for (guint i = chain->len; i > 0; i--)
    node = cs_call_stacks_add_node (stacks, node, g_array_index (chain, guint32, i - 1));
  return node;
}

void
_cs_profile_stream_add_sample (CsProfileStream   *st,
                               const CsPerfBrief *b,
                               gboolean           kernel_mode,
                               guint32            module,
                               guint64            offset,
                               guint32            location)
{
  CsProfile *self = st->self;
  guint32 thread = _cs_profile_stream_thread (st, (gint32) b->pid, (gint32) b->tid, b->time);
  guint32 context = context_index (st, thread, b->cpu);
  guint32 period = (guint32) MIN (b->period, CS_PROFILE_PERIOD_LARGE);

  if (G_UNLIKELY (b->period >= CS_PROFILE_PERIOD_LARGE))
    {
      CsProfileLargePeriod large = { self->sample_time->len, 0, b->period };

      g_array_append_val (self->large_periods, large);
    }
  g_array_append_val (self->sample_time, b->time);
  g_array_append_val (self->sample_period, period);
  g_array_append_val (self->sample_context, context);
  g_array_append_val (self->sample_location, location);
  if (self->has_call_chains)
    {
      guint64 first_ip = recorded_chain (st, b);
      guint32 node;

      /* A copy of the user stack: its frames come later, from the unwinder
       * (cs-profile-unwind.c), with the recorded (kernel) part in front;
       * the row is the sample's in every column. */
      if (st->unwind != NULL && b->regs != NULL && b->stack_size > 0)
        node = _cs_profile_unwind_defer (st, b, self->sample_stack->len, first_ip, kernel_mode, module, offset);
      else
        node = _cs_profile_stream_intern_chain (st, first_ip, b->ip, kernel_mode, module, offset);
      g_array_append_val (self->sample_stack, node);
    }
}

void
_cs_profile_samples_set_views (CsProfile *self)
{
  CsProfile *owner = self->base != NULL ? self->base : self;

  self->samples.n = owner->sample_time->len;
  self->samples.time = (const guint64 *) owner->sample_time->data;
  self->samples.period = (const guint32 *) owner->sample_period->data;
  self->samples.context = (const guint32 *) owner->sample_context->data;
  self->samples.location = (const guint32 *) owner->sample_location->data;
  self->samples.stack = owner->sample_stack != NULL ? (const guint32 *) owner->sample_stack->data : NULL;
  self->samples.contexts = (const CsProfileContext *) owner->contexts->data;
  self->samples.n_contexts = owner->contexts->len;
  self->samples.location_event = owner->location_event;
  self->samples.location_region = owner->location_region;
  self->samples.n_locations = owner->table.n_keys;
  self->samples.large = (const CsProfileLargePeriod *) owner->large_periods->data;
  self->samples.n_large = owner->large_periods->len;
}

void
_cs_profile_samples_finish (CsProfile *self)
{
  self->location_event = g_new (guint16, MAX (self->table.n_keys, 1));
  for (guint k = 0; k < self->table.n_keys; k++)
    self->location_event[k] = self->table.keys[k].event;
  if (self->marks != NULL)
    {
      self->location_region = g_new (guint16, MAX (self->table.n_keys, 1));
      for (guint k = 0; k < self->table.n_keys; k++)
        self->location_region[k] = self->table.keys[k].region;
    }
  _cs_profile_samples_set_views (self);
}

guint64
_cs_profile_samples_large_period (const CsProfileSamples *samples,
                                  guint                   index)
{
  guint lo = 0, hi = samples->n_large;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (samples->large[mid].index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < samples->n_large && samples->large[lo].index == index ? samples->large[lo].period
                                                                     : CS_PROFILE_PERIOD_LARGE;
}

gsize
cs_profile_samples_get_row_size (const CsProfileSamples *samples)
{
  g_return_val_if_fail (samples != NULL, 0);
  return sizeof (guint64) + 3 * sizeof (guint32) + (samples->stack != NULL ? sizeof (guint32) : 0);
}

gboolean
cs_profile_has_call_chains (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), FALSE);
  return self->has_call_chains;
}

const CsProfileSamples *
cs_profile_get_samples (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return &self->samples;
}

const guint32 *
cs_profile_get_subset (CsProfile *self,
                       guint     *n_subset)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  if (n_subset != NULL)
    *n_subset = self->base != NULL ? self->n_subset : self->samples.n;
  return self->base != NULL ? self->subset : NULL;
}

const CsCallStacks *
cs_profile_get_call_stacks (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->stacks;
}
