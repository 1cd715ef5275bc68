/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-profile-names.c — event spellings and symbol display names
 *
 * Runs without perf. The expected strings are written by hand: how perf
 * names events in perf.data ("cpu-clock", "cycles:u"), how the models spell
 * them (the JSON files in data/models), and how `perf report` prints C++ functions
 * (demangled without parameters, checked against its output for
 * tests/symbolizer's program).
 */
#include "config.h"

#include "cs-model-registry.h"
#include "cs-profile-private.h"
#include "cs-test-util.h"

static void
test_canonical (void)
{
  static const char * const cases[][2] = {
    { "cpu-clock", "cpu-clock" },
    { "cpu_clock", "cpu-clock" },
    { "perf::PERF_COUNT_SW_CPU_CLOCK", "cpu-clock" },
    { "cpu-clock:u", "cpu-clock" },
    { "cycles:ppp", "cycles" },
    { "cpu-cycles", "cycles" },
    { "perf::PERF_COUNT_HW_CPU_CYCLES", "cycles" },
    { "cpu/cycles/", "cycles" },
    { "branch-instructions", "branches" },
    { "PERF_COUNT_HW_REF_CPU_CYCLES", "ref-cycles" },
    /* libpfm4 modifiers are part of the event, not perf modifiers */
    { "RS_UOPS_DISPATCHED:c=1:i=1", "rs-uops-dispatched:c=1:i=1" },
    { "core::UNHALTED_CORE_CYCLES", "unhalted-core-cycles" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *c = _cs_profile_canonical_event (cases[i][0]);

      g_assert_cmpstr (c, ==, cases[i][1]);
    }
}

static void
test_model_matching (void)
{
  g_autofree char *models = cs_test_source_path ("data/models");
  g_autoptr(CsModelRegistry) registry = cs_model_registry_new ();
  CsModel *software, *generic;
  const CsModelEvent *cpu_clock, *task_clock, *cycles;

  cs_model_registry_add_directory (registry, models);
  software = cs_model_registry_lookup (registry, "software");
  generic = cs_model_registry_lookup (registry, "generic");
  g_assert_nonnull (software);
  g_assert_nonnull (generic);
  cpu_clock = cs_model_find_event (software, "cpu_clock");
  task_clock = cs_model_find_event (software, "task_clock");
  cycles = cs_model_find_event (generic, "cycles");
  g_assert_nonnull (cpu_clock);
  g_assert_nonnull (task_clock);
  g_assert_nonnull (cycles);

  /* perf's names, ours (the alias) and libpfm4's */
  g_assert_true (cs_profile_event_matches ("cpu-clock", cpu_clock));
  g_assert_true (cs_profile_event_matches ("cpu-clock:uk", cpu_clock));
  g_assert_true (cs_profile_event_matches ("cpu_clock", cpu_clock));
  g_assert_true (cs_profile_event_matches ("perf::PERF_COUNT_SW_CPU_CLOCK", cpu_clock));
  g_assert_false (cs_profile_event_matches ("cpu-clock", task_clock));
  g_assert_false (cs_profile_event_matches ("task-clock", cpu_clock));
  g_assert_true (cs_profile_event_matches ("cycles", cycles));
  g_assert_true (cs_profile_event_matches ("cpu-cycles:u", cycles));
  g_assert_false (cs_profile_event_matches ("instructions", cycles));
  g_assert_false (cs_profile_event_matches (NULL, cycles));
}

static char *
display (const char *signature,
         const char *mangled,
         const char *name)
{
  CsSymbol sym = { NULL, name, signature, mangled, 0x1000, 16, FALSE };

  return _cs_profile_display_name (&sym);
}

static void
test_display_names (void)
{
  static const char * const cases[][3] = {
    /* signature, mangled, expected (what perf report prints) */
    { "cssym::geom::Matcher::match(std::vector<cssym::geom::Point, std::allocator<cssym::geom::Point> > const&, std::vector<cssym::geom::Point, std::allocator<cssym::geom::Point> > const&) const",
      "_ZNK5cssym4geom7Matcher5matchERKSt6vectorINS0_5PointESaIS3_EES7_", "cssym::geom::Matcher::match" },
    { "cssym::work::Kernel<float>::run(float const*, unsigned long, int)",
      "_ZN5cssym4work6KernelIfE3runEPKfmi", "cssym::work::Kernel<float>::run" },
    /* template functions carry their return type */
    { "double cssym::geom::accumulate<double>(double const*, unsigned long)",
      "_ZN5cssym4geom10accumulateIdEET_PKS2_m", "cssym::geom::accumulate<double>" },
    { "lib_hidden_distance(cssym::geom::Point const&, cssym::geom::Point const&)",
      "_ZL19lib_hidden_distanceRKN5cssym4geom5PointES4_", "lib_hidden_distance" },
    { "(anonymous namespace)::helper(int)", "_ZN12_GLOBAL__N_16helperEi", "(anonymous namespace)::helper" },
    { "operator new(unsigned long)", "_Znwm", "operator new" },
    { "std::vector<int, std::allocator<int> >::operator()(int) const", "_ZNKSt6vectorIiSaIiEEclEi",
      "std::vector<int, std::allocator<int> >::operator()" },
    { "bool ns::operator< <int>(ns::A<int> const&, ns::A<int> const&)", "_ZN2nsltIiEEbRKNS_1AIT_EES5_",
      "ns::operator< <int>" },
    /* lambdas: the enclosing function keeps its parameters, the clone
     * suffix goes (perf report on cs-names-cxx) */
    { "main::{lambda(int, int)#1}::operator()(int, int) const [clone .constprop.0]",
      "_ZZ4mainENKUliiE_clEii.constprop.0", "main::{lambda(int, int)#1}::operator()" },
    { "names::Walker::run(int)::{lambda(int, int)#1}::operator()(int, int) const",
      "_ZZN5names6Walker3runEiENKUliiE_clEii", "names::Walker::run(int)::{lambda(int, int)#1}::operator()" },
    { "void std::__introsort_loop<__gnu_cxx::__normal_iterator<int*, std::vector<int, std::allocator<int> > >, long, __gnu_cxx::__ops::_Iter_comp_iter<main::{lambda(int, int)#3}> >(__gnu_cxx::__normal_iterator<int*, std::vector<int, std::allocator<int> > >, __gnu_cxx::__normal_iterator<int*, std::vector<int, std::allocator<int> > >, long, __gnu_cxx::__ops::_Iter_comp_iter<main::{lambda(int, int)#3}>)",
      "_ZSt16__introsort_loopIN9__gnu_cxx17__normal_iteratorIPiSt6vectorIiSaIiEEEElNS0_5__ops15_Iter_comp_iterIZ4mainEUliiE1_EEEvT_SB_T0_T1_",
      "std::__introsort_loop<__gnu_cxx::__normal_iterator<int*, std::vector<int, std::allocator<int> > >, long, __gnu_cxx::__ops::_Iter_comp_iter<main::{lambda(int, int)#3}> >" },
    /* a PLT entry keeps its suffix */
    { "operator new(unsigned long)@plt", "_Znwm@plt", "operator new@plt" },
    { "ns::C::operator unsigned long() const", "_ZNK2ns1CcvmEv", "ns::C::operator unsigned long" },
    /* C functions are shown as they are */
    { "exe_hash", "exe_hash", "exe_hash" },
    { "finish_task_switch.isra.0", "finish_task_switch.isra.0", "finish_task_switch.isra.0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *d = display (cases[i][0], cases[i][1], "x");

      g_assert_cmpstr (d, ==, cases[i][2]);
    }

  /* Code no symbol covers keeps the symbolizer's "module+0x…" name. */
  {
    CsSymbol sym = { NULL, "libfoo.so+0x1a2b", NULL, NULL, 0x1a2b, 0, TRUE };
    g_autofree char *d = _cs_profile_display_name (&sym);

    g_assert_cmpstr (d, ==, "libfoo.so+0x1a2b");
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/profile-names/canonical-events", test_canonical);
  g_test_add_func ("/profile-names/model-events", test_model_matching);
  g_test_add_func ("/profile-names/display-names", test_display_names);
  return g_test_run ();
}
