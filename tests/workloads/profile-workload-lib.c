/* SPDX-License-Identifier: GPL-3.0-or-later */
/* profile-workload-lib.c — libcsprofwork.so: the library half of
 * profile-workload, so that its samples fall in two DSOs. */
#include <stdint.h>

#include "profile-workload.h"

__attribute__ ((noinline)) uint64_t
csprof_lib_mix (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = (x ^ (x >> 7)) * 0x9e3779b97f4a7c15ULL + i;
  return x;
}

__attribute__ ((noinline)) double
csprof_lib_poly (double x, uint64_t n)
{
  double acc = 0;

  for (uint64_t i = 0; i < n; i++)
    acc = acc * 0.999999 + x * (double) (i & 1023);
  return acc;
}
