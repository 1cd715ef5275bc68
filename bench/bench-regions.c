/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-regions.c — what libcyclescope-region costs the program it is in
 *
 * Figures (issue 15's limits in brackets):
 *   - a cs_region_begin + cs_region_end pair without the recorder [≤ 5 ns];
 *   - the same with a group of 5 software counters open on the thread, as
 *     `record --regions` gives the software model [≤ 2 µs], beside its
 *     floor: two PERF_FORMAT_GROUP reads of such a group by hand;
 *   - the same in a sampling run (marks instead of counts);
 *   - the library's memory per thread (malloc'ed bytes; the kernel's
 *     perf events are one fd each on top).
 *
 * Each configuration runs in a child process of its own, because the
 * library reads CYCLESCOPE_REGIONS once, when it is loaded. Figures are the
 * median of 7 repetitions of the thread's CPU time (not wall time: the
 * machine may be busy with other work).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <linux/perf_event.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cyclescope/region.h>

#include "cs-bench-util.h"

#define REPEAT 7

/* CPU time of this thread: on a machine shared with other work, wall time
 * would count the time others ran. */
static double
thread_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}
/* task-clock, page-faults, context-switches, cpu-migrations, cpu-clock:
 * the software model's group 1 */
#define FIVE_SOFTWARE "group=1:0x1:0x0:0x0:0,1:0x2:0x0:0x0:0,1:0x3:0x0:0x0:0,1:0x4:0x0:0x0:0,1:0x0:0x0:0x0:0"

/* The median over REPEAT rounds of @body's CPU time per iteration, in ns. */
static double
per_iteration_ns (void    (*body) (guint64 n),
                  guint64   n)
{
  double v[REPEAT];

  for (guint r = 0; r < REPEAT; r++)
    {
      double t0 = thread_now ();

      body (n);
      v[r] = (thread_now () - t0) * 1e9 / (double) n;
    }
  return cs_bench_median (v, REPEAT);
}

/* A pair as programs write it: the header's macros test the flag in the
 * caller. The empty asm stands for the module's code between the calls,
 * which keeps the compiler from testing the flag once for the whole loop. */
static void
pairs (guint64 n)
{
  for (guint64 i = 0; i < n; i++)
    {
      cs_region_begin ("bench");
      __asm__ volatile ("" ::: "memory");
      cs_region_end ();
      __asm__ volatile ("" ::: "memory");
    }
}

/* The same through the functions (CS_REGION_NO_INLINE), and the loop alone. */
static void
call_pairs (guint64 n)
{
  for (guint64 i = 0; i < n; i++)
    {
      (cs_region_begin) ("bench");
      (cs_region_end) ();
    }
}

static void
empty_loop (guint64 n)
{
  for (guint64 i = 0; i < n; i++)
    {
      __asm__ volatile ("" ::: "memory");
      __asm__ volatile ("" ::: "memory");
    }
}

/* A system call that does nothing, for scale. */
static void
syscalls (guint64 n)
{
  for (guint64 i = 0; i < n; i++)
    syscall (SYS_getppid);
}

/* The floor of a counted pair: the two group reads it takes, of a group of
 * the same 5 software events opened by hand. */
static int group_leader = -1;

static void
group_reads (guint64 n)
{
  guint64 buf[8];

  for (guint64 i = 0; i < 2 * n; i++)
    if (read (group_leader, buf, sizeof buf) <= 0)
      g_error ("cannot read the group: %s", g_strerror (errno));
}

static double
group_reads_ns (guint64 n)
{
  int fds[5];
  double ns;
  const guint64 configs[5] = { PERF_COUNT_SW_TASK_CLOCK, PERF_COUNT_SW_PAGE_FAULTS,
                               PERF_COUNT_SW_CONTEXT_SWITCHES, PERF_COUNT_SW_CPU_MIGRATIONS,
                               PERF_COUNT_SW_CPU_CLOCK };

  for (int i = 0; i < 5; i++)
    {
      struct perf_event_attr attr = { .size = sizeof attr, .type = PERF_TYPE_SOFTWARE, .config = configs[i],
                                      .read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
                                                     PERF_FORMAT_TOTAL_TIME_RUNNING };

      fds[i] = (int) syscall (SYS_perf_event_open, &attr, 0, -1, group_leader, PERF_FLAG_FD_CLOEXEC);
      if (fds[i] < 0)
        return -1;
      if (group_leader < 0)
        group_leader = fds[i];
    }
  ns = per_iteration_ns (group_reads, n);
  for (int i = 0; i < 5; i++)
    close (fds[i]);
  return ns;
}

typedef struct
{
  guint n_regions;
} ThreadJob;

static void *
enter_regions (void *data)
{
  ThreadJob *job = data;

  for (guint r = 0; r < job->n_regions; r++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "region-%u", r);
      cs_region_begin (name);
      cs_region_end ();
    }
  return NULL;
}

/* malloc'ed bytes a new thread leaves in the library after entering
 * @n_regions regions (the library keeps a thread's counts after it ends, for
 * the file it writes at exit). */
static size_t
bytes_per_thread (guint n_regions)
{
  ThreadJob job = { n_regions };
  struct mallinfo2 before, after;
  pthread_t t;

  /* The names are the process's, not the thread's: seen once first. */
  enter_regions (&job);
  before = mallinfo2 ();
  pthread_create (&t, NULL, enter_regions, &job);
  pthread_join (t, NULL);
  after = mallinfo2 ();
  return after.uordblks - before.uordblks;
}

static int
child (const char *what)
{
  if (strcmp (what, "off") == 0)
    {
      g_print ("pair %.2f\n", per_iteration_ns (pairs, 200000000));
      g_print ("calls %.2f\n", per_iteration_ns (call_pairs, 100000000));
      g_print ("loop %.2f\n", per_iteration_ns (empty_loop, 200000000));
      g_print ("syscall %.0f\n", per_iteration_ns (syscalls, 200000));
    }
  else
    {
      g_print ("pair %.1f\n", per_iteration_ns (pairs, 200000));
      if (strcmp (what, "counting") == 0)
        g_print ("floor %.1f\n", group_reads_ns (200000));
      g_print ("thread1 %zu\nthread50 %zu\n", bytes_per_thread (1), bytes_per_thread (50));
    }
  return 0;
}

/* Runs this program as a child with @value in CYCLESCOPE_REGIONS (NULL:
 * unset) and returns its figures. */
static GHashTable *
run_child (const char *self,
           const char *what,
           const char *value)
{
  const char *argv[] = { self, "--child", what, NULL };
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int status = 0;

  envp = value != NULL ? g_environ_setenv (envp, "CYCLESCOPE_REGIONS", value, TRUE)
                       : g_environ_unsetenv (envp, "CYCLESCOPE_REGIONS");
  if (!g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_error ("%s --child %s: %s", self, what, error->message);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char **kv = g_strsplit (lines[i], " ", 2);

      if (kv[0] != NULL && kv[1] != NULL)
        g_hash_table_insert (figures, g_strdup (kv[0]), g_strdup (kv[1]));
      g_strfreev (kv);
    }
  return figures;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *counting = NULL, *marks = NULL;
  g_autoptr(GHashTable) off = NULL, counted = NULL, marked = NULL;

  if (argc == 3 && strcmp (argv[1], "--child") == 0)
    return child (argv[2]);

  dir = g_dir_make_tmp ("cs-bench-regions-XXXXXX", NULL);
  counting = g_strdup_printf ("1;skip=0;marks=0;%s;out=%s/run", FIVE_SOFTWARE, dir);
  marks = g_strdup_printf ("1;skip=0;marks=1;out=%s/marks", dir);
  off = run_child (argv[0], "off", NULL);
  counted = run_child (argv[0], "counting", counting);
  marked = run_child (argv[0], "marks", marks);

  g_print ("libcyclescope-region, per cs_region_begin + cs_region_end pair (median of %d):\n", REPEAT);
  g_print ("  no recorder (CYCLESCOPE_REGIONS unset):          %8s ns   [limit 5 ns]\n",
           (char *) g_hash_table_lookup (off, "pair"));
  g_print ("    the loop alone: %s ns; through the functions (CS_REGION_NO_INLINE): %s ns\n",
           (char *) g_hash_table_lookup (off, "loop"), (char *) g_hash_table_lookup (off, "calls"));
  g_print ("  counting, group of 5 software counters:          %8s ns   [limit 2000 ns]\n",
           (char *) g_hash_table_lookup (counted, "pair"));
  g_print ("    anchor: 2 PERF_FORMAT_GROUP reads of that group by hand: %s ns "
           "(getppid(): %s ns)\n", (char *) g_hash_table_lookup (counted, "floor"),
           (char *) g_hash_table_lookup (off, "syscall"));
  g_print ("  sampling run (marks on CLOCK_MONOTONIC):          %8s ns\n",
           (char *) g_hash_table_lookup (marked, "pair"));
  g_print ("Memory per thread (malloc'ed by the library; plus one perf event fd per counter):\n");
  g_print ("  counting, 1 region:   %s bytes\n", (char *) g_hash_table_lookup (counted, "thread1"));
  g_print ("  counting, 50 regions: %s bytes\n", (char *) g_hash_table_lookup (counted, "thread50"));
  g_print ("  marks, 1 region:      %s bytes\n", (char *) g_hash_table_lookup (marked, "thread1"));
  g_print ("  marks, 50 regions:    %s bytes\n", (char *) g_hash_table_lookup (marked, "thread50"));

  /* What the children wrote at exit. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
      }
    g_rmdir (dir);
  }
  return 0;
}
