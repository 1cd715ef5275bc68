/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwarf-workload.c — a program whose stacks only DWARF unwinding can walk,
 * for the DWARF call-graph tests and benchmark
 *
 *   dwarf-workload ROUNDS [--threads N] [--signal]     fixed work
 *   dwarf-workload --cpu SECONDS [--threads N]          each thread burns
 *                                                       SECONDS of CPU time
 *
 * Built -O2 -g without frame pointers, like a distribution's release build,
 * and linked to a shared library built the same way. Each thread (the main
 * one and N - 1 others, two by default) runs rounds of:
 *
 *  - libm: sin, exp and log1p in a loop (the C library's own code, no frame
 *    pointers either);
 *  - libc calling back: qsort() with a comparator of this program, so that
 *    samples in the comparator have the C library's sort between them and
 *    their caller;
 *  - the shared library calling back: dwl_lib_fold() calls fold_step()
 *    through a pointer and works itself;
 *  - recursion with a frame of a few hundred bytes each: a stack a few
 *    kilobytes deep (deeper than a short stack copy).
 *
 * With --signal a profiling timer (ITIMER_PROF, every 2 ms of CPU time)
 * runs a handler that works for a while: samples in it have a signal
 * frame between the handler and the code it interrupted.
 *
 * The fixed-work form calls no clock (no sample falls in the vDSO); --cpu
 * reads the thread's CPU clock once per round.
 */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "dwarf-workload.h"

#define N_KEYS   512
#define DEPTH    10
#define PAD      320

static volatile uint64_t sink;
static volatile double fsink;

__attribute__ ((noinline)) static double
math_part (uint64_t x)
{
  double acc = 0;

  for (int i = 0; i < 2000; i++)
    {
      double v = (double) ((x + i) & 1023) / 256.0 + 0.01;

      acc += sin (v) * exp (-v) + log1p (v);
    }
  return acc;
}

/* Inlined into the comparator: a frame that stands for two functions. */
static inline __attribute__ ((always_inline)) uint64_t
mix_key (uint64_t k)
{
  for (int i = 0; i < 4; i++)
    k = (k ^ (k >> 17)) * 0xed5ad4bbu + (uint64_t) i;
  return k;
}

__attribute__ ((noinline)) static int
compare_keys (const void *a, const void *b)
{
  uint64_t ka = mix_key (*(const uint64_t *) a);
  uint64_t kb = mix_key (*(const uint64_t *) b);

  return ka < kb ? -1 : ka > kb;
}

__attribute__ ((noinline)) static uint64_t
sort_part (uint64_t x)
{
  uint64_t keys[N_KEYS];

  for (int i = 0; i < N_KEYS; i++)
    keys[i] = x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  qsort (keys, N_KEYS, sizeof keys[0], compare_keys);
  return keys[N_KEYS / 2];
}

__attribute__ ((noinline)) static uint64_t
fold_step (uint64_t x, uint64_t i)
{
  for (int k = 0; k < 40; k++)
    x = (x << 5 | x >> 59) ^ (i + (uint64_t) k);
  return x;
}

__attribute__ ((noinline)) static uint64_t
lib_part (uint64_t x)
{
  return dwl_lib_fold (fold_step, x, 2500);
}

/* Each level keeps a buffer live across the call, so the stack grows by
 * PAD bytes a level. */
__attribute__ ((noinline)) static uint64_t
descend (uint64_t x, int depth)
{
  volatile unsigned char pad[PAD];

  for (int i = 0; i < PAD; i += 8)
    pad[i] = (unsigned char) (x >> (i & 63));
  for (int i = 0; i < 3000; i++)
    x = x * 0x9e3779b97f4a7c15ULL + pad[i % PAD];
  if (depth > 0)
    x = descend (x, depth - 1) + pad[depth];
  return x;
}

__attribute__ ((noinline)) static uint64_t
one_round (uint64_t x)
{
  fsink = math_part (x);
  x ^= sort_part (x);
  x ^= lib_part (x);
  x ^= descend (x, DEPTH);
  return x;
}

__attribute__ ((noinline)) static uint64_t
tick_work (uint64_t x)
{
  for (int i = 0; i < 300000; i++)
    x = (x >> 7 | x << 57) + 0x2545f4914f6cdd1dULL;
  return x;
}

static void
on_tick (int signum)
{
  sink += tick_work ((uint64_t) signum + sink);
}

typedef struct
{
  uint64_t rounds;
  double   cpu_seconds;
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
      x = one_round (x + r);
  else
    while (thread_cpu_seconds () < job->cpu_seconds)
      x = one_round (x);
  sink += x;
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  uint64_t rounds = 0;
  double cpu = 0;
  int threads = 2, next = 2;
  int with_signal = 0;
  pthread_t *ids;
  Job *jobs;

  if (argc < 2)
    {
      fprintf (stderr, "usage: dwarf-workload ROUNDS|--cpu SECONDS [--threads N] [--signal]\n");
      return 2;
    }
  if (strcmp (argv[1], "--cpu") == 0 && argc >= 3)
    {
      cpu = strtod (argv[2], NULL);
      next = 3;
    }
  else
    rounds = strtoull (argv[1], NULL, 10);
  for (int i = next; i < argc; i++)
    {
      if (strcmp (argv[i], "--threads") == 0 && i + 1 < argc)
        threads = atoi (argv[++i]);
      else if (strcmp (argv[i], "--signal") == 0)
        with_signal = 1;
      else
        {
          fprintf (stderr, "dwarf-workload: unknown argument %s\n", argv[i]);
          return 2;
        }
    }
  if ((rounds == 0 && cpu <= 0) || threads < 1 || threads > 64)
    {
      fprintf (stderr, "dwarf-workload: bad arguments\n");
      return 2;
    }
  if (with_signal)
    {
      struct sigaction sa = { .sa_handler = on_tick };
      struct itimerval every = { { 0, 2000 }, { 0, 2000 } };

      sigemptyset (&sa.sa_mask);
      sa.sa_flags = SA_RESTART;
      sigaction (SIGPROF, &sa, NULL);
      setitimer (ITIMER_PROF, &every, NULL);
    }

  ids = calloc ((size_t) threads, sizeof *ids);
  jobs = calloc ((size_t) threads, sizeof *jobs);
  for (int t = 0; t < threads; t++)
    {
      jobs[t].rounds = rounds;
      jobs[t].cpu_seconds = cpu;
      jobs[t].seed = 0x1234567ULL * (uint64_t) (t + 1);
    }
  for (int t = 1; t < threads; t++)
    pthread_create (&ids[t], NULL, worker, &jobs[t]);
  worker (&jobs[0]);
  for (int t = 1; t < threads; t++)
    pthread_join (ids[t], NULL);
  if (with_signal)
    {
      struct itimerval off = { { 0, 0 }, { 0, 0 } };

      setitimer (ITIMER_PROF, &off, NULL);
    }
  printf ("%llu\n", (unsigned long long) sink);
  free (ids);
  free (jobs);
  return 0;
}
