/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-profile.c — streaming a perf.data file into cacheline counts
 *
 * Unlike the code profile (cs-profile.c) this needs each sample's registers,
 * so records are read in full (cs_perf_reader_foreach), not in brief form.
 * The maps records are replayed into a CsAddressSpace so that a sample's IP
 * becomes (module, file offset): where its instruction bytes are.
 *
 * Skid correction (cs-data-address.h): only when the instruction at the IP
 * accesses no memory is the one before it looked at. The instruction at
 * the IP keeps priority because it is about to execute with exactly the
 * sampled registers; the previous one is an inference.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-data-address.h"
#include "cs-memory-private.h"
#include "cs-perf-reader.h"

#define PERF_SAMPLE_REGS_USER (G_GUINT64_CONSTANT (1) << 12)
#define MISC_CPUMODE_MASK     7
#define MISC_USER             2
#define MISC_GUEST_USER       5
#define MAX_INSN_LEN          15

struct _CsMemoryProfile
{
  GObject        parent_instance;

  char          *path;
  CsSymbolizer  *symbolizer;
  CsMemoryStats  stats;
  CsMemoryLines  lines;
  GArray        *accesses;   /* CsMemoryAccess */
  GPtrArray     *warnings;   /* char*, NULL-terminated once loaded */
};

G_DEFINE_FINAL_TYPE (CsMemoryProfile, cs_memory_profile, G_TYPE_OBJECT)

static void
cs_memory_profile_finalize (GObject *object)
{
  CsMemoryProfile *self = CS_MEMORY_PROFILE (object);

  _cs_memory_lines_clear (&self->lines);
  g_clear_pointer (&self->accesses, g_array_unref);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_object (&self->symbolizer);
  g_free (self->path);

  G_OBJECT_CLASS (cs_memory_profile_parent_class)->finalize (object);
}

static void
cs_memory_profile_class_init (CsMemoryProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_memory_profile_finalize;
}

static void
cs_memory_profile_init (CsMemoryProfile *self)
{
  _cs_memory_lines_init (&self->lines);
  self->accesses = g_array_new (FALSE, FALSE, sizeof (CsMemoryAccess));
  self->warnings = g_ptr_array_new_with_free_func (g_free);
}

typedef struct
{
  CsMemoryProfile      *self;
  CsAddressSpace       *space;
  CsDataAddressDecoder *decoder;
  CsMemoryCode         *code;
  GHashTable           *mapping_modules;  /* CsMapping* (a reference) -> CsModule* */
} StreamState;

static CsModule *
mapping_module (StreamState     *st,
                const CsMapping *m)
{
  CsModule *module = g_hash_table_lookup (st->mapping_modules, m);

  if (module == NULL)
    {
      module = cs_symbolizer_get_module_for_mapping (st->self->symbolizer, m);
      /* The reference keeps the address from being reused by another mapping. */
      g_hash_table_insert (st->mapping_modules, cs_mapping_ref ((CsMapping *) m), module);
    }
  return module;
}

static void
on_sample (StreamState        *st,
           const CsPerfRecord *r)
{
  CsMemoryStats *stats = &st->self->stats;
  const CsPerfSample *s = &r->sample;
  guint cpumode = r->misc & MISC_CPUMODE_MASK;
  const CsMapping *m;
  CsModule *module = NULL;
  const guint8 *code = NULL;
  guint64 offset = 0;
  gsize len = 0;
  CsDataAddress a;
  guint prev_len = 0;

  stats->n_samples++;
  if (cpumode != MISC_USER && cpumode != MISC_GUEST_USER)
    {
      stats->n_kernel++;
      return;
    }
  if ((s->sample_type & PERF_SAMPLE_REGS_USER) == 0 || s->regs_user.abi == 0)
    {
      stats->n_no_regs++;
      return;
    }
  stats->n_with_regs++;

  m = cs_address_space_lookup (st->space, (gint32) r->pid, s->ip);
  if (m != NULL && !m->kernel)
    {
      module = mapping_module (st, m);
      offset = cs_mapping_file_offset (m, s->ip);
      /* The bytes from the previous instruction on, for the skid correction
       * (0 without a usable file: the read below then fails too). */
      prev_len = _cs_memory_code_previous_length (st->code, st->decoder, module, offset);
      code = _cs_memory_code_get (st->code, module, offset - prev_len, prev_len + MAX_INSN_LEN, &len);
    }
  if (code == NULL)
    {
      stats->n_no_code++;
      return;
    }

  cs_data_address_compute_sample (st->decoder, code, len, s->ip, prev_len, &s->regs_user, &a);

  switch (a.kind)
    {
    case CS_DATA_ADDRESS_KNOWN:
      stats->n_known++;
      stats->n_known_previous += a.skid_corrected ? 1 : 0;
      stats->n_loads += a.is_load ? 1 : 0;
      stats->n_stores += a.is_store ? 1 : 0;
      /* a.ip is the accessing instruction, offset moves with it. */
      _cs_memory_lines_add (&st->self->lines, r->pid, r->tid, a.address, a.size,
                           a.is_load, a.is_store, a.ip, module, offset - (s->ip - a.ip),
                           a.skid_corrected);
      {
        CsMemoryAccess access = {
          .time = r->time, .address = a.address, .ip = a.ip,
          .pid = r->pid, .tid = r->tid, .size = (guint16) a.size,
          .flags = (a.is_load ? CS_MEMORY_ACCESS_LOAD : 0) |
                   (a.is_store ? CS_MEMORY_ACCESS_STORE : 0),
        };
        g_array_append_val (st->self->accesses, access);
      }
      break;
    case CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN:
      stats->n_unknown_overwritten++;
      break;
    case CS_DATA_ADDRESS_NO_MEMORY:
      stats->n_no_memory++;
      break;
    case CS_DATA_ADDRESS_UNKNOWN_SEGMENT:
      stats->n_unknown_segment++;
      break;
    case CS_DATA_ADDRESS_UNKNOWN_REGISTER:
      stats->n_unknown_register++;
      break;
    case CS_DATA_ADDRESS_UNDECODABLE:
    default:
      stats->n_undecodable++;
      break;
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
      cs_address_space_mmap (st->space, (gint32) r->mmap.pid, r->mmap.addr, r->mmap.len,
                             r->mmap.pgoff, r->mmap.prot, r->mmap.flags, r->mmap.filename,
                             r->mmap.build_id_size > 0 ? r->mmap.build_id : NULL,
                             r->mmap.build_id_size);
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
take_build_ids (CsMemoryProfile *self,
                CsPerfReader    *reader)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (reader);

  for (guint i = 0; info->build_ids != NULL && i < info->build_ids->len; i++)
    {
      const CsPerfBuildId *b = g_ptr_array_index (info->build_ids, i);

      if (b->filename != NULL && b->size > 0)
        cs_symbolizer_add_build_id (self->symbolizer, b->filename, b->build_id, b->size);
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

CsMemoryProfile *
cs_memory_profile_load (const char    *path,
                        CsSymbolizer  *symbolizer,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(CsMemoryProfile) self = NULL;
  g_autoptr(CsPerfReader) reader = NULL;
  g_autoptr(CsAddressSpace) space = NULL;
  g_autoptr(CsDataAddressDecoder) decoder = NULL;
  g_autoptr(CsMemoryCode) code = NULL;
  g_autoptr(GHashTable) mapping_modules = NULL;
  g_autoptr(GError) read_error = NULL;
  StreamState st = { 0 };

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (symbolizer == NULL || CS_IS_SYMBOLIZER (symbolizer), NULL);

  self = g_object_new (CS_TYPE_MEMORY_PROFILE, NULL);
  self->path = g_strdup (path);
  self->symbolizer = symbolizer != NULL ? g_object_ref (symbolizer) : cs_symbolizer_new ();

  if (!(decoder = cs_data_address_decoder_new (error)))
    return NULL;
  if (!(reader = cs_perf_reader_new (path, error)))
    return NULL;
  cs_perf_reader_set_cancellable (reader, cancellable);
  take_build_ids (self, reader);
  if (!has_user_regs (reader))
    {
      /* Nothing to decode: reading every record would only count them. */
      g_ptr_array_add (self->warnings,
                       g_strdup_printf (_("%s has no sampled registers, so no data addresses can be "
                                          "reconstructed: record with “cyclescope record --regs”."),
                                        path));
      _cs_memory_lines_finish (&self->lines, self->symbolizer);
      g_ptr_array_add (self->warnings, NULL);
      return g_steal_pointer (&self);
    }

  space = cs_address_space_new ();
  code = _cs_memory_code_new (self->symbolizer, self->warnings);
  mapping_modules = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cs_mapping_unref, NULL);
  st.self = self;
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
          return NULL;
        }
      g_autofree char *n_read = g_strdup_printf ("%" G_GUINT64_FORMAT, self->stats.n_samples);

      self->stats.truncated = TRUE;
      /* The count is preformatted: a G_GUINT64_FORMAT in the message would
       * not survive translation. */
      g_ptr_array_add (self->warnings,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "%s The memory view shows the %s sample read "
                                                     "before that point.",
                                                     "%s The memory view shows the %s samples read "
                                                     "before that point.",
                                                     self->stats.n_samples),
                                        read_error->message, n_read));
    }

  _cs_memory_lines_finish (&self->lines, self->symbolizer);
  self->stats.n_lines = self->lines.sorted->len;
  g_ptr_array_add (self->warnings, NULL);
  return g_steal_pointer (&self);
}

const CsMemoryStats *
cs_memory_profile_get_stats (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return &self->stats;
}

guint
cs_memory_profile_get_n_lines (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), 0);
  return self->lines.sorted->len;
}

const CsMemoryLine *
cs_memory_profile_get_line (CsMemoryProfile *self,
                            guint            index)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->lines.sorted->len, NULL);
  return &((const CsMemoryLineAcc *) g_ptr_array_index (self->lines.sorted, index))->public;
}

const CsMemoryLine *
cs_memory_profile_find_line (CsMemoryProfile *self,
                             guint32          pid,
                             guint64          address)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return _cs_memory_lines_find (&self->lines, pid, address);
}

const CsMemoryAccess *
cs_memory_profile_get_accesses (CsMemoryProfile *self,
                                guint           *n_accesses)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  g_return_val_if_fail (n_accesses != NULL, NULL);
  *n_accesses = self->accesses->len;
  return (const CsMemoryAccess *) self->accesses->data;
}

const char * const *
cs_memory_profile_get_warnings (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return (const char * const *) self->warnings->pdata;
}

CsSymbolizer *
cs_memory_profile_get_symbolizer (CsMemoryProfile *self)
{
  g_return_val_if_fail (CS_IS_MEMORY_PROFILE (self), NULL);
  return self->symbolizer;
}
