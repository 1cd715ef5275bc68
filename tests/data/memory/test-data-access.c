/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-data-access.c — loads and stores of assembled instructions
 *
 * Every instruction of test-data-access-insns.S (assembled by binutils' as
 * at build time) is decoded by cs_data_address_compute() at its own bytes;
 * whether it loads, stores or both, how many bytes and at which address are
 * stated here from the instruction set's definition (Intel SDM: a move or
 * store to memory writes it, cmpxchg and xadd read and write it, compares
 * read it), with the registers below:
 *
 *   rdi = 0x7f0000001000, rsi = 0x7f0000002000, rcx = 3, rdx = 24.
 *
 * capstone 4's own access flags are logged next to each: they call most of
 * the stores reads, which is what the decoder must not repeat.
 */
#include "config.h"

#include <capstone/capstone.h>
#include <string.h>

#include "cs-data-address.h"

#define RDI G_GUINT64_CONSTANT (0x7f0000001000)
#define RSI G_GUINT64_CONSTANT (0x7f0000002000)

enum { L = 1, S = 2, LS = 3 };

typedef struct
{
  const char *mnemonic;   /* as capstone spells it, without lock/rep */
  guint       access;     /* L, S or LS */
  guint       size;
  guint64     address;
} Case;

static const Case cases[] = {
  { "cmpxchg", LS, 8, RDI + 8 },       /* lock cmpxchg %rdx, 0x8(%rdi) */
  { "cmpxchg", LS, 4, RDI },           /* cmpxchg %ecx, (%rdi) */
  { "cmpxchg8b", LS, 8, RDI },
  { "cmpxchg16b", LS, 16, RDI },
  { "movups", S, 16, RDI },
  { "movups", L, 16, RDI + 0x10 },     /* movups 0x10(%rdi), %xmm1 */
  { "movdqa", S, 16, RDI + 3 * 8 },    /* (%rdi,%rcx,8) */
  { "movntdq", S, 16, RDI },
  { "movnti", S, 8, RDI },
  { "movnti", S, 4, RDI + 4 },
  { "movq", S, 8, RDI },
  { "movq", L, 8, RDI },
  { "movlps", S, 8, RDI },
  { "movhps", S, 8, RDI + 8 },
  { "movhps", L, 8, RDI + 8 },
  { "pextrd", S, 4, RDI },
  { "fstp", S, 8, RDI },               /* fstpl */
  { "fstp", S, 4, RDI + 4 },           /* fstps */
  { "fstp", S, 10, RDI },              /* fstpt: 80-bit extended */
  { "fld", L, 8, RDI },
  { "vmovaps", S, 32, RDI },
  { "vmovups", S, 32, RDI },
  { "vmovups", L, 32, RDI },
  { "vmovups", S, 16, RDI + 0x10 },
  { "vmovdqa", S, 32, RDI },
  { "vmovdqu", S, 32, RDI },
  { "vmovdqu", S, 16, RDI + 24 - 16 }, /* -0x10(%rdi,%rdx): glibc memcpy's tail store */
  { "vmovdqu", L, 16, RSI },
  { "vmovntdq", S, 32, RDI },
  { "vmovdqu8", S, 64, RDI },
  { "vmovdqu8", S, 64, RDI },          /* masked {%k1}: still a store */
  { "vmovdqu64", S, 64, RDI },
  { "vmovdqu64", L, 64, RSI },
  { "vmovq", S, 8, RDI },
  { "vpextrq", S, 8, RDI },
  { "vextracti128", S, 16, RDI + 0x10 },
  { "add", LS, 8, RDI },
  { "mov", S, 8, RDI },
  { "mov", L, 8, RDI },
  { "cmp", L, 4, RDI },
  { "xchg", LS, 8, RDI },
  { "xadd", LS, 8, RDI },
  { "fistp", S, 4, RDI },
  { "fnstsw", S, 2, RDI },             /* the status word: 16 bits */
  { "sete", S, 1, RDI },
  { "push", L, 8, RDI },               /* pushq (%rdi): the explicit operand is read */
  { "pop", S, 8, RDI },
  { "maskmovdqu", S, 16, RDI },        /* implicit [rdi] */
  { "stosb", S, 1, RDI },
  { "movsq", S, 8, RDI },              /* the destination, listed first */
  { "vpmovqd", S, 32, RDI },
  { "vmovss", S, 4, RDI },
  { "extractps", S, 4, RDI },
  { "vcvtps2ph", S, 16, RDI },
  { "bt", L, 8, RDI },
  { "bts", LS, 8, RDI },
  { "stmxcsr", S, 4, RDI },
  { "fst", S, 8, RDI },
  { "vmovdqu64", S, 64, RDI },         /* masked {%k1} */
  { "vmovaps", L, 32, RDI },
  { "movdqa", L, 16, RDI },
};

extern const guint8 cs_access_insns[], cs_access_end[];

/* The start of instruction @i: the labels are in order, so the bytes from
 * one label to the next are one instruction (found by decoding lengths with
 * capstone would test capstone with itself: the assembler's labels do not). */
#define INSNS(X) \
  X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) \
  X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) \
  X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) \
  X(47) X(48) X(49) X(50) X(51) X(52) X(53) X(54) X(55) X(56) X(57) X(58) X(59) X(60)
#define DECLARE(n) extern const guint8 cs_access_##n[];
#define START(n) cs_access_##n,
INSNS (DECLARE)
static const guint8 * const starts[] = { INSNS (START) cs_access_end };

G_STATIC_ASSERT (G_N_ELEMENTS (starts) == G_N_ELEMENTS (cases) + 1);

typedef struct
{
  guint64    packed[24];
  CsPerfRegs regs;
} Regs;

/* rax, rcx, rdx, rsi, rdi and the rest zero, packed like a sample with the
 * collector's mask 0xff0fff (ascending bit order). */
static void
regs_init (Regs *r)
{
  guint64 values[24] = { 0 };
  guint64 mask = G_GUINT64_CONSTANT (0xff0fff);
  guint n = 0;

  values[0] = 0x1234;   /* ax */
  values[2] = 3;        /* cx */
  values[3] = 24;       /* dx */
  values[4] = RSI;
  values[5] = RDI;
  for (guint bit = 0; bit < 24; bit++)
    if (mask & (G_GUINT64_CONSTANT (1) << bit))
      r->packed[n++] = values[bit];
  r->regs.abi = 2;
  r->regs.mask = mask;
  r->regs.n_regs = n;
  r->regs.regs = r->packed;
}

/* capstone's own word on the first memory operand, for the log. */
static const char *
capstone_says (csh            handle,
               cs_insn       *insn,
               const guint8  *code,
               gsize          len)
{
  const uint8_t *p = code;
  size_t n = len;
  uint64_t addr = 0;

  if (!cs_disasm_iter (handle, &p, &n, &addr, insn))
    return "undecodable";
  for (guint i = 0; i < insn->detail->x86.op_count; i++)
    if (insn->detail->x86.operands[i].type == X86_OP_MEM)
      {
        guint8 ac = insn->detail->x86.operands[i].access;

        return (ac & CS_AC_READ) && (ac & CS_AC_WRITE) ? "load+store" : (ac & CS_AC_WRITE) ? "store"
               : (ac & CS_AC_READ) ? "load" : "none";
      }
  return "no memory operand";
}

static void
test_access (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  const Case *c = &cases[i];
  const guint8 *code = starts[i];
  gsize len = (gsize) (starts[i + 1] - starts[i]);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsDataAddressDecoder) decoder = cs_data_address_decoder_new (&error);
  Regs r = { 0 };
  CsDataAddress a;
  csh handle;
  cs_insn *insn;
  const char *mnemonic;
  const char *says;
  g_autofree char *hex = NULL;
  GString *bytes = g_string_new (NULL);

  g_assert_no_error (error);
  for (gsize k = 0; k < len; k++)
    g_string_append_printf (bytes, "%s%02x", k > 0 ? " " : "", code[k]);
  hex = g_string_free (bytes, FALSE);
  regs_init (&r);

  cs_data_address_compute (decoder, code, len, 0x401000, &r.regs, &a);
  /* capstone decodes what the assembler wrote. */
  g_assert_cmpint (cs_open (CS_ARCH_X86, CS_MODE_64, &handle), ==, CS_ERR_OK);
  cs_option (handle, CS_OPT_DETAIL, CS_OPT_ON);
  insn = cs_malloc (handle);
  says = capstone_says (handle, insn, code, len);
  mnemonic = insn->mnemonic;
  if (g_str_has_prefix (mnemonic, "lock "))
    mnemonic += 5;
  if (g_str_has_prefix (mnemonic, "rep "))
    mnemonic += 4;
  g_test_message ("%s: %s %s [%s]: load %d store %d, %u bytes at 0x%" G_GINT64_MODIFIER "x; "
                  "capstone's access flags say %s", hex, insn->mnemonic, insn->op_str,
                  cs_data_address_kind_to_string (a.kind), a.is_load, a.is_store, a.size, a.address, says);
  g_assert_cmpstr (mnemonic, ==, c->mnemonic);
  cs_free (insn, 1);
  cs_close (&handle);

  g_assert_cmpuint (a.insn_length, ==, len);
  g_assert_cmpint (a.kind, ==, CS_DATA_ADDRESS_KNOWN);
  g_assert_cmphex (a.address, ==, c->address);
  g_assert_cmpuint (a.size, ==, c->size);
  g_assert_cmpint (a.is_load, ==, (c->access & L) != 0);
  g_assert_cmpint (a.is_store, ==, (c->access & S) != 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/data-access/%02u-%s", i, cases[i].mnemonic);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_access);
    }
  return g_test_run ();
}
