/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer.c — symbols, signatures, lines and inlines of real ELF files
 *
 * The test program (tests/symbolizer/) is a C++ executable of two
 * translation units and a shared library, built -g -O2, plus a stripped
 * copy of the library. Expected values come from binutils (nm, readelf,
 * addr2line, objcopy), the kernel (/proc/PID/maps) and the dynamic loader
 * (dlsym), never from libdwfl.
 *
 * Arguments (meson passes them): CS-SYMTEST LIBCSSYMTEST.SO STRIPPED.SO
 */
#define _GNU_SOURCE /* dlinfo */
#include "config.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

#define FAKE_PID 4242

static const char *exe_path;
static const char *lib_path;
static const char *stripped_path;

/* The test program's maps, as perf would have recorded them. */
static char *
exe_maps (void)
{
  const char *argv[] = { exe_path, "--print-maps", NULL };
  int status = 0;
  char *out = cs_test_run (argv, NULL, &status);

  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* Compares with addr2line's frames. Returns FALSE for one known binutils
 * inconsistency: on the first byte of an inlined range, addr2line prints
 * the inlined function's line but its caller's name for the innermost
 * frame (so frames 0 and 1 carry the same name, an impossible chain in
 * this non-recursive program); there only the names of frame 0 are not
 * compared. */
static gboolean
assert_frames_equal (const CsLocation *loc,
                     GArray           *expected,
                     guint64           address)
{
  gboolean binutils_quirk = expected->len > 1 && loc->n_frames > 0 &&
    strcmp (g_array_index (expected, A2lFrame, 0).function,
            g_array_index (expected, A2lFrame, 1).function) == 0 &&
    g_strcmp0 (loc->frames[0].signature, g_array_index (expected, A2lFrame, 0).function) != 0;

  /* No line known to addr2line: the symbolizer must not claim one. */
  if (expected->len == 0 && loc->line == 0)
    return TRUE;
  if (loc->n_frames != expected->len)
    g_error ("0x%" G_GINT64_MODIFIER "x: %u frames, addr2line has %u (innermost %s)", address,
             loc->n_frames, expected->len,
             expected->len > 0 ? g_array_index (expected, A2lFrame, 0).function : "none");
  for (guint i = 0; i < expected->len; i++)
    {
      const A2lFrame *want = &g_array_index (expected, A2lFrame, i);
      const CsInlineFrame *got = &loc->frames[i];
      g_autofree char *file = got->file != NULL ? g_canonicalize_filename (got->file, NULL) : NULL;
      gboolean same_name = g_strcmp0 (got->signature, want->function) == 0 ||
                           (i == 0 && binutils_quirk);

      if (!same_name || g_strcmp0 (file, want->file) != 0 || got->line != want->line)
        g_error ("0x%" G_GINT64_MODIFIER "x frame %u: got %s %s:%u, addr2line %s %s:%u", address,
                 i, got->signature, file, got->line, want->function, want->file, want->line);
    }
  /* The location's own line is the innermost frame's. */
  if (expected->len > 0)
    g_assert_cmpuint (loc->line, ==, g_array_index (expected, A2lFrame, 0).line);
  return !binutils_quirk;
}

/* Names, signatures and symbol ranges of the executable, in a process
 * fed from its real maps (with the MMAP2 build-id form). */
static void
test_exe_symbols (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) nm = nm_functions (exe_path, FALSE);
  g_autofree char *maps = exe_maps ();
  g_autofree char *bid = readelf_build_id (exe_path);
  g_autoptr(GBytes) bid_bytes = hex_to_bytes (bid);
  g_auto(GStrv) warnings = NULL;
  guint64 bias;
  guint checked = 0;

  feed_maps (space, FAKE_PID, maps, exe_path, bid_bytes);
  bias = maps_load_bias (maps, exe_path);

  for (guint i = 0; i < nm->len; i++)
    {
      const NmSymbol *s = nm->pdata[i];
      const guint64 deltas[] = { 0, s->size / 2, s->size - 1 };

      if (s->size == 0)
        continue;
      for (guint d = 0; d < G_N_ELEMENTS (deltas); d++)
        {
          guint64 offset = 0;
          CsModule *module = cs_symbolizer_module_for_ip (sym, space, FAKE_PID,
                                                          bias + s->address + deltas[d], &offset);
          const CsLocation *loc;

          g_assert_nonnull (module);
          g_assert_cmpstr (cs_module_get_name (module), ==, "cs-symtest");
          g_assert_cmpstr (cs_module_get_build_id (module), ==, bid);
          loc = cs_symbolizer_resolve (sym, module, offset);
          g_assert_cmphex (loc->address, ==, s->address + deltas[d]);
          g_assert_false (loc->symbol->unknown);
          g_assert_cmphex (loc->symbol->start, ==, s->address);
          g_assert_cmphex (loc->symbol->size, ==, s->size);
          if (nm_find_alias (nm, s->address, loc->symbol->mangled) == NULL)
            g_error ("0x%" G_GINT64_MODIFIER "x: %s is not a symbol there", s->address,
                     loc->symbol->mangled);
          /* nm -C prints the same signature for the alias we got. */
          g_assert_cmpstr (nm_find_alias (nm, s->address, loc->symbol->mangled)->demangled, ==,
                           loc->symbol->signature);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >=, 15);

  /* Short names, as in Kruse, CMSSW Performance Monitoring, 2011, Figure 5.7. */
  {
    const struct { const char *prefix; const char *name; } shorts[] = {
      { "cssym::work::hot_loop(", "hot_loop" },
      { "cssym::work::Kernel<double>::run(", "run" },
      { "cssym::work::Kernel<float>::run(", "run" },
      { "main", "main" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (shorts); i++)
      {
        const NmSymbol *s = nm_find (nm, shorts[i].prefix);
        guint64 offset = 0;
        CsModule *module;

        g_assert_nonnull (s);
        module = cs_symbolizer_module_for_ip (sym, space, FAKE_PID, bias + s->address + 1, &offset);
        g_assert_cmpstr (cs_symbolizer_resolve (sym, module, offset)->symbol->name, ==,
                         shorts[i].name);
      }
  }

  warnings = cs_symbolizer_dup_warnings (sym);
  g_assert_cmpuint (g_strv_length (warnings), ==, 0);
}

/* Source lines and inline chains equal `addr2line -i -f -C` for every byte
 * of the hot functions; the always-inlined mix() shows as the inline frame. */
static void
test_exe_lines (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) nm = nm_functions (exe_path, FALSE);
  CsModule *module = cs_symbolizer_get_module (sym, exe_path, NULL, 0);
  const char *functions[] = {
    "cssym::work::hot_loop(", "cssym::work::Kernel<double>::run(",
    "cssym::work::Kernel<float>::run(", "main", "print_maps(",
  };
  guint inlined = 0;
  guint checked = 0;
  guint quirks = 0;

  for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
    {
      const NmSymbol *s = nm_find (nm, functions[f]);
      g_autoptr(GArray) addresses = NULL;
      g_autoptr(GPtrArray) expected = NULL;

      g_assert_nonnull (s);
      addresses = every_byte (s->address, s->size);
      expected = addr2line_frames (exe_path, addresses);
      for (guint i = 0; i < addresses->len; i++)
        {
          guint64 address = g_array_index (addresses, guint64, i);
          GArray *frames = expected->pdata[i];
          /* PIE: file offsets equal virtual addresses in the text segment
           * (readelf -l: LOAD 0x001000 at 0x1000); the symbolizer is
           * asked by file offset, as perf's maps give it. */
          const CsLocation *loc = cs_symbolizer_resolve (sym, module, address);

          g_assert_cmphex (loc->address, ==, address);
          if (!assert_frames_equal (loc, frames, address))
            quirks++;
          else if (frames->len > 1 &&
              strcmp (g_array_index (frames, A2lFrame, 0).function, "mix") == 0)
            {
              g_assert_cmpstr (cs_location_get_inline_name (loc), ==, "mix");
              /* The ELF symbol stays the function the code was emitted in. */
              g_assert_cmpstr (loc->symbol->mangled, ==, s->name);
              inlined++;
            }
          else if (frames->len == 1)
            g_assert_null (cs_location_get_inline_name (loc));
          checked++;
        }
    }
  g_test_message ("%u addresses agree with addr2line, %u inside the inlined mix(), "
                  "%u at the start of an inlined range", checked, inlined, quirks);
  g_assert_cmpuint (inlined, >, 0);
  g_assert_cmpuint (quirks * 100, <, checked);
}

static gpointer
open_library (const char *path,
              guint64    *base)
{
  gpointer handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  struct link_map *map = NULL;

  if (handle == NULL)
    g_error ("dlopen %s: %s", path, dlerror ());
  g_assert_cmpint (dlinfo (handle, RTLD_DI_LINKMAP, &map), ==, 0);
  *base = map->l_addr;
  return handle;
}

/* Live addresses: the library loaded in this process, resolved through
 * this process's maps; dlsym gives the addresses. The code bytes the
 * symbolizer reads from the file equal the bytes the loader mapped. */
static void
test_library_live (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) dyn = nm_functions (lib_path, TRUE);
  g_autofree char *maps = NULL;
  g_autofree char *real_lib = g_canonicalize_filename (lib_path, NULL);
  guint64 base = 0;
  gpointer handle = open_library (lib_path, &base);
  guint checked = 0;

  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  feed_maps (space, getpid (), maps, NULL, NULL);

  for (guint i = 0; i < dyn->len; i++)
    {
      const NmSymbol *s = dyn->pdata[i];
      guint64 ip = GPOINTER_TO_SIZE (dlsym (handle, s->name));
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      const CsLocation *loc;
      guint64 offset = 0;
      CsModule *module;

      if (s->size == 0 || cs_symtest_is_coverage_code (s->name))
        continue;
      g_assert_cmphex (ip, ==, base + s->address);
      module = cs_symbolizer_module_for_ip (sym, space, getpid (), ip + s->size / 2, &offset);
      g_assert_nonnull (module);
      g_assert_cmpstr (cs_module_get_path (module), ==, real_lib);
      loc = cs_symbolizer_resolve (sym, module, offset);
      g_assert_nonnull (nm_find_alias (dyn, s->address, loc->symbol->mangled));
      g_assert_cmphex (loc->symbol->start, ==, s->address);
      g_assert_nonnull (loc->file);

      bytes = cs_symbolizer_read_bytes (sym, module, s->address, s->size, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (g_bytes_get_size (bytes), ==, s->size);
      g_assert_true (memcmp (g_bytes_get_data (bytes, NULL), GSIZE_TO_POINTER (ip), s->size) == 0);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 4);

  /* By name, for `cyclescope annotate`. */
  {
    CsModule *module = cs_symbolizer_get_module (sym, real_lib, NULL, 0);
    const NmSymbol *match = nm_find (dyn, "cssym::geom::Matcher::match(");
    const NmSymbol *project = nm_find (dyn, "cssym::geom::Matcher::project(");
    const CsSymbol *found = cs_symbolizer_find_symbol (sym, module, "match");

    g_assert_nonnull (found);
    g_assert_cmphex (found->start, ==, match->address);
    g_assert_cmpstr (found->signature, ==, match->demangled);
    found = cs_symbolizer_find_symbol (sym, NULL, project->demangled);
    g_assert_nonnull (found);
    g_assert_cmphex (found->start, ==, project->address);
    g_assert_cmpstr (found->name, ==, "project");
    g_assert_null (cs_symbolizer_find_symbol (sym, module, "no_such_function"));
  }
  dlclose (handle);
}

/* A stripped library: dynamic symbols resolve, the static helpers between
 * them read "libcssymtest-stripped.so+0x…", never a neighbour's name. */
static void
test_stripped (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) full = nm_functions (lib_path, FALSE);
  g_autoptr(GPtrArray) dyn = nm_functions (stripped_path, TRUE);
  g_autofree char *maps = NULL;
  g_autofree char *real = g_canonicalize_filename (stripped_path, NULL);
  guint64 base = 0;
  gpointer handle = open_library (stripped_path, &base);
  guint unknown = 0, known = 0;
  g_autofree char *no_cache = cs_test_mkdtemp ();

  /* perf's build-id cache (~/.debug) may hold the unstripped library under
   * the same build-id, from a perf recording of another test: it would be
   * read instead, as perf report does. Not here. */
  cs_symbolizer_set_build_id_cache (sym, no_cache);
  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  feed_maps (space, getpid (), maps, NULL, NULL);

  for (guint i = 0; i < full->len; i++)
    {
      const NmSymbol *s = full->pdata[i];
      guint64 address = s->address + s->size / 2;
      guint64 offset = 0;
      CsModule *module;
      const CsLocation *loc;

      if (s->size == 0)
        continue;
      module = cs_symbolizer_module_for_ip (sym, space, getpid (), base + address, &offset);
      g_assert_cmpstr (cs_module_get_path (module), ==, real);
      loc = cs_symbolizer_resolve (sym, module, offset);
      g_assert_cmpuint (loc->n_frames, ==, 0);
      if (nm_find_alias (dyn, s->address, s->name) != NULL)
        {
          g_assert_false (loc->symbol->unknown);
          g_assert_nonnull (nm_find_alias (dyn, s->address, loc->symbol->mangled));
          known++;
        }
      else
        {
          g_autofree char *expected = g_strdup_printf ("libcssymtest-stripped.so+0x%"
                                                       G_GINT64_MODIFIER "x", address);

          g_assert_true (loc->symbol->unknown);
          g_assert_cmpstr (loc->symbol->name, ==, expected);
          g_assert_null (loc->symbol->mangled);
          unknown++;
        }
    }
  /* lib_hidden_distance, lib_hidden_rotate, lib_hidden_fill, ….cold */
  g_assert_cmpuint (unknown, >=, 3);
  g_assert_cmpuint (known, >=, 4);
  dlclose (handle);
  cs_test_rmdir (no_cache);
}

/* The stripped library with its debug file in a user debug directory laid
 * out like /usr/lib/debug/.build-id: everything resolves, lines included. */
static void
test_debug_dir (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) full = nm_functions (lib_path, FALSE);
  g_autoptr(GArray) addresses = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GPtrArray) expected = NULL;
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *bid = readelf_build_id (stripped_path);
  g_autofree char *sub = g_strndup (bid, 2);
  g_autofree char *debug_dir = g_build_filename (dir, ".build-id", sub, NULL);
  g_autofree char *debug_name = g_strdup_printf ("%s.debug", bid + 2);
  g_autofree char *debug_file = g_build_filename (debug_dir, debug_name, NULL);
  g_autofree char *used = NULL;
  g_autofree char *real = g_canonicalize_filename (stripped_path, NULL);
  g_autofree char *objcopy_out = NULL;
  g_autofree char *unstripped_bid = readelf_build_id (lib_path);
  const char *objcopy[] = { "objcopy", "--only-keep-debug", lib_path, debug_file, NULL };
  CsModule *module;

  /* Same build-id: strip keeps the note. */
  g_assert_cmpstr (bid, ==, unstripped_bid);
  g_assert_cmpint (g_mkdir_with_parents (debug_dir, 0755), ==, 0);
  objcopy_out = symtest_run_ok (objcopy);

  cs_symbolizer_add_debug_dir (sym, dir);
  module = cs_symbolizer_get_module (sym, real, NULL, 0);

  for (guint i = 0; i < full->len; i++)
    {
      const NmSymbol *s = full->pdata[i];
      const CsLocation *loc;

      if (s->size == 0 || cs_symtest_is_coverage_code (s->name))
        continue;
      /* Text is mapped at file offset == vaddr (readelf -l). */
      loc = cs_symbolizer_resolve (sym, module, s->address + s->size / 2);
      g_assert_false (loc->symbol->unknown);
      g_assert_nonnull (nm_find_alias (full, s->address, loc->symbol->mangled));
      g_assert_cmphex (loc->symbol->start, ==, s->address);
      for (guint64 a = s->address; a < s->address + s->size; a++)
        g_array_append_val (addresses, a);
    }

  expected = addr2line_frames (lib_path, addresses);
  for (guint i = 0; i < addresses->len; i++)
    {
      guint64 a = g_array_index (addresses, guint64, i);

      assert_frames_equal (cs_symbolizer_resolve (sym, module, a), expected->pdata[i], a);
    }

  used = cs_symbolizer_dup_debug_file (sym, module);
  g_assert_cmpstr (used, ==, debug_file);
  cs_test_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 4)
    {
      g_printerr ("usage: %s CS-SYMTEST LIBCSSYMTEST.SO STRIPPED.SO\n", argv[0]);
      return 1;
    }
  /* Absolute and without symlinks, as /proc/PID/maps names files. */
  exe_path = realpath (argv[1], NULL);
  lib_path = realpath (argv[2], NULL);
  stripped_path = realpath (argv[3], NULL);
  g_assert_nonnull (exe_path);
  g_assert_nonnull (lib_path);
  g_assert_nonnull (stripped_path);

  g_test_add_func ("/symbolizer/exe-symbols", test_exe_symbols);
  g_test_add_func ("/symbolizer/exe-lines", CS_TEST_CLANG ? cs_test_skip_clang_dwarf : test_exe_lines);
  g_test_add_func ("/symbolizer/library-live", test_library_live);
  g_test_add_func ("/symbolizer/stripped", test_stripped);
  g_test_add_func ("/symbolizer/debug-dir", CS_TEST_CLANG ? cs_test_skip_clang_dwarf : test_debug_dir);

  return g_test_run ();
}
