/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwarf-workload-lib.c — the shared library of dwarf-workload, built like
 * the program: -O2, no frame pointers */
#include "dwarf-workload.h"

__attribute__ ((noinline)) uint64_t
dwl_lib_churn (uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9ULL + i;
  return x;
}

__attribute__ ((noinline)) uint64_t
dwl_lib_fold (DwlStep step, uint64_t x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    {
      x = step (x, i);
      if ((i & 15) == 0)
        x = dwl_lib_churn (x, 64);
    }
  return x;
}
