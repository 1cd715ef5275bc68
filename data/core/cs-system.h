/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-system.h — the few system-file helpers data/ and collector/ share
 *
 * Writing a whole buffer to a descriptor (session.json, the kernel symbol
 * cache and the copy saved with a recording, the launcher's pipes) and
 * reading a field of /proc/cpuinfo (the session's host, the perf.data
 * header, the PMU description).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes all @len bytes, retrying short writes and EINTR. On FALSE errno
 * says why (ENOSPC when the descriptor took nothing). Async-signal-safe: the
 * launcher's forked child reports through it. */
gboolean  cs_write_all       (int          fd,
                              const void  *data,
                              gsize        len);

/* The value of the first "KEY : value" line of @contents (the text of
 * /proc/cpuinfo) whose key is @key, without surrounding blanks; NULL when
 * no line has that key. Keys match whole ("model" is not "model name"). */
char     *cs_cpuinfo_value   (const char  *contents,
                              const char  *key);

G_END_DECLS
