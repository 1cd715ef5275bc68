/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-framework.h — a small event-processing framework for the demo
 *
 * Shaped like CMSSW's cmsRun, which Kruse measured module by module (Kruse,
 * CMSSW Performance Monitoring, 2011, §5.3–5.4): an event loop hands each
 * event to a chain of producer modules; the framework marks every module's
 * run as a region of libcyclescope-region and tells it when an event is
 * done, so `cyclescope record --regions` counts and samples each module.
 */
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace csdemo {

/* What flows through the modules: a few numbers each module reads and
 * adds to. */
struct Event
{
  std::uint64_t          id = 0;
  std::vector<double>    hits;
  double                 energy = 0;
  std::uint64_t          checksum = 0;
};

class Producer
{
public:
  explicit Producer (std::string name) : name_ (std::move (name)) {}
  virtual ~Producer () = default;
  const std::string &name () const { return name_; }
  virtual void produce (Event &event) = 0;

private:
  std::string name_;
};

/* The five kinds of the demo (cs-framework-producers.cc); @scale sizes
 * their work. */
std::unique_ptr<Producer> make_track_fitter (unsigned scale);      /* CPU-bound floating point */
std::unique_ptr<Producer> make_hit_linker (unsigned scale);        /* pointer chasing: cache misses */
std::unique_ptr<Producer> make_cluster_builder (unsigned scale);   /* allocation-heavy */
std::unique_ptr<Producer> make_trigger_filter (unsigned scale);    /* unpredictable branches */
std::unique_ptr<Producer> make_vertex_counter (unsigned scale);    /* two threads, one cacheline */

class Framework
{
public:
  void add (std::unique_ptr<Producer> producer) { modules_.push_back (std::move (producer)); }
  /* Runs every module on @n_events events; returns a checksum so that no
   * work is optimised away. */
  std::uint64_t run (std::uint64_t n_events);

private:
  std::vector<std::unique_ptr<Producer>> modules_;
};

}  // namespace csdemo
