/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-framework-producers.cc — the demo framework's five modules
 *
 * Each spends its cycles in a different way, so that the region table and
 * the hot symbols per region tell them apart: floating-point arithmetic
 * (with a nested refit region), a pointer chase over a shuffled list that
 * misses every cache, many small allocations, branches nobody can predict,
 * and two worker threads incrementing counters that share one cacheline.
 * The functions are noinline so that each shows up under its own name.
 */
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <list>
#include <map>
#include <mutex>
#include <thread>

#include <cyclescope/region.h>

#include "cs-framework.h"

namespace csdemo {

namespace {

/* xorshift64*: the same numbers on every run */
inline std::uint64_t
next_random (std::uint64_t &state)
{
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 2685821657736338717ull;
}

/* CPU-bound: track parameters from hits with tan/atan2/sqrt, the kind of
 * work Kruse found at the top of CkfTrackCandidateMaker (Fig. 5.7). */
class TrackFitter : public Producer
{
public:
  explicit TrackFitter (unsigned scale) : Producer ("TrackFitter"), n_ (30000 * scale) {}

  void
  produce (Event &event) override
  {
    std::uint64_t seed = event.id * 7919 + 1;

    event.hits.resize (n_);
    for (auto &h : event.hits)
      h = (double) (next_random (seed) >> 11) / 9007199254740992.0;
    event.energy += fit (event.hits);
    {
      /* A region inside the module: its cycles are TrackFitter's inclusive,
       * not its exclusive counts. */
      cs::region refit ("TrackRefit");
      event.energy += refit_tracks (event.hits);
    }
    event.checksum += (std::uint64_t) event.energy;
  }

private:
  __attribute__ ((noinline)) static double
  fit (const std::vector<double> &hits)
  {
    double sum = 0;

    for (std::size_t i = 1; i < hits.size (); i++)
      sum += std::atan2 (hits[i], hits[i - 1] + 0.5) * std::sqrt (hits[i] + 1.0);
    return sum;
  }

  __attribute__ ((noinline)) static double
  refit_tracks (const std::vector<double> &hits)
  {
    double sum = 0;

    for (std::size_t i = 0; i < hits.size (); i += 2)
      sum += std::tan (hits[i] * 0.7);
    return sum;
  }

  std::size_t n_;
};

/* Pointer chasing: a list of 64-byte nodes in one random cycle (Sattolo)
 * over 16 MiB, more than the caches hold. Built in the first event, as
 * frameworks load their geometry lazily: --skip-events leaves it out. */
class HitLinker : public Producer
{
  struct Node
  {
    Node *next;
    char  pad[64 - sizeof (Node *)];
  };

public:
  explicit HitLinker (unsigned scale) : Producer ("HitLinker"), steps_ (6000 * scale) {}

  void
  produce (Event &event) override
  {
    if (nodes_.empty ())
      build ();
    current_ = chase (current_, steps_);
    event.checksum ^= (std::uint64_t) (current_ - nodes_.data ());
  }

private:
  __attribute__ ((noinline)) void
  build ()
  {
    std::size_t n = (16u << 20) / sizeof (Node);
    std::vector<std::size_t> order (n);
    std::uint64_t seed = 4242;

    nodes_.resize (n);
    for (std::size_t i = 0; i < n; i++)
      order[i] = i;
    for (std::size_t i = n - 1; i > 0; i--)
      std::swap (order[i], order[next_random (seed) % i]);
    for (std::size_t i = 0; i < n; i++)
      nodes_[order[i]].next = &nodes_[order[(i + 1) % n]];
    current_ = &nodes_[0];
  }

  __attribute__ ((noinline)) static Node *
  chase (Node          *p,
         std::size_t    steps)
  {
    while (steps--)
      p = p->next;
    return p;
  }

  std::vector<Node> nodes_;
  Node *current_ = nullptr;
  std::size_t steps_;
};

/* Allocation-heavy: clusters as maps of lists of small objects, built and
 * thrown away every event — malloc and free at the top. */
class ClusterBuilder : public Producer
{
public:
  explicit ClusterBuilder (unsigned scale) : Producer ("ClusterBuilder"), n_ (4000 * scale) {}

  void
  produce (Event &event) override
  {
    event.checksum += build_clusters (event.id);
  }

private:
  __attribute__ ((noinline)) std::uint64_t
  build_clusters (std::uint64_t id) const
  {
    std::map<std::uint64_t, std::list<std::vector<float>>> clusters;
    std::uint64_t seed = id + 17, sum = 0;

    for (std::size_t i = 0; i < n_; i++)
      {
        auto &cluster = clusters[next_random (seed) % 512];

        cluster.emplace_back (4 + next_random (seed) % 12, 1.0f);
      }
    for (auto &entry : clusters)
      sum += entry.second.size ();
    return sum;
  }

  std::size_t n_;
};

/* Branchy: decisions on random bits, which no predictor can learn. */
class TriggerFilter : public Producer
{
public:
  explicit TriggerFilter (unsigned scale) : Producer ("TriggerFilter"), n_ (120000 * scale) {}

  void
  produce (Event &event) override
  {
    event.checksum += decide (event.id + 99);
  }

private:
  __attribute__ ((noinline)) std::uint64_t
  decide (std::uint64_t seed) const
  {
    std::uint64_t accepted = 0, vetoed = 0, r = 0;

    for (std::size_t i = 0; i < n_; i++)
      {
        if ((i & 15) == 0)
          r = next_random (seed);
        switch (r & 3)
          {
          case 0: accepted += i; break;
          case 1: vetoed ^= i; break;
          case 2: accepted -= vetoed; break;
          default: vetoed += accepted >> 3; break;
          }
        r >>= 2;
      }
    return accepted ^ vetoed;
  }

  std::size_t n_;
};

/* Two worker threads, each counting in its own counter — but the two
 * counters share one cacheline, which the cores pass back and forth (the
 * Memory page finds it in a --regs recording). Each worker marks its share
 * as the same region on its own thread. */
class VertexCounter : public Producer
{
  struct Counters
  {
    std::atomic<std::uint64_t> a { 0 };
    std::atomic<std::uint64_t> b { 0 };   /* 8 bytes from a: the same cacheline */
  };

public:
  explicit VertexCounter (unsigned scale) : Producer ("VertexCounter"), n_ (60000 * scale)
  {
    for (int w = 0; w < 2; w++)
      workers_[w] = std::thread ([this, w] { work (w); });
  }

  ~VertexCounter () override
  {
    {
      std::lock_guard<std::mutex> lock (mutex_);
      stop_ = true;
    }
    wake_.notify_all ();
    for (auto &t : workers_)
      t.join ();
  }

  void
  produce (Event &event) override
  {
    std::unique_lock<std::mutex> lock (mutex_);

    generation_++;
    pending_ = 2;
    wake_.notify_all ();
    done_.wait (lock, [this] { return pending_ == 0; });
    event.checksum += counters_.a.load () + counters_.b.load ();
  }

private:
  __attribute__ ((noinline)) static void
  count (std::atomic<std::uint64_t> &counter,
         std::size_t                 n)
  {
    for (std::size_t i = 0; i < n; i++)
      counter.fetch_add (1, std::memory_order_relaxed);
  }

  void
  work (int which)
  {
    std::uint64_t seen = 0;

    for (;;)
      {
        {
          std::unique_lock<std::mutex> lock (mutex_);

          wake_.wait (lock, [&] { return stop_ || generation_ != seen; });
          if (stop_)
            return;
          seen = generation_;
        }
        {
          cs::region r (name ().c_str ());
          count (which == 0 ? counters_.a : counters_.b, n_);
        }
        {
          std::lock_guard<std::mutex> lock (mutex_);

          if (--pending_ == 0)
            done_.notify_one ();
        }
      }
  }

  std::size_t n_;
  Counters counters_;
  std::thread workers_[2];
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;
  int pending_ = 0;
  bool stop_ = false;
};

}  // namespace

std::unique_ptr<Producer> make_track_fitter (unsigned scale) { return std::make_unique<TrackFitter> (scale); }
std::unique_ptr<Producer> make_hit_linker (unsigned scale) { return std::make_unique<HitLinker> (scale); }
std::unique_ptr<Producer> make_cluster_builder (unsigned scale) { return std::make_unique<ClusterBuilder> (scale); }
std::unique_ptr<Producer> make_trigger_filter (unsigned scale) { return std::make_unique<TriggerFilter> (scale); }
std::unique_ptr<Producer> make_vertex_counter (unsigned scale) { return std::make_unique<VertexCounter> (scale); }

}  // namespace csdemo
