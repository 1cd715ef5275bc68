// SPDX-License-Identifier: GPL-3.0-or-later
/* dwarf-workload-cxx.cc — C++ whose stacks only DWARF unwinding can walk,
 * with inlining and exceptions, for the DWARF call-graph tests
 *
 *   dwarf-workload-cxx ROUNDS [--threads N]
 *
 * Built -O2 -g without frame pointers. Each thread (two by default) runs
 * rounds of:
 *
 *  - std::sort of records with a lambda comparator: the comparator and
 *    the sort's helpers are inlined into a few emitted functions, so most
 *    frames stand for an inline chain;
 *  - a reduction through an always-inlined helper;
 *  - exceptions: a parser that throws on every seventh token, caught two
 *    calls up, so that samples land in the C++ runtime's unwinder
 *    (libstdc++, libgcc_s), itself without frame pointers.
 */
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace dwl
{
struct Record
{
  uint64_t key;
  uint32_t weight;
};

static volatile uint64_t sink;

static inline __attribute__ ((always_inline)) uint64_t
scramble (uint64_t v)
{
  v ^= v >> 33;
  v *= 0xff51afd7ed558ccdULL;
  v ^= v >> 33;
  return v;
}

class Sorter
{
public:
  explicit Sorter (uint64_t seed) : records_ (2048)
  {
    for (auto &r : records_)
      {
        seed = seed * 6364136223846793005ULL + 1;
        r.key = seed;
        r.weight = static_cast<uint32_t> (seed >> 40);
      }
  }

  __attribute__ ((noinline)) uint64_t
  run ()
  {
    std::sort (records_.begin (), records_.end (),
               [] (const Record &a, const Record &b) { return scramble (a.key) < scramble (b.key); });
    return records_[records_.size () / 2].key;
  }

  __attribute__ ((noinline)) uint64_t
  reduce () const
  {
    return std::accumulate (records_.begin (), records_.end (), uint64_t (0),
                            [] (uint64_t acc, const Record &r) {
                              for (int i = 0; i < 8; i++)
                                acc = scramble (acc + r.weight + static_cast<uint64_t> (i));
                              return acc;
                            });
  }

private:
  std::vector<Record> records_;
};

__attribute__ ((noinline)) static uint64_t
parse_token (uint64_t i, uint64_t x)
{
  if (i % 7 == 3)
    throw std::runtime_error ("token " + std::to_string (i));
  for (int k = 0; k < 30; k++)
    x = scramble (x + static_cast<uint64_t> (k));
  return x;
}

__attribute__ ((noinline)) static uint64_t
parse_line (uint64_t first, uint64_t x)
{
  for (uint64_t i = first; i < first + 4; i++)
    x = parse_token (i, x);
  return x;
}

__attribute__ ((noinline)) static uint64_t
parse_all (uint64_t x)
{
  uint64_t failures = 0;

  for (uint64_t line = 0; line < 300; line++)
    {
      try
        {
          x = parse_line (line * 4, x);
        }
      catch (const std::runtime_error &e)
        {
          failures += std::strlen (e.what ());
        }
    }
  return x + failures;
}

__attribute__ ((noinline)) static void
work (uint64_t rounds, uint64_t seed)
{
  uint64_t x = seed;

  for (uint64_t r = 0; r < rounds; r++)
    {
      Sorter sorter (x + r);

      x ^= sorter.run ();
      x ^= sorter.reduce ();
      x ^= parse_all (x);
    }
  sink = sink + x;
}
} // namespace dwl

int
main (int argc, char **argv)
{
  int threads = 2;

  if (argc < 2)
    {
      std::fprintf (stderr, "usage: dwarf-workload-cxx ROUNDS [--threads N]\n");
      return 2;
    }
  uint64_t rounds = std::strtoull (argv[1], nullptr, 10);
  if (argc >= 4 && std::strcmp (argv[2], "--threads") == 0)
    threads = std::atoi (argv[3]);
  if (rounds == 0 || threads < 1 || threads > 64)
    return 2;

  std::vector<std::thread> others;
  for (int t = 1; t < threads; t++)
    others.emplace_back (dwl::work, rounds, 0x9e3779b9ULL * static_cast<uint64_t> (t));
  dwl::work (rounds, 1);
  for (auto &t : others)
    t.join ();
  std::printf ("%llu\n", static_cast<unsigned long long> (dwl::sink));
  return 0;
}
