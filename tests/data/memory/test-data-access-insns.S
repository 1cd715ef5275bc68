/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-data-access-insns.S — the instructions test-data-access.c decodes
 *
 * Assembled by binutils' as when the test is built: the bytes the decoder
 * sees are the assembler's, not hand-written. Each instruction has a label
 * cs_access_N before it and the next label after it (its length); the test
 * reads them as data, nothing here is executed (.rodata).
 */
        .section .rodata
        .globl cs_access_insns
cs_access_insns:
#define I(n) .globl cs_access_##n; cs_access_##n:
I(0)    lock cmpxchg %rdx, 0x8(%rdi)
I(1)    cmpxchg %ecx, (%rdi)
I(2)    lock cmpxchg8b (%rdi)
I(3)    lock cmpxchg16b (%rdi)
I(4)    movups %xmm0, (%rdi)
I(5)    movups 0x10(%rdi), %xmm1
I(6)    movdqa %xmm0, (%rdi,%rcx,8)
I(7)    movntdq %xmm0, (%rdi)
I(8)    movnti %rax, (%rdi)
I(9)    movnti %eax, 0x4(%rdi)
I(10)   movq %xmm0, (%rdi)
I(11)   movq (%rdi), %xmm0
I(12)   movlps %xmm0, (%rdi)
I(13)   movhps %xmm0, 0x8(%rdi)
I(14)   movhps 0x8(%rdi), %xmm0
I(15)   pextrd $1, %xmm0, (%rdi)
I(16)   fstpl (%rdi)
I(17)   fstps 0x4(%rdi)
I(18)   fstpt (%rdi)
I(19)   fldl (%rdi)
I(20)   vmovaps %ymm0, (%rdi)
I(21)   vmovups %ymm0, (%rdi)
I(22)   vmovups (%rdi), %ymm0
I(23)   vmovups %xmm0, 0x10(%rdi)
I(24)   vmovdqa %ymm0, (%rdi)
I(25)   vmovdqu %ymm0, (%rdi)
I(26)   vmovdqu %xmm1, -0x10(%rdi,%rdx)
I(27)   vmovdqu (%rsi), %xmm0
I(28)   vmovntdq %ymm0, (%rdi)
I(29)   vmovdqu8 %zmm0, (%rdi)
I(30)   vmovdqu8 %zmm0, (%rdi){%k1}
I(31)   vmovdqu64 %zmm0, (%rdi)
I(32)   vmovdqu64 (%rsi), %zmm1
I(33)   vmovq %xmm0, (%rdi)
I(34)   vpextrq $1, %xmm0, (%rdi)
I(35)   vextracti128 $1, %ymm0, 0x10(%rdi)
I(36)   addq $1, (%rdi)
I(37)   mov %rax, (%rdi)
I(38)   mov (%rdi), %rax
I(39)   cmpl $0, (%rdi)
I(40)   xchg %rax, (%rdi)
I(41)   lock xadd %rax, (%rdi)
I(42)   fistpl (%rdi)
I(43)   fnstsw (%rdi)
I(44)   sete (%rdi)
I(45)   pushq (%rdi)
I(46)   popq (%rdi)
I(47)   maskmovdqu %xmm1, %xmm0
I(48)   rep stosb
I(49)   movsq
I(50)   vpmovqd %zmm0, (%rdi)
I(51)   vmovss %xmm0, (%rdi)
I(52)   extractps $1, %xmm0, (%rdi)
I(53)   vcvtps2ph $0, %ymm0, (%rdi)
I(54)   bt %rax, (%rdi)
I(55)   btsq %rax, (%rdi)
I(56)   stmxcsr (%rdi)
I(57)   fstl (%rdi)
I(58)   vmovdqu64 %zmm0, (%rdi){%k1}
I(59)   vmovaps (%rdi), %ymm0
I(60)   movdqa (%rdi), %xmm0
        .globl cs_access_end
cs_access_end:
        .section .note.GNU-stack,"",@progbits
