/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-map.c — reading /tmp/perf-PID.map files
 *
 * Hand-written maps with the lookups computed by hand: names with spaces,
 * sizeless entries, code compiled again at the same address (the later
 * line wins), lines that do not parse; and what must not be read: a file of
 * another user, a FIFO (which must not block), a missing file. Through the
 * symbolizer: an anonymous executable mapping of process PID is "[JIT] tid
 * PID" and named from /tmp/perf-PID.map.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "cs-error.h"
#include "cs-perf-map.h"
#include "cs-symbolizer.h"
#include "cs-test-util.h"

static char *tmpdir;

static char *
write_map (const char *name,
           const char *text)
{
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
assert_lookup (CsSymbolIndex *map,
               guint64        address,
               const char    *name,
               guint64        start,
               guint64        size)
{
  guint64 s = 0, z = 0;
  const char *found = NULL;

  if (!cs_symbol_index_lookup (map, address, &found, &s, &z))
    found = NULL;
  g_assert_cmpstr (found, ==, name);
  if (name != NULL)
    {
      g_assert_cmphex (s, ==, start);
      g_assert_cmphex (z, ==, size);
    }
}

static void
test_parse (void)
{
  g_autofree char *path = write_map ("perf-1.map",
                                     "7f0000001000 40 jit_hot_loop\n"
                                     "7f0000002000 100 LazyCompile:~warm app.js:12\n"
                                     "0x7f0000003000 0x20 Interpreter\n"
                                     "7f0000004000 0 stub_without_size\n"
                                     "7f0000002000 80 LazyCompile:*warm app.js:12\n"
                                     "not a line\n"
                                     "7f0000005000 10\n"
                                     "7f0000006000 10 last_without_newline");
  g_autoptr(GError) error = NULL;
  CsSymbolIndex *map = cs_perf_map_load (path, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (cs_symbol_index_get_n (map), ==, 5);
  assert_lookup (map, 0x7f0000001000, "jit_hot_loop", 0x7f0000001000, 0x40);
  assert_lookup (map, 0x7f000000103f, "jit_hot_loop", 0x7f0000001000, 0x40);
  assert_lookup (map, 0x7f0000001040, NULL, 0, 0);
  /* Compiled again at the same address: the later line. */
  assert_lookup (map, 0x7f0000002010, "LazyCompile:*warm app.js:12", 0x7f0000002000, 0x80);
  assert_lookup (map, 0x7f0000002090, NULL, 0, 0);
  assert_lookup (map, 0x7f0000003010, "Interpreter", 0x7f0000003000, 0x20);
  assert_lookup (map, 0x7f0000004000, "stub_without_size", 0x7f0000004000, 0);
  assert_lookup (map, 0x7f0000004001, NULL, 0, 0);
  assert_lookup (map, 0x7f0000005000, NULL, 0, 0);
  assert_lookup (map, 0x7f0000006004, "last_without_newline", 0x7f0000006000, 0x10);
  cs_symbol_index_free (map);
}

static void
test_refused (void)
{
  g_autofree char *missing = g_build_filename (tmpdir, "perf-404.map", NULL);
  g_autofree char *fifo = g_build_filename (tmpdir, "perf-fifo.map", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (cs_perf_map_load (missing, &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Nobody writes to this FIFO: reading it must not wait. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (cs_perf_map_load (fifo, &error));
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED);
  g_clear_error (&error);

  /* Another user's map, as perf refuses it (only root can make one). */
  if (geteuid () == 0)
    {
      g_autofree char *other = write_map ("perf-2.map", "1000 10 planted\n");

      g_assert_cmpint (chown (other, 65534, 65534), ==, 0);
      g_assert_null (cs_perf_map_load (other, &error));
      g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, other));
    }
}

/* The symbolizer's view: anonymous executable memory of a process is its
 * JIT module, named from its map in /tmp. */
static void
test_symbolizer (void)
{
  gint32 pid = (gint32) getpid ();
  g_autofree char *path = g_strdup_printf ("/tmp/perf-%d.map", (int) pid);
  g_autofree char *dso = g_strdup_printf ("[JIT] tid %d", (int) pid);
  g_autofree char *unknown = g_strdup_printf ("[JIT] tid %d+0x7f0000001200", (int) pid);
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  const CsLocation *loc;
  CsModule *module;
  guint64 offset = 0;

  g_assert_true (g_file_set_contents (path, "7f0000001100 40 jit_fn\n", -1, NULL));
  /* rwx, private anonymous; the kernel's pgoff of anonymous memory is
   * not relied upon. */
  cs_address_space_mmap (space, pid, 0x7f0000001000, 0x1000, 0, 7, 0x22, "//anon", NULL, 0);
  module = cs_symbolizer_module_for_ip (sym, space, pid, 0x7f0000001110, &offset);
  g_assert_nonnull (module);
  g_assert_cmpint (cs_module_get_kind (module), ==, CS_MODULE_SPECIAL);
  g_assert_cmpstr (cs_module_get_name (module), ==, dso);
  g_assert_cmphex (offset, ==, 0x7f0000001110);
  loc = cs_symbolizer_resolve (sym, module, offset);
  g_assert_cmpstr (loc->symbol->name, ==, "jit_fn");
  g_assert_cmphex (loc->symbol->start, ==, 0x7f0000001100);
  module = cs_symbolizer_module_for_ip (sym, space, pid, 0x7f0000001200, &offset);
  loc = cs_symbolizer_resolve (sym, module, offset);
  g_assert_true (loc->symbol->unknown);
  g_assert_cmpstr (loc->symbol->name, ==, unknown);
  g_unlink (path);

  /* Anonymous memory that is not executable is no JIT code. */
  cs_address_space_mmap (space, pid, 0x7f0000009000, 0x1000, 0, 3, 0x22, "//anon", NULL, 0);
  module = cs_symbolizer_module_for_ip (sym, space, pid, 0x7f0000009000, &offset);
  g_assert_cmpstr (cs_module_get_name (module), ==, "//anon");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/perf-map/parse", test_parse);
  g_test_add_func ("/perf-map/refused", test_refused);
  g_test_add_func ("/perf-map/symbolizer", test_symbolizer);
  return cs_test_run_with_tmpdir (&tmpdir);
}
