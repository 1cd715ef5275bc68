/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-diff.c — `cyclescope diff` end to end
 *
 * Two builds of tests/workloads/cmp-work.c recorded by our collector (each
 * has a function the other lacks: variant_one, variant_two). The text,
 * JSON and CSV outputs must parse (json-c; CSV rows with as many fields as
 * their header), one-side rows must be marked, options must do what they
 * say, a file compared with itself must show no change, and bad input
 * must give a clear error and exit status 1. The new bundle's directory
 * name holds an escape sequence: no raw control byte may reach the output.
 *
 * Regions match by name: two recordings of cs-test-regions (record
 * --regions) give the rows "one", "two" and "four" on both sides.
 *
 * argv: cyclescope, cmp-work-base, cmp-work-rebuilt, cs-test-regions.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-c/json.h>
#include <string.h>

#include "cs-test-compare.h"
#include "cs-test-json.h"
#include "cs-test-regions.h"
#include "cs-test-util.h"

static const char *cyclescope;
static const char *regions_workload;
static char *tmpdir;
static char *base_bundle, *new_bundle;

static CsTestOutput
diff (const char *first,
      ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (argv, (gpointer) cyclescope);
  g_ptr_array_add (argv, (gpointer) "diff");
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  return cs_test_output ((const char * const *) argv->pdata, NULL);
}

static gboolean
need_recordings (void)
{
  if (new_bundle != NULL)
    return TRUE;
  g_test_skip ("cyclescope record cannot record here");
  return FALSE;
}

static json_object *
parse_json (const char *text)
{
  json_object *root;

  g_assert_true (g_utf8_validate (text, -1, NULL));
  root = json_tokener_parse (text);
  g_assert_nonnull (root);
  return root;
}

static json_object *
find_row (json_object *array,
          const char  *name)
{
  for (size_t i = 0; i < json_object_array_length (array); i++)
    {
      json_object *row = json_object_array_get_idx (array, i);
      json_object *n;

      if (json_object_object_get_ex (row, "name", &n) && g_strcmp0 (json_object_get_string (n), name) == 0)
        return row;
    }
  return NULL;
}

static void
test_text (void)
{
  g_auto(CsTestOutput) r = { NULL, };
  g_auto(GStrv) lines = NULL;
  gboolean one = FALSE, two = FALSE;

  if (!need_recordings ())
    return;
  r = diff (base_bundle, new_bundle, "--limit", "0", NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  g_assert_nonnull (strstr (r.out, "Metrics (whole program)"));
  g_assert_nonnull (strstr (r.out, "no spread: record with --repeat N"));
  /* the directory's escape sequence, shown as text */
  g_assert_null (strchr (r.out, '\x1b'));
  g_assert_nonnull (strstr (r.out, "\\x1b[31m"));
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (strstr (lines[i], "variant_one (cmp-work)") != NULL)
        one = strstr (lines[i], "only in base") != NULL;
      if (strstr (lines[i], "variant_two (cmp-work)") != NULL)
        two = strstr (lines[i], "only in new") != NULL;
    }
  g_assert_true (one);
  g_assert_true (two);
}

static void
test_json (void)
{
  g_auto(CsTestOutput) r = { NULL, };
  json_object *root, *functions;

  if (!need_recordings ())
    return;
  r = diff ("--format", "json", "--limit", "0", base_bundle, new_bundle, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = parse_json (r.out);
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (root, "event")), ==, "cpu-clock");
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (cs_test_json_field (root, "new"), "file")), ==, new_bundle);
  g_assert_true (json_object_is_type (cs_test_json_field (root, "metrics"), json_type_array));
  g_assert_true (json_object_is_type (cs_test_json_field (root, "modules"), json_type_array));
  g_assert_true (json_object_is_type (cs_test_json_field (root, "regions"), json_type_array));
  functions = cs_test_json_field (root, "functions");
  g_assert_nonnull (find_row (functions, "variant_one"));
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (find_row (functions, "variant_one"), "verdict")), ==, "base-only");
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (find_row (functions, "variant_two"), "verdict")), ==, "new-only");
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (find_row (functions, "hot_a"), "module")), ==, "cmp-work");
  g_assert_cmpfloat (json_object_get_double (cs_test_json_field (find_row (functions, "hot_a"), "base_share")), >, 0);
  g_assert_cmpfloat (json_object_get_double (cs_test_json_field (find_row (functions, "hot_a"), "new_share")), >, 0);
  json_object_put (root);
}

/* Fields of one CSV line as RFC 4180 quotes them. */
static guint
csv_fields (const char *line,
            GPtrArray  *fields)
{
  GString *field = g_string_new (NULL);
  gboolean quoted = FALSE;

  g_ptr_array_set_size (fields, 0);
  for (const char *p = line;; p++)
    {
      if (quoted && *p == '"' && p[1] == '"')
        g_string_append_c (field, *p++);
      else if (*p == '"')
        quoted = !quoted;
      else if ((*p == ',' && !quoted) || *p == '\0')
        {
          g_ptr_array_add (fields, g_string_free (field, FALSE));
          if (*p == '\0')
            break;
          field = g_string_new (NULL);
        }
      else
        g_string_append_c (field, *p);
    }
  return fields->len;
}

static void
test_csv (void)
{
  g_auto(CsTestOutput) r = { NULL, };
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  guint columns = 0, tables = 0, rows = 0;
  gboolean two = FALSE;

  if (!need_recordings ())
    return;
  r = diff (base_bundle, new_bundle, "--format", "csv", NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        {
          columns = 0;
          continue;
        }
      if (columns == 0)
        {
          columns = csv_fields (lines[i], fields);
          tables++;
          g_assert_cmpuint (columns, >, 5);
          continue;
        }
      g_assert_cmpuint (csv_fields (lines[i], fields), ==, columns);
      rows++;
      if (g_str_equal (g_ptr_array_index (fields, 0), "functions") &&
          g_str_equal (g_ptr_array_index (fields, 1), "variant_two"))
        two = g_str_equal (g_ptr_array_index (fields, 11), "new-only");
    }
  g_assert_cmpuint (tables, ==, 2);
  g_assert_cmpuint (rows, >, 5);
  g_assert_true (two);
}

/* --sort name: each table in (module, name) order; --limit; --children. */
static void
test_options (void)
{
  g_auto(CsTestOutput) sorted = { NULL, };
  g_auto(CsTestOutput) limited = { NULL, };
  g_auto(CsTestOutput) children = { NULL, };
  g_auto(CsTestOutput) self = { NULL, };
  json_object *root, *functions, *self_root, *total_row;

  if (!need_recordings ())
    return;
  sorted = diff ("--format", "json", "--sort", "name", "--limit", "0", base_bundle, new_bundle, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&sorted), ==, 0);
  root = parse_json (sorted.out);
  functions = cs_test_json_field (root, "functions");
  for (size_t i = 1; i < json_object_array_length (functions); i++)
    {
      json_object *a = json_object_array_get_idx (functions, i - 1);
      json_object *b = json_object_array_get_idx (functions, i);
      int by_module = g_strcmp0 (json_object_get_string (cs_test_json_field (a, "module")), json_object_get_string (cs_test_json_field (b, "module")));

      g_assert_cmpint (by_module, <=, 0);
      if (by_module == 0)
        g_assert_cmpint (g_strcmp0 (json_object_get_string (cs_test_json_field (a, "name")), json_object_get_string (cs_test_json_field (b, "name"))), <, 0);
    }
  json_object_put (root);

  limited = diff ("--format", "json", "--limit", "2", base_bundle, new_bundle, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&limited), ==, 0);
  root = parse_json (limited.out);
  g_assert_cmpuint (json_object_array_length (cs_test_json_field (root, "functions")), ==, 2);
  json_object_put (root);

  /* Inclusive shares are at least the self shares. */
  self = diff ("--format", "json", "--limit", "0", base_bundle, new_bundle, NULL);
  children = diff ("--format", "json", "--limit", "0", "--children", base_bundle, new_bundle, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&children), ==, 0);
  root = parse_json (children.out);
  self_root = parse_json (self.out);
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (root, "functions_by")), ==, "total");
  total_row = find_row (cs_test_json_field (root, "functions"), "hot_a");
  g_assert_nonnull (total_row);
  g_assert_cmpfloat (json_object_get_double (cs_test_json_field (total_row, "base_share")), >=,
                     json_object_get_double (cs_test_json_field (find_row (cs_test_json_field (self_root, "functions"), "hot_a"), "base_share")) - 1e-9);
  json_object_put (self_root);
  json_object_put (root);
}

/* A recording compared with itself: every delta is zero, every row within
 * noise. */
static void
test_same_twice (void)
{
  g_auto(CsTestOutput) r = { NULL, };
  json_object *root;
  const char *tables[] = { "modules", "functions", "regions" };

  if (!need_recordings ())
    return;
  r = diff ("--format", "json", "--limit", "0", base_bundle, base_bundle, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = parse_json (r.out);
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      json_object *rows = cs_test_json_field (root, tables[t]);

      for (size_t i = 0; i < json_object_array_length (rows); i++)
        {
          json_object *row = json_object_array_get_idx (rows, i);

          g_assert_cmpfloat (json_object_get_double (cs_test_json_field (row, "delta_points")), ==, 0);
          g_assert_cmpstr (json_object_get_string (cs_test_json_field (row, "verdict")), ==, "within-noise");
          g_assert_cmpstr (json_object_get_string (cs_test_json_field (row, "time_verdict")), ==, "within-noise");
        }
    }
  g_assert_cmpuint (json_object_array_length (cs_test_json_field (root, "functions")), >, 0);
  json_object_put (root);
}

static void
test_regions (void)
{
  g_autofree char *dir_a = g_build_filename (tmpdir, "regions-a", NULL);
  g_autofree char *dir_b = g_build_filename (tmpdir, "regions-b", NULL);
  g_autofree char *a = NULL, *b = NULL;
  g_auto(CsTestOutput) r = { NULL, };
  const char *names[] = { "one", "two", "four" };
  json_object *root, *rows;

  if (!need_recordings ())
    return;
  g_assert_cmpint (g_mkdir_with_parents (dir_a, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (dir_b, 0755), ==, 0);
  a = cs_test_record_regions (cyclescope, regions_workload, dir_a, "ratio", "60");
  b = cs_test_record_regions (cyclescope, regions_workload, dir_b, "ratio", "60");
  r = diff ("--format", "json", a, b, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = parse_json (r.out);
  rows = cs_test_json_field (root, "regions");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      json_object *row = find_row (rows, names[i]);

      g_assert_nonnull (row);
      g_assert_cmpfloat (json_object_get_double (cs_test_json_field (row, "base_share")), >, 0);
      g_assert_cmpfloat (json_object_get_double (cs_test_json_field (row, "new_share")), >, 0);
      g_assert_cmpstr (json_object_get_string (cs_test_json_field (row, "verdict")), !=, "base-only");
      g_assert_cmpstr (json_object_get_string (cs_test_json_field (row, "verdict")), !=, "new-only");
    }
  /* four units of work against one */
  g_assert_cmpfloat (json_object_get_double (cs_test_json_field (find_row (rows, "four"), "new_share")), >,
                     2 * json_object_get_double (cs_test_json_field (find_row (rows, "one"), "new_share")));
  json_object_put (root);
}

static void
assert_fails (CsTestOutput *r,
              const char   *message)
{
  g_assert_cmpint (cs_test_output_exit_code (r), ==, 1);
  g_assert_nonnull (strstr (r->err, "cyclescope diff: "));
  if (strstr (r->err, message) == NULL)
    g_error ("expected “%s” in: %s", message, r->err);
  g_assert_cmpstr (r->out, ==, "");
}

static void
test_bad_inputs (void)
{
  g_autofree char *missing = g_build_filename (tmpdir, "missing.cyclescope", NULL);
  g_autofree char *text = g_build_filename (tmpdir, "notes.txt", NULL);
  g_auto(CsTestOutput) r1 = { NULL, }, r2 = { NULL, }, r3 = { NULL, }, r4 = { NULL, }, r5 = { NULL, };

  g_assert_true (g_file_set_contents (text, "not a recording\n", -1, NULL));
  r1 = diff (missing, missing, NULL);
  assert_fails (&r1, "missing.cyclescope");
  r2 = diff (text, text, NULL);
  assert_fails (&r2, "notes.txt");
  r3 = diff (text, NULL);
  assert_fails (&r3, "Usage: cyclescope diff BASE NEW");
  r4 = diff ("--sort", "size", text, text, NULL);
  assert_fails (&r4, "unknown sort key “size”");
  if (!need_recordings ())
    return;
  r5 = diff ("--event", "page-faults", base_bundle, new_bundle, NULL);
  assert_fails (&r5, "page-faults");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *base_dir = NULL, *new_dir = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 5);
  cyclescope = argv[1];
  regions_workload = argv[4];
  tmpdir = cs_test_mkdtemp ();
  base_dir = g_build_filename (tmpdir, "base", NULL);
  new_dir = g_build_filename (tmpdir, "new", NULL);
  base_bundle = cs_test_compare_record (cyclescope, argv[2], base_dir, "1", 1);
  if (base_bundle != NULL)
    {
      g_autofree char *recorded = cs_test_compare_record (cyclescope, argv[3], new_dir, "1", 1);

      if (recorded != NULL)
        {
          new_bundle = g_build_filename (new_dir, "new\x1b[31m.cyclescope", NULL);
          g_assert_cmpint (g_rename (recorded, new_bundle), ==, 0);
        }
    }

  g_test_add_func ("/cli/diff/text", test_text);
  g_test_add_func ("/cli/diff/json", test_json);
  g_test_add_func ("/cli/diff/csv", test_csv);
  g_test_add_func ("/cli/diff/options", test_options);
  g_test_add_func ("/cli/diff/same-twice", test_same_twice);
  g_test_add_func ("/cli/diff/regions", test_regions);
  g_test_add_func ("/cli/diff/bad-inputs", test_bad_inputs);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  return ret;
}
