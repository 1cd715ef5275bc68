/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-regions.c — a program instrumented with libcyclescope-region whose
 * regions do known work; the region tests record it.
 *
 *   cs-test-regions MODE ORACLE [N]
 *
 * Each mode measures its own regions independently of the library — the
 * CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID) around the work —
 * and appends "KEY VALUE" lines to the file ORACLE, which the tests compare
 * with what the recorder stored.
 *
 *   ratio N     regions "one", "two", "four" doing 1 : 2 : 4 units of the same
 *               work, interleaved over N events (so load on the machine hits
 *               all three alike)
 *   nested N    "outer" works 1 unit, enters "inner" (2 units), works 1 more;
 *               "inner" is also entered inside itself (recursion)
 *   threads N   two threads run "shared", one 1 unit per event, the other 3
 *   skip N      N events, each entering "work" once
 *   exit        exit() while inside "leaving" (nested in "outer")
 *   disjoint N  "alpha" runs alpha_work(), "beta" runs beta_work() only
 *   unmatched   one cs_region_end() too many
 *   none        never calls the library
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cyclescope/region.h>

#define UNIT 400000

static FILE *oracle;
static volatile uint64_t sink;

static uint64_t
thread_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* The same instructions every time: a multiply-add chain the compiler
 * cannot fold away. */
__attribute__ ((noinline)) static void
work (unsigned units)
{
  uint64_t x = sink + 1;

  for (unsigned long i = 0; i < (unsigned long) units * UNIT; i++)
    x = x * 6364136223846793005u + 1442695040888963407u;
  sink = x;
}

__attribute__ ((noinline)) void alpha_work (unsigned units);
__attribute__ ((noinline)) void beta_work (unsigned units);

__attribute__ ((noinline)) void
alpha_work (unsigned units)
{
  uint64_t x = sink + 3;

  for (unsigned long i = 0; i < (unsigned long) units * UNIT; i++)
    x = x * 2862933555777941757u + 3037000493u;
  sink = x;
}

__attribute__ ((noinline)) void
beta_work (unsigned units)
{
  uint64_t x = sink + 5;

  for (unsigned long i = 0; i < (unsigned long) units * UNIT; i++)
    x = (x ^ (x >> 7)) * 3202034522624059733u + 1u;
  sink = x;
}

/* Runs @units of work inside region @name and adds its CPU time to @ns. */
static void
timed_region (const char *name,
              unsigned    units,
              uint64_t   *ns)
{
  uint64_t t0;

  cs_region_begin (name);
  t0 = thread_cpu_ns ();
  work (units);
  *ns += thread_cpu_ns () - t0;
  cs_region_end ();
}

static void
mode_ratio (unsigned n)
{
  uint64_t one = 0, two = 0, four = 0;

  for (unsigned e = 0; e < n; e++)
    {
      timed_region ("one", 1, &one);
      timed_region ("two", 2, &two);
      timed_region ("four", 4, &four);
      cs_region_event_done ();
    }
  fprintf (oracle, "one %llu\ntwo %llu\nfour %llu\n", (unsigned long long) one,
           (unsigned long long) two, (unsigned long long) four);
}

static void
recurse (unsigned depth,
         uint64_t *inner_ns)
{
  uint64_t t0;

  cs_region_begin ("inner");
  t0 = thread_cpu_ns ();
  work (1);
  *inner_ns += thread_cpu_ns () - t0;
  if (depth > 1)
    recurse (depth - 1, inner_ns);
  cs_region_end ();
}

static void
mode_nested (unsigned n)
{
  uint64_t outer_self = 0, inner = 0, outer_total = 0;

  for (unsigned e = 0; e < n; e++)
    {
      uint64_t t0, t1, t2;

      cs_region_begin ("outer");
      t0 = thread_cpu_ns ();
      work (1);
      t1 = thread_cpu_ns ();
      recurse (2, &inner);
      t2 = thread_cpu_ns ();
      work (1);
      outer_self += (t1 - t0) + (thread_cpu_ns () - t2);
      outer_total += thread_cpu_ns () - t0;
      cs_region_end ();
      cs_region_event_done ();
    }
  fprintf (oracle, "outer_self %llu\nouter_total %llu\ninner %llu\n",
           (unsigned long long) outer_self, (unsigned long long) outer_total,
           (unsigned long long) inner);
}

typedef struct
{
  unsigned  n;
  unsigned  units;
  uint64_t  ns;
  pid_t     tid;
} Worker;

static void *
worker (void *data)
{
  Worker *w = data;

  w->tid = gettid ();
  for (unsigned e = 0; e < w->n; e++)
    timed_region ("shared", w->units, &w->ns);
  return NULL;
}

static void
mode_threads (unsigned n)
{
  Worker w[2] = { { n, 1, 0, 0 }, { n, 3, 0, 0 } };
  pthread_t t[2];

  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, &w[i]);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < 2; i++)
    fprintf (oracle, "thread %d %llu %u\n", (int) w[i].tid, (unsigned long long) w[i].ns, w[i].n);
}

static void
mode_skip (unsigned n)
{
  for (unsigned e = 0; e < n; e++)
    {
      cs_region_begin ("work");
      work (1);
      cs_region_end ();
      cs_region_event_done ();
    }
  fprintf (oracle, "events %u\n", n);
}

static void
mode_exit (void)
{
  uint64_t t0;

  cs_region_begin ("outer");
  cs_region_begin ("leaving");
  t0 = thread_cpu_ns ();
  /* enough work that the region's share of writing the oracle and of
   * exiting (outside the oracle's measurement) stays well under 10 % */
  work (40);
  fprintf (oracle, "leaving %llu\n", (unsigned long long) (thread_cpu_ns () - t0));
  fclose (oracle);
  exit (0);
}

static void
mode_disjoint (unsigned n)
{
  for (unsigned e = 0; e < n; e++)
    {
      cs_region_begin ("alpha");
      alpha_work (1);
      cs_region_end ();
      cs_region_begin ("beta");
      beta_work (2);
      cs_region_end ();
      cs_region_event_done ();
    }
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  unsigned n = argc > 3 ? (unsigned) strtoul (argv[3], NULL, 10) : 10;

  if (argc < 3 || (oracle = fopen (argv[2], "a")) == NULL)
    {
      fprintf (stderr, "usage: cs-test-regions MODE ORACLE-FILE [N]\n");
      return 2;
    }
  if (strcmp (mode, "ratio") == 0)
    mode_ratio (n);
  else if (strcmp (mode, "nested") == 0)
    mode_nested (n);
  else if (strcmp (mode, "threads") == 0)
    mode_threads (n);
  else if (strcmp (mode, "skip") == 0)
    mode_skip (n);
  else if (strcmp (mode, "exit") == 0)
    mode_exit ();
  else if (strcmp (mode, "disjoint") == 0)
    mode_disjoint (n);
  else if (strcmp (mode, "unmatched") == 0)
    {
      cs_region_begin ("once");
      work (1);
      cs_region_end ();
      cs_region_end ();
    }
  else if (strcmp (mode, "none") == 0)
    work (1);
  else
    {
      fprintf (stderr, "cs-test-regions: unknown mode %s\n", mode);
      return 2;
    }
  fclose (oracle);
  return 0;
}
