/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-kallsyms.h — the tests' own reading of kernel symbols (header only)
 *
 * An oracle for kernel symbol lookups that shares no code with
 * data/cs-kallsyms*.c: /proc/kallsyms read line by line with sscanf, text
 * symbols (t, T, w, W) with a non-zero address, sorted by address; a code
 * address belongs to the last symbol at or below it when the next symbol
 * above it is of the same module (perf's and the header's rule), else to
 * none. And the kernel samples of a perf.data, counted per such symbol.
 */
#pragma once

#include <stdio.h>
#include <string.h>

#include "cs-perf-reader.h"
#include "cs-profile.h"
#include "cs-test-util.h"

/* Part of the warning that kernel symbols come from another boot. */
#define CS_TEST_OTHER_BOOT_TEXT "made on an earlier boot"

typedef struct
{
  guint64  address;
  char    *name;
  char    *module;   /* NULL for the kernel image */
} CsTestKsym;

typedef struct
{
  GArray *syms;      /* CsTestKsym, sorted by address (stable: file order) */
  guint   n_lines;   /* lines read */
} CsTestKallsyms;

static inline void
cs_test_ksym_clear (CsTestKsym *s)
{
  g_free (s->name);
  g_free (s->module);
}

static inline int
cs_test_ksym_compare (gconstpointer a,
                      gconstpointer b)
{
  const CsTestKsym *x = a, *y = b;

  return x->address < y->address ? -1 : x->address > y->address;
}

/* NULL when @path cannot be read or hides every address. */
static inline CsTestKallsyms *
cs_test_kallsyms_read (const char *path)
{
  FILE *fp = fopen (path, "re");
  CsTestKallsyms *k;
  char line[1024];
  gboolean any = FALSE;

  if (fp == NULL)
    return NULL;
  k = g_new0 (CsTestKallsyms, 1);
  k->syms = g_array_new (FALSE, FALSE, sizeof (CsTestKsym));
  g_array_set_clear_func (k->syms, (GDestroyNotify) cs_test_ksym_clear);
  while (fgets (line, sizeof line, fp) != NULL)
    {
      unsigned long long address;
      char type, name[512], module[256];
      int n;

      k->n_lines++;
      module[0] = '\0';
      n = sscanf (line, "%llx %c %511s [%255[^]]]", &address, &type, name, module);
      if (n < 3)
        continue;
      if (address != 0)
        any = TRUE;
      if (address == 0 || strchr ("tTwW", type) == NULL)
        continue;
      {
        CsTestKsym s = { address, g_strdup (name), n == 4 ? g_strdup (module) : NULL };

        g_array_append_val (k->syms, s);
      }
    }
  fclose (fp);
  if (!any)
    {
      g_array_unref (k->syms);
      g_free (k);
      return NULL;
    }
  /* g_array_sort is a merge sort in GLib 2.74: stable, file order kept. */
  g_array_sort (k->syms, cs_test_ksym_compare);
  return k;
}

static inline void
cs_test_kallsyms_free (CsTestKallsyms *k)
{
  if (k == NULL)
    return;
  g_array_unref (k->syms);
  g_free (k);
}

/* Index of the first symbol at the address of the symbol holding @ip, or -1. */
static inline gint
cs_test_kallsyms_lookup (CsTestKallsyms *k,
                         guint64         ip)
{
  const CsTestKsym *v = (const CsTestKsym *) (gconstpointer) k->syms->data;
  guint lo = 0, hi = k->syms->len, first, next;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (v[mid].address <= ip)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return -1;
  first = lo - 1;
  while (first > 0 && v[first - 1].address == v[first].address)
    first--;
  if (v[first].address == ip)
    return (gint) first;
  next = lo;  /* the first symbol above @ip */
  if (next >= k->syms->len || g_strcmp0 (v[next].module, v[first].module) != 0)
    return -1;
  return (gint) first;
}

/* Whether @name is one of the symbols at @k's entry @i's address. */
static inline gboolean
cs_test_kallsyms_has_name (CsTestKallsyms *k,
                           gint            i,
                           const char     *name)
{
  const CsTestKsym *v = (const CsTestKsym *) (gconstpointer) k->syms->data;

  for (guint j = (guint) i; j < k->syms->len && v[j].address == v[i].address; j++)
    if (g_strcmp0 (v[j].name, name) == 0)
      return TRUE;
  return FALSE;
}

typedef struct
{
  CsTestKallsyms *k;
  GHashTable     *counts;      /* symbol address (guint64*) -> samples */
  guint64         n_kernel;    /* kernel samples */
  guint64         n_unknown;   /* kernel samples no symbol holds */
} CsTestKernelSamples;

static gboolean
cs_test_count_kernel_sample (const CsPerfRecord *r,
                             gpointer            user_data)
{
  CsTestKernelSamples *ks = user_data;
  gint i;

  /* cpu mode 1: PERF_RECORD_MISC_KERNEL */
  if (r->type != CS_PERF_RECORD_SAMPLE || (r->misc & 7) != 1)
    return TRUE;
  ks->n_kernel++;
  i = cs_test_kallsyms_lookup (ks->k, r->sample.ip);
  if (i < 0)
    ks->n_unknown++;
  else
    {
      guint64 address = g_array_index (ks->k->syms, CsTestKsym, i).address;
      guint64 *key = g_memdup2 (&address, sizeof address);
      gpointer old = g_hash_table_lookup (ks->counts, key);

      g_hash_table_replace (ks->counts, key, GSIZE_TO_POINTER (GPOINTER_TO_SIZE (old) + 1));
    }
  return TRUE;
}

/* Counts the kernel samples of @perf_data per symbol of @k. */
static inline void
cs_test_kernel_samples_count (CsTestKernelSamples *ks,
                              CsTestKallsyms      *k,
                              const char          *perf_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (perf_data, &error);

  g_assert_no_error (error);
  memset (ks, 0, sizeof *ks);
  ks->k = k;
  ks->counts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  cs_perf_reader_set_ordered (reader, FALSE);
  g_assert_true (cs_perf_reader_foreach (reader, cs_test_count_kernel_sample, ks, &error));
  g_assert_no_error (error);
}

static inline void
cs_test_kernel_samples_clear (CsTestKernelSamples *ks)
{
  g_clear_pointer (&ks->counts, g_hash_table_unref);
}

/* The profile's kernel rows against the oracle: each resolved row starts
 * at an oracle symbol, carries one of its names and exactly the samples the
 * oracle counts there; the unresolved rows hold the rest. Returns the
 * number of resolved kernel samples. */
static inline guint64
cs_test_check_kernel_rows (CsProfile           *profile,
                           CsTestKernelSamples *ks)
{
  const CsProfileEvent *e = cs_profile_get_default_event (profile);
  g_autoptr(GArray) rows = NULL;
  guint64 resolved = 0, unknown = 0;

  g_assert_nonnull (e);
  rows = cs_profile_dup_symbol_table (profile, e->index, NULL, 0);
  for (guint r = 0; r < rows->len; r++)
    {
      const CsProfileSymbolRow *row = &g_array_index (rows, CsProfileSymbolRow, r);
      const CsSymbol *sym = row->symbol->symbol;
      guint64 start = sym->start;
      gint i;

      if (row->symbol->module->kind != CS_MODULE_KERNEL)
        continue;
      if (sym->unknown)
        {
          unknown += row->samples;
          continue;
        }
      i = cs_test_kallsyms_lookup (ks->k, start);
      g_assert_cmpint (i, >=, 0);
      g_assert_cmphex (g_array_index (ks->k->syms, CsTestKsym, i).address, ==, start);
      if (!cs_test_kallsyms_has_name (ks->k, i, sym->mangled))
        g_error ("kernel symbol %s at 0x%" G_GINT64_MODIFIER "x: /proc/kallsyms has %s there",
                 sym->mangled, start, g_array_index (ks->k->syms, CsTestKsym, i).name);
      g_assert_cmpuint (row->samples, ==,
                        GPOINTER_TO_SIZE (g_hash_table_lookup (ks->counts, &start)));
      resolved += row->samples;
    }
  g_assert_cmpuint (unknown, ==, ks->n_unknown);
  g_assert_cmpuint (resolved + unknown, ==, ks->n_kernel);
  return resolved;
}

/* A temporary directory for the test, with $XDG_CACHE_HOME at DIR/cache so
 * that the kernel symbol cache starts empty and never touches the user's.
 * Before anything asks GLib for that directory. */
static inline char *
cs_test_kallsyms_tmpdir (void)
{
  char *dir = cs_test_mkdtemp ();
  g_autofree char *cache = g_build_filename (dir, "cache", NULL);

  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  return dir;
}

/* cs_profile_load() of @perf_data with the running kernel's table out of
 * reach (an empty file in @dir stands for /proc/kallsyms): kernel samples
 * are named only from what the recording points at. */
static inline CsProfile *
cs_test_load_without_running_kallsyms (const char   *perf_data,
                                       CsSymbolizer *sym,
                                       const char   *dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *empty = g_build_filename (dir, "empty-kallsyms", NULL);
  CsProfile *profile;

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  cs_symbolizer_set_kallsyms_path (sym, empty);
  profile = cs_profile_load (perf_data, sym, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return profile;
}

static inline gboolean
cs_test_strv_has_substring (const char * const *v,
                            const char         *needle)
{
  for (guint i = 0; v != NULL && v[i] != NULL; i++)
    if (strstr (v[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* Whether @sym warned that its kernel symbols come from another boot. */
static inline gboolean
cs_test_warned_other_boot (CsSymbolizer *sym)
{
  g_auto(GStrv) warnings = cs_symbolizer_dup_warnings (sym);

  return cs_test_strv_has_substring ((const char * const *) warnings, CS_TEST_OTHER_BOOT_TEXT);
}
