/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-writer-perf.c — perf itself is the oracle for our perf.data
 *
 * Records the hot loop with the sampler, then asks the real perf tool: the
 * file must open in `perf report` without complaints and name cs_hot_loop
 * first, `perf script` must see as many samples as the sampler counted, the
 * header must show our HOSTNAME/OSRELEASE/CMDLINE, and --regs samples must
 * carry the user registers; samples stamped with CLOCK_MONOTONIC (record
 * --regions) carry the clock in the header, so that perf names it and
 * converts their times to the time of day. Skips (exit 77) when perf is not
 * installed.
 */
#include "config.h"

#include "cs-sampler.h"
#include "cs-test-sampling.h"

static char *perf;
static char *tmpdir;

static char *
run_perf (const char * const *args,
          char              **err_out)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL;
  char *out;
  int status = 0;

  g_ptr_array_add (argv, perf);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  out = cs_test_run ((const char * const *) argv->pdata, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("perf %s failed: %s", args[0], err);
  /* perf says so when it distrusts a file, even when it exits 0. */
  g_assert_null (g_strstr_len (err, -1, "corrupt"));
  g_assert_null (g_strstr_len (err, -1, "failed"));
  g_assert_null (g_strstr_len (err, -1, "Can't"));
  g_assert_null (g_strstr_len (out, -1, "corrupt"));
  if (err_out != NULL)
    *err_out = g_steal_pointer (&err);
  return out;
}

static guint
count_lines_containing (const char *text,
                        const char *needle)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0' && (needle == NULL || strstr (lines[i], needle) != NULL))
      n++;
  return n;
}

static void
test_report (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "hot.data", NULL);
  g_autofree char *program = cs_test_hot_loop_path ();
  g_autofree char *report = NULL;
  g_autofree char *script = NULL;
  g_autofree char *header = NULL;
  g_autofree char *hostname = NULL;
  g_autofree char *release = NULL;
  g_autofree char *expect = NULL;
  const char *cmdline[] = { "cyclescope", "record", "-F", "1000", "--", program, NULL };
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplerStats stats;
  g_auto(GStrv) lines = NULL;
  const char *top = NULL;

  cs_test_record_hot_loop (path, "1.0", "1", &options, cmdline, &stats);
  g_assert_cmpuint (stats.n_samples, >, 0);

  {
    const char *args[] = { "report", "--stdio", "--sort", "sym", "-i", path, NULL };
    report = run_perf (args, NULL);
  }
  lines = g_strsplit (report, "\n", -1);
  for (guint i = 0; lines[i] != NULL && top == NULL; i++)
    if (lines[i][0] != '#' && *g_strstrip (lines[i]) != '\0')
      top = lines[i];
  g_test_message ("perf report's top line: %s", top);
  g_assert_nonnull (top);
  g_assert_nonnull (strstr (top, "cs_hot_loop"));

  {
    const char *args[] = { "script", "-F", "ip", "-i", path, NULL };
    script = run_perf (args, NULL);
  }
  g_assert_cmpuint (count_lines_containing (script, NULL), ==, stats.n_samples);

  {
    const char *args[] = { "report", "--header-only", "-i", path, NULL };
    header = run_perf (args, NULL);
  }
  g_assert_true (g_file_get_contents ("/proc/sys/kernel/hostname", &hostname, NULL, NULL));
  g_assert_true (g_file_get_contents ("/proc/sys/kernel/osrelease", &release, NULL, NULL));
  expect = g_strdup_printf ("# hostname : %s", g_strstrip (hostname));
  g_assert_nonnull (strstr (header, expect));
  g_free (expect);
  expect = g_strdup_printf ("# os release : %s", g_strstrip (release));
  g_assert_nonnull (strstr (header, expect));
  g_free (expect);
  expect = g_strdup_printf ("# cmdline : cyclescope record -F 1000 -- %s", program);
  g_assert_nonnull (strstr (header, expect));
  g_assert_nonnull (strstr (header, "# arch : "));
  g_assert_nonnull (strstr (header, "# nrcpus online : "));
  g_assert_nonnull (strstr (header, "# cpudesc : "));
  g_assert_nonnull (strstr (header, "# event : name = cpu-clock"));
}

static void
test_regs (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "regs.data", NULL);
  g_autofree char *script = NULL;
  CsSamplerOptions options = { .frequency = 1000, .user_regs = TRUE, .callchain = TRUE };
  CsSamplerStats stats;
  /* Registers perf names for our mask: AX..SS and R8..R15. */
  static const char * const names[] = {
    "AX:", "BX:", "CX:", "DX:", "SI:", "DI:", "BP:", "SP:", "IP:", "FLAGS:", "CS:", "SS:",
    "R8:", "R9:", "R10:", "R11:", "R12:", "R13:", "R14:", "R15:",
  };

  cs_test_record_hot_loop (path, "0.3", "1", &options, NULL, &stats);
  g_assert_cmpuint (stats.n_samples, >, 0);

  {
    const char *args[] = { "script", "-F", "ip,uregs", "-i", path, NULL };
    script = run_perf (args, NULL);
  }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *needle = g_strdup_printf (" %s0x", names[i]);

      g_assert_cmpuint (count_lines_containing (script, needle), ==, stats.n_samples);
    }
  g_assert_cmpuint (count_lines_containing (script, " DS:"), ==, 0);
}

static void
test_two_events (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "two.data", NULL);
  g_autofree char *script = NULL;
  g_autoptr(CsTestPerfData) data = NULL;
  CsSamplerStats stats;
  guint per_attr[3];

  data = cs_test_record_two_clocks (path, "0.5", per_attr, &stats);
  g_assert_cmpuint (per_attr[0], ==, 0);

  /* perf attributes each sample to the event our EVENT_DESC names. */
  {
    const char *args[] = { "script", "-F", "event", "-i", path, NULL };
    script = run_perf (args, NULL);
  }
  g_assert_cmpuint (count_lines_containing (script, "cpu-clock"), ==, per_attr[1]);
  g_assert_cmpuint (count_lines_containing (script, "task-clock"), ==, per_attr[2]);
  g_assert_cmpuint (per_attr[1] + per_attr[2], ==, stats.n_samples);
}

/* `perf script -F tod`'s "YYYY-MM-DD HH:MM:SS.uuuuuu" in µs since the epoch
 * (perf prints local time). */
static gint64
parse_tod (const char *line)
{
  int y, mo, d, h, mi, s, us;
  g_autoptr(GDateTime) t = NULL;

  g_assert_cmpint (sscanf (line, "%d-%d-%d %d:%d:%d.%d", &y, &mo, &d, &h, &mi, &s, &us), ==, 7);
  t = g_date_time_new_local (y, mo, d, h, mi, s);
  g_assert_nonnull (t);
  return g_date_time_to_unix (t) * G_USEC_PER_SEC + us;
}

static void
test_clock (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "mono.data", NULL);
  g_autofree char *header = NULL;
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;
  struct perf_event_attr attr = cs_test_cpu_clock_attr ();
  CsSamplerEvent event = { &attr, "cpu-clock" };
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplerStats stats;
  gint64 before, after;
  guint n = 0;

  attr.use_clockid = 1;
  attr.clockid = CLOCK_MONOTONIC;
  before = g_get_real_time ();
  cs_test_record_hot_loop_events (path, "0.3", "1", &event, 1, &options, NULL, &stats);
  after = g_get_real_time ();
  g_assert_cmpuint (stats.n_samples, >, 0);

  {
    const char *args[] = { "report", "--header-only", "-i", path, NULL };
    header = run_perf (args, NULL);
  }
  g_assert_nonnull (strstr (header, "# clockid frequency: "));
  g_assert_nonnull (strstr (header, "# clockid: monotonic (1)"));
  g_assert_nonnull (strstr (header, "# reference time: "));

  /* Every sample's time of day lies within the recording (1 ms for the
   * reference pair's two readings and the µs rounding). */
  {
    const char *args[] = { "script", "-F", "tod", "-i", path, NULL };
    script = run_perf (args, NULL);
  }
  lines = g_strsplit (script, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gint64 t;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      t = parse_tod (lines[i]);
      g_assert_cmpint (t, >=, before - 1000);
      g_assert_cmpint (t, <=, after + 1000);
      n++;
    }
  g_assert_cmpuint (n, ==, stats.n_samples);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  perf = cs_test_find_perf ();
  if (perf == NULL)
    {
      g_print ("perf is not installed: skipping\n");
      return CS_TEST_SKIP_EXIT;
    }

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/perf-writer-perf/report", test_report);
  g_test_add_func ("/perf-writer-perf/regs", test_regs);
  g_test_add_func ("/perf-writer-perf/two-events", test_two_events);
  g_test_add_func ("/perf-writer-perf/clock", test_clock);

  ret = cs_test_run_with_tmpdir (&tmpdir);
  g_free (perf);
  return ret;
}
