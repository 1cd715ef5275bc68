/* cs-spin.c — a CPU-bound loop in one hot function
 *
 *   cs-spin [SECONDS]           burn SECONDS (default 1) of CPU time
 *   cs-spin --fixed [SECONDS]   do a fixed amount of work, about SECONDS here
 *
 * The first form is for sampling tests (a known duration, whatever the
 * machine); the second for benchmarks, where the work must not change with
 * the overhead being measured. Almost all cycles are spent in cs_spin_hot().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Iterations of the inner loop per second on the development VM. */
#define FIXED_ITERATIONS_PER_SECOND 690000000.0

uint64_t cs_spin_hot (uint64_t iterations, double cpu_seconds);

static double
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* With @cpu_seconds > 0 runs until that much CPU time is used (checking the
 * clock every 2^20 iterations), otherwise exactly @iterations. */
__attribute__((noinline)) uint64_t
cs_spin_hot (uint64_t iterations,
             double   cpu_seconds)
{
  uint64_t x = 88172645463325252ULL;
  double end = cpu_seconds > 0 ? cpu_now () + cpu_seconds : 0;

  for (uint64_t i = 0; cpu_seconds > 0 || i < iterations; i++)
    {
      /* xorshift: a short dependent chain, no memory traffic. */
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      if (cpu_seconds > 0 && (i & ((1u << 20) - 1)) == 0 && cpu_now () >= end)
        break;
    }
  return x;
}

int
main (int    argc,
      char **argv)
{
  int fixed = argc > 1 && strcmp (argv[1], "--fixed") == 0;
  const char *arg = argc > 1 + fixed ? argv[1 + fixed] : "1";
  double seconds = atof (arg);
  uint64_t r;

  if (seconds < 0 || (argc > 1 && !fixed && argv[1][0] == '-'))
    {
      fprintf (stderr, "usage: cs-spin [--fixed] [SECONDS]\n");
      return 2;
    }
  if (fixed)
    r = cs_spin_hot ((uint64_t) (seconds * FIXED_ITERATIONS_PER_SECOND), 0);
  else
    r = cs_spin_hot (0, seconds);
  /* Using the result keeps the loop from being optimised away. */
  return r == 42 ? 1 : 0;
}
