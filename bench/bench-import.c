/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 *   - the same in a fresh process each time, with the kernel symbol cache
 *     cold (an empty $XDG_CACHE_HOME, as on the first import after a boot or
 *     a module change: the kernel's symbols come from perf's build-id cache,
 *     ~/.debug/[kernel.kallsyms]/BUILD-ID/kallsyms, as `perf record` left it,
 *     and our cache of it is written) and warm (the cache from the cold run);
 *     and cold without perf's build-id cache (PERF_BUILDID_DIR pointed at an
 *     empty directory: /proc/kallsyms is read, as before it was used);
 *   - the kernel symbol table a recording of our collector carries
 *     (cs_kallsyms_save_running): its bytes, the time to save and to load it;
 *   - `cyclescope report FILE --sort dso,sym --limit 0` as a process;
 *   - `perf report --stdio --sort dso,sym -g none` as a process;
 *   - memory in a fresh process, cache cold and warm: RssAnon before and its
 *     peak (sampled at every progress report), and VmHWM minus VmRSS before
 *     minus the file size (the file is mapped and counted in VmHWM while it
 *     is read), per sample.
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

#include "cs-bench-util.h"
#include "cs-kallsyms.h"
#include "cs-profile.h"

#define REPEAT 5

static char *perf;

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

/* Runs @argv with @envp (NULL: ours), stdout to @out (NULL: /dev/null);
 * returns wall seconds, or -1. */
static double
run_timed (const char * const *argv,
           char              **envp,
           char              **out)
{
  g_autoptr(GError) error = NULL;
  int status = 0;
  double c0 = cpu_seconds (RUSAGE_CHILDREN);
  double t0 = cs_bench_now ();

  if (!g_spawn_sync (NULL, (char **) argv, envp,
                     (GSpawnFlags) ((out == NULL ? G_SPAWN_STDOUT_TO_DEV_NULL : 0) | G_SPAWN_STDERR_TO_DEV_NULL),
                     NULL, NULL, out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, NULL))
    {
      g_printerr ("bench-import: %s failed\n", argv[0]);
      return -1;
    }
  last_child_cpu = cpu_seconds (RUSAGE_CHILDREN) - c0;
  return cs_bench_now () - t0;
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
    ph->resolve_start = cs_bench_now ();
  if (ph->track_memory)
    ph->anon_max = MAX (ph->anon_max, cs_bench_status_kb ("RssAnon"));
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

  ph->t0 = cs_bench_now ();
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

/* One import in this (fresh) process. Prints "wall cpu rss0 hwm anon0
 * anon_max samples": with @track_memory RssAnon is sampled at every
 * progress report (which costs a little time). */
static int
child_import (const char *file,
              gboolean    track_memory)
{
  Phases ph = { 0 };
  gint64 rss0 = cs_bench_status_kb ("VmRSS");
  double c0, wall;
  guint64 rows;
  g_autoptr(CsProfile) profile = NULL;
  CsKernelSymbolsSource source;
  gint64 hwm;

  ph.track_memory = track_memory;
  ph.anon0 = ph.anon_max = cs_bench_status_kb ("RssAnon");
  c0 = cpu_seconds (RUSAGE_SELF);
  profile = import (file, &rows, &ph);
  wall = cs_bench_now () - ph.t0;
  hwm = cs_bench_status_kb ("VmHWM");
  ph.anon_max = MAX (ph.anon_max, cs_bench_status_kb ("RssAnon"));
  /* After the figures were taken: asking loads nothing more. */
  source = cs_symbolizer_get_kernel_symbols_source (cs_profile_get_symbolizer (profile), NULL);
  printf ("%.6f %.6f %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
          " %" G_GUINT64_FORMAT " %d\n", wall, cpu_seconds (RUSAGE_SELF) - c0, rss0, hwm, ph.anon0,
          ph.anon_max, cs_profile_get_stats (profile)->n_samples, (int) source);
  return 0;
}

typedef struct
{
  double  wall, cpu;
  gint64  rss0, hwm, anon0, anon_max;
  guint64 n;
  int     source;          /* CsKernelSymbolsSource */
} ChildRun;

static const char *
source_name (int source)
{
  switch (source)
    {
    case CS_KERNEL_SYMBOLS_SAVED: return "saved with the recording";
    case CS_KERNEL_SYMBOLS_BUILD_ID_CACHE: return "perf's build-id cache";
    case CS_KERNEL_SYMBOLS_RUNNING: return "running kernel";
    default: return "none";
    }
}

/* bench-import --child[-memory] FILE with XDG_CACHE_HOME=@cache_home and,
 * when @buildid_dir is given, PERF_BUILDID_DIR=@buildid_dir. */
static gboolean
run_child (const char *self_exe,
           const char *file,
           const char *cache_home,
           const char *buildid_dir,
           gboolean    memory,
           ChildRun   *r)
{
  const char *argv[] = { self_exe, memory ? "--child-memory" : "--child", file, NULL };
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "XDG_CACHE_HOME", cache_home, TRUE);
  g_autofree char *out = NULL;

  if (buildid_dir != NULL)
    envp = g_environ_setenv (envp, "PERF_BUILDID_DIR", buildid_dir, TRUE);
  if (run_timed (argv, envp, &out) < 0 ||
      sscanf (out, "%lf %lf %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
              " %" G_GUINT64_FORMAT " %d", &r->wall, &r->cpu, &r->rss0, &r->hwm, &r->anon0, &r->anon_max,
              &r->n, &r->source) != 8)
    {
      g_printerr ("bench-import: the child import failed\n");
      return FALSE;
    }
  return TRUE;
}

/* Fresh-process imports repeated under one condition. */
typedef struct
{
  double wall[REPEAT], cpu[REPEAT];
  int    source;          /* CsKernelSymbolsSource of the last one */
} ChildSeries;

/* Import @i of @series: run_child() without the memory figures. */
static gboolean
run_series_child (ChildSeries *series,
                  guint        i,
                  const char  *self_exe,
                  const char  *file,
                  const char  *cache_home,
                  const char  *buildid_dir)
{
  ChildRun r;

  if (!run_child (self_exe, file, cache_home, buildid_dir, FALSE, &r))
    return FALSE;
  series->wall[i] = r.wall;
  series->cpu[i] = r.cpu;
  series->source = r.source;
  return TRUE;
}

/* What a recording of our collector carries: the running kernel's table,
 * saved as cs-record.c saves it (the cache is warm from the set-up), then
 * loaded as an import of that recording loads it. */
static void
bench_saved_kallsyms (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "sampling-0.kallsyms", NULL);
  double save[REPEAT], load[REPEAT];
  guint64 n_bytes = 0;
  guint n_symbols = 0;

  for (guint i = 0; i < REPEAT; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CsKallsyms) table = NULL;
      double t0 = cs_bench_now ();

      if (!cs_kallsyms_save_running (path, NULL, &n_bytes, &error))
        {
          g_print ("kernel symbols saved with a recording: not measured (%s)\n", error->message);
          return;
        }
      save[i] = cs_bench_now () - t0;
      t0 = cs_bench_now ();
      if ((table = cs_kallsyms_load_saved (path, NULL, &error)) == NULL)
        g_error ("loading the saved kernel symbols failed: %s", error->message);
      load[i] = cs_bench_now () - t0;
      n_symbols = cs_kallsyms_get_n_symbols (table);
    }
  g_unlink (path);
  g_print ("kernel symbols saved with a recording of our collector: %" G_GUINT64_FORMAT " bytes "
           "(%u symbols), saved in median %.1f ms (after the program exited), loaded in %.1f ms\n",
           n_bytes, n_symbols, cs_bench_median (save, REPEAT) * 1e3,
           cs_bench_median (load, REPEAT) * 1e3);
}

static void
rm_rf (const char *path)
{
  const char *argv[] = { "rm", "-rf", path, NULL };

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
}

/* The set-up recording; the number of samples it holds, read back. */
static guint64
record (const char *workload,
        const char *file,
        double      seconds)
{
  guint64 rows;
  g_autoptr(CsProfile) profile = NULL;
  Phases ph = { 0 };

  if (!cs_bench_perf_record (perf, workload, file, seconds))
    exit (1);
  profile = import (file, &rows, &ph);
  return cs_profile_get_stats (profile)->n_samples;
}

static void
print_memory (const char     *label,
              const ChildRun *r,
              gint64          file_size)
{
  double beyond = (r->hwm - r->rss0) * 1024.0 - (double) file_size;

  g_print ("memory, %s: VmRSS before %" G_GINT64_FORMAT " kB, VmHWM after %" G_GINT64_FORMAT " kB, "
           "file %.0f kB\n", label, r->rss0, r->hwm, file_size / 1024.0);
  g_print ("  peak RssAnon growth: %.1f MiB = %.1f bytes per sample (goal <= 32)\n",
           (r->anon_max - r->anon0) / 1024.0, (r->anon_max - r->anon0) * 1024.0 / MAX (r->n, 1));
  g_print ("  VmHWM - VmRSS before - file size: %.1f MiB = %.1f bytes per sample (goal <= 32)\n",
           beyond / 1048576.0, beyond / MAX (r->n, 1));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *cold_home = NULL;
  const char *cyclescope, *workload;
  guint64 want = 700000, n_samples, rows = 0;
  double ours[REPEAT], reading[REPEAT], cli[REPEAT], theirs[REPEAT];
  double ours_cpu[REPEAT], cli_cpu[REPEAT], theirs_cpu[REPEAT];
  ChildSeries cold = { 0 }, warm = { 0 }, proc = { 0 };
  g_autofree char *no_buildid = NULL;
  ChildRun mem_cold, mem_warm;
  double seconds;
  GStatBuf st;

  if (argc == 3 && g_str_equal (argv[1], "--child"))
    return child_import (argv[2], FALSE);
  if (argc == 3 && g_str_equal (argv[1], "--child-memory"))
    return child_import (argv[2], TRUE);
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

  {
    g_autofree char *load = NULL;

    if (g_file_get_contents ("/proc/loadavg", &load, NULL, NULL))
      g_print ("machine: %u CPUs, load average %s", g_get_num_processors (), load);
  }
  dir = g_dir_make_tmp ("cyclescope-bench-XXXXXX", NULL);
  file = g_build_filename (dir, "import.data", NULL);
  cold_home = g_build_filename (dir, "cache", NULL);
  no_buildid = g_build_filename (dir, "no-buildid-cache", NULL);
  g_mkdir_with_parents (no_buildid, 0700);
  seconds = want / CS_BENCH_SAMPLES_PER_SECOND;
  n_samples = record (workload, file, seconds);
  if (n_samples < want * 0.9)
    {
      seconds *= (double) want / MAX (n_samples, 1) * 1.05;
      n_samples = record (workload, file, seconds);
    }
  g_stat (file, &st);
  g_print ("file: %" G_GUINT64_FORMAT " samples, %.1f MiB\n", n_samples, st.st_size / 1048576.0);

  /* In this process; the kernel symbol cache is warm from the set-up. */
  for (guint i = 0; i < REPEAT; i++)
    {
      Phases ph = { 0 };
      double c0 = cpu_seconds (RUSAGE_SELF);
      g_autoptr(CsProfile) profile = import (file, &rows, &ph);

      ours[i] = cs_bench_now () - ph.t0;
      ours_cpu[i] = cpu_seconds (RUSAGE_SELF) - c0;
      reading[i] = ph.resolve_start - ph.t0;
    }
  /* Fresh processes: cold (an empty cache directory), then warm; and cold
   * without perf's build-id cache. */
  for (guint i = 0; i < REPEAT; i++)
    {
      rm_rf (cold_home);
      if (!run_series_child (&cold, i, argv[0], file, cold_home, NULL) ||
          !run_series_child (&warm, i, argv[0], file, cold_home, NULL))
        return 1;
      rm_rf (cold_home);
      if (!run_series_child (&proc, i, argv[0], file, cold_home, no_buildid))
        return 1;
    }
  rm_rf (cold_home);
  if (!run_child (argv[0], file, cold_home, NULL, TRUE, &mem_cold) ||
      !run_child (argv[0], file, cold_home, NULL, TRUE, &mem_warm))
    return 1;
  bench_saved_kallsyms (dir);

  for (guint i = 0; i < REPEAT; i++)
    {
      const char *a[] = { cyclescope, "report", file, "--sort", "dso,sym", "--limit", "0", NULL };

      if ((cli[i] = run_timed (a, NULL, NULL)) < 0)
        return 1;
      cli_cpu[i] = last_child_cpu;
    }
  for (guint i = 0; i < REPEAT; i++)
    {
      const char *a[] = { perf, "report", "-i", file, "--stdio", "--sort", "dso,sym", "-g", "none", NULL };

      if ((theirs[i] = run_timed (a, NULL, NULL)) < 0)
        return 1;
      theirs_cpu[i] = last_child_cpu;
    }

  print_memory ("kernel symbol cache cold", &mem_cold, st.st_size);
  print_memory ("kernel symbol cache warm", &mem_warm, st.st_size);

  {
    double o = cs_bench_median (ours, REPEAT), r = cs_bench_median (reading, REPEAT);
    double c = cs_bench_median (cli, REPEAT), t = cs_bench_median (theirs, REPEAT);
    double oc = cs_bench_median (ours_cpu, REPEAT), cc = cs_bench_median (cli_cpu, REPEAT);
    double tc = cs_bench_median (theirs_cpu, REPEAT);
    double kc = cs_bench_median (cold.wall, REPEAT), kw = cs_bench_median (warm.wall, REPEAT);
    double kcc = cs_bench_median (cold.cpu, REPEAT), kwc = cs_bench_median (warm.cpu, REPEAT);
    double kp = cs_bench_median (proc.wall, REPEAT), kpc = cs_bench_median (proc.cpu, REPEAT);

    g_print ("import + module/symbol tables (in process, cache warm): median %.3f s of %d (%" G_GUINT64_FORMAT " rows)\n",
             o, REPEAT, rows);
    g_print ("  of which reading the samples %.3f s, resolving symbols and the tables %.3f s\n", r, o - r);
    g_print ("import in a fresh process, kernel symbol cache cold: median %.3f s (CPU %.3f s; kernel symbols: %s)\n",
             kc, kcc, source_name (cold.source));
    g_print ("import in a fresh process, kernel symbol cache warm: median %.3f s (CPU %.3f s; kernel symbols: %s)\n",
             kw, kwc, source_name (warm.source));
    g_print ("import in a fresh process, cache cold, no perf build-id cache: median %.3f s (CPU %.3f s; kernel symbols: %s)\n",
             kp, kpc, source_name (proc.source));
    g_print ("cyclescope report --sort dso,sym (process):  median %.3f s\n", c);
    g_print ("perf report --stdio --sort dso,sym -g none:   median %.3f s\n", t);
    g_print ("CPU time (user + system), medians: import %.3f s, cyclescope report %.3f s, perf report %.3f s\n",
             oc, cc, tc);
    g_print ("ratio to perf report, wall: in process %.3f, fresh process cold %.3f, warm %.3f, "
             "cyclescope report %.3f (goal <= 0.2); cold without perf's build-id cache %.3f\n",
             o / t, kc / t, kw / t, c / t, kp / t);
    g_print ("ratio to perf report, CPU:  in process %.3f, fresh process cold %.3f, warm %.3f, "
             "cyclescope report %.3f; cold without perf's build-id cache %.3f\n",
             oc / tc, kcc / tc, kwc / tc, cc / tc, kpc / tc);
  }

  g_unlink (file);
  rm_rf (dir);
  g_free (perf);
  return 0;
}
