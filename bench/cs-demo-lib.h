/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-demo-lib.h — the kernels of cs-demo that live in libcsdemo.so
 *
 * Kept in a shared library so that a recording of cs-demo has several
 * modules (the executable, libcsdemo.so, libc) for the module table.
 */
#pragma once

#include <stdint.h>

/* Integer and floating-point arithmetic with no memory traffic. */
uint64_t csdemo_cpu_kernel    (double seconds);
/* Branches on random data: about half of them mispredict. */
uint64_t csdemo_branch_kernel (double seconds);
/* Monotonic wall-clock seconds. */
double   csdemo_now           (void);
