/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-private.h — what the session's files share (not installed) */
#pragma once

#include "cs-session.h"

G_BEGIN_DECLS

struct _CsSession
{
  GObject     parent_instance;

  char       *bundle_path;

  char       *hostname;
  char       *cpu_model;
  char       *pmu_name;
  char       *pmu_description;
  char       *kernel_release;
  guint       n_cpus;

  GStrv       argv;
  char       *cwd;
  char       *model_id;
  char       *cycles_alias;
  char       *mode;
  GDateTime  *start_time;
  double      duration;
  gboolean    complete;

  GPtrArray  *runs;           /* CsRun* */
  GPtrArray  *sampling_runs;  /* CsSamplingRun* */
  GPtrArray  *notes;          /* char*, NULL-terminated */
  GPtrArray  *warnings;       /* char*, NULL-terminated */
};

extern const char * const cs_session_empty_strv[];

void _cs_run_free          (CsRun         *run);
void _cs_sampling_run_free (CsSamplingRun *run);

G_END_DECLS
