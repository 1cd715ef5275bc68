/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-x86-access.c — does an x86-64 instruction read or write its memory operand
 *
 * See cs-x86-access.h for the rule. capstone's own access flags are not
 * consulted: where they are right the rule agrees with them, and where they
 * are wrong (most stores of SSE, AVX and AVX-512, cmpxchg, fst) nothing in
 * them says so.
 */
#include "config.h"

#include "cs-x86-access.h"

/* A memory destination whose old value the operation uses. */
static gboolean
combines_destination (unsigned int id)
{
  switch (id)
    {
    case X86_INS_ADD: case X86_INS_ADC: case X86_INS_SUB: case X86_INS_SBB:
    case X86_INS_AND: case X86_INS_OR: case X86_INS_XOR:
    case X86_INS_INC: case X86_INS_DEC: case X86_INS_NEG: case X86_INS_NOT:
    case X86_INS_SHL: case X86_INS_SAL: case X86_INS_SHR: case X86_INS_SAR:
    case X86_INS_ROL: case X86_INS_ROR: case X86_INS_RCL: case X86_INS_RCR:
    case X86_INS_SHLD: case X86_INS_SHRD:
    case X86_INS_BTS: case X86_INS_BTR: case X86_INS_BTC:
    case X86_INS_XCHG: case X86_INS_XADD:
    case X86_INS_CMPXCHG: case X86_INS_CMPXCHG8B: case X86_INS_CMPXCHG16B:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Memory named first that is only read. */
static gboolean
reads_first_operand (unsigned int id)
{
  switch (id)
    {
    case X86_INS_CMP: case X86_INS_TEST: case X86_INS_BT:
    case X86_INS_CMPSB: case X86_INS_CMPSW: case X86_INS_CMPSD: case X86_INS_CMPSQ:
    case X86_INS_PUSH: case X86_INS_CALL: case X86_INS_JMP: case X86_INS_LCALL: case X86_INS_LJMP:
    case X86_INS_MUL: case X86_INS_IMUL: case X86_INS_DIV: case X86_INS_IDIV:
    case X86_INS_PREFETCH: case X86_INS_PREFETCHW: case X86_INS_PREFETCHT0:
    case X86_INS_PREFETCHT1: case X86_INS_PREFETCHT2: case X86_INS_PREFETCHNTA:
    case X86_INS_CLFLUSH: case X86_INS_CLFLUSHOPT: case X86_INS_CLWB:
    case X86_INS_LGDT: case X86_INS_LIDT: case X86_INS_LLDT: case X86_INS_LTR: case X86_INS_LMSW:
    case X86_INS_INVLPG: case X86_INS_VERR: case X86_INS_VERW: case X86_INS_BOUND:
    case X86_INS_LDMXCSR: case X86_INS_VLDMXCSR:
    case X86_INS_XRSTOR: case X86_INS_XRSTOR64: case X86_INS_XRSTORS: case X86_INS_XRSTORS64:
    case X86_INS_VMPTRLD:
    case X86_INS_NOP: case X86_INS_LEA:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The x87 instructions that write memory; every other one reads it. */
static gboolean
x87_writes (unsigned int id)
{
  switch (id)
    {
    case X86_INS_FST: case X86_INS_FSTP: case X86_INS_FIST: case X86_INS_FISTP:
    case X86_INS_FISTTP: case X86_INS_FBSTP:
    case X86_INS_FNSTCW: case X86_INS_FNSTSW: case X86_INS_FNSTENV: case X86_INS_FNSAVE:
    case X86_INS_FXSAVE: case X86_INS_FXSAVE64:
      return TRUE;
    default:
      return FALSE;
    }
}

CsX86Access
_cs_x86_memory_access (const cs_insn *insn,
                       guint          op_index)
{
  unsigned int id = insn->id;

  /* fxsave and fxrstor are SSE state, but x87 by name and by rule. */
  if (insn->mnemonic[0] == 'f')
    return x87_writes (id) ? CS_X86_ACCESS_WRITE : CS_X86_ACCESS_READ;
  if (op_index > 0 || reads_first_operand (id))
    return CS_X86_ACCESS_READ;
  if (combines_destination (id))
    return CS_X86_ACCESS_READ | CS_X86_ACCESS_WRITE;
  return CS_X86_ACCESS_WRITE;
}

guint
_cs_x86_memory_size (const cs_insn *insn,
                     guint          op_index)
{
  switch (insn->id)
    {
    /* capstone says dword: the status word is 16 bits. */
    case X86_INS_FNSTSW:
      return 2;
    /* The 64-bit-mode environment and state images (Intel SDM, FSTENV,
     * FSAVE, FXSAVE); capstone gives the pointer's size. */
    case X86_INS_FNSTENV: case X86_INS_FLDENV:
      return 28;
    case X86_INS_FNSAVE: case X86_INS_FRSTOR:
      return 108;
    case X86_INS_FXSAVE: case X86_INS_FXSAVE64: case X86_INS_FXRSTOR: case X86_INS_FXRSTOR64:
      return 512;
    default:
      return insn->detail->x86.operands[op_index].size;
    }
}
