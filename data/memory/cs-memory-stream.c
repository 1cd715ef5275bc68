/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-stream.c — reading a perf.data file into data accesses
 *
 * Unlike the code profile (cs-profile.c) this needs each sample's registers,
 * so records are read in full (cs_perf_reader_foreach), not in brief form.
 * The maps records are replayed into a CsAddressSpace so that a sample's IP
 * becomes (module, file offset), where its instruction bytes are, and its
 * data address falls in a data mapping (recorded with perf's mmap_data):
 * what names the memory, and what tells shared memory apart.
 *
 * Skid correction (cs-data-address.h): only when the instruction at the IP
 * accesses no memory is the one before it looked at. The instruction at
 * the IP keeps priority because it is about to execute with exactly the
 * sampled registers; the previous one is an inference, refused when the IP
 * is a jump target.
 *
 * Every sample is kept, with the reason when it has no address, so that
 * any subset of them can be counted again (cs_memory_profile_filter()).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-data-address.h"
#include "cs-memory-private.h"
#include "cs-perf-reader.h"

#define PERF_SAMPLE_REGS_USER (G_GUINT64_CONSTANT (1) << 12)
#define MISC_CPUMODE_MASK     7
#define MISC_USER             2
#define MISC_GUEST_USER       5
#define MISC_MMAP_DATA        (1 << 13)
#define MAX_INSN_LEN          15

typedef struct
{
  CsMemoryData         *data;
  CsAddressSpace       *space;
  CsDataAddressDecoder *decoder;
  CsMemoryCode         *code;
  GHashTable           *mapping_modules;  /* CsMapping* (a reference) -> CsModule* */
} StreamState;

guint
_cs_memory_site_hash (gconstpointer p)
{
  const CsMemorySiteKey *k = p;

  return _cs_memory_hash2 (k->ip, k->pid);
}

gboolean
_cs_memory_site_equal (gconstpointer a,
            gconstpointer b)
{
  const CsMemorySiteKey *x = a, *y = b;

  return x->pid == y->pid && x->ip == y->ip;
}

static CsModule *
mapping_module (StreamState     *st,
                const CsMapping *m)
{
  CsModule *module = g_hash_table_lookup (st->mapping_modules, m);

  if (module == NULL)
    {
      module = cs_symbolizer_get_module_for_mapping (st->data->symbolizer, m);
      /* The reference keeps the address from being reused by another mapping. */
      g_hash_table_insert (st->mapping_modules, cs_mapping_ref ((CsMapping *) m), module);
    }
  return module;
}

/* Where the accessing instruction is, for naming it later. */
static void
note_site (StreamState *st,
           guint32      pid,
           guint64      ip,
           CsModule    *module,
           guint64      offset)
{
  CsMemorySiteKey probe = { pid, ip };
  CsMemorySite *site;
  CsMemorySiteKey *key;

  if (g_hash_table_contains (st->data->sites, &probe))
    return;
  key = g_new (CsMemorySiteKey, 1);
  *key = probe;
  site = g_new (CsMemorySite, 1);
  site->module = module;
  site->offset = offset;
  g_hash_table_insert (st->data->sites, key, site);
}

static void
add_other (StreamState        *st,
           const CsPerfRecord *r,
           CsMemoryReason      reason)
{
  CsMemoryOther other = {
    .time = r->time, .pid = r->pid, .tid = r->tid, .cpu = (guint16) r->cpu, .reason = reason,
  };

  g_array_append_val (st->data->others, other);
}

static CsMemoryReason
reason_of (CsDataAddressKind kind)
{
  switch (kind)
    {
    case CS_DATA_ADDRESS_NO_MEMORY:           return CS_MEMORY_REASON_NO_MEMORY;
    case CS_DATA_ADDRESS_UNKNOWN_SEGMENT:     return CS_MEMORY_REASON_SEGMENT;
    case CS_DATA_ADDRESS_UNKNOWN_REGISTER:    return CS_MEMORY_REASON_REGISTER;
    case CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN: return CS_MEMORY_REASON_OVERWRITTEN;
    case CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET: return CS_MEMORY_REASON_JUMP_TARGET;
    case CS_DATA_ADDRESS_UNDECODABLE:
    case CS_DATA_ADDRESS_KNOWN:
    default:                                  return CS_MEMORY_REASON_UNDECODABLE;
    }
}

static void
on_sample (StreamState        *st,
           const CsPerfRecord *r)
{
  const CsPerfSample *s = &r->sample;
  guint cpumode = r->misc & MISC_CPUMODE_MASK;
  const CsMapping *m;
  CsModule *module = NULL;
  const guint8 *code = NULL;
  guint64 offset = 0, sp = 0;
  gsize len = 0;
  CsDataAddress a;
  guint prev_len = 0;
  gboolean jump_target = FALSE;

  if (cpumode != MISC_USER && cpumode != MISC_GUEST_USER)
    {
      add_other (st, r, CS_MEMORY_REASON_KERNEL);
      return;
    }
  if ((s->sample_type & PERF_SAMPLE_REGS_USER) == 0 || s->regs_user.abi == 0)
    {
      add_other (st, r, CS_MEMORY_REASON_NO_REGS);
      return;
    }

  m = cs_address_space_lookup (st->space, (gint32) r->pid, s->ip);
  if (m != NULL && !m->kernel)
    {
      module = mapping_module (st, m);
      offset = cs_mapping_file_offset (m, s->ip);
      /* The bytes from the previous instruction on, for the skid correction
       * (0 without a usable file: the read below then fails too). */
      prev_len = _cs_memory_code_previous (st->code, st->decoder, module, offset, &jump_target);
      code = _cs_memory_code_get (st->code, module, offset - prev_len, prev_len + MAX_INSN_LEN, &len);
    }
  if (code == NULL)
    {
      add_other (st, r, CS_MEMORY_REASON_NO_CODE);
      return;
    }

  cs_data_address_compute_sample (st->decoder, code, len, s->ip, prev_len, jump_target, &s->regs_user,
                                  &a);
  if (a.kind != CS_DATA_ADDRESS_KNOWN)
    {
      add_other (st, r, reason_of (a.kind));
      return;
    }
  {
    CsMemoryAccess access = {
      .time = r->time, .address = a.address, .ip = a.ip, .pid = r->pid, .tid = r->tid,
      .cpu = (guint16) r->cpu, .size = (guint8) MIN (a.size, G_MAXUINT8),
      .flags = (a.is_load ? CS_MEMORY_ACCESS_LOAD : 0) | (a.is_store ? CS_MEMORY_ACCESS_STORE : 0) |
               (a.skid_corrected ? CS_MEMORY_ACCESS_SKID : 0),
    };

    /* A stack access lies in the mapping of the sampled stack pointer. */
    cs_perf_regs_get (&s->regs_user, CS_PERF_REG_X86_SP, &sp);
    access.line = _cs_memory_keys_intern (st->data, st->space, r->pid, r->tid, a.address, sp);
    /* a.ip is the accessing instruction, the file offset moves with it. */
    note_site (st, r->pid, a.ip, module, offset - (s->ip - a.ip));
    g_array_append_val (st->data->accesses, access);
  }
}

static gboolean
on_record (const CsPerfRecord *r,
           gpointer            user_data)
{
  StreamState *st = user_data;

  switch (r->type)
    {
    case CS_PERF_RECORD_SAMPLE:
      on_sample (st, r);
      break;
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      {
        CsMappingIdentity identity = {
          r->mmap.maj, r->mmap.min, r->mmap.ino, r->mmap.ino_generation,
        };

        if (r->misc & MISC_MMAP_DATA)
          st->data->data_mappings = TRUE;
        cs_address_space_mmap_identity (st->space, (gint32) r->mmap.pid, r->mmap.addr, r->mmap.len,
                                        r->mmap.pgoff, r->mmap.prot, r->mmap.flags, r->mmap.filename,
                                        r->type == CS_PERF_RECORD_MMAP2 ? &identity : NULL,
                                        r->mmap.build_id_size > 0 ? r->mmap.build_id : NULL,
                                        r->mmap.build_id_size);
      }
      break;
    case CS_PERF_RECORD_COMM:
      cs_address_space_comm (st->space, (gint32) r->comm.pid, (gint32) r->comm.tid,
                             r->comm.comm, r->comm.exec);
      break;
    case CS_PERF_RECORD_FORK:
      cs_address_space_fork (st->space, (gint32) r->task.pid, (gint32) r->task.ppid);
      break;
    case CS_PERF_RECORD_EXIT:
      cs_address_space_exit (st->space, (gint32) r->task.pid, (gint32) r->task.tid);
      break;
    default:
      break;
    }
  return TRUE;
}

/* Build-ids from the header tell the symbolizer which files are still the
 * recorded ones (MMAP2 records in inode form carry none). */
static void
take_build_ids (CsMemoryData *data,
                CsPerfReader *reader)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (reader);

  for (guint i = 0; info->build_ids != NULL && i < info->build_ids->len; i++)
    {
      const CsPerfBuildId *b = g_ptr_array_index (info->build_ids, i);

      if (b->filename != NULL && b->size > 0)
        cs_symbolizer_add_build_id (data->symbolizer, b->filename, b->build_id, b->size);
    }
}

static gboolean
has_user_regs (CsPerfReader *reader)
{
  for (guint i = 0; i < cs_perf_reader_get_n_attrs (reader); i++)
    if (cs_perf_reader_get_attr (reader, i)->attr.sample_type & PERF_SAMPLE_REGS_USER)
      return TRUE;
  return FALSE;
}

/* Names each line's region, from its lowest sampled byte. */
static void
resolve_regions (CsMemoryData *data)
{
  g_autofree guint8 *first = g_malloc (MAX (data->keys->len, 1));
  const CsMemoryAccess *a = (const CsMemoryAccess *) data->accesses->data;

  memset (first, CS_MEMORY_LINE_SIZE, data->keys->len);
  for (guint i = 0; i < data->accesses->len; i++)
    first[a[i].line] = MIN (first[a[i].line], (guint8) (a[i].address & (CS_MEMORY_LINE_SIZE - 1)));
  for (guint id = 0; id < data->keys->len; id++)
    _cs_memory_region_resolve (data, g_ptr_array_index (data->keys, id), MIN (first[id], CS_MEMORY_LINE_SIZE - 1));
}

gboolean
_cs_memory_stream (CsMemoryData  *data,
                   const char    *path,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autoptr(CsPerfReader) reader = NULL;
  g_autoptr(CsAddressSpace) space = NULL;
  g_autoptr(CsDataAddressDecoder) decoder = NULL;
  g_autoptr(CsMemoryCode) code = NULL;
  g_autoptr(GHashTable) mapping_modules = NULL;
  g_autoptr(GError) read_error = NULL;
  StreamState st = { 0 };

  if (!(decoder = cs_data_address_decoder_new (error)))
    return FALSE;
  if (!(reader = cs_perf_reader_new (path, error)))
    return FALSE;
  data->sites = g_hash_table_new_full (_cs_memory_site_hash, _cs_memory_site_equal, g_free, g_free);
  cs_perf_reader_set_cancellable (reader, cancellable);
  take_build_ids (data, reader);
  if (!has_user_regs (reader))
    {
      /* Nothing to decode: reading every record would only count them. */
      g_ptr_array_add (data->warnings,
                       g_strdup_printf (_("%s has no sampled registers, so no data addresses can be "
                                          "reconstructed: record with “cyclescope record --regs”."),
                                        path));
      return TRUE;
    }

  space = cs_address_space_new ();
  code = _cs_memory_code_new (data->symbolizer, data->warnings);
  mapping_modules = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cs_mapping_unref, NULL);
  st.data = data;
  st.space = space;
  st.decoder = decoder;
  st.code = code;
  st.mapping_modules = mapping_modules;
  if (!cs_perf_reader_foreach (reader, on_record, &st, &read_error))
    {
      /* The reader delivered every record before the damage: keep them. */
      if (!g_error_matches (read_error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT))
        {
          g_propagate_error (error, g_steal_pointer (&read_error));
          return FALSE;
        }
      g_autofree char *n_read = g_strdup_printf ("%u", data->accesses->len + data->others->len);

      data->truncated = TRUE;
      /* The count is preformatted: a G_GUINT64_FORMAT in the message would
       * not survive translation. */
      g_ptr_array_add (data->warnings,
                       g_strdup_printf (_("%s The memory view shows the %s samples read before "
                                          "that point."),
                                        read_error->message, n_read));
    }
  resolve_regions (data);
  return TRUE;
}
