/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer-lazy.c — symbols first, source lines when asked for
 *
 * cs_symbolizer_resolve_symbol() gives the symbol nm names for every byte
 * of a function and nothing of DWARF (no file, line or inline frames); a
 * later cs_symbolizer_resolve() of the same key completes that same
 * location with addr2line's source line and inline depth. A symbolizer
 * that resolves in full from the start agrees on every symbol.
 *
 * Arguments (meson passes them): CS-SYMTEST
 */
#include "config.h"

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

static const char *exe_path;

static void
test_symbol_then_source (void)
{
  g_autoptr(CsSymbolizer) lazy = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) full = cs_symbolizer_new ();
  g_autoptr(GPtrArray) nm = nm_functions (exe_path, FALSE);
  CsModule *lazy_module = cs_symbolizer_get_module (lazy, exe_path, NULL, 0);
  CsModule *full_module = cs_symbolizer_get_module (full, exe_path, NULL, 0);
  const char *functions[] = { "cssym::work::hot_loop(", "main" };
  guint with_lines = 0, inlined = 0;

  for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
    {
      const NmSymbol *s = nm_find (nm, functions[f]);
      g_autoptr(GArray) addresses = NULL;
      g_autoptr(GPtrArray) expected = NULL;
      g_autofree const CsLocation **first = NULL;
      g_autofree CsAddressKey *keys = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (s);
      addresses = every_byte (s->address, s->size);
      expected = addr2line_frames (exe_path, addresses);
      first = g_new0 (const CsLocation *, addresses->len);
      keys = g_new0 (CsAddressKey, addresses->len);

      /* PIE: in the text segment file offsets equal virtual addresses. */
      for (guint i = 0; i < addresses->len; i++)
        {
          keys[i].module = lazy_module;
          keys[i].offset = g_array_index (addresses, guint64, i);
        }
      g_assert_true (cs_symbolizer_resolve_symbols_many (lazy, keys, addresses->len, first, NULL,
                                                         NULL, NULL, &error));
      g_assert_no_error (error);

      for (guint i = 0; i < addresses->len; i++)
        {
          guint64 address = g_array_index (addresses, guint64, i);
          const CsLocation *loc = first[i];

          g_assert_true (cs_symbolizer_resolve_symbol (lazy, lazy_module, address) == loc);
          g_assert_cmphex (loc->address, ==, address);
          g_assert_false (loc->symbol->unknown);
          g_assert_cmpstr (loc->symbol->mangled, ==, s->name);
          g_assert_cmphex (loc->symbol->start, ==, s->address);
          g_assert_null (loc->file);
          g_assert_cmpuint (loc->line, ==, 0);
          g_assert_cmpuint (loc->n_frames, ==, 0);
        }

      for (guint i = 0; i < addresses->len; i++)
        {
          guint64 address = g_array_index (addresses, guint64, i);
          GArray *frames = expected->pdata[i];
          const A2lFrame *innermost = &g_array_index (frames, A2lFrame, 0);
          const CsLocation *loc = cs_symbolizer_resolve (lazy, lazy_module, address);
          const CsLocation *other = cs_symbolizer_resolve (full, full_module, address);
          g_autofree char *file = NULL;

          /* Completed in place: the pointer a profile keeps stays right. */
          g_assert_true (loc == first[i]);
          g_assert_cmpstr (loc->symbol->mangled, ==, other->symbol->mangled);
          g_assert_cmpuint (loc->n_frames, ==, frames->len);
          g_assert_cmpuint (loc->line, ==, innermost->line);
          file = loc->file != NULL ? g_canonicalize_filename (loc->file, NULL) : NULL;
          g_assert_cmpstr (file, ==, innermost->file);
          with_lines += loc->line > 0;
          inlined += loc->n_frames > 1;
        }
    }
  /* The test means something only if DWARF had lines and inlines to give. */
  g_assert_cmpuint (with_lines, >, 100);
  g_assert_cmpuint (inlined, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >, 1);
  exe_path = argv[1];
  g_test_add_func ("/symbolizer-lazy/symbol-then-source",
                   CS_TEST_CLANG ? cs_test_skip_clang_dwarf : test_symbol_then_source);
  return g_test_run ();
}
