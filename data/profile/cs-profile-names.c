/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-names.c — event spellings and the display names of symbols
 *
 * The same event reaches us under several names: perf writes "cpu-clock" or
 * "cycles:u" into perf.data, models name it "perf::PERF_COUNT_SW_CPU_CLOCK"
 * with the alias "cpu_clock", our collector may use either. Comparing them
 * needs one canonical spelling, perf's.
 *
 * Symbols are shown the way `perf report` shows them, demangled without
 * parameters ("ns::Class::method"), which is also the "symbol" column of
 * seed 000's tables; the full signature is a column of its own.
 */
#include "config.h"

#include <string.h>

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

/* Skips an operator's symbol after "operator" so that "<", "()" or "<<"
 * are not taken for brackets. */
static const char *
skip_operator (const char *p)
{
  static const char * const ops[] = {
    "()", "[]", "<<=", ">>=", "<=>", "->*", "<<", ">>", "<=", ">=", "->", "==", "!=",
    "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "=", ",",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (g_str_has_prefix (p, ops[i]))
      return p + strlen (ops[i]);
  return p;
}

/* Skips what follows "operator" at @p (after it): spaces, then a symbolic
 * operator ("<<", "()") or, for a conversion ("operator unsigned long") and
 * "new"/"delete", everything up to its parameter list. */
static const char *
skip_operator_name (const char *p)
{
  const char *after;
  int angle = 0;

  while (*p == ' ')
    p++;
  after = skip_operator (p);
  if (after != p)
    {
      /* "operator< <int>": the space before template arguments */
      if (after[0] == ' ' && after[1] == '<')
        after++;
      return after;
    }
  for (; *p != '\0' && (angle > 0 || *p != '('); p++)
    {
      if (*p == '<')
        angle++;
      else if (*p == '>' && angle > 0)
        angle--;
    }
  return p;
}

static gboolean
is_operator_keyword (const char *sig,
                     const char *p)
{
  return g_str_has_prefix (p, "operator") && (p == sig || p[-1] == ':' || p[-1] == ' ') &&
         !g_ascii_isalnum (p[8]) && p[8] != '_';
}

/* The signature as perf shows it (libiberty without DMGL_PARAMS): its
 * parameter list and what follows it (" const", " [clone .constprop.0]")
 * cut, and the return type templates carry dropped:
 * "double ns::f<double>(double*) const" -> "ns::f<double>". The parameters
 * of an enclosing function stay ("W::run(int)::{lambda(int, int)#1}::
 * operator()" is a lambda's), and so does a version or PLT suffix
 * ("operator new@plt"). */
static char *
strip_signature (const char *sig)
{
  const char *name_start = sig;
  const char *open = NULL;      /* the last top-level '(' */
  const char *close = NULL;     /* its ')' */
  const char *space = NULL;     /* the last top-level space before @open */
  const char *p = sig;
  const char *at;
  int depth = 0;

  while (*p)
    {
      if (depth == 0 && g_str_has_prefix (p, "(anonymous namespace)"))
        {
          p += strlen ("(anonymous namespace)");
          continue;
        }
      if (is_operator_keyword (sig, p))
        {
          p = skip_operator_name (p + strlen ("operator"));
          continue;
        }
      switch (*p)
        {
        case '(':
          if (depth == 0)
            {
              open = p;
              close = NULL;
              name_start = space != NULL ? space + 1 : sig;
            }
          depth++;
          break;
        case '<':
        case '{':
        case '[':
          depth++;
          break;
        case ')':
          if (depth > 0 && --depth == 0 && open != NULL && close == NULL)
            close = p;
          break;
        case '>':
        case '}':
        case ']':
          if (depth > 0)
            depth--;
          break;
        case ' ':
          /* A space at the top level ends a return type, unless it comes
           * after the parameter list (" const"). */
          if (depth == 0 && (open == NULL || close == NULL))
            space = p;
          break;
        default:
          break;
        }
      p++;
    }
  if (open == NULL || open == name_start)
    return g_strdup (sig);
  at = close != NULL ? strchr (close, '@') : NULL;
  return g_strdup_printf ("%.*s%s", (int) (open - name_start), name_start, at != NULL ? at : "");
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
  return strip_signature (sig);
}
