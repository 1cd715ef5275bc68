/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbolizer-private.h — what cs-symbolizer.c and cs-elf-module.c share
 *
 * Everything here runs with the symbolizer's lock held.
 */
#pragma once

#include <elfutils/libdwfl.h>

#include "cs-kallsyms.h"
#include "cs-symbolizer.h"

G_BEGIN_DECLS

#define CS_KERNEL_MODULE_NAME "[kernel.kallsyms]"

struct _CsModule
{
  CsModuleKind  kind;
  char         *path;
  char         *name;
  char         *build_id;     /* lower-case hex, NULL when unknown */

  gboolean      loaded;       /* opening was tried */
  char         *problem;      /* why the module cannot be symbolized, or NULL */

  /* CS_MODULE_FILE, when opened */
  Dwfl         *dwfl;
  Dwfl_Module  *dwmod;
  Elf          *elf;
  GElf_Addr     bias;
  GArray       *loads;        /* GElf_Phdr of the PT_LOAD segments */
  struct _CsSymbolIndex *symbol_index;  /* built on the first lookup */
  struct _CsDwarfScopes *dwarf_scopes;  /* per compile unit function index */
  struct _CsDwarfUnits  *dwarf_units;   /* compile units by address, for files
                                         * without .debug_aranges (clang) */
  struct _CsDwarfNames  *dwarf_names;   /* lambdas' names, made from DWARF scopes */
  guint         n_source_lookups;       /* addresses whose source was asked for */
  guint         n_source_lines;         /* … and had a line */
  char         *opened_path;  /* the file read: @path or a copy found by build-id */

  /* JIT code of one process (CS_MODULE_SPECIAL): named from the perf map
   * at @path, "/tmp/perf-PID.map" (in @symbol_index); offsets are
   * addresses. */
  gboolean      jit;

  GHashTable   *locations;    /* &CsLocation.offset -> CsLocation* */
  GHashTable   *symbols;      /* &CsSymbol.start -> CsSymbol* */
  GHashTable   *unknown;      /* &CsSymbol.start -> CsSymbol*, "name+0x…" */
};

struct _CsSymbolizer
{
  GObject         parent_instance;

  GMutex          mutex;
  GStringChunk   *strings;          /* names and file names, deduplicated */
  GHashTable     *modules;          /* "path\nbuild-id" -> CsModule* */
  GHashTable     *mapping_modules;  /* CsMapping* (a reference) -> CsModule* */
  GHashTable     *build_ids;        /* path -> hex, from the BUILD_ID feature */

  GPtrArray      *debug_dirs;       /* char*, NULL-terminated */
  char           *debuginfo_path;   /* libdwfl reads it through callbacks */
  Dwfl_Callbacks  callbacks;

  char           *kallsyms_path;
  char           *kernel_release;
  CsKallsyms     *kallsyms;
  CsModule       *kernel;

  /* Where the recording's kernel symbols may be (cs-symbolizer-kernel.c) */
  char           *saved_kallsyms;     /* saved with the recording */
  char           *build_id_cache;     /* perf's; NULL: $PERF_BUILDID_DIR or ~/.debug */
  char           *recording_boot_id;  /* NULL when unknown */
  gint64          recording_time;     /* when the data was written (Unix s), 0: unknown */
  char           *reloc_symbol;       /* "_text" of the "[kernel.kallsyms]_text" map */
  guint64         reloc_address;      /* its address in the recording */
  guint64         kallsyms_delta;     /* table address − recorded address (mod 2⁶⁴) */
  CsKernelSymbolsSource kernel_source;
  char           *kernel_source_path;

  GPtrArray      *warnings;
  GHashTable     *warning_set;
};

/* cs-symbolizer-modules.c */
CsModule *_cs_module_new                       (CsModuleKind  kind,
                                               const char   *path,
                                               const char   *name,
                                               const char   *build_id);
void      _cs_module_free                      (CsModule     *module);
/* Opens @module (its file, symbol table or perf map) unless tried before. */
void      _cs_symbolizer_ensure_loaded_locked  (CsSymbolizer *self,
                                               CsModule     *module);
/* The warnings the modules' state gives now (debug info without lines). */
void      _cs_symbolizer_add_line_warnings_locked (CsSymbolizer *self,
                                                  GStrvBuilder *builder);

/* cs-symbolizer.c */
void      _cs_symbolizer_add_warning_locked    (CsSymbolizer *self,
                                               const char   *message);
/* The one function here that takes the lock itself: the string setters'
 * body, as a worker thread may be reading *@field. */
void      _cs_symbolizer_set_string            (CsSymbolizer *self,
                                               char        **field,
                                               const char   *value);
CsSymbol *_cs_symbolizer_intern_symbol_locked  (CsSymbolizer *self,
                                               CsModule     *module,
                                               const char   *raw,
                                               guint64       start,
                                               guint64       size);
/* cs-symbolizer-query.c: where libdwfl looks for separate debug files
 * (Dwfl_Callbacks.debuginfo_path), for the unwinder's own Dwfls. */
char     *_cs_symbolizer_dup_debuginfo_path    (CsSymbolizer *self);
/* cs-symbolizer-kernel.c */
void      _cs_symbolizer_load_kernel_locked    (CsSymbolizer *self,
                                               CsModule     *module);
/* The module of a kallsyms symbol: the kernel, or "[ext4]". */
CsModule *_cs_symbolizer_kernel_module_locked  (CsSymbolizer *self,
                                               const char   *name);

/* cs-build-id-cache.c */
/* perf's build-id cache: the one set, else $PERF_BUILDID_DIR (what perf
 * tells the programs it runs), else perf's config "buildid.dir", else
 * $HOME/.debug (as $HOME is now). */
char     *_cs_symbolizer_dup_build_id_cache_locked (CsSymbolizer *self);
/* A file of perf's build-id cache: ENTRY/BASENAME ("…/BUILD-ID/elf",
 * "…/BUILD-ID/kallsyms"), or, as perf before 4.4 kept it, ENTRY itself;
 * NULL when neither is a regular file. */
char     *_cs_build_id_cache_file              (const char   *entry,
                                               const char   *basename);
/* The copy of the file with build-id @hex in the cache @cache, or NULL. */
char     *_cs_build_id_cache_copy              (const char   *cache,
                                               const char   *hex);

/* cs-elf-module.c */
char     *_cs_build_id_hex                     (const guint8 *bits,
                                               gsize         len);

typedef struct
{
  const Dwfl_Callbacks *callbacks;
  /* Directories where a file that is gone may be found by build-id. */
  const char * const   *build_id_dirs;
  /* perf's build-id cache (DIR/.build-id/xx/yyyy/elf) */
  const char           *build_id_cache;
} CsElfOpenOptions;

/* Opens module->path (or, when it is gone or its build-id differs, a copy
 * found by build-id; or, when it is stripped, the unstripped copy perf's
 * build-id cache holds under the same build-id). On failure sets
 * module->problem. */
gboolean  _cs_elf_module_open            (CsModule               *module,
                                         const CsElfOpenOptions *options);
void      _cs_elf_module_close           (CsModule               *module);
gboolean  _cs_elf_module_offset_to_vaddr (CsModule               *module,
                                         guint64                 offset,
                                         guint64                *vaddr);
/* The same for any file's PT_LOAD headers (GElf_Phdr). */
gboolean  _cs_elf_loads_offset_to_vaddr  (GArray                 *loads,
                                         guint64                 offset,
                                         guint64                *vaddr);
/* The symbol whose [start, start + size) holds @vaddr; never a neighbour.
 * A sizeless symbol reaches up to the next (cs-symbol-index.h). */
gboolean  _cs_elf_module_lookup_symbol   (CsModule               *module,
                                         guint64                 vaddr,
                                         const char            **raw_name,
                                         guint64                *start,
                                         guint64                *size);
/* Source line and inline chain of @vaddr. Strings are interned in
 * @strings; @frames receives CsInlineFrame. */
void      _cs_elf_module_lookup_source   (CsModule               *module,
                                         guint64                 vaddr,
                                         GStringChunk           *strings,
                                         const char            **file,
                                         guint                  *line,
                                         GArray                 *frames);
/* Calls @func for each function symbol until it returns TRUE. */
typedef gboolean (*CsElfSymbolFunc) (const char *raw_name,
                                     guint64     start,
                                     guint64     size,
                                     gpointer    user_data);
void      _cs_elf_module_foreach_symbol  (CsModule               *module,
                                         CsElfSymbolFunc         func,
                                         gpointer                user_data);
GBytes   *_cs_elf_module_read            (CsModule               *module,
                                         guint64                 vaddr,
                                         gsize                   len,
                                         GError                **error);
/* The separate debug file libdwfl found, or NULL. */
const char *_cs_elf_module_get_debug_file (CsModule              *module);
/* Whether the file (or its debug file) has DWARF compile units. */
gboolean  _cs_elf_module_has_dwarf       (CsModule               *module);

G_END_DECLS
