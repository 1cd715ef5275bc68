/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-dwarf-names.h — qualified names of functions DWARF gives no linkage name
 *
 * An inline frame is named by its function's DW_AT_linkage_name, demangled.
 * GCC gives none to a lambda's operator() and to C++ functions with
 * internal linkage: their DW_AT_name is just "operator()" or "helper",
 * and a lambda inlined into main would read "[operator]". The function's
 * place in the DWARF tree says the rest: its namespaces and classes, and for
 * a lambda the closure type inside its enclosing function, which the C++
 * ABI names "{lambda(int, int)#1}" (its parameter types, and the how-manieth
 * lambda of that signature the function holds) — so the frame reads
 * "main::{lambda(int, int)#1}::operator()", as the lambda's out-of-line
 * symbol reads in perf report.
 */
#pragma once

#include <elfutils/libdw.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsDwarfNames CsDwarfNames;

CsDwarfNames *cs_dwarf_names_new       (void);
void          cs_dwarf_names_free      (CsDwarfNames *self);
/* @function's name qualified by its scopes ("ns::C::helper",
 * "main::{lambda(int, int)#1}::operator()"), following its abstract origin
 * and specification; NULL when it has no DW_AT_name or is at the top level
 * of its unit. Owned by @self. */
const char   *cs_dwarf_names_qualified (CsDwarfNames *self,
                                        Dwarf_Die    *function);

G_END_DECLS
