/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-elf-module.c — one ELF file through libdwfl: symbols, lines, inlines
 *
 * Each module gets its own Dwfl with the file reported at bias 0, so module
 * addresses are the ELF virtual addresses that addr2line, nm and objdump
 * print. libdwfl finds separate debug files (build-id, .gnu_debuglink,
 * the debug directories in the callbacks' debuginfo_path) and falls back
 * from .symtab to .dynsym by itself.
 */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cs-demangle.h"
#include "cs-dwarf-names.h"
#include "cs-dwarf-scopes.h"
#include "cs-dwarf-units.h"
#include "cs-error.h"
#include "cs-file.h"
#include "cs-symbol-index.h"
#include "cs-symbolizer-private.h"
#include "cs-text.h"

/* The kernel maps files in pages; a mapping's file offset may lie in the
 * page before a segment's p_offset. */
#define CS_PAGE_MASK (~(guint64) 0xfff)

char *
_cs_build_id_hex (const guint8 *bits,
                 gsize         len)
{
  GString *s;

  if (bits == NULL || len == 0)
    return NULL;
  s = g_string_sized_new (len * 2);

  for (gsize i = 0; i < len; i++)
    g_string_append_printf (s, "%02x", bits[i]);
  return g_string_free (s, FALSE);
}

/* Reports @path in a fresh Dwfl. Returns the file's build-id (hex) in
 * @found_build_id, NULL when it has none. */
static gboolean
report_file (CsModule               *module,
             const CsElfOpenOptions *options,
             const char             *path,
             char                  **found_build_id,
             char                  **error_message)
{
  const unsigned char *bits = NULL;
  GElf_Addr bid_vaddr = 0;
  Dwfl *dwfl;
  Dwfl_Module *dwmod;
  Elf *elf;
  GElf_Addr bias = 0;
  GElf_Ehdr ehdr;
  size_t n_phdr = 0;
  int bid_len;
  struct stat st;
  int fd;

  *found_build_id = NULL;

  /* The path comes from a perf.data mmap record: opened here without
   * blocking and checked to be a regular file, since libdwfl's own open(2)
   * would hang on a FIFO. */
  if ((fd = cs_file_open_nonblocking (path, &st, NULL)) < 0)
    {
      *error_message = g_strdup (g_strerror (errno));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      /* TRANSLATORS: %s is "a named pipe (FIFO)", "a character device", … */
      *error_message = g_strdup_printf (_("it is %s, not a regular file"), cs_file_kind (&st));
      close (fd);
      return FALSE;
    }

  dwfl = dwfl_begin (options->callbacks);
  if (dwfl == NULL)
    {
      *error_message = g_strdup (dwfl_errmsg (-1));
      close (fd);
      return FALSE;
    }
  dwfl_report_begin (dwfl);
  /* add_p_vaddr: bias 0 for shared objects, whatever their first p_vaddr.
   * The descriptor is libdwfl's on success only. */
  dwmod = dwfl_report_elf (dwfl, module->name, path, fd, 0, true);
  if (dwmod == NULL)
    close (fd);
  dwfl_report_end (dwfl, NULL, NULL);
  if (dwmod == NULL || (elf = dwfl_module_getelf (dwmod, &bias)) == NULL)
    {
      *error_message = g_strdup (dwfl_errmsg (-1));
      dwfl_end (dwfl);
      return FALSE;
    }
  if (gelf_getehdr (elf, &ehdr) == NULL || (ehdr.e_type != ET_EXEC && ehdr.e_type != ET_DYN) ||
      elf_getphdrnum (elf, &n_phdr) != 0)
    {
      *error_message = g_strdup (_("not an executable or shared library"));
      dwfl_end (dwfl);
      return FALSE;
    }

  bid_len = dwfl_module_build_id (dwmod, &bits, &bid_vaddr);
  if (bid_len > 0)
    *found_build_id = _cs_build_id_hex (bits, bid_len);

  module->dwfl = dwfl;
  module->dwmod = dwmod;
  module->elf = elf;
  module->bias = bias;
  module->loads = g_array_new (FALSE, FALSE, sizeof (GElf_Phdr));
  for (size_t i = 0; i < n_phdr; i++)
    {
      GElf_Phdr phdr;

      if (gelf_getphdr (elf, i, &phdr) != NULL && phdr.p_type == PT_LOAD)
        g_array_append_val (module->loads, phdr);
    }
  g_free (module->opened_path);
  module->opened_path = g_strdup (path);
  return TRUE;
}

/* Where perf's build-id cache and debug directories keep whole files. */
static GPtrArray *
build_id_candidates (const CsElfOpenOptions *options,
                     const char             *hex)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *xx = g_strndup (hex, 2);
  const char *rest = hex + 2;
  char *copy = _cs_build_id_cache_copy (options->build_id_cache, hex);

  if (copy != NULL)
    g_ptr_array_add (paths, copy);
  for (guint i = 0; options->build_id_dirs != NULL && options->build_id_dirs[i] != NULL; i++)
    g_ptr_array_add (paths, g_build_filename (options->build_id_dirs[i], ".build-id", xx, rest,
                                              NULL));
  return paths;
}

static gboolean
has_symtab (Elf *elf)
{
  Elf_Scn *scn = NULL;

  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr;

      if (gelf_getshdr (scn, &shdr) != NULL && shdr.sh_type == SHT_SYMTAB)
        return TRUE;
    }
  return FALSE;
}

/* @module is open on a file without a symbol table (stripped, as
 * installed programs are) and no separate debug file gives one: when
 * perf's build-id cache holds the file as it was built, with its symbols,
 * under the same build-id, read that instead, as perf report does. */
static void
prefer_unstripped_copy (CsModule               *module,
                        const CsElfOpenOptions *options,
                        const char             *hex)
{
  g_autofree char *copy = NULL;
  g_autofree char *copy_id = NULL;
  g_autofree char *ignored = NULL;
  g_autofree char *path = NULL;
  const char *debug_file = NULL;

  if (hex == NULL || module->elf == NULL || has_symtab (module->elf))
    return;
  /* libdwfl looks for a debug file (debuglink, build-id) when the file
   * has no .symtab; one it found has the symbols. */
  dwfl_module_getsymtab (module->dwmod);
  dwfl_module_info (module->dwmod, NULL, NULL, NULL, NULL, NULL, NULL, &debug_file);
  if (debug_file != NULL || (copy = _cs_build_id_cache_copy (options->build_id_cache, hex)) == NULL)
    return;
  path = g_strdup (module->opened_path);
  _cs_elf_module_close (module);
  if (report_file (module, options, copy, &copy_id, &ignored))
    {
      if (g_strcmp0 (copy_id, hex) == 0 && has_symtab (module->elf))
        return;
      _cs_elf_module_close (module);
    }
  g_clear_pointer (&copy_id, g_free);
  /* The file was fine: back to it. */
  report_file (module, options, path, &copy_id, &ignored);
}

gboolean
_cs_elf_module_open (CsModule               *module,
                    const CsElfOpenOptions *options)
{
  g_autofree char *found = NULL;
  g_autofree char *message = NULL;
  g_autofree char *mismatch = NULL;
  g_autoptr(GPtrArray) candidates = NULL;
  g_autofree char *problem = NULL;

  module->loaded = TRUE;

  if (report_file (module, options, module->path, &found, &message))
    {
      if (module->build_id == NULL || g_strcmp0 (found, module->build_id) == 0)
        {
          prefer_unstripped_copy (module, options, found);
          return TRUE;
        }
      /* The file was rebuilt or updated since the recording. */
      mismatch = g_steal_pointer (&found);
      _cs_elf_module_close (module);
    }

  if (module->build_id != NULL)
    {
      candidates = build_id_candidates (options, module->build_id);
      for (guint i = 0; i < candidates->len; i++)
        {
          const char *candidate = g_ptr_array_index (candidates, i);
          g_autofree char *candidate_id = NULL;
          g_autofree char *ignored = NULL;

          if (!g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
            continue;
          if (report_file (module, options, candidate, &candidate_id, &ignored))
            {
              if (g_strcmp0 (candidate_id, module->build_id) == 0)
                return TRUE;
              _cs_elf_module_close (module);
            }
        }
    }

  if (mismatch != NULL)
    problem = g_strdup_printf (_("“%s” has build-id %s but the recording saw %s: the file "
                                 "changed since the recording. Its addresses show as "
                                 "%s+0x…; put the recorded version (or its copy under "
                                 "DIR/.build-id/) in a debug directory."),
                               module->path, mismatch, module->build_id, module->name);
  else
    problem = g_strdup_printf (_("Cannot read “%s” (%s). Its addresses show as %s+0x…; "
                                 "copy the file back or add a debug directory that holds "
                                 "it by build-id."),
                               module->path, message, module->name);
  /* The path's bytes may not be UTF-8; the problem is shown as text. */
  module->problem = cs_text_make_valid (problem, -1);
  return FALSE;
}

void
_cs_elf_module_close (CsModule *module)
{
  g_clear_pointer (&module->symbol_index, cs_symbol_index_free);
  g_clear_pointer (&module->dwarf_scopes, cs_dwarf_scopes_free);
  g_clear_pointer (&module->dwarf_units, cs_dwarf_units_free);
  g_clear_pointer (&module->dwarf_names, cs_dwarf_names_free);
  g_clear_pointer (&module->dwfl, dwfl_end);
  module->dwmod = NULL;
  module->elf = NULL;
  module->bias = 0;
  g_clear_pointer (&module->loads, g_array_unref);
  g_clear_pointer (&module->opened_path, g_free);
}

gboolean
_cs_elf_module_offset_to_vaddr (CsModule *module,
                               guint64   offset,
                               guint64  *vaddr)
{
  return _cs_elf_loads_offset_to_vaddr (module->loads, offset, vaddr);
}

gboolean
_cs_elf_loads_offset_to_vaddr (GArray  *loads,
                              guint64  offset,
                              guint64 *vaddr)
{
  const GElf_Phdr *page_match = NULL;

  if (loads == NULL)
    return FALSE;
  for (guint i = 0; i < loads->len; i++)
    {
      const GElf_Phdr *ph = &g_array_index (loads, GElf_Phdr, i);

      if (offset >= ph->p_offset + ph->p_filesz)
        continue;
      if (offset >= ph->p_offset)
        {
          *vaddr = offset - ph->p_offset + ph->p_vaddr;
          return TRUE;
        }
      if (page_match == NULL && offset >= (ph->p_offset & CS_PAGE_MASK))
        page_match = ph;
    }
  if (page_match == NULL)
    return FALSE;
  *vaddr = page_match->p_vaddr - (page_match->p_offset - offset);
  return TRUE;
}

gboolean
_cs_elf_module_lookup_symbol (CsModule    *module,
                             guint64      vaddr,
                             const char **raw_name,
                             guint64     *start,
                             guint64     *size)
{
  if (module->dwmod == NULL)
    return FALSE;
  if (module->symbol_index == NULL)
    module->symbol_index = cs_symbol_index_new (module->dwmod, module->bias);
  return cs_symbol_index_lookup (module->symbol_index, vaddr, raw_name, start, size);
}

void
_cs_elf_module_foreach_symbol (CsModule        *module,
                              CsElfSymbolFunc  func,
                              gpointer         user_data)
{
  int n;

  if (module->dwmod == NULL)
    return;
  n = dwfl_module_getsymtab (module->dwmod);
  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr addr = 0;
      GElf_Word shndx = 0;
      const char *name = dwfl_module_getsym_info (module->dwmod, i, &sym, &addr, &shndx,
                                                  NULL, NULL);

      if (name == NULL || name[0] == '\0' ||
          (GELF_ST_TYPE (sym.st_info) != STT_FUNC && GELF_ST_TYPE (sym.st_info) != STT_GNU_IFUNC) ||
          sym.st_shndx == SHN_UNDEF)
        continue;
      if (func (name, addr - module->bias, sym.st_size, user_data))
        return;
    }
}

GBytes *
_cs_elf_module_read (CsModule  *module,
                    guint64    vaddr,
                    gsize      len,
                    GError   **error)
{
  const char *raw;
  size_t raw_size = 0;

  if (module->elf == NULL || module->loads == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("No code bytes for %s: %s"), module->name,
                   module->problem != NULL ? module->problem : _("the file is not available"));
      return NULL;
    }
  raw = elf_rawfile (module->elf, &raw_size);
  for (guint i = 0; raw != NULL && i < module->loads->len; i++)
    {
      const GElf_Phdr *ph = &g_array_index (module->loads, GElf_Phdr, i);
      guint64 file_offset;

      if (vaddr < ph->p_vaddr || vaddr + len > ph->p_vaddr + ph->p_filesz || vaddr + len < vaddr)
        continue;
      file_offset = vaddr - ph->p_vaddr + ph->p_offset;
      if (file_offset + len > raw_size)
        break;
      return g_bytes_new (raw + file_offset, len);
    }
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
               _("Addresses 0x%" PRIx64 "–0x%" PRIx64 " are not in a "
                 "loadable segment of “%s”."),
               vaddr, vaddr + len, module->opened_path);
  return NULL;
}

gboolean
_cs_elf_module_has_dwarf (CsModule *module)
{
  Dwarf_Addr bias;
  Dwarf *dwarf;

  if (module->dwmod == NULL || (dwarf = dwfl_module_getdwarf (module->dwmod, &bias)) == NULL)
    return FALSE;
  if (module->dwarf_units == NULL)
    module->dwarf_units = cs_dwarf_units_new (dwarf);
  return cs_dwarf_units_get_n (module->dwarf_units) > 0;
}

const char *
_cs_elf_module_get_debug_file (CsModule *module)
{
  const char *debug_file = NULL;
  Dwarf_Addr bias;

  if (module->dwmod == NULL)
    return NULL;
  dwfl_module_getdwarf (module->dwmod, &bias);
  dwfl_module_info (module->dwmod, NULL, NULL, NULL, NULL, NULL, NULL, &debug_file);
  return debug_file;
}
