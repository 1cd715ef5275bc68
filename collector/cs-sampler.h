/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sampler.h — a sampling run on a waiting child
 *
 * Opens the sampling events on the child's pid before it execs
 * (enable_on_exec, inherit to every thread and child process) and copies the
 * kernel's records into a CsPerfWriter while the program runs.
 *
 * The kernel refuses to mmap an inherited per-task event (perf_mmap():
 * "Don't allow mmap() of inherited per-task counters"), so, as `perf record`
 * does, each event is opened once per online CPU with pid = child: the first
 * event on a CPU owns that CPU's ring buffer, the others are redirected into
 * it with PERF_EVENT_IOC_SET_OUTPUT.
 *
 * Typical use by the record orchestration:
 *
 *   launcher = cs_launcher_new (argv, …);
 *   sampler = cs_sampler_new (cs_launcher_get_pid (launcher), events, n, &opts, writer, &error);
 *   cs_launcher_start (launcher, &error);
 *   while (!cs_launcher_try_wait (launcher, &status, &usage))
 *     {
 *       cs_sampler_poll (sampler, 100, NULL, &error);
 *       cs_sampler_drain (sampler, &error);
 *     }
 *   cs_sampler_finish (sampler, &stats, &error);
 *   cs_perf_writer_finish (writer, &error);
 */
#pragma once

#include <glib.h>
#include <linux/perf_event.h>
#include <sys/types.h>

#include "cs-perf-writer.h"

G_BEGIN_DECLS

/* The general-purpose x86-64 registers perf samples (its PERF_REGS_MASK):
 * every register up to R15 except DS, ES, FS and GS, which the kernel
 * refuses for 64-bit tasks. */
#define CS_SAMPLER_REGS_USER_MASK_X86_64 G_GUINT64_CONSTANT (0xff0fff)
/* aarch64: X0 … X28, X29 (fp), LR, SP and PC, perf's PERF_REGS_MASK. */
#define CS_SAMPLER_REGS_USER_MASK_ARM64  G_GUINT64_CONSTANT (0x1ffffffff)

/* --call-graph dwarf: perf's default stack copy, and the most a sample
 * record (64 KiB with its other fields) can hold, rounded to 8 as perf. */
#define CS_SAMPLER_DEFAULT_STACK_USER 8192
#define CS_SAMPLER_MAX_STACK_USER     65528

/* The sample_type every sampling run records. */
#define CS_SAMPLER_SAMPLE_TYPE (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
                                PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)

typedef struct _CsSampler CsSampler;

/* The online CPUs (int) from /sys ("0-3,6"), falling back to 0..N-1: one
 * ring buffer each, since inherited per-task events cannot be mmapped. */
GArray *cs_sampler_online_cpus (void);

typedef struct
{
  const struct perf_event_attr *attr;  /* e.g. from cs_pfm_encode(); copied */
  const char                   *name;  /* shown in errors and EVENT_DESC */
} CsSamplerEvent;

typedef struct
{
  guint64  frequency;   /* -F HZ; wins over period when both are set */
  guint64  period;      /* -c PERIOD */
  gboolean callchain;   /* -g: PERF_SAMPLE_CALLCHAIN */
  /* --call-graph dwarf[,SIZE]: SIZE bytes of the user stack and the
   * registers that unwind it (REGS_USER, STACK_USER) with each sample, the
   * kernel part as a call chain, as perf records them; 0: none. A multiple
   * of 8, at most CS_SAMPLER_MAX_STACK_USER. */
  guint32  stack_user;
  gboolean user_regs;   /* --regs: PERF_SAMPLE_REGS_USER, all general registers */
  guint    n_pages;     /* data pages per CPU buffer, a power of two; 0: 128 */
} CsSamplerOptions;

typedef struct
{
  guint64 n_samples;       /* PERF_RECORD_SAMPLE records written */
  guint64 n_lost;          /* samples the kernel dropped (buffer full) */
  guint64 n_lost_records;  /* PERF_RECORD_LOST records */
  guint64 n_throttle;      /* times the kernel throttled the sampling rate */
  guint64 n_records;       /* all records copied */
  guint64 n_bytes;         /* bytes copied */
  guint   n_drains;        /* drains that found records */
  guint   n_cpus;
  guint   n_events;
} CsSamplerStats;

/* No frequency or period in options nor in the attr: this many samples per
 * second. */
#define CS_SAMPLER_DEFAULT_FREQUENCY 1000

/* Opens @n_events events on @pid (a child that has not exec'd yet) on every
 * online CPU and maps their buffers. The attrs get the sampling fields set
 * here (sample_type, freq/period, disabled + enable_on_exec, inherit,
 * sample_id_all, watermark; mmap2/comm/task on the first event) and are
 * declared to @writer with their ids; @writer must not have records yet and
 * must outlive the sampler. Errors name the event (CS_COLLECTOR_ERROR_*). */
CsSampler  *cs_sampler_new        (pid_t                    pid,
                                   const CsSamplerEvent    *events,
                                   guint                    n_events,
                                   const CsSamplerOptions  *options,
                                   CsPerfWriter            *writer,
                                   GError                 **error);
/* The same in steps, for processes that already run (cs-attach-run.c):
 * prepare, open the events on every thread (@attach: they are not
 * enabled on exec), declare them to the writer once all are open (the
 * writer takes no new ids after its first record), write what already
 * exists (cs-proc-synth.h), then enable. cs_sampler_new() is
 * prepare + open_task + declare. */
CsSampler  *cs_sampler_prepare    (const CsSamplerEvent    *events,
                                   guint                    n_events,
                                   const CsSamplerOptions  *options,
                                   gboolean                 attach,
                                   CsPerfWriter            *writer,
                                   GError                 **error);
gboolean    cs_sampler_open_task  (CsSampler               *self,
                                   pid_t                    tid,
                                   GError                 **error);
gboolean    cs_sampler_declare    (CsSampler               *self,
                                   GError                 **error);
gboolean    cs_sampler_enable     (CsSampler               *self,
                                   GError                 **error);
/* The fds that own ring buffers (for poll() or g_unix_fd_add()). */
const int  *cs_sampler_get_fds    (CsSampler               *self,
                                   guint                   *n_fds);
/* Waits up to @timeout_ms for a buffer to pass its wakeup watermark.
 * @hung_up (nullable) becomes TRUE when every buffer's events are gone: the
 * program and all its descendants exited. */
gboolean    cs_sampler_poll       (CsSampler               *self,
                                   int                      timeout_ms,
                                   gboolean                *hung_up,
                                   GError                 **error);
/* Copies every buffer's records to the writer, then a FINISHED_ROUND if
 * anything was copied. Cheap when there is nothing (no system call). */
gboolean    cs_sampler_drain      (CsSampler               *self,
                                   GError                 **error);
/* Disables the events, drains what is left, unmaps and closes. @stats
 * (nullable) gets the counts. The writer is not finished here. */
gboolean    cs_sampler_finish     (CsSampler               *self,
                                   CsSamplerStats          *stats,
                                   GError                 **error);
void        cs_sampler_get_stats  (CsSampler               *self,
                                   CsSamplerStats          *stats);
void        cs_sampler_free       (CsSampler               *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsSampler, cs_sampler_free)

G_END_DECLS
