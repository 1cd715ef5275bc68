/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwind-files.c — the ELF files unwinding reads, mapped once
 *
 * Which file a mapping stands for is the symbolizer's decision (the
 * recorded path when its build-id matches, else a copy found by build-id),
 * so that frames are unwound with the code they are named after. Each file
 * is mapped once, read-only, and every thread's Dwfl gets an Elf on the
 * same bytes (elf_memory() reads them as ELF_C_READ: whatever libelf has
 * to convert, it converts into memory of its own): no file descriptor per
 * thread and module. Never opened for writing: as root that would succeed,
 * and while it is open no one could run the program.
 *
 * The vDSO has no file. perf record copies it into its build-id cache
 * (~/.debug/.build-id/xx/…/vdso); and when the recording ran on this
 * kernel, the vDSO mapped into this very process is the same one (checked
 * by build-id where the recording has one).
 */
#include "config.h"

#include <elfutils/libdwelf.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/utsname.h>

#include "cs-symbolizer-private.h"
#include "cs-unwind-private.h"

#define VDSO_NAME "[vdso]"

struct _CsUnwindFiles
{
  CsSymbolizer *symbolizer;
  char         *osrelease;
  GMutex        lock;
  GHashTable   *files;     /* "filename\nbuild-id" -> CsUnwindFile*, NULL: none */
};

static void
unwind_file_free (gpointer data)
{
  CsUnwindFile *f = data;

  if (f == NULL)
    return;
  g_free (f->name);
  g_free (f->path);
  if (f->mapped != NULL)
    g_mapped_file_unref (f->mapped);
  else
    g_free (f->image);
  g_clear_pointer (&f->loads, g_array_unref);
  g_free (f);
}

CsUnwindFiles *
_cs_unwind_files_new (CsSymbolizer *symbolizer,
                      const char   *osrelease)
{
  CsUnwindFiles *self = g_new0 (CsUnwindFiles, 1);

  elf_version (EV_CURRENT);
  self->symbolizer = g_object_ref (symbolizer);
  self->osrelease = g_strdup (osrelease);
  g_mutex_init (&self->lock);
  self->files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unwind_file_free);
  return self;
}

void
_cs_unwind_files_free (CsUnwindFiles *self)
{
  g_clear_object (&self->symbolizer);
  g_free (self->osrelease);
  g_hash_table_unref (self->files);
  g_mutex_clear (&self->lock);
  g_free (self);
}

/* Reads what the unwinder needs of the ELF image in @f. */
static gboolean
take_headers (CsUnwindFile *f)
{
  Elf *elf = elf_memory ((char *) f->image, f->size);
  GElf_Ehdr ehdr;
  size_t n_phdr = 0;
  gboolean first = TRUE;

  if (elf == NULL)
    return FALSE;
  if (gelf_getehdr (elf, &ehdr) == NULL || (ehdr.e_type != ET_EXEC && ehdr.e_type != ET_DYN) ||
      elf_getphdrnum (elf, &n_phdr) != 0)
    {
      elf_end (elf);
      return FALSE;
    }
  f->e_type = ehdr.e_type;
  f->loads = g_array_new (FALSE, FALSE, sizeof (GElf_Phdr));
  for (size_t i = 0; i < n_phdr; i++)
    {
      GElf_Phdr ph;

      if (gelf_getphdr (elf, i, &ph) == NULL || ph.p_type != PT_LOAD)
        continue;
      g_array_append_val (f->loads, ph);
      if (first)
        f->first_vaddr = ph.p_align > 1 ? ph.p_vaddr & ~(ph.p_align - 1) : ph.p_vaddr;
      first = FALSE;
      f->end_vaddr = MAX (f->end_vaddr, ph.p_vaddr + ph.p_memsz);
    }
  elf_end (elf);
  return f->loads->len > 0 && f->end_vaddr > f->first_vaddr;
}

static CsUnwindFile *
file_from_path (const char *name,
                const char *path)
{
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, NULL);
  CsUnwindFile *f;

  if (mapped == NULL || g_mapped_file_get_length (mapped) == 0)
    return NULL;
  f = g_new0 (CsUnwindFile, 1);
  f->name = g_strdup (name);
  f->path = g_strdup (path);
  f->mapped = g_steal_pointer (&mapped);
  f->image = (guint8 *) g_mapped_file_get_contents (f->mapped);
  f->size = g_mapped_file_get_length (f->mapped);
  if (!take_headers (f))
    g_clear_pointer (&f, unwind_file_free);
  return f;
}

/* The build-id of an ELF image, lower-case hex; NULL when it has none. */
static char *
image_build_id (const guint8 *image,
                gsize         size)
{
  Elf *elf = elf_memory ((char *) image, size);
  const void *bits = NULL;
  ssize_t len;
  char *hex;

  if (elf == NULL)
    return NULL;
  len = dwelf_elf_gnu_build_id (elf, &bits);
  hex = len > 0 ? _cs_build_id_hex (bits, (gsize) len) : NULL;
  elf_end (elf);
  return hex;
}

/* A copy of the vDSO the kernel mapped into this process. */
static CsUnwindFile *
own_vdso (void)
{
  const guint8 *base = (const guint8 *) getauxval (AT_SYSINFO_EHDR);
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *) base;
  gsize size;
  CsUnwindFile *f;

  if (base == NULL || memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64)
    return NULL;
  /* The image holds everything up to the section headers, which the
   * kernel maps with it. */
  size = MAX ((gsize) eh->e_shoff + (gsize) eh->e_shnum * eh->e_shentsize,
              (gsize) eh->e_phoff + (gsize) eh->e_phnum * eh->e_phentsize);
  if (size == 0 || size > 1024 * 1024)
    return NULL;
  f = g_new0 (CsUnwindFile, 1);
  f->name = g_strdup (VDSO_NAME);
  f->path = g_strdup (VDSO_NAME);
  f->image = g_memdup2 (base, size);
  f->size = size;
  if (!take_headers (f))
    g_clear_pointer (&f, unwind_file_free);
  return f;
}

static gboolean
same_kernel (const char *osrelease)
{
  struct utsname u;

  return osrelease != NULL && uname (&u) == 0 && strcmp (u.release, osrelease) == 0;
}

static CsUnwindFile *
load_vdso (CsUnwindFiles   *self,
           const CsMapping *mapping)
{
  CsModule *module = cs_symbolizer_get_module_for_mapping (self->symbolizer, mapping);
  const char *recorded = cs_module_get_build_id (module);
  CsUnwindFile *own = own_vdso ();
  g_autofree char *own_id = own != NULL ? image_build_id (own->image, own->size) : NULL;
  const char *cache = g_getenv ("PERF_BUILDID_DIR");
  g_autofree char *home_cache = NULL;

  if (own != NULL && (recorded != NULL ? g_strcmp0 (recorded, own_id) == 0 : same_kernel (self->osrelease)))
    return own;
  g_clear_pointer (&own, unwind_file_free);
  if (recorded == NULL || strlen (recorded) < 3)
    return NULL;
  if (cache == NULL)
    cache = home_cache = g_build_filename (g_get_home_dir (), ".debug", NULL);
  /* perf's build-id cache: .build-id/xx/rest links to the copy's
   * directory, which holds "vdso" (older perf: "elf") */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *xx = g_strndup (recorded, 2);
      g_autofree char *path = g_build_filename (cache, ".build-id", xx, recorded + 2,
                                                i == 0 ? "vdso" : "elf", NULL);
      CsUnwindFile *f = file_from_path (VDSO_NAME, path);
      g_autofree char *id = f != NULL ? image_build_id (f->image, f->size) : NULL;

      if (f != NULL && g_strcmp0 (id, recorded) == 0)
        return f;
      g_clear_pointer (&f, unwind_file_free);
    }
  return NULL;
}

static CsUnwindFile *
load_file (CsUnwindFiles   *self,
           const CsMapping *mapping)
{
  CsModule *module;
  g_autofree char *path = NULL;

  if (strcmp (mapping->filename, VDSO_NAME) == 0)
    return load_vdso (self, mapping);
  if (mapping->kernel || mapping->filename[0] != '/')
    return NULL;
  module = cs_symbolizer_get_module_for_mapping (self->symbolizer, mapping);
  if (cs_module_get_kind (module) != CS_MODULE_FILE ||
      (path = cs_symbolizer_dup_module_file (self->symbolizer, module)) == NULL)
    return NULL;
  return file_from_path (cs_module_get_name (module), path);
}

const CsUnwindFile *
_cs_unwind_files_get (CsUnwindFiles   *self,
                      const CsMapping *mapping)
{
  g_autofree char *id = cs_mapping_dup_build_id_hex (mapping);
  g_autofree char *key = g_strconcat (mapping->filename, "\n", id != NULL ? id : "", NULL);
  CsUnwindFile *file = NULL;
  gpointer found = NULL;

  g_mutex_lock (&self->lock);
  if (g_hash_table_lookup_extended (self->files, key, NULL, &found))
    file = found;
  else
    {
      file = load_file (self, mapping);
      g_hash_table_insert (self->files, g_steal_pointer (&key), file);
    }
  g_mutex_unlock (&self->lock);
  return file;
}

gboolean
_cs_unwind_file_bias (const CsUnwindFile *file,
                      const CsMapping    *mapping,
                      guint64            *bias)
{
  guint64 vaddr;

  /* Absolute addresses (ld.so ignores where the first map would go). */
  if (file->e_type == ET_EXEC)
    {
      *bias = 0;
      return TRUE;
    }
  if (!_cs_elf_loads_offset_to_vaddr (file->loads, mapping->pgoff, &vaddr))
    return FALSE;
  *bias = mapping->start - vaddr;
  return TRUE;
}
