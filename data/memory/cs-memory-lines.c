/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-lines.c — per-cacheline accumulators and false-sharing flags
 *
 * A line is identified by (pid, address / 64): the same virtual address in
 * two processes is usually two different pieces of memory, and sharing
 * across processes (shared mappings) would need physical addresses, which
 * a cpu-clock sample does not have.
 */
#include "config.h"

#include "cs-memory-private.h"

static guint
line_hash (gconstpointer key)
{
  const CsMemoryLine *l = key;
  guint64 h = (l->address / CS_MEMORY_LINE_SIZE) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ l->pid;

  return (guint) (h >> 32) ^ (guint) h;
}

static gboolean
line_equal (gconstpointer a,
            gconstpointer b)
{
  const CsMemoryLine *la = a, *lb = b;

  return la->pid == lb->pid && la->address == lb->address;
}

static void
line_acc_free (gpointer data)
{
  CsMemoryLineAcc *acc = data;

  g_clear_pointer (&acc->threads, g_array_unref);
  g_clear_pointer (&acc->ip_index, g_hash_table_unref);
  g_free (acc->ips);
  g_free (acc);
}

void
_cs_memory_lines_init (CsMemoryLines *lines)
{
  lines->by_key = g_hash_table_new_full (line_hash, line_equal, NULL, line_acc_free);
  lines->sorted = g_ptr_array_new ();
}

void
_cs_memory_lines_clear (CsMemoryLines *lines)
{
  g_clear_pointer (&lines->sorted, g_ptr_array_unref);
  g_clear_pointer (&lines->by_key, g_hash_table_unref);
}

/* Bits of the bytes [@offset, @offset + @size) that lie in the line. */
static guint64
byte_mask (guint offset,
           guint size)
{
  guint end = MIN (offset + MAX (size, 1), CS_MEMORY_LINE_SIZE);
  guint width = end - offset;

  if (width >= 64)
    return G_MAXUINT64;
  return ((G_GUINT64_CONSTANT (1) << width) - 1) << offset;
}

void
_cs_memory_lines_add (CsMemoryLines *lines,
                     guint32        pid,
                     guint32        tid,
                     guint64        address,
                     guint          size,
                     gboolean       is_load,
                     gboolean       is_store,
                     guint64        ip,
                     CsModule      *module,
                     guint64        offset,
                     gboolean       skid_corrected)
{
  CsMemoryLine probe = { .pid = pid, .address = address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1) };
  guint byte = (guint) (address & (CS_MEMORY_LINE_SIZE - 1));
  CsMemoryLineAcc *acc = g_hash_table_lookup (lines->by_key, &probe);
  CsMemoryThread *thread = NULL;
  CsMemoryIp *mip;

  if (acc == NULL)
    {
      acc = g_new0 (CsMemoryLineAcc, 1);
      acc->public.pid = pid;
      acc->public.address = probe.address;
      acc->threads = g_array_new (FALSE, TRUE, sizeof (CsMemoryThread));
      acc->ip_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
      g_hash_table_add (lines->by_key, acc);
    }
  acc->public.samples++;
  acc->public.loads += is_load ? 1 : 0;
  acc->public.stores += is_store ? 1 : 0;
  acc->public.offsets[byte]++;

  /* A handful of threads per line: a linear search is the fastest. */
  for (guint i = 0; i < acc->threads->len && thread == NULL; i++)
    if (g_array_index (acc->threads, CsMemoryThread, i).tid == tid)
      thread = &g_array_index (acc->threads, CsMemoryThread, i);
  if (thread == NULL)
    {
      CsMemoryThread fresh = { .tid = tid };

      g_array_append_val (acc->threads, fresh);
      thread = &g_array_index (acc->threads, CsMemoryThread, acc->threads->len - 1);
    }
  thread->samples++;
  thread->loads += is_load ? 1 : 0;
  thread->stores += is_store ? 1 : 0;
  thread->bytes |= byte_mask (byte, size);

  mip = g_hash_table_lookup (acc->ip_index, &ip);
  if (mip == NULL)
    {
      mip = g_new0 (CsMemoryIp, 1);
      mip->ip = ip;
      mip->module = module;
      mip->offset = offset;
      g_hash_table_insert (acc->ip_index, &mip->ip, mip);
    }
  mip->samples++;
  mip->skid_corrected += skid_corrected ? 1 : 0;
  mip->loads += is_load ? 1 : 0;
  mip->stores += is_store ? 1 : 0;
}

static int
compare_threads (gconstpointer a,
                 gconstpointer b)
{
  const CsMemoryThread *ta = a, *tb = b;

  if (ta->samples != tb->samples)
    return ta->samples > tb->samples ? -1 : 1;
  return ta->tid < tb->tid ? -1 : ta->tid > tb->tid;
}

static int
compare_ips (gconstpointer a,
             gconstpointer b)
{
  const CsMemoryIp *ia = *(CsMemoryIp * const *) a, *ib = *(CsMemoryIp * const *) b;

  if (ia->samples != ib->samples)
    return ia->samples > ib->samples ? -1 : 1;
  return ia->ip < ib->ip ? -1 : ia->ip > ib->ip;
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  const CsMemoryLine *la = *(CsMemoryLine * const *) a, *lb = *(CsMemoryLine * const *) b;

  if (la->samples != lb->samples)
    return la->samples > lb->samples ? -1 : 1;
  if (la->pid != lb->pid)
    return la->pid < lb->pid ? -1 : 1;
  return la->address < lb->address ? -1 : la->address > lb->address;
}

/* Two threads that touch disjoint bytes of the line, at least one of them
 * storing: each store invalidates the other's copy although they never
 * share data. Threads touching the same bytes share data (true sharing),
 * which padding would not cure. */
static gboolean
is_false_sharing (const CsMemoryThread *threads,
                  guint                 n_threads)
{
  for (guint i = 0; i < n_threads; i++)
    for (guint j = i + 1; j < n_threads; j++)
      if ((threads[i].stores > 0 || threads[j].stores > 0) &&
          (threads[i].bytes & threads[j].bytes) == 0)
        return TRUE;
  return FALSE;
}

static void
finish_line (CsMemoryLineAcc *acc,
             CsSymbolizer    *symbolizer)
{
  g_autoptr(GPtrArray) ips = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  guint n;

  g_array_sort (acc->threads, compare_threads);
  acc->public.threads = (const CsMemoryThread *) acc->threads->data;
  acc->public.n_threads = acc->threads->len;
  acc->public.false_sharing = is_false_sharing (acc->public.threads, acc->public.n_threads);

  g_hash_table_iter_init (&iter, acc->ip_index);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (ips, value);
  g_ptr_array_sort (ips, compare_ips);
  n = MIN (ips->len, CS_MEMORY_LINE_MAX_IPS);
  acc->ips = g_new0 (CsMemoryIp, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      CsMemoryIp *ip = &acc->ips[i];

      *ip = *(const CsMemoryIp *) g_ptr_array_index (ips, i);
      if (ip->module != NULL)
        {
          const CsLocation *loc = cs_symbolizer_resolve_symbol (symbolizer, ip->module, ip->offset);

          ip->symbol = loc != NULL && loc->symbol != NULL ? loc->symbol->name : NULL;
        }
    }
  acc->public.ips = acc->ips;
  acc->public.n_ips = n;
  /* Only the hottest instructions are kept. */
  g_clear_pointer (&acc->ip_index, g_hash_table_unref);
}

void
_cs_memory_lines_finish (CsMemoryLines *lines,
                        CsSymbolizer  *symbolizer)
{
  GHashTableIter iter;
  gpointer key;

  g_ptr_array_set_size (lines->sorted, 0);
  g_hash_table_iter_init (&iter, lines->by_key);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      finish_line (key, symbolizer);
      g_ptr_array_add (lines->sorted, key);
    }
  g_ptr_array_sort (lines->sorted, compare_lines);
}

const CsMemoryLine *
_cs_memory_lines_find (CsMemoryLines *lines,
                      guint32        pid,
                      guint64        address)
{
  CsMemoryLine probe = { .pid = pid, .address = address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1) };
  CsMemoryLineAcc *acc = g_hash_table_lookup (lines->by_key, &probe);

  return acc != NULL ? &acc->public : NULL;
}
