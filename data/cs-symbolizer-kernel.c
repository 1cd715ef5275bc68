/* cs-symbolizer-kernel.c — [kernel.kallsyms] and kernel modules */
#include "config.h"

#include <glib/gi18n-lib.h>
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
        return cs_build_id_hex ((const guint8 *) notes + desc_at, descsz);
      pos = desc_at + ((descsz + 3) & ~3u);
    }
  return NULL;
}

void
cs_symbolizer_load_kernel_locked (CsSymbolizer *self,
                                  CsModule     *module)
{
  g_autoptr(GError) error = NULL;
  struct utsname uts;

  module->loaded = TRUE;
  if (self->kernel_release != NULL && uname (&uts) == 0 &&
      g_strcmp0 (uts.release, self->kernel_release) != 0)
    {
      module->problem = g_strdup_printf (_("The data was recorded on kernel %s but this is %s: "
                                           "/proc/kallsyms does not describe it, so kernel "
                                           "addresses show as %s+0x…. Open the recording on "
                                           "the machine that made it."),
                                         self->kernel_release, uts.release, CS_KERNEL_MODULE_NAME);
    }
  else if (module->build_id != NULL && self->kallsyms_path == NULL)
    {
      g_autofree char *running = running_kernel_build_id ();

      if (running != NULL && g_strcmp0 (running, module->build_id) != 0)
        module->problem = g_strdup_printf (_("The data was recorded on a kernel with build-id %s "
                                             "but the running kernel's is %s: kernel addresses "
                                             "show as %s+0x…."),
                                           module->build_id, running, CS_KERNEL_MODULE_NAME);
    }
  if (module->problem == NULL)
    {
      /* Through the cache: /proc/kallsyms costs the kernel ~45 ms per read. */
      self->kallsyms = cs_kallsyms_load_cached (self->kallsyms_path, NULL, NULL, &error);
      if (self->kallsyms == NULL)
        module->problem = g_strdup (error->message);
    }
  cs_symbolizer_add_warning_locked (self, module->problem);
}

CsModule *
cs_symbolizer_kernel_module_locked (CsSymbolizer *self,
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
      module = cs_module_new (CS_MODULE_KERNEL, bracketed, bracketed, NULL);
      module->loaded = TRUE;
      g_hash_table_insert (self->modules, g_steal_pointer (&key), module);
    }
  return module;
}
