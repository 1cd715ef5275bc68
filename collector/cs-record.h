/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record.h — a whole recording: model, plan, counting and sampling runs, session
 *
 * cs_recorder_new() does everything that can fail without running the
 * program: it chooses the model (the host PMU's, or the software model with a
 * notice when no hardware PMU is usable), encodes and plans every event
 * (an unknown event fails here, naming it and the closest valid names),
 * resolves the program and the bundle path. cs_recorder_run() then runs the
 * program once per planned run, saving the session after every run, so an
 * interrupted or failing recording keeps what it measured (complete=false).
 *
 * Used by `cyclescope record` (synchronously, SIGINT/SIGTERM cancel) and by
 * the viewer's record dialog (cs_recorder_run_async, progress on the caller's
 * main context, a GCancellable for the Cancel button).
 */
#pragma once

#include <gio/gio.h>

#include "cs-model.h"
#include "cs-planner.h"
#include "cs-session.h"

G_BEGIN_DECLS

typedef struct
{
  char       **argv;        /* program and arguments (never run through a shell);
                             * NULL when attaching to @pids */
  GPid        *pids;        /* -p PID[,PID…]: running processes to attach to (all their
                             * threads and the children they start meanwhile); NULL: run argv */
  guint        n_pids;
  double       duration;    /* with pids: --duration SECONDS; 0: until cancelled (Ctrl-C) */
  char        *cwd;         /* NULL: the current directory */
  char        *output;      /* bundle path; NULL: NAME.cyclescope in cwd, NAME from argv[0] */
  char        *model_id;    /* NULL: the model for the host PMU */
  char       **events;      /* -e: extra events counted beside the model's, NULL-terminated */
  CsPlanMode   mode;
  guint        repeat;      /* --repeat: cycles counted in at least this many runs (extra
                             * runs count cycles only); 1: only in the runs the plan needs */
  guint64      frequency;   /* -F HZ; 0 with period 0: the model's period or 1 kHz */
  guint64      period;      /* -c PERIOD */
  gboolean     callchains;  /* -g, --call-graph */
  guint32      stack_user;  /* with callchains: --call-graph dwarf's stack copy in bytes; 0: frame pointers */
  gboolean     user_regs;   /* --regs */
  gboolean     counting;    /* FALSE: --no-counting */
  gboolean     sampling;    /* FALSE: --no-sampling */
  gboolean     separate_sampling; /* --separate-sampling: never sample in a counting run */
  gboolean     regions;     /* --regions: hand the groups to libcyclescope-region */
  guint64      skip_events; /* --skip-events N: regions count after N framework events */
} CsRecordOptions;

/* Defaults: runs mode, repeat 1, counting and sampling on. */
CsRecordOptions *cs_record_options_new  (void);
CsRecordOptions *cs_record_options_copy (const CsRecordOptions *options);
void             cs_record_options_free (CsRecordOptions       *options);

typedef enum
{
  CS_RECORD_RUN_COUNTING,
  CS_RECORD_RUN_SAMPLING,
  CS_RECORD_RUN_COUNTING_SAMPLING,  /* counting and sampling in one run */
} CsRecordRunKind;

typedef struct
{
  guint            run;          /* 1-based */
  guint            n_runs;
  CsRecordRunKind  kind;
  const char      *label;        /* translated: "group 2", "cycles only", "cpu-clock at 1000 Hz" */
  const char      *events;       /* "cycles, instructions, …" */
  gboolean         finished;     /* FALSE when the run starts, TRUE when it ended */
  double           elapsed;      /* seconds since the recording started */
  double           run_seconds;  /* wall time of this run (finished only) */
  const char      *outcome;      /* finished only, translated: "ok", "exit status 3",
                                  * "killed by signal 11 (Segmentation fault)" … */
  const char      *warning;      /* finished only, nullable: e.g. unscheduled events */
} CsRecordProgress;

typedef void (*CsRecordProgressFunc) (const CsRecordProgress *progress,
                                      gpointer                user_data);

#define CS_TYPE_RECORDER (cs_recorder_get_type ())
G_DECLARE_FINAL_TYPE (CsRecorder, cs_recorder, CS, RECORDER, GObject)

/* Everything that can fail before the program runs fails here. */
CsRecorder         *cs_recorder_new             (const CsRecordOptions  *options,
                                                 GError                **error);
CsModel            *cs_recorder_get_model       (CsRecorder             *self);
const CsPlan       *cs_recorder_get_plan        (CsRecorder             *self);  /* NULL with --no-counting */
const char         *cs_recorder_get_bundle_path (CsRecorder             *self);
/* Sentences for the terminal / dialog before recording (the software-model
 * notice, dropped events), translated. */
const char * const *cs_recorder_get_notices     (CsRecorder             *self);
guint               cs_recorder_get_n_runs      (CsRecorder             *self);
/* TRUE when the samples are taken in the first counting run, not in a run
 * of their own: the plan's events fit in one group, the sampled event
 * leaves them their counters, and neither --separate-sampling nor
 * --regions asked otherwise. */
gboolean            cs_recorder_get_same_run    (CsRecorder             *self);
/* The expected wall time of the whole recording, in seconds: the mean run
 * time of the recording already at the bundle path, when it recorded the
 * same command, times cs_recorder_get_n_runs(); when attaching, the
 * duration. NaN when unknown. */
double              cs_recorder_get_expected_seconds (CsRecorder        *self);
/* The sampled event and how, translated ("cpu-clock at 1000 Hz, call chains"). */
char               *cs_recorder_get_sampling_label   (CsRecorder        *self);
/* The plan and the sampling run as text (`record --dry-run`). */
char               *cs_recorder_describe        (CsRecorder             *self);

/* Runs the recording (blocking). Returns the saved session. The program
 * failing (non-zero exit, killed) is recorded, not an error. On
 * cancellation the program is killed, the partial session is saved with
 * complete=false and G_IO_ERROR_CANCELLED is returned; other errors
 * after a run succeeded also save the partial session first. A recorder
 * runs once. With @pids (attaching, cs-attach-run.h) there is one run,
 * and cancelling ends it normally: the processes keep running, the session
 * is saved complete and returned (Ctrl-C is how `record -p` stops). */
CsSession          *cs_recorder_run             (CsRecorder             *self,
                                                 CsRecordProgressFunc    progress,
                                                 gpointer                progress_data,
                                                 GCancellable           *cancellable,
                                                 GError                **error);
/* The same in a worker thread; @progress is called on the thread-default
 * main context of the caller. */
void                cs_recorder_run_async       (CsRecorder             *self,
                                                 CsRecordProgressFunc    progress,
                                                 gpointer                progress_data,
                                                 GDestroyNotify          progress_destroy,
                                                 GCancellable           *cancellable,
                                                 GAsyncReadyCallback     callback,
                                                 gpointer                user_data);
CsSession          *cs_recorder_run_finish      (CsRecorder             *self,
                                                 GAsyncResult           *result,
                                                 GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsRecordOptions, cs_record_options_free)

G_END_DECLS
