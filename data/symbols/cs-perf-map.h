/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-map.h — symbols of JIT code from /tmp/perf-PID.map
 *
 * Code a JIT compiler writes into anonymous memory has no file and no
 * symbol table. By the convention of V8, the Java agents, LuaJIT, .NET and
 * PyPy, the process lists what it compiled in /tmp/perf-PID.map, one
 * "START SIZE NAME" line (hex) per piece of code, and perf report names
 * the samples in that memory from it. So do we.
 */
#pragma once

#include <glib.h>

#include "cs-symbol-index.h"

G_BEGIN_DECLS

/* The symbols of the perf map @path, for lookups by address; of several
 * at one start the last listed. Fails (CS_DATA_ERROR_NOT_FOUND when the
 * file does not exist) for what perf refuses too: a file of another user
 * than root or the caller, and what is no regular file. Lines that do not
 * parse are skipped. */
CsSymbolIndex *cs_perf_map_load (const char  *path,
                                 GError     **error);

G_END_DECLS
