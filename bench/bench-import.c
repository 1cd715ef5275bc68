/* bench-import.c — importing a large perf.data beside `perf report`
 *
 *   bench-import CYCLESCOPE PROFILE-WORKLOAD [SAMPLES]
 *
 * Set-up: `perf record -F 20000 -e cpu-clock` over profile-workload's two
 * CPU-bound threads, long enough for about SAMPLES samples (default
 * 700 000; the count is read back with our reader and the recording
 * repeated once, longer, when it fell short). Then, on that file:
 *
 *   - our import + aggregation into the module and symbol tables
 *     (cs_profile_load, then every module's symbol table), in this process,
 *     several times;
 *   - `cyclescope report FILE --sort dso,sym --limit 0` as a process, several times;
 *   - `perf report --stdio --sort dso,sym -g none`, several times;
 *   - memory in a fresh child process: VmRSS before, VmHWM after, minus the
 *     file (mapped, and counted in VmHWM while it is read), per sample.
 *
 * Goals (issue 4): at most 1/5 of perf report's time, at most 32 bytes per
 * sample beyond the mapping. The figures are printed; the exit status is 0
 * unless something failed to run (a benchmark is not a timed test).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "cs-profile.h"

#define REPEAT 5

static char *perf;

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* CPU seconds (user + system) of this process or of its waited-for
 * children: on a busy machine a steadier figure than wall time. */
static double
cpu_seconds (int who)
{
  struct rusage ru;

  getrusage (who, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static double last_child_cpu;

/* Runs @argv with stdout to /dev/null; returns wall seconds, or -1. */
static double
run_timed (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  int status = 0;
  double c0 = cpu_seconds (RUSAGE_CHILDREN);
  double t0 = now ();

  if (!g_spawn_sync (NULL, (char **) argv, NULL,
                     G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     NULL, NULL, &status, &error) || !g_spawn_check_wait_status (status, NULL))
    {
      g_printerr ("bench-import: %s failed\n", argv[0]);
      return -1;
    }
  last_child_cpu = cpu_seconds (RUSAGE_CHILDREN) - c0;
  return now () - t0;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *v,
        guint   n)
{
  qsort (v, n, sizeof (double), compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* kB value of a /proc/self/status line, -1 when absent. */
static gint64
status_kb (const char *key)
{
  g_autofree char *text = NULL;
  g_autofree char *needle = g_strdup_printf ("\n%s:", key);
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &text, NULL, NULL) ||
      (p = strstr (text, needle)) == NULL)
    return -1;
  return g_ascii_strtoll (p + strlen (needle), NULL, 10);
}

typedef struct
{
  double  t0;
  double  resolve_start;   /* wall time when reading ended */
  gint64  anon0;
  gint64  anon_max;        /* kB, sampled at every progress report */
  gboolean track_memory;
} Phases;

static void
on_progress (const char *stage,
             double      fraction,
             gpointer    user_data)
{
  Phases *ph = user_data;

  if (ph->resolve_start == 0 && g_str_equal (stage, "Resolving symbols"))
    ph->resolve_start = now ();
  if (ph->track_memory)
    ph->anon_max = MAX (ph->anon_max, status_kb ("RssAnon"));
}

/* The import and the tables the viewer shows first. */
static CsProfile *
import (const char *file,
        guint64    *n_rows,
        Phases     *ph)
{
  g_autoptr(GError) error = NULL;
  CsProfile *profile;
  const CsProfileEvent *e;

  ph->t0 = now ();
  ph->resolve_start = 0;
  profile = cs_profile_load (file, NULL, on_progress, ph, NULL, &error);
  if (profile == NULL)
    g_error ("import failed: %s", error->message);
  e = cs_profile_get_default_event (profile);
  *n_rows = 0;
  if (e != NULL)
    {
      g_autoptr(GArray) modules = cs_profile_dup_module_table (profile, e->index);

      *n_rows += modules->len;
      for (guint i = 0; i < modules->len; i++)
        {
          g_autoptr(GArray) symbols = cs_profile_dup_symbol_table (profile, e->index,
                                                                   g_array_index (modules, CsProfileModuleRow, i).module, 20);

          *n_rows += symbols->len;
        }
    }
  return profile;
}

/* In a child, so that nothing of earlier runs is in the figures. The
 * perf.data mapping is file-backed (RssFile); what grows beyond it is
 * anonymous memory (RssAnon), sampled at every progress report, and the
 * debug files libdw maps (RssFile too, so VmHWM is printed as well). */
static int
measure_memory (const char *file)
{
  Phases ph = { 0 };
  gint64 rss0 = status_kb ("VmRSS");
  guint64 rows;
  g_autoptr(CsProfile) profile = NULL;
  gint64 hwm;

  ph.track_memory = TRUE;
  ph.anon0 = ph.anon_max = status_kb ("RssAnon");
  profile = import (file, &rows, &ph);
  hwm = status_kb ("VmHWM");
  ph.anon_max = MAX (ph.anon_max, status_kb ("RssAnon"));
  printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
          rss0, hwm, ph.anon0, ph.anon_max, cs_profile_get_stats (profile)->n_samples);
  return 0;
}

static guint64
record (const char *workload,
        const char *file,
        double      seconds)
{
  g_autofree char *secs = g_strdup_printf ("%.1f", seconds);
  const char *argv[] = { perf, "record", "-q", "-F", "20000", "-e", "cpu-clock", "-o", file, "--",
                         workload, "2", "--cpu", secs, NULL };
  guint64 rows;
  g_autoptr(CsProfile) profile = NULL;
  Phases ph = { 0 };

  g_print ("set-up: perf record -F 20000 -e cpu-clock -- profile-workload 2 --cpu %s\n", secs);
  if (run_timed (argv) < 0)
    exit (1);
  profile = import (file, &rows, &ph);
  return cs_profile_get_stats (profile)->n_samples;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  const char *cyclescope, *workload;
  guint64 want = 700000, n_samples, rows = 0;
  double ours[REPEAT], reading[REPEAT], cli[REPEAT], theirs[REPEAT];
  double ours_cpu[REPEAT], cli_cpu[REPEAT], theirs_cpu[REPEAT];
  double seconds;
  GStatBuf st;

  if (argc == 3 && g_str_equal (argv[1], "--measure-memory"))
    return measure_memory (argv[2]);
  if (argc < 3)
    {
      g_printerr ("usage: bench-import CYCLESCOPE PROFILE-WORKLOAD [SAMPLES]\n");
      return 1;
    }
  cyclescope = argv[1];
  workload = argv[2];
  if (argc > 3)
    want = g_ascii_strtoull (argv[3], NULL, 10);
  if ((perf = g_find_program_in_path ("perf")) == NULL)
    {
      g_print ("bench-import: perf is not installed; nothing to compare with (skipped)\n");
      return 0;
    }

  dir = g_dir_make_tmp ("cyclescope-bench-XXXXXX", NULL);
  file = g_build_filename (dir, "import.data", NULL);
  /* Two threads at 20 kHz: 40 000 samples per second of the run. */
  seconds = want / 40000.0;
  n_samples = record (workload, file, seconds);
  if (n_samples < want * 0.9)
    {
      seconds *= (double) want / MAX (n_samples, 1) * 1.05;
      n_samples = record (workload, file, seconds);
    }
  g_stat (file, &st);
  g_print ("file: %" G_GUINT64_FORMAT " samples, %.1f MiB\n", n_samples, st.st_size / 1048576.0);

  for (guint i = 0; i < REPEAT; i++)
    {
      Phases ph = { 0 };
      double c0 = cpu_seconds (RUSAGE_SELF);
      g_autoptr(CsProfile) profile = import (file, &rows, &ph);

      ours[i] = now () - ph.t0;
      ours_cpu[i] = cpu_seconds (RUSAGE_SELF) - c0;
      reading[i] = ph.resolve_start - ph.t0;
    }
  for (guint i = 0; i < REPEAT; i++)
    {
      const char *a[] = { cyclescope, "report", file, "--sort", "dso,sym", "--limit", "0", NULL };

      if ((cli[i] = run_timed (a)) < 0)
        return 1;
      cli_cpu[i] = last_child_cpu;
    }
  for (guint i = 0; i < REPEAT; i++)
    {
      const char *a[] = { perf, "report", "-i", file, "--stdio", "--sort", "dso,sym", "-g", "none", NULL };

      if ((theirs[i] = run_timed (a)) < 0)
        return 1;
      theirs_cpu[i] = last_child_cpu;
    }

  {
    const char *a[] = { argv[0], "--measure-memory", file, NULL };
    g_autofree char *out = NULL;
    gint64 rss0 = 0, hwm = 0, anon0 = 0, anon_max = 0;
    guint64 n = 0;
    int status = 0;
    double beyond;

    if (!g_spawn_sync (NULL, (char **) a, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL) ||
        !g_spawn_check_wait_status (status, NULL) ||
        sscanf (out, "%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                " %" G_GUINT64_FORMAT, &rss0, &hwm, &anon0, &anon_max, &n) != 5)
      {
        g_printerr ("bench-import: the memory measurement failed\n");
        return 1;
      }
    g_print ("memory: VmRSS before %" G_GINT64_FORMAT " kB, VmHWM after %" G_GINT64_FORMAT " kB, file %.0f kB\n",
             rss0, hwm, st.st_size / 1024.0);
    g_print ("memory beyond the mapping, anonymous (peak RssAnon growth): %.1f MiB = %.1f bytes per sample (goal <= 32)\n",
             (anon_max - anon0) / 1024.0, (anon_max - anon0) * 1024.0 / MAX (n, 1));
    beyond = (hwm - rss0) * 1024.0 - (double) st.st_size;
    g_print ("memory beyond the mapping, VmHWM - VmRSS before - file size: %.1f MiB = %.1f bytes per sample\n",
             beyond / 1048576.0, beyond / MAX (n, 1));
    g_print ("  (VmHWM - VmRSS before, as if the file were never unmapped: %.1f bytes per sample)\n",
             (hwm - rss0) * 1024.0 / MAX (n, 1));
  }

  {
    double o = median (ours, REPEAT), r = median (reading, REPEAT);
    double c = median (cli, REPEAT), t = median (theirs, REPEAT);

    g_print ("import + module/symbol tables (in process): median %.3f s of %d (%" G_GUINT64_FORMAT " rows)\n",
             o, REPEAT, rows);
    g_print ("  of which reading the samples %.3f s, resolving symbols and the tables %.3f s\n", r, o - r);
    double oc = median (ours_cpu, REPEAT), cc = median (cli_cpu, REPEAT), tc = median (theirs_cpu, REPEAT);

    g_print ("cyclescope report --sort dso,sym (process):  median %.3f s\n", c);
    g_print ("perf report --stdio --sort dso,sym -g none:   median %.3f s\n", t);
    g_print ("CPU time (user + system), medians: import %.3f s, cyclescope report %.3f s, perf report %.3f s\n",
             oc, cc, tc);
    g_print ("ratio to perf report, wall: in process %.3f, as a process %.3f (goal <= 0.2)\n", o / t, c / t);
    g_print ("ratio to perf report, CPU:  in process %.3f, as a process %.3f\n", oc / tc, cc / tc);
  }

  g_unlink (file);
  g_rmdir (dir);
  g_free (perf);
  return 0;
}
