/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-data-address-regs.c — capstone's x86 registers as the registers perf sampled */
#include "config.h"

#include "cs-data-address-private.h"

gboolean
cs_perf_regs_get (const CsPerfRegs *regs,
                  guint             reg,
                  guint64          *value)
{
  guint64 bit;
  guint index;

  if (regs == NULL || regs->abi == 0 || regs->regs == NULL || reg >= 64)
    return FALSE;
  bit = G_GUINT64_CONSTANT (1) << reg;
  if ((regs->mask & bit) == 0)
    return FALSE;
  /* Registers are packed in ascending bit order of the mask. */
  index = (guint) __builtin_popcountll (regs->mask & (bit - 1));
  if (index >= regs->n_regs)
    return FALSE;
  *value = regs->regs[index];
  return TRUE;
}

/* The perf register holding capstone register @reg and the address width
 * it implies (64, or 32 with an address-size prefix); -1 for registers
 * that are no general-purpose register (vector indices, segments). */
static int
perf_reg_of (x86_reg reg,
             guint  *bits)
{
  *bits = 64;
  switch (reg)
    {
    case X86_REG_RAX: return CS_PERF_REG_X86_AX;
    case X86_REG_RBX: return CS_PERF_REG_X86_BX;
    case X86_REG_RCX: return CS_PERF_REG_X86_CX;
    case X86_REG_RDX: return CS_PERF_REG_X86_DX;
    case X86_REG_RSI: return CS_PERF_REG_X86_SI;
    case X86_REG_RDI: return CS_PERF_REG_X86_DI;
    case X86_REG_RBP: return CS_PERF_REG_X86_BP;
    case X86_REG_RSP: return CS_PERF_REG_X86_SP;
    case X86_REG_R8:  return CS_PERF_REG_X86_R8;
    case X86_REG_R9:  return CS_PERF_REG_X86_R8 + 1;
    case X86_REG_R10: return CS_PERF_REG_X86_R8 + 2;
    case X86_REG_R11: return CS_PERF_REG_X86_R8 + 3;
    case X86_REG_R12: return CS_PERF_REG_X86_R8 + 4;
    case X86_REG_R13: return CS_PERF_REG_X86_R8 + 5;
    case X86_REG_R14: return CS_PERF_REG_X86_R8 + 6;
    case X86_REG_R15: return CS_PERF_REG_X86_R8 + 7;
    default:
      break;
    }
  *bits = 32;
  switch (reg)
    {
    case X86_REG_EAX:  return CS_PERF_REG_X86_AX;
    case X86_REG_EBX:  return CS_PERF_REG_X86_BX;
    case X86_REG_ECX:  return CS_PERF_REG_X86_CX;
    case X86_REG_EDX:  return CS_PERF_REG_X86_DX;
    case X86_REG_ESI:  return CS_PERF_REG_X86_SI;
    case X86_REG_EDI:  return CS_PERF_REG_X86_DI;
    case X86_REG_EBP:  return CS_PERF_REG_X86_BP;
    case X86_REG_ESP:  return CS_PERF_REG_X86_SP;
    case X86_REG_R8D:  return CS_PERF_REG_X86_R8;
    case X86_REG_R9D:  return CS_PERF_REG_X86_R8 + 1;
    case X86_REG_R10D: return CS_PERF_REG_X86_R8 + 2;
    case X86_REG_R11D: return CS_PERF_REG_X86_R8 + 3;
    case X86_REG_R12D: return CS_PERF_REG_X86_R8 + 4;
    case X86_REG_R13D: return CS_PERF_REG_X86_R8 + 5;
    case X86_REG_R14D: return CS_PERF_REG_X86_R8 + 6;
    case X86_REG_R15D: return CS_PERF_REG_X86_R8 + 7;
    default:
      return -1;
    }
}

/* The perf register that capstone register @reg is part of, including the
 * 16- and 8-bit parts (writing one of them changes the 64-bit register an
 * address is computed from); -1 for the others. */
int
_cs_perf_reg_family (x86_reg reg)
{
  guint bits;
  int r = perf_reg_of (reg, &bits);

  if (r >= 0)
    return r;
  switch (reg)
    {
    case X86_REG_AX: case X86_REG_AL: case X86_REG_AH: return CS_PERF_REG_X86_AX;
    case X86_REG_BX: case X86_REG_BL: case X86_REG_BH: return CS_PERF_REG_X86_BX;
    case X86_REG_CX: case X86_REG_CL: case X86_REG_CH: return CS_PERF_REG_X86_CX;
    case X86_REG_DX: case X86_REG_DL: case X86_REG_DH: return CS_PERF_REG_X86_DX;
    case X86_REG_SI: case X86_REG_SIL: return CS_PERF_REG_X86_SI;
    case X86_REG_DI: case X86_REG_DIL: return CS_PERF_REG_X86_DI;
    case X86_REG_BP: case X86_REG_BPL: return CS_PERF_REG_X86_BP;
    case X86_REG_SP: case X86_REG_SPL: return CS_PERF_REG_X86_SP;
    case X86_REG_R8W:  case X86_REG_R8B:  return CS_PERF_REG_X86_R8;
    case X86_REG_R9W:  case X86_REG_R9B:  return CS_PERF_REG_X86_R8 + 1;
    case X86_REG_R10W: case X86_REG_R10B: return CS_PERF_REG_X86_R8 + 2;
    case X86_REG_R11W: case X86_REG_R11B: return CS_PERF_REG_X86_R8 + 3;
    case X86_REG_R12W: case X86_REG_R12B: return CS_PERF_REG_X86_R8 + 4;
    case X86_REG_R13W: case X86_REG_R13B: return CS_PERF_REG_X86_R8 + 5;
    case X86_REG_R14W: case X86_REG_R14B: return CS_PERF_REG_X86_R8 + 6;
    case X86_REG_R15W: case X86_REG_R15B: return CS_PERF_REG_X86_R8 + 7;
    default:
      return -1;
    }
}

/* The value of a base or index register; FALSE when it was not sampled.
 * @next is the address of the next instruction. */
gboolean
_cs_data_address_reg (x86_reg           reg,
                      const CsPerfRegs *regs,
                      guint64           next,
                      guint64          *value,
                      guint            *bits)
{
  int perf_reg;

  switch (reg)
    {
    case X86_REG_INVALID:
    case X86_REG_RIZ:
    case X86_REG_EIZ:
      *value = 0;
      return TRUE;
    case X86_REG_RIP:
      /* RIP-relative: relative to the end of the instruction. */
      *value = next;
      return TRUE;
    case X86_REG_EIP:
      *value = next & G_MAXUINT32;
      *bits = 32;
      return TRUE;
    default:
      break;
    }
  if ((perf_reg = perf_reg_of (reg, bits)) < 0)
    return FALSE;
  return cs_perf_regs_get (regs, (guint) perf_reg, value);
}
