/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer.c — the symbolizer, the (module, offset) cache, warnings */
#include "config.h"

#include "cs-demangle.h"
#include "cs-kallsyms.h"
#include "cs-symbol-index.h"
#include "cs-symbolizer-private.h"

G_DEFINE_FINAL_TYPE (CsSymbolizer, cs_symbolizer, G_TYPE_OBJECT)

/* A location is made in two steps: the symbol first (ELF symbol tables
 * only), the source line and inline chain when first asked for. Module and
 * symbol tables need no DWARF, and opening it is what costs: libdw inflates
 * every compressed .debug_* section of a file (libc6-dbg's) up front. */
typedef struct
{
  CsLocation public;
  gboolean   in_file;       /* @address is an ELF virtual address of the file */
  gboolean   has_source;    /* file, line and frames were looked up */
} CsLocationData;

const char *
cs_location_get_inline_name (const CsLocation *location)
{
  if (location == NULL || location->n_frames < 2)
    return NULL;
  return location->frames[0].display_name;
}

static void
cs_symbolizer_finalize (GObject *object)
{
  CsSymbolizer *self = CS_SYMBOLIZER (object);

  g_clear_pointer (&self->mapping_modules, g_hash_table_unref);
  g_clear_pointer (&self->modules, g_hash_table_unref);
  g_clear_pointer (&self->build_ids, g_hash_table_unref);
  g_clear_pointer (&self->debug_dirs, g_ptr_array_unref);
  g_clear_pointer (&self->debuginfo_path, g_free);
  g_clear_pointer (&self->kallsyms_path, g_free);
  g_clear_pointer (&self->kernel_release, g_free);
  g_clear_pointer (&self->kallsyms, cs_kallsyms_free);
  g_clear_pointer (&self->saved_kallsyms, g_free);
  g_clear_pointer (&self->build_id_cache, g_free);
  g_clear_pointer (&self->recording_boot_id, g_free);
  g_clear_pointer (&self->reloc_symbol, g_free);
  g_clear_pointer (&self->kernel_source_path, g_free);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->warning_set, g_hash_table_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_mutex_clear (&self->mutex);
  G_OBJECT_CLASS (cs_symbolizer_parent_class)->finalize (object);
}

static void
cs_symbolizer_class_init (CsSymbolizerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_symbolizer_finalize;
}

/* User directories first; then libdwfl's default: the file's directory, its
 * .debug/, and /usr/lib/debug (by build-id and by debuglink). */
static void
rebuild_debuginfo_path (CsSymbolizer *self)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i + 1 < self->debug_dirs->len; i++)
    g_string_append_printf (path, "%s:", (const char *) g_ptr_array_index (self->debug_dirs, i));
  g_string_append (path, ":.debug:/usr/lib/debug");
  g_free (self->debuginfo_path);
  self->debuginfo_path = g_string_free (path, FALSE);
}

static void
cs_symbolizer_init (CsSymbolizer *self)
{
  g_mutex_init (&self->mutex);
  self->strings = g_string_chunk_new (64 * 1024);
  self->modules = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) _cs_module_free);
  self->mapping_modules = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cs_mapping_unref,
                                                 NULL);
  self->build_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->debug_dirs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->debug_dirs, NULL);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  self->warning_set = g_hash_table_new (g_str_hash, g_str_equal);

  rebuild_debuginfo_path (self);
  self->callbacks.find_elf = dwfl_build_id_find_elf;
  self->callbacks.find_debuginfo = dwfl_standard_find_debuginfo;
  self->callbacks.section_address = dwfl_offline_section_address;
  self->callbacks.debuginfo_path = &self->debuginfo_path;
}

CsSymbolizer *
cs_symbolizer_new (void)
{
  return g_object_new (CS_TYPE_SYMBOLIZER, NULL);
}

void
_cs_symbolizer_add_warning_locked (CsSymbolizer *self,
                                  const char   *message)
{
  char *copy;

  if (message == NULL || g_hash_table_contains (self->warning_set, message))
    return;
  copy = g_strdup (message);
  g_ptr_array_add (self->warnings, copy);
  g_hash_table_add (self->warning_set, copy);
}

void
_cs_symbolizer_set_string (CsSymbolizer  *self,
                          char         **field,
                          const char    *value)
{
  g_mutex_lock (&self->mutex);
  g_free (*field);
  *field = g_strdup (value);
  g_mutex_unlock (&self->mutex);
}

void
cs_symbolizer_add_debug_dir (CsSymbolizer *self,
                             const char   *directory)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  g_return_if_fail (directory != NULL);

  g_mutex_lock (&self->mutex);
  g_ptr_array_insert (self->debug_dirs, self->debug_dirs->len - 1,
                      g_canonicalize_filename (directory, NULL));
  rebuild_debuginfo_path (self);
  g_mutex_unlock (&self->mutex);
}

void
cs_symbolizer_add_build_id (CsSymbolizer *self,
                            const char   *path,
                            const guint8 *build_id,
                            gsize         build_id_len)
{
  char *hex = _cs_build_id_hex (build_id, build_id_len);

  g_return_if_fail (CS_IS_SYMBOLIZER (self));

  if (hex == NULL || path == NULL)
    {
      g_free (hex);
      return;
    }
  g_mutex_lock (&self->mutex);
  g_hash_table_replace (self->build_ids, g_strdup (path), hex);
  g_mutex_unlock (&self->mutex);
}

void
cs_symbolizer_set_kallsyms_path (CsSymbolizer *self,
                                 const char   *path)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  _cs_symbolizer_set_string (self, &self->kallsyms_path, path);
}

void
cs_symbolizer_set_kernel_release (CsSymbolizer *self,
                                  const char   *release)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  _cs_symbolizer_set_string (self, &self->kernel_release, release);
}

CsSymbol *
_cs_symbolizer_intern_symbol_locked (CsSymbolizer *self,
                                    CsModule     *module,
                                    const char   *raw,
                                    guint64       start,
                                    guint64       size)
{
  g_autofree char *signature = NULL;
  g_autofree char *short_name = NULL;
  CsSymbol *sym = g_hash_table_lookup (module->symbols, &start);

  if (sym != NULL)
    return sym;
  signature = cs_demangle (raw);
  short_name = cs_demangle_short_name (signature != NULL ? signature : raw);
  sym = g_new0 (CsSymbol, 1);
  sym->module = module;
  sym->mangled = g_string_chunk_insert_const (self->strings, raw);
  sym->signature = signature != NULL ? g_string_chunk_insert_const (self->strings, signature)
                                     : sym->mangled;
  sym->name = g_string_chunk_insert_const (self->strings, short_name);
  sym->start = start;
  sym->size = size;
  g_hash_table_insert (module->symbols, &sym->start, sym);
  return sym;
}

/* "libfoo.so+0x1234": one per address, so unknown code is never merged
 * into a neighbour. */
static CsSymbol *
unknown_symbol_locked (CsSymbolizer *self,
                       CsModule     *module,
                       guint64       address)
{
  g_autofree char *name = NULL;
  CsSymbol *sym = g_hash_table_lookup (module->unknown, &address);

  if (sym != NULL)
    return sym;
  name = g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x", module->name, address);
  sym = g_new0 (CsSymbol, 1);
  sym->module = module;
  sym->name = sym->signature = g_string_chunk_insert (self->strings, name);
  sym->start = address;
  sym->unknown = TRUE;
  g_hash_table_insert (module->unknown, &sym->start, sym);
  return sym;
}

static void
fill_source_locked (CsSymbolizer   *self,
                    CsModule       *module,
                    CsLocationData *data)
{
  CsLocation *loc = &data->public;
  g_autoptr(GArray) frames = NULL;

  data->has_source = TRUE;
  if (!data->in_file)
    return;
  frames = g_array_new (FALSE, FALSE, sizeof (CsInlineFrame));
  _cs_elf_module_lookup_source (module, loc->address, self->strings, &loc->file, &loc->line,
                               frames);
  module->n_source_lookups++;
  if (loc->file != NULL)
    module->n_source_lines++;
  loc->n_frames = frames->len;
  if (frames->len > 0)
    loc->frames = g_memdup2 (frames->data, frames->len * sizeof (CsInlineFrame));
}

static const CsLocation *
resolve_locked (CsSymbolizer *self,
                CsModule     *module,
                guint64       offset,
                gboolean      with_source)
{
  CsLocationData *data = g_hash_table_lookup (module->locations, &offset);
  const CsSymbol *sym = NULL;
  CsLocation *loc;

  if (data != NULL)
    {
      if (with_source && !data->has_source)
        fill_source_locked (self, module, data);
      return &data->public;
    }

  _cs_symbolizer_ensure_loaded_locked (self, module);
  data = g_new0 (CsLocationData, 1);
  loc = &data->public;
  loc->offset = offset;
  loc->address = offset;

  if (module->kind == CS_MODULE_FILE && module->problem == NULL &&
      _cs_elf_module_offset_to_vaddr (module, offset, &loc->address))
    {
      const char *raw = NULL;
      guint64 start = 0, size = 0;

      data->in_file = TRUE;
      if (_cs_elf_module_lookup_symbol (module, loc->address, &raw, &start, &size))
        sym = _cs_symbolizer_intern_symbol_locked (self, module, raw, start, size);
    }
  else if (module->jit && module->symbol_index != NULL)
    {
      const char *raw = NULL;
      guint64 start = 0, size = 0;

      if (cs_symbol_index_lookup (module->symbol_index, offset, &raw, &start, &size))
        sym = _cs_symbolizer_intern_symbol_locked (self, module, raw, start, size);
    }
  else if (module->kind == CS_MODULE_KERNEL && self->kallsyms != NULL)
    {
      /* The table may come from a boot that put the kernel elsewhere:
       * look up the address it had there, report the recorded one. */
      const CsKernelSymbol *ks = cs_kallsyms_lookup (self->kallsyms, offset + self->kallsyms_delta);

      if (ks != NULL)
        {
          CsModule *owner = _cs_symbolizer_kernel_module_locked (self, ks->module);

          sym = _cs_symbolizer_intern_symbol_locked (self, owner, ks->name,
                                                    ks->address - self->kallsyms_delta, ks->size);
        }
    }

  if (sym == NULL)
    sym = unknown_symbol_locked (self, module, loc->address);
  loc->symbol = sym;
  g_hash_table_insert (module->locations, &loc->offset, loc);
  if (with_source)
    fill_source_locked (self, module, data);
  return loc;
}

static const CsLocation *
resolve (CsSymbolizer *self,
         CsModule     *module,
         guint64       offset,
         gboolean      with_source)
{
  const CsLocation *loc;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (module != NULL, NULL);

  g_mutex_lock (&self->mutex);
  loc = resolve_locked (self, module, offset, with_source);
  g_mutex_unlock (&self->mutex);
  return loc;
}

const CsLocation *
cs_symbolizer_resolve (CsSymbolizer *self,
                       CsModule     *module,
                       guint64       offset)
{
  return resolve (self, module, offset, TRUE);
}

const CsLocation *
cs_symbolizer_resolve_symbol (CsSymbolizer *self,
                              CsModule     *module,
                              guint64       offset)
{
  return resolve (self, module, offset, FALSE);
}

GStrv
cs_symbolizer_dup_warnings (CsSymbolizer *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv ret;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);

  g_mutex_lock (&self->mutex);
  for (guint i = 0; i < self->warnings->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->warnings, i));
  _cs_symbolizer_add_line_warnings_locked (self, builder);
  g_mutex_unlock (&self->mutex);
  ret = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return ret;
}
