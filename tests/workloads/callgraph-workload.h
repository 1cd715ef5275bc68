/* SPDX-License-Identifier: GPL-3.0-or-later */
/* callgraph-workload.h — what libcscgwork.so offers callgraph-workload */
#pragma once

#include <stdint.h>

typedef uint64_t (*CgwCallback) (uint64_t x, uint64_t n);

/* Calls @callback @rounds times through the pointer, mixing in work of its
 * own in between: a call chain that crosses into the library and back. */
uint64_t cgw_lib_apply (CgwCallback callback, uint64_t x, uint64_t rounds, uint64_t n);
/* Pure library work. */
uint64_t cgw_lib_hash  (uint64_t x, uint64_t n);
