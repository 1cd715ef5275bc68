/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-private.h — what the files of the memory profile share
 *
 * cs-memory-stream.c reads the perf.data file into samples: each decoded
 * access with the line it belongs to (cs-memory-keys.c decides which line
 * that is: per process, or per shared mapping), every other sample with
 * the reason it has no address. cs-memory-lines.c turns any subset of the
 * accesses into the sorted public lines; cs-memory-region.c names what
 * holds each line (cs-memory-elf.c reads modules' data symbols);
 * cs-memory-code.c reads the instruction bytes at a sampled IP from the
 * module's file.
 */
#pragma once

#include "cs-data-address.h"
#include "cs-memory-profile.h"

G_BEGIN_DECLS

/* A hash of two numbers (addresses, offsets, ids) for the tables here:
 * Fibonacci hashing of the first, mixed with the second. */
static inline guint
_cs_memory_hash2 (guint64 a,
                  guint64 b)
{
  guint64 h = a * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ b;

  return (guint) (h >> 32) ^ (guint) h;
}

/* Why a sample has no address (the CsMemoryStats counters but n_known). */
typedef enum
{
  CS_MEMORY_REASON_KERNEL,
  CS_MEMORY_REASON_NO_REGS,
  CS_MEMORY_REASON_NO_MEMORY,
  CS_MEMORY_REASON_SEGMENT,
  CS_MEMORY_REASON_REGISTER,
  CS_MEMORY_REASON_OVERWRITTEN,
  CS_MEMORY_REASON_JUMP_TARGET,
  CS_MEMORY_REASON_NO_CODE,
  CS_MEMORY_REASON_UNDECODABLE,
} CsMemoryReason;

typedef struct
{
  guint64 time;
  guint32 pid;
  guint32 tid;
  guint16 cpu;
  guint8  reason;                /* CsMemoryReason */
} CsMemoryOther;

/* One line's identity, made when its first access is read. */
typedef struct
{
  guint32            pid;        /* the first process seen on it */
  guint64            address;    /* the line's first byte there */
  gboolean           shared;     /* identified by @identity and @file_offset */
  CsMappingIdentity  identity;
  guint64            file_offset;
  /* For naming it (cs-memory-region.c): the mapping holding it (NULL when
   * none was recorded), the nearest file mapping below it (a module whose
   * .bss reaches past its file), the lowest file mapping of the process
   * (its executable, which the heap follows), and the thread whose stack
   * pointer lay in the mapping. */
  CsMapping         *mapping;
  CsMapping         *below;
  CsMapping         *executable;
  guint32            stack_tid;
  CsMemoryRegion     region;     /* filled by _cs_memory_region_resolve() */
} CsMemoryKey;

/* An accessing instruction of a process: the key of CsMemoryData.sites. */
typedef struct
{
  guint32 pid;
  guint64 ip;
} CsMemorySiteKey;

guint    _cs_memory_site_hash  (gconstpointer key);
gboolean _cs_memory_site_equal (gconstpointer a,
                                gconstpointer b);

/* Where an instruction is, for naming it. */
typedef struct
{
  CsModule *module;              /* NULL when unmapped */
  guint64   offset;
} CsMemorySite;

/* What a loaded file gives; shared (read-only) by a profile and its
 * filtered copies. */
typedef struct
{
  gatomicrefcount  ref_count;
  CsSymbolizer    *symbolizer;
  GArray          *accesses;     /* CsMemoryAccess, all of them */
  GArray          *others;       /* CsMemoryOther */
  GPtrArray       *keys;         /* CsMemoryKey*, indexed by CsMemoryAccess.line */
  GHashTable      *by_address;   /* (pid, line address) -> key index + 1 */
  GHashTable      *by_identity;  /* (mapping identity, file offset of the line) -> key index + 1 */
  GHashTable      *sites;        /* CsMemorySiteKey* -> CsMemorySite* */
  GPtrArray       *warnings;     /* char*, NULL-terminated once loaded */
  GHashTable      *elf_files;    /* CsModule* -> CsMemoryElf* (NULL: not usable) */
  gboolean         truncated;
  gboolean         data_mappings;
} CsMemoryData;

CsMemoryData *_cs_memory_data_new   (CsSymbolizer *symbolizer);
CsMemoryData *_cs_memory_data_ref   (CsMemoryData *data);
void          _cs_memory_data_unref (CsMemoryData *data);

/* Reads @path into @data (cs-memory-stream.c). FALSE on errors that leave
 * no profile; a file damaged part way keeps what was read (truncated). */
gboolean      _cs_memory_stream     (CsMemoryData  *data,
                                     const char    *path,
                                     GCancellable  *cancellable,
                                     GError       **error);

/* Keys (cs-memory-keys.c). The line of an access at @address by process
 * @pid, whose sampled stack pointer was @sp (0: unknown), with the
 * process's maps as they are now in @space. */
guint32       _cs_memory_keys_intern (CsMemoryData   *data,
                                      CsAddressSpace *space,
                                      guint32         pid,
                                      guint32         tid,
                                      guint64         address,
                                      guint64         sp);
void          _cs_memory_key_free    (CsMemoryKey    *key);
/* A file the mapping shows, as opposed to anonymous memory (which perf
 * names "//anon", "[heap]", "[stack]", or "/dev/zero (deleted)" when shared). */
gboolean      _cs_memory_mapping_is_file (const CsMapping *m);
/* Makes the key tables of @data (empty). */
void          _cs_memory_keys_init   (CsMemoryData   *data);
/* The key of process @pid's line holding @address; FALSE when no sample
 * touched it. */
gboolean      _cs_memory_keys_find   (CsMemoryData   *data,
                                      guint32         pid,
                                      guint64         address,
                                      guint32        *id);

/* Names every key's region (cs-memory-region.c); @first_bytes[id] is the
 * line's lowest sampled byte offset (which variable names it). */
void          _cs_memory_region_resolve (CsMemoryData *data,
                                         CsMemoryKey  *key,
                                         guint         first_byte);

/* Lines (cs-memory-lines.c): built from @n @accesses (a subset of the
 * data's, in time order). */
typedef struct
{
  GPtrArray  *sorted;            /* CsMemoryLine* (owned, with their arrays) */
  GHashTable *by_id;             /* id -> CsMemoryLine* */
} CsMemoryLines;

void          _cs_memory_lines_build (CsMemoryLines        *lines,
                                      CsMemoryData         *data,
                                      const CsMemoryAccess *accesses,
                                      guint                 n);
void          _cs_memory_lines_clear (CsMemoryLines        *lines);

/* Instruction bytes of modules, read from their files. */
typedef struct _CsMemoryCode CsMemoryCode;

CsMemoryCode *_cs_memory_code_new   (CsSymbolizer *symbolizer,
                                    GPtrArray    *warnings);
void          _cs_memory_code_free  (CsMemoryCode *self);
/* Up to @max bytes of @module's file at @offset; NULL when the module has
 * no usable file (a warning naming it is added once to the warnings). */
const guint8 *_cs_memory_code_get   (CsMemoryCode *self,
                                    CsModule     *module,
                                    guint64       offset,
                                    gsize         max,
                                    gsize        *len);

/* The length of the instruction of @module that ends at file offset
 * @offset (the one before it), found by decoding forward from the start
 * of the function symbol holding @offset; 0 when there is no symbol, no
 * usable file or no instruction boundary at @offset. @jump_target: the
 * function may jump to @offset (a target of one of its jumps, or its
 * control flow is not fully known), so the instruction before it need not
 * be the one that ran before. Cached per (module, offset): the same IPs
 * come back in every sample. */
guint         _cs_memory_code_previous        (CsMemoryCode         *self,
                                              CsDataAddressDecoder *decoder,
                                              CsModule             *module,
                                              guint64               offset,
                                              gboolean             *jump_target);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsMemoryCode, _cs_memory_code_free)

G_END_DECLS
