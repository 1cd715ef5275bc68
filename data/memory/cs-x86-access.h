/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-x86-access.h — does an x86-64 instruction read or write its memory operand (private)
 *
 * capstone 4's per-operand access flags are wrong for many instructions
 * that store: cmpxchg, movups, movdqa, movntdq, movnti, movq/movlps/movhps
 * and pextrd to memory, fst/fstp, and nearly every AVX and AVX-512 store
 * (vmovups, vmovdqu, vmovdqu64, vextracti128 …) come out as reads. A
 * profiler that believes them never sees the stores of memcpy, of vector
 * code or of a lock cmpxchg loop, and so never flags their false sharing.
 *
 * The access is decided here from the instruction's semantics instead,
 * with one rule that covers the instruction set rather than a list of
 * corrections:
 *
 *  - x86 writes memory only through its destination, the first operand in
 *    Intel order. A memory operand anywhere else is a source: read.
 *  - A memory destination is read as well only when the operation combines
 *    the old value: integer arithmetic, logic, shifts and bit changes
 *    (add, or, inc, shl, bts …) and the exchanges (xchg, xadd, cmpxchg,
 *    cmpxchg8b, cmpxchg16b). Everything else that names memory first —
 *    moves, stores, extracts, conversions, set-on-condition, masked and
 *    non-temporal stores, scatters — replaces it: write only.
 *  - Some instructions name memory first without writing it: compare and
 *    test (cmp, test, bt, cmps), push, indirect call and jump, the
 *    one-operand multiply and divide, prefetches and cache flushes, and the
 *    loads of descriptor tables and control state (lgdt, ldmxcsr, xrstor…).
 *  - x87 instructions (mnemonics starting with "f") only read memory,
 *    except the stores fst, fstp, fist, fistp, fisttp, fbstp and the state
 *    saves fnstcw, fnstsw, fnstenv, fnsave, fxsave.
 *
 * Sizes capstone gets wrong are corrected too (fnstsw stores a word, the
 * x87 and SSE state saves are 28, 108 and 512 bytes).
 */
#pragma once

#include <capstone/capstone.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CS_X86_ACCESS_READ  = 1 << 0,
  CS_X86_ACCESS_WRITE = 1 << 1,
} CsX86Access;

/* How @insn (decoded with detail) accesses its operand number @op_index,
 * a memory operand. */
CsX86Access _cs_x86_memory_access (const cs_insn *insn,
                                   guint          op_index);
/* The bytes that operand covers. */
guint       _cs_x86_memory_size   (const cs_insn *insn,
                                   guint          op_index);

G_END_DECLS
