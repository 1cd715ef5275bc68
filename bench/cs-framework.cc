/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-framework.cc — the demo framework's event loop and main()
 *
 *   cs-framework [EVENTS [SCALE]]
 *
 * Runs the five producer modules (cs-framework-producers.cc) over EVENTS
 * events (default 200), each module's work sized by SCALE (default 1).
 * `build-aux/dev run` records it with `cyclescope record --regions --regs`;
 * the first events (geometry and tables being set up) can be left out with
 * --skip-events.
 */
#include <cstdio>
#include <cstdlib>

#include <cyclescope/region.h>

#include "cs-framework.h"

namespace csdemo {

std::uint64_t
Framework::run (std::uint64_t n_events)
{
  std::uint64_t sum = 0;

  for (std::uint64_t i = 0; i < n_events; i++)
    {
      Event event;

      event.id = i;
      /* preModule / postModule of Kruse's PerfMonService */
      for (auto &module : modules_)
        {
          cs::region r (module->name ().c_str ());
          module->produce (event);
        }
      sum += event.checksum;
      /* postEventProcessing: counts events for --skip-events */
      cs_region_event_done ();
    }
  return sum;
}

}  // namespace csdemo

int
main (int    argc,
      char **argv)
{
  unsigned long events = argc > 1 ? std::strtoul (argv[1], nullptr, 10) : 200;
  unsigned scale = argc > 2 ? (unsigned) std::strtoul (argv[2], nullptr, 10) : 1;
  csdemo::Framework framework;

  if (events == 0 || scale == 0)
    {
      std::fprintf (stderr, "usage: cs-framework [EVENTS [SCALE]] (both > 0)\n");
      return 2;
    }
  framework.add (csdemo::make_track_fitter (scale));
  framework.add (csdemo::make_hit_linker (scale));
  framework.add (csdemo::make_cluster_builder (scale));
  framework.add (csdemo::make_trigger_filter (scale));
  framework.add (csdemo::make_vertex_counter (scale));
  std::printf ("cs-framework: %lu events, checksum %llx\n", events,
               (unsigned long long) framework.run (events));
  return 0;
}
