/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmp-work.c — one source the comparison tests build several ways
 *
 * Three functions with a fixed amount of work each, in units of a
 * dependent multiply chain: hot_a (4 units; 2 with -DHALF, the
 * "optimisation" that halves its work), hot_b (3), cold_c (0.3), and a
 * static helper of 1 unit whose name depends on -DVARIANT (variant_one or
 * variant_two), so that each build has a function the other lacks. The
 * work is counted, not timed, so a function's share of the CPU time does
 * not depend on how loaded the machine is.
 *
 * Usage: cmp-work [UNITS_SCALE]   (default 1: about 0.3 s of CPU time)
 */
#include <stdio.h>
#include <stdlib.h>

#ifndef VARIANT
#define VARIANT 1
#endif

/* Each function's work is spread over ROUNDS calls. */
#define ROUNDS 200
#define UNIT (20000000UL / ROUNDS)

volatile unsigned long cmp_sink;

/* The chain cannot be folded, vectorised or unrolled into independent
 * steps: each step needs the last, and the shift makes it non-linear (a
 * linear recurrence clang rewrites to run several steps at once).
 * Always inlined, also under -fno-inline: the work stays in the functions
 * the tests name. */
__attribute__((always_inline)) static inline unsigned long
chain (unsigned long x,
       unsigned long n)
{
  for (unsigned long i = 0; i < n; i++)
    x = (x ^ (x >> 29)) * 6364136223846793005UL + i;
  return x;
}

__attribute__((noinline)) unsigned long
hot_a (unsigned long seed,
       unsigned long scale)
{
#ifdef HALF
  return chain (seed, 2 * UNIT * scale);
#else
  return chain (seed, 4 * UNIT * scale);
#endif
}

__attribute__((noinline)) unsigned long
hot_b (unsigned long seed,
       unsigned long scale)
{
  return chain (seed, 3 * UNIT * scale);
}

__attribute__((noinline)) unsigned long
cold_c (unsigned long seed,
        unsigned long scale)
{
  return chain (seed, 3 * UNIT * scale / 10);
}

#if VARIANT == 1
__attribute__((noinline)) static unsigned long
variant_one (unsigned long seed,
             unsigned long scale)
{
  return chain (seed, UNIT * scale);
}
#else
/* Other code in front of the work: the rebuilt program's functions sit at
 * other addresses. */
__attribute__((noinline, used)) static unsigned long
padding (unsigned long x)
{
  volatile unsigned long table[64] = { 0 };

  for (unsigned i = 0; i < 64; i++)
    table[i] = x ^ i;
  return table[x % 64];
}

__attribute__((noinline)) static unsigned long
variant_two (unsigned long seed,
             unsigned long scale)
{
  return chain (seed, UNIT * scale) + padding (scale);
}
#endif

int
main (int    argc,
      char **argv)
{
  unsigned long scale = argc > 1 ? strtoul (argv[1], NULL, 10) : 1;

  if (scale == 0)
    scale = 1;
  /* In rounds, the functions taking turns: a burst of load on the machine
   * then slows them alike, not the one that happened to run then. Each
   * call starts from its round, so no call can be hoisted out of the loop. */
  for (unsigned round = 0; round < ROUNDS; round++)
    {
      cmp_sink += hot_a (round, scale);
      cmp_sink += hot_b (round, scale);
      cmp_sink += cold_c (round, scale);
#if VARIANT == 1
      cmp_sink += variant_one (round, scale);
#else
      cmp_sink += variant_two (round, scale);
#endif
    }
  printf ("%lu\n", cmp_sink);
  return 0;
}
