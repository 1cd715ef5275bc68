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
 *   aliases   libc's and the kernel's symbols with several names at one
 *             address: the row names perf chose; `annotate` finds each row
 *             by every other name readelf or /proc/kallsyms lists there
 *   event-spelling  our recording names its event as perf names the same
 *             event (perf evlist), in every place; older bundles too
 *   build-id-cache  a program stripped after perf recorded it: named from
 *             the unstripped copy in perf's build-id cache ($HOME/.debug, or
 *             buildid.dir of ~/.perfconfig), as perf report names it
 *   jit       code in anonymous memory named from /tmp/perf-PID.map
 *
 * Arguments (meson passes them, so that they are built first): CYCLESCOPE
 * CS-NAMES-LIBC CS-NAMES-KERNEL READER-WORKLOAD CS-NAMES-CXX CS-NAMES-JIT. Exits
 * 77 without perf.
 */
#include "config.h"

#include "cs-names-test-util.h"

static char *perf;
static char *cyclescope;
static char *names_libc;
static char *names_kernel;
static char *reader_workload;
static char *names_cxx;
static char *names_jit;
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

/* Every name /proc/kallsyms gives the address @name has. */
static GPtrArray *
kallsyms_aliases (const char *name)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *address = NULL;

  g_assert_true (g_file_get_contents ("/proc/kallsyms", &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; lines[i] != NULL; i++)
      {
        g_auto(GStrv) f = g_strsplit_set (lines[i], " \t", 4);

        if (g_strv_length (f) < 3 || strchr ("tTwW", f[1][0]) == NULL)
          continue;
        if (pass == 0 && address == NULL && g_str_equal (f[2], name))
          address = g_strdup (f[0]);
        else if (pass == 1 && address != NULL && g_str_equal (f[0], address))
          g_ptr_array_add (names, g_strdup (f[2]));
      }
  return names;
}

/* The file readelf should read for @lib's full symbol table: its separate
 * debug file under /usr/lib/debug/.build-id when there is one. */
static char *
symbol_file (const char *lib)
{
  const char *args[] = { "readelf", "-n", lib, NULL };
  g_autofree char *notes = cs_names_run (args, NULL);
  const char *id = strstr (notes, "Build ID: ");
  g_autofree char *hex = NULL;
  char *debug;

  if (id == NULL)
    return g_strdup (lib);
  hex = g_strndup (id + strlen ("Build ID: "), strcspn (id + strlen ("Build ID: "), "\n "));
  debug = g_strdup_printf ("/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
  if (g_file_test (debug, G_FILE_TEST_IS_REGULAR))
    return debug;
  g_free (debug);
  return g_strdup (lib);
}

/* Every FUNC/IFUNC name `readelf -sW` lists at the address of @name in
 * @file (version suffixes as readelf prints them). */
static GPtrArray *
elf_aliases (const char *file,
             const char *name)
{
  const char *args[] = { "readelf", "-sW", file, NULL };
  g_autofree char *out = cs_names_run (args, NULL);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *value = NULL;

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; lines[i] != NULL; i++)
      {
        g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " ", -1);
        g_autoptr(GPtrArray) cols = g_ptr_array_new ();

        for (guint j = 0; f[j] != NULL; j++)
          if (f[j][0] != '\0')
            g_ptr_array_add (cols, f[j]);
        /* Num: Value Size Type Bind Vis Ndx Name */
        if (cols->len < 8 || (!g_str_equal (cols->pdata[3], "FUNC") && !g_str_equal (cols->pdata[3], "IFUNC")) ||
            g_str_equal (cols->pdata[6], "UND"))
          continue;
        if (pass == 0 && value == NULL && g_str_equal (cols->pdata[7], name))
          value = g_strdup (cols->pdata[1]);
        else if (pass == 1 && value != NULL && g_str_equal (cols->pdata[1], value))
          g_ptr_array_add (names, g_strdup (cols->pdata[7]));
      }
  return names;
}

/* `annotate FILE ALIAS` shows the symbol under @shown. */
static void
check_annotate (const char *file,
                const char *alias,
                const char *shown)
{
  const char *args[] = { "annotate", file, alias, NULL };
  CliResult r = cs_names_cli (cyclescope, args, NULL);
  g_autofree char *want = g_strdup_printf ("Symbol     %s\n", shown);

  if (r.status != 0 || !g_str_has_prefix (r.out, want))
    g_error ("annotate %s %s: want “%s”, got (%d) %s%s", file, alias, shown, r.status, r.out, r.err);
  cli_result_clear (&r);
}

/* The library a row's dso names, from the mappings perf recorded. */
static char *
dso_path (const char *file,
          const char *dso)
{
  const char *args[] = { "script", "-i", file, "--show-mmap-events", "-F", "comm", NULL };
  g_autofree char *out = cs_names_perf (perf, args, NULL);
  g_autofree char *needle = g_strdup_printf ("/%s\n", dso);
  const char *end = strstr (out, needle);
  const char *start;

  if (end == NULL)
    return NULL;
  end += strlen (needle) - 1;
  for (start = end; start > out && start[-1] != ' '; start--)
    ;
  return g_strndup (start, end - start);
}

static void
test_aliases (void)
{
  const char *args[] = { "-e", "cpu-clock", "-F", "5000", NULL };
  guint n_checked = 0;

  for (guint w = 0; w < 2; w++)
    {
      g_autofree char *file = g_build_filename (tmpdir, w == 0 ? "libc.data" : "kernel.data", NULL);
      const char *cmd[] = { w == 0 ? names_libc : names_kernel, "60", NULL };
      g_autoptr(GPtrArray) theirs = NULL;
      g_autoptr(GPtrArray) ours = NULL;

      cs_names_record (perf, file, args, cmd, NULL);
      theirs = cs_names_perf_rows (perf, file, NULL);
      ours = cs_names_our_rows (cyclescope, file, NULL);
      cs_names_check (theirs, ours, 15, 0.5, NULL, NULL);

      /* Rows whose address has other names: each of them finds the row. */
      for (guint i = 0; i < theirs->len && i < 15; i++)
        {
          const CsNamesRow *row = theirs->pdata[i];
          g_autoptr(GPtrArray) aliases = NULL;

          if (row->percent < 0.5 || g_str_has_prefix (row->sym, "0x"))
            continue;
          if (g_str_equal (row->dso, "[kernel.kallsyms]"))
            aliases = kallsyms_aliases (row->sym);
          else if (g_str_has_prefix (row->dso, "lib"))
            {
              g_autofree char *lib = dso_path (file, row->dso);
              g_autofree char *symbols = lib != NULL ? symbol_file (lib) : NULL;

              if (symbols == NULL)
                continue;
              aliases = elf_aliases (symbols, row->sym);
            }
          else
            continue;
          if (aliases->len < 2)
            continue;
          for (guint a = 0; a < aliases->len; a++)
            check_annotate (file, aliases->pdata[a], row->sym);
          n_checked++;
        }
    }
  /* getppid's system call has three names in every x86-64 kernel. */
  g_assert_cmpuint (n_checked, >, 0);
}

/* "NAME type config" of each event `perf evlist -v` lists in @file. */
static GPtrArray *
perf_events (const char *file)
{
  const char *args[] = { "evlist", "-v", "-i", file, NULL };
  g_autofree char *out = cs_names_perf (perf, args, NULL);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *events = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *type = strstr (lines[i], ": type: ");
      const char *config = strstr (lines[i], ", config: ");

      if (type == NULL)
        continue;
      g_ptr_array_add (events, g_strdup_printf ("%.*s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                                                (int) (type - lines[i]), lines[i],
                                                g_ascii_strtoull (type + strlen (": type: "), NULL, 10),
                                                config != NULL ? g_ascii_strtoull (config + strlen (", config: "), NULL, 0) : 0));
    }
  return events;
}

/* Replaces every @from in @path by @to (same length). */
static void
patch_file (const char *path,
            const char *from,
            const char *to)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  guint n = 0;

  g_assert_cmpuint (strlen (from), ==, strlen (to));
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize i = 0; i + strlen (from) <= len; i++)
    if (memcmp (data + i, from, strlen (from)) == 0)
      {
        memcpy (data + i, to, strlen (to));
        n++;
      }
  g_assert_cmpuint (n, >, 0);
  g_assert_true (g_file_set_contents (path, data, len, NULL));
}

/* Our recording names its sampled event as perf names the same event
 * (type and config) in its own recording, in the perf.data, session.json,
 * the progress lines the Record dialog shows too, and the report; a bundle
 * from before, which said "cpu_clock", reads the same. */
static void
test_event_spelling (void)
{
  g_autofree char *perf_file = g_build_filename (tmpdir, "spelling.data", NULL);
  g_autofree char *bundle = g_build_filename (tmpdir, "spelling.cyclescope", NULL);
  g_autofree char *old_bundle = g_build_filename (tmpdir, "old-spelling.cyclescope", NULL);
  g_autofree char *ours_file = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  g_autofree char *old_file = g_build_filename (old_bundle, "sampling-0.perf.data", NULL);
  g_autofree char *old_json = g_build_filename (old_bundle, "session.json", NULL);
  g_autofree char *json = NULL;
  g_autofree char *copy = g_strdup_printf ("cp -r '%s' '%s'", bundle, old_bundle);
  g_autofree char *event_line = NULL;
  g_autofree char *report_line = NULL;
  const char *args[] = { "-e", "cpu-clock", NULL };
  const char *cmd[] = { names_kernel, "5", NULL };
  const char *record[] = { "record", "--repeat", "1", "-o", bundle, "--", names_kernel, "5", NULL };
  g_autoptr(GPtrArray) theirs = NULL;
  g_autoptr(GPtrArray) ours = NULL;
  g_autoptr(GPtrArray) old = NULL;
  g_auto(GStrv) words = NULL;
  const char *name;
  CliResult r;

  cs_names_record (perf, perf_file, args, cmd, NULL);
  theirs = perf_events (perf_file);
  g_assert_cmpuint (theirs->len, ==, 1);
  words = g_strsplit (theirs->pdata[0], " ", -1);
  name = words[0];

  r = cs_names_cli (cyclescope, record, NULL);
  if (r.status != 0)
    g_error ("cyclescope record failed: %s%s", r.out, r.err);
  /* The progress lines (the Record dialog shows the same): perf's name,
   * never the model's formula alias. */
  event_line = g_strdup_printf ("sampling  %s at", name);
  g_assert_nonnull (strstr (r.err, event_line));
  g_assert_null (strstr (r.err, "cpu_clock"));
  g_assert_null (strstr (r.err, "task_clock"));
  cli_result_clear (&r);

  ours = perf_events (ours_file);
  g_assert_cmpuint (ours->len, ==, 1);
  g_assert_cmpstr (ours->pdata[0], ==, theirs->pdata[0]);
  g_assert_true (g_file_get_contents (g_build_filename (bundle, "session.json", NULL), &json, NULL, NULL));
  event_line = (g_free (event_line), g_strdup_printf ("\"event\": \"%s\"", name));
  g_assert_nonnull (strstr (json, event_line));

  /* Before, bundles wrote the model's alias. */
  g_assert_cmpint (system (copy), ==, 0);
  patch_file (old_file, name, "cpu_clock");
  patch_file (old_json, event_line, "\"event\": \"cpu_clock\"");
  old = perf_events (old_file);
  g_assert_true (g_str_has_prefix (old->pdata[0], "cpu_clock "));
  report_line = g_strdup_printf ("# Event %s:", name);
  for (guint b = 0; b < 2; b++)
    {
      const char *report[] = { "report", b == 0 ? bundle : old_bundle, NULL };

      r = cs_names_cli (cyclescope, report, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_nonnull (strstr (r.out, report_line));
      event_line = (g_free (event_line), g_strdup_printf ("sampling-0.perf.data  %s,", name));
      g_assert_nonnull (strstr (r.out, event_line));
      g_assert_null (strstr (r.out, "cpu_clock,"));
      cli_result_clear (&r);
    }
}

/* Our environment with @var set to @value. */
static GStrv
env_with (const char *var,
          const char *value)
{
  return g_environ_setenv (g_get_environ (), var, value, TRUE);
}

/* A program stripped after perf recorded it: its symbols are only in the
 * copy perf record left in its build-id cache (under $HOME/.debug, or where
 * buildid.dir of ~/.perfconfig says). perf report names its rows from that
 * copy; so must we, run with the same environment. */
static void
test_build_id_cache (void)
{
  for (guint variant = 0; variant < 2; variant++)
    {
      g_autofree char *dir = g_build_filename (tmpdir, variant == 0 ? "bid-home" : "bid-dir", NULL);
      g_autofree char *home = g_build_filename (dir, "home", NULL);
      g_autofree char *cache = g_build_filename (dir, "cache", NULL);
      g_autofree char *program = g_build_filename (dir, "cs-names-cxx", NULL);
      g_autofree char *file = g_build_filename (dir, "stripped.data", NULL);
      g_auto(GStrv) env = env_with ("HOME", home);
      const char *args[] = { "-e", "cpu-clock", "-F", "5000", NULL };
      const char *sections[] = { "readelf", "-SW", program, NULL };
      g_autofree char *out = NULL;
      g_autoptr(GPtrArray) theirs = NULL;
      g_autoptr(GPtrArray) ours = NULL;
      guint named = 0;

      g_assert_cmpint (g_mkdir_with_parents (home, 0755), ==, 0);
      /* perf's own way to move its cache: buildid.dir in its config. */
      if (variant == 1)
        {
          g_autofree char *config = g_build_filename (home, ".perfconfig", NULL);
          g_autofree char *text = g_strdup_printf ("# perf config\n[buildid]\n\tdir = %s\n", cache);

          g_assert_true (g_file_set_contents (config, text, -1, NULL));
        }
      cs_names_record_then_strip (perf, names_cxx, program, "4", file, args, (const char * const *) env);
      out = cs_names_run (sections, NULL);
      g_assert_null (strstr (out, ".symtab"));
      /* perf put the unstripped copy where this variant says. */
      g_assert_true (g_file_test (variant == 0 ? g_build_filename (home, ".debug", ".build-id", NULL)
                                               : g_build_filename (cache, ".build-id", NULL),
                                  G_FILE_TEST_IS_DIR));

      theirs = cs_names_perf_rows (perf, file, (const char * const *) env);
      ours = cs_names_our_rows (cyclescope, file, (const char * const *) env);
      cs_names_check (theirs, ours, 10, 0.5, NULL, NULL);
      /* The case holds: perf named the stripped program's rows. */
      for (guint i = 0; i < theirs->len && i < 10; i++)
        {
          const CsNamesRow *row = theirs->pdata[i];

          if (g_str_equal (row->dso, "cs-names-cxx") && !g_str_has_prefix (row->sym, "0x"))
            named++;
        }
      g_assert_cmpuint (named, >=, 2);
    }
}

/* JIT code: cs-names-jit writes two loops into anonymous executable
 * memory and lists them in /tmp/perf-PID.map, as V8 or a Java agent do.
 * perf report names its rows "[JIT] tid PID" from that map; so must we.
 * With the map gone, both show the addresses, and we say why. */
static void
test_jit (void)
{
  g_autofree char *file = g_build_filename (tmpdir, "jit.data", NULL);
  const char *args[] = { "-e", "cpu-clock", "-F", "5000", NULL };
  const char *cmd[] = { names_jit, "300000000", NULL };
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *map = NULL;
  g_autofree char *dso = NULL;
  guint named = 0;

  g_ptr_array_add (argv, (gpointer) "record");
  g_ptr_array_add (argv, (gpointer) "-q");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, (gpointer) "-o");
  g_ptr_array_add (argv, file);
  g_ptr_array_add (argv, (gpointer) "--");
  for (guint i = 0; cmd[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) cmd[i]);
  g_ptr_array_add (argv, NULL);
  /* The workload prints the path of the map it wrote. */
  out = cs_names_perf (perf, (const char * const *) argv->pdata, NULL);
  map = g_strndup (out, strcspn (out, " \n"));
  g_assert_true (g_str_has_prefix (map, "/tmp/perf-") && g_str_has_suffix (map, ".map"));
  g_assert_true (g_file_test (map, G_FILE_TEST_IS_REGULAR));
  dso = g_strdup_printf ("[JIT] tid %s", map + strlen ("/tmp/perf-"));
  dso[strlen (dso) - strlen (".map")] = '\0';

  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr(GPtrArray) theirs = cs_names_perf_rows (perf, file, NULL);
      g_autoptr(GPtrArray) ours = cs_names_our_rows (cyclescope, file, NULL);

      cs_names_check (theirs, ours, 6, 1.0, NULL, NULL);
      for (guint i = 0; i < theirs->len && i < 6; i++)
        {
          const CsNamesRow *row = theirs->pdata[i];

          if (g_str_equal (row->dso, dso) && !g_str_has_prefix (row->sym, "0x"))
            named++;
        }
      if (pass == 0)
        {
          /* Both loops, by their names in the map. */
          g_assert_cmpuint (named, ==, 2);
          g_assert_cmpint (g_unlink (map), ==, 0);
        }
      else
        {
          const char *report[] = { "report", file, NULL };
          CliResult r = cs_names_cli (cyclescope, report, NULL);

          /* Without the map nobody names them, and we say why. */
          g_assert_cmpuint (named, ==, 2);
          g_assert_cmpint (r.status, ==, 0);
          g_assert_nonnull (strstr (r.out, map));
          cli_result_clear (&r);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 7)
    g_error ("usage: test-perf-names CYCLESCOPE CS-NAMES-LIBC CS-NAMES-KERNEL READER-WORKLOAD "
             "CS-NAMES-CXX CS-NAMES-JIT");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  names_libc = argv[2];
  names_kernel = argv[3];
  reader_workload = argv[4];
  names_cxx = argv[5];
  names_jit = argv[6];
  g_test_add_func ("/perf-names/lost", test_lost);
  g_test_add_func ("/perf-names/aliases", test_aliases);
  g_test_add_func ("/perf-names/event-spelling", test_event_spelling);
  g_test_add_func ("/perf-names/build-id-cache", test_build_id_cache);
  g_test_add_func ("/perf-names/jit", test_jit);
  /* perf record copies what it records into its build-id cache under
   * $HOME, which perf report and we read: a home of the test's own, so
   * that nothing lands in the user's ~/.debug. */
  home = cs_test_mkdtemp ();
  g_setenv ("HOME", home, TRUE);
  status = cs_test_run_with_tmpdir (&tmpdir);
  cs_test_rmdir (home);
  g_free (perf);
  return status;
}
