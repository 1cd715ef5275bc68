/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-samples.c — keeping the samples of a file with call chains
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
 *
 * Threads are named as perf names them when it prints a sample: the last
 * COMM of the thread, else the one it inherited at FORK, else ":TID".
 */
#include "config.h"

#include "cs-profile-private.h"

#define PERF_CONTEXT_HV           ((guint64) -32)
#define PERF_CONTEXT_KERNEL       ((guint64) -128)
#define PERF_CONTEXT_USER         ((guint64) -512)
#define PERF_CONTEXT_MAX          ((guint64) -4095)

static guint
thread_hash (gconstpointer p)
{
  const CsProfileThread *t = p;

  return (guint) t->tid * 31u + (guint) t->pid + g_direct_hash (t->comm);
}

static gboolean
thread_equal (gconstpointer a,
              gconstpointer b)
{
  const CsProfileThread *x = a, *y = b;

  /* comms are interned: one pointer per name */
  return x->pid == y->pid && x->tid == y->tid && x->comm == y->comm;
}

void
_cs_profile_samples_init (CsProfile *self)
{
  self->sample_event = g_array_new (FALSE, FALSE, sizeof (guint16));
  self->sample_period = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->sample_region = g_array_new (FALSE, FALSE, sizeof (guint16));
  self->sample_thread = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->sample_stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->threads = g_ptr_array_new_with_free_func (g_free);
  self->thread_ids = g_hash_table_new (thread_hash, thread_equal);
  self->comms = g_string_chunk_new (1024);
  self->stacks = cs_call_stacks_new ();
}

void
_cs_profile_samples_clear (CsProfile *self)
{
  g_clear_pointer (&self->sample_event, g_array_unref);
  g_clear_pointer (&self->sample_period, g_array_unref);
  g_clear_pointer (&self->sample_region, g_array_unref);
  g_clear_pointer (&self->sample_thread, g_array_unref);
  g_clear_pointer (&self->sample_stack, g_array_unref);
  g_clear_pointer (&self->threads, g_ptr_array_unref);
  g_clear_pointer (&self->thread_ids, g_hash_table_unref);
  g_clear_pointer (&self->comms, g_string_chunk_free);
  g_clear_pointer (&self->stacks, cs_call_stacks_free);
}

/* The smallest SAMPLE record with a call chain: header, ip, tid, period,
 * nr and one entry. */
#define MIN_SAMPLE_BYTES 48

void
_cs_profile_stream_init_chains (CsProfileStream *st)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (st->reader);
  CsProfile *self = st->self;
  /* Room for as many samples as the data could hold: the pages of a
   * column are only touched as samples arrive, so the room costs no
   * memory, and the columns never move (doubling and copying them would
   * hold both copies at once, on top of the mapping). */
  guint reserve = (guint) MIN (info->data_size / MIN_SAMPLE_BYTES + 1024, G_MAXUINT / 8);

  g_array_unref (self->sample_event);
  g_array_unref (self->sample_period);
  g_array_unref (self->sample_thread);
  g_array_unref (self->sample_stack);
  self->sample_event = g_array_sized_new (FALSE, FALSE, sizeof (guint16), reserve);
  self->sample_period = g_array_sized_new (FALSE, FALSE, sizeof (guint64), reserve);
  self->sample_thread = g_array_sized_new (FALSE, FALSE, sizeof (guint32), reserve);
  self->sample_stack = g_array_sized_new (FALSE, FALSE, sizeof (guint32), reserve);
  if (self->marks != NULL)
    {
      g_array_unref (self->sample_region);
      self->sample_region = g_array_sized_new (FALSE, FALSE, sizeof (guint16), reserve);
    }
  st->thread_comms = g_hash_table_new (NULL, NULL);
  st->last_thread = G_MAXUINT32;
  st->chain = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 128);
}

void
_cs_profile_stream_clear_chains (CsProfileStream *st)
{
  g_clear_pointer (&st->thread_comms, g_hash_table_unref);
  g_clear_pointer (&st->chain, g_array_unref);
}

void
_cs_profile_stream_comm (CsProfileStream *st,
                         gint32           tid,
                         const char      *comm)
{
  const char *c = g_string_chunk_insert_const (st->self->comms, comm != NULL ? comm : "");

  g_hash_table_insert (st->thread_comms, GINT_TO_POINTER (tid), (gpointer) c);
  st->last_thread = G_MAXUINT32;
}

void
_cs_profile_stream_fork (CsProfileStream *st,
                         gint32           tid,
                         gint32           ptid)
{
  gpointer c = g_hash_table_lookup (st->thread_comms, GINT_TO_POINTER (ptid));

  if (c != NULL)
    g_hash_table_insert (st->thread_comms, GINT_TO_POINTER (tid), c);
  st->last_thread = G_MAXUINT32;
}

static guint32
thread_index (CsProfileStream *st,
              gint32           pid,
              gint32           tid)
{
  CsProfile *self = st->self;
  CsProfileThread key = { pid, tid, NULL };
  CsProfileThread *t;
  gpointer v;

  if (st->last_thread != G_MAXUINT32 && st->last_tid == tid)
    return st->last_thread;
  key.comm = g_hash_table_lookup (st->thread_comms, GINT_TO_POINTER (tid));
  if (key.comm == NULL)
    {
      g_autofree char *name = g_strdup_printf (":%d", tid);

      key.comm = g_string_chunk_insert_const (self->comms, name);
    }
  v = g_hash_table_lookup (self->thread_ids, &key);
  if (v == NULL)
    {
      t = g_memdup2 (&key, sizeof key);
      g_ptr_array_add (self->threads, t);
      g_hash_table_insert (self->thread_ids, t, GUINT_TO_POINTER (self->threads->len));
      v = GUINT_TO_POINTER (self->threads->len);
    }
  st->last_tid = tid;
  st->last_thread = GPOINTER_TO_UINT (v) - 1;
  return st->last_thread;
}

void
_cs_profile_stream_add_sample (CsProfileStream   *st,
                               const CsPerfBrief *b,
                               gboolean           kernel_mode,
                               guint32            module,
                               guint64            offset,
                               guint16            region)
{
  CsProfile *self = st->self;
  CsCallStacks *stacks = self->stacks;
  GArray *chain = st->chain;
  gint32 pid = (gint32) b->pid;
  /* 0: no marker seen yet */
  int context = 0;
  guint64 first_ip = 0;
  guint16 event = (guint16) b->attr;
  guint32 thread, node = 0;

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
  if (chain->len == 0 || first_ip != b->ip)
    {
      guint32 leaf = cs_call_stacks_add_frame (stacks, module, offset, kernel_mode ? CS_CALL_FRAME_KERNEL : 0);

      g_array_prepend_val (chain, leaf);
    }
  /* The prefix tree is rooted at the outermost caller. */
  for (guint i = chain->len; i > 0; i--)
    node = cs_call_stacks_add_node (stacks, node, g_array_index (chain, guint32, i - 1));

  thread = thread_index (st, pid, (gint32) b->tid);
  g_array_append_val (self->sample_event, event);
  g_array_append_val (self->sample_period, b->period);
  if (self->marks != NULL)
    g_array_append_val (self->sample_region, region);
  g_array_append_val (self->sample_thread, thread);
  g_array_append_val (self->sample_stack, node);
}

void
_cs_profile_samples_finish (CsProfile *self)
{
  self->samples.n = self->sample_stack->len;
  self->samples.event = (const guint16 *) self->sample_event->data;
  self->samples.period = (const guint64 *) self->sample_period->data;
  self->samples.region = self->marks != NULL ? (const guint16 *) self->sample_region->data : NULL;
  self->samples.thread = (const guint32 *) self->sample_thread->data;
  self->samples.stack = (const guint32 *) self->sample_stack->data;
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

const CsCallStacks *
cs_profile_get_call_stacks (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->stacks;
}

guint
cs_profile_get_n_threads (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->threads->len;
}

const CsProfileThread *
cs_profile_get_thread (CsProfile *self,
                       guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->threads->len, NULL);
  return g_ptr_array_index (self->threads, index);
}
