/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwarf-workload.h — what libcsdwarfwork.so offers dwarf-workload */
#pragma once

#include <stdint.h>

typedef uint64_t (*DwlStep) (uint64_t x, uint64_t i);

/* Folds @n values through @step (called back through the pointer), mixing
 * in work of its own: a stack that crosses into the library and back. */
uint64_t dwl_lib_fold (DwlStep step, uint64_t x, uint64_t n);
/* Pure library work. */
uint64_t dwl_lib_churn (uint64_t x, uint64_t n);
