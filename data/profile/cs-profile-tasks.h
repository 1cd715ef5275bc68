/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-tasks.h — the processes and threads of a recording
 *
 * From the side-band records: COMM names a thread (and renames it: prctl,
 * exec), FORK starts one, EXIT ends it. A task is one thread over its
 * lifetime, named as perf names it in `--sort pid`: by its last COMM
 * (else the name it inherited at FORK, else ":TID"). A thread id the
 * kernel reused after an EXIT is a new task.
 *
 * Marks are the records that say samples are missing: LOST (the ring
 * buffer was full), LOST_SAMPLES, THROTTLE and UNTHROTTLE (the kernel
 * lowered the sample rate), with their time and CPU when the recording
 * has sample_id_all.
 */
#pragma once

#include "cs-profile.h"

G_BEGIN_DECLS

typedef struct
{
  guint       index;
  gint32      pid;
  gint32      tid;
  const char *comm;          /* last name; ":TID" when none was recorded */
  guint64     start;         /* FORK time, else when it was first seen; 0: unknown */
  guint64     end;           /* EXIT time, else when it was last seen */
  gboolean    exited;        /* an EXIT record ended it */
  guint64     n_samples;     /* every event */
  guint64     first_sample;  /* time of its first and last sample; 0 without */
  guint64     last_sample;
} CsProfileTask;

typedef struct
{
  guint         index;
  gint32        pid;
  const char   *comm;        /* the name of its main thread (tid = pid), else of its first */
  guint64       start;
  guint64       end;
  guint64       n_samples;
  guint         n_tasks;
  const guint  *tasks;       /* cs_profile_get_task() indices, main thread first */
} CsProfileProcess;

typedef enum
{
  CS_PROFILE_MARK_LOST,           /* @count events dropped (LOST) */
  CS_PROFILE_MARK_LOST_SAMPLES,   /* @count samples dropped (LOST_SAMPLES) */
  CS_PROFILE_MARK_THROTTLE,       /* sampling paused for too many interrupts */
  CS_PROFILE_MARK_UNTHROTTLE,
} CsProfileMarkKind;

typedef struct
{
  guint64 time;              /* 0 when the record carries none */
  guint64 count;
  guint32 kind;              /* CsProfileMarkKind */
  guint32 cpu;               /* G_MAXUINT32 when unknown */
  gint32  tid;               /* -1 when unknown */
  guint32 reserved;
} CsProfileMark;

/* Every task seen (also those without samples), in the order seen. */
guint                    cs_profile_get_n_tasks      (CsProfile *self);
const CsProfileTask     *cs_profile_get_task         (CsProfile *self,
                                                      guint      index);
/* Processes with samples, most samples first. */
guint                    cs_profile_get_n_processes  (CsProfile *self);
const CsProfileProcess  *cs_profile_get_process      (CsProfile *self,
                                                      guint      index);
/* Marks in time order. */
const CsProfileMark     *cs_profile_get_marks        (CsProfile *self,
                                                      guint     *n_marks);

G_END_DECLS
