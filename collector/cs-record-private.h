/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-private.h — shared between cs-record.c and the cs-record-*.c files */
#pragma once

#include <linux/perf_event.h>

#include "cs-attach.h"
#include "cs-counting.h"
#include "cs-perf-hooks.h"
#include "cs-pfm.h"
#include "cs-record.h"
#include "cs-sampling-run.h"

G_BEGIN_DECLS

struct _CsRecorder
{
  GObject           parent_instance;

  CsRecordOptions  *options;
  char             *cwd;            /* absolute; where the program runs */
  char             *program;        /* resolved absolute path of argv[0] */
  char             *bundle_path;    /* absolute */
  CsModel          *model;
  CsPlan           *plan;
  const CsPmuInfo  *pmu;            /* NULL: no usable hardware PMU */
  char             *no_pmu_reason;  /* set when the software model was chosen for that */
  GPtrArray        *notices;        /* char*, NULL-terminated */

  /* The sampled event. */
  char                   *sample_name;   /* perf's spelling, else the model's alias */
  char                   *sample_event;  /* the spelling that encoded */
  char                   *sample_fstr;
  struct perf_event_attr  sample_attr;
  guint64                 frequency;
  guint64                 period;

  gboolean          same_run;       /* sampled in the first counting run */
  GPtrArray        *attach;         /* CsAttachProcess*: -p; NULL: a program is started */

  CsPerfHooks      *hooks;          /* held from setup to finalize */
  gboolean          started;
};

/* cs-record-setup.c */
gboolean  _cs_recorder_setup          (CsRecorder  *self,
                                       GError     **error);
char     *_cs_recorder_sampling_label (CsRecorder  *self);
/* Sets self->same_run (see cs_recorder_get_same_run()). */
void      _cs_recorder_plan_same_run  (CsRecorder  *self);

/* (Re)plans the events for self->options->mode into self->plan. */
gboolean  _cs_recorder_plan_events    (CsRecorder  *self,
                                       GError     **error);

/* cs-record-attach.c: -p's checks (before the model is chosen), its plan
 * (after), how it is described and saved, and the runs that start a
 * program or attach. */
gboolean  _cs_recorder_check_attach    (CsRecorder  *self,
                                        GError     **error);
gboolean  _cs_recorder_plan_attach     (CsRecorder  *self,
                                        GError     **error);
char     *_cs_recorder_describe_attach (CsRecorder  *self);
void      _cs_recorder_session_attach  (CsRecorder  *self,
                                        CsSession   *session);
CsCountingResult *_cs_recorder_count   (CsRecorder          *self,
                                        GPtrArray           *groups,
                                        const char * const  *envp,
                                        GCancellable        *cancellable,
                                        GError             **error);
gboolean  _cs_recorder_sample          (CsRecorder              *self,
                                        const char * const      *envp,
                                        const CsSamplerEvent    *event,
                                        const CsSamplerOptions  *options,
                                        GPtrArray               *groups,
                                        const char              *path,
                                        CsSamplingResult        *result,
                                        GCancellable            *cancellable,
                                        GError                 **error);

/* cs-record-bundle.c: whether @path holds a recording (a session.json);
 * moving an existing bundle at the path aside (NAME.old, as perf does) and
 * creating the directory. */
gboolean  _cs_recorder_is_bundle      (const char  *path);
gboolean  _cs_recorder_prepare_bundle (CsRecorder  *self,
                                       GError     **error);

/* cs-record-kallsyms.c: saves the running kernel's symbols as
 * BUNDLE/sampling-INDEX.kallsyms on a thread; finishing joins it and fills
 * @srun's kallsyms members (a note in @session when it failed), or removes
 * the file when @srun is NULL (the run failed). */
GThread  *_cs_recorder_start_kallsyms_save  (guint          index,
                                             const char    *bundle_path);
void      _cs_recorder_finish_kallsyms_save (GThread       *thread,
                                             CsSession     *session,
                                             CsSamplingRun *srun);

G_END_DECLS
