/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-code.c — instruction bytes at sampled IPs, from the modules' files
 *
 * perf.data holds no code, only where files were mapped. The bytes at an IP
 * are those of the file at the IP's file offset (ip − start + pgoff), so the
 * file is mapped once and read there: no ELF section lookup per sample.
 * The symbolizer decides whether a file may be used: one that is gone, or
 * whose build-id differs from the recorded one, would give another
 * program's instructions and so wrong addresses.
 *
 * For the skid correction it also finds where the instruction before an IP
 * starts. x86 instructions have no fixed length and cannot be decoded
 * backwards, so the walk starts at the function symbol holding the IP,
 * whose start the symbolizer gives as an ELF address: the IP's own
 * location relates it to the file offset (same function, same segment).
 * And whether the IP is a jump target: the whole function is decoded once
 * for the targets of its jumps (its symbol's size says where it ends).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-file.h"
#include "cs-memory-private.h"

struct _CsMemoryCode
{
  CsSymbolizer *symbolizer;
  GPtrArray    *warnings;  /* not owned: the profile's */
  GHashTable   *files;     /* CsModule* -> GMappedFile* (NULL: no usable file) */
  GHashTable   *previous;  /* CodeKey* -> encoded Previous + 1 */
  GHashTable   *flows;     /* CodeKey* (function start) -> Flow* */
};

/* A function's jump targets (ELF addresses, sorted); @complete FALSE when
 * its control flow is not fully known (any IP may be a target). */
typedef struct
{
  GArray   *targets;
  gboolean  complete;
} Flow;

#define JUMP_TARGET_BIT 0x100

typedef struct
{
  CsModule *module;
  guint64   offset;
} CodeKey;

static guint
code_key_hash (gconstpointer p)
{
  const CodeKey *k = p;

  return _cs_memory_hash2 (k->offset, GPOINTER_TO_SIZE (k->module));
}

static gboolean
code_key_equal (gconstpointer a,
                gconstpointer b)
{
  const CodeKey *ka = a, *kb = b;

  return ka->module == kb->module && ka->offset == kb->offset;
}

static void
flow_free (gpointer data)
{
  Flow *flow = data;

  g_array_unref (flow->targets);
  g_free (flow);
}

/* Modules without a usable file are remembered with a NULL value. */
static void
mapped_file_unref0 (gpointer file)
{
  if (file != NULL)
    g_mapped_file_unref (file);
}

CsMemoryCode *
_cs_memory_code_new (CsSymbolizer *symbolizer,
                    GPtrArray    *warnings)
{
  CsMemoryCode *self = g_new0 (CsMemoryCode, 1);

  self->symbolizer = g_object_ref (symbolizer);
  self->warnings = warnings;
  self->files = g_hash_table_new_full (NULL, NULL, NULL, mapped_file_unref0);
  self->previous = g_hash_table_new_full (code_key_hash, code_key_equal, g_free, NULL);
  self->flows = g_hash_table_new_full (code_key_hash, code_key_equal, g_free, flow_free);
  return self;
}

void
_cs_memory_code_free (CsMemoryCode *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->files, g_hash_table_unref);
  g_clear_pointer (&self->previous, g_hash_table_unref);
  g_clear_pointer (&self->flows, g_hash_table_unref);
  g_clear_object (&self->symbolizer);
  g_free (self);
}

static GMappedFile *
open_module (CsMemoryCode *self,
             CsModule     *module)
{
  g_autofree char *problem = NULL;
  g_autoptr(GError) error = NULL;
  GMappedFile *file;

  /* [vdso], anonymous (JIT) code and the kernel have no file here; they
   * are counted as "no code" without a warning each. */
  if (cs_module_get_kind (module) != CS_MODULE_FILE)
    return NULL;
  if ((problem = cs_symbolizer_dup_module_problem (self->symbolizer, module)) != NULL)
    {
      g_ptr_array_add (self->warnings,
                       g_strdup_printf (_("No data addresses for samples in %s: %s"),
                                        cs_module_get_name (module), problem));
      return NULL;
    }
  if (!(file = cs_file_map_regular (cs_module_get_path (module), &error)))
    {
      g_ptr_array_add (self->warnings,
                       g_strdup_printf (_("No data addresses for samples in %s: cannot read its "
                                          "instructions (%s). Analyze on the machine that recorded "
                                          "the data, or make the file available at that path."),
                                        cs_module_get_name (module), error->message));
      return NULL;
    }
  return file;
}

const guint8 *
_cs_memory_code_get (CsMemoryCode *self,
                    CsModule     *module,
                    guint64       offset,
                    gsize         max,
                    gsize        *len)
{
  GMappedFile *file;
  gpointer value;
  gsize size;

  *len = 0;
  if (module == NULL)
    return NULL;
  if (g_hash_table_lookup_extended (self->files, module, NULL, &value))
    file = value;
  else
    {
      file = open_module (self, module);
      g_hash_table_insert (self->files, module, file);
    }
  if (file == NULL)
    return NULL;
  size = g_mapped_file_get_length (file);
  if (offset >= size)
    return NULL;
  *len = MIN (max, size - offset);
  return (const guint8 *) g_mapped_file_get_contents (file) + offset;
}

/* The jump targets of the function whose first byte is at file offset
 * @fn_offset of @module, decoded once; @sym gives its ELF address and size.
 * Without a size the function's end, and so the jumps back into it from
 * further down, are unknown: no complete flow. */
static const Flow *
function_flow (CsMemoryCode         *self,
               CsDataAddressDecoder *decoder,
               CsModule             *module,
               guint64               fn_offset,
               const CsSymbol       *sym)
{
  CodeKey probe = { module, fn_offset };
  const guint8 *code;
  CodeKey *key;
  Flow *flow;
  gsize len = 0;

  if ((flow = g_hash_table_lookup (self->flows, &probe)) != NULL)
    return flow;
  flow = g_new0 (Flow, 1);
  flow->targets = g_array_new (FALSE, FALSE, sizeof (guint64));
  if (sym->size > 0 &&
      (code = _cs_memory_code_get (self, module, fn_offset, sym->size, &len)) != NULL && len == sym->size)
    flow->complete = cs_data_address_find_jump_targets (decoder, code, len, sym->start, flow->targets);
  key = g_new (CodeKey, 1);
  *key = probe;
  g_hash_table_insert (self->flows, key, flow);
  return flow;
}

static gboolean
is_target (const Flow *flow,
           guint64     address)
{
  guint lo = 0, hi = flow->targets->len;

  if (!flow->complete)
    return TRUE;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint64 t = g_array_index (flow->targets, guint64, mid);

      if (t == address)
        return TRUE;
      if (t < address)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

/* The length of the instruction before the IP at @offset, with
 * JUMP_TARGET_BIT set when control may reach the IP from elsewhere. */
static guint
find_previous (CsMemoryCode         *self,
               CsDataAddressDecoder *decoder,
               CsModule             *module,
               guint64               offset)
{
  const CsLocation *loc = cs_symbolizer_resolve_symbol (self->symbolizer, module, offset);
  const CsSymbol *sym;
  const guint8 *code;
  guint64 into;
  gsize len = 0;
  guint length;

  if (loc == NULL || (sym = loc->symbol) == NULL || sym->unknown || sym->start > loc->address)
    return 0;
  into = loc->address - sym->start;
  if (into > offset || (sym->size > 0 && into >= sym->size))
    return 0;
  /* Only the bytes up to the IP are needed. */
  if (!(code = _cs_memory_code_get (self, module, offset - into, into, &len)) || len < into)
    return 0;
  length = cs_data_address_find_previous (decoder, code, len, sym->start, loc->address);
  if (length > 0 && is_target (function_flow (self, decoder, module, offset - into, sym), loc->address))
    length |= JUMP_TARGET_BIT;
  return length;
}

guint
_cs_memory_code_previous (CsMemoryCode         *self,
                          CsDataAddressDecoder *decoder,
                          CsModule             *module,
                          guint64               offset,
                          gboolean             *jump_target)
{
  CodeKey probe = { module, offset };
  CodeKey *key;
  gpointer value;
  guint found;

  *jump_target = FALSE;
  if (module == NULL)
    return 0;
  if (g_hash_table_lookup_extended (self->previous, &probe, NULL, &value))
    found = GPOINTER_TO_UINT (value) - 1;
  else
    {
      found = find_previous (self, decoder, module, offset);
      key = g_new (CodeKey, 1);
      *key = probe;
      g_hash_table_insert (self->previous, key, GUINT_TO_POINTER (found + 1));
    }
  *jump_target = (found & JUMP_TARGET_BIT) != 0;
  return found & ~JUMP_TARGET_BIT;
}
