/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report-keys-perf.c — perf's sort keys and filters agree with perf
 *
 * timeline-workload (two processes, four threads that run at different
 * times, one thread renamed, two modules) is recorded with
 * `perf record -g --sample-cpu` at test time. For each case, `cyclescope
 * report --format csv` and `perf report -n --stdio -t ';'` run with the same
 * --sort and filters; the sample counts of perf's top 10 rows must be ours
 * within 1 %, and our top 10 rows must be perf's (rows of a sample or two,
 * under 0.2 % of the samples, tie for the last places and are left out).
 *
 * perf leaves out the column of a key its filter names by one value
 * (--comm X drops the comm column, --dso and --symbol likewise): those keys
 * are left out of ours for the comparison. perf applies --pid, --tid,
 * --comm, --dso and --symbol per row (a row shows whole or not at all, as
 * its first sample went), cyclescope per sample; the two agree when the
 * filtered value is one of the row's keys, which every case here has.
 *
 * Arguments (meson passes them): CYCLESCOPE TIMELINE-WORKLOAD
 * Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <json-c/json.h>

#include "cs-profile-test-util.h"
#include "cs-test-json.h"

#define TOP 10
/* rows under 0.2 % of the samples are not held to 1 % (see check_case()) */
#define FLOOR_PERMILLE 2

static char *perf;
static char *cyclescope;
static char *workload;
static char *tmpdir;
static char *data;
static char *child_pid;
static char *late_tid;
static char *middle;       /* --time START,STOP around the middle, as perf script prints times */
static char *busy_cpu;     /* the CPU with the most samples */

typedef struct
{
  const char *sort;
  const char *filter[3];   /* option, value; NULL-terminated */
  gboolean    children;
} Case;

typedef struct
{
  char    *key;
  guint64  samples;
} Row;

static void
row_free (gpointer p)
{
  Row *r = p;

  g_free (r->key);
  g_free (r);
}

/* The keys perf shows: those not named by a filter of one value. */
static GStrv
shown_keys (const Case *c)
{
  g_auto(GStrv) keys = g_strsplit (c->sort, ",", -1);
  GPtrArray *shown = g_ptr_array_new ();

  for (guint i = 0; keys[i] != NULL; i++)
    {
      const char *elide = g_str_equal (keys[i], "comm") ? "--comm"
                        : g_str_equal (keys[i], "dso") ? "--dso"
                        : g_str_equal (keys[i], "sym") ? "--symbol" : NULL;
      gboolean hidden = FALSE;

      for (guint f = 0; elide != NULL && c->filter[f] != NULL; f += 2)
        hidden = hidden || (g_str_equal (c->filter[f], elide) && strchr (c->filter[f + 1], ',') == NULL);
      if (!hidden)
        g_ptr_array_add (shown, g_strdup (keys[i]));
    }
  g_ptr_array_add (shown, NULL);
  return (GStrv) g_ptr_array_free (shown, FALSE);
}

/* A key's value as both sides are compared: a thread "tid:comm", a CPU as
 * a number, a symbol without "[.] ", a source line by its file's base name. */
static char *
normal (const char *key,
        const char *value)
{
  g_autofree char *v = g_strstrip (g_strdup (value));

  if (g_str_equal (key, "cpu"))
    return g_strdup_printf ("%d", atoi (v));
  if (g_str_equal (key, "sym") && (g_str_has_prefix (v, "[.] ") || g_str_has_prefix (v, "[k] ")))
    return g_strdup (g_strstrip (v + 4));
  /* Line 0 is DWARF's "no source line" (clang marks compiler-made code
   * so): perf prints it ":0" or "??:0", ours "??:0" */
  if (g_str_equal (key, "srcline") && g_str_has_suffix (v, ":0"))
    return g_strdup ("??:0");
  if (g_str_equal (key, "srcline"))
    return g_path_get_basename (v);
  return g_steal_pointer (&v);
}

static GPtrArray *
perf_rows (const Case *c,
           GStrv       keys)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);
  guint n_keys = g_strv_length (keys);
  /* Overhead [Self] Samples keys… */
  guint first = c->children ? 3 : 2;
  const char *fixed[] = { "report", "-i", data, "-n", "--stdio", "-g", "none", "-t", ";", "--sort", c->sort,
                          c->children ? "--children" : "--no-children", NULL };

  for (guint i = 0; fixed[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) fixed[i]);
  for (guint i = 0; c->filter[i] != NULL; i++)
    /* perf's spellings: --comms, --dsos, --symbols */
    g_ptr_array_add (args, (gpointer) (g_str_equal (c->filter[i], "--comm") ? "--comms"
                                       : g_str_equal (c->filter[i], "--dso") ? "--dsos"
                                       : g_str_equal (c->filter[i], "--symbol") ? "--symbols" : c->filter[i]));
  g_ptr_array_add (args, NULL);
  out = cs_perf_test_run (perf, (const char * const *) args->pdata);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      GString *key = g_string_new (NULL);
      Row *r;

      if (lines[i][0] == '#' || lines[i][0] == '\0' || strchr (lines[i], '%') == NULL)
        {
          g_string_free (key, TRUE);
          continue;
        }
      f = g_strsplit (lines[i], ";", -1);
      if (g_strv_length (f) != first + n_keys)
        g_error ("perf report --sort %s: unexpected row “%s”", c->sort, lines[i]);
      for (guint k = 0; k < n_keys; k++)
        {
          g_autofree char *v = normal (keys[k], f[first + k]);

          g_string_append_printf (key, "%s%s", k > 0 ? " | " : "", v);
        }
      r = g_new0 (Row, 1);
      r->samples = g_ascii_strtoull (g_strstrip (f[first - 1]), NULL, 10);
      r->key = g_string_free (key, FALSE);
      g_ptr_array_add (rows, r);
    }
  return rows;
}

/* Our CSV's columns of @key's value. */
static char *
our_value (GStrv       header,
           GStrv       f,
           const char *key)
{
  const char *column = g_str_equal (key, "sym") ? "symbol" : g_str_equal (key, "pid") ? "tid" : key;

  for (guint i = 0; header[i] != NULL; i++)
    if (g_str_equal (header[i], column))
      {
        if (g_str_equal (key, "pid"))
          return g_strdup_printf ("%s:%s", f[i], f[i + 1]);
        return normal (key, f[i]);
      }
  g_error ("no column %s in our CSV", column);
}

static GPtrArray *
our_rows (const Case *c,
          GStrv       keys)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);
  const char *fixed[] = { "report", data, "--format", "csv", "--limit", "0", "--sort", c->sort, NULL };
  CliResult res;
  guint samples_col = 0;

  for (guint i = 0; fixed[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) fixed[i]);
  if (c->children)
    g_ptr_array_add (args, "--children");
  for (guint i = 0; c->filter[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) c->filter[i]);
  g_ptr_array_add (args, NULL);
  res = cli_run (cyclescope, (const char * const *) args->pdata);
  if (res.status != 0)
    g_error ("cyclescope report --sort %s failed (%d): %s", c->sort, res.status, res.err);
  lines = g_strsplit (res.out, "\n", -1);
  header = csv_split (lines[0]);
  for (guint i = 0; header[i] != NULL; i++)
    if (g_str_equal (header[i], "samples"))
      samples_col = i;
  g_assert_cmpuint (samples_col, >, 0);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) f = csv_split (lines[i]);
      GString *key = g_string_new (NULL);
      Row *r = g_new0 (Row, 1);

      for (guint k = 0; keys[k] != NULL; k++)
        {
          g_autofree char *v = our_value (header, f, keys[k]);

          g_string_append_printf (key, "%s%s", k > 0 ? " | " : "", v);
        }
      r->samples = g_ascii_strtoull (f[samples_col], NULL, 10);
      r->key = g_string_free (key, FALSE);
      g_ptr_array_add (rows, r);
    }
  cli_result_clear (&res);
  return rows;
}

/* perf cuts a name to its column's width now and then ("timeline-worklo"
 * as "timeline"): a value of perf's that is the beginning of ours, eight
 * characters or more, is ours. */
static gboolean
same_value (const char *ours,
            const char *theirs)
{
  return g_str_equal (ours, theirs) || (strlen (theirs) >= 8 && g_str_has_prefix (ours, theirs));
}

static gboolean
same_key (const char *ours,
          const char *theirs)
{
  g_auto(GStrv) a = g_strsplit (ours, " | ", -1);
  g_auto(GStrv) b = g_strsplit (theirs, " | ", -1);

  if (g_strv_length (a) != g_strv_length (b))
    return FALSE;
  for (guint i = 0; a[i] != NULL; i++)
    if (!same_value (a[i], b[i]))
      return FALSE;
  return TRUE;
}

/* The row of @rows whose key is @key; @rows_are_ours: which side @rows is. */
static const Row *
find_row (GPtrArray  *rows,
          const char *key,
          gboolean    rows_are_ours)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *r = rows->pdata[i];

      if (rows_are_ours ? same_key (r->key, key) : same_key (key, r->key))
        return r;
    }
  return NULL;
}

static gboolean
close_enough (guint64 ours,
              guint64 theirs)
{
  guint64 diff = ours > theirs ? ours - theirs : theirs - ours;

  return diff * 100 <= theirs;
}

static void
check_case (gconstpointer data_)
{
  const Case *c = data_;
  g_auto(GStrv) keys = shown_keys (c);
  g_autoptr(GPtrArray) theirs = perf_rows (c, keys);
  g_autoptr(GPtrArray) ours = our_rows (c, keys);
  guint64 total = 0;

  g_test_message ("--sort %s%s %s %s: perf %u rows, ours %u", c->sort, c->children ? " --children" : "",
                  c->filter[0] ? c->filter[0] : "", c->filter[1] ? c->filter[1] : "", theirs->len, ours->len);
  g_assert_cmpuint (theirs->len, >, 0);
  for (guint i = 0; i < theirs->len; i++)
    total += ((const Row *) theirs->pdata[i])->samples;
  for (guint i = 0; i < MIN (TOP, theirs->len); i++)
    {
      const Row *t = theirs->pdata[i];
      const Row *o = find_row (ours, t->key, TRUE);

      /* Rows of a sample or two (an interrupt in the kernel) tie for the
       * last places, and a kernel address near a symbol's end is a
       * question for the symbolizer: below the floor rows are not held to
       * 1 %. */
      if (t->samples * 1000 < total * FLOOR_PERMILLE)
        {
          g_test_message ("below the floor: perf's row “%s” (%" G_GUINT64_FORMAT ")", t->key, t->samples);
          continue;
        }
      /* perf names the vDSO's code from its build-id cache copy, the
       * symbolizer does not read that copy yet ("[vdso]+0x…"): a symbol
       * question, not a filter's */
      if (o == NULL && strstr (t->key, "vdso") != NULL)
        {
          g_test_message ("left out: perf's row “%s”", t->key);
          continue;
        }
      if (o == NULL)
        g_error ("--sort %s: perf's row %u “%s” (%" G_GUINT64_FORMAT " samples) is not ours", c->sort, i,
                 t->key, t->samples);
      if (!close_enough (o->samples, t->samples))
        g_error ("--sort %s: row “%s” has %" G_GUINT64_FORMAT " samples, perf %" G_GUINT64_FORMAT, c->sort,
                 t->key, o->samples, t->samples);
    }
  for (guint i = 0; i < MIN (TOP, ours->len); i++)
    {
      const Row *o = ours->pdata[i];

      /* (rows that perf's --children table lists have any samples) */
      if (find_row (theirs, o->key, FALSE) == NULL && (o->samples > 0 || !c->children) &&
          strstr (o->key, "[vdso]") == NULL && o->samples * 1000 >= total * FLOOR_PERMILLE)
        g_error ("--sort %s: our row %u “%s” (%" G_GUINT64_FORMAT " samples) is not perf's", c->sort, i,
                 o->key, o->samples);
    }
}

static char *
run_ok (const char * const *args)
{
  CliResult res = cli_run (cyclescope, args);
  char *out;

  if (res.status != 0)
    g_error ("cyclescope %s failed (%d): %s", args[0], res.status, res.err);
  out = g_steal_pointer (&res.out);
  cli_result_clear (&res);
  return out;
}

static char *first_time, *last_time;   /* perf script's, as printed */

/* The summary of a plain perf.data: duration from the first to the last
 * sample as perf script prints their times, threads and processes. */
static void
test_summary (void)
{
  const char *args[] = { "report", data, "--sort", "comm", NULL };
  g_autofree char *out = run_ok (args);
  double duration = g_ascii_strtod (last_time, NULL) - g_ascii_strtod (first_time, NULL);
  g_autofree char *want = g_strdup_printf ("# Duration: %.3f s", duration);

  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, want));
  g_assert_nonnull (strstr (out, "# Threads: 4 in 2 processes"));
  g_assert_nonnull (strstr (out, "timeline-workload 800"));
  g_assert_null (strstr (out, "Duration: —"));
}

static void
test_json (void)
{
  const char *args[] = { "report", data, "--format", "json", "--sort", "comm,cpu", "--time", "20%-60%", NULL };
  g_autofree char *out = run_ok (args);
  json_object *root = cs_test_json_parse (out);
  json_object *profile, *summary, *events, *rows, *v;
  guint64 total = 0;

  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "profile", &profile));
  g_assert_true (json_object_object_get_ex (profile, "summary", &summary));
  g_assert_true (json_object_object_get_ex (summary, "threads", &v));
  g_assert_cmpint (json_object_get_int (v), ==, 4);
  g_assert_true (json_object_object_get_ex (profile, "selected_samples", &v));
  g_assert_true (json_object_object_get_ex (profile, "events", &events));
  rows = json_object_object_get (json_object_array_get_idx (events, 0), "rows");
  for (size_t i = 0; i < json_object_array_length (rows); i++)
    {
      json_object *row = json_object_array_get_idx (rows, i);

      g_assert_nonnull (json_object_object_get (row, "comm"));
      g_assert_nonnull (json_object_object_get (row, "cpu"));
      total += (guint64) json_object_get_int64 (json_object_object_get (row, "samples"));
    }
  /* every selected sample is in some row */
  g_assert_cmpuint (total, ==, (guint64) json_object_get_int64 (v));
  g_assert_cmpuint (total, >, 0);
  json_object_put (root);
}

static void
test_errors (void)
{
  const struct
  {
    const char *option;
    const char *value;
    const char *says;
  } cases[] = {
    { "--time", "5,3", "--time" },
    { "--time", "120%-130%", "--time" },
    { "--sort", "pid,bogus", "bogus" },
    { "--cpu", "2-1", "--cpu" },
    { "--pid", "x", "--pid" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[] = { "report", data, cases[i].option, cases[i].value, NULL };
      CliResult res = cli_run (cyclescope, args);

      g_assert_cmpint (res.status, ==, 1);
      g_assert_nonnull (strstr (res.err, cases[i].says));
      cli_result_clear (&res);
    }
  {
    const char *args[] = { "report", data, "--children", "--sort", "pid,sym", NULL };
    CliResult res = cli_run (cyclescope, args);

    g_assert_cmpint (res.status, ==, 1);
    g_assert_nonnull (strstr (res.err, "--children"));
    cli_result_clear (&res);
  }
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  double x = g_ascii_strtod (*(char * const *) a, NULL), y = g_ascii_strtod (*(char * const *) b, NULL);

  return x < y ? -1 : x > y;
}

/* The pid of the child and the tid of tl-late, and a --time window around
 * the middle, from `perf script`. */
static void
read_ids (void)
{
  const char *args[] = { "script", "-i", data, "-F", "pid,tid,comm,cpu,time", "-G", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr(GPtrArray) times = g_ptr_array_new ();
  g_autoptr(GRegex) re = g_regex_new ("^\\s*(\\S+)\\s+(\\d+)/(\\d+)\\s+\\[(\\d+)\\]\\s+([0-9.]+):", 0, 0, NULL);
  guint per_cpu[64] = { 0 }, busiest = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GMatchInfo) m = NULL;
      g_autofree char *comm = NULL;

      if (!g_regex_match (re, lines[i], 0, &m))
        continue;
      comm = g_match_info_fetch (m, 1);
      if (g_str_equal (comm, "tl-child") && child_pid == NULL)
        child_pid = g_match_info_fetch (m, 2);
      if (g_str_equal (comm, "tl-late") && late_tid == NULL)
        late_tid = g_match_info_fetch (m, 3);
      {
        g_autofree char *cpu = g_match_info_fetch (m, 4);

        per_cpu[MIN (atoi (cpu), 63)]++;
      }
      g_ptr_array_add (times, g_match_info_fetch (m, 5));
    }
  for (guint c = 1; c < G_N_ELEMENTS (per_cpu); c++)
    if (per_cpu[c] > per_cpu[busiest])
      busiest = c;
  busy_cpu = g_strdup_printf ("%u", busiest);
  g_assert_nonnull (child_pid);
  g_assert_nonnull (late_tid);
  g_assert_cmpuint (times->len, >, 100);
  g_ptr_array_sort (times, compare_times);
  middle = g_strdup_printf ("%s,%s", (char *) times->pdata[times->len * 3 / 10],
                            (char *) times->pdata[times->len * 6 / 10]);
  first_time = g_strdup (times->pdata[0]);
  last_time = g_strdup (times->pdata[times->len - 1]);
  g_ptr_array_foreach (times, (GFunc) g_free, NULL);
}

int
main (int    argc,
      char **argv)
{
  static Case cases[] = {
    { "pid", { NULL } },
    { "comm", { NULL } },
    { "cpu", { NULL } },
    { "comm,dso,sym", { NULL } },
    { "pid,sym", { NULL } },
    { "cpu,comm", { NULL } },
    { "sym,comm,cpu", { NULL } },
    { "dso,pid", { NULL } },
    { "dso,sym", { "--time", "20%-60%", NULL } },
    { "comm,sym", { "--time", NULL, NULL } },           /* the middle, absolute */
    { "pid,dso", { "--pid", NULL, NULL } },             /* the child */
    { "pid,sym", { "--tid", NULL, NULL } },             /* tl-late */
    { "comm,dso,sym", { "--comm", "tl-late", NULL } },
    { "comm,sym", { "--comm", "tl-main,tl-child", NULL } },
    { "cpu,sym", { "--cpu", NULL, NULL } },            /* the busiest */
    { "dso,sym", { "--dso", "libtlwork.so", NULL } },
    { "sym", { "--symbol", "tl_lib_spin,late_step", NULL } },
    { "comm,srcline", { "--dso", "timeline-workload", NULL } },
    { "sym", { "--time", "10%-50%", NULL }, TRUE },
    { "dso", { "--cpu", NULL, NULL }, TRUE },           /* the busiest */
  };
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-report-keys-perf CYCLESCOPE TIMELINE-WORKLOAD");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  data = g_build_filename (tmpdir, "timeline.data", NULL);
  {
    const char *args[] = { "-g", "--sample-cpu", "-F", "4000", "-e", "cpu-clock", NULL };
    const char *cmd[] = { workload, "800", NULL };

    profile_record (perf, data, args, cmd);
  }
  read_ids ();
  cases[9].filter[1] = middle;
  cases[10].filter[1] = child_pid;
  cases[11].filter[1] = late_tid;
  cases[14].filter[1] = busy_cpu;
  cases[19].filter[1] = busy_cpu;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/report-keys-perf/%u-%s%s%s", i, cases[i].sort,
                                               cases[i].filter[0] ? cases[i].filter[0] : "",
                                               cases[i].children ? "-children" : "");

      g_strdelimit (path + 1, ",", '+');
      g_test_add_data_func (path, &cases[i], check_case);
    }
  g_test_add_func ("/report-keys-perf/summary", test_summary);
  g_test_add_func ("/report-keys-perf/json", test_json);
  g_test_add_func ("/report-keys-perf/errors", test_errors);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (data);
  g_free (perf);
  return status;
}
