/* SPDX-License-Identifier: GPL-3.0-or-later */
// cs-symtest-main.cc — `cs-symtest [ROUNDS]` runs the workload;
// `cs-symtest --print-maps` prints its own /proc/self/maps (what perf would
// record as MMAP2) and exits.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cs-symtest.h"

static int
print_maps ()
{
  FILE *f = std::fopen ("/proc/self/maps", "r");
  char buf[4096];
  std::size_t n;

  if (f == nullptr)
    return 1;
  while ((n = std::fread (buf, 1, sizeof buf, f)) > 0)
    std::fwrite (buf, 1, n, stdout);
  std::fclose (f);
  return 0;
}

int
main (int argc, char **argv)
{
  int rounds = 100;

  if (argc > 1 && std::strcmp (argv[1], "--print-maps") == 0)
    return print_maps ();
  if (argc > 1)
    rounds = std::atoi (argv[1]);

  std::vector<double> data (4096);
  std::vector<float> fdata (4096);
  for (std::size_t i = 0; i < data.size (); i++)
    {
      data[i] = (double) (i % 97) * 0.01;
      fdata[i] = (float) data[i];
    }

  double total = cssym::work::hot_loop (data, rounds);
  total += cssym::work::Kernel<double>::run (data.data (), data.size (), rounds);
  total += cssym::work::Kernel<float>::run (fdata.data (), fdata.size (), rounds);
  total += cssym_library_entry (rounds);
  std::printf ("%g\n", total);
  return 0;
}
