/* SPDX-License-Identifier: GPL-3.0-or-later */
/* timeline-workload-lib.c — libtlwork.so: a second module every thread of
 * timeline-workload spends time in */
#include "timeline-workload.h"

__attribute__((noinline)) double
tl_lib_spin (int n)
{
  double x = 0;

  for (int i = 0; i < n; i++)
    x += i * 0.75;
  return x;
}
