/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-private.h — what the files of the memory profile share
 *
 * cs-memory-profile.c streams the perf.data file and reconstructs
 * addresses; cs-memory-lines.c accumulates accesses per cacheline and
 * turns the accumulators into the sorted public lines; cs-memory-code.c
 * reads the instruction bytes at a sampled IP from the module's file.
 */
#pragma once

#include "cs-data-address.h"
#include "cs-memory-profile.h"

G_BEGIN_DECLS

/* One line while reading; @public is filled by _cs_memory_lines_finish(). */
typedef struct
{
  CsMemoryLine  public;    /* first: pid and address are the hash key */
  GArray       *threads;   /* CsMemoryThread */
  GHashTable   *ip_index;  /* ip -> CsMemoryIp* (owned) */
  CsMemoryIp   *ips;       /* the hottest, after finishing */
} CsMemoryLineAcc;

typedef struct
{
  GHashTable *by_key;      /* CsMemoryLineAcc* (key and value, owned) */
  GPtrArray  *sorted;      /* CsMemoryLineAcc*, after finishing */
} CsMemoryLines;

void     _cs_memory_lines_init    (CsMemoryLines *lines);
void     _cs_memory_lines_clear   (CsMemoryLines *lines);
/* Counts one access of @size bytes at @address by thread @tid of @pid from
 * instruction @ip (@module / @offset: where @ip lies, @module may be NULL);
 * @skid_corrected: the sample was taken at the instruction after @ip. */
void     _cs_memory_lines_add     (CsMemoryLines *lines,
                                  guint32        pid,
                                  guint32        tid,
                                  guint64        address,
                                  guint          size,
                                  gboolean       is_load,
                                  gboolean       is_store,
                                  guint64        ip,
                                  CsModule      *module,
                                  guint64        offset,
                                  gboolean       skid_corrected);
/* Sorts the lines and their threads, keeps the hottest instructions (named
 * through @symbolizer) and flags false-sharing candidates. */
void     _cs_memory_lines_finish  (CsMemoryLines *lines,
                                  CsSymbolizer  *symbolizer);
const CsMemoryLine *_cs_memory_lines_find (CsMemoryLines *lines,
                                          guint32        pid,
                                          guint64        address);

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
