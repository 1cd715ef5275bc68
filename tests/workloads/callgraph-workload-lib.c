/* SPDX-License-Identifier: GPL-3.0-or-later */
/* callgraph-workload-lib.c — the shared library of callgraph-workload */
#include "callgraph-workload.h"

__attribute__ ((noinline)) uint64_t
cgw_lib_hash (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = (x ^ (x >> 31)) * 0x9e3779b97f4a7c15ULL + i;
  return x;
}

__attribute__ ((noinline)) uint64_t
cgw_lib_apply (CgwCallback callback, uint64_t x, uint64_t rounds, uint64_t n)
{
  for (uint64_t r = 0; r < rounds; r++)
    {
      x = callback (x, n);
      x = cgw_lib_hash (x, n / 2);
    }
  return x;
}
