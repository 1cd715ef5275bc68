/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-watch.h — confirming a cacheline with hardware watchpoints
 *
 * The reconstructed addresses of a recording say which words of a line
 * which threads touched at sample times. A new run of the program with
 * hardware watchpoints on the line's hottest words (the collector's
 * cs-watch.h) says what really happens there: every access, with the
 * thread and the instruction. This file is the data half of that:
 *
 *  - which line and words to watch, and where they are in any run: a
 *    module's data by the module and ELF address (a global or static
 *    variable: its symbol + offset), other memory by its mapping and
 *    offset when the program maps it before it starts (a file). Memory
 *    whose place differs from run to run (the heap, stacks, anonymous
 *    memory) cannot be found again, and the target says so;
 *  - what each watched access was: the hit's IP is a trap, the instruction
 *    after the access, so the accessing instruction is found as the skid
 *    correction finds it (decoding from its function's start) and its
 *    access decided by the same rules (cs-x86-access.h);
 *  - the watched accesses beside the reconstructed ones: per instruction,
 *    per word, per thread, and the two verdicts.
 */
#pragma once

#include "cs-memory-profile.h"

G_BEGIN_DECLS

#define CS_MEMORY_WATCH_MAX_WORDS 4
#define CS_MEMORY_WATCH_WORD      8

/* The accesses of one thread from one instruction to one watched word, as
 * the collector reports them (cs-watch.h). */
typedef struct
{
  guint64 ip;          /* the instruction after the access (a trap) */
  guint64 address;     /* the watched word */
  guint32 pid;
  guint32 tid;
  guint64 count;
  guint64 first_time;
  guint64 last_time;
} CsMemoryWatchHit;

typedef struct
{
  /* Where the line is: CS_MEMORY_REGION_MODULE (@module_path, @elf_address)
   * or a mapping by name (@mapping, @offset). */
  CsMemoryRegionKind kind;
  char    *module_path;
  guint64  elf_address;        /* the line's first byte */
  char    *mapping;
  guint64  offset;
  char    *description;        /* "area (prog)", "/dev/shm/x+0x40" */
  /* The words, by byte offset in the line, hottest first. */
  guint    n_words;
  guint    words[CS_MEMORY_WATCH_MAX_WORDS];
  guint64  word_samples[CS_MEMORY_WATCH_MAX_WORDS];
  /* The line in the recording, NULL when no sample touched it. */
  const CsMemoryLine *line;
} CsMemoryWatchTarget;

/* One instruction's watched accesses to one word by one thread. */
typedef struct
{
  guint32     pid;
  guint32     tid;
  guint       word;            /* byte offset in the line */
  CsModule   *module;          /* the accessing instruction; NULL when unmapped */
  guint64     offset;          /* … its file offset */
  guint64     ip;              /* … its address in the watched run */
  const char *symbol;
  gboolean    known;           /* the instruction was found and decoded */
  gboolean    load;
  gboolean    store;
  guint64     count;
} CsMemoryWatchAccess;

/* An instruction, reconstructed and watched side by side. */
typedef struct
{
  CsModule   *module;
  guint64     offset;
  const char *symbol;
  guint64     samples;         /* reconstructed: samples */
  guint64     sampled_loads;
  guint64     sampled_stores;
  guint64     accesses;        /* watched: accesses */
  guint64     watched_loads;   /* … of which the instruction loads / stores */
  guint64     watched_stores;
  guint       watched_threads;
} CsMemoryWatchRow;

typedef struct
{
  const CsMemoryWatchTarget *target;
  GArray          *accesses;   /* CsMemoryWatchAccess, by count, descending */
  GArray          *threads;    /* CsMemoryThread of the watched run: bytes are the words */
  GArray          *rows;       /* CsMemoryWatchRow: the line's instructions, then the others */
  guint64          total;      /* watched accesses */
  CsMemorySharing  sharing;    /* of the watched run */
  gboolean         false_sharing, true_sharing;
  /* Each thread of the recording touched the same set of watched words as
   * one thread of the watched run (threads that touched none aside). */
  gboolean         threads_confirmed;
} CsMemoryWatchResult;

/* The line @line of @profile and its hottest words. Fails with a
 * sentence saying why when its memory cannot be found in another run. */
CsMemoryWatchTarget *cs_memory_watch_target_for_line (CsMemoryProfile    *profile,
                                                      const CsMemoryLine *line,
                                                      GError            **error);
/* From the command line: "line" (the hottest line with a sharing verdict,
 * else the hottest), a line's address ("0x7f…"), or a data symbol of one
 * of the recording's modules with an optional byte offset
 * ("counters+8"). */
CsMemoryWatchTarget *cs_memory_watch_target_parse    (CsMemoryProfile    *profile,
                                                      const char         *spec,
                                                      GError            **error);
void                 cs_memory_watch_target_free     (CsMemoryWatchTarget *target);
/* The words' addresses in process @pid of a run whose mappings are @maps
 * (taken at its entry point). */
gboolean             cs_memory_watch_target_locate   (const CsMemoryWatchTarget *target,
                                                      CsAddressSpace            *maps,
                                                      guint32                    pid,
                                                      guint64                   *addresses,
                                                      GError                   **error);

/* Decodes and sums the watched run's @n @hits on the words at @addresses
 * (target->n_words of them), with @maps the run's mappings, and sets them
 * beside the recording's (@profile's symbolizer names the code). */
CsMemoryWatchResult *cs_memory_watch_result_new      (CsMemoryProfile           *profile,
                                                      const CsMemoryWatchTarget *target,
                                                      CsAddressSpace            *maps,
                                                      const guint64             *addresses,
                                                      const CsMemoryWatchHit    *hits,
                                                      guint                      n);
void                 cs_memory_watch_result_free     (CsMemoryWatchResult       *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsMemoryWatchTarget, cs_memory_watch_target_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsMemoryWatchResult, cs_memory_watch_result_free)

G_END_DECLS
