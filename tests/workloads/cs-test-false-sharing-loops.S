/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-false-sharing-loops.S — the counting loops of cs-test-false-sharing
 *
 * Written in assembly so that their instructions, and so which of their IPs
 * access the counter, are fixed; the tests take the byte offsets below from
 * here (`objdump -d build/tests/workloads/cs-test-false-sharing` shows the
 * same). Each loop is called as loop (counter, stop) — %rdi = the counter,
 * %rsi = the stop flag — and runs until the flag is set; the flag (its own
 * line) is read once every 1000 rounds, so nearly all samples are in the
 * inner loop, between cs_fs_X_inner and cs_fs_X_inner_end.
 *
 * cs_fs_loop, read-modify-writes in a row (a sample's IP is usually the
 * instruction after the slow access, here mostly another access):
 *   +0:  48 83 07 01     addq $1,(%rdi)       ×4 at +0 +4 +8 +12
 *   +16: ff c9           dec %ecx
 *   +18: 75 ..           jne inner
 *
 * cs_fs_plain_loop, what a compiler makes of a volatile c->n++:
 *   +0:  48 8b 07        mov (%rdi),%rax      8-byte load
 *   +3:  48 83 c0 01     add $0x1,%rax
 *   +7:  48 89 07        mov %rax,(%rdi)      8-byte store
 *   +10: ff c9           dec %ecx
 *   +12: 75 f2           jne inner
 *
 * cs_fs_cmpxchg_loop, an atomic increment as a lock cmpxchg loop:
 *   +0:  48 8b 07        mov (%rdi),%rax      8-byte load
 *   +3:  48 8d 50 01     lea 0x1(%rax),%rdx
 *   +7:  f0 48 0f b1 17  lock cmpxchg %rdx,(%rdi)   8-byte read and write
 *   +12: ff c9           dec %ecx
 *   +14: 75 f0           jne inner
 *
 * cs_fs_movups_loop, unaligned 16-byte vector stores:
 *   +0:  0f 11 07        movups %xmm0,(%rdi)  ×4 at +0 +3 +6 +9
 *   +12: ff c9           dec %ecx
 *   +14: 75 f0           jne inner
 *
 * cs_fs_spin_loop, a store that runs once, then a spin-wait whose head is
 * the target of its jumps:
 *   -3:  48 89 3f        mov %rdi,(%rdi)      8-byte store, once
 *   +0:  48 89 d1        mov %rdx,%rcx        ← loop head, no memory access
 *   +3:  83 3e 00        cmpl $0x0,(%rsi)     4-byte load of the stop flag
 *   +6:  75 ..           jne out
 *   +8 … +32             the rest of a xorshift of %rdx (no memory)
 *   +35: f6 c2 01        test $0x1,%dl
 *   +38: 75 ..           jne inner            a branch no predictor guesses …
 *   +40: eb ..           jmp inner            … so the head waits for it: samples land there
 * A sample at the head came from a jump: the store above it ran long ago.
 * (A timer sample lands after the slowest instruction; a mispredicted
 * branch is what makes the head the next one often enough.) The head has
 * no symbol of its own, or the instruction before it would be in another
 * function: cs_fs_spin_inner_offset and cs_fs_spin_end_offset say where
 * the loop is.
 */
        .text

        .globl cs_fs_loop, cs_fs_inner, cs_fs_inner_end
        .hidden cs_fs_loop, cs_fs_inner, cs_fs_inner_end
        .type cs_fs_loop, @function
cs_fs_loop:
1:      mov $1000, %ecx
cs_fs_inner:
        addq $1, (%rdi)
        addq $1, (%rdi)
        addq $1, (%rdi)
        addq $1, (%rdi)
        dec %ecx
        jne cs_fs_inner
cs_fs_inner_end:
        cmpl $0, (%rsi)
        je 1b
        ret
        .size cs_fs_loop, .-cs_fs_loop

        .globl cs_fs_plain_loop, cs_fs_plain_inner, cs_fs_plain_inner_end
        .hidden cs_fs_plain_loop, cs_fs_plain_inner, cs_fs_plain_inner_end
        .type cs_fs_plain_loop, @function
cs_fs_plain_loop:
1:      mov $1000, %ecx
cs_fs_plain_inner:
        mov (%rdi), %rax
        add $1, %rax
        mov %rax, (%rdi)
        dec %ecx
        jne cs_fs_plain_inner
cs_fs_plain_inner_end:
        cmpl $0, (%rsi)
        je 1b
        ret
        .size cs_fs_plain_loop, .-cs_fs_plain_loop

        .globl cs_fs_cmpxchg_loop, cs_fs_cmpxchg_inner, cs_fs_cmpxchg_inner_end
        .hidden cs_fs_cmpxchg_loop, cs_fs_cmpxchg_inner, cs_fs_cmpxchg_inner_end
        .type cs_fs_cmpxchg_loop, @function
cs_fs_cmpxchg_loop:
1:      mov $1000, %ecx
cs_fs_cmpxchg_inner:
        mov (%rdi), %rax
        lea 1(%rax), %rdx
        lock cmpxchg %rdx, (%rdi)
        dec %ecx
        jne cs_fs_cmpxchg_inner
cs_fs_cmpxchg_inner_end:
        cmpl $0, (%rsi)
        je 1b
        ret
        .size cs_fs_cmpxchg_loop, .-cs_fs_cmpxchg_loop

        .globl cs_fs_movups_loop, cs_fs_movups_inner, cs_fs_movups_inner_end
        .hidden cs_fs_movups_loop, cs_fs_movups_inner, cs_fs_movups_inner_end
        .type cs_fs_movups_loop, @function
cs_fs_movups_loop:
1:      mov $1000, %ecx
cs_fs_movups_inner:
        movups %xmm0, (%rdi)
        movups %xmm0, (%rdi)
        movups %xmm0, (%rdi)
        movups %xmm0, (%rdi)
        dec %ecx
        jne cs_fs_movups_inner
cs_fs_movups_inner_end:
        cmpl $0, (%rsi)
        je 1b
        ret
        .size cs_fs_movups_loop, .-cs_fs_movups_loop

        .globl cs_fs_spin_loop, cs_fs_spin_inner_offset, cs_fs_spin_end_offset
        .hidden cs_fs_spin_loop, cs_fs_spin_inner_offset, cs_fs_spin_end_offset
        .type cs_fs_spin_loop, @function
cs_fs_spin_loop:
        mov $88172645463325252, %rdx
        mov %rdi, (%rdi)
.Lspin_inner:
        mov %rdx, %rcx
        cmpl $0, (%rsi)
        jne .Lspin_end
        shl $13, %rcx
        xor %rcx, %rdx
        mov %rdx, %rcx
        shr $7, %rcx
        xor %rcx, %rdx
        mov %rdx, %rcx
        shl $17, %rcx
        xor %rcx, %rdx
        test $1, %dl
        jne .Lspin_inner
        jmp .Lspin_inner
.Lspin_end:
        ret
        .size cs_fs_spin_loop, .-cs_fs_spin_loop

        .section .rodata
cs_fs_spin_inner_offset:
        .quad .Lspin_inner - cs_fs_spin_loop
cs_fs_spin_end_offset:
        .quad .Lspin_end - cs_fs_spin_loop

        .section .note.GNU-stack,"",@progbits
