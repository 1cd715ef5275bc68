/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwind-private.h — what the files of the unwinder share
 *
 * cs-unwind-files.c maps the ELF files the unwinding reads (once per file,
 * shared by every thread), cs-unwind-context.c is one thread's libdwfl
 * state and unwinds one sample, cs-unwinder.c spreads a batch of samples
 * over the threads.
 */
#pragma once

#include <gelf.h>

#include "cs-symbolizer.h"
#include "cs-unwinder.h"
#include "cs-unwind-regs.h"

G_BEGIN_DECLS

/* An ELF file as the unwinder reads it: its bytes (libdwfl gets an Elf on
 * them, so no thread holds a file descriptor per module) and where its
 * segments go. Immutable once made. */
typedef struct
{
  char         *name;         /* libdwfl's module name: "libc.so.6" */
  char         *path;         /* the file read; where libdwfl looks for its debug file */
  guint8       *image;
  gsize         size;
  GMappedFile  *mapped;       /* NULL when @image is a copy (the vDSO) */
  guint16       e_type;
  guint64       first_vaddr;  /* the first PT_LOAD's p_vaddr, aligned down as libdwfl does */
  guint64       end_vaddr;    /* the end of the last PT_LOAD */
  GArray       *loads;        /* GElf_Phdr of the PT_LOAD segments */
} CsUnwindFile;

typedef struct _CsUnwindFiles CsUnwindFiles;

/* @osrelease: the kernel the recording ran on (perf.data's OSRELEASE), to
 * tell whether this machine's vDSO is the recorded one. */
CsUnwindFiles      *_cs_unwind_files_new   (CsSymbolizer       *symbolizer,
                                           const char         *osrelease);
void                _cs_unwind_files_free  (CsUnwindFiles      *self);
/* The file @mapping maps, NULL when there is none to read (anonymous
 * memory, a file that is gone or changed since the recording). Any
 * thread; the file lives as long as @self. */
const CsUnwindFile *_cs_unwind_files_get   (CsUnwindFiles      *self,
                                           const CsMapping    *mapping);
/* Run-time address minus ELF address for @file mapped as @mapping. */
gboolean            _cs_unwind_file_bias   (const CsUnwindFile *file,
                                           const CsMapping    *mapping,
                                           guint64            *bias);

/* One thread's unwinding state: a Dwfl per process recently seen. */
typedef struct _CsUnwindContext CsUnwindContext;

CsUnwindContext    *_cs_unwind_context_new  (CsUnwindFiles        *files,
                                            CsUnwindArch          arch,
                                            const char           *debuginfo_path);
void                _cs_unwind_context_free (CsUnwindContext      *self);
/* Unwinds @sample into @frames (at most CS_UNWIND_MAX_FRAMES). */
void                _cs_unwind_context_run  (CsUnwindContext      *self,
                                            const CsUnwindSample *sample,
                                            guint64              *frames,
                                            CsUnwindResult       *result);

G_END_DECLS
