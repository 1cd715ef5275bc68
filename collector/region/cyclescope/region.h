/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclescope/region.h — mark the framework modules of a program for Cyclescope
 *
 * A program calls cs_region_begin() when one of its modules starts handling
 * an event and cs_region_end() when it is done, and cs_region_event_done()
 * after each event of the framework. Run by `cyclescope record --regions`,
 * each thread that enters a region counts the recording's events on itself,
 * per region (exclusive and inclusive of the regions nested in it), and the
 * samples of the sampling run are attributed to the region running on their
 * thread. Outside the recorder every call returns after one predictable
 * branch.
 *
 * Build against it with `pkg-config --cflags --libs cyclescope-region`
 * (static: `pkg-config --static …` and -l:libcyclescope-region.a).
 * The method is Kruse's module-level and modular symbol-level analysis
 * (Kruse, CMSSW Performance Monitoring, 2011, §5.3–5.4).
 */
#ifndef CYCLESCOPE_REGION_H
#define CYCLESCOPE_REGION_H

#if defined(__GNUC__)
# define CS_REGION_API __attribute__ ((visibility ("default")))
#else
# define CS_REGION_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Enters the region @name on the calling thread. Regions nest (per thread);
 * a region entered again inside itself is counted once in its inclusive
 * counts. @name is copied the first time it is seen. */
CS_REGION_API void cs_region_begin      (const char *name);
/* Leaves the innermost region the calling thread entered. */
CS_REGION_API void cs_region_end        (void);
/* One framework event (all of its modules) is done. With
 * `cyclescope record --skip-events N`, regions count from the region entered
 * after the N-th call on (any thread) on, so initialisation is left out. */
CS_REGION_API void cs_region_event_done (void);

/* Non-zero while the recorder is listening; set by the library when it is
 * loaded, never by the program. The macros below test it in the caller, so
 * that without the recorder a call costs one load and one branch the
 * predictor learns at once (a call into a shared library costs several
 * times that). Define CS_REGION_NO_INLINE to always call the functions. */
CS_REGION_API extern int cs_region_enabled;

#if !defined(CS_REGION_NO_INLINE) && defined(__GNUC__)
# define cs_region_begin(name) \
  (__builtin_expect (cs_region_enabled, 0) ? (cs_region_begin) (name) : (void) 0)
# define cs_region_end() \
  (__builtin_expect (cs_region_enabled, 0) ? (cs_region_end) () : (void) 0)
# define cs_region_event_done() \
  (__builtin_expect (cs_region_enabled, 0) ? (cs_region_event_done) () : (void) 0)
#endif

#ifdef __cplusplus
}

/* RAII for C++: { cs::region r ("Tracker"); … } */
namespace cs {
class region
{
public:
  explicit region (const char *name) { cs_region_begin (name); }
  ~region () { cs_region_end (); }
  region (const region &) = delete;
  region &operator= (const region &) = delete;
};
}
#endif

#endif /* CYCLESCOPE_REGION_H */
