/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-demangle.h — C++ symbol names for people
 *
 * The symbol tables of Kruse, CMSSW Performance Monitoring, 2011 (Figure
 * 5.7) show two columns for each function: the short name ("match") and
 * the complete signature ("SiStripRecHitMatcher::match(SiStripRecHit2D
 * const*, …) const"). cs_demangle() gives the signature (through
 * libstdc++'s __cxa_demangle), cs_demangle_short_name() cuts the short name
 * out of it, cs_demangle_perf_name() the name perf report shows.
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

/* The signature as perf shows it (libiberty without DMGL_PARAMS): its
 * parameter list and what follows it (" const", " [clone .constprop.0]")
 * cut, and the return type templates carry dropped:
 * "double ns::f<double>(double*) const" -> "ns::f<double>". The parameters
 * of an enclosing function stay ("W::run(int)::{lambda(int, int)#1}::
 * operator()" is a lambda's), and so does a version or PLT suffix
 * ("operator new@plt"). Without a parameter list, @signature itself. */
char *cs_demangle_perf_name  (const char *signature);

G_END_DECLS
