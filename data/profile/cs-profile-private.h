/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-private.h — what the files of the profile share
 *
 * cs-profile.c streams the file into keys, cs-profile-keys.c is the key
 * table,
 * cs-profile-tables.c builds the module and symbol tables and the counts,
 * cs-profile-detail.c the line and instruction tables, cs-profile-names.c
 * names (events, display names of symbols), cs-profile-queries.c the
 * accessors. cs-profile-samples.c keeps the samples as columns (with their
 * stacks when the file has call chains), cs-profile-tasks.c their threads
 * and processes, cs-call-functions.c resolves the stacks' frames;
 * cs-profile-view.c makes a filtered profile from those columns.
 */
#pragma once

#include "cs-call-function.h"
#include "cs-call-stacks.h"
#include "cs-profile.h"
#include "cs-profile-samples.h"
#include "cs-profile-summary.h"
#include "cs-profile-tasks.h"
#include "cs-perf-reader.h"
#include "cs-region-marks.h"

G_BEGIN_DECLS

/* One distinct (event, module, file offset, region) with its samples. 32
 * bytes: the only thing that grows while streaming, and only with the
 * number of distinct addresses (times the regions they ran in). */
typedef struct
{
  guint64 offset;
  guint32 module;     /* index into CsProfile.raw_modules (the mapping's module) */
  guint16 event;
  guint16 region;     /* the region running on the sample's thread (cs-region-marks.h), 0: none */
  guint64 samples;
  guint64 period;
} CsProfileKey;

typedef struct
{
  CsProfileKey *keys;
  guint         n_keys;
  guint         keys_cap;
  guint32      *slots;      /* key index + 1; 0 = empty */
  guint         n_slots;    /* power of two */
} CsProfileKeyTable;

void          _cs_profile_key_table_init   (CsProfileKeyTable *table);
void          _cs_profile_key_table_clear  (CsProfileKeyTable *table);
/* Adds (event, module, offset, region) with zero counts at the empty slot @slot. */
CsProfileKey *_cs_profile_key_table_insert (CsProfileKeyTable *table,
                                           guint              slot,
                                           guint16            event,
                                           guint32            module,
                                           guint64            offset,
                                           guint16            region);

static inline guint32
_cs_profile_key_hash (guint16 event,
                     guint32 module,
                     guint64 offset,
                     guint16 region)
{
  guint64 h = offset * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  h ^= ((guint64) region << 48 | (guint64) module << 16 | event) * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f);
  return (guint32) (h >> 32) ^ (guint32) h;
}

/* The key for (event, module, offset, region), added with zero counts when
 * new. Inline: every sample of a file comes through here. */
static inline CsProfileKey *
_cs_profile_key_table_get (CsProfileKeyTable *table,
                          guint16            event,
                          guint32            module,
                          guint64            offset,
                          guint16            region)
{
  guint mask = table->n_slots - 1;
  guint s = _cs_profile_key_hash (event, module, offset, region) & mask;

  for (;;)
    {
      guint32 idx = table->slots[s];
      CsProfileKey *k;

      if (idx == 0)
        return _cs_profile_key_table_insert (table, s, event, module, offset, region);
      k = &table->keys[idx - 1];
      if (k->offset == offset && k->module == module && k->event == event && k->region == region)
        return k;
      s = (s + 1) & mask;
    }
}

/* A symbol's aggregate; the public part first. */
typedef struct
{
  CsProfileSymbol public;
  char           *display_name;
  guint64        *samples;
  guint64        *period;
  GArray         *keys;     /* guint: indices of the keys that resolved to it */
} CsProfileSymbolData;

typedef struct
{
  CsProfileModule public;
  guint64        *samples;
  guint64        *period;
} CsProfileModuleData;

typedef struct
{
  CsCallFunction    public;
  char             *name;
} CsCallFunctionData;

struct _CsProfile
{
  GObject            parent_instance;

  char              *path;
  CsSymbolizer      *symbolizer;
  char              *hostname;
  char              *os_release;
  char              *arch;
  GPtrArray         *warnings;      /* char*, NULL-terminated */
  CsProfileStats     stats;

  CsProfileEvent    *events;
  guint              n_events;
  char             **event_names;   /* owned copies of the attr names */
  GPtrArray         *sampled_names; /* const char*, NULL-terminated */

  /* streaming */
  GPtrArray         *raw_modules;   /* CsModule*: the modules keys point to */
  GHashTable        *raw_module_ids;/* CsModule* -> index + 1 */
  CsProfileKeyTable  table;

  /* after resolution */
  const CsLocation **locations;     /* [n_keys] */
  guint32           *key_symbol;    /* [n_keys]: symbol index */
  GPtrArray         *modules;       /* CsProfileModuleData* */
  GHashTable        *module_ids;    /* CsModule* -> index + 1 */
  GPtrArray         *symbols;       /* CsProfileSymbolData* */

  /* regions (cs-profile-regions.c); NULL: the recording has none */
  CsRegionMarks     *marks;

  GMutex             cache_lock;
  GHashTable        *line_cache;    /* "event:symbol" -> GArray */
  GHashTable        *insn_cache;

  GHashTable        *symbol_ids;    /* CsSymbol* -> index + 1 */

  /* the samples (cs-profile-samples.c) and their threads (cs-profile-tasks.c) */
  gboolean           has_call_chains;
  gboolean           has_stack_copies;  /* REGS_USER and STACK_USER: stacks to unwind */
  CsCallStacks      *stacks;
  GArray            *sample_time;     /* guint64 */
  GArray            *sample_period;   /* guint32, CS_PROFILE_PERIOD_LARGE: in large_periods */
  GArray            *sample_context;  /* guint32 */
  GArray            *sample_location; /* guint32: key index */
  GArray            *sample_stack;    /* guint32; NULL without call chains */
  GArray            *large_periods;   /* CsProfileLargePeriod */
  GArray            *contexts;        /* CsProfileContext */
  GHashTable        *context_ids;     /* thread << 16 | cpu -> index + 1 */
  guint16           *location_event;  /* [n_keys] */
  guint16           *location_region; /* [n_keys]; NULL without region marks */
  CsProfileSamples   samples;         /* views of the columns */
  GPtrArray         *threads;         /* CsProfileThread* */
  GHashTable        *thread_ids;      /* CsProfileThread* -> index + 1 */
  GStringChunk      *comms;
  GPtrArray         *tasks;           /* CsProfileTask* */
  GPtrArray         *processes;       /* CsProfileProcessData* */
  GArray            *sample_marks;    /* CsProfileMark: lost samples, throttling */
  CsProfileHeader    header;          /* what the file says of the recording */
  CsProfileSummary   summary;         /* cs-profile-summary.c, filled after loading */
  char              *summary_command;
  GPtrArray         *functions;       /* CsCallFunctionData* */
  GHashTable        *function_ids;    /* "symbol index" or "symbol index\1inline name" -> index + 1 */

  /* a filtered profile (cs-profile-view.c): what it borrows from @base */
  CsProfile         *base;
  guint32           *subset;
  guint              n_subset;
};

/* Mappings samples fell in recently, so that the next sample in one of
 * them needs no lookup: a few for user space (threads of a program take
 * turns in its executable and its libraries), one for the kernel. Cleared
 * whenever the maps change. */
#define CS_PROFILE_N_USER_CACHE 4

typedef struct
{
  gboolean valid;
  gint32   pid;
  guint64  start;
  guint64  end;
  guint64  pgoff;
  gboolean kernel;
  guint32  module;
} CsProfileMapCache;

/* The state of one pass over the file (cs-profile.c). */
typedef struct
{
  CsProfile         *self;
  CsAddressSpace    *space;
  CsPerfReader      *reader;
  CsProfileMapCache  user[CS_PROFILE_N_USER_CACHE];
  guint              user_next;
  CsProfileMapCache  kernel;
  guint32            unknown_module;
  guint32            kernel_nomap;     /* raw index of the kernel, G_MAXUINT32 until needed */
  GHashTable        *mapping_modules;  /* CsMapping* (a reference) -> raw module index + 1 */
  CsProfileProgress  progress;
  gpointer           progress_data;
  guint64            n_delivered;      /* records and samples, for progress */
  guint64            next_progress;
  gboolean           have_reloc;       /* the kernel map's reference symbol was passed on */
  gboolean           counting_sample;  /* locating a sample's own ip (counted when unmapped) */

  /* samples and threads (cs-profile-samples.c, cs-profile-tasks.c) */
  GHashTable        *thread_comms;     /* tid -> const char* (in CsProfile.comms) */
  GHashTable        *live_tasks;       /* tid -> CsProfileTask index + 1: the tid's current task */
  gint32             last_tid;         /* the thread of the previous sample … */
  guint32            last_thread;      /* … and its CsProfileThread index, G_MAXUINT32: none */
  guint32            last_context_thread; /* the thread and cpu of the previous sample … */
  guint32            last_cpu;
  guint32            last_context;     /* … and their context, G_MAXUINT32: none */
  GArray            *chain;            /* guint32 frames of the sample at hand, innermost first */

  /* copies of the user stack to unwind (cs-profile-unwind.c) */
  struct _CsProfileUnwind *unwind;    /* NULL when no sample carries one */
  GCancellable      *cancellable;
} CsProfileStream;

guint32   _cs_profile_raw_module_index  (CsProfile          *self,
                                        CsModule           *module);
/* The raw module and key offset of @ip (cs-profile.c). */
void      _cs_profile_stream_locate     (CsProfileStream    *st,
                                        gboolean            kernel_mode,
                                        gint32              pid,
                                        guint64             ip,
                                        guint32            *module,
                                        guint64            *offset);

/* cs-profile-samples.c */
void      _cs_profile_samples_init      (CsProfile          *self);
void      _cs_profile_samples_clear     (CsProfile          *self);
void      _cs_profile_stream_init_samples  (CsProfileStream *st);
void      _cs_profile_stream_clear_samples (CsProfileStream *st);
/* Keeps sample @b, whose own ip is (@module, @offset) and key @location,
 * with its stack when the file has call chains. */
void      _cs_profile_stream_add_sample (CsProfileStream    *st,
                                        const CsPerfBrief  *b,
                                        gboolean            kernel_mode,
                                        guint32             module,
                                        guint64             offset,
                                        guint32             location);
/* Interns the chain in st->chain (innermost first, its first address
 * @first_ip) with the sample's own (@ip at @module, @offset) in front when
 * the chain does not start with it; returns the stack's node. */
guint32   _cs_profile_stream_intern_chain (CsProfileStream *st,
                                          guint64          first_ip,
                                          guint64          ip,
                                          gboolean         kernel_mode,
                                          guint32          module,
                                          guint64          offset);
/* After loading: the columns' final views. */
void      _cs_profile_samples_finish    (CsProfile          *self);
/* The views of @self's columns (also a filtered profile's, which borrows
 * them). */
void      _cs_profile_samples_set_views (CsProfile          *self);

/* cs-profile-tasks.c: threads, processes and marks from the side-band
 * records. */
void      _cs_profile_tasks_init        (CsProfile          *self);
void      _cs_profile_tasks_clear       (CsProfile          *self);
void      _cs_profile_stream_init_tasks (CsProfileStream    *st);
void      _cs_profile_stream_clear_tasks (CsProfileStream   *st);
void      _cs_profile_stream_task_record (CsProfileStream   *st,
                                         const CsPerfRecord *r);
/* The thread (pid, tid, its name now) of a sample at @time. */
guint32   _cs_profile_stream_thread     (CsProfileStream    *st,
                                         gint32              pid,
                                         gint32              tid,
                                         guint64             time);
/* After loading: processes, and the samples of each task. */
void      _cs_profile_tasks_finish      (CsProfile          *self);

/* cs-profile-view.c: NULLs what a filtered profile borrowed. */
void      _cs_profile_view_release      (CsProfile          *self);

/* cs-profile-summary.c */
void      _cs_profile_take_header       (CsProfile          *self,
                                         const CsPerfInfo   *info);
void      _cs_profile_header_clear      (CsProfileHeader    *header);
void      _cs_profile_summary_build     (CsProfile          *self);

/* cs-profile-unwind.c. A file whose samples copy the user stack: start
 * before the first record, to be told before the maps change (what is
 * pending is unwound with the maps it saw), finish after the last. */
void      _cs_profile_unwind_start      (CsProfileStream    *st);
void      _cs_profile_unwind_maps_change (CsProfileStream   *st);
/* Unwinds what is pending; FALSE (and @error) when cancelled. */
gboolean  _cs_profile_unwind_finish     (CsProfileStream    *st,
                                        GError            **error);
void      _cs_profile_unwind_clear      (CsProfileStream    *st);
/* Queues sample @b, row @row of the columns, whose recorded chain is in
 * st->chain: its stack is unwound and its node set later. Returns 0, the
 * empty stack, for the row until then. */
guint32   _cs_profile_unwind_defer      (CsProfileStream    *st,
                                        const CsPerfBrief  *b,
                                        guint32             row,
                                        guint64             first_ip,
                                        gboolean            kernel_mode,
                                        guint32             module,
                                        guint64             offset);
/* The stage name progress shows while the file is read. */
const char *_cs_profile_stream_stage    (CsProfileStream    *st);

/* cs-profile-tables.c: the profile symbol of @sym (created without samples
 * when new; @module is the key's, for symbols that name none). */
guint     _cs_profile_symbol_index      (CsProfile          *self,
                                        const CsSymbol     *sym,
                                        CsModule           *module);

/* cs-call-functions.c: resolves every frame of the call stacks. */
gboolean  _cs_profile_resolve_frames    (CsProfile          *self,
                                        CsCallStacks       *stacks,
                                        GCancellable       *cancellable,
                                        GError            **error);
void      _cs_profile_functions_clear   (CsProfile          *self);
void      _cs_call_function_data_free   (gpointer            data);

/* cs-profile-tables.c */
gboolean  _cs_profile_resolve          (CsProfile          *self,
                                       CsProfileProgress   progress,
                                       gpointer            progress_data,
                                       GCancellable       *cancellable,
                                       GError            **error);
double    _cs_profile_percent          (CsProfile          *self,
                                       guint               event,
                                       guint64             period);
/* Symbol rows by period, largest first (qsort order). */
int       _cs_profile_compare_symbol_rows (gconstpointer    a,
                                          gconstpointer    b);

/* cs-profile-names.c */
/* perf's spelling: lower case, '-' for '_', no "pmu::", no perf modifiers,
 * "PERF_COUNT_SW_CPU_CLOCK" -> "cpu-clock", "cpu-cycles" -> "cycles". */
char     *_cs_profile_canonical_event  (const char         *name);
/* "ns::Class::method" out of "int ns::Class::method(int) const". */
char     *_cs_profile_display_name     (const CsSymbol     *symbol);
/* The same for a demangled name alone (an inlined function's). */

/* cs-profile-detail.c */
void      _cs_profile_free_insn_table  (gpointer            table);

G_END_DECLS
