/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-recording.h — recordings of cs-test-false-sharing and their ground truth
 *
 * What the memory tests share: `cyclescope record --regs` of one mode of the
 * workload, what it printed about itself (its counters, threads, processes
 * and loop), and the samples read back with the plain perf.data reader:
 * how many each worker has at each byte of the loop, and whether %rdi was
 * its counter there. None of it comes from the code under test.
 */
#pragma once

#include "cs-memory-profile.h"

G_BEGIN_DECLS

/* The span of loop bytes counted per offset. */
#define CS_FS_LOOP_BYTES 64

/* A loop's accesses to the counter, by byte offset from `inner` (from
 * their encodings in cs-test-false-sharing-loops.S), the instruction
 * after each when that one accesses no memory (a sample there is the skid
 * of the access, its %rdi untouched; 0: none), and what each one does. */
typedef struct
{
  const char *symbol;          /* the loop's function */
  guint       n_mem;
  guint       mem[4];
  guint       follower[4];
  gboolean    loads[4];
  gboolean    stores[4];
  guint       width;           /* bytes one access touches */
  guint       reg;             /* the perf register addressing it: 5 %rdi (the counter), 4 %rsi (the stop flag) */
} CsFsShape;

extern const CsFsShape cs_fs_rmw_shape, cs_fs_plain_shape, cs_fs_cmpxchg_shape, cs_fs_movups_shape;
/* The spin loop: its load of the stop flag (%rsi, not %rdi). */
extern const CsFsShape cs_fs_spin_shape;

typedef struct
{
  const char      *mode;
  const CsFsShape *shape;      /* NULL for memcpy: glibc's code */
  char            *perf_data;
  char            *out;        /* what the workload printed */
  guint64          counter[2]; /* a, b, each in its own process's addresses */
  guint32          tid[2];
  guint32          pid[2];
  guint64          stop, loop, inner, inner_end;
  /* from reading the file ourselves */
  guint64          by_offset[2][CS_FS_LOOP_BYTES];  /* samples of worker a/b per byte of the loop */
  guint64          attributed[2];  /* … at an access or its follower: what gets an address */
  guint64          reg_ok[2];      /* … of which the address register held the right address */
  guint64          in_loop;        /* samples of the workers with an IP in [inner, inner_end) */
  guint64          before_inner[2]; /* spin: samples at the store before the loop (inner − 3) */
} CsFsRecording;

/* Records @mode once per test program (later calls return the same). */
CsFsRecording      *cs_fs_recording_get   (const char          *cyclescope,
                                           const char          *workload,
                                           const char          *tmpdir,
                                           const char          *mode);
void                cs_fs_recordings_free (void);
CsMemoryProfile    *cs_fs_load            (const CsFsRecording *rec);
const CsMemoryThread *cs_fs_find_thread   (const CsMemoryLine  *line,
                                           guint32              tid);
/* Samples the profile put on @line from the loop's accesses. */
guint64             cs_fs_loop_samples_on (const CsFsRecording *rec,
                                           const CsMemoryLine  *line);
/* Expected loads / stores of worker @t: the raw samples at or right after
 * the accesses that load / store. */
guint64             cs_fs_expected        (const CsFsRecording *rec,
                                           guint                t,
                                           gboolean             stores);
/* The checks every pinned loop passes: each sample at an access or right
 * after it carries the right address, every sample is accounted for once,
 * and each loop instruction on the counters' lines has exactly its samples
 * (cs_fs_check_instructions). */
void                cs_fs_check_common    (const CsFsRecording *rec,
                                           CsMemoryProfile     *profile);
/* The workload's own ELF symbol @name: value and size, and a copy of its
 * bytes when it is a function (NULL for data). */
guint8             *cs_fs_workload_symbol (const char          *workload,
                                           const char          *name,
                                           guint64             *value,
                                           guint64             *size);

static inline guint64
cs_fs_line_of (guint64 address)
{
  return address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1);
}

G_END_DECLS
