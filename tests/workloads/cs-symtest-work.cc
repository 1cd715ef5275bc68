/* SPDX-License-Identifier: GPL-3.0-or-later */
// cs-symtest-work.cc — the hot loops: mix() is always inlined into them, so
// their addresses belong to an inline frame.
#include "cs-symtest.h"

namespace cssym {
namespace work {

static inline __attribute__ ((always_inline)) double
mix (double a, double b)
{
  double t = a * 1.0000001 + b;
  return t * t * 0.5 - a * 0.25;
}

template <typename T>
T
Kernel<T>::run (const T *data, std::size_t n, int rounds)
{
  T acc = 0;
  for (int r = 0; r < rounds; r++)
    for (std::size_t i = 0; i < n; i++)
      acc = (T) mix ((double) data[i], (double) acc * 1e-9);
  return acc;
}

template class Kernel<double>;
template class Kernel<float>;

__attribute__ ((noinline)) double
hot_loop (const std::vector<double> &data, int rounds)
{
  double acc = 0;
  for (int r = 0; r < rounds; r++)
    for (double d : data)
      acc += mix (d, acc * 1e-9);
  return acc;
}

} // namespace work
} // namespace cssym
