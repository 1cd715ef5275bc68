/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-lines.c — cachelines from a set of accesses, and their verdicts
 *
 * Each access already names its line (CsMemoryAccess.line, see
 * cs-memory-keys.c), so building the lines of any subset of the samples is
 * one pass over them into per-line accumulators indexed by that id.
 */
#include "config.h"

#include "cs-memory-private.h"

typedef struct
{
  CsMemoryLine  public;    /* first: the sorted array points here */
  GArray       *threads;   /* CsMemoryThread */
  GArray       *addresses; /* guint64: the line's address in each thread's process */
  GHashTable   *ip_index;  /* IpKey* -> CsMemoryIp* (owned) */
  CsMemoryIp   *ips;       /* the hottest, after finishing */
} LineAcc;

/* An instruction is the same in every process that maps its module at
 * the same file offset; unmapped code is told apart by process and IP. */
typedef struct
{
  CsModule *module;
  guint64   offset;
  guint32   pid;
} IpKey;

static guint
ip_hash (gconstpointer p)
{
  const IpKey *k = p;

  return _cs_memory_hash2 (k->offset, GPOINTER_TO_SIZE (k->module) ^ k->pid);
}

static gboolean
ip_equal (gconstpointer a,
          gconstpointer b)
{
  const IpKey *x = a, *y = b;

  return x->module == y->module && x->offset == y->offset && x->pid == y->pid;
}

static void
line_acc_free (gpointer data)
{
  LineAcc *acc = data;

  g_clear_pointer (&acc->threads, g_array_unref);
  g_clear_pointer (&acc->addresses, g_array_unref);
  g_clear_pointer (&acc->ip_index, g_hash_table_unref);
  g_free (acc->ips);
  g_free (acc);
}

void
_cs_memory_lines_clear (CsMemoryLines *lines)
{
  g_clear_pointer (&lines->sorted, g_ptr_array_unref);
  g_clear_pointer (&lines->by_id, g_hash_table_unref);
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

static CsMemoryThread *
thread_of (LineAcc              *acc,
           const CsMemoryAccess *a)
{
  CsMemoryThread fresh = { .pid = a->pid, .tid = a->tid };
  guint64 address = a->address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1);

  /* A handful of threads per line: a linear search is the fastest. */
  for (guint i = 0; i < acc->threads->len; i++)
    {
      CsMemoryThread *t = &g_array_index (acc->threads, CsMemoryThread, i);

      if (t->tid == a->tid && t->pid == a->pid)
        return t;
    }
  g_array_append_val (acc->threads, fresh);
  g_array_append_val (acc->addresses, address);
  return &g_array_index (acc->threads, CsMemoryThread, acc->threads->len - 1);
}

static CsMemoryIp *
ip_of (LineAcc                *acc,
       const CsMemoryAccess   *a,
       const CsMemorySite     *site)
{
  IpKey probe = { NULL, a->ip, a->pid };
  CsMemoryIp *mip;
  IpKey *key;

  if (site != NULL && site->module != NULL)
    probe = (IpKey) { site->module, site->offset, 0 };
  if ((mip = g_hash_table_lookup (acc->ip_index, &probe)) != NULL)
    return mip;
  mip = g_new0 (CsMemoryIp, 1);
  mip->ip = a->ip;
  mip->pid = a->pid;
  mip->module = site != NULL ? site->module : NULL;
  mip->offset = site != NULL ? site->offset : 0;
  key = g_memdup2 (&probe, sizeof probe);
  g_hash_table_insert (acc->ip_index, key, mip);
  return mip;
}

static void
add (LineAcc              *acc,
     const CsMemoryAccess *a,
     const CsMemorySite   *site)
{
  guint byte = (guint) (a->address & (CS_MEMORY_LINE_SIZE - 1));
  gboolean load = (a->flags & CS_MEMORY_ACCESS_LOAD) != 0;
  gboolean store = (a->flags & CS_MEMORY_ACCESS_STORE) != 0;
  CsMemoryThread *thread = thread_of (acc, a);
  CsMemoryIp *mip = ip_of (acc, a, site);
  guint64 mask = byte_mask (byte, a->size);

  acc->public.samples++;
  acc->public.loads += load;
  acc->public.stores += store;
  acc->public.offsets[byte]++;
  thread->samples++;
  thread->loads += load;
  thread->stores += store;
  thread->bytes |= mask;
  if (store)
    thread->store_bytes |= mask;
  mip->samples++;
  mip->skid_corrected += (a->flags & CS_MEMORY_ACCESS_SKID) != 0;
  mip->loads += load;
  mip->stores += store;
}

CsMemorySharing
cs_memory_sharing_of (const CsMemoryThread *threads,
                      guint                 n_threads,
                      gboolean             *false_sharing,
                      gboolean             *true_sharing)
{
  gboolean f = FALSE, t = FALSE;

  for (guint i = 0; i < n_threads; i++)
    for (guint j = i + 1; j < n_threads; j++)
      {
        const CsMemoryThread *a = &threads[i], *b = &threads[j];

        /* Disjoint bytes, one of them written: each write invalidates the
         * other's copy although they never share data. */
        if ((a->stores > 0 || b->stores > 0) && (a->bytes & b->bytes) == 0)
          f = TRUE;
        /* Bytes one writes and the other uses: the data itself moves
         * between them, and padding would not help. */
        if ((a->store_bytes & b->bytes) != 0 || (b->store_bytes & a->bytes) != 0)
          t = TRUE;
      }
  if (false_sharing != NULL)
    *false_sharing = f;
  if (true_sharing != NULL)
    *true_sharing = t;
  return f ? CS_MEMORY_SHARING_FALSE : t ? CS_MEMORY_SHARING_TRUE : CS_MEMORY_SHARING_NONE;
}

const char *
cs_memory_sharing_to_string (CsMemorySharing sharing)
{
  switch (sharing)
    {
    case CS_MEMORY_SHARING_FALSE: return "false";
    case CS_MEMORY_SHARING_TRUE:  return "true";
    case CS_MEMORY_SHARING_NONE:
    default:                      return "none";
    }
}

static int
compare_threads (gconstpointer a,
                 gconstpointer b)
{
  const CsMemoryThread *ta = a, *tb = b;

  if (ta->samples != tb->samples)
    return ta->samples > tb->samples ? -1 : 1;
  if (ta->pid != tb->pid)
    return ta->pid < tb->pid ? -1 : 1;
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

static void
finish_line (LineAcc      *acc,
             CsMemoryData *data)
{
  CsMemoryLine *line = &acc->public;
  g_autoptr(GPtrArray) ips = g_ptr_array_new ();
  g_autoptr(GHashTable) pids = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer value;
  guint busiest = 0;
  guint n;

  /* The busiest thread's process and address name the line. */
  for (guint i = 1; i < acc->threads->len; i++)
    if (compare_threads (&g_array_index (acc->threads, CsMemoryThread, i),
                         &g_array_index (acc->threads, CsMemoryThread, busiest)) < 0)
      busiest = i;
  line->pid = g_array_index (acc->threads, CsMemoryThread, busiest).pid;
  line->address = g_array_index (acc->addresses, guint64, busiest);
  for (guint i = 0; i < acc->threads->len; i++)
    g_hash_table_add (pids, GUINT_TO_POINTER (g_array_index (acc->threads, CsMemoryThread, i).pid));
  line->n_processes = g_hash_table_size (pids);

  g_array_sort (acc->threads, compare_threads);
  line->threads = (const CsMemoryThread *) acc->threads->data;
  line->n_threads = acc->threads->len;
  line->sharing = cs_memory_sharing_of (line->threads, line->n_threads, &line->false_sharing,
                                        &line->true_sharing);

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
          const CsLocation *loc = cs_symbolizer_resolve_symbol (data->symbolizer, ip->module, ip->offset);

          ip->symbol = loc != NULL && loc->symbol != NULL ? loc->symbol->name : NULL;
        }
    }
  line->ips = acc->ips;
  line->n_ips = n;
  /* Only the hottest instructions are kept. */
  g_clear_pointer (&acc->ip_index, g_hash_table_unref);
}

void
_cs_memory_lines_build (CsMemoryLines        *lines,
                        CsMemoryData         *data,
                        const CsMemoryAccess *accesses,
                        guint                 n)
{
  g_autofree LineAcc **accs = g_new0 (LineAcc *, MAX (data->keys->len, 1));
  const CsMemorySite *site = NULL;
  guint32 site_pid = 0;
  guint64 site_ip = 0;

  lines->sorted = g_ptr_array_new_with_free_func (line_acc_free);
  lines->by_id = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n; i++)
    {
      const CsMemoryAccess *a = &accesses[i];
      LineAcc *acc = accs[a->line];

      if (acc == NULL)
        {
          const CsMemoryKey *key = g_ptr_array_index (data->keys, a->line);

          acc = accs[a->line] = g_new0 (LineAcc, 1);
          acc->public.id = a->line;
          acc->public.shared = key->shared;
          acc->public.region = key->region;
          acc->threads = g_array_new (FALSE, TRUE, sizeof (CsMemoryThread));
          acc->addresses = g_array_new (FALSE, FALSE, sizeof (guint64));
          acc->ip_index = g_hash_table_new_full (ip_hash, ip_equal, g_free, g_free);
          g_ptr_array_add (lines->sorted, acc);
          g_hash_table_insert (lines->by_id, GUINT_TO_POINTER (a->line), acc);
        }
      /* The same few IPs come in long runs. */
      if (site == NULL || a->pid != site_pid || a->ip != site_ip)
        {
          CsMemorySiteKey probe = { a->pid, a->ip };

          site = data->sites != NULL ? g_hash_table_lookup (data->sites, &probe) : NULL;
          site_pid = a->pid;
          site_ip = a->ip;
        }
      add (acc, a, site);
    }
  for (guint i = 0; i < lines->sorted->len; i++)
    finish_line (g_ptr_array_index (lines->sorted, i), data);
  g_ptr_array_sort (lines->sorted, compare_lines);
}
