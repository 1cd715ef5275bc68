/* SPDX-License-Identifier: GPL-3.0-or-later */
/* profile-workload.h — the library functions of profile-workload */
#pragma once

#include <stdint.h>

uint64_t csprof_lib_mix  (uint64_t x, uint64_t n);
double   csprof_lib_poly (double x, uint64_t n);
