/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-data-address.c — effective address of a sampled instruction's memory operand
 *
 * A cpu-clock sample interrupts the thread between two instructions: its IP
 * is the instruction about to execute, and the registers perf copies are
 * the ones that instruction will read. So evaluating its memory operand
 * with them gives the address it is about to touch (unlike PEBS-style
 * precise events, where IP and registers can be one instruction apart).
 *
 * The skid correction reuses that evaluation for the instruction before the
 * IP: registers it did not write are still the ones it read.
 */
#include "config.h"

#include <capstone/capstone.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "cs-data-address.h"
#include "cs-data-address-private.h"
#include "cs-x86-access.h"

/* The longest x86 instruction. */
#define MAX_INSN_LEN 15

struct _CsDataAddressDecoder
{
  csh      handle;
  cs_insn *insn;       /* cs_malloc'ed once: cs_disasm_iter then allocates nothing */
  /* Detail off: walking a function to find instruction boundaries needs
   * only lengths, and decodes several times faster without operands. */
  csh      walk;
  cs_insn *walk_insn;
  guint64  addr_regs;  /* perf registers (bit n: CsPerfRegX86 n) the last
                        * cs_data_address_compute() took its address from */
};

static gboolean
open_x86 (csh     *handle,
          GError **error)
{
  cs_err err;

  if ((err = cs_open (CS_ARCH_X86, CS_MODE_64, handle)) != CS_ERR_OK)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("Cannot start the x86-64 disassembler (capstone: %s); "
                     "check that libcapstone is installed with x86 support."),
                   cs_strerror (err));
      return FALSE;
    }
  return TRUE;
}

CsDataAddressDecoder *
cs_data_address_decoder_new (GError **error)
{
  g_autoptr(CsDataAddressDecoder) self = g_new0 (CsDataAddressDecoder, 1);

  if (!open_x86 (&self->handle, error) || !open_x86 (&self->walk, error))
    return NULL;
  /* Operands, their access and sizes are only in the detail. */
  cs_option (self->handle, CS_OPT_DETAIL, CS_OPT_ON);
  self->insn = cs_malloc (self->handle);
  self->walk_insn = cs_malloc (self->walk);
  return g_steal_pointer (&self);
}

void
cs_data_address_decoder_free (CsDataAddressDecoder *self)
{
  if (self == NULL)
    return;
  if (self->insn != NULL)
    cs_free (self->insn, 1);
  if (self->handle != 0)
    cs_close (&self->handle);
  if (self->walk_insn != NULL)
    cs_free (self->walk_insn, 1);
  if (self->walk != 0)
    cs_close (&self->walk);
  g_free (self);
}

/* The implicit stack access of push/pop/call/ret/leave, for the forms with
 * no explicit memory operand. TRUE when @insn is one of them. */
static gboolean
stack_access (const cs_insn    *insn,
              const CsPerfRegs *regs,
              CsDataAddress    *out,
              guint64          *addr_regs)
{
  const cs_x86 *x86 = &insn->detail->x86;
  guint64 sp = 0;
  guint size = 8;
  gboolean push;
  guint reg = CS_PERF_REG_X86_SP;

  switch (insn->id)
    {
    case X86_INS_PUSH:
    case X86_INS_PUSHFQ:
    case X86_INS_PUSHF:
    case X86_INS_CALL:
      push = TRUE;
      break;
    case X86_INS_POP:
    case X86_INS_POPFQ:
    case X86_INS_POPF:
    case X86_INS_RET:
      push = FALSE;
      break;
    case X86_INS_LEAVE:
      /* mov rsp, rbp; pop rbp: the load is at the old RBP. */
      push = FALSE;
      reg = CS_PERF_REG_X86_BP;
      break;
    default:
      return FALSE;
    }
  /* push/pop of a register or an immediate: 8 bytes, 2 with a 0x66 prefix. */
  if (insn->id == X86_INS_PUSH || insn->id == X86_INS_POP)
    {
      if (x86->op_count > 0 && x86->operands[0].type == X86_OP_REG && x86->operands[0].size > 0)
        size = x86->operands[0].size;
      else if (x86->prefix[2] == 0x66)
        size = 2;
    }
  else if (insn->id == X86_INS_PUSHF || insn->id == X86_INS_POPF)
    size = 2;
  out->n_mem_operands = 1;
  out->size = size;
  out->is_load = !push;
  out->is_store = push;
  *addr_regs = G_GUINT64_CONSTANT (1) << reg;
  if (!cs_perf_regs_get (regs, reg, &sp))
    {
      out->kind = CS_DATA_ADDRESS_UNKNOWN_REGISTER;
      return TRUE;
    }
  out->kind = CS_DATA_ADDRESS_KNOWN;
  out->address = push ? sp - size : sp;
  return TRUE;
}

/* maskmovq / (v)maskmovdqu store the selected bytes of a register at
 * [RDI] without naming it (capstone lists no memory operand): a store of
 * 8 or 16 bytes. TRUE when @insn is one of them. */
static gboolean
masked_store (const cs_insn    *insn,
              const CsPerfRegs *regs,
              CsDataAddress    *out,
              guint64          *addr_regs)
{
  guint64 di = 0;

  switch (insn->id)
    {
    case X86_INS_MASKMOVQ:
      out->size = 8;
      break;
    case X86_INS_MASKMOVDQU:
    case X86_INS_VMASKMOVDQU:
      out->size = 16;
      break;
    default:
      return FALSE;
    }
  out->n_mem_operands = 1;
  out->is_store = TRUE;
  *addr_regs = G_GUINT64_CONSTANT (1) << CS_PERF_REG_X86_DI;
  if (!cs_perf_regs_get (regs, CS_PERF_REG_X86_DI, &di))
    {
      out->kind = CS_DATA_ADDRESS_UNKNOWN_REGISTER;
      return TRUE;
    }
  out->kind = CS_DATA_ADDRESS_KNOWN;
  /* A 0x67 prefix makes it EDI. */
  out->address = insn->detail->x86.prefix[3] == 0x67 ? di & G_MAXUINT32 : di;
  return TRUE;
}

void
cs_data_address_compute (CsDataAddressDecoder *self,
                         const guint8         *code,
                         gsize                 len,
                         guint64               ip,
                         const CsPerfRegs     *regs,
                         CsDataAddress        *out)
{
  const uint8_t *p = code;
  size_t n = MIN (len, MAX_INSN_LEN);
  uint64_t addr = ip;
  const cs_x86 *x86;
  const cs_x86_op *mem = NULL;
  guint mem_index = 0;
  CsX86Access access;
  guint64 base = 0, index = 0, next;
  guint base_bits = 64, index_bits = 64;
  guint64 ea;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);

  *out = (CsDataAddress) { .kind = CS_DATA_ADDRESS_UNDECODABLE, .ip = ip };
  self->addr_regs = 0;
  if (code == NULL || n == 0 || !cs_disasm_iter (self->handle, &p, &n, &addr, self->insn))
    return;
  out->insn_length = self->insn->size;
  next = ip + self->insn->size;
  x86 = &self->insn->detail->x86;

  /* These name memory but never access it. */
  if (self->insn->id == X86_INS_LEA || self->insn->id == X86_INS_NOP)
    {
      out->kind = CS_DATA_ADDRESS_NO_MEMORY;
      return;
    }
  for (guint i = 0; i < x86->op_count; i++)
    if (x86->operands[i].type == X86_OP_MEM)
      {
        if (mem == NULL)
          {
            mem = &x86->operands[i];
            mem_index = i;
          }
        out->n_mem_operands++;
      }
  if (mem == NULL)
    {
      if (!stack_access (self->insn, regs, out, &self->addr_regs) &&
          !masked_store (self->insn, regs, out, &self->addr_regs))
        out->kind = CS_DATA_ADDRESS_NO_MEMORY;
      return;
    }

  /* From the instruction's semantics: capstone 4's access flags call most
   * vector stores, cmpxchg and fstp reads (cs-x86-access.h). */
  access = _cs_x86_memory_access (self->insn, mem_index);
  out->size = _cs_x86_memory_size (self->insn, mem_index);
  out->is_load = (access & CS_X86_ACCESS_READ) != 0;
  out->is_store = (access & CS_X86_ACCESS_WRITE) != 0;
  /* fs and gs have bases of their own (TLS); perf samples only the
   * selectors. The other segments have base 0 in 64-bit mode. */
  if (mem->mem.segment == X86_REG_FS || mem->mem.segment == X86_REG_GS)
    {
      out->kind = CS_DATA_ADDRESS_UNKNOWN_SEGMENT;
      return;
    }
  for (guint i = 0; i < 2; i++)
    {
      int family = _cs_perf_reg_family (i == 0 ? mem->mem.base : mem->mem.index);

      if (family >= 0)
        self->addr_regs |= G_GUINT64_CONSTANT (1) << family;
    }
  if (!_cs_data_address_reg (mem->mem.base, regs, next, &base, &base_bits) ||
      !_cs_data_address_reg (mem->mem.index, regs, next, &index, &index_bits))
    {
      out->kind = CS_DATA_ADDRESS_UNKNOWN_REGISTER;
      return;
    }
  ea = base + index * (guint64) (mem->mem.scale > 0 ? mem->mem.scale : 1) + (guint64) mem->mem.disp;
  /* A 0x67 prefix makes the address 32 bits wide. */
  if (base_bits == 32 || index_bits == 32)
    ea &= G_MAXUINT32;
  out->kind = CS_DATA_ADDRESS_KNOWN;
  out->address = ea;
}

guint
cs_data_address_find_previous (CsDataAddressDecoder *self,
                               const guint8         *code,
                               gsize                 len,
                               guint64               start,
                               guint64               ip)
{
  const uint8_t *p = code;
  uint64_t addr = start;
  size_t n;

  g_return_val_if_fail (self != NULL, 0);

  if (code == NULL || ip <= start || ip - start > len)
    return 0;
  /* Only the bytes before @ip: an instruction that would run past it
   * fails to decode, which ends the walk. */
  n = (size_t) (ip - start);
  while (addr < ip)
    {
      guint64 at = addr;

      if (!cs_disasm_iter (self->walk, &p, &n, &addr, self->walk_insn))
        return 0;
      if (addr == ip)
        return (guint) (ip - at);
    }
  return 0;
}

/* Control does not fall through from these to the next instruction: a
 * sample there came from elsewhere (after a call, from the callee's ret). */
static gboolean
is_branch (csh            handle,
           const cs_insn *insn)
{
  return cs_insn_group (handle, insn, CS_GRP_JUMP) ||
         cs_insn_group (handle, insn, CS_GRP_CALL) ||
         cs_insn_group (handle, insn, CS_GRP_RET) ||
         cs_insn_group (handle, insn, CS_GRP_IRET) ||
         cs_insn_group (handle, insn, CS_GRP_INT);
}

gboolean
cs_data_address_compute_previous (CsDataAddressDecoder *self,
                                  const guint8         *code,
                                  gsize                 len,
                                  guint64               prev_ip,
                                  const CsPerfRegs     *regs,
                                  CsDataAddress        *out)
{
  cs_regs read, write;
  uint8_t n_read = 0, n_write = 0;
  guint64 written = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  cs_data_address_compute (self, code, len, prev_ip, regs, out);
  if (out->kind == CS_DATA_ADDRESS_NO_MEMORY || out->kind == CS_DATA_ADDRESS_UNDECODABLE ||
      is_branch (self->handle, self->insn))
    return FALSE;
  out->skid_corrected = TRUE;
  /* fs:/gs: stays unknown for its own reason. */
  if (out->kind != CS_DATA_ADDRESS_KNOWN && out->kind != CS_DATA_ADDRESS_UNKNOWN_REGISTER)
    return TRUE;
  /* Implicit writes too: push and pop move the RSP they address through.
   * Without the list of written registers nothing says the sampled ones
   * are still the ones it used: no correction then. */
  if (cs_regs_access (self->handle, self->insn, read, &n_read, write, &n_write) != CS_ERR_OK)
    return FALSE;
  for (guint i = 0; i < n_write; i++)
    {
      int family = _cs_perf_reg_family (write[i]);

      if (family >= 0)
        written |= G_GUINT64_CONSTANT (1) << family;
    }
  if (written & self->addr_regs)
    {
      out->kind = CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN;
      out->address = 0;
    }
  return TRUE;
}

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

gboolean
cs_data_address_find_jump_targets (CsDataAddressDecoder *self,
                                   const guint8         *code,
                                   gsize                 len,
                                   guint64               start,
                                   GArray               *targets)
{
  const uint8_t *p = code;
  size_t n = len;
  uint64_t addr = start;
  guint first = targets->len;
  gboolean complete = TRUE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (targets != NULL, FALSE);

  if (code == NULL || len == 0)
    return FALSE;
  while (n > 0)
    {
      const cs_x86 *x86;
      const cs_x86_op *op;

      if (!cs_disasm_iter (self->handle, &p, &n, &addr, self->insn))
        {
          complete = FALSE;
          break;
        }
      if (!cs_insn_group (self->handle, self->insn, CS_GRP_JUMP) &&
          !cs_insn_group (self->handle, self->insn, CS_GRP_CALL))
        continue;
      x86 = &self->insn->detail->x86;
      if (x86->op_count < 1)
        continue;
      op = &x86->operands[0];
      if (op->type == X86_OP_IMM)
        {
          guint64 target = (guint64) op->imm;

          if (target >= start && target < start + len)
            g_array_append_val (targets, target);
        }
      /* An indirect call returns to the next instruction, and a jump
       * through a RIP-relative pointer is a tail call through the GOT;
       * any other indirect jump may be a jump table into this function. */
      else if (cs_insn_group (self->handle, self->insn, CS_GRP_JUMP) &&
               !(op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP && op->mem.index == X86_REG_INVALID))
        complete = FALSE;
    }
  /* Sorted and each once, for a binary search. */
  if (targets->len > first)
    {
      guint64 *t = &g_array_index (targets, guint64, first);
      guint count = targets->len - first, kept = 0;

      qsort (t, count, sizeof (guint64), compare_u64);
      for (guint i = 0; i < count; i++)
        if (kept == 0 || t[kept - 1] != t[i])
          t[kept++] = t[i];
      g_array_set_size (targets, first + kept);
    }
  return complete;
}

void
cs_data_address_compute_sample (CsDataAddressDecoder *self,
                                const guint8         *code,
                                gsize                 len,
                                guint64               ip,
                                guint                 prev_len,
                                gboolean              jump_target,
                                const CsPerfRegs     *regs,
                                CsDataAddress        *out)
{
  CsDataAddress prev;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);

  if (code == NULL || prev_len > len)
    {
      *out = (CsDataAddress) { .kind = CS_DATA_ADDRESS_UNDECODABLE, .ip = ip };
      return;
    }
  /* The instruction at the IP first: it is about to execute with exactly
   * the sampled registers, so an access of its own is exact; the previous
   * instruction is only the likely stalled one. */
  cs_data_address_compute (self, code + prev_len, len - prev_len, ip, regs, out);
  if (out->kind != CS_DATA_ADDRESS_NO_MEMORY || prev_len == 0 ||
      !cs_data_address_compute_previous (self, code, prev_len, ip - prev_len, regs, &prev))
    return;
  /* At a loop head the instruction that ran before may be the jump back,
   * and the one above it in the code ran long ago (or never). */
  if (jump_target)
    {
      out->kind = CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET;
      return;
    }
  *out = prev;
}

const char *
cs_data_address_kind_to_string (CsDataAddressKind kind)
{
  switch (kind)
    {
    case CS_DATA_ADDRESS_NO_MEMORY:        return "no memory operand";
    case CS_DATA_ADDRESS_KNOWN:            return "known";
    case CS_DATA_ADDRESS_UNKNOWN_SEGMENT:  return "unknown: fs/gs segment";
    case CS_DATA_ADDRESS_UNKNOWN_REGISTER: return "unknown: register not sampled";
    case CS_DATA_ADDRESS_UNDECODABLE:      return "undecodable";
    case CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN: return "unknown: address register overwritten";
    case CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET: return "unknown: the IP is a jump target";
    default:                               return "?";
    }
}
