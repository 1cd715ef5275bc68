/* SPDX-License-Identifier: GPL-3.0-or-later */
/* timeline-workload.c — processes and threads that run at different times
 *
 * timeline-workload [MS]: for about MS milliseconds (default 800)
 *
 *   main thread "tl-main"   main_work, the whole time
 *   thread "tl-early"       early_work, the first half, then exits
 *   thread "tl-late"        sleeps through the first half, then late_work
 *   a child process         child_work for a tenth of the time under the
 *                           name it inherits ("tl-main"), then renames
 *                           itself "tl-child" and goes on until the middle
 *
 * Each calls tl_lib_spin() in libtlwork.so a third of the time, so the
 * samples fall in two modules. The phases end by the clock, not by an
 * amount of work: the tests compare two readers of one recording, never
 * counts against a fixed expectation.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "timeline-workload.h"

static double total;
static double start;
static volatile double sink;

static double
now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Spins in @step's caller until @until (seconds on the clock). */
static void
spin_until (double until,
            double (*step) (int))
{
  double x = 0;

  /* Long steps: the clock is read in the vDSO, whose symbols perf finds
   * in its build-id cache; a sliver of samples there is enough. */
  while (now () < until)
    {
      x += step (200000);
      x += tl_lib_spin (100000);
    }
  sink = x;
}

__attribute__((noinline)) static double
main_step (int n)
{
  double x = 0;

  for (int i = 0; i < n; i++)
    x += i * 0.5;
  return x;
}

__attribute__((noinline)) static double
early_step (int n)
{
  double x = 0;

  for (int i = 0; i < n; i++)
    x += i * 0.25;
  return x;
}

__attribute__((noinline)) static double
late_step (int n)
{
  double x = 0;

  for (int i = 0; i < n; i++)
    x += i * 0.125;
  return x;
}

__attribute__((noinline)) static double
child_step (int n)
{
  double x = 0;

  for (int i = 0; i < n; i++)
    x += i * 0.0625;
  return x;
}

__attribute__((noinline)) static void
main_work (void)
{
  spin_until (start + total, main_step);
}

__attribute__((noinline)) static void *
early_work (void *data)
{
  prctl (PR_SET_NAME, "tl-early");
  spin_until (start + total / 2, early_step);
  return NULL;
}

__attribute__((noinline)) static void *
late_work (void *data)
{
  prctl (PR_SET_NAME, "tl-late");
  usleep ((useconds_t) (total / 2 * 1e6));
  spin_until (start + total, late_step);
  return NULL;
}

__attribute__((noinline)) static void
child_work (void)
{
  spin_until (start + total / 10, child_step);
  prctl (PR_SET_NAME, "tl-child");
  spin_until (start + total / 2, child_step);
}

int
main (int    argc,
      char **argv)
{
  pthread_t early, late;
  pid_t child;

  total = (argc > 1 ? atof (argv[1]) : 800) / 1000.0;
  start = now ();
  prctl (PR_SET_NAME, "tl-main");
  child = fork ();
  if (child < 0)
    return 1;
  if (child == 0)
    {
      child_work ();
      _exit (0);
    }
  if (pthread_create (&early, NULL, early_work, NULL) != 0 ||
      pthread_create (&late, NULL, late_work, NULL) != 0)
    return 1;
  main_work ();
  pthread_join (early, NULL);
  pthread_join (late, NULL);
  waitpid (child, NULL, 0);
  printf ("%d %d\n", (int) getpid (), (int) child);
  return 0;
}
