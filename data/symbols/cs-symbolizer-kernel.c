/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer-kernel.c — [kernel.kallsyms] and kernel modules
 *
 * Kernel addresses only mean something with the symbol table of the boot
 * that recorded them: KASLR moves the kernel image at every boot, and
 * modules land wherever there was room. So the table is taken, in order,
 * from: the copy saved with the recording (a bundle of our collector); perf's
 * build-id cache, where `perf record` leaves a copy of /proc/kallsyms per
 * kernel build-id; the running kernel (through the binary cache of
 * cs-kallsyms-cache.c, else /proc/kallsyms), which is right only for a
 * recording of this boot — used for another boot with a warning, never
 * silently. Failing all, addresses stay [kernel.kallsyms]+0x… with a warning.
 *
 * Whatever the source, the table is checked against the kernel map's
 * reference symbol ("[kernel.kallsyms]_text" records _text's address at
 * recording time) and shifted by the difference, as perf does: a copy from
 * an earlier boot of the same kernel then names the image's symbols right.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "cs-error.h"
#include "cs-kallsyms.h"
#include "cs-symbolizer-private.h"
/* The running kernel's build-id from /sys/kernel/notes (ELF notes). */
static char *
running_kernel_build_id (void)
{
  g_autofree char *notes = NULL;
  gsize len = 0, pos = 0;

  if (!g_file_get_contents ("/sys/kernel/notes", &notes, &len, NULL))
    return NULL;
  while (pos + 12 <= len)
    {
      guint32 namesz, descsz, type;
      gsize name_at = pos + 12, desc_at;

      memcpy (&namesz, notes + pos, 4);
      memcpy (&descsz, notes + pos + 4, 4);
      memcpy (&type, notes + pos + 8, 4);
      desc_at = name_at + ((namesz + 3) & ~3u);
      if (desc_at + descsz > len)
        break;
      if (type == 3 && namesz == 4 && memcmp (notes + name_at, "GNU", 4) == 0)
        return _cs_build_id_hex ((const guint8 *) notes + desc_at, descsz);
      pos = desc_at + ((descsz + 3) & ~3u);
    }
  return NULL;
}

/* The Unix time this boot began (/proc/stat btime), 0 when unknown. */
static gint64
boot_time (void)
{
  g_autofree char *stat = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/stat", &stat, NULL, NULL) ||
      (p = strstr (stat, "\nbtime ")) == NULL)
    return 0;
  return g_ascii_strtoll (p + 7, NULL, 10);
}

/* From the kernel map (MMAP2 with a build-id) or perf's BUILD_ID feature. */
static const char *
kernel_build_id_locked (CsSymbolizer *self,
                        CsModule     *module)
{
  if (module->build_id != NULL)
    return module->build_id;
  return g_hash_table_lookup (self->build_ids, CS_KERNEL_MODULE_NAME);
}

/* perf's copy: DIR/[kernel.kallsyms]/BUILD-ID/kallsyms (before perf 4.4:
 * the file DIR/[kernel.kallsyms]/BUILD-ID itself). */
static char *
build_id_cache_file_locked (CsSymbolizer *self,
                            const char   *build_id)
{
  g_autofree char *dir = _cs_symbolizer_dup_build_id_cache_locked (self);
  g_autofree char *entry = g_build_filename (dir, CS_KERNEL_MODULE_NAME, build_id, NULL);

  return _cs_build_id_cache_file (entry, "kallsyms");
}

/* Takes @table; shifts it to the recording's reference symbol. Returns
 * whether it had to be shifted: then it comes from another boot. */
static gboolean
use_table_locked (CsSymbolizer          *self,
                  CsKallsyms            *table,
                  CsKernelSymbolsSource  source,
                  const char            *path)
{
  guint64 address;

  self->kallsyms = table;
  self->kernel_source = source;
  g_free (self->kernel_source_path);
  self->kernel_source_path = g_strdup (path);
  self->kallsyms_delta = 0;
  if (self->reloc_symbol != NULL && self->reloc_address != 0 &&
      cs_kallsyms_find_address (table, self->reloc_symbol, &address))
    self->kallsyms_delta = address - self->reloc_address;
  return self->kallsyms_delta != 0;
}

static gboolean
load_saved_locked (CsSymbolizer *self)
{
  g_autoptr(GError) error = NULL;
  CsKallsyms *table;

  if (self->saved_kallsyms == NULL)
    return FALSE;
  if ((table = cs_kallsyms_load_saved (self->saved_kallsyms, NULL, &error)) == NULL)
    {
      _cs_symbolizer_add_warning_locked (self, error->message);
      return FALSE;
    }
  if (use_table_locked (self, table, CS_KERNEL_SYMBOLS_SAVED, self->saved_kallsyms))
    {
      g_autofree char *message =
        g_strdup_printf (_("The kernel symbols saved with this recording (%s) do not match its "
                           "kernel map: kernel addresses were shifted to match, and symbols of "
                           "kernel modules may be misnamed."), self->saved_kallsyms);

      _cs_symbolizer_add_warning_locked (self, message);
    }
  return TRUE;
}

static gboolean
load_build_id_copy_locked (CsSymbolizer *self,
                           CsModule     *module)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  g_autofree char *cache_dir = NULL;
  const char *build_id = kernel_build_id_locked (self, module);
  CsKallsyms *table;

  if (build_id == NULL || (file = build_id_cache_file_locked (self, build_id)) == NULL)
    return FALSE;
  /* Through our cache: the next import maps the parsed table. */
  cache_dir = g_build_filename (g_get_user_cache_dir (), "cyclescope", NULL);
  if ((table = cs_kallsyms_load_cached (file, cache_dir, NULL, &error)) == NULL)
    {
      /* A copy made while addresses were hidden: try the next source. */
      g_debug ("perf's kernel symbols %s: %s", file, error->message);
      return FALSE;
    }
  if (use_table_locked (self, table, CS_KERNEL_SYMBOLS_BUILD_ID_CACHE, file))
    {
      /* perf keeps the first copy per build-id: one from an earlier boot. */
      g_autofree char *message =
        g_strdup_printf (_("perf’s copy of the kernel symbols (%s) is from an earlier boot of this "
                           "kernel: kernel addresses were shifted to match, as perf does, but "
                           "symbols of kernel modules may be misnamed."), file);

      _cs_symbolizer_add_warning_locked (self, message);
    }
  return TRUE;
}

/* Whether the recording was made before this boot, as far as can be told. */
static gboolean
recorded_on_other_boot_locked (CsSymbolizer *self)
{
  if (self->recording_boot_id != NULL)
    {
      g_autofree char *running = cs_kallsyms_dup_boot_id ();

      return running != NULL && g_strcmp0 (running, self->recording_boot_id) != 0;
    }
  if (self->recording_time > 0)
    {
      gint64 booted = boot_time ();

      return booted > 0 && self->recording_time < booted;
    }
  return FALSE;
}

static void
load_running_locked (CsSymbolizer *self,
                     CsModule     *module)
{
  g_autoptr(GError) error = NULL;
  const char *build_id = kernel_build_id_locked (self, module);
  struct utsname uts;
  CsKallsyms *table;

  if (self->kernel_release != NULL && uname (&uts) == 0 &&
      g_strcmp0 (uts.release, self->kernel_release) != 0)
    {
      module->problem = g_strdup_printf (_("The data was recorded on kernel %s but this is %s: "
                                           "/proc/kallsyms does not describe it, so kernel "
                                           "addresses show as %s+0x…. Open the recording on "
                                           "the machine that made it."),
                                         self->kernel_release, uts.release, CS_KERNEL_MODULE_NAME);
      return;
    }
  if (build_id != NULL && self->kallsyms_path == NULL)
    {
      g_autofree char *running = running_kernel_build_id ();

      if (running != NULL && g_strcmp0 (running, build_id) != 0)
        {
          module->problem = g_strdup_printf (_("The data was recorded on a kernel with build-id %s "
                                               "but the running kernel's is %s: kernel addresses "
                                               "show as %s+0x…."),
                                             build_id, running, CS_KERNEL_MODULE_NAME);
          return;
        }
    }
  /* Through the cache: /proc/kallsyms costs the kernel ~45 ms per read. */
  if ((table = cs_kallsyms_load_cached (self->kallsyms_path, NULL, NULL, &error)) == NULL)
    {
      module->problem = g_strdup (error->message);
      return;
    }
  if (use_table_locked (self, table, CS_KERNEL_SYMBOLS_RUNNING,
                        self->kallsyms_path != NULL ? self->kallsyms_path : "/proc/kallsyms") ||
      recorded_on_other_boot_locked (self))
    _cs_symbolizer_add_warning_locked (self,
                                      _("This recording was made on an earlier boot and carries no "
                                        "kernel symbols of its own, so kernel samples are named "
                                        "from the running kernel’s symbol table: kernel addresses "
                                        "may be misnamed (the kernel and its modules move at every "
                                        "boot). `cyclescope record` saves the kernel’s symbols with "
                                        "each recording; for `perf record`, keep perf’s build-id "
                                        "cache (~/.debug)."));
}

void
_cs_symbolizer_load_kernel_locked (CsSymbolizer *self,
                                  CsModule     *module)
{
  module->loaded = TRUE;
  if (load_saved_locked (self) || load_build_id_copy_locked (self, module))
    return;
  load_running_locked (self, module);
  _cs_symbolizer_add_warning_locked (self, module->problem);
}

void
cs_symbolizer_set_saved_kallsyms (CsSymbolizer *self,
                                  const char   *path)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  _cs_symbolizer_set_string (self, &self->saved_kallsyms, path);
}

void
cs_symbolizer_set_build_id_cache (CsSymbolizer *self,
                                  const char   *directory)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  _cs_symbolizer_set_string (self, &self->build_id_cache, directory);
}

void
cs_symbolizer_set_recording_boot (CsSymbolizer *self,
                                  const char   *boot_id)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));
  _cs_symbolizer_set_string (self, &self->recording_boot_id, boot_id);
}

void
cs_symbolizer_set_recording_time (CsSymbolizer *self,
                                  gint64        written)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));

  g_mutex_lock (&self->mutex);
  self->recording_time = written;
  g_mutex_unlock (&self->mutex);
}

void
cs_symbolizer_set_kernel_reloc (CsSymbolizer *self,
                                const char   *symbol,
                                guint64       address)
{
  g_return_if_fail (CS_IS_SYMBOLIZER (self));

  g_mutex_lock (&self->mutex);
  g_free (self->reloc_symbol);
  self->reloc_symbol = g_strdup (symbol);
  self->reloc_address = address;
  g_mutex_unlock (&self->mutex);
}

CsKernelSymbolsSource
cs_symbolizer_get_kernel_symbols_source (CsSymbolizer  *self,
                                         char         **path)
{
  CsKernelSymbolsSource source = CS_KERNEL_SYMBOLS_NONE;

  g_return_val_if_fail (CS_IS_SYMBOLIZER (self), CS_KERNEL_SYMBOLS_NONE);

  g_mutex_lock (&self->mutex);
  /* No kernel module yet: no kernel address was seen, nothing to load. */
  if (self->kernel != NULL)
    {
      _cs_symbolizer_ensure_loaded_locked (self, self->kernel);
      source = self->kallsyms != NULL ? self->kernel_source : CS_KERNEL_SYMBOLS_NONE;
    }
  if (path != NULL)
    *path = source != CS_KERNEL_SYMBOLS_NONE ? g_strdup (self->kernel_source_path) : NULL;
  g_mutex_unlock (&self->mutex);
  return source;
}

CsModule *
_cs_symbolizer_kernel_module_locked (CsSymbolizer *self,
                                    const char   *name)
{
  g_autofree char *bracketed = NULL;
  g_autofree char *key = NULL;
  CsModule *module;

  if (name == NULL)
    return self->kernel;
  bracketed = g_strdup_printf ("[%s]", name);
  key = g_strdup_printf ("%s\n", bracketed);
  module = g_hash_table_lookup (self->modules, key);
  if (module == NULL)
    {
      module = _cs_module_new (CS_MODULE_KERNEL, bracketed, bracketed, NULL);
      module->loaded = TRUE;
      g_hash_table_insert (self->modules, g_steal_pointer (&key), module);
    }
  return module;
}
