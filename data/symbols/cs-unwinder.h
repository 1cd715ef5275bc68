/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwinder.h — call stacks from a copy of the user stack (DWARF CFI)
 *
 * A sample recorded with `--call-graph dwarf` (perf's or ours) carries the
 * user registers and a copy of the top of the user stack instead of a call
 * chain. Its callers are found the way perf report and hotspot find them:
 * elfutils' libdwfl unwinds from the registers, reading the stack from the
 * copy and code and data from the mapped ELF files, with each function's
 * call-frame information (.eh_frame, else .debug_frame from the file or
 * its separate debug file, found by build-id or .gnu_debuglink).
 *
 * Samples unwind independently of each other, so a batch is spread over
 * threads, each with its own libdwfl state (a Dwfl per process, its
 * modules reported as the unwinding reaches them); the result does not
 * depend on the number of threads.
 *
 * Frames are addresses the way perf keys them: the sampled pc first, then
 * each caller's return address minus one (so that it lies in the call
 * instruction, in the right function and inline chain even after a
 * noreturn call), a signal handler's interrupted pc as it is. Unwinding
 * stops at the outermost frame (its return address undefined: _start,
 * clone), after CS_UNWIND_MAX_FRAMES frames, or at the first frame it
 * cannot unwind: no call-frame information, memory outside the stack copy
 * (a stack deeper than the copy), a module whose file is gone.
 */
#pragma once

#include <gio/gio.h>

#include "cs-address-space.h"
#include "cs-symbolizer.h"

G_BEGIN_DECLS

/* perf report's default --max-stack */
#define CS_UNWIND_MAX_FRAMES 127

typedef struct
{
  gint32          pid;
  gint32          tid;
  guint64         regs_abi;    /* PERF_SAMPLE_REGS_ABI_*; only 64-bit is unwound */
  guint64         regs_mask;   /* the attr's sample_regs_user */
  const guint64  *regs;        /* in ascending bit order of @regs_mask */
  guint           n_regs;
  const guint8   *stack;       /* the copy of the stack from the sampled sp up */
  gsize           stack_size;  /* valid bytes */
  /* The process's mappings when it was sampled, sorted by address, not
   * overlapping (cs_address_space_dup_mappings()); shared by the samples
   * of a process between two changes of its maps. */
  GPtrArray      *maps;
} CsUnwindSample;

typedef struct
{
  guint    n_frames;
  /* The walk reached a frame whose return address the code leaves
   * undefined (the outermost: _start, clone3's new thread). */
  gboolean complete;
  /* The walk stopped because the stack goes on beyond its copy. (Other
   * stops — code without call-frame information, a file that is gone, a
   * loader's _start with none — leave both FALSE.) */
  gboolean cut;
} CsUnwindResult;

typedef struct _CsUnwinder CsUnwinder;

/* @symbolizer says which file a mapping is (by path and build-id) and
 * where debug files are; @arch and @osrelease are perf.data's HEADER_ARCH
 * and OSRELEASE (NULL: this machine's). @n_threads 0: the environment's
 * CYCLESCOPE_UNWIND_THREADS, else one per processor. */
CsUnwinder   *cs_unwinder_new            (CsSymbolizer         *symbolizer,
                                          const char           *arch,
                                          const char           *osrelease,
                                          guint                 n_threads);
void          cs_unwinder_free           (CsUnwinder           *self);
/* FALSE when the architecture cannot be unwound (not x86-64 or aarch64). */
gboolean      cs_unwinder_is_supported   (CsUnwinder           *self);
guint         cs_unwinder_get_n_threads  (CsUnwinder           *self);

/* Unwinds @n_samples samples: sample i's frames go to
 * @frames[i * CS_UNWIND_MAX_FRAMES …], their number to @results[i]. Runs
 * on the calling thread and the unwinder's threads, returns when all are
 * done. Fails only when cancelled (the results are then incomplete). */
gboolean      cs_unwinder_unwind         (CsUnwinder           *self,
                                          const CsUnwindSample *samples,
                                          guint                 n_samples,
                                          guint64              *frames,
                                          CsUnwindResult       *results,
                                          GCancellable         *cancellable,
                                          GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsUnwinder, cs_unwinder_free)

G_END_DECLS
