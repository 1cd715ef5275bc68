/* SPDX-License-Identifier: GPL-3.0-or-later */
/* profile-workload.c — a CPU-bound program for the profile tests and the
 * import benchmark
 *
 *   profile-workload THREADS MILLIONS           fixed work: each thread runs
 *                                               MILLIONS million iterations
 *   profile-workload THREADS --cpu SECONDS      each thread burns SECONDS of
 *                                               its own CPU time
 *
 * Work is split between two functions of this program and two of
 * libcsprofwork.so, with a different mix per thread, so that a profile has
 * two DSOs, several threads and percentages that are not all equal. The
 * fixed-work form calls no clock: none of its samples land in the vDSO,
 * whose symbols only perf's build-id cache can resolve.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "profile-workload.h"

#define CHUNK 100000

static volatile uint64_t sink;

__attribute__ ((noinline)) static uint64_t
exe_hash (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = x * 6364136223846793005ULL + 1442695040888963407ULL + (x >> 29);
  return x;
}

__attribute__ ((noinline)) static uint64_t
exe_divide (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = x / 3 + 0x123456789ULL + i;
  return x;
}

typedef struct
{
  int      index;
  uint64_t chunks;       /* fixed work, or 0 */
  double   cpu_seconds;  /* burn this much instead */
} Job;

static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One chunk of every function, weighted by the thread's index:
 * thread 0 favours exe_hash, thread 1 the library, and so on. */
static uint64_t
one_round (int index, uint64_t x)
{
  uint64_t w = (uint64_t) (index % 3);

  x = exe_hash (x, CHUNK * (3 + (w == 0 ? 3 : 0)));
  x += exe_divide (x, CHUNK * 1);
  x = csprof_lib_mix (x, CHUNK * (2 + (w == 1 ? 3 : 0)));
  x += (uint64_t) csprof_lib_poly ((double) (x & 255), CHUNK * (1 + (w == 2 ? 2 : 0)));
  return x;
}

static void *
run (void *data)
{
  Job *job = data;
  uint64_t x = 42 + (uint64_t) job->index;

  if (job->chunks > 0)
    for (uint64_t c = 0; c < job->chunks; c++)
      x = one_round (job->index, x);
  else
    {
      double start = thread_cpu_seconds ();

      while (thread_cpu_seconds () - start < job->cpu_seconds)
        x = one_round (job->index, x);
    }
  sink = x;
  return NULL;
}

int
main (int argc, char **argv)
{
  int threads = argc > 1 ? atoi (argv[1]) : 1;
  Job *jobs;
  pthread_t *tids;

  if (threads < 1 || argc < 3)
    {
      fprintf (stderr, "usage: profile-workload THREADS MILLIONS | THREADS --cpu SECONDS\n");
      return 2;
    }
  jobs = calloc (threads, sizeof *jobs);
  tids = calloc (threads, sizeof *tids);
  for (int i = 0; i < threads; i++)
    {
      jobs[i].index = i;
      if (strcmp (argv[2], "--cpu") == 0 && argc > 3)
        jobs[i].cpu_seconds = atof (argv[3]);
      else
        /* one round is about a million iterations */
        jobs[i].chunks = (uint64_t) (atof (argv[2]) + 0.5);
    }
  /* The main thread is thread 0, so that a single-threaded run has no
   * second thread at all. */
  for (int i = 1; i < threads; i++)
    pthread_create (&tids[i], NULL, run, &jobs[i]);
  run (&jobs[0]);
  for (int i = 1; i < threads; i++)
    pthread_join (tids[i], NULL);
  printf ("%llu\n", (unsigned long long) sink);
  free (jobs);
  free (tids);
  return 0;
}
