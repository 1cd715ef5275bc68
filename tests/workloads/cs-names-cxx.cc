/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-cxx.cc — C++ templates and lambdas for the names tests
 *
 *   cs-names-cxx [ROUNDS]   (default 40)
 *
 * Function and class templates (out of line: their symbols carry template
 * arguments), a lambda kept out of line (its symbol is
 * "main::{lambda(int, int)#1}::operator()"), lambdas inlined into main, into
 * a member function and into std::sort, and a lambda inlined into main that
 * a std::function also holds (so the symbol table names its closure type).
 * Built -O2 -g: the inline chains are what the names tests check against
 * llvm-addr2line. A fixed amount of work, no clock.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace names
{
template <typename T, int N>
struct Grid
{
  T cells[N * N];

  __attribute__((noinline)) T
  relax (int rounds)
  {
    for (int r = 0; r < rounds; r++)
      for (int i = N; i < N * N - N; i++)
        cells[i] = (cells[i - 1] + cells[i + 1] + cells[i - N] + cells[i + N]) * T (0.25) + T (1);
    return cells[N * N / 2];
  }
};

template <typename T>
__attribute__((noinline)) T
accumulate_as (const std::vector<int> &v)
{
  T s = 0;

  for (int x : v)
    s = s * T (0.5) + T (x);
  return s;
}

struct Walker
{
  double step = 0.5;

  double
  run (int n)
  {
    auto hop = [this] (int a, int b) {
      double s = 0;

      for (int i = 0; i < a; i++)
        s += (i ^ b) * step;
      return s;
    };
    double t = 0;

    for (int k = 0; k < n; k++)
      t += hop (2000, k);
    return t;
  }
};
}

int
main (int    argc,
      char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 40;
  auto out_of_line = [] (int a, int b) __attribute__((noinline)) {
    double s = 0;

    for (int i = 0; i < a; i++)
      s += (i * b) % 7;
    return s;
  };
  auto inlined = [] (int a, int b) {
    double s = 0;

    for (int i = 0; i < a; i++)
      s += (i ^ b) * 0.25;
    return s;
  };
  std::function<double (int, int)> held = inlined;
  names::Grid<double, 64> grid = {};
  names::Grid<float, 32> small = {};
  names::Walker walker;
  std::vector<int> v (100000);
  double t = 0;

  for (int r = 0; r < rounds; r++)
    {
      for (size_t i = 0; i < v.size (); i++)
        v[i] = (int) ((i * 2654435761u) >> (r & 7));
      std::sort (v.begin (), v.end (), [] (int a, int b) { return (a % 1000) < (b % 1000); });
      t += names::accumulate_as<double> (v) + names::accumulate_as<float> (v);
      t += grid.relax (4) + small.relax (8);
      for (int k = 0; k < 40; k++)
        t += out_of_line (5000, k) + inlined (5000, k);
      t += held (100, r) + walker.run (40);
    }
  printf ("%f\n", t);
  return 0;
}
