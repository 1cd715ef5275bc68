/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-perf.c — `cyclescope diff` against `perf diff` on the same files
 *
 * perf's counterpart of our diff is `perf diff BASE.data NEW.data`: its
 * Baseline is a row's percentage of the base file's total period (all
 * samples of the event, kernel included: hists__total_period()), its Delta
 * (-c delta) the new file's percentage minus the base's. That is our
 * base_share and delta_points, so both must agree within perf's printed
 * precision (two decimals: 0.01 pt) for every row perf shows with a
 * baseline of at least 1 %. perf prints an empty Baseline for an entry the
 * base lacks (our "new-only") and an empty Delta for one the new file
 * lacks (our "base-only"; with -t it prints the delta of every pair, even
 * +0.00 %); every row perf names must be so marked by us. perf's Ratio
 * (-c ratio) is the new entry's period over the base's: for cpu-clock,
 * whose period is CPU time, our new_seconds / base_seconds (within perf's
 * six decimals).
 *
 * perf pairs entries by the sort keys: the dso's short name (its basename)
 * and the symbol's name, not its address — the same rule as ours
 * (docs/compare.md). Two builds recorded under one file name (copied as
 * "cmp-work") pair in both; cmp-work-base and cmp-work-rebuilt under their
 * own names pair no program row in perf, while ours pairs the recorded
 * programs (cs-comparison-program.c): checked against perf's one-sided rows.
 *
 * Pairs: base/half recorded by our collector (perf diff reads the bundles'
 * sampling-0.perf.data), the same two recorded by `perf record -e cpu-clock
 * -F 2000` (plain perf.data files are analyses too), the two stripped
 * (`perf diff` shows all code of a dso without a symbol as one entry,
 * printed as its first address; ours is the row "[unknown]"), and
 * base/rebuilt by perf under their own names.
 *
 * Exits 77 without perf. argv: cyclescope, cmp-work-base, cmp-work-half,
 * cmp-work-rebuilt.
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cs-test-compare.h"
#include "cs-test-json.h"
#include "cs-test-util.h"

static char *perf;
static const char *cyclescope;

typedef struct
{
  char    *dso;
  char    *sym;        /* NULL with --sort dso */
  gboolean has_base, has_delta;
  double   baseline, delta;
} PerfRow;

static void
perf_row_free (PerfRow *row)
{
  g_free (row->dso);
  g_free (row->sym);
  g_free (row);
}

/* `perf diff -c delta -t '|' --sort KEYS base new`, parsed. */
static GPtrArray *
perf_diff_compute (const char *base,
                   const char *new_file,
                   const char *keys,
                   const char *compute)
{
  const char *argv[] = { perf, "diff", "-c", compute, "-t", "|", "--sort", keys, base, new_file, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) perf_row_free);
  guint want = strchr (keys, ',') != NULL ? 4 : 3;

  if (cs_test_output_exit_code (&r) != 0)
    g_error ("perf diff %s %s failed: %s", base, new_file, r.err);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      PerfRow *row;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], "|", -1);
      g_assert_cmpuint (g_strv_length (f), ==, want);
      for (guint k = 0; f[k] != NULL; k++)
        g_strstrip (f[k]);
      row = g_new0 (PerfRow, 1);
      row->has_base = f[0][0] != '\0';
      row->baseline = g_ascii_strtod (f[0], NULL);
      row->has_delta = f[1][0] != '\0';
      row->delta = g_ascii_strtod (f[1], NULL);
      row->dso = g_strdup (f[2]);
      /* "[.] name" or "[k] name" */
      if (want == 4)
        row->sym = g_strdup (strlen (f[3]) > 4 && f[3][0] == '[' ? f[3] + 4 : f[3]);
      g_ptr_array_add (rows, row);
    }
  g_assert_cmpuint (rows->len, >, 0);
  return rows;
}

static GPtrArray *
perf_diff (const char *base,
           const char *new_file,
           const char *keys)
{
  return perf_diff_compute (base, new_file, keys, "delta");
}

static json_object *
our_diff (const char *base,
          const char *new_file)
{
  const char *argv[] = { cyclescope, "diff", "--format", "json", "--limit", "0", base, new_file, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  if (cs_test_output_exit_code (&r) != 0)
    g_error ("cyclescope diff %s %s failed: %s", base, new_file, r.err);
  return cs_test_json_parse (r.out);
}

static json_object *
find_row (json_object *rows,
          const char  *dso,
          const char  *sym)
{
  for (size_t i = 0; i < json_object_array_length (rows); i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);
      const char *name = json_object_get_string (cs_test_json_field (row, "name"));

      if (sym == NULL && g_str_equal (name, dso))
        return row;
      if (sym != NULL && g_str_equal (name, sym) &&
          g_strcmp0 (json_object_get_string (cs_test_json_field (row, "module")), dso) == 0)
        return row;
    }
  return NULL;
}

/* Our name of perf's symbol: perf prints code no symbol covers as an
 * address, and `perf diff` collapses all of it in one dso into one entry
 * (entries pair by symbol name, and these have none), which ours name
 * "[unknown]". */
static const char *
our_symbol (const PerfRow *p)
{
  return p->sym != NULL && g_str_has_prefix (p->sym, "0x") ? "[unknown]" : p->sym;
}

/* Every row of perf's table against ours; returns how many rows with a
 * baseline ≥ 1 % were compared. */
static guint
compare_table (GPtrArray   *perf_rows,
               json_object *ours,
               const char  *what)
{
  guint compared = 0;

  for (guint i = 0; i < perf_rows->len; i++)
    {
      const PerfRow *p = g_ptr_array_index (perf_rows, i);
      json_object *row;
      const char *verdict;
      double base_share, delta;

      row = find_row (ours, p->dso, our_symbol (p));
      if (row == NULL)
        g_error ("%s: perf diff shows %s %s, cyclescope diff has no such row", what, p->dso, p->sym ? p->sym : "");
      verdict = json_object_get_string (cs_test_json_field (row, "verdict"));
      base_share = json_object_get_double (cs_test_json_field (row, "base_share"));
      delta = json_object_get_double (cs_test_json_field (row, "delta_points"));
      g_test_message ("%s: %s %s perf %.2f %+.2f, ours %.4f %+.4f %s", what, p->dso, p->sym ? p->sym : "",
                      p->baseline, p->delta, base_share, delta, verdict);
      if (!p->has_base)
        {
          g_assert_cmpstr (verdict, ==, "new-only");
          g_assert_cmpfloat_with_epsilon (delta, p->delta, 0.01);
        }
      else if (!p->has_delta)
        {
          g_assert_cmpstr (verdict, ==, "base-only");
          g_assert_cmpfloat_with_epsilon (base_share, p->baseline, 0.01);
        }
      else
        {
          g_assert_cmpstr (verdict, !=, "new-only");
          g_assert_cmpstr (verdict, !=, "base-only");
          if (p->baseline >= 1.0)
            {
              g_assert_cmpfloat_with_epsilon (base_share, p->baseline, 0.01);
              g_assert_cmpfloat_with_epsilon (delta, p->delta, 0.01);
              compared++;
            }
        }
    }
  return compared;
}

/* -c ratio: the new entry's period over the base entry's. The period of
 * cpu-clock is CPU time, so that is our new_seconds / base_seconds. */
static void
compare_ratios (GPtrArray   *perf_rows,
                json_object *ours,
                guint        min_rows)
{
  guint compared = 0;

  for (guint i = 0; i < perf_rows->len; i++)
    {
      const PerfRow *p = g_ptr_array_index (perf_rows, i);
      json_object *row;
      double base_seconds, new_seconds;

      if (!p->has_base || !p->has_delta || p->baseline < 1.0)
        continue;
      row = find_row (ours, p->dso, our_symbol (p));
      g_assert_nonnull (row);
      base_seconds = json_object_get_double (cs_test_json_field (row, "base_seconds"));
      new_seconds = json_object_get_double (cs_test_json_field (row, "new_seconds"));
      g_test_message ("ratio: %s %s perf %.6f, ours %.6f", p->dso, p->sym, p->delta, new_seconds / base_seconds);
      /* perf prints six decimals */
      g_assert_cmpfloat_with_epsilon (new_seconds / base_seconds, p->delta, 2e-6);
      compared++;
    }
  g_assert_cmpuint (compared, >=, min_rows);
}

/* Both tables of one pair: perf diff on @base_data/@new_data, ours on
 * @base/@new_file (a bundle or the same perf.data). */
static void
compare_pair (const char *base,
              const char *new_file,
              const char *base_data,
              const char *new_data,
              guint       min_rows)
{
  json_object *ours = our_diff (base, new_file);
  g_autoptr(GPtrArray) by_sym = perf_diff (base_data, new_data, "dso,sym");
  g_autoptr(GPtrArray) by_dso = perf_diff (base_data, new_data, "dso");
  g_autoptr(GPtrArray) ratios = perf_diff_compute (base_data, new_data, "dso,sym", "ratio");

  g_assert_cmpstr (json_object_get_string (cs_test_json_field (ours, "event")), ==, "cpu-clock");
  g_assert_cmpuint (compare_table (by_sym, cs_test_json_field (ours, "functions"), "functions"), >=, min_rows);
  /* cmp-work holds ~99 % */
  g_assert_cmpuint (compare_table (by_dso, cs_test_json_field (ours, "modules"), "modules"), >=, 1);
  compare_ratios (ratios, cs_test_json_field (ours, "functions"), min_rows);
  json_object_put (ours);
}

static char *
perf_record (const char *dir,
             const char *program)
{
  char *data = g_build_filename (dir, "perf.data", NULL);
  const char *argv[] = { perf, "record", "-q", "-e", "cpu-clock", "-F", "2000", "-o", data, "--", program, "1", NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  if (cs_test_output_exit_code (&r) != 0)
    g_error ("perf record %s failed: %s", program, r.err);
  return data;
}

static char *
copy_as (const char *program,
         const char *dir,
         const char *name)
{
  char *copy = g_build_filename (dir, name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_get_contents (program, &contents, &len, &error));
  g_assert_true (g_file_set_contents (copy, contents, (gssize) len, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (copy, 0755), ==, 0);
  return copy;
}

/* Without its build-id too: perf record put the unstripped build of that
 * id in perf's build-id cache (~/.debug), where both tools would find its
 * symbols again. */
static void
strip (const char *program)
{
  g_autofree char *tool = g_find_program_in_path ("strip");
  const char *argv[] = { tool, "--strip-all", "--remove-section=.note.gnu.build-id", program, NULL };
  g_auto(CsTestOutput) r = { NULL, };

  g_assert_nonnull (tool);
  r = cs_test_output (argv, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
}

/* perf's row of @dso and @sym, or NULL. */
static const PerfRow *
perf_find (GPtrArray  *rows,
           const char *dso,
           const char *sym)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const PerfRow *p = g_ptr_array_index (rows, i);

      if (g_strcmp0 (p->dso, dso) == 0 && g_strcmp0 (p->sym, sym) == 0)
        return p;
    }
  return NULL;
}

/* Two builds under their own names: perf pairs no program row (its dso
 * short names differ); ours pairs the recorded programs (docs/compare.md),
 * so each of their functions is one row whose base share is perf's
 * Baseline of the base program's row and whose delta is the new row's
 * share (perf's Delta of a new-only entry) minus it. Other rows as perf. */
static void
check_rebuilt_apart (const char *tmpdir,
                     const char *base_program,
                     const char *rebuilt_program)
{
  g_autofree char *dir_a = g_build_filename (tmpdir, "apart-base", NULL);
  g_autofree char *dir_b = g_build_filename (tmpdir, "apart-rebuilt", NULL);
  g_autofree char *prog_a = copy_as (base_program, dir_a, "cmp-work-base");
  g_autofree char *prog_b = copy_as (rebuilt_program, dir_b, "cmp-work-rebuilt");
  g_autofree char *data_a = perf_record (dir_a, prog_a);
  g_autofree char *data_b = perf_record (dir_b, prog_b);
  g_autoptr(GPtrArray) rows = perf_diff (data_a, data_b, "dso,sym");
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  json_object *ours = our_diff (data_a, data_b);
  json_object *functions = cs_test_json_field (ours, "functions");
  const char *matched[] = { "hot_a", "hot_b" };
  guint program_rows = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const PerfRow *p = g_ptr_array_index (rows, i);

      if (!g_str_has_prefix (p->dso, "cmp-work"))
        {
          g_ptr_array_add (others, (gpointer) p);
          continue;
        }
      program_rows++;
      /* one side only in perf's table */
      g_assert_true (p->has_base != p->has_delta || !p->has_base);
    }
  g_assert_cmpuint (program_rows, >=, 6);
  compare_table (others, functions, "functions, two file names");
  for (guint i = 0; i < G_N_ELEMENTS (matched); i++)
    {
      const PerfRow *pb = perf_find (rows, "cmp-work-base", matched[i]);
      const PerfRow *pn = perf_find (rows, "cmp-work-rebuilt", matched[i]);
      json_object *row = find_row (functions, "cmp-work-rebuilt", matched[i]);
      const char *verdict;

      g_assert_nonnull (pb);
      g_assert_nonnull (pn);
      g_assert_nonnull (row);
      g_assert_null (find_row (functions, "cmp-work-base", matched[i]));
      verdict = json_object_get_string (cs_test_json_field (row, "verdict"));
      g_assert_cmpstr (verdict, !=, "base-only");
      g_assert_cmpstr (verdict, !=, "new-only");
      g_assert_cmpfloat_with_epsilon (json_object_get_double (cs_test_json_field (row, "base_share")),
                                      pb->baseline, 0.01);
      g_assert_cmpfloat_with_epsilon (json_object_get_double (cs_test_json_field (row, "delta_points")),
                                      pn->delta - pb->baseline, 0.02);
    }
  json_object_put (ours);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL, *base_dir = NULL, *half_dir = NULL;
  g_autofree char *base_bundle = NULL, *half_bundle = NULL;
  g_autofree char *base_data = NULL, *half_data = NULL;
  g_autofree char *base_perf = NULL, *half_perf = NULL;

  g_assert_cmpint (argc, >=, 5);
  perf = cs_test_find_perf ();
  if (perf == NULL)
    {
      g_printerr ("perf is not installed: skipped\n");
      return 77;
    }
  cyclescope = argv[1];
  tmpdir = cs_test_mkdtemp ();
  base_dir = g_build_filename (tmpdir, "base", NULL);
  half_dir = g_build_filename (tmpdir, "half", NULL);

  /* 1: our collector's bundles, perf diff on their perf.data */
  base_bundle = cs_test_compare_record (cyclescope, argv[2], base_dir, "1", 1);
  half_bundle = cs_test_compare_record (cyclescope, argv[3], half_dir, "1", 1);
  if (base_bundle == NULL || half_bundle == NULL)
    {
      cs_test_rmdir (tmpdir);
      g_printerr ("cyclescope record cannot record here: skipped\n");
      return 77;
    }
  base_data = g_build_filename (base_bundle, "sampling-0.perf.data", NULL);
  half_data = g_build_filename (half_bundle, "sampling-0.perf.data", NULL);
  /* hot_a, hot_b, variant_one at least (cold_c's 3.6 % may fall below 1 %) */
  compare_pair (base_bundle, half_bundle, base_data, half_data, 3);

  /* 2: the same builds (copied as cmp-work by the step above) recorded by perf */
  {
    g_autofree char *base_prog = g_build_filename (base_dir, "cmp-work", NULL);
    g_autofree char *half_prog = g_build_filename (half_dir, "cmp-work", NULL);

    base_perf = perf_record (base_dir, base_prog);
    half_perf = perf_record (half_dir, half_prog);
  }
  compare_pair (base_perf, half_perf, base_perf, half_perf, 3);

  /* 3: the same builds stripped: all of cmp-work is code without a symbol,
   * one row "[unknown]" (perf: one address) on each side */
  {
    g_autofree char *dir_a = g_build_filename (tmpdir, "stripped-base", NULL);
    g_autofree char *dir_b = g_build_filename (tmpdir, "stripped-half", NULL);
    g_autofree char *prog_a = copy_as (argv[2], dir_a, "cmp-work");
    g_autofree char *prog_b = copy_as (argv[3], dir_b, "cmp-work");
    g_autofree char *data_a = NULL, *data_b = NULL;

    strip (prog_a);
    strip (prog_b);
    data_a = perf_record (dir_a, prog_a);
    data_b = perf_record (dir_b, prog_b);
    compare_pair (data_a, data_b, data_a, data_b, 1);
  }

  /* 4: two builds under their own file names */
  check_rebuilt_apart (tmpdir, argv[2], argv[4]);

  cs_test_rmdir (tmpdir);
  return 0;
}
