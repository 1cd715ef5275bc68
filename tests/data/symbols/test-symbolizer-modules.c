/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer-modules.c — files that are gone or changed, special maps,
 * the kernel
 *
 * A module the symbolizer cannot trust must give "name+0x…" and a warning,
 * never a symbol. Expected names come from nm, readelf and kallsyms files
 * written here by hand.
 *
 * Arguments (meson passes them): CS-SYMTEST LIBCSSYMTEST.SO STRIPPED.SO
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

#define PID 555
#define LIB_BASE 0x7f0000000000ull

static const char *exe_path;
static const char *lib_path;

static gboolean
warnings_contain (CsSymbolizer *sym,
                  const char   *needle)
{
  g_auto(GStrv) warnings = cs_symbolizer_dup_warnings (sym);

  for (guint i = 0; warnings[i] != NULL; i++)
    if (strstr (warnings[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* Maps the library's text segment at LIB_BASE as a MMAP2 record would, under
 * the name @path, and returns the module and offset of Matcher::match. */
static const CsLocation *
resolve_match_as (CsSymbolizer   *sym,
                  const char     *path,
                  GBytes         *build_id,
                  guint64        *expected_offset)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(GPtrArray) nm = nm_functions (lib_path, FALSE);
  const NmSymbol *match = nm_find (nm, "cssym::geom::Matcher::match(");
  guint64 offset, vaddr, filesz, page_vaddr, page_offset, ip, key = 0;
  CsModule *module;

  readelf_text_segment (lib_path, &offset, &vaddr, &filesz);
  page_vaddr = vaddr & ~0xfffull;
  page_offset = offset & ~0xfffull;
  cs_address_space_mmap (space, PID, LIB_BASE + page_vaddr, filesz + (vaddr - page_vaddr),
                         page_offset, 5, 2, path,
                         build_id != NULL ? g_bytes_get_data (build_id, NULL) : NULL,
                         build_id != NULL ? g_bytes_get_size (build_id) : 0);
  ip = LIB_BASE + match->address + 4;
  module = cs_symbolizer_module_for_ip (sym, space, PID, ip, &key);
  g_assert_nonnull (module);
  /* ip − start + pgoff */
  *expected_offset = ip - (LIB_BASE + page_vaddr) + page_offset;
  g_assert_cmphex (key, ==, *expected_offset);
  return cs_symbolizer_resolve (sym, module, key);
}

static void
test_file_gone (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) sym2 = cs_symbolizer_new ();
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *gone = g_build_filename (dir, "libgone.so", NULL);
  g_autofree char *bid = readelf_build_id (lib_path);
  g_autoptr(GBytes) bid_bytes = hex_to_bytes (bid);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *xx = g_strndup (bid, 2);
  g_autofree char *cache_dir = g_build_filename (dir, "debug", ".build-id", xx, NULL);
  g_autofree char *cache_file = g_build_filename (cache_dir, bid + 2, NULL);
  g_autofree char *debug_root = g_build_filename (dir, "debug", NULL);
  const CsLocation *loc;
  gsize len = 0;
  guint64 offset = 0;

  /* The recorded file existed, then went away. */
  g_assert_true (g_file_get_contents (lib_path, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (gone, contents, len, NULL));
  g_assert_cmpint (g_remove (gone), ==, 0);

  loc = resolve_match_as (sym, gone, bid_bytes, &offset);
  expected = g_strdup_printf ("libgone.so+0x%" G_GINT64_MODIFIER "x", offset);
  g_assert_true (loc->symbol->unknown);
  g_assert_cmpstr (loc->symbol->name, ==, expected);
  g_assert_null (loc->file);
  g_assert_true (warnings_contain (sym, gone));
  problem = cs_symbolizer_dup_module_problem (sym, loc->symbol->module);
  g_assert_nonnull (problem);

  /* The same recording with a directory that keeps the file by build-id
   * (as perf's ~/.debug cache does): now it resolves. */
  g_assert_cmpint (g_mkdir_with_parents (cache_dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (cache_file, contents, len, NULL));
  cs_symbolizer_add_debug_dir (sym2, debug_root);
  loc = resolve_match_as (sym2, gone, bid_bytes, &offset);
  g_assert_false (loc->symbol->unknown);
  g_assert_cmpstr (loc->symbol->name, ==, "match");
  g_assert_true (g_str_has_prefix (loc->symbol->signature, "cssym::geom::Matcher::match("));
  g_assert_false (warnings_contain (sym2, "libgone.so"));

  cs_test_rmdir (dir);
}

static void
test_build_id_mismatch (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) sym2 = cs_symbolizer_new ();
  g_autofree char *exe_bid = readelf_build_id (exe_path);
  g_autoptr(GBytes) wrong = hex_to_bytes (exe_bid);
  const CsLocation *loc;
  guint64 offset = 0;

  /* The recording saw another build of the library at this path. */
  loc = resolve_match_as (sym, lib_path, wrong, &offset);
  g_assert_true (loc->symbol->unknown);
  g_assert_true (g_str_has_prefix (loc->symbol->name, "libcssymtest.so+0x"));
  g_assert_true (warnings_contain (sym, "build-id"));
  g_assert_true (warnings_contain (sym, exe_bid));

  /* Same when the build-id comes from perf.data's BUILD_ID feature. */
  cs_symbolizer_add_build_id (sym2, lib_path, g_bytes_get_data (wrong, NULL),
                              g_bytes_get_size (wrong));
  loc = resolve_match_as (sym2, lib_path, NULL, &offset);
  g_assert_true (loc->symbol->unknown);
  g_assert_true (warnings_contain (sym2, "build-id"));
}

static void
test_build_id_match (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autofree char *bid = readelf_build_id (lib_path);
  g_autoptr(GBytes) bid_bytes = hex_to_bytes (bid);
  g_auto(GStrv) warnings = NULL;
  const CsLocation *loc;
  guint64 offset = 0;

  loc = resolve_match_as (sym, lib_path, bid_bytes, &offset);
  g_assert_cmpstr (loc->symbol->name, ==, "match");
  g_assert_cmpstr (cs_module_get_build_id (loc->symbol->module), ==, bid);
  /* Resolved once: the same key gives the same location. */
  g_assert_true (cs_symbolizer_resolve (sym, loc->symbol->module, offset) == loc);
  warnings = cs_symbolizer_dup_warnings (sym);
  g_assert_cmpuint (g_strv_length (warnings), ==, 0);
}

/* A library stripped of its debug info with a .gnu_debuglink to
 * NAME.debug in the .debug/ directory next to it (objcopy's recipe): lines
 * come back although no build-id directory holds the debug file. */
static void
test_debuglink (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(GPtrArray) nm = nm_functions (lib_path, FALSE);
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *dot_debug = g_build_filename (dir, ".debug", NULL);
  g_autofree char *debug_file = g_build_filename (dot_debug, "liblinked.so.debug", NULL);
  g_autofree char *linked = g_build_filename (dir, "liblinked.so", NULL);
  g_autofree char *link_arg = g_strdup_printf ("--add-gnu-debuglink=%s", debug_file);
  g_autofree char *out1 = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *used = NULL;
  const char *keep[] = { "objcopy", "--only-keep-debug", lib_path, debug_file, NULL };
  const char *strip[] = { "objcopy", "--strip-debug", link_arg, lib_path, linked, NULL };
  const NmSymbol *match = nm_find (nm, "cssym::geom::Matcher::match(");
  CsModule *module;
  const CsLocation *loc;

  g_assert_cmpint (g_mkdir_with_parents (dot_debug, 0755), ==, 0);
  out1 = symtest_run_ok (keep);
  out2 = symtest_run_ok (strip);

  module = cs_symbolizer_get_module (sym, linked, NULL, 0);
  /* Text is mapped at file offset == vaddr in this library (readelf -l). */
  loc = cs_symbolizer_resolve (sym, module, match->address + 4);
  g_assert_cmpstr (loc->symbol->name, ==, "match");
  {
    g_autoptr(GArray) addresses = g_array_new (FALSE, FALSE, sizeof (guint64));
    g_autoptr(GPtrArray) expected = NULL;
    guint64 a = match->address + 4;
    const A2lFrame *want;
    g_autofree char *file = NULL;

    g_array_append_val (addresses, a);
    expected = addr2line_frames (lib_path, addresses);
    want = &g_array_index ((GArray *) expected->pdata[0], A2lFrame, 0);
    g_assert_nonnull (loc->file);
    file = g_canonicalize_filename (loc->file, NULL);
    g_assert_cmpstr (file, ==, want->file);
    g_assert_cmpuint (loc->line, ==, want->line);
  }
  used = cs_symbolizer_dup_debug_file (sym, module);
  g_assert_cmpstr (used, ==, debug_file);
  cs_test_rmdir (dir);
}

static void
test_special_maps (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_auto(GStrv) warnings = NULL;
  const CsLocation *loc;
  CsModule *module;
  guint64 offset = 0;

  cs_address_space_mmap (space, PID, 0x7fff0000, 0x2000, 0, 5, 2, "[vdso]", NULL, 0);
  cs_address_space_mmap (space, PID, 0x10000, 0x1000, 0, 7, 0x22, "//anon", NULL, 0);

  module = cs_symbolizer_module_for_ip (sym, space, PID, 0x7fff0123, &offset);
  g_assert_cmpint (cs_module_get_kind (module), ==, CS_MODULE_SPECIAL);
  g_assert_cmpstr (cs_module_get_name (module), ==, "[vdso]");
  loc = cs_symbolizer_resolve (sym, module, offset);
  g_assert_cmpstr (loc->symbol->name, ==, "[vdso]+0x123");

  /* Anonymous executable memory is JIT code, as perf names it ("[JIT] tid
   * 555", its addresses absolute: no /tmp/perf-555.map names them here). */
  module = cs_symbolizer_module_for_ip (sym, space, PID, 0x10010, &offset);
  loc = cs_symbolizer_resolve (sym, module, offset);
  g_assert_cmpstr (cs_module_get_name (module), ==, "[JIT] tid 555");
  g_assert_cmpstr (loc->symbol->name, ==, "[JIT] tid 555+0x10010");

  g_assert_null (cs_symbolizer_module_for_ip (sym, space, PID, 0x5000, &offset));
  /* The one warning: that JIT code has no perf map. */
  warnings = cs_symbolizer_dup_warnings (sym);
  g_assert_cmpuint (g_strv_length (warnings), ==, 1);
  g_assert_nonnull (strstr (warnings[0], "/tmp/perf-555.map"));
}

static char *
write_kallsyms (const char *dir,
                const char *text)
{
  char *path = g_build_filename (dir, "kallsyms", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static const CsLocation *
resolve_kernel (CsSymbolizer   *sym,
                CsAddressSpace *space,
                guint64         ip)
{
  guint64 offset = 0;
  CsModule *module = cs_symbolizer_module_for_ip (sym, space, PID, ip, &offset);

  g_assert_nonnull (module);
  g_assert_cmpint (cs_module_get_kind (module), ==, CS_MODULE_KERNEL);
  g_assert_cmphex (offset, ==, ip);
  return cs_symbolizer_resolve (sym, module, offset);
}

static CsAddressSpace *
kernel_space (void)
{
  CsAddressSpace *space = cs_address_space_new ();
  const guint64 text = 0xffffffff81000000;

  cs_address_space_mmap (space, CS_KERNEL_PID, text, G_MAXUINT64 - text, text, 5, 0,
                         "[kernel.kallsyms]_text", NULL, 0);
  return space;
}

static void
test_kallsyms_file (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsAddressSpace) space = kernel_space ();
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = write_kallsyms (dir,
    "ffffffff81000000 T _text\n"
    "ffffffff81000000 T _stext\n"
    "ffffffff81000100 t foo_helper\n"
    "ffffffff81000200 T bar_func\n"
    "ffffffff81000280 D some_data\n"
    "ffffffff81000300 T _etext\n"
    "ffffffffc0001000 t ext_fn\t[ext4]\n"
    "ffffffffc0001080 t ext_fn2\t[ext4]\n"
    "ffffffffc0002000 t xfs_fn\t[xfs]\n");
  const CsLocation *loc;
  g_auto(GStrv) warnings = NULL;

  cs_symbolizer_set_kallsyms_path (sym, path);

  /* A symbol ends where the next text symbol starts. */
  loc = resolve_kernel (sym, space, 0xffffffff81000150);
  g_assert_cmpstr (loc->symbol->name, ==, "foo_helper");
  g_assert_cmphex (loc->symbol->start, ==, 0xffffffff81000100);
  g_assert_cmphex (loc->symbol->size, ==, 0x100);
  g_assert_cmpstr (cs_module_get_name (loc->symbol->module), ==, "[kernel.kallsyms]");
  /* Data symbols do not cut a function short. */
  loc = resolve_kernel (sym, space, 0xffffffff81000290);
  g_assert_cmpstr (loc->symbol->name, ==, "bar_func");
  g_assert_cmphex (loc->symbol->size, ==, 0x100);
  /* Aliases: the last one listed, as perf report names them. */
  loc = resolve_kernel (sym, space, 0xffffffff81000000);
  g_assert_cmpstr (loc->symbol->name, ==, "_stext");
  /* A module's symbol belongs to the module. */
  loc = resolve_kernel (sym, space, 0xffffffffc0001010);
  g_assert_cmpstr (loc->symbol->name, ==, "ext_fn");
  g_assert_cmpstr (cs_module_get_name (loc->symbol->module), ==, "[ext4]");
  /* The last symbol of a module has no known end: only its own address. */
  loc = resolve_kernel (sym, space, 0xffffffffc0001080);
  g_assert_cmpstr (loc->symbol->name, ==, "ext_fn2");
  loc = resolve_kernel (sym, space, 0xffffffffc0001090);
  g_assert_true (loc->symbol->unknown);
  g_assert_cmpstr (loc->symbol->name, ==, "[kernel.kallsyms]+0xffffffffc0001090");

  /* A kernel IP with no kernel map recorded still goes to the kernel; a
   * user IP with no map goes nowhere. */
  {
    g_autoptr(CsAddressSpace) bare = cs_address_space_new ();
    guint64 offset = 0;
    CsModule *module = cs_symbolizer_module_for_ip (sym, bare, PID, 0xffffffff81000150, &offset);

    g_assert_nonnull (module);
    g_assert_cmphex (offset, ==, 0xffffffff81000150);
    g_assert_cmpstr (cs_symbolizer_resolve (sym, module, offset)->symbol->name, ==, "foo_helper");
    g_assert_null (cs_symbolizer_module_for_ip (sym, bare, PID, 0x7f0000001000, &offset));
  }

  warnings = cs_symbolizer_dup_warnings (sym);
  g_assert_cmpuint (g_strv_length (warnings), ==, 0);
  cs_test_rmdir (dir);
}

static void
test_kallsyms_hidden (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) sym2 = cs_symbolizer_new ();
  g_autoptr(CsAddressSpace) space = kernel_space ();
  g_autofree char *dir = cs_test_mkdtemp ();
  g_autofree char *path = write_kallsyms (dir,
    "0000000000000000 T _text\n"
    "0000000000000000 t foo_helper\n");
  g_autofree char *missing = g_build_filename (dir, "nope", NULL);
  const CsLocation *loc;

  /* kernel.kptr_restrict shows every address as 0. */
  cs_symbolizer_set_kallsyms_path (sym, path);
  loc = resolve_kernel (sym, space, 0xffffffff81000150);
  g_assert_true (loc->symbol->unknown);
  g_assert_cmpstr (loc->symbol->name, ==, "[kernel.kallsyms]+0xffffffff81000150");
  g_assert_true (warnings_contain (sym, "kptr_restrict"));

  cs_symbolizer_set_kallsyms_path (sym2, missing);
  loc = resolve_kernel (sym2, space, 0xffffffff81000150);
  g_assert_true (loc->symbol->unknown);
  g_assert_true (warnings_contain (sym2, missing));
  cs_test_rmdir (dir);
}

/* The running kernel's /proc/kallsyms, compared with a symbol picked from
 * it here; and a recording from another kernel is not symbolized. */
static void
test_kallsyms_running (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  g_autoptr(CsSymbolizer) other = cs_symbolizer_new ();
  g_autoptr(CsAddressSpace) space = kernel_space ();
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 address = 0, next = 0;
  const char *name = NULL;
  const CsLocation *loc;

  if (!g_file_get_contents ("/proc/kallsyms", &contents, NULL, NULL) ||
      g_str_has_prefix (contents, "0000000000000000"))
    {
      g_test_skip ("/proc/kallsyms is not readable with addresses here");
      return;
    }
  /* "schedule" and the next text symbol after it. */
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", 3);

      if (g_strv_length (f) == 3 && strcmp (f[2], "schedule") == 0 && (f[1][0] | 0x20) == 't')
        {
          address = g_ascii_strtoull (f[0], NULL, 16);
          name = lines[i];
          for (guint j = 0; lines[j] != NULL; j++)
            {
              guint64 a = g_ascii_strtoull (lines[j], NULL, 16);
              char type = strlen (lines[j]) > 17 ? (lines[j][17] | 0x20) : 0;

              if (a > address && (type == 't' || type == 'w') && (next == 0 || a < next))
                next = a;
            }
          break;
        }
    }
  if (name == NULL || address < 0xffffffff81000000 || next <= address + 1)
    {
      g_test_skip ("no usable \"schedule\" in /proc/kallsyms");
      return;
    }
  loc = resolve_kernel (sym, space, address + 1);
  g_assert_cmpstr (loc->symbol->name, ==, "schedule");
  g_assert_cmphex (loc->symbol->start, ==, address);
  g_assert_cmphex (loc->symbol->size, ==, next - address);

  cs_symbolizer_set_kernel_release (other, "0.0.0-not-this-kernel");
  loc = resolve_kernel (other, space, address + 1);
  g_assert_true (loc->symbol->unknown);
  g_assert_true (warnings_contain (other, "0.0.0-not-this-kernel"));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  /* perf record runs of other tests fill ~/.debug/.build-id, which the
   * symbolizer searches like perf does: an empty HOME keeps "the file is
   * gone" meaning gone. Set before GLib caches the home directory. */
  home = cs_test_mkdtemp ();
  g_setenv ("HOME", home, TRUE);
  g_test_init (&argc, &argv, NULL);

  if (argc < 3)
    {
      g_printerr ("usage: %s CS-SYMTEST LIBCSSYMTEST.SO\n", argv[0]);
      return 1;
    }
  exe_path = realpath (argv[1], NULL);
  lib_path = realpath (argv[2], NULL);
  g_assert_nonnull (exe_path);
  g_assert_nonnull (lib_path);

  g_test_add_func ("/symbolizer-modules/file-gone", test_file_gone);
  g_test_add_func ("/symbolizer-modules/build-id-mismatch", test_build_id_mismatch);
  g_test_add_func ("/symbolizer-modules/build-id-match", test_build_id_match);
  g_test_add_func ("/symbolizer-modules/debuglink", test_debuglink);
  g_test_add_func ("/symbolizer-modules/special-maps", test_special_maps);
  g_test_add_func ("/symbolizer-modules/kallsyms-file", test_kallsyms_file);
  g_test_add_func ("/symbolizer-modules/kallsyms-hidden", test_kallsyms_hidden);
  g_test_add_func ("/symbolizer-modules/kallsyms-running", test_kallsyms_running);

  {
    int status = g_test_run ();

    cs_test_rmdir (home);
    return status;
  }
}
