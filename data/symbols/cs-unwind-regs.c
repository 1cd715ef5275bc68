/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwind-regs.c — perf's user registers as DWARF numbers them
 *
 * x86-64: perf numbers AX BX CX DX SI DI BP SP IP FLAGS CS SS DS ES FS GS
 * R8 … R15 (arch/x86/include/uapi/asm/perf_regs.h); the psABI's DWARF
 * numbers are rax rdx rcx rbx rsi rdi rbp rsp r8 … r15 and the return
 * address (rip) 16. aarch64: perf numbers X0 … X28, X29 (fp), LR, SP, PC;
 * DWARF x0 … x30 and sp 31, and the pc has no number of its own.
 */
#include "config.h"

#include <elf.h>
#include <string.h>

#include "cs-unwind-regs.h"

#define X86_64_PERF_SP 7
#define X86_64_PERF_IP 8
#define ARM64_PERF_SP  31
#define ARM64_PERF_PC  32

/* perf's register for DWARF register i */
static const guint8 x86_64_perf_for_dwarf[] = {
  0, 3, 2, 1, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8,
};

/* aarch64's v8…v15 (DWARF 72…79), callee-saved: perf does not record
 * them, but a frame that saves them would leave libdwfl without a value
 * to carry up; like hotspot, 0. */
#define ARM64_FIRST_V_SAVED 72
#define ARM64_N_V_SAVED     8

CsUnwindArch
cs_unwind_arch_from_name (const char *name)
{
  if (name == NULL)
    {
#if defined(__x86_64__)
      return CS_UNWIND_ARCH_X86_64;
#elif defined(__aarch64__)
      return CS_UNWIND_ARCH_AARCH64;
#else
      return CS_UNWIND_ARCH_NONE;
#endif
    }
  if (strcmp (name, "x86_64") == 0 || strcmp (name, "amd64") == 0)
    return CS_UNWIND_ARCH_X86_64;
  if (strcmp (name, "aarch64") == 0 || strcmp (name, "arm64") == 0)
    return CS_UNWIND_ARCH_AARCH64;
  return CS_UNWIND_ARCH_NONE;
}

guint16
cs_unwind_arch_elf_machine (CsUnwindArch arch)
{
  switch (arch)
    {
    case CS_UNWIND_ARCH_X86_64:
      return EM_X86_64;
    case CS_UNWIND_ARCH_AARCH64:
      return EM_AARCH64;
    case CS_UNWIND_ARCH_NONE:
    default:
      return 0;
    }
}

/* The value of perf register @reg, FALSE when @mask lacks it. */
static gboolean
perf_reg (guint64        mask,
          const guint64 *values,
          guint          n_values,
          guint          reg,
          guint64       *value)
{
  guint index;

  if (reg >= 64 || (mask & (G_GUINT64_CONSTANT (1) << reg)) == 0)
    return FALSE;
  index = (guint) __builtin_popcountll (mask & ((G_GUINT64_CONSTANT (1) << reg) - 1));
  if (index >= n_values)
    return FALSE;
  *value = values[index];
  return TRUE;
}

gboolean
cs_unwind_regs_from_perf (CsUnwindArch   arch,
                          guint64        mask,
                          const guint64 *values,
                          guint          n_values,
                          CsUnwindRegs  *out)
{
  memset (out, 0, sizeof *out);
  switch (arch)
    {
    case CS_UNWIND_ARCH_X86_64:
      if (!perf_reg (mask, values, n_values, X86_64_PERF_SP, &out->sp) ||
          !perf_reg (mask, values, n_values, X86_64_PERF_IP, &out->pc))
        return FALSE;
      out->n_regs = G_N_ELEMENTS (x86_64_perf_for_dwarf);
      for (guint i = 0; i < out->n_regs; i++)
        perf_reg (mask, values, n_values, x86_64_perf_for_dwarf[i], &out->regs[i]);
      return TRUE;
    case CS_UNWIND_ARCH_AARCH64:
      if (!perf_reg (mask, values, n_values, ARM64_PERF_SP, &out->sp) ||
          !perf_reg (mask, values, n_values, ARM64_PERF_PC, &out->pc))
        return FALSE;
      /* x0 … x30 and sp keep perf's numbers */
      for (guint i = 0; i <= ARM64_PERF_SP; i++)
        perf_reg (mask, values, n_values, i, &out->regs[i]);
      out->n_regs = ARM64_FIRST_V_SAVED + ARM64_N_V_SAVED;
      return TRUE;
    case CS_UNWIND_ARCH_NONE:
    default:
      return FALSE;
    }
}
