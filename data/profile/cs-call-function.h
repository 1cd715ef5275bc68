/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-function.h — the functions call stacks are made of
 *
 * Every frame of every stack resolves to one function the compiler emitted
 * (an ELF or kallsyms symbol, or "module+0x…" where none covers the
 * address: one such function per address, as perf) and, when DWARF says the
 * address lies in inlined code, to the functions inlined there, as perf
 * expands them: a frame then stands for several functions, outermost first
 * (cs_call_stacks_get_frame_functions()). An inlined function is one
 * function per function it was inlined into, the way perf keys it.
 */
#pragma once

#include "cs-profile.h"

G_BEGIN_DECLS

typedef struct
{
  guint                  index;
  /* As `perf report` prints the symbol: "ns::Class::method", "lib.so+0x1a2b". */
  const char            *name;
  /* The function the compiler emitted (for an inlined function, the one it
   * was inlined into): its source and disassembly are where this one's
   * code is. */
  const CsProfileSymbol *symbol;
  const CsProfileModule *module;
  gboolean               inlined;
  gboolean               kernel;    /* the kernel or a kernel module */
  /* Where a complete stack begins: the program's or a thread's entry
   * (see cs-call-functions.c). A stack whose outermost function is none of
   * these was cut short: a frame without a frame pointer, a stack too deep. */
  gboolean               entry;
} CsCallFunction;

/* Functions of the call stacks' frames; 0 without call chains. */
guint                  cs_profile_get_n_functions (CsProfile  *self);
const CsCallFunction  *cs_profile_get_function    (CsProfile  *self,
                                                   guint       index);
/* The function of a profile symbol (not inlined), or NULL when no stack
 * holds it. */
const CsCallFunction  *cs_profile_find_function   (CsProfile             *self,
                                                   const CsProfileSymbol *symbol);

G_END_DECLS
