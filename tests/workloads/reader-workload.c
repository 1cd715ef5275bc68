/* SPDX-License-Identifier: GPL-3.0-or-later */
/* reader-workload.c — a predictable program to record with perf in the reader tests
 *
 * reader-workload [MS [PAGES [THREADS]]]: each of THREADS threads burns MS
 * milliseconds of its own CPU time (so cpu-clock samples do not depend on
 * how busy the machine is), after the main thread touched PAGES fresh pages
 * (page faults).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static long spin_ms = 200;
static volatile unsigned long sink;

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Kept out of line so that samples land in a symbol of this program. */
__attribute__((noinline)) static unsigned long
burn (unsigned long x)
{
  for (int i = 0; i < 10000; i++)
    x = x * 6364136223846793005UL + 1442695040888963407UL;
  return x;
}

static void *
spin (void *data)
{
  double start = thread_cpu_ms ();
  unsigned long x = (unsigned long) data;

  while (thread_cpu_ms () - start < spin_ms)
    x = burn (x);
  sink = x;
  return NULL;
}

int
main (int argc, char **argv)
{
  long pages = 256, threads = 1;
  pthread_t tids[64];
  char *mem;

  if (argc > 1)
    spin_ms = atol (argv[1]);
  if (argc > 2)
    pages = atol (argv[2]);
  if (argc > 3)
    threads = atol (argv[3]);
  if (threads < 1 || threads > 64)
    threads = 1;

  if (pages > 0)
    {
      mem = mmap (NULL, pages * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (mem == MAP_FAILED)
        return 1;
      for (long i = 0; i < pages; i++)
        mem[i * 4096] = (char) i;
      munmap (mem, pages * 4096);
    }
  for (long i = 1; i < threads; i++)
    pthread_create (&tids[i], NULL, spin, (void *) i);
  spin (NULL);
  for (long i = 1; i < threads; i++)
    pthread_join (tids[i], NULL);
  return 0;
}
