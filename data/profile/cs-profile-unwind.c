/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-unwind.c — the stacks of samples recorded with a copy of the
 * user stack (--call-graph dwarf), as a stack source like call chains
 *
 * While the file is read, such a sample is kept like any other, its
 * recorded chain (the kernel's part: perf records --call-graph dwarf with
 * exclude_callchain_user) interned at once and its stack node left for
 * later. Samples wait in a batch with pointers to their registers and
 * stack bytes in the file's mapping (nothing is copied unless the reader
 * had to inflate or swap them), and the batch is unwound on every core
 * (cs-unwinder.h) when it is full, when the file ends, and before any
 * record that changes a process's maps: so each sample is unwound with
 * the maps it saw, and memory stays bounded by one batch.
 *
 * The batch's stacks are then interned in sample order — kernel part,
 * then the unwound user frames, the sampled ip in front when neither
 * starts with it, as cs-profile-samples.c does for call chains — so the
 * stack nodes, like the unwinding, do not depend on the number of threads.
 *
 * A walk cut short because the stack went on beyond its copy gets one
 * more frame beyond its last: address -1 of "[unknown]", where perf
 * report's own unwinding leaves its 0xffffffffffffffff. The stack then
 * begins with no entry and counts as broken even when the walk stopped in
 * an entry's frame (__libc_start_call_main), and the trees show where
 * callers are missing. A walk that stopped for another reason (code
 * without call-frame information, a file that is gone) ends where it
 * stopped, broken unless that is an entry, like a call chain.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-profile-private.h"
#include "cs-unwinder.h"

/* Samples per batch: 4 MB of frames; the copies of unmapped stacks are
 * bounded too. */
#define BATCH       4096
#define MAX_COPIES  (64 * 1024 * 1024)

typedef struct
{
  guint32  row;
  guint32  prefix;       /* its recorded frames: prefix[prefix … prefix + n_prefix) */
  guint32  n_prefix;
  guint32  module;       /* the sampled ip's key */
  guint64  offset;
  guint64  ip;
  guint64  first_ip;     /* the recorded chain's first address, 0: none */
  gboolean kernel_mode;
  gsize    copy;         /* where its registers and stack are in copies, G_MAXSIZE: mapped */
} Pending;

typedef struct _CsProfileUnwind
{
  CsUnwinder     *unwinder;
  GArray         *pending;      /* Pending */
  GArray         *samples;      /* CsUnwindSample, one per pending */
  GArray         *prefix;       /* guint32 frames */
  GByteArray     *copies;
  GHashTable     *maps;         /* pid -> GPtrArray of its mappings, until they change */
  guint64        *frames;       /* [BATCH * CS_UNWIND_MAX_FRAMES] */
  CsUnwindResult *results;      /* [BATCH] */
  gboolean        failed;       /* cancelled: the rest is not unwound */
} CsProfileUnwind;

void
_cs_profile_unwind_start (CsProfileStream *st)
{
  CsProfileUnwind *u = g_new0 (CsProfileUnwind, 1);
  const CsPerfInfo *info = cs_perf_reader_get_info (st->reader);

  u->unwinder = cs_unwinder_new (st->self->symbolizer, info->arch, info->osrelease, 0);
  if (!cs_unwinder_is_supported (u->unwinder))
    g_ptr_array_add (st->self->warnings,
                     g_strdup_printf (_("The samples carry copies of the user stack, but stacks of %s "
                                        "programs cannot be unwound here: only their kernel part is "
                                        "shown. Record with frame pointers (--call-graph fp) instead."),
                                      info->arch != NULL ? info->arch : _("this architecture")));
  u->pending = g_array_sized_new (FALSE, FALSE, sizeof (Pending), BATCH);
  u->samples = g_array_sized_new (FALSE, FALSE, sizeof (CsUnwindSample), BATCH);
  u->prefix = g_array_new (FALSE, FALSE, sizeof (guint32));
  u->copies = g_byte_array_new ();
  u->maps = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  u->frames = g_new (guint64, (gsize) BATCH * CS_UNWIND_MAX_FRAMES);
  u->results = g_new (CsUnwindResult, BATCH);
  st->unwind = u;
}

void
_cs_profile_unwind_clear (CsProfileStream *st)
{
  CsProfileUnwind *u = st->unwind;

  if (u == NULL)
    return;
  g_clear_pointer (&u->unwinder, cs_unwinder_free);
  g_array_unref (u->pending);
  g_array_unref (u->samples);
  g_array_unref (u->prefix);
  g_byte_array_unref (u->copies);
  g_hash_table_unref (u->maps);
  g_free (u->frames);
  g_free (u->results);
  g_free (u);
  st->unwind = NULL;
}

const char *
_cs_profile_stream_stage (CsProfileStream *st)
{
  return st->unwind != NULL ? _("Unwinding call stacks") : _("Reading samples");
}

/* Keeps @len bytes at @p: a pointer into the mapping, else an offset into
 * the copies (which move as they grow, so pointers are made at flush). */
static const guint8 *
keep (CsProfileStream *st,
      const void      *p,
      gsize            len,
      gsize           *copy)
{
  CsProfileUnwind *u = st->unwind;

  if (cs_perf_reader_is_mapped (st->reader, p, len))
    return p;
  if (*copy == G_MAXSIZE)
    *copy = u->copies->len;
  g_byte_array_append (u->copies, p, (guint) len);
  return NULL;
}

static gboolean unwind_batch (CsProfileStream *st,
                              GError         **error);

guint32
_cs_profile_unwind_defer (CsProfileStream   *st,
                          const CsPerfBrief *b,
                          guint32            row,
                          guint64            first_ip,
                          gboolean           kernel_mode,
                          guint32            module,
                          guint64            offset)
{
  CsProfileUnwind *u = st->unwind;
  Pending p = { 0 };
  CsUnwindSample s = { 0 };
  gsize n_regs = (gsize) __builtin_popcountll (b->regs_mask);

  /* Before this sample joins: its row does not exist yet. */
  if (u->pending->len == BATCH || u->copies->len >= MAX_COPIES)
    unwind_batch (st, NULL);

  p.row = row;
  p.prefix = u->prefix->len;
  p.n_prefix = st->chain->len;
  p.module = module;
  p.offset = offset;
  p.ip = b->ip;
  p.first_ip = first_ip;
  p.kernel_mode = kernel_mode;
  p.copy = G_MAXSIZE;
  g_array_append_vals (u->prefix, st->chain->data, st->chain->len);

  s.pid = (gint32) b->pid;
  s.tid = (gint32) b->tid;
  s.regs_abi = b->regs_abi;
  s.regs_mask = b->regs_mask;
  s.n_regs = (guint) n_regs;
  s.regs = (const guint64 *) keep (st, b->regs, n_regs * 8, &p.copy);
  s.stack = keep (st, b->stack, b->stack_size, &p.copy);
  s.stack_size = b->stack_size;
  g_array_append_val (u->pending, p);
  g_array_append_val (u->samples, s);
  return 0;
}

/* The mappings of @pid now, shared by its samples until they change. */
static GPtrArray *
maps_of (CsProfileStream *st,
         gint32           pid)
{
  CsProfileUnwind *u = st->unwind;
  GPtrArray *maps = g_hash_table_lookup (u->maps, GINT_TO_POINTER (pid));

  if (maps == NULL)
    {
      maps = cs_address_space_dup_mappings (st->space, pid);
      g_hash_table_insert (u->maps, GINT_TO_POINTER (pid), maps);
    }
  return maps;
}

/* The batch's stacks in sample order: recorded part, then unwound frames. */
static void
intern_batch (CsProfileStream *st)
{
  CsProfileUnwind *u = st->unwind;
  CsCallStacks *stacks = st->self->stacks;
  guint32 *rows = (guint32 *) st->self->sample_stack->data;

  for (guint i = 0; i < u->pending->len; i++)
    {
      const Pending *p = &g_array_index (u->pending, Pending, i);
      const CsUnwindSample *s = &g_array_index (u->samples, CsUnwindSample, i);
      const guint64 *frames = u->frames + (gsize) i * CS_UNWIND_MAX_FRAMES;
      guint64 first_ip = p->first_ip;

      g_array_set_size (st->chain, 0);
      /* (an empty prefix array has no data: no pointer arithmetic on NULL) */
      if (p->n_prefix > 0)
        g_array_append_vals (st->chain, &g_array_index (u->prefix, guint32, p->prefix), p->n_prefix);
      if (p->n_prefix == 0 && u->results[i].n_frames > 0)
        first_ip = frames[0];
      for (guint k = 0; k < u->results[i].n_frames; k++)
        {
          guint32 m, f;
          guint64 o;

          _cs_profile_stream_locate (st, FALSE, s->pid, frames[k], &m, &o);
          f = cs_call_stacks_add_frame (stacks, m, o, 0);
          g_array_append_val (st->chain, f);
        }
      if (u->results[i].cut)
        {
          guint32 cut = cs_call_stacks_add_frame (stacks, st->unknown_module, G_MAXUINT64, 0);

          g_array_append_val (st->chain, cut);
        }
      rows[p->row] = _cs_profile_stream_intern_chain (st, first_ip, p->ip, p->kernel_mode, p->module, p->offset);
    }
}

static gboolean
unwind_batch (CsProfileStream  *st,
              GError          **error)
{
  CsProfileUnwind *u = st->unwind;
  guint n = u->pending->len;

  if (n == 0)
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      const Pending *p = &g_array_index (u->pending, Pending, i);
      CsUnwindSample *s = &g_array_index (u->samples, CsUnwindSample, i);

      s->maps = maps_of (st, s->pid);
      if (p->copy != G_MAXSIZE)
        {
          /* in the order keep() appended them */
          const guint8 *at = u->copies->data + p->copy;

          if (s->regs == NULL)
            {
              s->regs = (const guint64 *) at;
              at += (gsize) s->n_regs * 8;
            }
          if (s->stack == NULL)
            s->stack = at;
        }
    }
  if (!u->failed && cs_unwinder_is_supported (u->unwinder) &&
      !cs_unwinder_unwind (u->unwinder, (const CsUnwindSample *) u->samples->data, n, u->frames,
                           u->results, st->cancellable, error))
    u->failed = TRUE;
  if (u->failed || !cs_unwinder_is_supported (u->unwinder))
    memset (u->results, 0, sizeof *u->results * n);
  intern_batch (st);
  g_array_set_size (u->pending, 0);
  g_array_set_size (u->samples, 0);
  g_array_set_size (u->prefix, 0);
  g_byte_array_set_size (u->copies, 0);
  return !u->failed;
}

void
_cs_profile_unwind_maps_change (CsProfileStream *st)
{
  if (st->unwind == NULL)
    return;
  unwind_batch (st, NULL);
  g_hash_table_remove_all (st->unwind->maps);
}

gboolean
_cs_profile_unwind_finish (CsProfileStream  *st,
                           GError          **error)
{
  if (st->unwind == NULL)
    return TRUE;
  unwind_batch (st, NULL);
  if (!st->unwind->failed)
    return TRUE;
  if (!g_cancellable_set_error_if_cancelled (st->cancellable, error))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Unwinding was cancelled"));
  return FALSE;
}
