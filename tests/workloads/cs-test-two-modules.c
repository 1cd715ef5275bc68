/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-two-modules.c — a workload whose samples fall in two modules
 *
 *   cs-test-two-modules [SECONDS]   (CPU time, default 0.5)
 *
 * Each round calls tm_exe_hot() here and tm_lib_hot() in
 * libcstesttwomodules.so, which does twice the work: the widget tests know
 * which module and which function must come first. Built -O1 -g.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cs-test-two-modules.h"

volatile unsigned long tm_sink;
/* Read through a volatile: tm_exe_hot() is pure, and with a constant
 * argument the compiler would call it once, outside the loop. */
volatile unsigned long tm_iterations = 200000;

__attribute__((noinline)) unsigned long
tm_exe_hot (unsigned long n)
{
  unsigned long x = n;

  for (unsigned long i = 0; i < n; i++)
    x = x * 6364136223846793005UL + (i ^ (x >> 29));
  return x;
}

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

int
main (int    argc,
      char **argv)
{
  double seconds = argc > 1 ? atof (argv[1]) : 0.5;
  double start = cpu_seconds ();

  /* The clock is read every few milliseconds only: the samples belong to
   * the two hot functions, hardly ever to libc. */
  do
    for (int i = 0; i < 16; i++)
      {
        tm_sink += tm_exe_hot (tm_iterations);
        tm_sink += tm_lib_hot (tm_iterations);
      }
  while (cpu_seconds () - start < seconds);
  printf ("%lu\n", tm_sink);
  return 0;
}
