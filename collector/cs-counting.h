/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-counting.h — one counting run of the target program
 *
 * Each group is opened on the waiting child (leader disabled, enable_on_exec,
 * inherit to all threads and children) and read with PERF_FORMAT_GROUP once
 * the program has exited. Groups passed together run at the same time: one
 * group is the default `--mode runs`; all groups at once is `--mode multiplex`,
 * where the kernel rotates them and time_running < time_enabled says by how
 * much. Values are stored raw; scaling is the session's job.
 */
#pragma once

#include <gio/gio.h>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct
{
  char                   *name;   /* alias, e.g. "cycles", or the event as given */
  char                   *event;  /* event string as requested */
  char                   *fstr;   /* fully qualified string, may be NULL */
  struct perf_event_attr  attr;   /* as encoded; read_format, disabled, inherit
                                   * and enable_on_exec are set by the run */
} CsCountingEvent;

typedef struct
{
  char      *label;               /* planner label, e.g. "g1" */
  GPtrArray *events;              /* CsCountingEvent*; the first leads the group */
} CsCountingGroup;

typedef struct
{
  char    *group;
  char    *name;
  char    *event;
  char    *fstr;
  guint64  value;
  guint64  time_enabled;          /* ns, including inherited threads/children */
  guint64  time_running;          /* ns; 0: the kernel never scheduled the group */
} CsCountingValue;

typedef struct
{
  int            wait_status;     /* as waitpid(2) */
  struct rusage  usage;           /* the program and the children it waited for */
  double         wall_seconds;    /* exec to exit */
  gboolean       interrupted;     /* cancelled: the program was killed, values partial */
  GArray        *values;          /* CsCountingValue, in group and event order */
} CsCountingResult;

CsCountingEvent  *cs_counting_event_new    (const char                   *name,
                                            const char                   *event,
                                            const char                   *fstr,
                                            const struct perf_event_attr *attr);
void              cs_counting_event_free   (CsCountingEvent   *event);

CsCountingGroup  *cs_counting_group_new    (const char        *label);
/* Takes ownership of @event. */
void              cs_counting_group_add    (CsCountingGroup   *group,
                                            CsCountingEvent   *event);
void              cs_counting_group_free   (CsCountingGroup   *group);

/* Starts @argv (cs_launcher: PATH search, never a shell), counts @groups
 * (CsCountingGroup*) on it and its threads and children, waits and reads.
 * Errors (program missing, perf_event_open refused) come before the program
 * runs. When @cancellable fires the program is killed and the partial values
 * are returned with interrupted = TRUE. */
CsCountingResult *cs_counting_run          (const char * const *argv,
                                            const char         *cwd,
                                            const char * const *envp,
                                            GPtrArray          *groups,
                                            GCancellable       *cancellable,
                                            GError            **error);
void              cs_counting_result_free  (CsCountingResult  *result);

/* The groups of a run opened on a waiting child (cs_launcher), for runs that
 * do more than count: the sampling run counts and samples in one run when the
 * plan allows it. Read once the program has exited. */
typedef struct _CsCountingSet CsCountingSet;

/* Refs @groups. Errors when perf_event_open refuses an event, naming it. */
CsCountingSet    *cs_counting_set_open     (GPtrArray         *groups,
                                            pid_t              pid,
                                            GError           **error);
/* Enables the groups of a set opened on a running process (cs-attach-run.c),
 * which never execs to enable them. */
gboolean          cs_counting_set_enable   (CsCountingSet     *set,
                                            GError           **error);
/* Appends a CsCountingValue per event to @values (from cs_counting_values_new). */
gboolean          cs_counting_set_read     (CsCountingSet     *set,
                                            GArray            *values,
                                            GError           **error);
void              cs_counting_set_free     (CsCountingSet     *set);
/* An empty array of CsCountingValue that frees its members. */
GArray           *cs_counting_values_new   (void);
/* The value of event @name (first match), or NULL. */
const CsCountingValue *cs_counting_result_lookup (const CsCountingResult *result,
                                                  const char             *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsCountingEvent, cs_counting_event_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsCountingGroup, cs_counting_group_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsCountingResult, cs_counting_result_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsCountingSet, cs_counting_set_free)

G_END_DECLS
