/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-record.h — what the recording tests share (header only)
 *
 * argv[1] of each test program is the cs-test-workload program, argv[2] the
 * cyclescope binary (tests/meson.build passes both).
 */
#pragma once

#include "cs-record.h"
#include "cs-session.h"
#include "cs-test-util.h"

static const char *workload;
static const char *cyclescope;

/* Sets workload and cyclescope from argv. g_test_trap_subprocess() re-runs
 * the program without its arguments: they reach the subprocess through the
 * environment. */
static inline void
cs_test_record_init (int    argc,
                     char **argv)
{
  if (argc >= 3)
    {
      g_setenv ("CS_TEST_RECORD_WORKLOAD", argv[1], TRUE);
      g_setenv ("CS_TEST_RECORD_CYCLESCOPE", argv[2], TRUE);
    }
  workload = g_getenv ("CS_TEST_RECORD_WORKLOAD");
  cyclescope = g_getenv ("CS_TEST_RECORD_CYCLESCOPE");
  g_assert_nonnull (workload);
  g_assert_nonnull (cyclescope);
}

static inline const CsCount *
find_count (const CsRun *run,
            const char  *name)
{
  for (guint i = 0; i < run->counts->len; i++)
    {
      const CsCount *c = &g_array_index (run->counts, CsCount, i);
      if (g_strcmp0 (c->name, name) == 0)
        return c;
    }
  return NULL;
}

static inline CsRecordOptions *
options_for (const char * const *argv,
             const char         *bundle)
{
  CsRecordOptions *options = cs_record_options_new ();

  options->argv = g_strdupv ((char **) argv);
  options->output = g_strdup (bundle);
  options->repeat = 1;
  return options;
}

typedef struct
{
  guint started;
  guint finished;
  guint last_run;
  guint n_runs;
  GThread *thread;
  gboolean wrong_thread;
} ProgressLog;

static inline void
log_progress (const CsRecordProgress *p,
              gpointer                user_data)
{
  ProgressLog *log = user_data;

  if (log->thread != NULL && g_thread_self () != log->thread)
    log->wrong_thread = TRUE;
  log->n_runs = p->n_runs;
  if (!p->finished)
    {
      /* Runs are announced in order, each once. */
      g_assert_cmpuint (p->run, ==, log->last_run + 1);
      log->started++;
      log->last_run = p->run;
    }
  else
    {
      g_assert_cmpuint (p->run, ==, log->last_run);
      g_assert_nonnull (p->outcome);
      log->finished++;
    }
}
