/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-collector-error.c */
#include "config.h"

#include "cs-collector-error.h"

G_DEFINE_QUARK (cs-collector-error-quark, cs_collector_error)
