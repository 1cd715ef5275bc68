/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-elf-module-source.c — an address's source line and inline chain from a module's DWARF */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <string.h>

#include "cs-demangle.h"
#include "cs-dwarf-names.h"
#include "cs-dwarf-scopes.h"
#include "cs-dwarf-units.h"
#include "cs-symbolizer-private.h"

/* The mangled name when DWARF has one. GCC gives none to C++ functions
 * with internal linkage; for an emitted (not inlined) function the ELF
 * symbol at its entry has it ("_ZL10print_mapsv" rather than "print_maps"),
 * as addr2line shows it. */
static const char *
die_raw_name (CsModule  *module,
              Dwarf_Die *die,
              Dwarf_Addr cu_bias)
{
  Dwarf_Attribute attr;
  Dwarf_Addr entry;
  const char *name;

  name = dwarf_formstring (dwarf_attr_integrate (die, DW_AT_linkage_name, &attr));
  if (name == NULL)
    name = dwarf_formstring (dwarf_attr_integrate (die, DW_AT_MIPS_linkage_name, &attr));
  if (name == NULL && dwarf_tag (die) == DW_TAG_subprogram && dwarf_entrypc (die, &entry) == 0)
    {
      guint64 vaddr = entry + cu_bias - module->bias;
      guint64 start = 0, size = 0;
      const char *symbol = NULL;

      /* Only a mangled name adds anything (the signature); a C symbol may
       * be a clone ("report_file.constprop.0") of the DWARF name. */
      if (_cs_elf_module_lookup_symbol (module, vaddr, &symbol, &start, &size) && start == vaddr &&
          g_str_has_prefix (symbol, "_Z"))
        name = symbol;
    }
  if (name == NULL)
    name = dwarf_formstring (dwarf_attr_integrate (die, DW_AT_name, &attr));
  return name;
}

/* Compilers record "../src/foo.c" relative to the compilation directory;
 * the viewer needs a path it can open. */
static const char *
intern_source_path (GStringChunk *strings,
                    const char   *name,
                    const char   *comp_dir)
{
  g_autofree char *absolute = NULL;

  if (name == NULL)
    return NULL;
  if (g_path_is_absolute (name) || comp_dir == NULL)
    return g_string_chunk_insert_const (strings, name);
  /* Some distributions build with a relative DW_AT_comp_dir ("./csu" in
   * libc6-dbg); g_canonicalize_filename() only accepts an absolute base. */
  if (!g_path_is_absolute (comp_dir))
    absolute = g_build_filename (comp_dir, name, NULL);
  else
    absolute = g_canonicalize_filename (name, comp_dir);
  return g_string_chunk_insert_const (strings, absolute);
}

static void
fill_frame_names (CsInlineFrame *frame,
                  const char    *raw,
                  GStringChunk  *strings)
{
  g_autofree char *signature = NULL;
  g_autofree char *short_name = NULL;
  g_autofree char *display = NULL;

  if (raw == NULL)
    raw = "??";
  signature = cs_demangle (raw);
  short_name = cs_demangle_short_name (signature != NULL ? signature : raw);
  display = cs_demangle_perf_name (signature != NULL ? signature : raw);
  frame->signature = g_string_chunk_insert_const (strings, signature != NULL ? signature : raw);
  frame->name = g_string_chunk_insert_const (strings, short_name);
  frame->display_name = g_string_chunk_insert_const (strings, display);
}

/* A frame's function: its linkage name, else (a lambda inlined by GCC,
 * which gives its operator() none) the name its DWARF scopes make, else
 * its DWARF name. */
static const char *
frame_raw_name (CsModule  *module,
                Dwarf_Die *scope,
                Dwarf_Addr cu_bias)
{
  const char *raw = die_raw_name (module, scope, cu_bias);
  const char *qualified;

  if (raw == NULL || g_str_has_prefix (raw, "_Z"))
    return raw;
  if (module->dwarf_names == NULL)
    module->dwarf_names = cs_dwarf_names_new ();
  qualified = cs_dwarf_names_qualified (module->dwarf_names, scope);
  return qualified != NULL ? qualified : raw;
}

void
_cs_elf_module_lookup_source (CsModule      *module,
                             guint64        vaddr,
                             GStringChunk  *strings,
                             const char   **file,
                             guint         *line,
                             GArray        *frames)
{
  Dwarf_Addr addr = vaddr + module->bias;
  Dwarf_Addr cu_bias = 0;
  Dwarf_Die *cudie;
  Dwarf_Die unit_die;
  Dwarf_Files *files = NULL;
  Dwfl_Line *dwline;
  g_autoptr(GArray) chain = NULL;
  const char *frame_file = NULL;
  guint frame_line = 0;

  *file = NULL;
  *line = 0;
  if (module->dwmod == NULL)
    return;

  dwline = dwfl_module_getsrc (module->dwmod, addr);
  if (dwline != NULL)
    {
      int lineno = 0;
      const char *name = dwfl_lineinfo (dwline, NULL, &lineno, NULL, NULL, NULL);

      *file = intern_source_path (strings, name, dwfl_line_comp_dir (dwline));
      *line = MAX (lineno, 0);
    }

  cudie = dwfl_module_addrdie (module->dwmod, addr, &cu_bias);
  if (cudie == NULL)
    {
      /* No .debug_aranges (clang): the units' own ranges. */
      Dwarf *dwarf = dwfl_module_getdwarf (module->dwmod, &cu_bias);
      Dwarf_Line *dline;

      if (dwarf == NULL)
        return;
      if (module->dwarf_units == NULL)
        module->dwarf_units = cs_dwarf_units_new (dwarf);
      if (!cs_dwarf_units_find (module->dwarf_units, addr - cu_bias, &unit_die))
        return;
      cudie = &unit_die;
      if (*file == NULL && (dline = dwarf_getsrc_die (cudie, addr - cu_bias)) != NULL)
        {
          Dwarf_Attribute attr;
          int lineno = 0;

          dwarf_lineno (dline, &lineno);
          *file = intern_source_path (strings, dwarf_linesrc (dline, NULL, NULL),
                                      dwarf_formstring (dwarf_attr (cudie, DW_AT_comp_dir, &attr)));
          *line = MAX (lineno, 0);
        }
    }

  if (module->dwarf_scopes == NULL)
    module->dwarf_scopes = cs_dwarf_scopes_new ();
  chain = g_array_new (FALSE, FALSE, sizeof (Dwarf_Die));
  cs_dwarf_scopes_find (module->dwarf_scopes, cudie, addr - cu_bias, chain);

  frame_file = *file;
  frame_line = *line;
  for (guint i = 0; i < chain->len; i++)
    {
      Dwarf_Die *scope = &g_array_index (chain, Dwarf_Die, i);
      CsInlineFrame frame = { 0 };
      Dwarf_Attribute attr;
      Dwarf_Word value;

      fill_frame_names (&frame, frame_raw_name (module, scope, cu_bias), strings);
      frame.file = frame_file;
      frame.line = frame_line;
      g_array_append_val (frames, frame);
      if (dwarf_tag (scope) != DW_TAG_inlined_subroutine)
        break;

      /* The caller's frame is at this inlined call's site. */
      frame_file = NULL;
      frame_line = 0;
      if (dwarf_formudata (dwarf_attr (scope, DW_AT_call_file, &attr), &value) == 0)
        {
          const char *name;

          if (files == NULL)
            dwarf_getsrcfiles (cudie, &files, NULL);
          if (files != NULL && (name = dwarf_filesrc (files, value, NULL, NULL)) != NULL)
            {
              Dwarf_Attribute comp_attr;
              const char *comp_dir = dwarf_formstring (dwarf_attr (cudie, DW_AT_comp_dir,
                                                                   &comp_attr));

              frame_file = intern_source_path (strings, name, comp_dir);
            }
        }
      if (dwarf_formudata (dwarf_attr (scope, DW_AT_call_line, &attr), &value) == 0)
        frame_line = value;
    }
}
