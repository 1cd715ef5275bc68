/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwind-regs.h — perf's user registers as DWARF numbers them
 *
 * A sample recorded for DWARF unwinding carries the user registers in
 * perf's numbering (PERF_REG_X86_* / PERF_REG_ARM64_*, in ascending bit
 * order of the attr's sample_regs_user). The call-frame information
 * numbers them its own way (the psABI's DWARF register numbers), which is
 * what libdwfl takes as a thread's initial state. Only 64-bit ABIs are
 * unwound: x86-64 and aarch64.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CS_UNWIND_ARCH_NONE,
  CS_UNWIND_ARCH_X86_64,
  CS_UNWIND_ARCH_AARCH64,
} CsUnwindArch;

/* The most DWARF registers an initial state sets (aarch64's x0…sp and the
 * callee-saved v8…v15). */
#define CS_UNWIND_MAX_DWARF_REGS 80

/* PERF_SAMPLE_REGS_ABI_64 */
#define CS_UNWIND_REGS_ABI_64 2

/* The architecture of perf.data's HEADER_ARCH ("x86_64", "aarch64",
 * uname -m's spelling); NULL: this machine's. NONE when it cannot be
 * unwound. */
CsUnwindArch  cs_unwind_arch_from_name   (const char    *name);
/* ELF e_machine of @arch (EM_X86_64, EM_AARCH64), 0 for NONE. */
guint16       cs_unwind_arch_elf_machine (CsUnwindArch   arch);

typedef struct
{
  guint64 pc;
  guint64 sp;
  guint   n_regs;                          /* DWARF registers 0 … n_regs - 1 */
  guint64 regs[CS_UNWIND_MAX_DWARF_REGS];  /* a register perf did not record is 0, as in perf */
} CsUnwindRegs;

/* The DWARF registers of a sample's perf registers (@mask, @n_values
 * values in ascending bit order). FALSE when the stack pointer or the
 * instruction pointer is missing, or @arch is NONE. */
gboolean      cs_unwind_regs_from_perf   (CsUnwindArch   arch,
                                          guint64        mask,
                                          const guint64 *values,
                                          guint          n_values,
                                          CsUnwindRegs  *out);

G_END_DECLS
