/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-kallsyms.c — kernel symbols, parsed and through the binary cache
 *
 * A hand-written kallsyms file with aliases, data symbols, module symbols
 * and hidden addresses gives lookups computed by hand; the cache must give
 * the same answers when it is written, when it is mapped back, after the
 * file changed and when the cache file is damaged. The real /proc/kallsyms
 * is checked against the test's own reading of its lines.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cs-error.h"
#include "cs-kallsyms.h"
#include "cs-test-util.h"

static char *tmpdir;

static const char fixture[] =
  "ffffffff81000000 T _text\n"
  "ffffffff81000000 T startup_64\n"
  "ffffffff81000100 t helper\n"
  "ffffffff81000180 D some_data\n"
  "0000000000000000 A fixed_percpu_data\n"
  "ffffffff81000200 W weak_fn\n"
  "ffffffff81000300 T last_core\n"
  "ffffffffc0001000 t mod_fn\t[mymod]\n"
  "ffffffffc0001040 t mod_fn2\t[mymod]\n"
  "ffffffffc0002000 T other_fn\t[othermod]\n";

static char *
write_file (const char *name,
            const char *contents)
{
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static void
assert_lookup (CsKallsyms *k,
               guint64     address,
               const char *name,
               const char *module,
               guint64     start,
               guint64     size)
{
  const CsKernelSymbol *s = cs_kallsyms_lookup (k, address);

  if (name == NULL)
    {
      g_assert_null (s);
      return;
    }
  g_assert_nonnull (s);
  g_assert_cmpstr (s->name, ==, name);
  g_assert_cmpstr (s->module, ==, module);
  g_assert_cmphex (s->address, ==, start);
  g_assert_cmphex (s->size, ==, size);
}

/* By hand from the fixture: sizes run to the next text symbol of the same
 * module; the last symbol of a module and of the image has no size, so only
 * its own address matches. */
static void
check_fixture (CsKallsyms *k)
{
  g_assert_cmpuint (cs_kallsyms_get_n_symbols (k), ==, 8);
  assert_lookup (k, 0xffffffff80ffffff, NULL, NULL, 0, 0);
  /* Aliases: the last one listed, as perf report names them. */
  assert_lookup (k, 0xffffffff81000000, "startup_64", NULL, 0xffffffff81000000, 0x100);
  assert_lookup (k, 0xffffffff81000050, "startup_64", NULL, 0xffffffff81000000, 0x100);
  assert_lookup (k, 0xffffffff81000150, "helper", NULL, 0xffffffff81000100, 0x100);
  assert_lookup (k, 0xffffffff810001ff, "helper", NULL, 0xffffffff81000100, 0x100);
  assert_lookup (k, 0xffffffff81000200, "weak_fn", NULL, 0xffffffff81000200, 0x100);
  assert_lookup (k, 0xffffffff81000300, "last_core", NULL, 0xffffffff81000300, 0);
  assert_lookup (k, 0xffffffff81000301, NULL, NULL, 0, 0);
  assert_lookup (k, 0xffffffffc0001010, "mod_fn", "mymod", 0xffffffffc0001000, 0x40);
  assert_lookup (k, 0xffffffffc0001040, "mod_fn2", "mymod", 0xffffffffc0001040, 0);
  assert_lookup (k, 0xffffffffc0001050, NULL, NULL, 0, 0);
  assert_lookup (k, 0xffffffffc0002000, "other_fn", "othermod", 0xffffffffc0002000, 0);
  /* The same symbol twice is the same struct. */
  g_assert_true (cs_kallsyms_lookup (k, 0xffffffff81000150) == cs_kallsyms_lookup (k, 0xffffffff81000100));

  g_assert_cmphex (cs_kallsyms_find (k, "startup_64")->address, ==, 0xffffffff81000000);
  g_assert_cmpstr (cs_kallsyms_find (k, "mod_fn2")->module, ==, "mymod");
  g_assert_null (cs_kallsyms_find (k, "some_data"));
  g_assert_null (cs_kallsyms_find (k, "nothing"));
}

static void
test_parse (void)
{
  g_autofree char *path = write_file ("parse.kallsyms", fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsKallsyms) k = cs_kallsyms_load (path, &error);

  g_assert_no_error (error);
  check_fixture (k);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* cs_kallsyms_load_cached() of @path, which must succeed, answered from
 * the cache or not as @from_cache says. */
static CsKallsyms *
load_cached (const char *path,
             const char *cache,
             gboolean    from_cache)
{
  g_autoptr(GError) error = NULL;
  gboolean hit = !from_cache;
  CsKallsyms *k = cs_kallsyms_load_cached (path, cache, &hit, &error);

  g_assert_no_error (error);
  g_assert_nonnull (k);
  g_assert_cmpint (hit, ==, from_cache);
  return k;
}

/* The fixture, loaded through the cache, gives the hand-computed answers. */
static void
check_cached_fixture (const char *path,
                      const char *cache,
                      gboolean    from_cache)
{
  CsKallsyms *k = load_cached (path, cache, from_cache);

  check_fixture (k);
  cs_kallsyms_free (k);
}

static void
test_cache (void)
{
  g_autofree char *path = write_file ("cached.kallsyms", fixture);
  g_autofree char *cache = g_build_filename (tmpdir, "cache", NULL);

  /* First load: read, then written. */
  check_cached_fixture (path, cache, FALSE);
  g_assert_cmpuint (count_files (cache), ==, 1);
  /* Second: mapped from the cache. */
  check_cached_fixture (path, cache, TRUE);
  /* Without a cache directory, a plain file is read as it is. */
  check_cached_fixture (path, NULL, FALSE);
}

/* A changed file is read again, not answered from the old cache. */
static void
test_cache_invalidated (void)
{
  g_autofree char *path = write_file ("changing.kallsyms", fixture);
  g_autofree char *cache = g_build_filename (tmpdir, "cache-changing", NULL);
  g_autofree char *changed = g_strconcat (fixture, "ffffffffc0003000 t new_fn\t[newmod]\n", NULL);
  CsKallsyms *k;

  cs_kallsyms_free (load_cached (path, cache, FALSE));

  g_assert_true (g_file_set_contents (path, changed, -1, NULL));
  k = load_cached (path, cache, FALSE);
  g_assert_cmpuint (cs_kallsyms_get_n_symbols (k), ==, 9);
  /* other_fn now has a next symbol, but of another module: still no size. */
  assert_lookup (k, 0xffffffffc0002000, "other_fn", "othermod", 0xffffffffc0002000, 0);
  assert_lookup (k, 0xffffffffc0003000, "new_fn", "newmod", 0xffffffffc0003000, 0);
  cs_kallsyms_free (k);

  k = load_cached (path, cache, TRUE);
  g_assert_cmpuint (cs_kallsyms_get_n_symbols (k), ==, 9);
  cs_kallsyms_free (k);
}

/* Damaged cache files are never trusted: every cut and a flipped magic. */
static void
test_cache_damaged (void)
{
  g_autofree char *path = write_file ("damaged.kallsyms", fixture);
  g_autofree char *cache = g_build_filename (tmpdir, "cache-damaged", NULL);
  g_autoptr(GDir) dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *good = NULL;
  gsize len = 0;

  cs_kallsyms_free (load_cached (path, cache, FALSE));
  dir = g_dir_open (cache, 0, NULL);
  g_assert_nonnull (dir);
  file = g_build_filename (cache, g_dir_read_name (dir), NULL);
  g_assert_true (g_file_get_contents (file, &good, &len, NULL));

  for (gsize cut = 0; cut < len; cut += 7)
    {
      g_assert_true (g_file_set_contents (file, good, cut, NULL));
      check_cached_fixture (path, cache, FALSE);
    }

  good[0] ^= 1;
  g_assert_true (g_file_set_contents (file, good, len, NULL));
  check_cached_fixture (path, cache, FALSE);
}

/* kptr_restrict: every address 0. An error that says what to do, and no
 * cache of nothing. */
static void
test_hidden (void)
{
  g_autofree char *path = write_file ("hidden.kallsyms",
                                      "0000000000000000 T _text\n"
                                      "0000000000000000 t helper\t[mymod]\n");
  g_autofree char *cache = g_build_filename (tmpdir, "cache-hidden", NULL);
  g_autoptr(GError) error = NULL;
  CsKallsyms *k;

  k = cs_kallsyms_load (path, &error);
  g_assert_null (k);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "kptr_restrict"));
  g_clear_error (&error);

  k = cs_kallsyms_load_cached (path, cache, NULL, &error);
  g_assert_null (k);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED);
  g_assert_cmpuint (count_files (cache), ==, 0);
}

static void
test_missing (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "no-such-file", NULL);
  g_autoptr(GError) error = NULL;
  CsKallsyms *k = cs_kallsyms_load (path, &error);

  g_assert_null (k);
  g_assert_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, path));
}

/* The running kernel: text symbols taken from /proc/kallsyms by this test's
 * own reading, each looked up at its address, cold (read, cache written)
 * and warm (mapped). */
static void
test_proc (void)
{
  g_autofree char *text = NULL;
  g_autofree char *cache = g_build_filename (tmpdir, "cache-proc", NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                       (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GArray) probes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_text = 0;

  if (!g_file_get_contents ("/proc/kallsyms", &text, NULL, NULL) || g_str_has_prefix (text, "0000000000000000"))
    {
      g_test_skip ("/proc/kallsyms hides addresses here");
      return;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (lines[i], " \t", 4);
      guint64 *address;
      GPtrArray *at;

      if (g_strv_length (f) < 3 || strchr ("tTwW", f[1][0]) == NULL || f[1][1] != '\0')
        continue;
      address = g_new (guint64, 1);
      *address = g_ascii_strtoull (f[0], NULL, 16);
      if ((at = g_hash_table_lookup (names, address)) == NULL)
        {
          at = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (names, address, at);
          if (n_text % 997 == 0)
            g_array_append_val (probes, *address);
        }
      else
        g_free (address);
      g_ptr_array_add (at, g_strdup (f[2]));
      n_text++;
    }
  g_assert_cmpuint (probes->len, >, 10);

  for (guint round = 0; round < 2; round++)
    {
      gboolean from_cache = FALSE;
      g_autoptr(CsKallsyms) k = cs_kallsyms_load_cached (NULL, cache, &from_cache, &error);

      g_assert_no_error (error);
      /* /proc/kallsyms may change between two reads (a module loaded):
       * then the second is a fresh read, which is right too. */
      if (round == 0)
        g_assert_false (from_cache);
      g_assert_cmpuint (cs_kallsyms_get_n_symbols (k), ==, n_text);
      for (guint i = 0; i < probes->len; i++)
        {
          guint64 address = g_array_index (probes, guint64, i);
          const CsKernelSymbol *s = cs_kallsyms_lookup (k, address);
          GPtrArray *at = g_hash_table_lookup (names, &address);
          gboolean known = FALSE;

          g_assert_nonnull (s);
          g_assert_cmphex (s->address, ==, address);
          for (guint j = 0; j < at->len; j++)
            known |= g_str_equal (at->pdata[j], s->name);
          g_assert_true (known);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmpdir = cs_test_mkdtemp ();
  g_test_add_func ("/kallsyms/parse", test_parse);
  g_test_add_func ("/kallsyms/cache", test_cache);
  g_test_add_func ("/kallsyms/cache-invalidated", test_cache_invalidated);
  g_test_add_func ("/kallsyms/cache-damaged", test_cache_damaged);
  g_test_add_func ("/kallsyms/hidden", test_hidden);
  g_test_add_func ("/kallsyms/missing", test_missing);
  g_test_add_func ("/kallsyms/proc", test_proc);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  return ret;
}
