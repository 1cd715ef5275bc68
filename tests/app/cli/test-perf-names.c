/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-names.c — report and annotate name symbols as perf report does
 *
 * Each case records a workload with perf at test time and compares what
 * `cyclescope report` / `annotate` say with `perf report`, readelf or
 * /proc/kallsyms on the same file: nothing expected comes from our own
 * output.
 *
 *   lost      the lost-sample count of a file with LOST and LOST_SAMPLES
 *             records for the same loss ("Total Lost Samples")
 *
 * Arguments (meson passes them, so that they are built first): CYCLESCOPE
 * READER-WORKLOAD. Exits 77 without perf.
 */
#include "config.h"

#include "cs-names-test-util.h"

static char *perf;
static char *cyclescope;
static char *reader_workload;
static char *tmpdir;

/* The number after @prefix in @text, which must be there. */
static guint64
number_after (const char *text,
              const char *prefix)
{
  const char *p = strstr (text, prefix);
  g_autofree char *digits = NULL;
  GString *s = g_string_new (NULL);

  if (p == NULL)
    g_error ("“%s” not found in:\n%s", prefix, text);
  for (p += strlen (prefix); *p == ' '; p++)
    ;
  for (; g_ascii_isdigit (*p) || *p == ','; p++)
    if (*p != ',')
      g_string_append_c (s, *p);
  digits = g_string_free (s, FALSE);
  g_assert_cmpuint (strlen (digits), >, 0);
  return g_ascii_strtoull (digits, NULL, 10);
}

/* Samples too big for the ring buffer are always lost: cpu-clock with
 * 64 KiB stack copies does not fit in one page, task-clock's small samples
 * do. perf record writes a LOST record per loss and, at the end, one
 * LOST_SAMPLES record with the total: the same samples twice. */
static void
test_lost (void)
{
  g_autofree char *file = g_build_filename (tmpdir, "lost.data", NULL);
  const char *args[] = { "-m", "1", "-e", "cpu-clock/call-graph=dwarf,stack-size=65528,freq=1000/",
                         "-e", "task-clock/freq=1000/", NULL };
  const char *cmd[] = { reader_workload, "300", "10", "1", NULL };
  const char *dump_args[] = { "report", "-D", "-i", file, NULL };
  const char *report_args[] = { "report", "-i", file, "--stdio", "--sort", "dso", NULL };
  const char *our_args[] = { "report", file, "--sort", "dso", NULL };
  const char *json_args[] = { "report", file, "--sort", "dso", "--format", "json", NULL };
  g_autofree char *dump = NULL;
  g_autofree char *report = NULL;
  g_autofree char *lost_text = NULL;
  g_autoptr(GHashTable) stats = NULL;
  CliResult ours, json;
  guint64 theirs;

  cs_names_record (perf, file, args, cmd, NULL);
  dump = cs_names_perf (perf, dump_args, NULL);
  stats = cs_perf_test_stats (dump);
  /* The case holds both kinds of record, for the same samples. */
  g_assert_cmpuint (cs_perf_test_stat (stats, "LOST"), >, 0);
  g_assert_cmpuint (cs_perf_test_stat (stats, "LOST_SAMPLES"), >, 0);

  report = cs_names_perf (perf, report_args, NULL);
  theirs = number_after (report, "# Total Lost Samples:");
  g_assert_cmpuint (theirs, >, 0);

  ours = cs_names_cli (cyclescope, our_args, NULL);
  g_assert_cmpint (ours.status, ==, 0);
  g_assert_cmpuint (number_after (ours.out, "# Lost samples:"), ==, theirs);
  json = cs_names_cli (cyclescope, json_args, NULL);
  g_assert_cmpint (json.status, ==, 0);
  lost_text = g_strdup_printf ("\"lost\": %" G_GUINT64_FORMAT, theirs);
  g_assert_nonnull (strstr (json.out, lost_text));
  cli_result_clear (&ours);
  cli_result_clear (&json);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-perf-names CYCLESCOPE READER-WORKLOAD");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  reader_workload = argv[2];
  g_test_add_func ("/perf-names/lost", test_lost);
  status = cs_test_run_with_tmpdir (&tmpdir);
  g_free (perf);
  return status;
}
