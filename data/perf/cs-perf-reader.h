/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-reader.h — streams the records of a perf.data file
 *
 * Reads files written by `perf record` (file and pipe mode, plain or -z
 * compressed, native or byte-swapped) and by our collector. The file is
 * mapped, never copied: records are decoded one at a time into a struct the
 * reader owns and reuses, and array fields (callchain, registers, branch
 * stack, …) point into the mapping when the file is native-endian, or into a
 * reader-owned scratch buffer when they had to be swapped or decompressed.
 * So a CsPerfRecord and everything it points to is valid only until the next
 * call into the reader: copy what you keep.
 *
 * By default records are delivered in time order the way `perf report` does
 * it: timed records are queued and, at each FINISHED_ROUND, those not later
 * than the previous round's newest timestamp are sorted and delivered (right
 * after the FINISHED_ROUND record itself); the rest at the end. Records
 * without a timestamp, or with timestamp 0 (perf's synthesized HEADER_*
 * records and the side-band it synthesizes at start, kernel records when
 * sample_id_all is off) are delivered as soon as they are read. This is the
 * order in which `perf report` and `perf script` see them.
 * cs_perf_reader_set_ordered (FALSE) gives file order instead, and is faster.
 *
 * A reader is not thread-safe; use it from one thread at a time (e.g. in a
 * GTask worker, with cs_perf_reader_get_progress() polled for a bar).
 *
 * On a truncated or corrupt file the reader first delivers every record it
 * could read before the damage, then fails with CS_DATA_ERROR_CORRUPT naming
 * the byte offset. It never reads outside the file and always terminates.
 */
#pragma once

#include <gio/gio.h>

#include "cs-error.h"

G_BEGIN_DECLS

/* collector/cs-perf-writer.h spells two of these as macros of the same
 * value; included before this header they would break the enum. */
#undef CS_PERF_RECORD_HEADER_BUILD_ID
#undef CS_PERF_RECORD_FINISHED_ROUND

/* Record types: the kernel's PERF_RECORD_* (< 64) and those perf synthesizes. */
typedef enum
{
  CS_PERF_RECORD_MMAP                = 1,
  CS_PERF_RECORD_LOST                = 2,
  CS_PERF_RECORD_COMM                = 3,
  CS_PERF_RECORD_EXIT                = 4,
  CS_PERF_RECORD_THROTTLE            = 5,
  CS_PERF_RECORD_UNTHROTTLE          = 6,
  CS_PERF_RECORD_FORK                = 7,
  CS_PERF_RECORD_READ                = 8,
  CS_PERF_RECORD_SAMPLE              = 9,
  CS_PERF_RECORD_MMAP2               = 10,
  CS_PERF_RECORD_AUX                 = 11,
  CS_PERF_RECORD_ITRACE_START        = 12,
  CS_PERF_RECORD_LOST_SAMPLES        = 13,
  CS_PERF_RECORD_SWITCH              = 14,
  CS_PERF_RECORD_SWITCH_CPU_WIDE     = 15,
  CS_PERF_RECORD_NAMESPACES          = 16,
  CS_PERF_RECORD_KSYMBOL             = 17,
  CS_PERF_RECORD_BPF_EVENT           = 18,
  CS_PERF_RECORD_CGROUP              = 19,
  CS_PERF_RECORD_TEXT_POKE           = 20,
  CS_PERF_RECORD_AUX_OUTPUT_HW_ID    = 21,
  /* synthesized by perf, never by the kernel */
  CS_PERF_RECORD_HEADER_ATTR         = 64,
  CS_PERF_RECORD_HEADER_EVENT_TYPE   = 65,
  CS_PERF_RECORD_HEADER_TRACING_DATA = 66,
  CS_PERF_RECORD_HEADER_BUILD_ID     = 67,
  CS_PERF_RECORD_FINISHED_ROUND      = 68,
  CS_PERF_RECORD_ID_INDEX            = 69,
  CS_PERF_RECORD_AUXTRACE_INFO       = 70,
  CS_PERF_RECORD_AUXTRACE            = 71,
  CS_PERF_RECORD_AUXTRACE_ERROR      = 72,
  CS_PERF_RECORD_THREAD_MAP          = 73,
  CS_PERF_RECORD_CPU_MAP             = 74,
  CS_PERF_RECORD_STAT_CONFIG         = 75,
  CS_PERF_RECORD_STAT                = 76,
  CS_PERF_RECORD_STAT_ROUND          = 77,
  CS_PERF_RECORD_EVENT_UPDATE        = 78,
  CS_PERF_RECORD_TIME_CONV           = 79,
  CS_PERF_RECORD_HEADER_FEATURE      = 80,
  CS_PERF_RECORD_COMPRESSED          = 81,
  CS_PERF_RECORD_FINISHED_INIT       = 82,
  CS_PERF_RECORD_COMPRESSED2         = 83,
  CS_PERF_RECORD_TYPE_MAX            = 128,  /* size of CsPerfStats.n_records */
} CsPerfRecordType;

/* Feature bits of the header (perf's HEADER_*). */
typedef enum
{
  CS_PERF_FEAT_TRACING_DATA    = 1,
  CS_PERF_FEAT_BUILD_ID        = 2,
  CS_PERF_FEAT_HOSTNAME        = 3,
  CS_PERF_FEAT_OSRELEASE       = 4,
  CS_PERF_FEAT_VERSION         = 5,
  CS_PERF_FEAT_ARCH            = 6,
  CS_PERF_FEAT_NRCPUS          = 7,
  CS_PERF_FEAT_CPUDESC         = 8,
  CS_PERF_FEAT_CPUID           = 9,
  CS_PERF_FEAT_TOTAL_MEM       = 10,
  CS_PERF_FEAT_CMDLINE         = 11,
  CS_PERF_FEAT_EVENT_DESC      = 12,
  CS_PERF_FEAT_CPU_TOPOLOGY    = 13,
  CS_PERF_FEAT_NUMA_TOPOLOGY   = 14,
  CS_PERF_FEAT_BRANCH_STACK    = 15,
  CS_PERF_FEAT_PMU_MAPPINGS    = 16,
  CS_PERF_FEAT_GROUP_DESC      = 17,
  CS_PERF_FEAT_AUXTRACE        = 18,
  CS_PERF_FEAT_STAT            = 19,
  CS_PERF_FEAT_CACHE           = 20,
  CS_PERF_FEAT_SAMPLE_TIME     = 21,
  CS_PERF_FEAT_MEM_TOPOLOGY    = 22,
  CS_PERF_FEAT_CLOCKID         = 23,
  CS_PERF_FEAT_DIR_FORMAT      = 24,
  CS_PERF_FEAT_BPF_PROG_INFO   = 25,
  CS_PERF_FEAT_BPF_BTF         = 26,
  CS_PERF_FEAT_COMPRESSED      = 27,
  CS_PERF_FEAT_CPU_PMU_CAPS    = 28,
  CS_PERF_FEAT_CLOCK_DATA      = 29,
  CS_PERF_FEAT_HYBRID_TOPOLOGY = 30,
  CS_PERF_FEAT_PMU_CAPS        = 31,
  CS_PERF_FEAT_MAX             = 256,
} CsPerfFeature;

/* Bits of CsPerfEventAttr.flags (the bitfield word of perf_event_attr). */
#define CS_PERF_ATTR_DISABLED       (G_GUINT64_CONSTANT (1) << 0)
#define CS_PERF_ATTR_INHERIT        (G_GUINT64_CONSTANT (1) << 1)
#define CS_PERF_ATTR_EXCLUDE_USER   (G_GUINT64_CONSTANT (1) << 4)
#define CS_PERF_ATTR_EXCLUDE_KERNEL (G_GUINT64_CONSTANT (1) << 5)
#define CS_PERF_ATTR_MMAP           (G_GUINT64_CONSTANT (1) << 8)
#define CS_PERF_ATTR_COMM           (G_GUINT64_CONSTANT (1) << 9)
#define CS_PERF_ATTR_FREQ           (G_GUINT64_CONSTANT (1) << 10)
#define CS_PERF_ATTR_PRECISE_IP(f)  (((f) >> 15) & 3)
#define CS_PERF_ATTR_MMAP_DATA      (G_GUINT64_CONSTANT (1) << 17)
#define CS_PERF_ATTR_SAMPLE_ID_ALL  (G_GUINT64_CONSTANT (1) << 18)
#define CS_PERF_ATTR_MMAP2          (G_GUINT64_CONSTANT (1) << 23)

/* struct perf_event_attr through PERF_ATTR_SIZE_VER8, in host byte order,
 * with the bitfields as one word so that it does not depend on the
 * installed kernel headers. Fields past the file's attr size are 0. */
typedef struct
{
  guint32 type;
  guint32 size;              /* as recorded in the file */
  guint64 config;
  guint64 sample_period;     /* sample_freq when flags & CS_PERF_ATTR_FREQ */
  guint64 sample_type;       /* PERF_SAMPLE_* */
  guint64 read_format;       /* PERF_FORMAT_* */
  guint64 flags;             /* CS_PERF_ATTR_* */
  guint32 wakeup_events;
  guint32 bp_type;
  guint64 config1;           /* bp_addr */
  guint64 config2;           /* bp_len */
  guint64 branch_sample_type;
  guint64 sample_regs_user;
  guint32 sample_stack_user;
  gint32  clockid;
  guint64 sample_regs_intr;
  guint32 aux_watermark;
  guint16 sample_max_stack;
  guint16 reserved_2;
  guint32 aux_sample_size;
  guint32 reserved_3;
  guint64 sig_data;
  guint64 config3;
} CsPerfEventAttr;

typedef struct
{
  guint            index;    /* position among the file's attrs */
  CsPerfEventAttr  attr;
  char            *name;     /* from EVENT_DESC / EVENT_UPDATE, else derived
                              * from type and config ("cpu-clock", "raw 0x1c2") */
  guint64         *ids;
  guint            n_ids;
} CsPerfAttr;

typedef struct
{
  guint64 value;
  guint64 id;                /* with PERF_FORMAT_ID */
  guint64 lost;              /* with PERF_FORMAT_LOST */
} CsPerfReadValue;

typedef struct
{
  guint64 from;
  guint64 to;
  guint64 flags;             /* struct perf_branch_entry's bitfield word, host layout */
} CsPerfBranchEntry;

typedef struct
{
  guint64        abi;        /* PERF_SAMPLE_REGS_ABI_*; 0: no registers */
  guint64        mask;       /* the attr's sample_regs_user / _intr */
  guint          n_regs;     /* popcount (mask) when abi != 0 */
  const guint64 *regs;       /* in ascending bit order of @mask */
} CsPerfRegs;

/* The fields of a SAMPLE record; @sample_type says which were present
 * (pid, tid, time, id, stream_id and cpu are in CsPerfRecord). */
typedef struct
{
  guint64                  sample_type;
  guint64                  identifier;
  guint64                  ip;
  guint64                  addr;
  guint64                  period;        /* without PERF_SAMPLE_PERIOD: the attr's period, 1 in freq mode */
  /* READ, in either format; for a non-group read @n_values is 1 */
  guint64                  time_enabled;
  guint64                  time_running;
  guint                    n_values;
  const CsPerfReadValue   *values;
  /* CALLCHAIN; entries >= (guint64) -4095 are PERF_CONTEXT_* markers */
  guint64                  n_callchain;
  const guint64           *callchain;
  /* RAW, in the file's byte order */
  guint32                  raw_size;
  const guint8            *raw;
  /* BRANCH_STACK */
  guint64                  n_branches;
  gboolean                 has_branch_hw_idx;
  guint64                  branch_hw_idx;
  const CsPerfBranchEntry *branches;
  CsPerfRegs               regs_user;
  /* STACK_USER: the copied stack bytes and how many of them are valid */
  guint64                  stack_user_size;
  const guint8            *stack_user;
  guint64                  stack_user_dyn_size;
  /* WEIGHT, or WEIGHT_STRUCT's var1_dw (latency) with var2_w / var3_w */
  guint64                  weight;
  guint16                  weight_var2;
  guint16                  weight_var3;
  guint64                  data_src;
  guint64                  transaction;
  CsPerfRegs               regs_intr;
  guint64                  phys_addr;
  guint64                  cgroup;
  guint64                  data_page_size;
  guint64                  code_page_size;
  guint64                  aux_size;
  const guint8            *aux;
} CsPerfSample;

/* MMAP and MMAP2 */
typedef struct
{
  guint32        pid;
  guint32        tid;
  guint64        addr;
  guint64        len;
  guint64        pgoff;
  /* MMAP2 only */
  guint32        maj;
  guint32        min;
  guint64        ino;
  guint64        ino_generation;
  guint32        prot;
  guint32        flags;
  /* MMAP2 with PERF_RECORD_MISC_MMAP_BUILD_ID: maj..ino_generation are 0 */
  guint8         build_id_size;
  const guint8  *build_id;
  const char    *filename;  /* NUL-terminated */
} CsPerfMmap;

typedef struct
{
  guint32     pid;
  guint32     tid;
  gboolean    exec;        /* PERF_RECORD_MISC_COMM_EXEC */
  const char *comm;
} CsPerfComm;

/* FORK and EXIT */
typedef struct
{
  guint32 pid;
  guint32 ppid;
  guint32 tid;
  guint32 ptid;
  guint64 time;
} CsPerfTask;

/* LOST (@id and @lost) and LOST_SAMPLES (@lost) */
typedef struct
{
  guint64 id;
  guint64 lost;
} CsPerfLost;

/* THROTTLE and UNTHROTTLE */
typedef struct
{
  guint64 time;
  guint64 id;
  guint64 stream_id;
} CsPerfThrottle;

/* SWITCH and SWITCH_CPU_WIDE */
typedef struct
{
  gboolean out;            /* PERF_RECORD_MISC_SWITCH_OUT */
  guint32  next_prev_pid;  /* SWITCH_CPU_WIDE only */
  guint32  next_prev_tid;
} CsPerfSwitch;

typedef struct
{
  guint64     addr;
  guint32     len;
  guint16     ksym_type;
  guint16     flags;
  const char *name;
} CsPerfKsymbol;

#define CS_PERF_NO_TIME G_MAXUINT64
/* CsPerfBrief.cpu of a sample without PERF_SAMPLE_CPU (perf's -1) */
#define CS_PERF_NO_CPU  G_MAXUINT32

typedef struct
{
  guint32           type;        /* CsPerfRecordType (or an unknown value) */
  guint16           misc;
  guint16           size;        /* bytes, header included */
  /* Byte offset of the record in the file; for a record that came out of a
   * COMPRESSED record, the offset of that COMPRESSED record. */
  guint64           offset;
  gboolean          compressed;  /* came out of a COMPRESSED record */
  const guint8     *data;        /* the @size record bytes, file byte order */
  /* The attr a SAMPLE belongs to (samples of no known attr are skipped and
   * counted in CsPerfStats.n_unknown_id), or whose sample id another kernel
   * record carries (the first attr when that id is unknown); HEADER_ATTR: the
   * attr it defined. NULL for perf's synthesized records. */
  const CsPerfAttr *attr;
  /* Sample id: from the SAMPLE itself or from the sample_id_all trailer.
   * @id_fields holds the PERF_SAMPLE_* bits (TID, TIME, ID, STREAM_ID, CPU,
   * IDENTIFIER) that were present; @time is CS_PERF_NO_TIME without one. */
  guint64           id_fields;
  guint32           pid;
  guint32           tid;
  guint64           time;
  guint64           id;
  guint64           stream_id;
  guint32           cpu;
  union {
    CsPerfSample   sample;
    CsPerfMmap     mmap;
    CsPerfComm     comm;
    CsPerfTask     task;
    CsPerfLost     lost;
    CsPerfThrottle throttle;
    CsPerfSwitch   cswitch;
    CsPerfKsymbol  ksymbol;
  };
} CsPerfRecord;

typedef struct
{
  guint32  level;
  guint32  line_size;
  guint32  sets;
  guint32  ways;
  char    *type;     /* "Data", "Instruction", "Unified" */
  char    *size;     /* "32K" */
  char    *map;      /* CPU list sharing it */
} CsPerfCache;

typedef struct
{
  guint32  type;     /* perf_event_attr.type of that PMU */
  char    *name;
} CsPerfPmuMapping;

typedef struct
{
  gint32   pid;      /* -1 for the kernel */
  guint16  misc;     /* cpu mode in misc & 7 */
  guint8   size;     /* bytes of @build_id in use */
  guint8   build_id[20];
  char    *filename;
} CsPerfBuildId;

typedef struct
{
  guint32  node;
  guint64  mem_total_kb;
  guint64  mem_free_kb;
  char    *cpus;     /* CPU list, e.g. "0-3" */
} CsPerfNumaNode;

/* The file header and its feature sections (in pipe mode: the HEADER_ATTR
 * and HEADER_FEATURE records at the start of the stream). Strings are NULL
 * when the feature is absent. */
typedef struct
{
  gboolean    pipe_mode;
  gboolean    swapped;            /* recorded on a machine of the other byte order */
  guint64     features[4];        /* bitmap of CsPerfFeature */
  guint64     data_offset;
  guint64     data_size;          /* as the header says */
  char       *hostname;
  char       *osrelease;
  char       *version;            /* perf version */
  char       *arch;
  guint32     nr_cpus_available;
  guint32     nr_cpus_online;
  char       *cpudesc;
  char       *cpuid;
  guint64     total_mem_kb;
  char      **cmdline;            /* NULL-terminated */
  GPtrArray  *caches;             /* CsPerfCache* */
  GPtrArray  *pmu_mappings;       /* CsPerfPmuMapping* */
  GPtrArray  *build_ids;          /* CsPerfBuildId* (feature and HEADER_BUILD_ID records) */
  GPtrArray  *numa_nodes;         /* CsPerfNumaNode* */
  guint64     first_sample_time;  /* SAMPLE_TIME; 0 when absent */
  guint64     last_sample_time;
  guint64     clockid_res_ns;     /* CLOCKID */
  /* COMPRESSED: type 1 is zstd */
  guint32     comp_version;
  guint32     comp_type;
  guint32     comp_level;
  guint32     comp_ratio;
  guint32     comp_mmap_len;
} CsPerfInfo;

typedef struct
{
  guint64 n_records[CS_PERF_RECORD_TYPE_MAX];  /* by type, as read; [0]: types >= 128 */
  guint64 n_lost;              /* sum of LOST.lost: events the kernel dropped */
  guint64 n_lost_samples;      /* sum of LOST_SAMPLES.lost */
  guint64 n_unknown_id;        /* samples whose id maps to no attr (not delivered) */
  guint64 n_out_of_order;      /* timed records older than what was already delivered */
  guint64 n_compressed_bytes;  /* bytes of COMPRESSED payload inflated */
} CsPerfStats;

typedef struct _CsPerfReader CsPerfReader;

/* Return FALSE to stop the loop early (cs_perf_reader_foreach then returns TRUE). */
typedef gboolean (*CsPerfRecordFunc) (const CsPerfRecord *record,
                                      gpointer            user_data);

/* Maps @path (a pipe or other unmappable file is read into memory instead)
 * and reads its header, attrs and features. */
CsPerfReader       *cs_perf_reader_new             (const char          *path,
                                                    GError             **error);
/* Reads from memory (the fuzzer, tests). @name is used in error messages. */
CsPerfReader       *cs_perf_reader_new_from_bytes  (GBytes              *bytes,
                                                    const char          *name,
                                                    GError             **error);
void                cs_perf_reader_free            (CsPerfReader        *self);

const CsPerfInfo   *cs_perf_reader_get_info        (CsPerfReader        *self);
guint               cs_perf_reader_get_n_attrs     (CsPerfReader        *self);
const CsPerfAttr   *cs_perf_reader_get_attr        (CsPerfReader        *self,
                                                    guint                index);
const CsPerfAttr   *cs_perf_reader_find_attr       (CsPerfReader        *self,
                                                    guint64              id);
/* Problems that did not stop reading (a damaged feature section, …). */
const char * const *cs_perf_reader_get_warnings    (CsPerfReader        *self);
const CsPerfStats  *cs_perf_reader_get_stats       (CsPerfReader        *self);

/* Time order (default) or file order; set before the first record. */
void                cs_perf_reader_set_ordered     (CsPerfReader        *self,
                                                    gboolean             ordered);
/* Checked every few thousand records; a cancelled read fails with
 * CS_DATA_ERROR_CANCELLED. */
void                cs_perf_reader_set_cancellable (CsPerfReader        *self,
                                                    GCancellable        *cancellable);
/* TRUE and *@record set for each record; FALSE at the end (no error) or on
 * an error. *@record is valid until the next call. */
gboolean            cs_perf_reader_next            (CsPerfReader        *self,
                                                    const CsPerfRecord **record,
                                                    GError             **error);
/* Calls @func for every remaining record. */
gboolean            cs_perf_reader_foreach         (CsPerfReader        *self,
                                                    CsPerfRecordFunc     func,
                                                    gpointer             user_data,
                                                    GError             **error);
/* Starts again at the first record (statistics are reset). */
void                cs_perf_reader_rewind          (CsPerfReader        *self);
/* Bytes of the data stream consumed so far, of @total; for a progress bar. */
void                cs_perf_reader_get_progress    (CsPerfReader        *self,
                                                    guint64             *done,
                                                    guint64             *total);

gboolean            cs_perf_info_has_feature       (const CsPerfInfo    *info,
                                                    CsPerfFeature        feature);
/* "SAMPLE", "MMAP2", …; NULL for an unknown type. */
const char         *cs_perf_record_type_name       (guint32              type);

/* What aggregating samples needs of a SAMPLE record. */
typedef struct
{
  guint64 ip;
  guint64 period;     /* as CsPerfSample.period */
  guint32 pid;
  guint32 tid;
  guint32 attr;       /* CsPerfAttr.index of the sample's attr */
  guint16 misc;       /* the record's misc: cpu mode in misc & 7 */
  guint16 reserved;
  guint64 time;       /* PERF_SAMPLE_TIME, 0 without one (as perf reads it) */
  guint32 cpu;        /* PERF_SAMPLE_CPU, CS_PERF_NO_CPU without one */
  guint32 reserved2;
  /* PERF_SAMPLE_CALLCHAIN as in CsPerfSample (markers included); NULL and
   * 0 without one. Valid until the callback returns. */
  const guint64 *callchain;
  guint64        n_callchain;
  /* PERF_SAMPLE_REGS_USER and STACK_USER (DWARF call graphs): the user
   * registers (@regs_abi 0: none; in ascending bit order of @regs_mask)
   * and the copy of the user stack from the sampled stack pointer up
   * (@stack_size valid bytes: the kernel's dyn_size). Valid like
   * @callchain; cs_perf_reader_is_mapped() says whether they stay valid
   * longer. */
  guint64        regs_abi;
  guint64        regs_mask;
  const guint64 *regs;
  const guint8  *stack;
  guint64        stack_size;
} CsPerfBrief;

/* Called with up to a few hundred samples at a time. */
typedef void (*CsPerfBriefFunc) (const CsPerfBrief *samples,
                                 guint              n_samples,
                                 gpointer           user_data);

/* cs_perf_reader_foreach for aggregation, several times faster: SAMPLE
 * records go to @sample_func in batches, in brief form; every other record
 * goes to @func as a CsPerfRecord (returning FALSE stops). Every record
 * other than a SAMPLE or FINISHED_ROUND comes in the same order as
 * cs_perf_reader_foreach gives it, and each sample comes between the same
 * two of those records as there; only the order of the samples among
 * themselves in such a stretch may differ (they see the same address space
 * either way, which is what lets long stretches of samples skip the
 * ordering queue). Errors are the same as cs_perf_reader_foreach's.
 * CsPerfStats.n_out_of_order is not counted. Set ordered to FALSE for plain
 * file order. */
gboolean            cs_perf_reader_foreach_brief   (CsPerfReader        *self,
                                                    CsPerfRecordFunc     func,
                                                    CsPerfBriefFunc      sample_func,
                                                    gpointer             user_data,
                                                    GError             **error);

/* TRUE when the @len bytes at @p lie in the file's own bytes, which stay
 * valid as long as the reader (unlike an inflated or byte-swapped copy,
 * valid until the next record): a caller may keep such a pointer instead
 * of copying what it points to. */
gboolean            cs_perf_reader_is_mapped       (CsPerfReader        *self,
                                                    gconstpointer        p,
                                                    gsize                len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsPerfReader, cs_perf_reader_free)

G_END_DECLS
