/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-profile-perf.c — `cyclescope report` agrees with `perf report`
 *
 * Each case records a workload with `perf record` at test time and compares
 * `cyclescope report --sort dso,sym --format csv` with
 * `perf report --stdio --sort dso,sym --no-children -g none` on the same
 * file: the same top-10 rows, each percentage within 0.1 points, and the
 * same per-DSO percentages (`--sort dso`). perf is the oracle; nothing here
 * comes from our own code but the output under test.
 *
 * Cases: a C++ program over two DSOs (cs-symtest + libcssymtest.so), the
 * same with call graphs (-g), and a multi-threaded C program over two DSOs
 * (profile-workload + libcsprofwork.so).
 *
 * Arguments (meson passes them): CYCLESCOPE CS-SYMTEST PROFILE-WORKLOAD
 * Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <math.h>

#include "cs-profile-test-util.h"

#define TOLERANCE 0.1

static char *perf;
static char *cyclescope;
static char *symtest;
static char *workload;
static char *tmpdir;

typedef struct
{
  char   *key;      /* "dso\nsym" */
  double  percent;
} Row;

static void
row_free (gpointer data)
{
  Row *r = data;

  g_free (r->key);
  g_free (r);
}

/* Unknown code is a per-address row in both tools: perf prints the
 * map-relative address ("0x0000000000001a2b"), we print "dso+0x1a2b".
 * Both become "dso\n+0x1a2b". */
static char *
row_key (const char *dso,
         const char *sym)
{
  const char *plus;

  if (sym == NULL)
    return g_strdup (dso);
  if (g_str_has_prefix (sym, "0x"))
    return g_strdup_printf ("%s\n+0x%" G_GINT64_MODIFIER "x", dso, g_ascii_strtoull (sym + 2, NULL, 16));
  if ((plus = strstr (sym, "+0x")) != NULL && g_str_has_prefix (sym, dso))
    return g_strdup_printf ("%s\n+0x%" G_GINT64_MODIFIER "x", dso, g_ascii_strtoull (plus + 3, NULL, 16));
  return g_strdup_printf ("%s\n%s", dso, sym);
}

static GPtrArray *
perf_rows (const char *file,
           const char *keys)
{
  g_autoptr(GPtrArray) raw = perf_report_rows (perf, file, keys);
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);

  for (guint i = 0; i < raw->len; i++)
    {
      PerfRow *p = raw->pdata[i];
      Row *r = g_new0 (Row, 1);

      r->key = row_key (p->dso, g_str_equal (keys, "dso") ? NULL : p->sym);
      r->percent = p->percent;
      g_ptr_array_add (rows, r);
    }
  return rows;
}

/* Our CSV: event,percent,samples,period,dso,… (symbol in column 5 for
 * dso,sym; path for dso). */
static GPtrArray *
our_rows (const char *file,
          const char *keys)
{
  const char *args[] = { "report", file, "--sort", keys, "--format", "csv", "--limit", "0", NULL };
  CliResult res = cli_run (cyclescope, args);
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);

  if (res.status != 0)
    g_error ("cyclescope report failed (%d): %s", res.status, res.err);
  lines = g_strsplit (res.out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "event,percent,samples,period,dso,"));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) f = csv_split (lines[i]);
      Row *r = g_new0 (Row, 1);

      g_assert_cmpuint (g_strv_length (f), >=, 6);
      r->percent = g_ascii_strtod (f[1], NULL);
      r->key = row_key (f[4], g_str_equal (keys, "dso") ? NULL : f[5]);
      g_ptr_array_add (rows, r);
    }
  cli_result_clear (&res);
  return rows;
}

static const Row *
find_row (GPtrArray  *rows,
          const char *key)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (((Row *) rows->pdata[i])->key, key))
      return rows->pdata[i];
  return NULL;
}

static void
print_rows (const char *what,
            GPtrArray  *rows,
            guint       n)
{
  g_test_message ("%s:", what);
  for (guint i = 0; i < rows->len && i < n; i++)
    {
      const Row *r = rows->pdata[i];
      g_autofree char *k = g_strdup (r->key);

      g_strdelimit (k, "\n", ' ');
      g_test_message ("  %6.2f  %s", r->percent, k);
    }
}

/* Every row among @a's first @n has its twin in @b within TOLERANCE; a row
 * @b lacks counts as 0 % there, so only rows under TOLERANCE may be
 * missing (perf and we may name a tiny kernel alias differently). A row of
 * @a's top @n clearly above @b's (n+1)-th row must be in @b's top @n. */
static void
check_top (const char *a_name,
           GPtrArray  *a,
           const char *b_name,
           GPtrArray  *b,
           guint       n)
{
  double b_cut = b->len > n ? ((Row *) b->pdata[n])->percent : 0;

  for (guint i = 0; i < a->len && i < n; i++)
    {
      const Row *ra = a->pdata[i];
      const Row *rb = find_row (b, ra->key);
      double other = rb != NULL ? rb->percent : 0;
      gboolean in_top = FALSE;

      if (fabs (ra->percent - other) > TOLERANCE)
        {
          print_rows (a_name, a, 15);
          print_rows (b_name, b, 15);
          g_error ("row “%s” is %.2f %% in %s but %.2f %% in %s", ra->key, ra->percent, a_name, other, b_name);
        }
      for (guint j = 0; j < b->len && j < n; j++)
        if (b->pdata[j] == rb)
          in_top = TRUE;
      if (!in_top && ra->percent > b_cut + TOLERANCE)
        g_error ("row “%s” (%.2f %%) is in the top %u of %s but not of %s", ra->key, ra->percent, n,
                 a_name, b_name);
    }
}

static void
compare_file (const char *file)
{
  g_autoptr(GPtrArray) theirs = perf_rows (file, "dso,sym");
  g_autoptr(GPtrArray) ours = our_rows (file, "dso,sym");
  g_autoptr(GPtrArray) theirs_dso = perf_rows (file, "dso");
  g_autoptr(GPtrArray) ours_dso = our_rows (file, "dso");
  double sum = 0;

  g_assert_cmpuint (theirs->len, >=, 3);
  print_rows ("perf report --sort dso,sym", theirs, 12);
  print_rows ("cyclescope report --sort dso,sym", ours, 12);
  check_top ("perf", theirs, "cyclescope", ours, 10);
  check_top ("cyclescope", ours, "perf", theirs, 10);

  /* Every DSO, both ways. */
  check_top ("perf --sort dso", theirs_dso, "cyclescope --sort dso", ours_dso, G_MAXUINT);
  check_top ("cyclescope --sort dso", ours_dso, "perf --sort dso", theirs_dso, G_MAXUINT);
  for (guint i = 0; i < ours_dso->len; i++)
    sum += ((Row *) ours_dso->pdata[i])->percent;
  g_assert_cmpfloat (fabs (sum - 100.0), <, 0.01);
}

static void
test_two_dsos (void)
{
  g_autofree char *file = g_build_filename (tmpdir, "two-dsos.data", NULL);
  const char *args[] = { "-F", "20000", "-e", "cpu-clock", NULL };
  const char *cmd[] = { symtest, "4000", NULL };
  g_autoptr(GPtrArray) rows = NULL;

  profile_record (perf, file, args, cmd);
  compare_file (file);
  /* The point of the case: both DSOs are really there. */
  rows = perf_rows (file, "dso");
  g_assert_nonnull (find_row (rows, "cs-symtest"));
  g_assert_nonnull (find_row (rows, "libcssymtest.so"));
}

static void
test_callgraph (void)
{
  g_autofree char *file = g_build_filename (tmpdir, "callgraph.data", NULL);
  const char *args[] = { "-g", "-F", "20000", "-e", "cpu-clock", NULL };
  const char *cmd[] = { symtest, "4000", NULL };

  profile_record (perf, file, args, cmd);
  compare_file (file);
}

static void
test_threads (void)
{
  g_autofree char *file = g_build_filename (tmpdir, "threads.data", NULL);
  const char *args[] = { "-F", "20000", "-e", "cpu-clock", NULL };
  const char *cmd[] = { workload, "3", "400", NULL };
  g_autoptr(GPtrArray) rows = NULL;

  profile_record (perf, file, args, cmd);
  compare_file (file);
  rows = perf_rows (file, "dso");
  g_assert_nonnull (find_row (rows, "profile-workload"));
  g_assert_nonnull (find_row (rows, "libcsprofwork.so"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 4)
    g_error ("usage: test-profile-perf CYCLESCOPE CS-SYMTEST PROFILE-WORKLOAD");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  symtest = argv[2];
  workload = argv[3];
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/profile-perf/two-dsos", test_two_dsos);
  g_test_add_func ("/profile-perf/callgraph", test_callgraph);
  g_test_add_func ("/profile-perf/threads", test_threads);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (perf);
  return status;
}
