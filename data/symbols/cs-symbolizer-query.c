/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer-query.c — symbols by name, code bytes, module problems */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/utsname.h>

#include "cs-demangle.h"
#include "cs-error.h"
#include "cs-kallsyms.h"
#include "cs-symbolizer-private.h"

typedef struct
{
  const char     *name;
  char           *found;
  guint64         start;
  guint64         size;
} FindData;

static gboolean
find_symbol_cb (const char *raw,
                guint64     start,
                guint64     size,
                gpointer    user_data)
{
  FindData *data = user_data;
  g_autofree char *signature = NULL;
  g_autofree char *short_name = NULL;

  if (strcmp (raw, data->name) != 0)
    {
      signature = cs_demangle (raw);
      if (signature == NULL || strcmp (signature, data->name) != 0)
        {
          short_name = cs_demangle_short_name (signature != NULL ? signature : raw);
          if (strcmp (short_name, data->name) != 0)
            return FALSE;
        }
    }
  data->found = g_strdup (raw);
  data->start = start;
  data->size = size;
  return TRUE;
}

static const CsSymbol *
find_symbol_locked (CsSymbolizer *self,
                    CsModule     *module,
                    const char   *name)
{
  FindData data = { name, NULL, 0, 0 };
  const CsSymbol *sym = NULL;

  _cs_symbolizer_ensure_loaded_locked (self, module);
  if (module->kind == CS_MODULE_FILE)
    {
      const char *raw = NULL;
      guint64 start = 0, size = 0;

      /* Any alias finds the symbol; it is shown under the alias perf
       * chose for its address, the name the profile's rows carry. */
      _cs_elf_module_foreach_symbol (module, find_symbol_cb, &data);
      if (data.found != NULL &&
          _cs_elf_module_lookup_symbol (module, data.start, &raw, &start, &size) &&
          start == data.start)
        sym = _cs_symbolizer_intern_symbol_locked (self, module, raw, start, size);
      else if (data.found != NULL)
        sym = _cs_symbolizer_intern_symbol_locked (self, module, data.found, data.start, data.size);
      g_free (data.found);
    }
  else if (module == self->kernel && self->kallsyms != NULL)
    {
      const CsKernelSymbol *ks = cs_kallsyms_find (self->kallsyms, name);

      if (ks != NULL && cs_kallsyms_lookup (self->kallsyms, ks->address) != NULL)
        ks = cs_kallsyms_lookup (self->kallsyms, ks->address);
      if (ks != NULL)
        {
          CsModule *owner = _cs_symbolizer_kernel_module_locked (self, ks->module);

          sym = _cs_symbolizer_intern_symbol_locked (self, owner, ks->name,
                                                    ks->address - self->kallsyms_delta, ks->size);
        }
    }
  return sym;
}

const CsSymbol *
cs_symbolizer_find_symbol (CsSymbolizer *self,
                           CsModule     *module,
                           const char   *name)
{
  const CsSymbol *sym = NULL;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  g_mutex_lock (&self->mutex);
  if (module != NULL)
    sym = find_symbol_locked (self, module, name);
  else
    {
      g_autoptr(GList) modules = g_hash_table_get_values (self->modules);

      for (GList *l = modules; sym == NULL && l != NULL; l = l->next)
        sym = find_symbol_locked (self, l->data, name);
    }
  g_mutex_unlock (&self->mutex);
  return sym;
}

GBytes *
cs_symbolizer_read_bytes (CsSymbolizer  *self,
                          CsModule      *module,
                          guint64        vaddr,
                          gsize          len,
                          GError       **error)
{
  GBytes *bytes = NULL;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (module != NULL, NULL);

  g_mutex_lock (&self->mutex);
  _cs_symbolizer_ensure_loaded_locked (self, module);
  if (module->kind == CS_MODULE_FILE)
    bytes = _cs_elf_module_read (module, vaddr, len, error);
  else
    g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                 _("%s has no file to read instructions from."), module->name);
  g_mutex_unlock (&self->mutex);
  return bytes;
}

char *
cs_symbolizer_dup_module_problem (CsSymbolizer *self,
                                  CsModule     *module)
{
  char *problem;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (module != NULL, NULL);

  g_mutex_lock (&self->mutex);
  _cs_symbolizer_ensure_loaded_locked (self, module);
  problem = g_strdup (module->problem);
  g_mutex_unlock (&self->mutex);
  return problem;
}

/* A copy of what @get says of @module's file once it is loaded; NULL for
 * a module that is no file or could not be opened. */
static char *
dup_file_string (CsSymbolizer *self,
                 CsModule     *module,
                 const char *(*get) (CsModule *module))
{
  char *value = NULL;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), NULL);
  g_return_val_if_fail (module != NULL, NULL);

  g_mutex_lock (&self->mutex);
  _cs_symbolizer_ensure_loaded_locked (self, module);
  if (module->kind == CS_MODULE_FILE && module->dwmod != NULL)
    value = g_strdup (get (module));
  g_mutex_unlock (&self->mutex);
  return value;
}

char *
cs_symbolizer_dup_debug_file (CsSymbolizer *self,
                              CsModule     *module)
{
  return dup_file_string (self, module, _cs_elf_module_get_debug_file);
}

static const char *
opened_path (CsModule *module)
{
  return module->opened_path;
}

char *
cs_symbolizer_dup_module_file (CsSymbolizer *self,
                               CsModule     *module)
{
  return dup_file_string (self, module, opened_path);
}

char *
_cs_symbolizer_dup_debuginfo_path (CsSymbolizer *self)
{
  char *path;

  g_mutex_lock (&self->mutex);
  path = g_strdup (self->debuginfo_path);
  g_mutex_unlock (&self->mutex);
  return path;
}
