/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-data-address-private.h — shared by cs-data-address.c and cs-data-address-regs.c */
#pragma once

#include <capstone/capstone.h>

#include "cs-data-address.h"

G_BEGIN_DECLS

/* The perf register that capstone register @reg is part of, its 16- and
 * 8-bit parts included; -1 for the others. */
int      _cs_perf_reg_family  (x86_reg           reg);
/* The value of a base or index register; FALSE when it was not sampled.
 * @next is the address of the next instruction. */
gboolean _cs_data_address_reg (x86_reg           reg,
                               const CsPerfRegs *regs,
                               guint64           next,
                               guint64          *value,
                               guint            *bits);

G_END_DECLS
