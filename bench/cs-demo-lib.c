/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-demo-lib.c — CPU-bound and branch-heavy kernels of cs-demo (libcsdemo.so) */
#include <stdlib.h>
#include <time.h>

#include "cs-demo-lib.h"

double
csdemo_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A dependent chain of multiply-adds: the core is busy, memory is idle. */
__attribute__((noinline)) static uint64_t
cpu_chunk (uint64_t x,
           double  *f)
{
  double y = *f;

  for (int i = 0; i < 200000; i++)
    {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      y = y * 0.999999 + (double) (x >> 40) * 1e-9;
    }
  *f = y;
  return x;
}

uint64_t
csdemo_cpu_kernel (double seconds)
{
  double end = csdemo_now () + seconds;
  uint64_t x = 1;
  double f = 1.0;

  while (csdemo_now () < end)
    x = cpu_chunk (x, &f);
  return x ^ (uint64_t) f;
}

/* Data-dependent branches the predictor cannot learn. The empty asm keeps
 * the compiler from turning the branch into a conditional move. */
__attribute__((noinline)) static uint64_t
branch_chunk (const unsigned char *data,
              size_t               n,
              uint64_t             sum)
{
  for (size_t i = 0; i < n; i++)
    {
      if (data[i] & 1)
        {
          sum += data[i] * 3u;
          __asm__ volatile ("" : "+r" (sum));
        }
      else
        sum ^= data[i];
    }
  return sum;
}

uint64_t
csdemo_branch_kernel (double seconds)
{
  enum { N = 1 << 16 };
  unsigned char *data = malloc (N);
  double end = csdemo_now () + seconds;
  uint64_t sum = 0;
  unsigned int seed = 12345;

  for (size_t i = 0; i < N; i++)
    data[i] = (unsigned char) rand_r (&seed);
  while (csdemo_now () < end)
    sum = branch_chunk (data, N, sum);
  free (data);
  return sum;
}
