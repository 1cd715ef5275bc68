/* SPDX-License-Identifier: GPL-3.0-or-later */
/* callgraph-workload.c — call chains with every shape the call graph must
 * handle, for the call-graph tests and benchmark
 *
 *   callgraph-workload ROUNDS [--threads N]     fixed work
 *   callgraph-workload --cpu SECONDS [--threads N]   each thread burns SECONDS
 *                                               of its own CPU time (the
 *                                               benchmark's long recordings)
 *
 * Built -O1 -g -fno-omit-frame-pointer (and without sibling calls) so that
 * perf record -g walks every frame. Each thread (the main one and N - 1
 * others, two by default) runs ROUNDS rounds of:
 *
 *  - recursion: descend() calls itself DEPTH times and spends time at every
 *    level, so a function is several times on one stack;
 *  - calls through function pointers: a table of operations picked by the
 *    round number;
 *  - a shared library: cgw_lib_apply() in libcscgwork.so calls back into
 *    this program through a pointer, and does work of its own.
 *
 * Nothing is inlined (perf builds without libbfd expand no inline frames,
 * and the tests compare with perf); the inline expansion is tested on
 * cs-symtest, whose hot loops have an always-inlined function.
 *
 * The fixed-work form calls no clock, so that no sample falls into the
 * vDSO.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "callgraph-workload.h"

#define DEPTH 6
#define CHUNK 20000

static volatile uint64_t sink;

__attribute__ ((noinline)) static uint64_t
leaf_spin (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = x * 6364136223846793005ULL + 1442695040888963407ULL + (x >> 29);
  return x;
}

__attribute__ ((noinline)) static uint64_t
descend (uint64_t x, int depth)
{
  x = leaf_spin (x, CHUNK / 2);
  if (depth > 0)
    x = descend (x, depth - 1) + 1;
  return x;
}

__attribute__ ((noinline)) static uint64_t
op_divide (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = x / 3 + 0x123456789ULL + i;
  return x;
}

__attribute__ ((noinline)) static uint64_t
op_rotate (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = ((x << 7) | (x >> 57)) + i;
  return leaf_spin (x, n / 4);
}

static uint64_t (* const operations[]) (uint64_t, uint64_t) = { op_divide, op_rotate };

/* Called back from the library; it works itself too, so that samples land
 * in it (a function that only calls leaves is missing from the stacks of
 * samples taken in those leaves, which set up no frame of their own). */
__attribute__ ((noinline)) static uint64_t
callback_work (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n / 4; i++)
    x = (x >> 3) ^ (x * 0x2545f4914f6cdd1dULL) ^ i;
  return op_divide (x, n / 2) + leaf_spin (x, n / 4);
}

__attribute__ ((noinline)) static uint64_t
one_round (uint64_t x, uint64_t round)
{
  x = descend (x, DEPTH);
  x = operations[round % 2] (x, CHUNK);
  x = cgw_lib_apply (callback_work, x, 2, CHUNK);
  return x;
}

typedef struct
{
  uint64_t rounds;       /* fixed work, or 0 */
  double   cpu_seconds;  /* burn this much instead */
  uint64_t seed;
} Job;

static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

__attribute__ ((noinline)) static void *
worker (void *data)
{
  Job *job = data;
  uint64_t x = job->seed;

  if (job->rounds > 0)
    for (uint64_t r = 0; r < job->rounds; r++)
      x = one_round (x, r);
  else
    for (uint64_t r = 0; thread_cpu_seconds () < job->cpu_seconds; r++)
      x = one_round (x, r);
  sink = x;
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  uint64_t rounds = 0;
  double cpu = 0;
  int threads = 2, next = 2;
  pthread_t *ids;
  Job *jobs;

  if (argc < 2)
    {
      fprintf (stderr, "usage: callgraph-workload ROUNDS|--cpu SECONDS [--threads N]\n");
      return 2;
    }
  if (strcmp (argv[1], "--cpu") == 0 && argc >= 3)
    {
      cpu = strtod (argv[2], NULL);
      next = 3;
    }
  else
    rounds = strtoull (argv[1], NULL, 10);
  if (rounds == 0 && cpu <= 0)
    {
      fprintf (stderr, "callgraph-workload: nothing to do\n");
      return 2;
    }
  if (argc >= next + 2 && strcmp (argv[next], "--threads") == 0)
    threads = atoi (argv[next + 1]);
  if (threads < 1)
    threads = 1;

  ids = calloc ((size_t) threads, sizeof *ids);
  jobs = calloc ((size_t) threads, sizeof *jobs);
  for (int t = 0; t < threads; t++)
    {
      jobs[t].rounds = rounds;
      jobs[t].cpu_seconds = cpu;
      jobs[t].seed = 42 + (uint64_t) t;
    }
  for (int t = 1; t < threads; t++)
    if (pthread_create (&ids[t], NULL, worker, &jobs[t]) != 0)
      {
        perror ("pthread_create");
        return 1;
      }
  worker (&jobs[0]);
  for (int t = 1; t < threads; t++)
    pthread_join (ids[t], NULL);
  printf ("%llu\n", (unsigned long long) sink);
  free (ids);
  free (jobs);
  return 0;
}
