/* SPDX-License-Identifier: GPL-3.0-or-later */
// cs-symtest-lib.cc — libcssymtest.so: exported C++ functions with local
// (static) helpers between them, so that a stripped copy has addresses
// that no dynamic symbol covers.
#include <cmath>

#include "cs-symtest.h"

static __attribute__ ((noinline)) double
lib_hidden_distance (const cssym::geom::Point &a, const cssym::geom::Point &b)
{
  double dx = a.x - b.x;
  double dy = a.y - b.y;
  return std::sqrt (dx * dx + dy * dy);
}

namespace cssym {
namespace geom {

Matcher::Matcher (double tolerance) : tolerance_ (tolerance) {}

int
Matcher::match (const std::vector<Point> &a, const std::vector<Point> &b) const
{
  int n = 0;
  for (const Point &p : a)
    for (const Point &q : b)
      if (lib_hidden_distance (p, q) < tolerance_)
        n++;
  return n;
}

} // namespace geom
} // namespace cssym

static __attribute__ ((noinline)) double
lib_hidden_rotate (double x, double angle)
{
  return x * std::cos (angle) - x * std::sin (angle) * 0.5;
}

namespace cssym {
namespace geom {

double
Matcher::project (const Point &p, double angle) const
{
  return lib_hidden_rotate (p.x, angle) + lib_hidden_rotate (p.y, angle + tolerance_);
}

template <typename T>
T
accumulate (const T *values, std::size_t n)
{
  T sum = 0;
  for (std::size_t i = 0; i < n; i++)
    sum += values[i] * values[i];
  return sum;
}

template int accumulate<int> (const int *, std::size_t);
template double accumulate<double> (const double *, std::size_t);

} // namespace geom
} // namespace cssym

static __attribute__ ((noinline)) int
lib_hidden_fill (std::vector<cssym::geom::Point> &v, int n, double step)
{
  for (int i = 0; i < n; i++)
    v.push_back ({ i * step, (n - i) * step });
  return (int) v.size ();
}

extern "C" double
cssym_library_entry (int rounds)
{
  std::vector<cssym::geom::Point> a, b;
  cssym::geom::Matcher m (0.75);
  double total = 0;

  lib_hidden_fill (a, 200, 0.5);
  lib_hidden_fill (b, 150, 0.7);
  for (int r = 0; r < rounds; r++)
    {
      total += m.match (a, b);
      total += m.project (a[r % a.size ()], r * 0.01);
    }
  int ints[4] = { 1, 2, 3, rounds };
  return total + cssym::geom::accumulate (ints, 4);
}
