/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-demangle.h — C++ symbol names for people
 *
 * The symbol tables of Kruse, CMSSW Performance Monitoring, 2011 (Figure 5.7)
 * show two columns for each function: the short name ("match") and the complete
 * signature ("SiStripRecHitMatcher::match(SiStripRecHit2D const*, …) const").
 * cs_demangle() gives the signature (through libstdc++'s __cxa_demangle),
 * cs_demangle_short_name() cuts the short name out of it.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The demangled form of an Itanium C++ ABI name ("_ZN…"), or NULL when
 * @symbol is not a mangled C++ name (C functions, "main") or cannot be
 * demangled. A symbol-version suffix ("@GLIBCXX_3.4") is kept as is. */
char *cs_demangle            (const char *symbol);

/* The function's own name without scope, template arguments, parameters,
 * qualifiers, ABI tags and clone suffixes:
 *   "SiStripRecHitMatcher::match(SiStripRecHit2D const*) const" -> "match"
 *   "void ns::process<int>(int*, int)"                         -> "process"
 *   "std::vector<int>& std::vector<int>::operator=(…)"         -> "operator="
 * Names that are not functions ("vtable for Foo") and C names come back
 * unchanged. */
char *cs_demangle_short_name (const char *signature);

G_END_DECLS
