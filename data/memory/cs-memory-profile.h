/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-profile.h — samples aggregated by the cacheline they access
 *
 * Reads a perf.data recorded with user registers (`cyclescope record
 * --regs`), reconstructs each user-mode sample's data address from the
 * instruction at its IP (cs-data-address.h; the code bytes come from the
 * sampled module's ELF file) and counts the samples per 64-byte line of
 * each process: loads, stores, which threads, which bytes of the line,
 * which instructions.
 *
 * A line is a false-sharing candidate when two threads touch it, at least
 * one of them stores, and the bytes they touch do not overlap: the threads
 * only share the line, not the data (true sharing touches the same bytes).
 * Being sampled, this sees what the threads did at sample times only; a
 * candidate is a hint to confirm (hardware breakpoints, padding), not a
 * measurement of coherence traffic.
 *
 * Each number is reconstructed: counts are samples (not events), and
 * samples whose address could not be reconstructed are counted by reason
 * in CsMemoryStats, never guessed.
 *
 * Timer samples skid: the IP is usually the instruction after the one that
 * stalled. When the instruction at the IP accesses no memory, the sample
 * is attributed to the instruction before it (decoded forward from the
 * start of the function), whose address the sampled registers still give
 * unless it overwrote its own base or index register. Those samples are
 * counted in n_known_previous (part of n_known) or n_unknown_overwritten,
 * and the lines name that previous instruction's IP, never the sampled
 * one (see cs-data-address.h and docs/memory.md, "Skid").
 */
#pragma once

#include <gio/gio.h>

#include "cs-perf-reader.h"
#include "cs-symbolizer.h"

G_BEGIN_DECLS

#define CS_MEMORY_LINE_SIZE 64

typedef struct
{
  guint64 n_samples;            /* every SAMPLE record read */
  guint64 n_kernel;             /* IP in the kernel: no user instruction to decode */
  guint64 n_no_regs;            /* user-mode samples without registers */
  guint64 n_with_regs;          /* user-mode samples with registers: the sum of the below */
  guint64 n_known;              /* … whose data address was reconstructed */
  guint64 n_known_previous;     /* … of those, from the instruction before the sampled IP (skid) */
  guint64 n_no_memory;          /* … whose instruction accesses no memory */
  guint64 n_unknown_segment;    /* … fs:/gs:-relative */
  guint64 n_unknown_register;   /* … a base/index register that was not sampled */
  guint64 n_unknown_overwritten; /* … no memory at the IP; the instruction before it
                                 * accesses memory but overwrote its own address register */
  guint64 n_no_code;            /* … no code to decode: file missing or changed, [vdso], JIT, unmapped */
  guint64 n_undecodable;        /* … bytes that do not decode */
  guint64 n_loads;              /* known-address samples that load */
  guint64 n_stores;             /* … that store (read-modify-write counts as both) */
  guint   n_lines;
  gboolean truncated;           /* the file ended early: counts cover what was read */
} CsMemoryStats;

typedef struct
{
  guint32 tid;
  guint64 samples;
  guint64 loads;
  guint64 stores;
  guint64 bytes;                /* bit n: byte n of the line was accessed */
} CsMemoryThread;

typedef struct
{
  guint64     ip;               /* the accessing instruction: with skid correction the
                                 * one before the sampled IP, not the sampled IP */
  CsModule   *module;           /* NULL when unmapped */
  guint64     offset;           /* file offset of @ip in @module */
  const char *symbol;           /* short name; "libfoo.so+0x…" when unknown */
  guint64     samples;
  guint64     skid_corrected;   /* … of them taken at the next instruction (skid) */
  guint64     loads;
  guint64     stores;
} CsMemoryIp;

typedef struct
{
  guint32               pid;
  guint64               address;    /* first byte of the line */
  guint64               samples;
  guint64               loads;
  guint64               stores;
  /* Samples per byte offset of the access's first byte in the line. An
   * access that crosses into the next line counts in the line it starts in. */
  guint64               offsets[CS_MEMORY_LINE_SIZE];
  guint                 n_threads;
  const CsMemoryThread *threads;    /* by samples, descending */
  guint                 n_ips;
  const CsMemoryIp     *ips;        /* by samples, descending; the hottest few */
  gboolean              false_sharing;
} CsMemoryLine;

/* One sample whose data address was reconstructed, in time order: what
 * the scatter view plots. */
typedef enum
{
  CS_MEMORY_ACCESS_LOAD  = 1 << 0,
  CS_MEMORY_ACCESS_STORE = 1 << 1,   /* read-modify-write: both */
} CsMemoryAccessFlags;

typedef struct
{
  guint64 time;                 /* perf clock, ns; 0 when the recording has none */
  guint64 address;
  guint64 ip;                   /* the accessing instruction (after skid correction) */
  guint32 pid;
  guint32 tid;
  guint16 size;
  guint16 flags;                /* CsMemoryAccessFlags */
} CsMemoryAccess;

/* How many instructions CsMemoryLine.ips keeps. */
#define CS_MEMORY_LINE_MAX_IPS 8

#define CS_TYPE_MEMORY_PROFILE (cs_memory_profile_get_type ())
G_DECLARE_FINAL_TYPE (CsMemoryProfile, cs_memory_profile, CS, MEMORY_PROFILE, GObject)

/* Reads @path. @symbolizer may be NULL (a new one is made). A file that
 * ends early (truncated, damaged) still gives a profile of what was read
 * before, with CsMemoryStats.truncated set and a warning; other errors
 * (missing file, not a perf.data, cancelled) fail. */
CsMemoryProfile     *cs_memory_profile_load         (const char      *path,
                                                     CsSymbolizer    *symbolizer,
                                                     GCancellable    *cancellable,
                                                     GError         **error);

const CsMemoryStats *cs_memory_profile_get_stats    (CsMemoryProfile *self);
/* Whether to count the sample @record (a SAMPLE of the file). */
typedef gboolean (*CsMemorySampleFunc) (const CsPerfRecord *record,
                                        gpointer            user_data);

/* The same, of the samples @keep says yes to (a filter's: a time range, a
 * thread); the statistics count those only. */
CsMemoryProfile     *cs_memory_profile_load_selected (const char          *path,
                                                      CsSymbolizer        *symbolizer,
                                                      CsMemorySampleFunc   keep,
                                                      gpointer             keep_data,
                                                      GCancellable        *cancellable,
                                                      GError             **error);

/* Lines by samples, descending (ties: by pid, then address). */
guint                cs_memory_profile_get_n_lines  (CsMemoryProfile *self);
const CsMemoryLine  *cs_memory_profile_get_line     (CsMemoryProfile *self,
                                                     guint            index);
/* The line of process @pid holding @address, or NULL when no sample
 * touched it. */
const CsMemoryLine  *cs_memory_profile_find_line    (CsMemoryProfile *self,
                                                     guint32          pid,
                                                     guint64          address);
/* Problems that did not stop reading (truncation, unreadable modules);
 * NULL-terminated. */
/* Every known-address sample, in the order read (time order). */
const CsMemoryAccess *cs_memory_profile_get_accesses (CsMemoryProfile *self,
                                                      guint           *n_accesses);
const char * const  *cs_memory_profile_get_warnings (CsMemoryProfile *self);
CsSymbolizer        *cs_memory_profile_get_symbolizer (CsMemoryProfile *self);

G_END_DECLS
