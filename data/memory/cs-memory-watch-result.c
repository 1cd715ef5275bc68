/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-watch-result.c — watched accesses, decoded and set beside the reconstructed ones
 *
 * A data breakpoint traps after the access: the hit's IP is the next
 * instruction, so the accessing one is the instruction that ends there,
 * found by decoding forward from its function's start (cs-memory-code.c,
 * as for the skid correction), and its access (load, store, both) is
 * decided by the same rules as the profile's (cs-x86-access.h). Hits are
 * decoded once per IP.
 */
#include "config.h"

#include <string.h>

#include "cs-memory-private.h"
#include "cs-memory-watch.h"

#define MAX_INSN_LEN 15

typedef struct
{
  CsModule   *module;
  guint64     offset;
  guint64     ip;
  const char *symbol;
  gboolean    known, load, store;
} Decoded;

typedef struct
{
  CsMemoryProfile      *profile;
  CsAddressSpace       *maps;
  CsMemoryCode         *code;
  CsDataAddressDecoder *decoder;
  GHashTable           *decoded;   /* CsMemorySiteKey* -> Decoded* */
} Decoder;

/* The instruction that ends at trap IP @ip of process @pid. */
static const Decoded *
decode (Decoder *d,
        guint32  pid,
        guint64  ip)
{
  CsMemorySiteKey probe = { pid, ip };
  CsSymbolizer *symbolizer = cs_memory_profile_get_symbolizer (d->profile);
  const CsMapping *m;
  Decoded *out;
  guint prev_len;
  gboolean target = FALSE;

  if ((out = g_hash_table_lookup (d->decoded, &probe)) != NULL)
    return out;
  out = g_new0 (Decoded, 1);
  out->ip = ip;
  g_hash_table_insert (d->decoded, g_memdup2 (&probe, sizeof probe), out);
  m = cs_address_space_lookup (d->maps, (gint32) pid, ip);
  if (m == NULL || m->kernel)
    return out;
  out->module = cs_symbolizer_get_module_for_mapping (symbolizer, m);
  out->offset = cs_mapping_file_offset (m, ip);
  prev_len = _cs_memory_code_previous (d->code, d->decoder, out->module, out->offset, &target);
  if (prev_len > 0)
    {
      gsize len = 0;
      const guint8 *bytes = _cs_memory_code_get (d->code, out->module, out->offset - prev_len, prev_len, &len);
      CsDataAddress a;

      if (bytes != NULL && len == prev_len)
        {
          cs_data_address_compute (d->decoder, bytes, len, ip - prev_len, NULL, &a);
          out->known = a.kind != CS_DATA_ADDRESS_NO_MEMORY && a.kind != CS_DATA_ADDRESS_UNDECODABLE;
          out->load = a.is_load;
          out->store = a.is_store;
          out->offset -= prev_len;
          out->ip -= prev_len;
        }
    }
  {
    const CsLocation *loc = cs_symbolizer_resolve_symbol (symbolizer, out->module, out->offset);

    out->symbol = loc != NULL && loc->symbol != NULL ? loc->symbol->name : NULL;
  }
  return out;
}

static int
compare_accesses (gconstpointer a,
                  gconstpointer b)
{
  const CsMemoryWatchAccess *x = a, *y = b;

  return x->count > y->count ? -1 : x->count < y->count;
}

static CsMemoryWatchAccess *
find_access (GArray                    *accesses,
             const CsMemoryWatchAccess *probe)
{
  for (guint i = 0; i < accesses->len; i++)
    {
      CsMemoryWatchAccess *a = &g_array_index (accesses, CsMemoryWatchAccess, i);

      if (a->tid == probe->tid && a->pid == probe->pid && a->word == probe->word &&
          a->module == probe->module && a->offset == probe->offset)
        return a;
    }
  return NULL;
}

static CsMemoryThread *
find_thread (GArray  *threads,
             guint32  pid,
             guint32  tid)
{
  CsMemoryThread fresh = { .pid = pid, .tid = tid };

  for (guint i = 0; i < threads->len; i++)
    if (g_array_index (threads, CsMemoryThread, i).tid == tid &&
        g_array_index (threads, CsMemoryThread, i).pid == pid)
      return &g_array_index (threads, CsMemoryThread, i);
  g_array_append_val (threads, fresh);
  return &g_array_index (threads, CsMemoryThread, threads->len - 1);
}

static CsMemoryWatchRow *
find_row (GArray     *rows,
          CsModule   *module,
          guint64     offset)
{
  CsMemoryWatchRow fresh = { .module = module, .offset = offset };

  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, CsMemoryWatchRow, i).module == module &&
        g_array_index (rows, CsMemoryWatchRow, i).offset == offset)
      return &g_array_index (rows, CsMemoryWatchRow, i);
  g_array_append_val (rows, fresh);
  return &g_array_index (rows, CsMemoryWatchRow, rows->len - 1);
}

static guint64
word_mask (guint word)
{
  return G_GUINT64_CONSTANT (0xff) << word;
}

static int
compare_masks (gconstpointer a,
               gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* Whether the recording's threads touched the same sets of watched words
 * as the watched run's threads (as multisets: thread ids differ by run). */
static gboolean
same_thread_words (const CsMemoryWatchTarget *target,
                   GArray                    *threads)
{
  g_autoptr(GArray) sampled = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) watched = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 watched_words = 0;

  if (target->line == NULL)
    return FALSE;
  for (guint k = 0; k < target->n_words; k++)
    watched_words |= word_mask (target->words[k]);
  for (guint t = 0; t < target->line->n_threads; t++)
    {
      guint64 words = 0;

      for (guint k = 0; k < target->n_words; k++)
        if (target->line->threads[t].bytes & word_mask (target->words[k]))
          words |= word_mask (target->words[k]);
      if (words != 0)
        g_array_append_val (sampled, words);
    }
  for (guint t = 0; t < threads->len; t++)
    {
      guint64 words = g_array_index (threads, CsMemoryThread, t).bytes & watched_words;

      if (words != 0)
        g_array_append_val (watched, words);
    }
  g_array_sort (sampled, compare_masks);
  g_array_sort (watched, compare_masks);
  return sampled->len > 0 && sampled->len == watched->len &&
         memcmp (sampled->data, watched->data, sampled->len * sizeof (guint64)) == 0;
}

CsMemoryWatchResult *
cs_memory_watch_result_new (CsMemoryProfile           *profile,
                            const CsMemoryWatchTarget *target,
                            CsAddressSpace            *maps,
                            const guint64             *addresses,
                            const CsMemoryWatchHit    *hits,
                            guint                      n)
{
  CsMemoryWatchResult *result = g_new0 (CsMemoryWatchResult, 1);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  Decoder d = { profile, maps, NULL, NULL, NULL };

  result->target = target;
  result->accesses = g_array_new (FALSE, TRUE, sizeof (CsMemoryWatchAccess));
  result->threads = g_array_new (FALSE, TRUE, sizeof (CsMemoryThread));
  result->rows = g_array_new (FALSE, TRUE, sizeof (CsMemoryWatchRow));
  d.code = _cs_memory_code_new (cs_memory_profile_get_symbolizer (profile), warnings);
  d.decoder = cs_data_address_decoder_new (&error);
  d.decoded = g_hash_table_new_full (_cs_memory_site_hash, _cs_memory_site_equal, g_free, g_free);

  /* The recording's instructions first, in its order. */
  for (guint i = 0; target->line != NULL && i < target->line->n_ips; i++)
    {
      const CsMemoryIp *ip = &target->line->ips[i];
      CsMemoryWatchRow *row = find_row (result->rows, ip->module, ip->module != NULL ? ip->offset : ip->ip);

      row->symbol = ip->symbol;
      row->samples = ip->samples;
      row->sampled_loads = ip->loads;
      row->sampled_stores = ip->stores;
    }

  for (guint i = 0; d.decoder != NULL && i < n; i++)
    {
      const CsMemoryWatchHit *h = &hits[i];
      const Decoded *ins = decode (&d, h->pid, h->ip);
      CsMemoryWatchAccess probe = { h->pid, h->tid, 0, ins->module, ins->offset, ins->ip, ins->symbol,
                                    ins->known, ins->load, ins->store, 0 };
      CsMemoryWatchAccess *a;
      CsMemoryThread *t;
      CsMemoryWatchRow *row;
      guint k;

      for (k = 0; k < target->n_words && addresses[k] != h->address; k++)
        ;
      if (k == target->n_words)
        continue;
      probe.word = target->words[k];
      if ((a = find_access (result->accesses, &probe)) == NULL)
        {
          g_array_append_val (result->accesses, probe);
          a = &g_array_index (result->accesses, CsMemoryWatchAccess, result->accesses->len - 1);
        }
      a->count += h->count;
      result->total += h->count;

      t = find_thread (result->threads, h->pid, h->tid);
      t->samples += h->count;
      t->bytes |= word_mask (probe.word);
      t->loads += ins->load ? h->count : 0;
      t->stores += ins->store ? h->count : 0;
      if (ins->store)
        t->store_bytes |= word_mask (probe.word);

      row = find_row (result->rows, ins->module, ins->module != NULL ? ins->offset : ins->ip);
      if (row->symbol == NULL)
        row->symbol = ins->symbol;
      row->accesses += h->count;
      row->watched_loads += ins->load ? h->count : 0;
      row->watched_stores += ins->store ? h->count : 0;
    }
  /* How many threads each instruction was seen in. */
  for (guint r = 0; r < result->rows->len; r++)
    {
      CsMemoryWatchRow *row = &g_array_index (result->rows, CsMemoryWatchRow, r);
      g_autoptr(GHashTable) tids = g_hash_table_new (NULL, NULL);

      for (guint i = 0; i < result->accesses->len; i++)
        {
          const CsMemoryWatchAccess *a = &g_array_index (result->accesses, CsMemoryWatchAccess, i);

          if (a->module == row->module && (a->module != NULL ? a->offset : a->ip) == row->offset)
            g_hash_table_add (tids, GUINT_TO_POINTER (a->tid));
        }
      row->watched_threads = g_hash_table_size (tids);
    }
  g_array_sort (result->accesses, compare_accesses);
  result->sharing = cs_memory_sharing_of ((const CsMemoryThread *) result->threads->data, result->threads->len,
                                          &result->false_sharing, &result->true_sharing);
  result->threads_confirmed = same_thread_words (target, result->threads);

  g_hash_table_unref (d.decoded);
  g_clear_pointer (&d.decoder, cs_data_address_decoder_free);
  _cs_memory_code_free (d.code);
  return result;
}

void
cs_memory_watch_result_free (CsMemoryWatchResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->accesses);
  g_array_unref (result->threads);
  g_array_unref (result->rows);
  g_free (result);
}
