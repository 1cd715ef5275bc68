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
 * only share the line, not the data. It is true sharing when a thread
 * writes bytes another thread reads or writes: the data itself moves
 * between them, and padding would not help. Threads of different processes
 * share a line when it lies in a MAP_SHARED mapping of one file (a file,
 * shared memory, or anonymous shared memory inherited over fork): such
 * lines are identified by the mapping's device, inode and file offset
 * (MMAP2), not by the address, which differs between the processes. Being
 * sampled, this sees what the threads did at sample times only; a
 * candidate is a hint to confirm (hardware breakpoints: cyclescope watch),
 * not a measurement of coherence traffic.
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
 * one (see cs-data-address.h and docs/memory.md, "Skid"). A sample whose IP
 * is a jump target is not moved: the instruction that ran before it is not
 * known (n_unknown_jump_target).
 *
 * Each line is named by what holds it (CsMemoryRegion): a variable of a
 * module's data (symbol + offset from the ELF symbol table), the heap, a
 * thread's stack, a mapped file, anonymous memory.
 *
 * The profile keeps every sample (time, process, thread, CPU and what it
 * accessed), so that the lines of any subset of them — a time range, some
 * threads — can be computed again (cs_memory_profile_filter()).
 */
#pragma once

#include <gio/gio.h>

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
  guint64 n_unknown_jump_target; /* … no memory at the IP, which is a jump target: the
                                 * instruction that ran before it is not known */
  guint64 n_no_code;            /* … no code to decode: file missing or changed, [vdso], JIT, unmapped */
  guint64 n_undecodable;        /* … bytes that do not decode */
  guint64 n_loads;              /* known-address samples that load */
  guint64 n_stores;             /* … that store (read-modify-write counts as both) */
  guint   n_lines;
  gboolean truncated;           /* the file ended early: counts cover what was read */
  /* The recording has data mappings (perf's mmap_data: `cyclescope record
   * --regs`, `perf record -d`); without them the heap, stacks and shared
   * memory cannot be told apart and lines are never matched across
   * processes. */
  gboolean data_mappings;
} CsMemoryStats;

typedef struct
{
  guint32 pid;
  guint32 tid;
  guint64 samples;
  guint64 loads;
  guint64 stores;
  guint64 bytes;                /* bit n: byte n of the line was accessed */
  guint64 store_bytes;          /* bit n: byte n of the line was written */
} CsMemoryThread;

typedef struct
{
  guint64     ip;               /* the accessing instruction: with skid correction the
                                 * one before the sampled IP, not the sampled IP */
  guint32     pid;              /* a process it was sampled in (@ip is its address there) */
  CsModule   *module;           /* NULL when unmapped */
  guint64     offset;           /* file offset of @ip in @module */
  const char *symbol;           /* short name; "libfoo.so+0x…" when unknown */
  guint64     samples;
  guint64     skid_corrected;   /* … of them taken at the next instruction (skid) */
  guint64     loads;
  guint64     stores;
} CsMemoryIp;

typedef enum
{
  CS_MEMORY_SHARING_NONE,       /* one thread, or reads only */
  CS_MEMORY_SHARING_FALSE,      /* threads on different bytes, one of them writes */
  CS_MEMORY_SHARING_TRUE,       /* a thread writes bytes another reads or writes */
} CsMemorySharing;

typedef enum
{
  CS_MEMORY_REGION_UNKNOWN,     /* no mapping recorded holds it */
  CS_MEMORY_REGION_MODULE,      /* the data of a loaded ELF file (.data, .bss …) */
  CS_MEMORY_REGION_HEAP,
  CS_MEMORY_REGION_STACK,
  CS_MEMORY_REGION_ANONYMOUS,   /* private anonymous memory (malloc arenas, mmap) */
  CS_MEMORY_REGION_SHARED_ANONYMOUS, /* MAP_SHARED | MAP_ANONYMOUS (inherited over fork) */
  CS_MEMORY_REGION_FILE,        /* a mapped file that is no module's data (/dev/shm …) */
} CsMemoryRegionKind;

/* What holds a line. */
typedef struct
{
  CsMemoryRegionKind kind;
  CsModule   *module;           /* MODULE */
  guint64     elf_address;      /* MODULE: the line's first byte as an ELF address of @module */
  const char *symbol;           /* MODULE: the variable (ELF STT_OBJECT) holding the line's
                                 * first sampled byte; NULL when no symbol covers it */
  guint64     symbol_offset;    /* … that byte's offset in the variable */
  const char *mapping;          /* the mapping's name as recorded ("[heap]", "//anon", a path);
                                 * NULL for UNKNOWN */
  guint64     offset;           /* the line's offset in the mapping: the file offset for
                                 * files and shared memory, from its start otherwise */
  guint32     tid;              /* STACK: the thread whose stack (its sampled stack pointer
                                 * lay in the mapping) */
} CsMemoryRegion;

typedef struct
{
  guint32               id;         /* CsMemoryAccess.line of the line's accesses */
  guint32               pid;        /* the process of its busiest thread */
  guint64               address;    /* the line's first byte in @pid */
  /* In a MAP_SHARED mapping: the line is the mapping's device, inode and
   * file offset, and may hold threads of several processes. */
  gboolean              shared;
  guint                 n_processes;
  CsMemoryRegion        region;
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
  /* The verdict: FALSE when any two threads falsely share the line, else
   * TRUE when any truly share it, else NONE; both flags can be set. */
  CsMemorySharing       sharing;
  gboolean              false_sharing;
  gboolean              true_sharing;
} CsMemoryLine;

/* One sample whose data address was reconstructed, in time order: what
 * the scatter view plots. */
typedef enum
{
  CS_MEMORY_ACCESS_LOAD  = 1 << 0,
  CS_MEMORY_ACCESS_STORE = 1 << 1,   /* read-modify-write: both */
  CS_MEMORY_ACCESS_SKID  = 1 << 2,   /* taken at the next instruction, moved to @ip */
} CsMemoryAccessFlags;

typedef struct
{
  guint64 time;                 /* perf clock, ns; 0 when the recording has none */
  guint64 address;
  guint64 ip;                   /* the accessing instruction (after skid correction) */
  guint32 pid;
  guint32 tid;
  guint32 line;                 /* CsMemoryLine.id */
  guint16 cpu;
  guint8  size;                 /* bytes accessed, at most 255 */
  guint8  flags;                /* CsMemoryAccessFlags */
} CsMemoryAccess;

/* How many instructions CsMemoryLine.ips keeps. */
#define CS_MEMORY_LINE_MAX_IPS 8

/* Whether cs_memory_profile_filter() keeps a sample. */
typedef gboolean (*CsMemorySampleFunc) (guint64  time,
                                        guint32  pid,
                                        guint32  tid,
                                        guint    cpu,
                                        gpointer user_data);

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
/* The profile of the samples @func keeps (time range, threads, CPUs …):
 * stats, lines and accesses computed again from them. Cheap: nothing is
 * decoded again. Line ids are the same as in @self. */
CsMemoryProfile     *cs_memory_profile_filter       (CsMemoryProfile    *self,
                                                     CsMemorySampleFunc  func,
                                                     gpointer            user_data);

const CsMemoryStats *cs_memory_profile_get_stats    (CsMemoryProfile *self);
/* Lines by samples, descending (ties: by pid, then address). */
guint                cs_memory_profile_get_n_lines  (CsMemoryProfile *self);
const CsMemoryLine  *cs_memory_profile_get_line     (CsMemoryProfile *self,
                                                     guint            index);
/* The line with CsMemoryLine.id @id, NULL when none of the samples is on it. */
const CsMemoryLine  *cs_memory_profile_get_line_by_id (CsMemoryProfile *self,
                                                       guint32          id);
/* The line holding @address in process @pid, or NULL when no sample
 * touched it. */
const CsMemoryLine  *cs_memory_profile_find_line    (CsMemoryProfile *self,
                                                     guint32          pid,
                                                     guint64          address);
/* Every known-address sample, in the order read (time order). */
const CsMemoryAccess *cs_memory_profile_get_accesses (CsMemoryProfile *self,
                                                      guint           *n_accesses);
/* Problems that did not stop reading (truncation, unreadable modules);
 * NULL-terminated. */
const char * const  *cs_memory_profile_get_warnings (CsMemoryProfile *self);
CsSymbolizer        *cs_memory_profile_get_symbolizer (CsMemoryProfile *self);

/* The verdict on threads that touched one line (see CsMemoryLine). */
CsMemorySharing      cs_memory_sharing_of           (const CsMemoryThread *threads,
                                                     guint                 n_threads,
                                                     gboolean             *false_sharing,
                                                     gboolean             *true_sharing);
/* "none", "false", "true": the JSON spelling. */
const char          *cs_memory_sharing_to_string    (CsMemorySharing      sharing);

G_END_DECLS
