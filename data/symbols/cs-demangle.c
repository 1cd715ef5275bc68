/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-demangle.c — C++ symbol names for people */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cs-demangle.h"

/* libstdc++'s demangler (cxxabi.h is C++ only; the ABI is C). */
extern char *__cxa_demangle (const char *mangled_name,
                             char       *output_buffer,
                             size_t     *length,
                             int        *status);

char *
cs_demangle (const char *symbol)
{
  g_autofree char *base = NULL;
  const char *at;
  char *demangled;
  char *ret;
  int status = 0;

  /* Only "_Z" names: __cxa_demangle also demangles bare types, so "i"
   * (a perfectly good C function name) would come back as "int". */
  if (symbol == NULL || !g_str_has_prefix (symbol, "_Z"))
    return NULL;

  at = strchr (symbol, '@');
  base = at != NULL ? g_strndup (symbol, at - symbol) : g_strdup (symbol);
  demangled = __cxa_demangle (base, NULL, NULL, &status);
  if (status != 0 || demangled == NULL)
    {
      free (demangled);
      return NULL;
    }
  ret = at != NULL ? g_strconcat (demangled, at, NULL) : g_strdup (demangled);
  free (demangled);
  return ret;
}

/* Special names the demangler produces for data and thunks: no function name
 * to shorten, the whole text is the name. */
static const char * const special_prefixes[] = {
  "vtable for ", "VTT for ", "construction vtable for ", "typeinfo for ",
  "typeinfo name for ", "guard variable for ", "reference temporary ",
  "non-virtual thunk to ", "virtual thunk to ", "covariant return thunk to ",
  "transaction clone for ", "TLS init function for ", "TLS wrapper function for ",
};

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$';
}

/* "operator" as a keyword starting at @i (not "operators" or "my_operator"). */
static gboolean
is_operator_at (const char *s,
                gsize       i,
                gsize       end)
{
  if (end - i < 9 || strncmp (s + i, "operator", 8) != 0)
    return FALSE;
  if (i > 0 && is_ident_char (s[i - 1]))
    return FALSE;
  return !is_ident_char (s[i + 8]) || s[i + 8] == ' ';
}

/* Symbolic operators, longest first so that "<<=" is not read as "<". */
static const char * const operator_tokens[] = {
  "<=>", "<<=", ">>=", "->*", "()", "[]", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
  "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "->", ",", "+", "-", "*",
  "/", "%", "^", "&", "|", "~", "!", "=", "<", ">",
};

/* @s starts with "operator". A symbolic operator is followed at most by
 * template arguments ("operator=<Expr<…> >", "operator<< <char>"), which
 * are dropped; "operator new[]" and conversions ("operator int",
 * "operator std::string") are kept whole. */
static char *
operator_name (const char *s,
               gsize       len)
{
  if (s[8] != ' ')
    for (guint k = 0; k < G_N_ELEMENTS (operator_tokens); k++)
      {
        gsize tlen = strlen (operator_tokens[k]);

        if (8 + tlen <= len && strncmp (s + 8, operator_tokens[k], tlen) == 0)
          return g_strndup (s, 8 + tlen);
      }
  return g_strndup (s, len);
}

/* Where "operator" starts outside brackets in s[0, end), or -1. */
static gssize
find_operator (const char *s,
               gsize       end)
{
  int depth = 0;

  for (gsize i = 0; i < end; i++)
    {
      if (depth == 0 && is_operator_at (s, i, end))
        return i;
      if (s[i] == '<' || s[i] == '(' || s[i] == '{')
        depth++;
      else if ((s[i] == '>' || s[i] == ')' || s[i] == '}') && depth > 0)
        depth--;
    }
  return -1;
}

/* Index of the '(' matching the ')' at @close, or -1. */
static gssize
matching_open (const char *s,
               gsize       close)
{
  int depth = 0;

  for (gssize j = close; j >= 0; j--)
    {
      if (s[j] == ')')
        depth++;
      else if (s[j] == '(' && --depth == 0)
        return j;
    }
  return -1;
}

/* Skips an operator's symbol after "operator" so that "<", "()" or "<<"
 * are not taken for brackets. */
static const char *
skip_operator (const char *p)
{
  for (guint i = 0; i < G_N_ELEMENTS (operator_tokens); i++)
    if (g_str_has_prefix (p, operator_tokens[i]))
      return p + strlen (operator_tokens[i]);
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

/* libiberty without DMGL_PARAMS, as perf demangles: see the header. */
char *
cs_demangle_perf_name (const char *sig)
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

static char *
short_name_of (const char *s,
               gsize       n)
{
  gsize base_end = n;
  gsize comp = 0;
  gsize comp_end;
  int depth = 0;
  gssize close = -1;
  gssize op;

  /* "foo(int) [clone .constprop.0] [clone .cold]" */
  while (n > 0 && s[n - 1] == ']')
    {
      const char *clone = g_strrstr_len (s, n, " [clone ");

      if (clone == NULL)
        break;
      n = clone - s;
    }
  base_end = n;

  /* The parameter list is the last parenthesised group; what follows it
   * is qualifiers (" const", " &&"). */
  for (gssize j = (gssize) n - 1; j >= 0 && close < 0; j--)
    if (s[j] == ')')
      close = j;
  if (close >= 0)
    {
      gssize open = matching_open (s, close);

      /* A bare "ns::C::operator()" (a DWARF name): the parentheses are the
       * operator's, there is no parameter list. */
      if (open >= 8 && close == open + 1 && (gsize) close + 1 == n &&
          strncmp (s + open - 8, "operator", 8) == 0 && find_operator (s, n) == open - 8)
        open = -1;
      if (open > 0)
        {
          base_end = open;
          /* "void (*ns::handler(int))(int)": the function returns a function
           * pointer, its name sits inside the previous group. */
          if (s[open - 1] == ')' && find_operator (s, open) < 0)
            {
              gssize inner = matching_open (s, open - 1);

              if (inner >= 0)
                return short_name_of (s + inner + 1, open - 1 - (inner + 1));
            }
        }
    }

  if ((op = find_operator (s, base_end)) >= 0)
    return operator_name (s + op, base_end - op);

  for (gsize i = 0; i < base_end; i++)
    {
      char c = s[i];

      if (c == '<' || c == '(' || c == '{')
        depth++;
      else if ((c == '>' || c == ')' || c == '}') && depth > 0)
        depth--;
      else if (depth == 0 && c == ':' && s[i + 1] == ':')
        comp = ++i + 1;
      else if (depth == 0 && c == ' ')
        comp = i + 1;
    }

  while (comp < base_end && (s[comp] == '*' || s[comp] == '&'))
    comp++;
  comp_end = comp;
  while (comp_end < base_end && s[comp_end] != '<' && s[comp_end] != '[')
    comp_end++;
  if (comp_end == comp)
    return g_strndup (s, n);
  return g_strndup (s + comp, comp_end - comp);
}

char *
cs_demangle_short_name (const char *signature)
{
  if (signature == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (special_prefixes); i++)
    if (g_str_has_prefix (signature, special_prefixes[i]))
      return g_strdup (signature);
  return short_name_of (signature, strlen (signature));
}
