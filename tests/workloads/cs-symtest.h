/* SPDX-License-Identifier: GPL-3.0-or-later */
// cs-symtest.h — the symbolizer's C++ test program: namespaces, templates,
// an always-inlined function in a hot loop, two translation units and a
// shared library (see tests/symbolizer/meson.build).
#pragma once

#include <cstddef>
#include <vector>

namespace cssym {
namespace geom {

struct Point
{
  double x;
  double y;
};

class Matcher
{
public:
  explicit Matcher (double tolerance);
  int match (const std::vector<Point> &a, const std::vector<Point> &b) const;
  double project (const Point &p, double angle) const;

private:
  double tolerance_;
};

template <typename T> T accumulate (const T *values, std::size_t n);

} // namespace geom

namespace work {

template <typename T> class Kernel
{
public:
  static T run (const T *data, std::size_t n, int rounds);
};

double hot_loop (const std::vector<double> &data, int rounds);

} // namespace work
} // namespace cssym

extern "C" double cssym_library_entry (int rounds);
