/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer.h — sampled addresses to modules, symbols, source lines
 *
 * A sample's (pid, ip) becomes a mapping through CsAddressSpace, and the
 * mapping plus the file offset of the ip becomes a CsModule and a key
 * (module, offset). The symbolizer resolves each key once (libdwfl: ELF
 * symbol tables, DWARF lines and inline scopes; /proc/kallsyms for the
 * kernel) and caches the CsLocation.
 *
 * Modules are identified by (path, build-id). A file that is gone or whose
 * build-id differs from the recorded one is never symbolized: its addresses
 * read "libfoo.so+0x1234" and a warning is recorded. The same holds for an
 * address outside every symbol (a stripped library's static functions):
 * never the neighbouring symbol.
 *
 * All functions are thread-safe; resolving is serialized inside. Returned
 * modules, symbols and locations live as long as the symbolizer.
 */
#pragma once

#include <gio/gio.h>

#include "cs-address-space.h"

G_BEGIN_DECLS

typedef struct _CsModule CsModule;

typedef enum
{
  CS_MODULE_FILE,     /* an ELF file: executable, shared library */
  CS_MODULE_KERNEL,   /* [kernel.kallsyms] or a kernel module ("[ext4]") */
  CS_MODULE_SPECIAL,  /* [vdso], [heap], //anon, memfd: no file to read */
} CsModuleKind;

typedef struct
{
  CsModule   *module;
  const char *name;        /* short name, "match"; "libfoo.so+0x1234" when unknown */
  const char *signature;   /* demangled full name; the plain name for C */
  const char *mangled;     /* as in the symbol table; NULL when unknown */
  guint64     start;       /* ELF virtual address (kernel: run-time address) */
  guint64     size;        /* bytes; 0 when not known */
  gboolean    unknown;     /* no symbol covers the address */
} CsSymbol;

/* One level of an inline chain, as `llvm-addr2line -i -f -C` prints it;
 * a lambda GCC gave no linkage name is named as its symbol would be
 * ("main::{lambda(int, int)#1}::operator()", where addr2line says
 * "operator()"). */
typedef struct
{
  const char *name;          /* short name of the function */
  const char *signature;     /* demangled full name */
  const char *file;          /* NULL when unknown */
  guint       line;          /* 0 when unknown */
  const char *display_name;  /* as perf shows a symbol: without parameters */
} CsInlineFrame;

typedef struct
{
  const CsSymbol      *symbol;
  guint64              offset;    /* the key: file offset (kernel: address) */
  guint64              address;   /* ELF virtual address (kernel: run-time address);
                                   * the file offset when the file is missing */
  const char          *file;      /* source file of the address, NULL when unknown */
  guint                line;
  /* Innermost first: frames[0] is the inlined function the address belongs to
   * (with the address's own line), frames[n_frames-1] the function the
   * compiler emitted (with the line of the outermost call site). 0 frames
   * without DWARF. */
  guint                n_frames;
  const CsInlineFrame *frames;
} CsLocation;

/* The innermost inlined function's name as perf shows names (qualified,
 * no parameters: "main::{lambda(int, int)#1}::operator()", "mix"), or NULL
 * when the address is not inside inlined code. */
const char   *cs_location_get_inline_name (const CsLocation *location);

typedef struct
{
  CsModule *module;
  guint64   offset;
} CsAddressKey;

/* Called on the thread (main context) that started the work. */
typedef void (*CsSymbolizerProgress) (guint    done,
                                      guint    total,
                                      gpointer user_data);

const char   *cs_module_get_path          (CsModule *module);
/* "libfoo.so", "[kernel.kallsyms]", "[vdso]" */
const char   *cs_module_get_name          (CsModule *module);
/* Lower-case hex, NULL when unknown. */
const char   *cs_module_get_build_id      (CsModule *module);
CsModuleKind  cs_module_get_kind          (CsModule *module);

#define CS_TYPE_SYMBOLIZER (cs_symbolizer_get_type ())
G_DECLARE_FINAL_TYPE (CsSymbolizer, cs_symbolizer, CS, SYMBOLIZER, GObject)

CsSymbolizer *cs_symbolizer_new                 (void);

/* Where to look for separate debug files, in addition to the file's own
 * directory, its .debug/, /usr/lib/debug (by build-id and .gnu_debuglink).
 * A directory is searched like /usr/lib/debug: DIR/.build-id/xx/yyyy.debug
 * and DIR/<the file's directory>/<debuglink>. Also looked up by build-id
 * for files that are gone: DIR/.build-id/xx/yyyy. Call before resolving. */
void          cs_symbolizer_add_debug_dir       (CsSymbolizer   *self,
                                                 const char     *directory);
/* Build-ids from perf.data's BUILD_ID feature: used for mappings whose
 * record carried none. */
void          cs_symbolizer_add_build_id        (CsSymbolizer   *self,
                                                 const char     *path,
                                                 const guint8   *build_id,
                                                 gsize           build_id_len);
/* Defaults to /proc/kallsyms; tests give a file. */
void          cs_symbolizer_set_kallsyms_path   (CsSymbolizer   *self,
                                                 const char     *path);
/* The kernel the data was recorded on (perf.data OSRELEASE). When it is not
 * the running kernel, /proc/kallsyms does not describe it: kernel addresses
 * stay unresolved and a warning says why. */
void          cs_symbolizer_set_kernel_release  (CsSymbolizer   *self,
                                                 const char     *release);

/* Appended (engineer k). Where [kernel.kallsyms] symbols come from, in this
 * order: the table saved with the recording (cs_symbolizer_set_saved_kallsyms),
 * perf's build-id cache copy for the recording's kernel build-id, the
 * running kernel's table (the kallsyms path, through the cache) — with a
 * warning when the recording comes from another boot — else none: the
 * addresses stay [kernel.kallsyms]+0x… and a warning says why. */
typedef enum
{
  CS_KERNEL_SYMBOLS_NONE,            /* not loaded yet, or no table could be used */
  CS_KERNEL_SYMBOLS_SAVED,           /* saved with the recording (a bundle) */
  CS_KERNEL_SYMBOLS_BUILD_ID_CACHE,  /* ~/.debug/[kernel.kallsyms]/BUILD-ID/kallsyms */
  CS_KERNEL_SYMBOLS_RUNNING,         /* the running kernel's, or the kallsyms path */
} CsKernelSymbolsSource;

/* The kernel symbol table saved with the recording (cs_kallsyms_save_running). */
void          cs_symbolizer_set_saved_kallsyms  (CsSymbolizer   *self,
                                                 const char     *path);
/* perf's build-id cache directory; NULL (the default): $PERF_BUILDID_DIR,
 * else perf's config buildid.dir ($PERF_CONFIG, ~/.perfconfig,
 * /etc/perfconfig), else ~/.debug. Kernel symbols and whole files (a
 * file that is gone, changed, or stripped: perf record kept it as it was)
 * are looked up there by build-id. */
void          cs_symbolizer_set_build_id_cache  (CsSymbolizer   *self,
                                                 const char     *directory);
/* Which boot made the recording (NULL: unknown). */
void          cs_symbolizer_set_recording_boot  (CsSymbolizer   *self,
                                                 const char     *boot_id);
/* When the data was written (Unix seconds, 0: unknown): data written
 * before this boot began comes from another boot. Without a boot id, this
 * is how the symbolizer tells. */
void          cs_symbolizer_set_recording_time  (CsSymbolizer   *self,
                                                 gint64          written);
/* The kernel map's reference symbol, as perf records it: "_text" and its
 * address at recording time ("[kernel.kallsyms]_text", pgoff). A table
 * whose symbol sits elsewhere (KASLR, another boot) is shifted to match. */
void          cs_symbolizer_set_kernel_reloc    (CsSymbolizer   *self,
                                                 const char     *symbol,
                                                 guint64         address);
/* Where the kernel's symbols came from (loads them if needed); @path (may
 * be NULL) receives the file read. */
CsKernelSymbolsSource cs_symbolizer_get_kernel_symbols_source (CsSymbolizer *self,
                                                                char        **path);

/* One module per (path, build-id); @build_id NULL uses add_build_id's. */
CsModule     *cs_symbolizer_get_module          (CsSymbolizer   *self,
                                                 const char     *path,
                                                 const guint8   *build_id,
                                                 gsize           build_id_len);
CsModule     *cs_symbolizer_get_module_for_mapping (CsSymbolizer    *self,
                                                    const CsMapping *mapping);
/* (pid, ip) -> module and key offset; NULL when no mapping covers @ip. */
CsModule     *cs_symbolizer_module_for_ip       (CsSymbolizer   *self,
                                                 CsAddressSpace *space,
                                                 gint32          pid,
                                                 guint64         ip,
                                                 guint64        *offset);

/* Resolves (or returns the cached) location of @offset in @module. */
const CsLocation *cs_symbolizer_resolve         (CsSymbolizer   *self,
                                                 CsModule       *module,
                                                 guint64         offset);
/* Resolves @keys (duplicates allowed) in the calling thread, calling
 * @progress now and then; fills @locations (may be NULL) in key order.
 * Fails only when cancelled. */
gboolean      cs_symbolizer_resolve_many        (CsSymbolizer        *self,
                                                 const CsAddressKey  *keys,
                                                 guint                n_keys,
                                                 const CsLocation   **locations,
                                                 GCancellable        *cancellable,
                                                 CsSymbolizerProgress progress,
                                                 gpointer             progress_data,
                                                 GError             **error);
/* The same on a worker thread; @progress runs in the caller's thread-default
 * main context. @keys is copied. */
void          cs_symbolizer_resolve_async       (CsSymbolizer        *self,
                                                 const CsAddressKey  *keys,
                                                 guint                n_keys,
                                                 GCancellable        *cancellable,
                                                 CsSymbolizerProgress progress,
                                                 gpointer             progress_data,
                                                 GDestroyNotify       progress_data_destroy,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
/* Returns the locations in key order (const CsLocation*, not owned). */
GPtrArray    *cs_symbolizer_resolve_finish      (CsSymbolizer   *self,
                                                 GAsyncResult   *result,
                                                 GError        **error);

/* Only the symbol of @offset in @module: no DWARF is opened (no source line,
 * no inline chain), which is all module and symbol tables need. The
 * location's @file, @line and @frames stay empty until
 * cs_symbolizer_resolve() is called for the same key: it completes this
 * same location in place (the pointer stays valid and unchanged). Read
 * those three fields only of a location cs_symbolizer_resolve() returned. */
const CsLocation *cs_symbolizer_resolve_symbol  (CsSymbolizer   *self,
                                                 CsModule       *module,
                                                 guint64         offset);
/* cs_symbolizer_resolve_many() with cs_symbolizer_resolve_symbol(). */
gboolean      cs_symbolizer_resolve_symbols_many (CsSymbolizer        *self,
                                                  const CsAddressKey  *keys,
                                                  guint                n_keys,
                                                  const CsLocation   **locations,
                                                  GCancellable        *cancellable,
                                                  CsSymbolizerProgress progress,
                                                  gpointer             progress_data,
                                                  GError             **error);

/* A function by raw, full or short name (first match), e.g. for
 * `cyclescope annotate`; any alias finds it, and it comes back under the
 * alias its address is shown with ("random" finds "__random", the symbol
 * a profile's rows hold). @module NULL searches every module already seen. */
const CsSymbol *cs_symbolizer_find_symbol       (CsSymbolizer   *self,
                                                 CsModule       *module,
                                                 const char     *name);
/* The module's bytes at ELF virtual addresses [vaddr, vaddr + len), for
 * disassembly. Fails for the kernel and for missing files. */
GBytes       *cs_symbolizer_read_bytes          (CsSymbolizer   *self,
                                                 CsModule       *module,
                                                 guint64         vaddr,
                                                 gsize           len,
                                                 GError        **error);
/* Why @module cannot be symbolized (file gone, build-id mismatch, kernel
 * symbols hidden), or NULL. Loads the module if needed. */
char         *cs_symbolizer_dup_module_problem  (CsSymbolizer   *self,
                                                 CsModule       *module);
/* Path of the separate debug file used for @module, or NULL. */
char         *cs_symbolizer_dup_debug_file      (CsSymbolizer   *self,
                                                 CsModule       *module);
/* The file read for @module: its recorded path, or the copy found by
 * build-id when that file is gone or changed; NULL when none matches the
 * recording (or @module is no file). Loads the module if needed. */
char         *cs_symbolizer_dup_module_file     (CsSymbolizer   *self,
                                                 CsModule       *module);
/* Every distinct warning so far, in order. */
GStrv         cs_symbolizer_dup_warnings        (CsSymbolizer   *self);

G_END_DECLS
