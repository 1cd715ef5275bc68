/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-hot-loop.c — a CPU-bound program for the sampling tests
 *
 * Spends nearly all its time in cs_hot_loop(), a function of its own that the
 * tests find by ELF symbol range. Built -O1 -g, never inlined. Runs for a
 * given amount of *CPU* time per thread (not wall time), so the expected
 * number of cpu-clock samples does not depend on how loaded the machine is.
 *
 * Usage: cs-test-hot-loop [SECONDS [THREADS]]   (default 1.0 s, 1 thread)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

volatile unsigned long cs_hot_sink;
/* Read through a volatile so the compiler, which sees that cs_hot_loop()
 * depends on its argument only, cannot hoist the call out of the loop. */
volatile unsigned long cs_hot_iterations = 400000;

__attribute__((noinline)) unsigned long
cs_hot_loop (unsigned long n)
{
  unsigned long x = n;

  /* A dependent multiply chain the compiler cannot fold. */
  for (unsigned long i = 0; i < n; i++)
    x = x * 6364136223846793005UL + i;
  return x;
}

static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void *
spin (void *data)
{
  double seconds = *(const double *) data;
  double start = thread_cpu_seconds ();

  /* About a millisecond per call: the clock is read rarely enough to be
   * invisible in the profile. */
  do
    cs_hot_sink += cs_hot_loop (cs_hot_iterations);
  while (thread_cpu_seconds () - start < seconds);
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  double seconds = argc > 1 ? atof (argv[1]) : 1.0;
  int n_threads = argc > 2 ? atoi (argv[2]) : 1;
  pthread_t threads[64];

  if (n_threads < 1 || n_threads > 64)
    {
      fprintf (stderr, "cs-test-hot-loop: 1 to 64 threads\n");
      return 2;
    }
  for (int i = 1; i < n_threads; i++)
    pthread_create (&threads[i], NULL, spin, &seconds);
  spin (&seconds);
  for (int i = 1; i < n_threads; i++)
    pthread_join (threads[i], NULL);
  return 0;
}
