/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-test-util.h — recording with perf and reading perf's own view of a
 * file, for the perf.data reader tests (header only)
 *
 * perf is the oracle: `perf report -D` for record counts, `perf script` for
 * samples and side-band records, `perf report --header-only` for features.
 */
#pragma once

#include <string.h>

#include "cs-test-util.h"

/* The u64 at byte @o of @p: header fields of a file written on this host,
 * read the way the format document lays them out, not through the reader. */
static inline guint64
cs_perf_test_get64 (const guint8 *p,
                    gsize         o)
{
  guint64 v;

  memcpy (&v, p + o, 8);
  return v;
}

/* cs_test_run() without inlining: inlined, its out-parameter confuses GCC 12's
 * -Wdangling-pointer about every pointer into the returned text. */
G_GNUC_NO_INLINE static char *
cs_perf_test_spawn (const char * const *argv,
                    char              **err_out,
                    int                *status)
{
  return cs_test_run (argv, err_out, status);
}

/* Runs `perf record -q ARGS -o OUT -- CMD` (or `-o -` redirected to OUT when
 * @pipe). FALSE, with perf's stderr printed, when perf could not record. */
static inline gboolean
cs_perf_test_record (const char         *perf,
                     const char         *out,
                     const char * const *args,
                     const char * const *cmd,
                     gboolean            pipe)
{
  g_autoptr(GString) line = g_string_new ("exec ");
  g_autofree char *err = NULL;
  g_autofree char *sout = NULL;
  int status = 0;
  const char *argv[] = { "/bin/sh", "-c", NULL, NULL };

  g_string_append_printf (line, "'%s' record -q", perf);
  for (guint i = 0; args && args[i]; i++)
    {
      g_autofree char *q = g_shell_quote (args[i]);
      g_string_append_printf (line, " %s", q);
    }
  if (pipe)
    g_string_append (line, " -o -");
  else
    {
      g_autofree char *q = g_shell_quote (out);
      g_string_append_printf (line, " -o %s", q);
    }
  g_string_append (line, " --");
  for (guint i = 0; cmd[i]; i++)
    {
      g_autofree char *q = g_shell_quote (cmd[i]);
      g_string_append_printf (line, " %s", q);
    }
  if (pipe)
    {
      g_autofree char *q = g_shell_quote (out);
      g_string_append_printf (line, " > %s", q);
    }
  argv[2] = line->str;
  sout = cs_perf_test_spawn (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_printerr ("perf record failed: %s\n%s\n", line->str, err);
      return FALSE;
    }
  return TRUE;
}

/* perf record copies what it records into its build-id cache under $HOME,
 * which perf report and we read, while other tests' perf may be writing
 * the same files: a home of the test's own for perf and for us. Returns
 * it; remove it with cs_test_rmdir() at the end. */
static inline char *
cs_perf_test_private_home (void)
{
  char *home = cs_test_mkdtemp ();

  g_setenv ("HOME", home, TRUE);
  return home;
}

/* Runs perf with @args (NULL-terminated), returns stdout; asserts success. */
static inline char *
cs_perf_test_run (const char          *perf,
                  const char * const  *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL;
  int status = 0;
  char *out;

  g_ptr_array_add (argv, (gpointer) perf);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  out = cs_perf_test_spawn ((const char * const *) argv->pdata, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("perf %s failed: %s", args[0], err);
  return out;
}

/* `perf report -D` output, which prints every record raw. */
static inline char *
cs_perf_test_dump (const char *perf,
                   const char *file)
{
  const char *args[] = { "report", "-D", "-i", file, NULL };

  return cs_perf_test_run (perf, args);
}

/* Statistics of a dump: "TOTAL", "SAMPLE", "MMAP2", "FEATURE" … from the
 * aggregated block, and "EVENT:SAMPLE" from each event's block. */
static inline GHashTable *
cs_perf_test_stats (const char *dump)
{
  GHashTable *stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) lines = NULL;
  const char *start = strstr (dump, "\nAggregated stats:");
  g_autofree char *event = NULL;

  g_assert_nonnull (start);
  lines = g_strsplit (start + 1, "\n", -1);
  for (guint i = 1; lines[i]; i++)
    {
      char *l = g_strstrip (lines[i]);
      char *ev;
      char name[256];
      unsigned long long n;

      if (g_str_has_suffix (l, " stats:"))
        {
          g_free (event);
          event = g_strndup (l, strlen (l) - strlen (" stats:"));
          continue;
        }
      ev = strstr (l, " events:");
      if (ev == NULL || (gsize) (ev - l) >= sizeof name)
        continue;
      memcpy (name, l, ev - l);
      name[ev - l] = '\0';
      if (sscanf (ev, " events: %llu", &n) != 1)
        continue;
      if (event != NULL)
        g_hash_table_insert (stats, g_strdup_printf ("%s:%s", event, name), GSIZE_TO_POINTER (n));
      else
        g_hash_table_insert (stats, g_strdup (name), GSIZE_TO_POINTER (n));
    }
  return stats;
}

static inline guint64
cs_perf_test_stat (GHashTable *stats,
                   const char *name)
{
  return GPOINTER_TO_SIZE (g_hash_table_lookup (stats, name));
}

/* Every SAMPLE of a dump, "TID:TIME" -> its printout from the
 * "PERF_RECORD_SAMPLE(" header line to the blank line after it. */
static inline GHashTable *
cs_perf_test_sample_blocks (const char *dump)
{
  GHashTable *blocks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GRegex) sample = g_regex_new ("^(?:\\d+ )?(\\d+) 0x[0-9a-f]+ \\[0x[0-9a-f]+\\]: (PERF_RECORD_SAMPLE\\(.*\\): \\d+/(\\d+): .*)$",
                                          G_REGEX_MULTILINE | G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  g_regex_match (sample, dump, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *time = g_match_info_fetch (m, 1);
      g_autofree char *tid = g_match_info_fetch (m, 3);
      int start, end;
      const char *blank;

      g_match_info_fetch_pos (m, 2, &start, &end);
      blank = strstr (dump + start, "\n\n");
      g_hash_table_insert (blocks, g_strdup_printf ("%s:%s", tid, time),
                           g_strndup (dump + start, blank ? (gsize) (blank - dump - start + 1)
                                                          : strlen (dump + start)));
    }
  return blocks;
}

/* "OFFSET:SIZE:TYPE" of every record of a dump, as perf delivers them
 * (records inflated from COMPRESSED ones excluded: their offsets are not file
 * offsets). In pipe mode perf counts from the end of the header: @base. */
static inline GString *
cs_perf_test_record_offsets (const char *dump,
                             gboolean    compressed,
                             guint64     base)
{
  g_autoptr(GRegex) re = g_regex_new ("^(?:0x)?([0-9a-f]+)@.* \\[0x([0-9a-f]+)\\]: event: (\\d+)$",
                                      G_REGEX_MULTILINE | G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  GString *s = g_string_new (NULL);

  if (compressed)
    return s;
  g_regex_match (re, dump, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *off = g_match_info_fetch (m, 1);
      g_autofree char *size = g_match_info_fetch (m, 2);
      g_autofree char *type = g_match_info_fetch (m, 3);

      g_string_append_printf (s, "%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ":%s\n",
                              base + g_ascii_strtoull (off, NULL, 16), g_ascii_strtoull (size, NULL, 16), type);
    }
  return s;
}

/* A sample as `perf script -F pid,tid,time,period,event,ip --ns` prints it. */
typedef struct
{
  guint32  pid;
  guint32  tid;
  guint64  time;
  guint64  period;
  char    *event;
  GArray  *ips;    /* guint64: the ip, or the callchain with -g */
  char   **expect; /* ours only: lines perf report -D must print for it */
  gboolean dwarf;  /* ours only: has a user stack, which perf script unwinds */
} CsPerfScriptSample;

static inline void
cs_perf_script_sample_free (gpointer data)
{
  CsPerfScriptSample *s = data;

  g_free (s->event);
  g_strfreev (s->expect);
  g_array_unref (s->ips);
  g_free (s);
}

static inline GPtrArray *
cs_perf_test_script_samples (const char *perf,
                             const char *file)
{
  const char *args[] = { "script", "-i", file, "-F", "pid,tid,time,period,event,ip", "--ns", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr(GRegex) re = g_regex_new ("^\\s*(\\d+)/(\\d+)\\s+(\\d+)\\.(\\d+):\\s+(\\d+)\\s+(.+?):\\s*([0-9a-f]*)\\s*$",
                                      0, 0, NULL);
  GPtrArray *samples = g_ptr_array_new_with_free_func (cs_perf_script_sample_free);
  CsPerfScriptSample *cur = NULL;

  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr(GMatchInfo) m = NULL;

      if (g_regex_match (re, lines[i], 0, &m))
        {
          g_autofree char *ip = g_match_info_fetch (m, 7);
          g_autofree char *sec = g_match_info_fetch (m, 3);
          g_autofree char *nsec = g_match_info_fetch (m, 4);
          g_autofree char *pid = g_match_info_fetch (m, 1);
          g_autofree char *tid = g_match_info_fetch (m, 2);
          g_autofree char *period = g_match_info_fetch (m, 5);

          cur = g_new0 (CsPerfScriptSample, 1);
          cur->pid = (guint32) g_ascii_strtoull (pid, NULL, 10);
          cur->tid = (guint32) g_ascii_strtoull (tid, NULL, 10);
          cur->time = g_ascii_strtoull (sec, NULL, 10) * G_GUINT64_CONSTANT (1000000000)
                      + g_ascii_strtoull (nsec, NULL, 10);
          cur->period = g_ascii_strtoull (period, NULL, 10);
          cur->event = g_match_info_fetch (m, 6);
          cur->ips = g_array_new (FALSE, FALSE, sizeof (guint64));
          if (*ip)
            {
              guint64 v = g_ascii_strtoull (ip, NULL, 16);
              g_array_append_val (cur->ips, v);
            }
          g_ptr_array_add (samples, cur);
        }
      else if (cur != NULL && lines[i][0] == '\t')
        {
          guint64 v = g_ascii_strtoull (g_strstrip (lines[i]), NULL, 16);
          g_array_append_val (cur->ips, v);
        }
    }
  return samples;
}

/* The value of a `# key : value` line of `perf report --header-only`, or NULL. */
static inline char *
cs_perf_test_header_value (const char *header,
                           const char *key)
{
  g_autofree char *needle = g_strdup_printf ("\n# %s : ", key);
  const char *p = strstr (header, needle);
  const char *end;

  if (p == NULL)
    return NULL;
  p += strlen (needle);
  end = strchr (p, '\n');
  return g_strstrip (g_strndup (p, end ? (gsize) (end - p) : strlen (p)));
}

/* The workload built next to the tests: reader-workload MS PAGES THREADS */
static inline char *
cs_perf_test_workload (void)
{
  return g_build_filename (CS_TEST_BUILDDIR, "workloads", "reader-workload", NULL);
}
