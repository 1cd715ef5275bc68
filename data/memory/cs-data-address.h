/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-data-address.h — the data address of one sampled x86-64 instruction
 *
 * Without a PMU there is no PEBS/IBS data address in the samples. What a
 * cpu-clock sample does carry, with PERF_SAMPLE_REGS_USER, is the user
 * registers at the sampled IP. Decoding the instruction at that IP
 * (capstone) and evaluating its memory operand — base + index × scale +
 * displacement, or RIP-relative — with those registers gives the address it
 * is about to access: the "sample + disassembly ⇒ reconstruct address"
 * method of the Core 2 era.
 *
 * What this cannot know, and says so instead of guessing:
 * - fs:/gs:-relative operands (thread-local storage, the stack protector):
 *   perf samples the segment selectors, not the segment bases;
 * - operands whose base or index register was not sampled (a mask without
 *   it, or a vector index of a gather);
 * - bytes that do not decode (data in code, a sample in the middle of an
 *   instruction).
 *
 * Skid: a timer sample's IP is usually the instruction *after* the one
 * that stalled (the interrupt is taken when the stalled one retires). When
 * the instruction at the IP accesses no memory, the profile attributes the
 * sample to the previous instruction (cs_data_address_find_previous(),
 * cs_data_address_compute_previous()): the sampled registers are the ones
 * it left behind, which still give its address unless it wrote a register
 * its address is computed from (mov (%rax),%rax) — then the address is
 * "unknown: address register overwritten", not a guess. Such results carry
 * @skid_corrected and the previous instruction's @ip. An instruction at the
 * IP that accesses memory itself keeps priority: it is the one about to
 * execute, with exactly the sampled registers, so its address is exact,
 * while the previous one's is an inference about the past.
 *
 * Instructions with two memory operands (movs, cmps) report the first one
 * as capstone lists it (the destination of movs) and set @n_mem_operands
 * to 2. Implicit stack accesses are real memory accesses and are reported:
 * push and call store at RSP − size, pop and ret load at RSP, leave loads
 * at RBP. lea and the multi-byte nops have a memory operand but touch no
 * memory: they count as "no memory operand".
 */
#pragma once

#include <glib.h>

#include "cs-perf-reader.h"

G_BEGIN_DECLS

/* perf's x86-64 register numbers (arch/x86/include/uapi/asm/perf_regs.h):
 * bit n of sample_regs_user. */
typedef enum
{
  CS_PERF_REG_X86_AX    = 0,
  CS_PERF_REG_X86_BX    = 1,
  CS_PERF_REG_X86_CX    = 2,
  CS_PERF_REG_X86_DX    = 3,
  CS_PERF_REG_X86_SI    = 4,
  CS_PERF_REG_X86_DI    = 5,
  CS_PERF_REG_X86_BP    = 6,
  CS_PERF_REG_X86_SP    = 7,
  CS_PERF_REG_X86_IP    = 8,
  CS_PERF_REG_X86_FLAGS = 9,
  CS_PERF_REG_X86_CS    = 10,
  CS_PERF_REG_X86_SS    = 11,
  CS_PERF_REG_X86_DS    = 12,
  CS_PERF_REG_X86_ES    = 13,
  CS_PERF_REG_X86_FS    = 14,
  CS_PERF_REG_X86_GS    = 15,
  CS_PERF_REG_X86_R8    = 16,
  /* R9 … R15 follow: 17 … 23 */
  CS_PERF_REG_X86_R15   = 23,
} CsPerfRegX86;

typedef enum
{
  CS_DATA_ADDRESS_NO_MEMORY,          /* the instruction accesses no memory */
  CS_DATA_ADDRESS_KNOWN,              /* @address is the effective address */
  CS_DATA_ADDRESS_UNKNOWN_SEGMENT,    /* fs:/gs:-relative: base not sampled */
  CS_DATA_ADDRESS_UNKNOWN_REGISTER,   /* a base or index register was not sampled */
  CS_DATA_ADDRESS_UNDECODABLE,        /* the bytes are no valid instruction */
  /* Skid correction only: the previous instruction wrote a register its
   * address uses, so the sampled value is no longer the one it used. */
  CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN,
  /* Skid correction only: the sampled IP is a jump target (a loop head),
   * so the instruction before it in the code need not be the one that ran
   * before the sample: no guess. */
  CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET,
} CsDataAddressKind;

typedef struct
{
  CsDataAddressKind kind;
  guint64           address;          /* with CS_DATA_ADDRESS_KNOWN */
  guint             size;             /* bytes accessed; 0 when not known */
  gboolean          is_load;
  gboolean          is_store;
  guint             n_mem_operands;   /* 2 for movs/cmps: the first is reported */
  guint             insn_length;      /* 0 when undecodable */
  guint64           ip;               /* the accessing instruction: the sampled IP, or the
                                       * previous instruction's with @skid_corrected */
  gboolean          skid_corrected;   /* attributed to the instruction before the sampled IP */
} CsDataAddress;

/* Holds the capstone handle and its instruction buffer: make one per
 * thread and reuse it for every sample. Not thread-safe. */
typedef struct _CsDataAddressDecoder CsDataAddressDecoder;

CsDataAddressDecoder *cs_data_address_decoder_new  (GError              **error);
void                  cs_data_address_decoder_free (CsDataAddressDecoder *self);

/* The value of perf register @reg (CsPerfRegX86) in @regs; FALSE when the
 * sample has no registers or @reg is not in its mask. */
gboolean              cs_perf_regs_get             (const CsPerfRegs     *regs,
                                                    guint                 reg,
                                                    guint64              *value);

/* Decodes the instruction at @ip from @code (@len bytes, at most 15 are
 * looked at) and fills @out. @regs are the registers sampled at @ip (may
 * be NULL: then only RIP-relative and register-free operands are known). */
void                  cs_data_address_compute      (CsDataAddressDecoder *self,
                                                    const guint8         *code,
                                                    gsize                 len,
                                                    guint64               ip,
                                                    const CsPerfRegs     *regs,
                                                    CsDataAddress        *out);

/* Skid correction, step 1: the length of the instruction that ends exactly
 * at @ip, found by decoding forward from @start (a function's first
 * instruction; x86 cannot be decoded backwards). @code holds the @len
 * bytes from @start on; those before @ip suffice. 0 when no instruction
 * ends at @ip: @ip lies inside an instruction, or a byte sequence on the
 * way does not decode (data in code). */
guint                 cs_data_address_find_previous (CsDataAddressDecoder *self,
                                                     const guint8         *code,
                                                     gsize                 len,
                                                     guint64               start,
                                                     guint64               ip);

/* Skid correction, the control flow: the targets of the direct jumps and
 * calls of the function at @start (its @len bytes at @code) that land
 * inside it, appended to @targets (guint64, sorted, each once). A sample at
 * one of them may follow the jump rather than the instruction above it.
 * FALSE when the function's control flow is not fully known: bytes that do
 * not decode, or an indirect jump other than a tail call through a
 * RIP-relative pointer (a jump table's targets are in data, not in the
 * code); then any instruction may be a target. */
gboolean              cs_data_address_find_jump_targets (CsDataAddressDecoder *self,
                                                         const guint8         *code,
                                                         gsize                 len,
                                                         guint64               start,
                                                         GArray               *targets);

/* Skid correction, step 2: the access of the instruction at @prev_ip (its
 * @len bytes at @code) that ends at the sampled IP, with the @regs
 * sampled there, i.e. after it ran. FALSE when it accesses no memory, does
 * not decode, or is a jump, call or return (the sampled IP is then not
 * reached by falling through from it: after a call it is reached by the
 * callee's ret); @out is then meaningless. TRUE: @out has @skid_corrected
 * set, @ip = @prev_ip, and kind KNOWN, UNKNOWN_SEGMENT, UNKNOWN_REGISTER or
 * UNKNOWN_OVERWRITTEN (it wrote its own base or index register, e.g.
 * `mov (%rax),%rax`, `pop`, `push`: their RSP has moved). */
gboolean              cs_data_address_compute_previous (CsDataAddressDecoder *self,
                                                        const guint8         *code,
                                                        gsize                 len,
                                                        guint64               prev_ip,
                                                        const CsPerfRegs     *regs,
                                                        CsDataAddress        *out);

/* The whole rule for one sample at @ip: the instruction at @ip, and only
 * when it accesses no memory, the @prev_len-byte instruction before it
 * (cs_data_address_compute_previous(); its result replaces the first
 * unless that returns FALSE). @code starts @prev_len bytes before @ip
 * (@len bytes in all); @prev_len 0 when cs_data_address_find_previous()
 * found no instruction ending at @ip: no correction. @jump_target: control
 * may reach @ip other than from the instruction before it
 * (cs_data_address_find_jump_targets()); a sample the correction would
 * move is then CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET (with @ip the sampled
 * IP), not a guess. */
void                  cs_data_address_compute_sample (CsDataAddressDecoder *self,
                                                      const guint8         *code,
                                                      gsize                 len,
                                                      guint64               ip,
                                                      guint                 prev_len,
                                                      gboolean              jump_target,
                                                      const CsPerfRegs     *regs,
                                                      CsDataAddress        *out);

/* "known", "no memory operand", … for logs and tests; not translated. */
const char           *cs_data_address_kind_to_string (CsDataAddressKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsDataAddressDecoder, cs_data_address_decoder_free)

G_END_DECLS
