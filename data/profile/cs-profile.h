/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile.h — one perf.data file aggregated into module, symbol, source
 * line and instruction tables (seed 000 §5.2 and §5.4)
 *
 * Loading streams the file once through the reader. Each sample is added
 * to a small record of its (event, module, file offset), the key, and kept
 * as a row of compact columns (cs-profile-samples.h: time, thread, cpu,
 * key, period; 20 bytes) so that any part of the recording can be
 * aggregated again (cs-profile-filter.h). Address spaces are replayed from
 * MMAP/MMAP2/FORK/COMM/EXIT to turn a sample's (pid, ip) into that key.
 * Each distinct key is then resolved once by the symbolizer, and the module
 * and symbol tables are built. Source
 * line and instruction tables of a symbol are built when first asked for
 * and cached.
 *
 * Percentages are computed the way `perf report` does: by period (the
 * estimated event count), not by number of samples, so that frequency-mode
 * recordings (whose period varies from sample to sample) agree with perf.
 *
 * Attribution of inlined code, as in perf: the symbol tables give a sample
 * to the function the compiler emitted (the ELF symbol covering the
 * address); the line tables give it to the address's own source line, which
 * for inlined code is a line of the inlined function (CsProfileLineRow
 * names that function in @inline_name).
 *
 * After loading, a profile is read-only apart from those caches; the
 * accessors may be called from any one thread at a time (the caches are
 * locked, so several threads also work).
 */
#pragma once

#include <gio/gio.h>

#include "cs-counts.h"
#include "cs-model.h"
#include "cs-region-marks.h"
#include "cs-symbolizer.h"

G_BEGIN_DECLS

typedef struct
{
  guint        index;
  const char  *name;           /* as the reader names the attr: "cpu-clock", "cycles:u" */
  guint32      type;           /* perf_event_attr.type */
  guint64      config;
  gboolean     software;       /* PERF_TYPE_SOFTWARE: needs no hardware PMU */
  guint64      sample_period;  /* the attr's fixed period, 0 when sampling by frequency */
  guint64      sample_freq;    /* Hz when sampling by frequency, else 0 */
  guint64      n_samples;
  guint64      period;         /* Σ period: the event count estimated from samples */
} CsProfileEvent;

typedef struct
{
  guint         index;
  CsModule     *module;
  const char   *name;          /* "libc.so.6", "[kernel.kallsyms]", "[vdso]", "[unknown]" */
  const char   *path;
  CsModuleKind  kind;
  const guint64 *samples;      /* [n_events] */
  const guint64 *period;       /* [n_events] */
} CsProfileModule;

typedef struct
{
  guint                  index;
  const CsSymbol        *symbol;
  const CsProfileModule *module;
  /* The demangled name without parameters, as `perf report` prints it
   * ("ns::Class::method", "lib.so+0x1a2b" when unknown). */
  const char            *display_name;
  const guint64         *samples;   /* [n_events] */
  const guint64         *period;    /* [n_events] */
} CsProfileSymbol;

typedef struct
{
  const CsProfileModule *module;
  guint64                samples;
  guint64                period;
  double                 percent;         /* of the event's total period, 0..100 */
} CsProfileModuleRow;

typedef struct
{
  const CsProfileSymbol *symbol;
  guint64                samples;
  guint64                period;
  double                 percent;         /* of the event's total period (perf's "Overhead") */
  double                 module_percent;  /* of the module's period (seed 000 Fig. 5.7) */
} CsProfileSymbolRow;

typedef struct
{
  const char            *file;            /* NULL when unknown */
  guint                  line;            /* 0 when unknown */
  /* The innermost inlined function the line belongs to, NULL when the
   * address is not inside inlined code. */
  const char            *inline_name;
  /* --sort srcline over the whole program: the symbol of the line's first
   * sample; a symbol's own line table: that symbol. */
  const CsProfileSymbol *symbol;
  guint64                samples;
  guint64                period;
  double                 percent;         /* of the event's total period */
  double                 symbol_percent;  /* of the symbol's period (0 for srcline tables) */
} CsProfileLineRow;

typedef struct
{
  guint64      address;        /* ELF virtual address (kernel: run-time address) */
  guint64      offset;         /* the symbolizer's key: file offset */
  guint        size;           /* bytes, 0 when the code could not be read */
  char        *text;           /* "mov rax, qword ptr [rbp - 8]"; NULL when not disassembled */
  const char  *file;           /* source line of the instruction, NULL when unknown */
  guint        line;
  guint64      samples;
  guint64      period;
  double       percent;         /* of the event's total period */
  double       symbol_percent;  /* of the symbol's period */
} CsProfileInsnRow;

typedef struct
{
  guint64 n_records;
  guint64 n_samples;            /* all events */
  guint64 n_unmapped;           /* samples no mapping covered: module "[unknown]" */
  guint64 n_lost;               /* LOST: samples the kernel dropped (ring buffer full) */
  guint64 n_lost_samples;       /* LOST_SAMPLES */
  guint   n_keys;               /* distinct (event, module, offset) */
  gboolean truncated;           /* the file is damaged after n_samples: the tables
                                 * hold what precedes the damage (a warning says where) */
} CsProfileStats;

/* Called in the loading thread; @fraction 0..1, or -1 when unknown. */
typedef void (*CsProfileProgress) (const char *stage,
                                   double      fraction,
                                   gpointer    user_data);

#define CS_TYPE_PROFILE (cs_profile_get_type ())
G_DECLARE_FINAL_TYPE (CsProfile, cs_profile, CS, PROFILE, GObject)

/* Reads @path and builds the module and symbol tables. @symbolizer NULL
 * makes a new one (debug directories can then not be given). A file that
 * is damaged after some samples (truncated, corrupt) gives the tables of
 * what precedes the damage, CsProfileStats.truncated and a warning naming
 * the byte offset; damaged before any sample, it fails with the reader's
 * error, which names the offset. */
CsProfile             *cs_profile_load              (const char         *path,
                                                     CsSymbolizer       *symbolizer,
                                                     CsProfileProgress   progress,
                                                     gpointer            progress_data,
                                                     GCancellable       *cancellable,
                                                     GError            **error);
/* The same on a worker thread; @progress is called in that thread. */
void                   cs_profile_load_async        (const char         *path,
                                                     CsSymbolizer       *symbolizer,
                                                     CsProfileProgress   progress,
                                                     gpointer            progress_data,
                                                     GCancellable       *cancellable,
                                                     GAsyncReadyCallback callback,
                                                     gpointer            user_data);
CsProfile             *cs_profile_load_finish       (GAsyncResult       *result,
                                                     GError            **error);

const char            *cs_profile_get_path          (CsProfile *self);
CsSymbolizer          *cs_profile_get_symbolizer    (CsProfile *self);
const CsProfileStats  *cs_profile_get_stats         (CsProfile *self);
/* The samples lost, counted once as `perf report` counts them ("Total Lost
 * Samples"): perf record ≥ 6.1 writes a LOST_SAMPLES record for the same
 * loss the kernel's LOST records already told, so when the file has
 * LOST_SAMPLES those are the count; files with LOST records only (older
 * perf, our collector) count those. */
guint64                cs_profile_stats_get_n_lost  (const CsProfileStats *stats);
/* Problems that did not stop reading (from the reader). */
const char * const    *cs_profile_get_warnings      (CsProfile *self);
/* perf.data header strings; NULL when the file has none. */
const char            *cs_profile_get_hostname      (CsProfile *self);
const char            *cs_profile_get_os_release    (CsProfile *self);
const char            *cs_profile_get_arch          (CsProfile *self);

/* Every attr of the file, in file order (also those without samples). */
guint                  cs_profile_get_n_events      (CsProfile *self);
const CsProfileEvent  *cs_profile_get_event         (CsProfile *self,
                                                     guint      index);
/* By name as the reader gives it, or any spelling cs_profile_event_matches
 * accepts ("cpu-clock", "cpu_clock", "perf::PERF_COUNT_SW_CPU_CLOCK"). */
const CsProfileEvent  *cs_profile_find_event        (CsProfile  *self,
                                                     const char *name);
/* The sampled event with the most samples, NULL when there are none. */
const CsProfileEvent  *cs_profile_get_default_event (CsProfile *self);
/* Names of the events that have samples (NULL-terminated, owned by @self). */
const char * const    *cs_profile_get_sampled_event_names (CsProfile *self);

guint                  cs_profile_get_n_modules     (CsProfile *self);
const CsProfileModule *cs_profile_get_module        (CsProfile *self,
                                                     guint      index);
const CsProfileModule *cs_profile_find_module       (CsProfile  *self,
                                                     const char *name_or_path);
guint                  cs_profile_get_n_symbols     (CsProfile *self);
const CsProfileSymbol *cs_profile_get_symbol        (CsProfile *self,
                                                     guint      index);
/* Sampled symbols whose display name, short name, signature or raw name is
 * @name, most samples first (new array of const CsProfileSymbol*). */
GPtrArray             *cs_profile_find_symbols      (CsProfile  *self,
                                                     const char *name);

/* Modules with samples of @event, by period, largest first (GArray of
 * CsProfileModuleRow). */
GArray                *cs_profile_dup_module_table  (CsProfile *self,
                                                     guint      event);
/* Symbols with samples of @event in @module (NULL: every module), by
 * period, largest first, at most @limit rows (0: all). GArray of
 * CsProfileSymbolRow. */
GArray                *cs_profile_dup_symbol_table  (CsProfile             *self,
                                                     guint                  event,
                                                     const CsProfileModule *module,
                                                     guint                  limit);
/* Source lines of the whole program for `--sort srcline`: rows per
 * (file, line); unknown lines are one row per symbol ("lib.so+0x…" or the
 * symbol's name with no file). GArray of CsProfileLineRow, largest first. */
GArray                *cs_profile_dup_srcline_table (CsProfile *self,
                                                     guint      event,
                                                     guint      limit);
/* A symbol's source lines with samples of @event, in file and line order.
 * Built on first use and cached: the array belongs to @self. */
const GArray          *cs_profile_get_line_table    (CsProfile             *self,
                                                     guint                  event,
                                                     const CsProfileSymbol *symbol);
/* A symbol's instructions in address order, each with its source line and
 * its samples of @event; the symbol's bytes are read from its file and
 * disassembled with capstone. Without the bytes (kernel, missing file) only
 * the sampled addresses are listed, with @text NULL. Built on first use and
 * cached (array of CsProfileInsnRow owned by @self). */
const GArray          *cs_profile_get_insn_table    (CsProfile             *self,
                                                     guint                  event,
                                                     const CsProfileSymbol *symbol);

/* TRUE when the attr name @event_name and the model event @event are the
 * same event: by alias, libpfm4 string, an alternative spelling, or perf's
 * name ("cpu-clock" is perf::PERF_COUNT_SW_CPU_CLOCK, "cycles" is
 * perf::PERF_COUNT_HW_CPU_CYCLES), ignoring perf's modifiers (":u", ":ppp"). */
gboolean               cs_profile_event_matches     (const char         *event_name,
                                                     const CsModelEvent *event);
/* The alias of the model event that profile event @index is, or NULL. */
const char            *cs_profile_get_model_alias   (CsProfile *self,
                                                     CsModel   *model,
                                                     guint      index);
/* The estimated count (Σ period, provenance ESTIMATED) of every model event
 * that was sampled, for @module or, with NULL, the whole program. */
CsCounts              *cs_profile_build_counts      (CsProfile             *self,
                                                     CsModel               *model,
                                                     const CsProfileModule *module);

/* Appended (regions, issue 15): the modular symbol-level analysis — samples
 * per region (Kruse, CMSSW Performance Monitoring, 2011, §5.4). Regions are
 * numbered 1…n; 0 is a sample outside every region. */

#define CS_PROFILE_ALL_REGIONS G_MAXUINT

typedef struct
{
  guint        region;          /* 1…n */
  const char  *name;
  guint64      samples;
  guint64      period;
  double       percent;         /* of the event's total period */
} CsProfileRegionRow;

/* cs_profile_load() that also gives every sample the region running on its
 * thread at its time (@marks NULL: none). */
CsProfile             *cs_profile_load_with_regions  (const char         *path,
                                                      CsRegionMarks      *marks,
                                                      CsSymbolizer       *symbolizer,
                                                      CsProfileProgress   progress,
                                                      gpointer            progress_data,
                                                      GCancellable       *cancellable,
                                                      GError            **error);
/* 0 when the samples have no regions. */
guint                  cs_profile_get_n_regions      (CsProfile  *self);
const char            *cs_profile_get_region_name    (CsProfile  *self,
                                                      guint       region);
/* 1…n, 0 when unknown. */
guint                  cs_profile_find_region        (CsProfile  *self,
                                                      const char *name);
/* Σ samples and period of @event in @region (0: outside every region). */
void                   cs_profile_get_region_total   (CsProfile  *self,
                                                      guint       event,
                                                      guint       region,
                                                      guint64    *samples,
                                                      guint64    *period);
/* Regions with samples of @event, by period, largest first (Fig. 5.6);
 * GArray of CsProfileRegionRow. */
GArray                *cs_profile_dup_region_table   (CsProfile  *self,
                                                      guint       event);
/* A region's symbols with samples of @event (@region 0: outside every
 * region), by period, largest first, at most @limit (0: all); GArray of
 * CsProfileSymbolRow whose module_percent is the share of the region's
 * period (Fig. 5.7's "Percentage"). */
GArray                *cs_profile_dup_region_symbol_table (CsProfile *self,
                                                           guint      event,
                                                           guint      region,
                                                           guint      limit);
/* cs_profile_get_line_table() / _insn_table() of @symbol's samples in
 * @region only (CS_PROFILE_ALL_REGIONS: all); symbol_percent is then the
 * share of the symbol's period in the region. */
const GArray          *cs_profile_get_region_line_table (CsProfile             *self,
                                                         guint                  event,
                                                         const CsProfileSymbol *symbol,
                                                         guint                  region);
const GArray          *cs_profile_get_region_insn_table (CsProfile             *self,
                                                         guint                  event,
                                                         const CsProfileSymbol *symbol,
                                                         guint                  region);
/* cs_profile_build_counts() for the samples of one region. */
CsCounts              *cs_profile_build_region_counts (CsProfile *self,
                                                       CsModel   *model,
                                                       guint      region);

G_END_DECLS
