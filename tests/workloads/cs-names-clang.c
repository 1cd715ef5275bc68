/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-clang.c — a C program built with clang -g
 *
 *   cs-names-clang [ROUNDS]   (default 200)
 *
 * clang emits no .debug_aranges, and libdw 0.188 finds no source line
 * without them: the names tests check that our lines agree with
 * llvm-addr2line on this program. A fixed amount of work, no clock.
 */
#include <stdio.h>
#include <stdlib.h>

static inline unsigned
mix (unsigned x)
{
  x ^= x >> 13;
  x *= 0x5bd1e995u;
  return x ^ (x >> 15);
}

__attribute__((noinline)) static unsigned
hash_block (const unsigned *block,
            int             n)
{
  unsigned h = 2166136261u;

  for (int i = 0; i < n; i++)
    h = mix (h ^ block[i]);
  return h;
}

__attribute__((noinline)) static double
smooth (double *v,
        int     n)
{
  for (int i = 1; i + 1 < n; i++)
    v[i] = (v[i - 1] + 2 * v[i] + v[i + 1]) * 0.25;
  return v[n / 2];
}

int
main (int    argc,
      char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 200;
  static unsigned block[4096];
  static double v[4096];
  unsigned h = 0;
  double s = 0;

  for (int i = 0; i < 4096; i++)
    {
      block[i] = (unsigned) i * 2654435761u;
      v[i] = i % 17;
    }
  for (int r = 0; r < rounds; r++)
    {
      for (int k = 0; k < 20; k++)
        h += hash_block (block, 4096);
      for (int k = 0; k < 20; k++)
        s += smooth (v, 4096);
    }
  printf ("%u %f\n", h, s);
  return 0;
}
