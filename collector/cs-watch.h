/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-watch.h — run a program with hardware watchpoints on a few data words
 *
 * The confirm mode of the memory view: a line the sampled registers say two
 * threads fight over is watched in a new run of the program, where the
 * hardware itself reports every access (PERF_TYPE_BREAKPOINT, a debug
 * register per word, read or write, sample_period 1).
 *
 * Addresses move between runs (ASLR), so the words cannot be given before
 * the program runs. The program is started through the launcher, traced
 * (ptrace) until its entry point, when the executable and the libraries it
 * links are mapped: the caller reads the mappings (cs_watch_get_maps()),
 * turns the line's location (a module's ELF address, a mapping and offset)
 * into addresses, and arms them (cs_watch_arm()), before the program's own
 * code has run. cs_watch_run() then lets it go and collects the hits until
 * it exits.
 *
 *   watch = cs_watch_launch (argv, cwd, &error);
 *   maps = cs_watch_get_maps (watch);           — locate the words
 *   cs_watch_arm (watch, addresses, n, &error);
 *   cs_watch_run (watch, seconds, cancellable, &error);
 *   hits = cs_watch_get_hits (watch, &n_hits);
 *
 * x86 has four debug registers per thread: at most CS_WATCH_MAX_WORDS
 * words, 8 bytes each, 8-aligned. Every watched access traps, so the
 * program runs much slower; a data breakpoint is a trap: the IP a hit
 * reports is the instruction after the access.
 */
#pragma once

#include <gio/gio.h>
#include <sys/types.h>

#include "cs-address-space.h"
#include "cs-memory-watch.h"

G_BEGIN_DECLS

#define CS_WATCH_MAX_WORDS CS_MEMORY_WATCH_MAX_WORDS
#define CS_WATCH_WORD_SIZE CS_MEMORY_WATCH_WORD

/* The accesses of one thread from one instruction to one word (the
 * memory view's type: it decodes them). */
typedef CsMemoryWatchHit CsWatchHit;

typedef struct _CsWatch CsWatch;

/* Starts @argv (PATH search as the launcher does) in @cwd (NULL: this
 * one) and stops it at its entry point. */
CsWatch          *cs_watch_launch    (const char * const  *argv,
                                      const char          *cwd,
                                      GError             **error);
pid_t             cs_watch_get_pid   (CsWatch             *self);
/* The program's mappings at the entry point (from /proc/PID/maps, with
 * the mapped files' device and inode), and later the ones it makes while
 * it runs (MMAP2 records). */
CsAddressSpace   *cs_watch_get_maps  (CsWatch             *self);
/* Puts read/write breakpoints on the @n (≤ CS_WATCH_MAX_WORDS) 8-byte
 * words at @addresses, for every thread and child process the program
 * starts from now on. */
gboolean          cs_watch_arm       (CsWatch             *self,
                                      const guint64       *addresses,
                                      guint                n,
                                      GError             **error);
/* Lets the program run and collects the hits until it exits, @seconds
 * pass (0: no limit; it is then killed), or @cancellable fires (also
 * killed, with G_IO_ERROR_CANCELLED). */
gboolean          cs_watch_run       (CsWatch             *self,
                                      double               seconds,
                                      GCancellable        *cancellable,
                                      GError             **error);
const CsWatchHit *cs_watch_get_hits  (CsWatch             *self,
                                      guint               *n_hits);
/* Accesses the breakpoints counted (hits whose samples the kernel had to
 * drop included), and the samples dropped (ring buffer full). */
guint64           cs_watch_get_counted (CsWatch           *self);
guint64           cs_watch_get_lost  (CsWatch             *self);
/* waitpid(2) status of the program; TRUE when cs_watch_run() stopped it
 * at its time limit. */
int               cs_watch_get_status (CsWatch            *self);
gboolean          cs_watch_was_stopped (CsWatch           *self);
/* Kills a program still running. */
void              cs_watch_free      (CsWatch             *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsWatch, cs_watch_free)

G_END_DECLS
