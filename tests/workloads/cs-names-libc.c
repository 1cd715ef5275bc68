/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-libc.c — a workload that spends its time in libc and libm
 *
 *   cs-names-libc [ROUNDS]   (default 200)
 *
 * Calls the functions whose symbols have aliases in libc's symbol table
 * (random / __random, getppid / __GI___getppid, free / cfree, memcmp /
 * bcmp, write / __GI___libc_write) and a few libm functions, through the
 * PLT: the names tests compare what perf report calls them with ours.
 * A fixed amount of work per round, no clock.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

volatile double names_libc_sink;

int
main (int    argc,
      char **argv)
{
  long rounds = argc > 1 ? atol (argv[1]) : 200;
  char *a = malloc (4096), *b = malloc (4096);
  int devnull = open ("/dev/null", O_WRONLY);
  double s = 0;

  memset (a, 'x', 4096);
  memset (b, 'x', 4096);
  for (long r = 0; r < rounds; r++)
    {
      for (int i = 0; i < 20000; i++)
        {
          s += random () % 7;
          s += sin (i * 0.001) + exp (-i * 1e-6) + cos (s);
        }
      for (int i = 0; i < 2000; i++)
        {
          void *p = malloc (64 + i % 512);

          s += getppid () & 1;
          s += memcmp (a, b, 4096) == 0;
          free (p);
        }
      for (int i = 0; i < 200; i++)
        s += write (devnull, a, 16);
    }
  names_libc_sink = s;
  close (devnull);
  free (a);
  free (b);
  return 0;
}
