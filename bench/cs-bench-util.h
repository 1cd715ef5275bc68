/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-bench-util.h — what the benchmarks share (header only)
 *
 * The clock, the median of repeated figures, and the set-up recording of
 * the import and widget benchmarks: `perf record -F 20000 -e cpu-clock`
 * over profile-workload's two CPU-bound threads.
 */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* Two threads sampled at 20 kHz: samples per second of the run. */
#define CS_BENCH_SAMPLES_PER_SECOND 40000.0

/* Monotonic wall time in seconds. */
static inline double
cs_bench_now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static inline int
cs_bench_compare_doubles (const void *a,
                          const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median of the @n figures of @v (which it sorts). */
static inline double
cs_bench_median (double *v,
                 guint   n)
{
  qsort (v, n, sizeof (double), cs_bench_compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* kB value of a /proc/self/status line ("RssAnon"), -1 when absent. */
static inline gint64
cs_bench_status_kb (const char *key)
{
  g_autofree char *text = NULL;
  g_autofree char *needle = g_strdup_printf ("\n%s:", key);
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &text, NULL, NULL) || (p = strstr (text, needle)) == NULL)
    return -1;
  return g_ascii_strtoll (p + strlen (needle), NULL, 10);
}

/* CPU time (user and system, seconds) of this process's threads
 * (RUSAGE_SELF) or of its children waited for (RUSAGE_CHILDREN): on a
 * shared machine it says what a run costs where wall time says how busy
 * the others were. */
static inline double
cs_bench_cpu (int who)
{
  struct rusage ru;

  getrusage (who, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* The wall time of running @argv (output discarded); -1 when it failed.
 * *@cpu (may be NULL): the CPU time it used, all its threads. */
static inline double
cs_bench_run_timed_cpu (const char * const *argv,
                        double             *cpu)
{
  g_autoptr(GError) error = NULL;
  int status = 0;
  double c0 = cs_bench_cpu (RUSAGE_CHILDREN);
  double t0 = cs_bench_now ();

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, NULL))
    {
      g_printerr ("%s failed\n", argv[0]);
      return -1;
    }
  t0 = cs_bench_now () - t0;
  if (cpu != NULL)
    *cpu = cs_bench_cpu (RUSAGE_CHILDREN) - c0;
  return t0;
}

/* The wall time of running @argv (output discarded); -1 when it failed. */
static inline double
cs_bench_run_timed (const char * const *argv)
{
  return cs_bench_run_timed_cpu (argv, NULL);
}

/* The median wall time of @argv over 3 runs, -1 when it failed. */
static inline double
cs_bench_median_run (const char * const *argv)
{
  double t[3];

  for (guint i = 0; i < 3; i++)
    if ((t[i] = cs_bench_run_timed (argv)) < 0)
      return -1;
  return cs_bench_median (t, 3);
}

/* Records @seconds of CPU time of profile-workload's two threads into
 * @file; FALSE, with perf's reason printed, when perf failed. */
static inline gboolean
cs_bench_perf_record (const char *perf,
                      const char *workload,
                      const char *file,
                      double      seconds)
{
  g_autofree char *secs = g_strdup_printf ("%.1f", seconds);
  const char *argv[] = { perf, "record", "-q", "-F", "20000", "-e", "cpu-clock", "-o", file, "--",
                         workload, "2", "--cpu", secs, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_print ("set-up: perf record -F 20000 -e cpu-clock -- profile-workload 2 --cpu %s\n", secs);
  if (!g_spawn_sync (NULL, (char **) argv, NULL,
                     G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("perf record failed: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}
