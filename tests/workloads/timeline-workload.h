/* SPDX-License-Identifier: GPL-3.0-or-later */
/* timeline-workload.h — the library part of timeline-workload */
#pragma once

double tl_lib_spin (int n);
