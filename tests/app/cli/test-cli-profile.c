/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-profile.c — `cyclescope report` sort keys and formats on a
 * perf.data, `cyclescope annotate`, and damaged files
 *
 * Runs the built program on a recording of profile-workload made with perf
 * at test time. Expected facts come from the workload's source (its
 * functions and files), from perf's header and from the bytes written into
 * the damaged copies.
 *
 * Arguments (meson passes them): CYCLESCOPE PROFILE-WORKLOAD CS-SYMTEST.
 * Exits 77 without perf.
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <unistd.h>

#include "cs-profile-test-util.h"
#include "cs-test-json.h"

static char *perf;
static char *cyclescope;
static char *workload;
static char *tmpdir;
static char *data;

static CliResult
run (const char *first,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return cli_run (cyclescope, (const char * const *) args->pdata);
}

static json_object *
parse_ok (CliResult *r)
{
  json_object *root;

  if (r->status != 0)
    g_error ("exit %d: %s", r->status, r->err);
  root = cs_test_json_parse (r->out);
  g_assert_nonnull (root);
  return root;
}

static double
sum_percent (json_object *rows)
{
  double sum = 0;

  for (size_t i = 0; i < json_object_array_length (rows); i++)
    sum += json_object_get_double (json_object_object_get (json_object_array_get_idx (rows, i), "percent"));
  return sum;
}

static json_object *
first_event_rows (json_object *root)
{
  json_object *profile = json_object_object_get (root, "profile");
  json_object *events = json_object_object_get (profile, "events");

  g_assert_cmpuint (json_object_array_length (events), ==, 1);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (events, 0), "name")),
                   ==, "cpu-clock");
  return json_object_object_get (json_object_array_get_idx (events, 0), "rows");
}

static void
test_sort_keys (void)
{
  CliResult r;
  json_object *root, *rows;
  g_auto(GStrv) lines = NULL;
  gboolean saw_exe = FALSE, saw_lib = FALSE;

  /* dso: every module, adding up to 100 % */
  r = run ("report", data, "--sort", "dso", "--format", "json", "--limit", "0", NULL);
  root = parse_ok (&r);
  rows = first_event_rows (root);
  g_assert_cmpfloat (fabs (sum_percent (rows) - 100), <, 1e-6);
  for (size_t i = 0; i < json_object_array_length (rows); i++)
    {
      const char *dso = json_object_get_string (json_object_object_get (json_object_array_get_idx (rows, i), "dso"));

      saw_exe |= g_str_equal (dso, "profile-workload");
      saw_lib |= g_str_equal (dso, "libcsprofwork.so");
    }
  g_assert_true (saw_exe && saw_lib);
  json_object_put (root);
  cli_result_clear (&r);

  /* sym: the workload's four functions lead, in no more rows than asked */
  r = run ("report", data, "--sort", "sym", "--format", "json", "--limit", "4", NULL);
  root = parse_ok (&r);
  rows = first_event_rows (root);
  g_assert_cmpuint (json_object_array_length (rows), ==, 4);
  for (size_t i = 0; i < 4; i++)
    {
      const char *sym = json_object_get_string (json_object_object_get (json_object_array_get_idx (rows, i), "symbol"));

      g_assert_true (g_str_equal (sym, "exe_hash") || g_str_equal (sym, "exe_divide") ||
                     g_str_equal (sym, "csprof_lib_mix") || g_str_equal (sym, "csprof_lib_poly"));
    }
  g_assert_cmpfloat (sum_percent (rows), >, 90);
  json_object_put (root);
  cli_result_clear (&r);

  /* srcline: lines of the workload's two source files */
  r = run ("report", data, "--sort", "srcline", "--format", "csv", "--limit", "0", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "event,percent,samples,period,srcline,dso,symbol");
  {
    double sum = 0, in_sources = 0;

    for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
      {
        g_auto(GStrv) f = csv_split (lines[i]);
        double pct = g_ascii_strtod (f[1], NULL);

        sum += pct;
        if (strstr (f[4], "profile-workload.c:") != NULL || strstr (f[4], "profile-workload-lib.c:") != NULL)
          in_sources += pct;
      }
    g_assert_cmpfloat (fabs (sum - 100), <, 1e-6);
    g_assert_cmpfloat (in_sources, >, 90);
  }
  cli_result_clear (&r);

  /* text, the default sort (dso,sym) */
  r = run ("report", data, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Shared Object"));
  g_assert_nonnull (strstr (r.out, "[.] exe_hash"));
  g_assert_nonnull (strstr (r.out, "Event cpu-clock"));
  cli_result_clear (&r);
}

static void
test_bad_options (void)
{
  CliResult r = run ("report", data, "--event", "cycles", NULL);

  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "cycles"));
  g_assert_nonnull (strstr (r.err, "cpu-clock"));  /* names what was sampled */
  cli_result_clear (&r);

  /* (comm is a key now: the thread's name) */
  r = run ("report", data, "--sort", "comm,parent", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "parent"));
  g_assert_nonnull (strstr (r.err, "pid, comm, cpu"));
  cli_result_clear (&r);

  r = run ("report", data, "--event", "cpu-clock", "--format", "csv", "--limit", "2", NULL);
  g_assert_cmpint (r.status, ==, 0);
  {
    g_auto(GStrv) lines = g_strsplit (r.out, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 4);  /* header, 2 rows, "" */
  }
  cli_result_clear (&r);
}

static void
test_annotate (void)
{
  CliResult r = run ("annotate", data, "exe_hash", "--format", "json", NULL);
  json_object *root = parse_ok (&r);
  json_object *lines = json_object_object_get (root, "lines");
  json_object *insns = json_object_object_get (root, "instructions");
  gint64 samples = json_object_get_int64 (json_object_object_get (root, "samples"));
  gint64 line_sum = 0, insn_sum = 0;
  gboolean source_shown = FALSE;

  g_assert_cmpint (samples, >, 0);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_object_get (root, "symbol"), "dso")),
                   ==, "profile-workload");
  for (size_t i = 0; i < json_object_array_length (lines); i++)
    {
      json_object *l = json_object_array_get_idx (lines, i);
      const char *src = json_object_get_string (json_object_object_get (l, "source"));

      line_sum += json_object_get_int64 (json_object_object_get (l, "samples"));
      g_assert_true (g_str_has_suffix (json_object_get_string (json_object_object_get (l, "file")),
                                       "profile-workload.c"));
      /* the loop of exe_hash() is in the source tree, so its text shows
       * (its body's line, or in a coverage build, where the counters'
       * updates take most samples, the loop's own line) */
      if (src != NULL && (strstr (src, "6364136223846793005ULL") != NULL || strstr (src, "i < n; i++") != NULL))
        source_shown = TRUE;
    }
  for (size_t i = 0; i < json_object_array_length (insns); i++)
    {
      json_object *o = json_object_array_get_idx (insns, i);

      g_assert_nonnull (json_object_get_string (json_object_object_get (o, "text")));
      insn_sum += json_object_get_int64 (json_object_object_get (o, "samples"));
    }
  g_assert_cmpint (line_sum, ==, samples);
  g_assert_cmpint (insn_sum, ==, samples);
  g_assert_true (source_shown);
  json_object_put (root);
  cli_result_clear (&r);

  r = run ("annotate", data, "csprof_lib_mix", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Source lines"));
  g_assert_nonnull (strstr (r.out, "Instructions"));
  g_assert_nonnull (strstr (r.out, "libcsprofwork.so"));
  cli_result_clear (&r);

  r = run ("annotate", data, "no_such_function", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "no_such_function"));
  g_assert_nonnull (strstr (r.err, "exe_hash"));  /* the hottest are suggested */
  cli_result_clear (&r);
}

/* A bundle recorded by our own collector: the counting report as before,
 * then the sample tables (text), or the "profile" member (JSON). */
static void
test_bundle (void)
{
  g_autofree char *bundle = g_build_filename (tmpdir, "workload.cyclescope", NULL);
  CliResult r = run ("record", "-F", "2000", "--repeat", "2", "-o", bundle, "--", workload, "2", "100", NULL);
  json_object *root, *rows;

  if (r.status != 0)
    {
      g_test_skip ("cyclescope record does not work here");
      cli_result_clear (&r);
      return;
    }
  cli_result_clear (&r);

  r = run ("report", bundle, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "== Whole program =="));
  g_assert_nonnull (strstr (r.out, "# Event "));
  g_assert_true (strstr (r.out, "== Whole program ==") < strstr (r.out, "# Event "));
  g_assert_nonnull (strstr (r.out, "[.] exe_hash"));
  cli_result_clear (&r);

  r = run ("report", bundle, "--format", "json", "--sort", "dso", NULL);
  root = parse_ok (&r);
  g_assert_nonnull (json_object_object_get (root, "scopes"));
  rows = json_object_object_get (json_object_array_get_idx (
           json_object_object_get (json_object_object_get (root, "profile"), "events"), 0), "rows");
  g_assert_cmpfloat (fabs (sum_percent (rows) - 100), <, 1e-6);
  json_object_put (root);
  cli_result_clear (&r);

  /* CSV: the counting table, an empty line, the sample table */
  r = run ("report", bundle, "--format", "csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "scope,region,metric,"));
  g_assert_nonnull (strstr (r.out, "\n\nevent,percent,samples,period,dso,symbol,"));
  cli_result_clear (&r);

  r = run ("annotate", bundle, "exe_hash", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Instructions"));
  cli_result_clear (&r);
}

/* A copy of the recording with @len bytes of @bytes written at @at (or cut
 * to @cut bytes when @bytes is NULL). */
static char *
damaged_copy (const char   *name,
              gsize         at,
              const guint8 *bytes,
              gsize         len,
              gsize         cut)
{
  g_autofree char *contents = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);
  gsize size = 0;

  g_assert_true (g_file_get_contents (data, &contents, &size, NULL));
  if (bytes != NULL)
    {
      g_assert_cmpuint (at + len, <=, size);
      memcpy (contents + at, bytes, len);
    }
  else
    size = MIN (size, cut);
  g_assert_true (g_file_set_contents (path, contents, size, NULL));
  return path;
}

static void
expect_damage (const char *path)
{
  const char *verbs[] = { "report", "annotate" };

  for (guint v = 0; v < G_N_ELEMENTS (verbs); v++)
    {
      CliResult r = g_str_equal (verbs[v], "report") ? run ("report", path, NULL)
                                                     : run ("annotate", path, "exe_hash", NULL);

      /* exit 1 with a message, never a crash (status -1) */
      if (r.status != 1 || strstr (r.err, "offset") == NULL)
        g_error ("%s %s: exit %d, stderr: %s", verbs[v], path, r.status, r.err);
      g_assert_nonnull (strstr (r.err, path));
      cli_result_clear (&r);
    }
}

/* The symbol of the first user-space row of a report's table
 * ("  99.60%  78,161  module  [.] NAME"), or NULL. */
static char *
first_symbol (const char *report)
{
  g_auto(GStrv) lines = g_strsplit (report, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *mark = strstr (lines[i], "[.] ");

      if (lines[i][0] != '#' && mark != NULL)
        return g_strstrip (g_strdup (mark + 4));
    }
  return NULL;
}

/* "# Event NAME: 12,345 samples, …" of a report: the first event's count. */
static guint64
report_samples (const char *report)
{
  const char *event = strstr (report, "# Event ");
  const char *colon = event != NULL ? strchr (event, ':') : NULL;
  const char *p;
  guint64 n = 0;

  g_assert_nonnull (colon);
  for (p = colon + 1; *p == ' '; p++)
    ;
  for (; g_ascii_isdigit (*p) || *p == ','; p++)
    if (*p != ',')
      n = n * 10 + (guint64) (*p - '0');
  return n;
}

static guint64
whole_samples (void)
{
  CliResult r = run ("report", data, NULL);
  guint64 n;

  g_assert_cmpint (r.status, ==, 0);
  n = report_samples (r.out);
  cli_result_clear (&r);
  g_assert_cmpuint (n, >, 0);
  return n;
}

/* Damaged after some samples: the tables of what precedes the damage (fewer
 * samples than the whole file has), a warning on standard error naming the
 * file, the report's own warning naming the byte offset and the count; the
 * hottest symbol of what was read can be annotated. */
static void
expect_partial (const char *path)
{
  CliResult r = run ("report", path, NULL);
  g_autofree char *symbol = NULL;
  const char *count;
  guint64 n_read;

  if (r.status != 0)
    g_error ("report %s: exit %d, stderr: %s", path, r.status, r.err);
  g_assert_nonnull (strstr (r.err, "warning:"));
  g_assert_nonnull (strstr (r.err, path));
  g_assert_nonnull (strstr (r.out, "byte offset"));
  count = strstr (r.out, "The tables show the ");
  g_assert_nonnull (count);
  n_read = g_ascii_strtoull (count + strlen ("The tables show the "), NULL, 10);
  g_assert_cmpuint (n_read, >, 0);
  g_assert_cmpuint (n_read, <, whole_samples ());
  symbol = first_symbol (r.out);
  g_assert_nonnull (symbol);
  cli_result_clear (&r);

  r = run ("annotate", path, symbol, NULL);
  if (r.status != 0)
    g_error ("annotate %s %s: exit %d, stderr: %s", path, symbol, r.status, r.err);
  g_assert_nonnull (strstr (r.err, "warning:"));
  g_assert_nonnull (strstr (r.out, "Instructions"));
  cli_result_clear (&r);
}

static void
test_damaged_files (void)
{
  g_autofree char *contents = NULL;
  g_autofree char *header = NULL;
  g_autofree char *middle = NULL;
  g_autofree char *zero_attr = NULL;
  g_autofree char *zero_record = NULL;
  g_autofree char *past_end = NULL;
  gsize size = 0;
  guint64 data_offset, data_size;
  const guint8 zero64[8] = { 0 };
  const guint8 zero16[2] = { 0 };
  const guint8 huge16[2] = { 0xf0, 0xff };

  g_assert_true (g_file_get_contents (data, &contents, &size, NULL));
  /* perf_file_header: magic, size, attr_size, attrs {offset, size}, data {offset, size} */
  memcpy (&data_offset, contents + 40, 8);
  memcpy (&data_size, contents + 48, 8);
  g_assert_cmpuint (data_offset + data_size, <=, size);

  header = damaged_copy ("header.data", 0, NULL, 0, 20);
  expect_damage (header);
  middle = damaged_copy ("middle.data", 0, NULL, 0, data_offset + data_size / 2 + 3);
  expect_partial (middle);
  zero_attr = damaged_copy ("attr-size-0.data", 16, zero64, 8, 0);
  expect_damage (zero_attr);
  /* the first record's size (bytes 6..7 of its header) set to 0, then to
   * more than is left of the data section */
  zero_record = damaged_copy ("record-size-0.data", data_offset + 6, zero16, 2, 0);
  expect_damage (zero_record);
  past_end = damaged_copy ("record-past-end.data", 0, NULL, 0, data_offset + 6);
  expect_damage (past_end);
  {
    /* the first record claims 65 520 bytes of a file cut 4 KiB later */
    g_autofree char *huge = damaged_copy ("record-huge.data", data_offset + 6, huge16, 2, 0);

    g_assert_true (truncate (huge, data_offset + 4096) == 0);
    expect_damage (huge);
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-cli-profile CYCLESCOPE PROFILE-WORKLOAD");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  data = g_build_filename (tmpdir, "workload.data", NULL);
  {
    const char *rec[] = { "-F", "5000", "-e", "cpu-clock", NULL };
    const char *cmd[] = { workload, "2", "150", NULL };

    profile_record (perf, data, rec, cmd);
  }

  g_test_add_func ("/cli-profile/sort-keys", test_sort_keys);
  g_test_add_func ("/cli-profile/bad-options", test_bad_options);
  g_test_add_func ("/cli-profile/annotate", test_annotate);
  g_test_add_func ("/cli-profile/damaged-files", test_damaged_files);
  g_test_add_func ("/cli-profile/bundle", test_bundle);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  return status;
}
