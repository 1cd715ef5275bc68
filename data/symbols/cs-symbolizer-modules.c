/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer-modules.c — modules: what a mapping is, opening, JIT maps
 *
 * One module per (path, build-id); the kernel is one module whatever its
 * maps; anonymous executable memory is its process's JIT module, named
 * from /tmp/perf-PID.map. A module is opened (its ELF file, the kernel's
 * symbol table, the perf map) the first time something is looked up in
 * it. Everything here runs with the symbolizer's lock held unless it takes
 * the lock itself.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-perf-map.h"
#include "cs-symbol-index.h"
#include "cs-symbolizer-private.h"
#include "cs-text.h"

static void
cs_location_free (CsLocation *location)
{
  g_free ((gpointer) location->frames);
  g_free (location);
}

CsModule *
_cs_module_new (CsModuleKind  kind,
               const char   *path,
               const char   *name,
               const char   *build_id)
{
  CsModule *module = g_new0 (CsModule, 1);

  module->kind = kind;
  module->path = g_strdup (path);
  /* Shown everywhere (tables, GTK, JSON): a file name's bytes that are not
   * UTF-8 as \xNN; @path stays as it is, to open the file. */
  module->name = cs_text_make_valid (name, -1);
  module->build_id = g_strdup (build_id);
  module->locations = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                             (GDestroyNotify) cs_location_free);
  module->symbols = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  module->unknown = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  return module;
}

void
_cs_module_free (CsModule *module)
{
  /* Also a JIT module's perf map (its symbol index). */
  _cs_elf_module_close (module);
  g_hash_table_unref (module->locations);
  g_hash_table_unref (module->symbols);
  g_hash_table_unref (module->unknown);
  g_free (module->path);
  g_free (module->name);
  g_free (module->build_id);
  g_free (module->problem);
  g_free (module);
}

const char *
cs_module_get_path (CsModule *module)
{
  return module->path;
}

const char *
cs_module_get_name (CsModule *module)
{
  return module->name;
}

const char *
cs_module_get_build_id (CsModule *module)
{
  return module->build_id;
}

CsModuleKind
cs_module_get_kind (CsModule *module)
{
  return module->kind;
}

static int
compare_module_paths (const CsModule *a,
                      const CsModule *b)
{
  return g_strcmp0 (a->path, b->path);
}

static gboolean
is_kernel_path (const char *path)
{
  return g_str_has_prefix (path, CS_KERNEL_MODULE_NAME) || g_str_has_prefix (path, "[guest.kernel");
}

/* Maps that have no ELF file behind them. */
static gboolean
is_special_path (const char *path)
{
  return path[0] == '\0' || path[0] == '[' || g_str_has_prefix (path, "//anon") ||
         g_str_has_prefix (path, "/memfd:") || g_str_has_prefix (path, "/dev/") ||
         g_str_has_prefix (path, "/anon_hugepage") || g_str_has_prefix (path, "/SYSV");
}

static CsModule *
get_module_locked (CsSymbolizer *self,
                   const char   *path,
                   const char   *hex,
                   gboolean      kernel)
{
  g_autofree char *key = NULL;
  CsModule *module;

  if (kernel || is_kernel_path (path))
    {
      if (self->kernel == NULL)
        {
          self->kernel = _cs_module_new (CS_MODULE_KERNEL, CS_KERNEL_MODULE_NAME, CS_KERNEL_MODULE_NAME, hex);
          g_hash_table_insert (self->modules, g_strdup (CS_KERNEL_MODULE_NAME "\n"), self->kernel);
        }
      else if (self->kernel->build_id == NULL && hex != NULL)
        self->kernel->build_id = g_strdup (hex);
      return self->kernel;
    }

  if (hex == NULL)
    hex = g_hash_table_lookup (self->build_ids, path);
  key = g_strdup_printf ("%s\n%s", path, hex != NULL ? hex : "");
  module = g_hash_table_lookup (self->modules, key);
  if (module == NULL)
    {
      g_autofree char *base = g_path_get_basename (path);

      if (is_special_path (path))
        module = _cs_module_new (CS_MODULE_SPECIAL, path, path, hex);
      else
        module = _cs_module_new (CS_MODULE_FILE, path, base, hex);
      g_hash_table_insert (self->modules, g_steal_pointer (&key), module);
    }
  return module;
}

/* The JIT code of process @pid, named by perf's convention. */
static CsModule *
get_jit_module_locked (CsSymbolizer *self,
                       gint32        pid)
{
  g_autofree char *path = g_strdup_printf ("/tmp/perf-%d.map", (int) pid);
  g_autofree char *key = g_strdup_printf ("%s\njit", path);
  CsModule *module = g_hash_table_lookup (self->modules, key);

  if (module == NULL)
    {
      g_autofree char *name = g_strdup_printf ("[JIT] tid %d", (int) pid);

      module = _cs_module_new (CS_MODULE_SPECIAL, path, name, NULL);
      module->jit = TRUE;
      g_hash_table_insert (self->modules, g_steal_pointer (&key), module);
    }
  return module;
}

CsModule *
cs_symbolizer_get_module (CsSymbolizer *self,
                          const char   *path,
                          const guint8 *build_id,
                          gsize         build_id_len)
{
  g_autofree char *hex = _cs_build_id_hex (build_id, build_id_len);
  CsModule *module;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  g_mutex_lock (&self->mutex);
  module = get_module_locked (self, path, hex, FALSE);
  g_mutex_unlock (&self->mutex);
  return module;
}

CsModule *
cs_symbolizer_get_module_for_mapping (CsSymbolizer    *self,
                                      const CsMapping *mapping)
{
  CsModule *module;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (mapping != NULL, NULL);

  g_mutex_lock (&self->mutex);
  module = g_hash_table_lookup (self->mapping_modules, mapping);
  if (module == NULL)
    {
      g_autofree char *hex = cs_mapping_dup_build_id_hex (mapping);

      if (cs_mapping_is_jit (mapping))
        module = get_jit_module_locked (self, mapping->pid);
      else
        module = get_module_locked (self, mapping->filename, hex, mapping->kernel);
      g_hash_table_insert (self->mapping_modules, cs_mapping_ref ((CsMapping *) mapping), module);
    }
  g_mutex_unlock (&self->mutex);
  return module;
}

CsModule *
cs_symbolizer_module_for_ip (CsSymbolizer   *self,
                             CsAddressSpace *space,
                             gint32          pid,
                             guint64         ip,
                             guint64        *offset)
{
  const CsMapping *mapping = cs_address_space_lookup (space, pid, ip);
  CsModule *module;

  if (mapping == NULL)
    {
      /* No kernel map recorded (perf without kernel access still records
       * the odd kernel IP): the upper half is the kernel's on x86-64 and
       * arm64, and kallsyms needs no map. */
      if ((ip >> 63) == 0)
        return NULL;
      g_mutex_lock (&self->mutex);
      module = get_module_locked (self, CS_KERNEL_MODULE_NAME, NULL, TRUE);
      g_mutex_unlock (&self->mutex);
      if (offset != NULL)
        *offset = ip;
      return module;
    }
  module = cs_symbolizer_get_module_for_mapping (self, mapping);
  if (offset != NULL)
    /* Kernel symbols are looked up by run-time address. */
    *offset = module->kind == CS_MODULE_KERNEL ? ip : cs_mapping_file_offset (mapping, ip);
  return module;
}

/* perf reads the map when it reports, not when it records: the process
 * must have left it in /tmp. */
static void
load_perf_map_locked (CsSymbolizer *self,
                      CsModule     *module)
{
  g_autoptr(GError) error = NULL;

  module->loaded = TRUE;
  module->symbol_index = cs_perf_map_load (module->path, &error);
  if (module->symbol_index != NULL)
    return;
  if (g_error_matches (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND))
    module->problem = g_strdup_printf (_("There is no perf map %s for the JIT code of %s: its "
                                         "addresses show as %s+0x…. Let the runtime write one "
                                         "(node --perf-basic-prof, Java’s perf-map-agent, "
                                         "DOTNET_PerfMapEnabled=1) and report while it is there."),
                                       module->path, module->name, module->name);
  else
    module->problem = g_strdup (error->message);
  _cs_symbolizer_add_warning_locked (self, module->problem);
}

void
_cs_symbolizer_ensure_loaded_locked (CsSymbolizer *self,
                                    CsModule     *module)
{
  if (module->loaded)
    return;
  if (module->kind == CS_MODULE_KERNEL)
    {
      if (module == self->kernel)
        _cs_symbolizer_load_kernel_locked (self, module);
      else
        module->loaded = TRUE;
    }
  else if (module->kind == CS_MODULE_FILE)
    {
      g_autoptr(GPtrArray) dirs = g_ptr_array_new ();
      g_autofree char *cache = _cs_symbolizer_dup_build_id_cache_locked (self);
      CsElfOpenOptions options = { &self->callbacks, NULL, cache };

      for (guint i = 0; i + 1 < self->debug_dirs->len; i++)
        g_ptr_array_add (dirs, g_ptr_array_index (self->debug_dirs, i));
      g_ptr_array_add (dirs, "/usr/lib/debug");
      g_ptr_array_add (dirs, NULL);
      options.build_id_dirs = (const char * const *) dirs->pdata;
      if (!_cs_elf_module_open (module, &options))
        _cs_symbolizer_add_warning_locked (self, module->problem);
    }
  else if (module->jit)
    load_perf_map_locked (self, module);
  else
    module->loaded = TRUE;
}

/* Modules with debug information in which no looked-up address found a
 * source line: their lines read ??:0, which must not pass unexplained
 * (a stripped .debug_line, a DWARF form this elfutils cannot read). Said
 * as things stand now: a later lookup may still find lines. */
void
_cs_symbolizer_add_line_warnings_locked (CsSymbolizer *self,
                                        GStrvBuilder *builder)
{
  g_autoptr(GList) modules = g_hash_table_get_values (self->modules);

  modules = g_list_sort (modules, (GCompareFunc) compare_module_paths);
  for (GList *l = modules; l != NULL; l = l->next)
    {
      CsModule *module = l->data;
      g_autofree char *message = NULL;

      if (module->kind != CS_MODULE_FILE || module->n_source_lookups == 0 ||
          module->n_source_lines > 0 || !_cs_elf_module_has_dwarf (module))
        continue;
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "“%s” has debug information, but the %u address "
                                              "looked up in it has no source line there: its "
                                              "line table is missing or in a form this elfutils "
                                              "cannot read. Its lines show as ??:0.",
                                              "“%s” has debug information, but none of the %u "
                                              "addresses looked up in it has a source line there: "
                                              "its line table is missing or in a form this "
                                              "elfutils cannot read. Its lines show as ??:0.",
                                              module->n_source_lookups),
                                 module->path, module->n_source_lookups);
      g_strv_builder_add (builder, message);
    }
}

