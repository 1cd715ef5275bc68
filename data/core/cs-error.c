/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-error.c */
#include "config.h"

#include "cs-error.h"

G_DEFINE_QUARK (cs-data-error-quark, cs_data_error)
