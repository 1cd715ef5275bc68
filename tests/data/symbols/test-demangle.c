/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-demangle.c — signatures against nm -C, short names by hand */
#include "config.h"

#include <string.h>

#include "cs-demangle.h"
#include "cs-test-util.h"

typedef struct
{
  const char *mangled;
  const char *signature;   /* written out by hand */
  const char *short_name;
} Case;

static const Case cases[] = {
  { "_ZNK20SiStripRecHitMatcher5matchEPK15SiStripRecHit2Di",
    "SiStripRecHitMatcher::match(SiStripRecHit2D const*, int) const", "match" },
  { "_ZN5cssym4work6KernelIdE3runEPKdmi",
    "cssym::work::Kernel<double>::run(double const*, unsigned long, int)", "run" },
  { "_ZN5cssym4geom10accumulateIiEET_PKS2_m",
    "int cssym::geom::accumulate<int>(int const*, unsigned long)", "accumulate" },
  { "_ZN3FooaSERKS_", "Foo::operator=(Foo const&)", "operator=" },
  { "_ZNSt6vectorIiSaIiEE9push_backERKi",
    "std::vector<int, std::allocator<int> >::push_back(int const&)", "push_back" },
  { "_ZN3foo3barEv.cold", "foo::bar() [clone .cold]", "bar" },
  { "_ZN3Foo3bazEi.constprop.0.isra.0",
    "Foo::baz(int) [clone .constprop.0] [clone .isra.0]", "baz" },
  { "_ZNSt9exceptionD2Ev", "std::exception::~exception()", "~exception" },
  { "_ZNSt9exceptionD2Ev@@GLIBCXX_3.4", "std::exception::~exception()@@GLIBCXX_3.4", "~exception" },
  { "_ZTV3Foo", "vtable for Foo", "vtable for Foo" },
  { "_ZlsRSoRK3Foo",
    "operator<<(std::ostream&, Foo const&)", "operator<<" },
  { "_ZNK3FooclEi", "Foo::operator()(int) const", "operator()" },
  { "_ZNK3FoocviEv", "Foo::operator int() const", "operator int" },
  { "_ZN3FoonaEm", "Foo::operator new[](unsigned long)", "operator new[]" },
  { "_ZN12_GLOBAL__N_13fooEv", "(anonymous namespace)::foo()", "foo" },
  { "_ZZ4mainENKUlvE_clEv", "main::{lambda()#1}::operator()() const", "operator()" },
  { "_ZN3Foo4nameB5cxx11Ev", "Foo::name[abi:cxx11]()", "name" },
  { "_ZN2ns3getIiEEPFviET_", "void (*ns::get<int>(int))(int)", "get" },
  { "_ZN2ns1AIiEaSIiEERS1_RKNS_4ExprIT_EE",
    "ns::A<int>& ns::A<int>::operator=<int>(ns::Expr<int> const&)", "operator=" },
  { "_ZN2nsltIiEEbRKNS_1AIT_EES5_",
    "bool ns::operator< <int>(ns::A<int> const&, ns::A<int> const&)", "operator<" },
};

static void
test_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *sig = cs_demangle (cases[i].mangled);
      g_autofree char *short_name = NULL;

      g_assert_cmpstr (sig, ==, cases[i].signature);
      short_name = cs_demangle_short_name (sig);
      g_assert_cmpstr (short_name, ==, cases[i].short_name);
    }
}

static void
test_not_mangled (void)
{
  const char *plain[] = { "main", "i", "memcpy", "_start", "_Z", "_Zfoo", "", "foo.part.0" };

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      g_autofree char *sig = cs_demangle (plain[i]);
      g_autofree char *short_name = cs_demangle_short_name (plain[i]);

      g_assert_null (sig);
      /* A C name is its own short name. */
      g_assert_cmpstr (short_name, ==, plain[i]);
    }
  g_assert_null (cs_demangle (NULL));
  g_assert_null (cs_demangle_short_name (NULL));
}

/* DWARF names (no parameter list): an operator keeps its parentheses, as
 * addr2line prints a lambda's inlined body ("operator()"). */
static void
test_dwarf_names (void)
{
  const char *names[][2] = {
    { "operator()", "operator()" },
    { "main::{lambda(int, int)#2}::operator()", "operator()" },
    { "ns::C::operator[]", "operator[]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *short_name = cs_demangle_short_name (names[i][0]);

      g_assert_cmpstr (short_name, ==, names[i][1]);
    }
}

/* Seed 000, Figure 5.7: the complete signature column and its short name. */
static void
test_figure_5_7 (void)
{
  g_autofree char *a = cs_demangle_short_name (
    "SiStripRecHitMatcher::project(GeomDetUnit const*, GluedGeomDet const*, "
    "std::pair<Point3DBase<float, LocalTag>, Point3DBase<float, LocalTag> >, "
    "Vector3DBase<float, LocalTag>) const");
  g_autofree char *b = cs_demangle_short_name (
    "RadialStripTopology::measurementPosition(Point3DBase<float, LocalTag> const&) const");

  g_assert_cmpstr (a, ==, "project");
  g_assert_cmpstr (b, ==, "measurementPosition");
}

/* Every C++ symbol libstdc++ exports, demangled by us and by `nm -C`
 * (binutils' demangler; c++filt differs on purpose: it spells out
 * std::ostream as std::basic_ostream<char, …>). */
static void
test_against_nm (void)
{
  g_autofree char *nm = g_find_program_in_path ("nm");
  g_autofree char *maps = NULL;
  g_autofree char *libstdcxx = NULL;
  g_autofree char *raw_out = NULL;
  g_autofree char *demangled_out = NULL;
  g_auto(GStrv) raw = NULL;
  g_auto(GStrv) demangled = NULL;
  char *hit;
  char *start;
  int status = 0;
  guint checked = 0;

  if (nm == NULL)
    {
      g_test_skip ("binutils (nm) not installed");
      return;
    }

  /* The libstdc++ this test runs with (it provides __cxa_demangle). */
  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  hit = strstr (maps, "libstdc++");
  g_assert_nonnull (hit);
  for (start = hit; start > maps && start[-1] != ' '; start--)
    ;
  libstdcxx = g_strndup (start, strchr (hit, '\n') - start);

  {
    const char *argv_raw[] = { nm, "-D", "--defined-only", libstdcxx, NULL };
    const char *argv_dem[] = { nm, "-D", "-C", "--defined-only", libstdcxx, NULL };

    raw_out = cs_test_run (argv_raw, NULL, &status);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    demangled_out = cs_test_run (argv_dem, NULL, &status);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  raw = g_strsplit (raw_out, "\n", -1);
  demangled = g_strsplit (demangled_out, "\n", -1);
  g_assert_cmpuint (g_strv_length (raw), ==, g_strv_length (demangled));

  for (guint i = 0; raw[i] != NULL; i++)
    {
      g_autofree char *sig = NULL;
      g_autofree char *short_name = NULL;
      g_autofree char *name = NULL;
      g_autofree char *expected = NULL;
      char *at;

      /* "ADDRESS TYPE NAME": the name starts at column 19 in both. */
      if (strlen (raw[i]) < 20 || !g_str_has_prefix (raw[i] + 19, "_Z"))
        continue;
      name = g_strdup (raw[i] + 19);
      expected = g_strdup (demangled[i] + 19);
      /* Symbol versions: nm prints them after the demangled name too. */
      if ((at = strchr (name, '@')) != NULL)
        *at = '\0';
      if ((at = strrchr (expected, '@')) != NULL && at > expected && at[-1] != ' ')
        {
          while (at > expected && at[-1] == '@')
            at--;
          *at = '\0';
        }
      sig = cs_demangle (name);
      g_assert_cmpstr (sig, ==, expected);

      /* The short name is part of the signature, without parameters. */
      short_name = cs_demangle_short_name (sig);
      if (short_name[0] == 0) g_error ("empty short name for %s", sig);
      g_assert_nonnull (strstr (sig, short_name));
      checked++;
    }
  g_assert_cmpuint (checked, >, 1000);
  g_test_message ("%u libstdc++ symbols agree with nm -C", checked);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/demangle/cases", test_cases);
  g_test_add_func ("/demangle/not-mangled", test_not_mangled);
  g_test_add_func ("/demangle/dwarf-names", test_dwarf_names);
  g_test_add_func ("/demangle/figure-5-7", test_figure_5_7);
  g_test_add_func ("/demangle/against-nm", test_against_nm);

  return g_test_run ();
}
