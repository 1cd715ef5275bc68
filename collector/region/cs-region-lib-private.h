/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-lib-private.h — what the files of libcyclescope-region share
 *
 * Plain C with libc only: this library is linked into the user's program, so
 * it must not bring GLib (or anything else) along. Every name here is
 * hidden in the shared library and prefixed _cs_region_ in the static one.
 *
 * cs-region-config.c parses CYCLESCOPE_REGIONS (docs/regions.md),
 * cs-region-counters.c opens and reads a thread's counter groups,
 * cs-region.c is the API and the per-thread bookkeeping,
 * cs-region-output.c writes the counts at exit and the marks of a sampling run.
 */
#pragma once

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

#define CS_REGION_HIDDEN __attribute__ ((visibility ("hidden")))

#define CS_REGION_ENV          "CYCLESCOPE_REGIONS"
#define CS_REGION_MAX_GROUPS   64
#define CS_REGION_MAX_EVENTS   128
#define CS_REGION_NAME_CACHE   64     /* per-thread name → id cache, a power of two */
#define CS_REGION_MARKS_BUFFER 1024   /* marks a thread buffers before one write() */

/* exclude bits of an event as the collector passes them */
enum
{
  CS_REGION_EXCLUDE_USER   = 1 << 0,
  CS_REGION_EXCLUDE_KERNEL = 1 << 1,
  CS_REGION_EXCLUDE_HV     = 1 << 2,
  CS_REGION_EXCLUDE_IDLE   = 1 << 3,
  CS_REGION_EXCLUDE_HOST   = 1 << 4,
  CS_REGION_EXCLUDE_GUEST  = 1 << 5,
};

typedef struct
{
  uint32_t type;
  uint64_t config;
  uint64_t config1;
  uint64_t config2;
  uint32_t exclude;
} _CsRegionEvent;

typedef struct
{
  int            n_groups;
  int            group_size[CS_REGION_MAX_GROUPS];
  int            n_events;
  _CsRegionEvent events[CS_REGION_MAX_EVENTS];
  uint64_t       skip;         /* framework events left out at the start */
  int            marks;        /* write enter/leave marks (sampling run) */
  char          *out;          /* output path prefix; ".PID" is appended */
  int            width;        /* words of a snapshot: Σ (2 + group size) */
} _CsRegionConfig;

/* FALSE with a sentence in @err for text that is not the documented form. */
CS_REGION_HIDDEN int  _cs_region_config_parse (const char      *text,
                                               _CsRegionConfig *config,
                                               char            *err,
                                               size_t           err_len);
CS_REGION_HIDDEN void _cs_region_config_clear (_CsRegionConfig *config);

/* A thread's counter groups. A snapshot is, per group, { time_enabled,
 * time_running, value[size] } — the PERF_FORMAT_GROUP read without nr. */
typedef struct
{
  int   *fds;                  /* [n_events], -1 when closed */
  void **pages;                /* [n_events] mmap'ed user pages for rdpmc, or NULL */
  int    rdpmc;                /* every event readable with rdpmc */
} _CsRegionCounters;

/* 0, or the errno of the first event that could not be opened (on the
 * calling thread). */
CS_REGION_HIDDEN int  _cs_region_counters_open  (_CsRegionCounters     *counters,
                                                 const _CsRegionConfig *config);
/* Reads every group into @snap; @own_thread allows rdpmc (only valid on
 * the counted thread itself). A group that cannot be read keeps the
 * values @snap had. */
CS_REGION_HIDDEN void _cs_region_counters_read  (const _CsRegionCounters *counters,
                                                 const _CsRegionConfig   *config,
                                                 int                      own_thread,
                                                 uint64_t                *snap);
CS_REGION_HIDDEN void _cs_region_counters_close (_CsRegionCounters     *counters,
                                                 const _CsRegionConfig *config);

typedef struct
{
  uint64_t time;               /* CLOCK_MONOTONIC ns (the sampling run's perf clock) */
  uint32_t region;             /* innermost region after the change, 0: none */
  uint32_t depth;              /* regions open after the change */
} _CsRegionMark;

typedef struct _CsRegionThread _CsRegionThread;
struct _CsRegionThread
{
  _CsRegionThread  *next;
  pthread_mutex_t   lock;
  pid_t             tid;
  char              comm[17];
  int               closed;       /* ended, or the process is exiting */
  int               opened;       /* counters opened (or tried) */
  int               open_errno;
  _CsRegionCounters counters;
  uint64_t         *last;         /* [width] snapshot at the last change */
  uint64_t         *now;          /* [width] scratch */
  uint32_t          depth;
  uint32_t          stack_cap;
  uint32_t         *stack_ids;    /* [stack_cap] */
  uint64_t         *stack_entry;  /* [stack_cap * width] snapshot at entry */
  uint32_t          n_acc;        /* regions (ids) with room in acc */
  uint64_t         *acc;          /* [n_acc * stride]: calls, active, excl[width], incl[width] */
  /* @name as passed, its copy in the process's table (never moved or
   * freed), its id */
  struct { const char *ptr; const char *copy; uint32_t id; } cache[CS_REGION_NAME_CACHE];
  uint32_t          n_marks;
  _CsRegionMark    *marks;        /* [CS_REGION_MARKS_BUFFER] */
  uint64_t          unmatched;    /* cs_region_end() with no region open */
};

/* The process-wide state (cs-region.c). */
typedef struct
{
  _CsRegionConfig   config;
  pthread_mutex_t   lock;         /* threads, names, output files */
  _CsRegionThread  *threads;
  char            **names;        /* [n_names], id = index + 1 */
  uint32_t          n_names;
  uint32_t          names_cap;
  uint32_t         *slots;        /* open addressing: id, 0 = empty */
  uint32_t          n_slots;
  uint64_t          events_done;  /* atomic */
  int               active;       /* atomic: events_done reached config.skip */
  int               marks_fd;     /* -1 until the first mark */
  pid_t             marks_pid;    /* the process marks_fd was opened by */
} _CsRegionState;

CS_REGION_HIDDEN extern _CsRegionState _cs_region_state;

static inline uint32_t
_cs_region_stride (const _CsRegionConfig *config)
{
  return 2 + 2 * (uint32_t) config->width;
}

/* cs-region-output.c */
/* Writes OUT.PID (through OUT.PID.tmp, renamed) with the counts of
 * @threads and the threads after it in the list — closed ones, which no
 * longer change (a thread that starts meanwhile is put before it). */
CS_REGION_HIDDEN void _cs_region_output_counts (_CsRegionState  *state,
                                                _CsRegionThread *threads,
                                                pid_t            pid);
/* The marks file OUT.PID: opened on first use; NAME and MARKS records are
 * each one write() to an O_APPEND file, so threads never interleave inside
 * one. _name is called with state->lock held, _marks and _end without. */
CS_REGION_HIDDEN void _cs_region_output_name   (_CsRegionState *state,
                                                uint32_t        id,
                                                const char     *name);
CS_REGION_HIDDEN void _cs_region_output_marks  (_CsRegionState *state,
                                                _CsRegionThread *thread);
CS_REGION_HIDDEN void _cs_region_output_end    (_CsRegionState *state);
