/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-spin.c — a CPU-bound loop in one hot function
 *
 *   cs-spin [SECONDS]           burn SECONDS (default 1) of CPU time
 *   cs-spin --fixed [SECONDS]   do a fixed amount of work, about SECONDS here
 *   … --timer HZ                 also take HZ timer interrupts per second
 *
 * The first form is for sampling tests (a known duration, whatever the
 * machine); the second for benchmarks, where the work must not change with
 * the overhead being measured. Almost all cycles are spent in cs_spin_hot().
 *
 * --timer arms a POSIX interval timer with an empty signal handler: the cost
 * of the interrupts alone, without perf, which bench-record-overhead sets
 * beside the cost of sampling at the same rate (in a VM each interrupt is a
 * trip through the hypervisor that no collector can avoid).
 */
#include <signal.h>
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

static void
on_timer (int signum)
{
}

static int
start_timer (const char *hz_arg)
{
  struct sigaction action = { 0 };
  struct sigevent event = { 0 };
  struct itimerspec spec = { 0 };
  long hz = atol (hz_arg);
  timer_t timer;

  if (hz <= 0 || hz > 100000)
    return -1;
  action.sa_handler = on_timer;
  action.sa_flags = SA_RESTART;
  sigaction (SIGRTMIN, &action, NULL);
  event.sigev_notify = SIGEV_SIGNAL;
  event.sigev_signo = SIGRTMIN;
  if (timer_create (CLOCK_MONOTONIC, &event, &timer) != 0)
    return -1;
  spec.it_interval.tv_nsec = 1000000000L / hz;
  spec.it_value = spec.it_interval;
  return timer_settime (timer, 0, &spec, NULL);
}

int
main (int    argc,
      char **argv)
{
  const char *arg;
  double seconds;
  uint64_t r;
  int fixed;

  if (argc > 2 && strcmp (argv[argc - 2], "--timer") == 0)
    {
      if (start_timer (argv[argc - 1]) != 0)
        {
          fprintf (stderr, "cs-spin: cannot start a %s Hz timer\n", argv[argc - 1]);
          return 2;
        }
      argc -= 2;
    }
  fixed = argc > 1 && strcmp (argv[1], "--fixed") == 0;
  arg = argc > 1 + fixed ? argv[1 + fixed] : "1";
  seconds = atof (arg);

  if (seconds < 0 || (argc > 1 && !fixed && argv[1][0] == '-'))
    {
      fprintf (stderr, "usage: cs-spin [--fixed] [SECONDS] [--timer HZ]\n");
      return 2;
    }
  if (fixed)
    r = cs_spin_hot ((uint64_t) (seconds * FIXED_ITERATIONS_PER_SECOND), 0);
  else
    r = cs_spin_hot (0, seconds);
  /* Using the result keeps the loop from being optimised away. */
  return r == 42 ? 1 : 0;
}
