/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-private.h — shared by the cs-perf-*.c files of the reader, not installed */
#pragma once

#include <string.h>
#include <zstd.h>

#include "cs-error.h"
#include "cs-perf-reader.h"

G_BEGIN_DECLS

#define CS_PERF_MAGIC2          G_GUINT64_CONSTANT (0x32454c4946524550)  /* "PERFILE2" */
#define CS_PERF_MAGIC2_SWAPPED  G_GUINT64_CONSTANT (0x50455246494c4532)
#define CS_PERF_MAGIC1          G_GUINT64_CONSTANT (0x454c494646524550)  /* "PERFFILE" */
#define CS_PERF_FILE_HEADER_SIZE 104
#define CS_PERF_PIPE_HEADER_SIZE 16
#define CS_PERF_ATTR_SIZE_VER0  64
#define CS_PERF_ATTR_SIZE_MAX   ((guint32) sizeof (CsPerfEventAttr))

/* Sample type bits (linux/perf_event.h), spelled here so the reader does not
 * depend on how new the installed kernel headers are. */
#define CS_S_IP             (1u << 0)
#define CS_S_TID            (1u << 1)
#define CS_S_TIME           (1u << 2)
#define CS_S_ADDR           (1u << 3)
#define CS_S_READ           (1u << 4)
#define CS_S_CALLCHAIN      (1u << 5)
#define CS_S_ID             (1u << 6)
#define CS_S_CPU            (1u << 7)
#define CS_S_PERIOD         (1u << 8)
#define CS_S_STREAM_ID      (1u << 9)
#define CS_S_RAW            (1u << 10)
#define CS_S_BRANCH_STACK   (1u << 11)
#define CS_S_REGS_USER      (1u << 12)
#define CS_S_STACK_USER     (1u << 13)
#define CS_S_WEIGHT         (1u << 14)
#define CS_S_DATA_SRC       (1u << 15)
#define CS_S_IDENTIFIER     (1u << 16)
#define CS_S_TRANSACTION    (1u << 17)
#define CS_S_REGS_INTR      (1u << 18)
#define CS_S_PHYS_ADDR      (1u << 19)
#define CS_S_AUX            (1u << 20)
#define CS_S_CGROUP         (1u << 21)
#define CS_S_DATA_PAGE_SIZE (1u << 22)
#define CS_S_CODE_PAGE_SIZE (1u << 23)
#define CS_S_WEIGHT_STRUCT  (1u << 24)

#define CS_F_TOTAL_TIME_ENABLED (1u << 0)
#define CS_F_TOTAL_TIME_RUNNING (1u << 1)
#define CS_F_ID                 (1u << 2)
#define CS_F_GROUP              (1u << 3)
#define CS_F_LOST               (1u << 4)

#define CS_BRANCH_SAMPLE_HW_INDEX (1u << 17)

#define CS_MISC_MMAP_BUILD_ID (1u << 14)
#define CS_MISC_COMM_EXEC     (1u << 13)
#define CS_MISC_SWITCH_OUT    (1u << 13)
#define CS_MISC_BUILD_ID_SIZE (1u << 15)

/* Where the bytes of a raw record live. */
typedef struct
{
  const guint8 *data;
  guint32       type;
  guint16       misc;
  guint16       size;
  guint64       offset;      /* file offset (of the COMPRESSED record for inflated ones) */
  gboolean      compressed;
} CsPerfRaw;

/* A timed record waiting in the ordering queue. @where is a map offset, or
 * an arena offset with CS_QUEUE_ARENA set. */
typedef struct
{
  guint64 time;
  guint64 where;
  guint64 offset;
} CsPerfQueued;

#define CS_QUEUE_ARENA (G_GUINT64_CONSTANT (1) << 63)

typedef struct
{
  CsPerfQueued *items;
  guint         len;
  guint         cap;
  guint         head;        /* first entry not delivered yet */
  guint         ready_end;   /* items[head .. ready_end) are sorted and due */
  CsPerfQueued *tmp;         /* merge buffer */
  guint         tmp_cap;
} CsPerfQueue;

struct _CsPerfReader
{
  char         *name;              /* file name for messages */
  GBytes       *bytes;
  const guint8 *base;
  gsize         len;
  gboolean      swapped;

  /* header */
  guint64       attrs_offset;
  guint64       attrs_size;
  guint64       attr_size;
  guint64       data_offset;
  guint64       data_end;          /* clamped to the file */
  gboolean      data_truncated;    /* the header claims more than the file has */
  gboolean      unfinished;        /* data size 0 in the header: read to the end of the file */
  guint64       stream_start;      /* first record */

  CsPerfInfo    info;
  GPtrArray    *attrs;             /* CsPerfAttr* */
  GHashTable   *id_to_attr;        /* guint64* (into attr->ids) -> CsPerfAttr* */
  GPtrArray    *warnings;          /* char*, NULL-terminated */

  /* how to find a record's attr: the layout of the first attr */
  guint64       id_sample_type;
  gboolean      sample_id_all;
  int           sample_id_pos;     /* u64 index of ID in a SAMPLE body, -1: none */
  int           other_id_pos;      /* u64 index of ID counted from a record's end, -1: none */

  /* stream */
  guint64       pos;
  guint64       header_high_water; /* HEADER_* records before this were already applied */
  gboolean      eof;
  GError       *pending_error;
  gboolean      ordered;
  GCancellable *cancellable;
  guint         cancel_tick;

  /* COMPRESSED: one persistent stream for the whole file */
  ZSTD_DStream *zstd;
  const guint8 *zin;
  gsize         zin_len;
  gsize         zin_pos;
  guint64       zin_offset;        /* of the COMPRESSED record being inflated */
  gboolean      inflating;
  guint8       *arena;             /* inflated bytes, and queued records that live there */
  gsize         arena_len;
  gsize         arena_cap;
  gsize         arena_parse;       /* first byte not yet cut into records */
  guint64       arena_skip;        /* payload behind an inflated record still to skip */
  gsize         arena_queued;      /* bytes of queued records living in the arena */
  gsize         zin_produced;      /* bytes inflated from the current COMPRESSED record */

  /* ordering */
  CsPerfQueue   queue;
  guint64       flush_limit;       /* newest time of the previous round */
  guint64       max_time;
  guint64       last_delivered_time;
  gboolean      has_pending;       /* a record to deliver once the due ones are out */
  CsPerfRaw     pending;

  /* output */
  CsPerfRecord  record;
  guint8       *scratch;
  gsize         scratch_cap;
  gsize         scratch_used;
  CsPerfStats   stats;

  /* cs_perf_reader_foreach_brief (cs-perf-brief.c) */
  guint         n_sideband_queued; /* queued records other than SAMPLE */
  GArray       *brief_layouts;     /* CsPerfBriefLayout per attr index */
  guint64       scan_pos;          /* look-ahead: next record header to scan */
  guint64       scan_sideband;     /* first scanned record that is neither SAMPLE nor
                                    * FINISHED_ROUND (G_MAXUINT64: none seen) */
  guint64       scan_rounds[2];    /* FINISHED_ROUNDs found ahead of @pos */
  guint         n_scan_rounds;
};

/* Where the fixed fields of a SAMPLE of one attr are (cs-perf-brief.c). */
typedef struct
{
  gboolean computed;
  gboolean fixed;          /* every field has a fixed size and the file is native */
  guint32  body_size;      /* bytes after the header the fields need */
  gint8    ip, tid, time, period;   /* u64 index in the body, -1: absent */
  gint8    cpu;            /* u64 index of the cpu (and res) word, -1: absent */
  gint8    callchain;      /* u64 index of the call chain's nr, -1: absent */
  /* REGS_USER and STACK_USER after the call chain (no RAW or
   * BRANCH_STACK between): read by parse_tail() */
  gboolean tail;
  gboolean has_regs;
  gboolean has_stack;
  guint    n_regs;
  guint64  regs_mask;
  guint64  default_period; /* without PERIOD: 1 in frequency mode, else the attr's */
} CsPerfBriefLayout;

/* cs-perf-brief-layout.c: fills @l for samples of @attr. */
void _cs_perf_brief_compute_layout (CsPerfReader          *self,
                                    const CsPerfEventAttr *attr,
                                    CsPerfBriefLayout     *l);

/* byte order */
static inline guint16
_cs_perf_u16 (const CsPerfReader *self, const guint8 *p)
{
  guint16 v;
  memcpy (&v, p, sizeof v);
  return self->swapped ? GUINT16_SWAP_LE_BE (v) : v;
}

static inline guint32
_cs_perf_u32 (const CsPerfReader *self, const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, sizeof v);
  return self->swapped ? GUINT32_SWAP_LE_BE (v) : v;
}

static inline guint64
_cs_perf_u64 (const CsPerfReader *self, const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, sizeof v);
  return self->swapped ? GUINT64_SWAP_LE_BE (v) : v;
}

/* Reads a record header; FALSE when its size cannot even hold the header. */
static inline gboolean
_cs_perf_reader_raw_from_bytes (const CsPerfReader *self,
                               const guint8       *p,
                               CsPerfRaw          *raw)
{
  raw->data = p;
  raw->type = _cs_perf_u32 (self, p);
  raw->misc = _cs_perf_u16 (self, p + 4);
  raw->size = _cs_perf_u16 (self, p + 6);
  return raw->size >= 8;
}

/* A bounded cursor over a byte range; a read past the end sets @bad and
 * yields zeros, so decoders check once at the end instead of at every field. */
typedef struct
{
  const CsPerfReader *reader;
  const guint8       *p;
  const guint8       *end;
  gboolean            bad;
} CsPerfCursor;

static inline void
_cs_perf_cursor_init (CsPerfCursor *c, const CsPerfReader *self, const guint8 *p, gsize len)
{
  c->reader = self;
  c->p = p;
  c->end = p + len;
  c->bad = FALSE;
}

static inline gsize
_cs_perf_cursor_left (const CsPerfCursor *c)
{
  return c->bad ? 0 : (gsize) (c->end - c->p);
}

static inline const guint8 *
_cs_perf_cursor_take (CsPerfCursor *c, guint64 n)
{
  const guint8 *p = c->p;

  if (c->bad || n > (guint64) (c->end - c->p))
    {
      c->bad = TRUE;
      return NULL;
    }
  c->p += n;
  return p;
}

static inline guint64
_cs_perf_cursor_u64 (CsPerfCursor *c)
{
  const guint8 *p = _cs_perf_cursor_take (c, 8);
  return p ? _cs_perf_u64 (c->reader, p) : 0;
}

static inline guint32
_cs_perf_cursor_u32 (CsPerfCursor *c)
{
  const guint8 *p = _cs_perf_cursor_take (c, 4);
  return p ? _cs_perf_u32 (c->reader, p) : 0;
}

static inline guint16
_cs_perf_cursor_u16 (CsPerfCursor *c)
{
  const guint8 *p = _cs_perf_cursor_take (c, 2);
  return p ? _cs_perf_u16 (c->reader, p) : 0;
}

/* cs-perf-swap.c */
guint64           _cs_perf_reader_swap_attr_flags   (guint64              raw);
guint64           _cs_perf_reader_swap_branch_flags (guint64              raw);
void              _cs_perf_reader_attr_decode       (const CsPerfReader  *self,
                                                    const guint8        *p,
                                                    guint32              avail,
                                                    CsPerfEventAttr     *attr);
const guint64    *_cs_perf_reader_u64_array         (CsPerfReader        *self,
                                                    const guint8        *p,
                                                    guint64              n);

/* cs-perf-inflate.c; next_inflated: 1 a record from the arena, 0 this
 * COMPRESSED record is used up, -1 error */
gboolean          _cs_perf_reader_start_inflate     (CsPerfReader        *self,
                                                    const CsPerfRaw     *raw,
                                                    GError             **error);
int               _cs_perf_reader_next_inflated     (CsPerfReader        *self,
                                                    CsPerfRaw           *raw,
                                                    GError             **error);

/* cs-perf-file.c */
gboolean          _cs_perf_reader_corrupt           (CsPerfReader        *self,
                                                    GError             **error,
                                                    guint64              offset,
                                                    const char          *what);
/* The same for the record iterators, which answer 1, 0 or -1: returns -1. */
int               _cs_perf_reader_corrupt_record    (CsPerfReader        *self,
                                                    GError             **error,
                                                    guint64              offset,
                                                    const char          *what);
void              _cs_perf_reader_warn              (CsPerfReader        *self,
                                                    const char          *format,
                                                    ...) G_GNUC_PRINTF (2, 3);
CsPerfAttr       *_cs_perf_reader_add_attr          (CsPerfReader        *self,
                                                    const guint8        *p,
                                                    guint32              avail,
                                                    const guint8        *ids,
                                                    guint64              n_ids);
void              _cs_perf_reader_update_id_layout  (CsPerfReader        *self);
void              _cs_perf_reader_set_attr_name     (CsPerfReader        *self,
                                                    guint64              id,
                                                    const char          *name);
gpointer          _cs_perf_reader_scratch           (CsPerfReader        *self,
                                                    gsize                size);

/* cs-perf-features.c */
void              _cs_perf_reader_parse_feature     (CsPerfReader        *self,
                                                    guint                feature,
                                                    const guint8        *p,
                                                    gsize                len,
                                                    guint64              offset);
void              _cs_perf_reader_add_build_id      (CsPerfReader        *self,
                                                    const guint8        *p,
                                                    gsize                len);
void              _cs_perf_reader_info_init         (CsPerfInfo          *info);
void              _cs_perf_reader_info_clear        (CsPerfInfo          *info);

/* cs-perf-queue.c */
void                _cs_perf_queue_reset            (CsPerfQueue         *q);
void                _cs_perf_queue_clear            (CsPerfQueue         *q);
void                _cs_perf_queue_push             (CsPerfQueue         *q,
                                                    const CsPerfQueued  *item);
void                _cs_perf_queue_release          (CsPerfQueue         *q,
                                                    guint64              limit);
void                _cs_perf_queue_release_half     (CsPerfQueue         *q);
const CsPerfQueued *_cs_perf_queue_pop              (CsPerfQueue         *q);

/* cs-perf-reader.c */
void              _cs_perf_reader_prescan           (CsPerfReader        *self);
/* Reads the next record and queues, delivers (as pending) or applies it. */
void              _cs_perf_reader_step              (CsPerfReader        *self);
/* What cs_perf_reader_next does with a decoding error: keep it for after
 * the records read before it, stop reading. */
void              _cs_perf_reader_stop_at_error     (CsPerfReader        *self,
                                                    GError              *error);
/* A queued entry back as a raw record. */
void              _cs_perf_reader_raw_from_queued   (CsPerfReader        *self,
                                                    const CsPerfQueued  *q,
                                                    CsPerfRaw           *raw);

/* cs-perf-records.c */
const CsPerfAttr *_cs_perf_reader_attr_for_raw      (CsPerfReader        *self,
                                                    const CsPerfRaw     *raw);
gboolean          _cs_perf_reader_record_time       (CsPerfReader        *self,
                                                    const CsPerfRaw     *raw,
                                                    guint64             *time);
gboolean          _cs_perf_reader_decode            (CsPerfReader        *self,
                                                    const CsPerfRaw     *raw,
                                                    GError             **error);

G_END_DECLS
