/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-data-address.c — effective addresses of hand-encoded x86-64 instructions
 *
 * Every instruction is written out in bytes (Intel SDM encodings) and every
 * expected address is worked out by hand in the comment next to it; the
 * registers are packed the way perf packs them (ascending bit order of the
 * mask), the mask being the collector's 0xff0fff.
 */
#include "config.h"

#include "cs-data-address.h"

#define MASK G_GUINT64_CONSTANT (0xff0fff)

enum { AX = 0, BX, CX, DX, SI, DI, BP, SP, IP, R8 = 16, R12 = 20 };

typedef struct
{
  guint64    values[24];   /* by perf register number */
  guint64    packed[24];
  CsPerfRegs regs;
} Regs;

/* Packs @r->values for @mask like a PERF_SAMPLE_REGS_USER sample. */
static void
regs_pack (Regs    *r,
           guint64  mask)
{
  guint n = 0;

  for (guint bit = 0; bit < 24; bit++)
    if (mask & (G_GUINT64_CONSTANT (1) << bit))
      r->packed[n++] = r->values[bit];
  r->regs.abi = 2;   /* PERF_SAMPLE_REGS_ABI_64 */
  r->regs.mask = mask;
  r->regs.n_regs = n;
  r->regs.regs = r->packed;
}

static CsDataAddressDecoder *
decoder (void)
{
  g_autoptr(GError) error = NULL;
  CsDataAddressDecoder *d = cs_data_address_decoder_new (&error);

  g_assert_no_error (error);
  g_assert_nonnull (d);
  return d;
}

static CsDataAddress
compute (const guint8     *code,
         gsize             len,
         guint64           ip,
         const CsPerfRegs *regs)
{
  g_autoptr(CsDataAddressDecoder) d = decoder ();
  CsDataAddress a;

  cs_data_address_compute (d, code, len, ip, regs, &a);
  g_test_message ("%s: 0x%" G_GINT64_MODIFIER "x, %u bytes, load %d store %d, length %u",
                  cs_data_address_kind_to_string (a.kind), a.address, a.size,
                  a.is_load, a.is_store, a.insn_length);
  return a;
}

static void
test_regs_get (void)
{
  Regs r = { 0 };
  guint64 v = 0;

  for (guint i = 0; i < 24; i++)
    r.values[i] = 0x100 + i;
  regs_pack (&r, MASK);
  /* 0xff0fff has 12 bits below 16 and 8 from 16 on: 20 registers. */
  g_assert_cmpuint (r.regs.n_regs, ==, 20);
  g_assert_true (cs_perf_regs_get (&r.regs, DI, &v));
  g_assert_cmpuint (v, ==, 0x105);
  /* R8 is bit 16, packed at index 12 (after the 12 registers 0–11). */
  g_assert_cmphex (r.packed[12], ==, 0x110);
  g_assert_true (cs_perf_regs_get (&r.regs, R8, &v));
  g_assert_cmphex (v, ==, 0x110);
  g_assert_true (cs_perf_regs_get (&r.regs, 23, &v));
  g_assert_cmphex (v, ==, 0x117);
  /* Bits 12–15 (DS, ES, FS, GS) are not in the mask. */
  g_assert_false (cs_perf_regs_get (&r.regs, 14, &v));
  r.regs.abi = 0;
  g_assert_false (cs_perf_regs_get (&r.regs, DI, &v));
}

/* mov rax, [rbx+rcx*8+0x10]: 48 8b 44 cb 10 (REX.W, 8B /r, ModRM 01 000 100,
 * SIB 11 001 011, disp8 0x10). rbx = 0x1000, rcx = 3:
 * 0x1000 + 3*8 + 0x10 = 0x1028, an 8-byte load. */
static void
test_sib_load (void)
{
  static const guint8 code[] = { 0x48, 0x8b, 0x44, 0xcb, 0x10 };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[BX] = 0x1000;
  r.values[CX] = 3;
  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x1028);
  g_assert_cmpuint (a.size, ==, 8);
  g_assert_true (a.is_load);
  g_assert_false (a.is_store);
  g_assert_cmpuint (a.insn_length, ==, 5);
  g_assert_cmpuint (a.n_mem_operands, ==, 1);
}

/* mov [rdi], eax: 89 07. rdi = 0x7ffc12340000: a 4-byte store there.
 * Extra bytes after the instruction must not matter. */
static void
test_store (void)
{
  static const guint8 code[] = { 0x89, 0x07, 0xff, 0xff, 0xff };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[DI] = G_GUINT64_CONSTANT (0x7ffc12340000);
  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, G_GUINT64_CONSTANT (0x7ffc12340000));
  g_assert_cmpuint (a.size, ==, 4);
  g_assert_false (a.is_load);
  g_assert_true (a.is_store);
  g_assert_cmpuint (a.insn_length, ==, 2);
}

/* add qword ptr [rax], 1: 48 83 00 01 — read-modify-write: both. */
static void
test_read_modify_write (void)
{
  static const guint8 code[] = { 0x48, 0x83, 0x00, 0x01 };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[AX] = 0x602040;
  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x602040);
  g_assert_cmpuint (a.size, ==, 8);
  g_assert_true (a.is_load);
  g_assert_true (a.is_store);
}

/* mov rax, [rip+0x100]: 48 8b 05 00 01 00 00, 7 bytes at 0x401000: the next
 * instruction is at 0x401007, so 0x401007 + 0x100 = 0x401107.
 * mov eax, [rip-0x10]: 8b 05 f0 ff ff ff, 6 bytes at 0x401000:
 * 0x401006 - 0x10 = 0x400ff6. Neither needs a register: no registers at all. */
static void
test_rip_relative (void)
{
  static const guint8 fwd[] = { 0x48, 0x8b, 0x05, 0x00, 0x01, 0x00, 0x00 };
  static const guint8 back[] = { 0x8b, 0x05, 0xf0, 0xff, 0xff, 0xff };
  CsDataAddress a;

  a = compute (fwd, sizeof fwd, 0x401000, NULL);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x401107);
  g_assert_cmpuint (a.size, ==, 8);
  g_assert_true (a.is_load);
  g_assert_cmpuint (a.insn_length, ==, 7);

  a = compute (back, sizeof back, 0x401000, NULL);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x400ff6);
  g_assert_cmpuint (a.size, ==, 4);
}

/* mov rax, fs:[0x28]: 64 48 8b 04 25 28 00 00 00 (the stack protector's
 * canary): perf samples fs's selector, not its base. */
static void
test_fs_segment (void)
{
  static const guint8 code[] = { 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0x00, 0x00, 0x00 };
  Regs r = { 0 };
  CsDataAddress a;

  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_UNKNOWN_SEGMENT);
  g_assert_cmpuint (a.insn_length, ==, 9);
}

/* add rax, rbx: 48 01 d8; lea rax, [rbx+8]: 48 8d 43 08 (names memory,
 * touches none); nop dword ptr [rax+rax]: 0f 1f 44 00 00. */
static void
test_no_memory (void)
{
  static const guint8 add[] = { 0x48, 0x01, 0xd8 };
  static const guint8 lea[] = { 0x48, 0x8d, 0x43, 0x08 };
  static const guint8 nop[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
  Regs r = { 0 };
  CsDataAddress a;

  regs_pack (&r, MASK);
  a = compute (add, sizeof add, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_NO_MEMORY);
  g_assert_cmpuint (a.insn_length, ==, 3);
  a = compute (lea, sizeof lea, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_NO_MEMORY);
  a = compute (nop, sizeof nop, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_NO_MEMORY);
  g_assert_cmpuint (a.insn_length, ==, 5);
}

/* Stack accesses are memory accesses through RSP, with RSP as sampled
 * (before the instruction runs). rsp = 0x7fff1000:
 * push rbp (55): 8-byte store at 0x7fff1000 - 8 = 0x7fff0ff8;
 * pop rbx (5b): 8-byte load at 0x7fff1000;
 * call rel32 (e8 00 00 00 00): return address stored at 0x7fff0ff8;
 * ret (c3): 8-byte load at 0x7fff1000;
 * leave (c9) with rbp = 0x7fff2000: pop rbp after mov rsp, rbp loads at 0x7fff2000;
 * push qword ptr [rax] (ff 30): the explicit operand, a load at rax. */
static void
test_stack (void)
{
  static const guint8 push[] = { 0x55 };
  static const guint8 pop[] = { 0x5b };
  static const guint8 call[] = { 0xe8, 0x00, 0x00, 0x00, 0x00 };
  static const guint8 ret[] = { 0xc3 };
  static const guint8 leave[] = { 0xc9 };
  static const guint8 push_mem[] = { 0xff, 0x30 };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[SP] = 0x7fff1000;
  r.values[BP] = 0x7fff2000;
  r.values[AX] = 0x605000;
  regs_pack (&r, MASK);

  a = compute (push, sizeof push, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x7fff0ff8);
  g_assert_cmpuint (a.size, ==, 8);
  g_assert_true (a.is_store);
  g_assert_false (a.is_load);

  a = compute (pop, sizeof pop, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x7fff1000);
  g_assert_cmpuint (a.size, ==, 8);
  g_assert_true (a.is_load);
  g_assert_false (a.is_store);

  a = compute (call, sizeof call, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x7fff0ff8);
  g_assert_true (a.is_store);

  a = compute (ret, sizeof ret, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x7fff1000);
  g_assert_true (a.is_load);

  a = compute (leave, sizeof leave, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x7fff2000);
  g_assert_true (a.is_load);

  a = compute (push_mem, sizeof push_mem, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x605000);
  g_assert_true (a.is_load);
}

/* mov rax, [r12]: 49 8b 04 24 with r12 (bit 20) left out of the mask;
 * the same with it in: r12 = 0x9000. Without any registers, unknown too. */
static void
test_register_not_sampled (void)
{
  static const guint8 code[] = { 0x49, 0x8b, 0x04, 0x24 };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[R12] = 0x9000;
  regs_pack (&r, MASK & ~(G_GUINT64_CONSTANT (1) << R12));
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_UNKNOWN_REGISTER);

  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x9000);

  a = compute (code, sizeof code, 0x401000, NULL);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_UNKNOWN_REGISTER);
}

/* mov eax, [ebx]: 67 8b 03 — a 32-bit address: rbx = 0xffffffff00001234
 * gives 0x1234, not the 64-bit value. */
static void
test_address_size_prefix (void)
{
  static const guint8 code[] = { 0x67, 0x8b, 0x03 };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[BX] = G_GUINT64_CONSTANT (0xffffffff00001234);
  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, 0x1234);
}

/* movsb (a4): two memory operands; the first, the store to [rdi], is
 * reported. */
static void
test_two_operands (void)
{
  static const guint8 code[] = { 0xa4 };
  Regs r = { 0 };
  CsDataAddress a;

  r.values[DI] = 0x700000;
  r.values[SI] = 0x800000;
  regs_pack (&r, MASK);
  a = compute (code, sizeof code, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmpuint (a.n_mem_operands, ==, 2);
  g_assert_cmphex (a.address, ==, 0x700000);
  g_assert_true (a.is_store);
  g_assert_cmpuint (a.size, ==, 1);
}

/* ff ff: FF /7 is not an instruction; 48 8b alone is cut short; no bytes. */
static void
test_undecodable (void)
{
  static const guint8 garbage[] = { 0xff, 0xff };
  static const guint8 cut[] = { 0x48, 0x8b };
  Regs r = { 0 };
  CsDataAddress a;

  regs_pack (&r, MASK);
  a = compute (garbage, sizeof garbage, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_UNDECODABLE);
  g_assert_cmpuint (a.insn_length, ==, 0);
  a = compute (cut, sizeof cut, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_UNDECODABLE);
  a = compute (cut, 0, 0x401000, &r.regs);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_UNDECODABLE);
}

/* One decoder for many instructions: nothing of the previous one leaks
 * into the next. */
static void
test_decoder_reuse (void)
{
  static const guint8 sib[] = { 0x48, 0x8b, 0x44, 0xcb, 0x10 };
  static const guint8 add[] = { 0x48, 0x01, 0xd8 };
  g_autoptr(CsDataAddressDecoder) d = decoder ();
  Regs r = { 0 };
  CsDataAddress a;

  r.values[BX] = 0x2000;
  r.values[CX] = 1;
  regs_pack (&r, MASK);
  for (guint i = 0; i < 1000; i++)
    {
      cs_data_address_compute (d, sib, sizeof sib, 0x401000, &r.regs, &a);
      /* 0x2000 + 1*8 + 0x10 = 0x2018 */
      g_assert_cmphex (a.address, ==, 0x2018);
      cs_data_address_compute (d, add, sizeof add, 0x401000, &r.regs, &a);
      g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_NO_MEMORY);
      g_assert_cmphex (a.address, ==, 0);
    }
}

/* Skid correction: a sample at FN + @at of a function starting at FN (the
 * bytes @fn), run as the profile runs it: the previous instruction's length
 * by walking from FN, then the rule. Registers as sampled at the IP, i.e.
 * after the previous instruction ran: rax = 0x602000, rcx = 2,
 * rdx = 0x703000, rsp = 0x7fff1000 unless the case says otherwise. */
#define FN 0x401000

typedef struct
{
  const char        *name;
  const guint8      *fn;
  gsize              fn_len;
  guint              at;          /* the sampled IP, FN + at */
  guint              prev_len;    /* the instruction ending there; 0: none */
  CsDataAddressKind  kind;        /* with prev_len 0 not checked: only that nothing is corrected */
  guint64            address;
  gboolean           is_load, is_store, corrected;
  guint              access_at;   /* the accessing instruction, FN + access_at */
} SkidCase;

/* cs-demo's increment_loop, hand-encoded, with rcx = 0x602000 here:
 *   +0   48 8b 01      mov rax, [rcx]    REX.W 8B /r, ModRM 00 000 001
 *   +3   48 83 c0 01   add rax, 1        REX.W 83 /0 ib, ModRM 11 000 000
 *   +7   48 89 01      mov [rcx], rax    REX.W 89 /r, ModRM 00 000 001
 *   +10  83 ea 01      sub edx, 1        83 /5 ib, ModRM 11 101 010
 *   +13  75 f1         jne +0            0x40100f − 15 = 0x401000 */
static const guint8 incr_loop[] = { 0x48, 0x8b, 0x01, 0x48, 0x83, 0xc0, 0x01, 0x48, 0x89, 0x01,
                                    0x83, 0xea, 0x01, 0x75, 0xf1 };
/* 48 8b 00 mov rax, [rax]; then add rax, 1 */
static const guint8 load64[] = { 0x48, 0x8b, 0x00, 0x48, 0x83, 0xc0, 0x01 };
/* 8b 00 mov eax, [rax] (writing eax clears rax's upper half); 8a 00 mov al, [rax] */
static const guint8 load32[] = { 0x8b, 0x00, 0x48, 0x83, 0xc0, 0x01 };
static const guint8 load8[] = { 0x8a, 0x00, 0x48, 0x83, 0xc0, 0x01 };
/* 53 push rbx (moves RSP, its address); 31 c0 xor eax, eax */
static const guint8 push[] = { 0x53, 0x31, 0xc0 };
/* 48 8b 14 c8 mov rdx, [rax+rcx*8] (ModRM 00 010 100, SIB 11 001 000):
 * writes only rdx: 0x602000 + 2*8 = 0x602010 */
static const guint8 sib[] = { 0x48, 0x8b, 0x14, 0xc8, 0x48, 0x83, 0xc0, 0x01 };
/* 48 8b 01 mov rax, [rcx]; 48 89 02 mov [rdx], rax: both access memory */
static const guint8 two[] = { 0x48, 0x8b, 0x01, 0x48, 0x89, 0x02 };
/* 8b 05 00 01 00 00 mov eax, [rip+0x100]; 85 c0 test eax, eax: relative to
 * the end of the mov, the IP: 0x401006 + 0x100 = 0x401106 */
static const guint8 rip[] = { 0x8b, 0x05, 0x00, 0x01, 0x00, 0x00, 0x85, 0xc0 };
/* 64 48 8b 04 25 28 00 00 00 mov rax, fs:[0x28]; 31 c0 */
static const guint8 fs[] = { 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0x00, 0x00, 0x00, 0x31, 0xc0 };
/* e8 00 00 00 00 call; 31 c0: reached from the callee's ret, not the call */
static const guint8 call[] = { 0xe8, 0x00, 0x00, 0x00, 0x00, 0x31, 0xc0 };
/* ff ff (no instruction), then 31 c0 at +2 */
static const guint8 garbage[] = { 0xff, 0xff, 0x31, 0xc0 };
/* A spin-wait after a store that runs once:
 *   +0   48 89 07      mov [rdi], rax      REX.W 89 /r, ModRM 00 000 111
 *   +3   f3 90         pause               ← loop head: the je jumps here
 *   +5   83 3e 00      cmp dword [rsi], 0  83 /7 ib, ModRM 00 111 110
 *   +8   74 f9         je +3               0x40100a − 7 = 0x401003
 *   +10  c3            ret
 * A sample at the pause came from the je, not from the store above it. */
static const guint8 spin[] = { 0x48, 0x89, 0x07, 0xf3, 0x90, 0x83, 0x3e, 0x00, 0x74, 0xf9, 0xc3 };
/* mov rax, [rdi]; xor eax, eax (+3); jmp rcx (+5, ff e1: FF /4, ModRM 11
 * 100 001): a jump table may lead anywhere in the function. */
static const guint8 table[] = { 0x48, 0x8b, 0x07, 0x31, 0xc0, 0xff, 0xe1 };
/* The same ending in jmp [rip+0] (ff 25 00 00 00 00): a tail call through
 * the GOT, which leaves the function. */
static const guint8 tail[] = { 0x48, 0x8b, 0x07, 0x31, 0xc0, 0xff, 0x25, 0x00, 0x00, 0x00, 0x00 };

#define F(a) a, sizeof a
static const SkidCase skid_cases[] = {
  /* The add after the load: the load's address, from the load's IP. */
  { "load-then-add", F (incr_loop), 3, 3, CS_DATA_ADDRESS_KNOWN, 0x602000, TRUE, FALSE, TRUE, 0 },
  /* The sub after the store (three instructions walked). */
  { "store-then-sub", F (incr_loop), 10, 3, CS_DATA_ADDRESS_KNOWN, 0x602000, FALSE, TRUE, TRUE, 7 },
  /* The jne after the sub: neither touches memory. */
  { "sub-then-jne", F (incr_loop), 13, 3, CS_DATA_ADDRESS_NO_MEMORY, 0, FALSE, FALSE, FALSE, 13 },
  { "overwritten-64", F (load64), 3, 3, CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN, 0, TRUE, FALSE, TRUE, 0 },
  { "overwritten-32", F (load32), 2, 2, CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN, 0, TRUE, FALSE, TRUE, 0 },
  { "overwritten-8", F (load8), 2, 2, CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN, 0, TRUE, FALSE, TRUE, 0 },
  { "overwritten-push", F (push), 1, 1, CS_DATA_ADDRESS_UNKNOWN_OVERWRITTEN, 0, FALSE, TRUE, TRUE, 0 },
  { "index-survives", F (sib), 4, 4, CS_DATA_ADDRESS_KNOWN, 0x602010, TRUE, FALSE, TRUE, 0 },
  /* Inside the load, inside the add, at the first instruction, behind
   * bytes that do not decode: no instruction ends there. */
  { "no-boundary-1", F (incr_loop), 1, 0, CS_DATA_ADDRESS_UNDECODABLE, 0, FALSE, FALSE, FALSE, 1 },
  { "no-boundary-5", F (incr_loop), 5, 0, CS_DATA_ADDRESS_UNDECODABLE, 0, FALSE, FALSE, FALSE, 5 },
  { "no-boundary-start", F (load64), 0, 0, CS_DATA_ADDRESS_UNDECODABLE, 0, FALSE, FALSE, FALSE, 0 },
  { "no-boundary-garbage", F (garbage), 2, 0, CS_DATA_ADDRESS_NO_MEMORY, 0, FALSE, FALSE, FALSE, 2 },
  /* The instruction at the IP accesses memory: it wins, uncorrected. */
  { "own-access-first", F (two), 3, 3, CS_DATA_ADDRESS_KNOWN, 0x703000, FALSE, TRUE, FALSE, 3 },
  { "own-access-store", F (incr_loop), 7, 4, CS_DATA_ADDRESS_KNOWN, 0x602000, FALSE, TRUE, FALSE, 7 },
  { "rip-relative", F (rip), 6, 6, CS_DATA_ADDRESS_KNOWN, 0x401106, TRUE, FALSE, TRUE, 0 },
  { "fs-segment", F (fs), 9, 9, CS_DATA_ADDRESS_UNKNOWN_SEGMENT, 0, TRUE, FALSE, TRUE, 0 },
  { "call", F (call), 5, 5, CS_DATA_ADDRESS_NO_MEMORY, 0, FALSE, FALSE, FALSE, 5 },
  /* The loop head: not given to the store above it. */
  { "jump-target", F (spin), 3, 3, CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET, 0, FALSE, FALSE, FALSE, 3 },
  /* The je after the loop's load is no target: corrected to the load. */
  { "after-loop-load", F (spin), 8, 3, CS_DATA_ADDRESS_KNOWN, 0x604000, TRUE, FALSE, TRUE, 5 },
  { "jump-table", F (table), 3, 3, CS_DATA_ADDRESS_UNKNOWN_JUMP_TARGET, 0, FALSE, FALSE, FALSE, 3 },
  { "got-tail-call", F (tail), 3, 3, CS_DATA_ADDRESS_KNOWN, 0x605000, TRUE, FALSE, TRUE, 0 },
};
#undef F

static void
test_skid (gconstpointer data)
{
  const SkidCase *c = data;
  g_autoptr(CsDataAddressDecoder) d = decoder ();
  Regs r = { 0 };
  CsDataAddress a;
  guint prev;
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (guint64));
  gboolean complete, target = FALSE;

  r.values[AX] = 0x602000;
  r.values[CX] = c->fn == incr_loop ? 0x602000 : 2;
  r.values[DX] = 0x703000;
  r.values[SP] = 0x7fff1000;
  r.values[SI] = 0x604000;
  r.values[DI] = 0x605000;
  regs_pack (&r, MASK);
  prev = cs_data_address_find_previous (d, c->fn, c->fn_len, FN, FN + c->at);
  g_assert_cmpuint (prev, ==, c->prev_len);
  /* As the profile does: the IP is a target if the function jumps there
   * or its control flow is not fully known. */
  complete = cs_data_address_find_jump_targets (d, c->fn, c->fn_len, FN, targets);
  for (guint i = 0; i < targets->len; i++)
    target |= g_array_index (targets, guint64, i) == FN + c->at;
  cs_data_address_compute_sample (d, c->fn + c->at - prev, c->fn_len - c->at + prev, FN + c->at,
                                  prev, target || !complete, &r.regs, &a);
  g_test_message ("%s 0x%" G_GINT64_MODIFIER "x from 0x%" G_GINT64_MODIFIER "x, corrected %d",
                  cs_data_address_kind_to_string (a.kind), a.address, a.ip, a.skid_corrected);
  g_assert_false (a.skid_corrected && c->prev_len == 0);
  g_assert_cmphex (a.ip, ==, FN + c->access_at);
  /* Inside an instruction the bytes decode to something else: no matter. */
  if (c->prev_len == 0)
    return;
  g_assert_cmpint (a.kind, ==, c->kind);
  g_assert_cmphex (a.address, ==, c->address);
  g_assert_cmpint (a.is_load, ==, c->is_load);
  g_assert_cmpint (a.is_store, ==, c->is_store);
  g_assert_cmpint (a.skid_corrected, ==, c->corrected);
  /* All the corrected accesses here are 8 bytes but the 32-bit ones (rip, spin). */
  if (a.kind == CS_DATA_ADDRESS_KNOWN && a.skid_corrected)
    g_assert_cmpuint (a.size, ==, c->fn == rip || c->fn == spin ? 4 : 8);
}

/* The targets found: the spin loop's head, each target once (incr_loop's
 * jne back to +0); undecodable bytes and a register-indirect jump make the
 * flow incomplete, a jump through [rip] does not; targets outside the
 * function (a call to elsewhere) are left out. */
static void
test_jump_targets (void)
{
  g_autoptr(CsDataAddressDecoder) d = decoder ();
  g_autoptr(GArray) t = g_array_new (FALSE, FALSE, sizeof (guint64));
  /* e8 f6 ff ff ff call FN+5−10 = FN−5: outside; eb fc jmp FN+5+2−4 = FN+3
   * (the call's end, reached from the callee's ret too); eb fa jmp FN+3 again */
  static const guint8 calls[] = { 0xe8, 0xf6, 0xff, 0xff, 0xff, 0xeb, 0xfc, 0xeb, 0xfa };

  g_assert_true (cs_data_address_find_jump_targets (d, spin, sizeof spin, FN, t));
  g_assert_cmpuint (t->len, ==, 1);
  g_assert_cmphex (g_array_index (t, guint64, 0), ==, FN + 3);
  g_array_set_size (t, 0);
  g_assert_true (cs_data_address_find_jump_targets (d, incr_loop, sizeof incr_loop, FN, t));
  g_assert_cmpuint (t->len, ==, 1);
  g_assert_cmphex (g_array_index (t, guint64, 0), ==, FN);
  g_array_set_size (t, 0);
  g_assert_true (cs_data_address_find_jump_targets (d, calls, sizeof calls, FN, t));
  g_assert_cmpuint (t->len, ==, 1);
  g_assert_cmphex (g_array_index (t, guint64, 0), ==, FN + 3);
  g_array_set_size (t, 0);
  g_assert_false (cs_data_address_find_jump_targets (d, table, sizeof table, FN, t));
  g_assert_true (cs_data_address_find_jump_targets (d, tail, sizeof tail, FN, t));
  g_assert_false (cs_data_address_find_jump_targets (d, garbage, sizeof garbage, FN, t));
  g_assert_false (cs_data_address_find_jump_targets (d, NULL, 0, FN, t));
}

/* Fewer bytes than up to the IP: no guess. And the boundaries that exist
 * are all found: +3 +7 +10 +13 +15. */
static void
test_skid_walk (void)
{
  g_autoptr(CsDataAddressDecoder) d = decoder ();
  static const guint ends[] = { 3, 7, 10, 13, 15 }, lengths[] = { 3, 4, 3, 3, 2 };

  g_assert_cmpuint (cs_data_address_find_previous (d, incr_loop, 5, FN, FN + 7), ==, 0);
  g_assert_cmpuint (cs_data_address_find_previous (d, NULL, 0, FN, FN + 7), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    g_assert_cmpuint (cs_data_address_find_previous (d, incr_loop, sizeof incr_loop, FN, FN + ends[i]),
                      ==, lengths[i]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data-address/regs-get", test_regs_get);
  g_test_add_func ("/data-address/sib-load", test_sib_load);
  g_test_add_func ("/data-address/store", test_store);
  g_test_add_func ("/data-address/read-modify-write", test_read_modify_write);
  g_test_add_func ("/data-address/rip-relative", test_rip_relative);
  g_test_add_func ("/data-address/fs-segment", test_fs_segment);
  g_test_add_func ("/data-address/no-memory", test_no_memory);
  g_test_add_func ("/data-address/stack", test_stack);
  g_test_add_func ("/data-address/register-not-sampled", test_register_not_sampled);
  g_test_add_func ("/data-address/address-size-prefix", test_address_size_prefix);
  g_test_add_func ("/data-address/two-operands", test_two_operands);
  g_test_add_func ("/data-address/undecodable", test_undecodable);
  g_test_add_func ("/data-address/decoder-reuse", test_decoder_reuse);
  for (guint i = 0; i < G_N_ELEMENTS (skid_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/data-address/skid/%s", skid_cases[i].name);

      g_test_add_data_func (path, &skid_cases[i], test_skid);
    }
  g_test_add_func ("/data-address/skid/walk", test_skid_walk);
  g_test_add_func ("/data-address/skid/jump-targets", test_jump_targets);

  return g_test_run ();
}
