/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-two-modules.h — the library function of cs-test-two-modules */
#pragma once

unsigned long tm_lib_hot (unsigned long n);
