/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-names.c — event spellings and the display names of symbols
 *
 * The same event reaches us under several names: perf writes "cpu-clock" or
 * "cycles:u" into perf.data, models name it "perf::PERF_COUNT_SW_CPU_CLOCK"
 * with the alias "cpu_clock", our collector may use either. Comparing them
 * needs one canonical spelling, perf's.
 *
 * Symbols are shown the way `perf report` shows them, demangled without
 * parameters ("ns::Class::method", cs_demangle_perf_name()), which is also
 * the "symbol" column of the tables of Kruse, CMSSW Performance Monitoring,
 * 2011; the full signature is a column of its own.
 */
#include "config.h"

#include <string.h>

#include "cs-demangle.h"
#include "cs-profile-private.h"

/* perf's generic event names that have a second spelling. */
static const char * const synonyms[][2] = {
  { "cpu-cycles", "cycles" },
  { "branch-instructions", "branches" },
  { "idle-cycles-frontend", "stalled-cycles-frontend" },
  { "idle-cycles-backend", "stalled-cycles-backend" },
  { "ref-cpu-cycles", "ref-cycles" },
  { "faults", "page-faults" },
  { "cs", "context-switches" },
  { "migrations", "cpu-migrations" },
  { "bpf-output", "bpf-output" },
};

/* perf's event modifiers: "cycles:u", "cycles:ppp", "cpu-clock:HG". */
static gboolean
is_perf_modifier (const char *s)
{
  return *s != '\0' && strspn (s, "ukhpPGHSDIWeb") == strlen (s);
}

char *
_cs_profile_canonical_event (const char *name)
{
  g_autofree char *s = NULL;
  const char *p;
  char *colon, *slash;

  if (name == NULL)
    return NULL;
  /* "pmu::EVENT" (libpfm4) and "pmu/EVENT/" (perf) */
  p = g_strrstr (name, "::");
  s = g_strdup (p != NULL ? p + 2 : name);
  if ((slash = strchr (s, '/')) != NULL)
    {
      char *inner = g_strdup (slash + 1);
      char *end = strchr (inner, '/');

      if (end != NULL)
        *end = '\0';
      g_free (s);
      s = inner;
    }
  colon = strrchr (s, ':');
  if (colon != NULL && is_perf_modifier (colon + 1))
    *colon = '\0';

  for (char *c = s; *c; c++)
    *c = *c == '_' ? '-' : g_ascii_tolower (*c);
  if (g_str_has_prefix (s, "perf-count-sw-") || g_str_has_prefix (s, "perf-count-hw-"))
    memmove (s, s + strlen ("perf-count-sw-"), strlen (s) - strlen ("perf-count-sw-") + 1);
  for (guint i = 0; i < G_N_ELEMENTS (synonyms); i++)
    if (strcmp (s, synonyms[i][0]) == 0)
      return g_strdup (synonyms[i][1]);
  return g_steal_pointer (&s);
}

gboolean
cs_profile_event_matches (const char         *event_name,
                          const CsModelEvent *event)
{
  g_autofree char *want = NULL;

  g_return_val_if_fail (event != NULL, FALSE);
  if (event_name == NULL)
    return FALSE;
  if (g_strcmp0 (event_name, event->alias) == 0 || g_strcmp0 (event_name, event->event) == 0)
    return TRUE;

  want = _cs_profile_canonical_event (event_name);
#define SAME(x) G_STMT_START {                                      \
    g_autofree char *c_ = _cs_profile_canonical_event (x);          \
    if (c_ != NULL && strcmp (c_, want) == 0)                       \
      return TRUE;                                                  \
  } G_STMT_END
  SAME (event->alias);
  SAME (event->event);
  for (guint i = 0; event->alternatives != NULL && event->alternatives[i] != NULL; i++)
    SAME (event->alternatives[i]);
#undef SAME
  return FALSE;
}

char *
_cs_profile_display_name (const CsSymbol *symbol)
{
  const char *sig;

  if (symbol->unknown || symbol->signature == NULL)
    return g_strdup (symbol->name);
  sig = symbol->signature;
  /* C names and other symbols that are no demangled function. */
  if (strchr (sig, '(') == NULL || symbol->mangled == NULL || !g_str_has_prefix (symbol->mangled, "_Z"))
    return g_strdup (sig);
  return cs_demangle_perf_name (sig);
}
