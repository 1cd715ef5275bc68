/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-planner.h — splits a model's events into groups the PMU can count at once
 *
 * libpfm4 names and encodes events but does not schedule counters; the kernel
 * does, and a group it cannot schedule silently reads time_running == 0. The
 * planner therefore packs events into groups that fit: at most n_generic
 * general-purpose events, fixed-counter events on their fixed counters, the
 * counter constraints libpfm4 does not check (Core 2's PMC0-only
 * MEM_LOAD_RETIRED, Nehalem's single OFFCORE_RESPONSE MSR), group leaders and
 * Ice Lake's topdown metrics in the slots group. Every group carries the
 * cycles event so that counts from different runs can be normalised
 * (Kruse, CMSSW Performance Monitoring, 2011, §5.1).
 */
#pragma once

#include <glib.h>
#include <linux/perf_event.h>

#include "cs-model.h"
#include "cs-pfm.h"

G_BEGIN_DECLS

typedef enum
{
  CS_PLAN_MODE_RUNS,       /* one run of the program per group */
  CS_PLAN_MODE_MULTIPLEX,  /* one run, all groups at once, the kernel multiplexes */
} CsPlanMode;

typedef enum
{
  CS_COUNTER_GENERIC,      /* a general-purpose counter */
  CS_COUNTER_FIXED,        /* fixed counter @fixed_index */
  CS_COUNTER_METRIC,       /* topdown metric read through the slots group, no counter */
  CS_COUNTER_SOFTWARE,     /* counted by the kernel in software, no counter */
} CsCounterClass;

typedef struct
{
  char                   *alias;
  char                   *event;        /* the spelling that encoded (event or an alternative) */
  char                   *fstr;         /* libpfm4's fully qualified string */
  char                   *constraint;   /* from the model, NULL if none */
  struct perf_event_attr  attr;         /* encoded for user-space counting */
  CsCounterClass          counter;
  int                     fixed_index;  /* -1 unless CS_COUNTER_FIXED */
  gboolean                is_cycles;
} CsPlanEvent;

typedef struct
{
  char      *label;        /* "group 3", "cycles only", translated */
  GPtrArray *events;       /* CsPlanEvent*, the leader first */
  guint      n_generic;    /* general-purpose counters it uses */
  gboolean   cycles_only;  /* the group of the extra cycles runs */
} CsPlanGroup;

typedef struct
{
  GArray   *groups;        /* guint indices into CsPlan.groups, opened together */
  gboolean  cycles_only;   /* added so that cycles is counted @repeat times */
} CsPlanRun;

typedef struct
{
  char *alias;
  char *event;
  char *reason;            /* translated sentence */
} CsPlanDropped;

typedef struct
{
  char       *model;        /* model id, or NULL for an ad-hoc event list */
  char       *pmu;          /* PMU planned for, NULL: no hardware PMU */
  guint       n_generic;
  guint       n_fixed;
  CsPlanMode  mode;
  guint       repeat;       /* asked-for number of cycles counts */
  char       *cycles_alias; /* NULL: no cycles event */
  guint       cycles_runs;  /* runs that count cycles */
  GPtrArray  *groups;       /* CsPlanGroup* */
  GPtrArray  *runs;         /* CsPlanRun*, in execution order */
  GPtrArray  *dropped;      /* CsPlanDropped*: events not planned, and why */
  GPtrArray  *notes;        /* char*: things the user should know (no PMU here, …) */
} CsPlan;

/* Plans @events (array of @n_events pointers) for @pmu (NULL: no hardware
 * PMU; only software events can then be planned). Every event is encoded
 * with cs_pfm_encode_any() in this process's libpfm4 (host or forced PMU):
 * an event that does not encode fails the plan with
 * CS_COLLECTOR_ERROR_UNKNOWN_EVENT. Events whose "pmus" exclude @pmu are
 * dropped with a reason. @cycles_alias (nullable) must name one of @events.
 * @repeat < 1 counts as 1. */
CsPlan     *cs_planner_plan            (const CsModelEvent * const *events,
                                        guint                       n_events,
                                        const char                 *cycles_alias,
                                        const CsPmuInfo            *pmu,
                                        CsPlanMode                  mode,
                                        guint                       repeat,
                                        GError                    **error);
/* The same for a model's events and cycles alias; fails when the model does
 * not apply to @pmu ("perf" when @pmu is NULL). */
CsPlan     *cs_planner_plan_model      (CsModel                    *model,
                                        const CsPmuInfo            *pmu,
                                        CsPlanMode                  mode,
                                        guint                       repeat,
                                        GError                    **error);
void        cs_plan_free               (CsPlan                     *plan);
/* Number of distinct model events planned (cycles once). */
guint       cs_plan_get_n_events       (const CsPlan               *plan);
/* Human-readable plan (PMU, groups with counters, runs, dropped events,
 * notes), translated, ending with a newline. Used by `record --dry-run`,
 * `events --plan` and `build-aux/dev run`. */
char       *cs_plan_format             (const CsPlan               *plan);
/* "runs" / "multiplex"; CS_COLLECTOR_ERROR_FAILED naming the choices otherwise. */
gboolean    cs_plan_mode_from_string   (const char                 *text,
                                        CsPlanMode                 *mode,
                                        GError                    **error);
const char *cs_plan_mode_to_string     (CsPlanMode                  mode);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsPlan, cs_plan_free)

G_END_DECLS
