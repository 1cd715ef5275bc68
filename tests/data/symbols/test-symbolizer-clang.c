/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer-clang.c — source lines of a clang -g program
 *
 * clang emits no .debug_aranges; libdw 0.188 then finds no compile unit
 * for any address. Every byte of the program's functions must get the
 * source line and inline chain llvm-addr2line gives it (LLVM's own DWARF
 * reader, no code shared with ours). A copy without .debug_line (objcopy)
 * has debug information but no lines: its lines read ??:0, and a warning
 * says so; the intact program raises no such warning.
 *
 * Arguments (meson passes them): CS-NAMES-CLANG
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

static const char *program;
static char *tmpdir;

static gboolean
has_section (const char *file,
             const char *section)
{
  const char *argv[] = { "readelf", "-SW", file, NULL };
  g_autofree char *out = symtest_run_ok (argv);
  g_autofree char *needle = g_strdup_printf (" %s ", section);

  return strstr (out, needle) != NULL;
}

/* A warning of @sym names @path. */
static gboolean
warns_about (CsSymbolizer *sym,
             const char   *path)
{
  g_auto(GStrv) warnings = cs_symbolizer_dup_warnings (sym);

  for (guint i = 0; warnings[i] != NULL; i++)
    if (strstr (warnings[i], path) != NULL && strstr (warnings[i], "??:0") != NULL)
      return TRUE;
  return FALSE;
}

static void
test_lines (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) nm = nm_functions (program, FALSE);
  CsModule *module = cs_symbolizer_get_module (sym, program, NULL, 0);
  const char *functions[] = { "hash_block", "smooth", "main" };
  guint64 offset, vaddr, filesz;
  guint checked = 0, with_line = 0, inlined = 0;

  /* What the case is about. */
  g_assert_true (has_section (program, ".debug_info"));
  g_assert_false (has_section (program, ".debug_aranges"));

  readelf_text_segment (program, &offset, &vaddr, &filesz);
  for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
    {
      const NmSymbol *s = nm_find (nm, functions[f]);
      g_autoptr(GArray) addresses = NULL;
      g_autoptr(GPtrArray) expected = NULL;

      g_assert_nonnull (s);
      addresses = every_byte (s->address, s->size);
      expected = addr2line_frames_with ("llvm-addr2line", program, addresses);
      for (guint i = 0; i < addresses->len; i++)
        {
          guint64 address = g_array_index (addresses, guint64, i);
          GArray *frames = expected->pdata[i];
          const CsLocation *loc = cs_symbolizer_resolve (sym, module, address - vaddr + offset);
          const A2lFrame *inner = &g_array_index (frames, A2lFrame, 0);
          g_autofree char *file = loc->file != NULL ? g_canonicalize_filename (loc->file, NULL) : NULL;

          if (g_strcmp0 (file, inner->file) != 0 || loc->line != inner->line)
            g_error ("0x%" G_GINT64_MODIFIER "x: %s:%u, llvm-addr2line %s:%u", address, file, loc->line,
                     inner->file, inner->line);
          if (inner->file == NULL)
            continue;
          /* The inline chain, frame by frame. */
          g_assert_cmpuint (loc->n_frames, ==, frames->len);
          for (guint k = 0; k < frames->len; k++)
            {
              const A2lFrame *want = &g_array_index (frames, A2lFrame, k);
              g_autofree char *frame_file = loc->frames[k].file != NULL
                                            ? g_canonicalize_filename (loc->frames[k].file, NULL) : NULL;

              if (g_strcmp0 (loc->frames[k].signature, want->function) != 0 ||
                  g_strcmp0 (frame_file, want->file) != 0 || loc->frames[k].line != want->line)
                g_error ("0x%" G_GINT64_MODIFIER "x frame %u: %s %s:%u, llvm-addr2line %s %s:%u", address, k,
                         loc->frames[k].signature, frame_file, loc->frames[k].line, want->function,
                         want->file, want->line);
            }
          with_line++;
          if (frames->len > 1)
            inlined++;
          checked++;
        }
    }
  g_test_message ("%u addresses agree with llvm-addr2line, %u of them inlined", checked, inlined);
  g_assert_cmpuint (with_line, >, 100);
  g_assert_cmpuint (inlined, >, 0);
  g_assert_false (warns_about (sym, program));
}

static void
test_no_lines_warning (void)
{
  g_autofree char *copy = g_build_filename (tmpdir, "cs-names-clang-nolines", NULL);
  const char *objcopy[] = { "objcopy", "--remove-section", ".debug_line", program, copy, NULL };
  g_autofree char *out = symtest_run_ok (objcopy);
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) nm = nm_functions (copy, FALSE);
  CsModule *module = cs_symbolizer_get_module (sym, copy, NULL, 0);
  const NmSymbol *s = nm_find (nm, "hash_block");
  guint64 offset, vaddr, filesz;

  g_assert_true (has_section (copy, ".debug_info"));
  g_assert_false (has_section (copy, ".debug_line"));
  readelf_text_segment (copy, &offset, &vaddr, &filesz);
  g_assert_nonnull (s);
  for (guint64 a = s->address; a < s->address + s->size; a++)
    g_assert_null (cs_symbolizer_resolve (sym, module, a - vaddr + offset)->file);
  g_assert_true (warns_about (sym, copy));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  program = argv[1];
  symtest_need ("llvm-addr2line");
  g_test_add_func ("/symbolizer-clang/lines", test_lines);
  g_test_add_func ("/symbolizer-clang/no-lines-warning", test_no_lines_warning);
  return cs_test_run_with_tmpdir (&tmpdir);
}
