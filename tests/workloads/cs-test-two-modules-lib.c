/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-two-modules-lib.c — the shared-library half of cs-test-two-modules
 *
 * tm_lib_hot() does twice the work of the executable's tm_exe_hot(), so a
 * recording has two modules with known hot functions, the library first.
 */
#include "cs-test-two-modules.h"

__attribute__((noinline)) unsigned long
tm_lib_hot (unsigned long n)
{
  unsigned long x = n;

  /* A dependent chain the compiler cannot fold or vectorise. */
  for (unsigned long i = 0; i < 2 * n; i++)
    x = (x ^ (x >> 11)) * 2862933555777941757UL + i;
  return x;
}
