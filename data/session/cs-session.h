/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session.h — one recording: host, command, model, runs, samples
 *
 * Stored as a directory bundle NAME.cyclescope/ holding session.json and one
 * perf.data per sampling run (docs/session-format.md). A session also opens
 * from a plain perf.data file; it then has one sampling run and no counts.
 */
#pragma once

#include <glib-object.h>

#include "cs-counts.h"

G_BEGIN_DECLS

#define CS_SESSION_FORMAT_VERSION 1

typedef struct
{
  char    *name;          /* model alias, or the event string the user gave */
  char    *event;         /* libpfm4 string as requested */
  char    *fstr;          /* fully-qualified libpfm4 string, NULL if unknown */
  guint64  value;         /* raw count as read */
  guint64  time_enabled;  /* ns */
  guint64  time_running;  /* ns; 0 means the kernel never scheduled it */
} CsCount;

/* One thread's share of a region (libcyclescope-region counts per thread). */
typedef struct
{
  gint64   pid;           /* process of the thread */
  gint64   tid;
  char    *comm;          /* thread name when it ended, NULL if unknown */
  guint64  calls;
  GArray  *counts;        /* CsCount: exclusive, as CsRegion.counts */
  GArray  *inclusive;     /* CsCount: as CsRegion.inclusive */
} CsThreadCounts;

typedef struct
{
  char   *name;           /* region (framework module) name */
  guint64 calls;          /* how many times the region was entered */
  GArray *counts;         /* CsCount: exclusive — the region's own, without
                           * the regions entered inside it */
  /* Appended (regions, issue 15). */
  GArray *inclusive;      /* CsCount: with the regions nested in it; empty
                           * when not recorded (then the same as counts) */
  GPtrArray *threads;     /* CsThreadCounts*, in order of first entry; empty
                           * when not recorded */
} CsRegion;

/* The program's resource use as wait4(2) reported it at exit (the
 * program and the children it waited for): "rusage" in session.json. */
typedef struct
{
  gboolean present;               /* FALSE: not recorded (older sessions) */
  guint64  voluntary_switches;    /* ru_nvcsw: it blocked (I/O, sleeps, locks) */
  guint64  involuntary_switches;  /* ru_nivcsw: it was preempted */
  guint64  max_rss_kb;            /* ru_maxrss */
  guint64  minor_faults;          /* ru_minflt */
  guint64  major_faults;          /* ru_majflt */
} CsRusage;

typedef enum
{
  CS_RUN_OK,
  CS_RUN_FAILED,          /* the program exited non-zero or was killed */
  CS_RUN_INTERRUPTED,     /* the collector was interrupted during this run */
  CS_RUN_NOT_RUN,         /* planned but never started */
} CsRunStatus;

typedef struct
{
  guint        index;          /* 0-based run number */
  char        *group;          /* planner group label, e.g. "g3" or "repeat-2" */
  gboolean     multiplexed;    /* --mode multiplex: counts are scaled */
  CsRunStatus  status;
  int          exit_code;      /* valid when term_signal == 0 */
  int          term_signal;    /* signal that killed the program, 0 if none */
  double       wall_seconds;
  double       user_seconds;
  double       system_seconds;
  GArray      *counts;         /* CsCount */
  GPtrArray   *regions;        /* CsRegion* */
  /* private (cs-session-counts.c): region name -> first CsRegion* of that
   * name, over the first @region_index_len regions, built on first lookup
   * so that finding each of many regions stays linear */
  GHashTable  *region_index;
  guint        region_index_len;
  /* Appended (recording, issue 18). */
  CsRusage     rusage;
} CsRun;

typedef struct
{
  guint        index;
  char        *perf_data;      /* file name relative to the bundle */
  char        *event;          /* name, e.g. "cpu-clock" */
  char        *event_string;   /* libpfm4 string, or the perf name */
  guint64      period;         /* 0 when sampling by frequency */
  guint64      frequency;      /* Hz, 0 when sampling by period */
  gboolean     callchains;
  gboolean     user_regs;
  guint64      n_samples;
  guint64      n_lost;
  CsRunStatus  status;
  int          exit_code;
  int          term_signal;
  double       wall_seconds;
  /* Appended (engineer k): the kernel symbol table saved with the run
   * ("kallsyms" in session.json), all NULL when none was saved. */
  char        *kallsyms;          /* file name relative to the bundle */
  char        *kallsyms_boot_id;  /* the boot it describes */
  char        *kallsyms_release;  /* uname -r of that kernel */
  char        *kallsyms_modules;  /* SHA-256 of /proc/modules then */
  /* Appended (regions, issue 15): the region marks of the run
   * (libcyclescope-region), relative to the bundle; NULL when none. */
  char        *regions;
  /* Appended (recording, issue 18): the samples were taken in counting run
   * @counting_run ("counting_run" in session.json), not in a run of their own. */
  gboolean     same_run;
  guint        counting_run;
  CsRusage     rusage;
} CsSamplingRun;

#define CS_TYPE_SESSION (cs_session_get_type ())
G_DECLARE_FINAL_TYPE (CsSession, cs_session, CS, SESSION, GObject)

CsSession           *cs_session_new                (void);
/* A plain perf.data at @path as a session: one sampling run (the file,
 * relative to its directory, the bundle path) and no counts; the reader
 * fills in the rest when it opens the file. */
CsSession           *cs_session_new_for_perf_data  (const char    *path);
/* Loads NAME.cyclescope/ (or its session.json). Every error names the file,
 * the JSON path (e.g. "runs[2].counts[0].value") and what was expected; on
 * error nothing is returned (never a partial object). */
CsSession           *cs_session_load               (const char    *path,
                                                    GError       **error);
CsSession           *cs_session_load_from_data     (const char    *json,
                                                    gssize         len,
                                                    const char    *filename,
                                                    GError       **error);
/* Writes session.json atomically (temporary file, fsync, rename) into the
 * bundle directory @bundle_path, creating it. */
gboolean             cs_session_save               (CsSession     *self,
                                                    const char    *bundle_path,
                                                    GError       **error);
char                *cs_session_to_json            (CsSession     *self);
/* The bundle directory this session was loaded from or saved to, or NULL. */
const char          *cs_session_get_bundle_path    (CsSession     *self);
void                 cs_session_set_bundle_path    (CsSession     *self,
                                                    const char    *path);
/* Absolute path of a sampling run's perf.data. */
char                *cs_session_get_perf_data_path (CsSession     *self,
                                                    const CsSamplingRun *run);
/* Absolute path of a sampling run's saved kernel symbols, NULL when none
 * (appended, engineer k). */
char                *cs_session_get_kallsyms_path  (CsSession     *self,
                                                    const CsSamplingRun *run);

/* host */
const char          *cs_session_get_hostname       (CsSession *self);
const char          *cs_session_get_cpu_model      (CsSession *self);
const char          *cs_session_get_pmu_name       (CsSession *self);  /* NULL: no hardware PMU */
const char          *cs_session_get_pmu_description(CsSession *self);
const char          *cs_session_get_kernel_release (CsSession *self);
guint                cs_session_get_n_cpus         (CsSession *self);
void                 cs_session_set_host           (CsSession  *self,
                                                    const char *hostname,
                                                    const char *cpu_model,
                                                    const char *pmu_name,
                                                    const char *pmu_description,
                                                    const char *kernel_release,
                                                    guint       n_cpus);
/* Fills the host fields from uname(2), /proc/cpuinfo and sysconf; the PMU
 * fields are left to the caller (the collector knows them). */
void                 cs_session_fill_host_from_system (CsSession *self);

/* what was run */
const char * const  *cs_session_get_argv           (CsSession *self);
const char          *cs_session_get_cwd            (CsSession *self);
void                 cs_session_set_command        (CsSession          *self,
                                                    const char * const *argv,
                                                    const char         *cwd);
const char          *cs_session_get_model_id       (CsSession *self);
void                 cs_session_set_model_id       (CsSession  *self,
                                                    const char *model_id);
/* Alias of the cycles event used to normalise groups (NULL: none). */
const char          *cs_session_get_cycles_alias   (CsSession *self);
void                 cs_session_set_cycles_alias   (CsSession  *self,
                                                    const char *alias);
const char          *cs_session_get_mode           (CsSession *self);  /* "runs" | "multiplex" | "perf" */
void                 cs_session_set_mode           (CsSession  *self,
                                                    const char *mode);
GDateTime           *cs_session_get_start_time     (CsSession *self);
void                 cs_session_set_start_time     (CsSession *self,
                                                    GDateTime *time);
double               cs_session_get_duration       (CsSession *self);   /* seconds, all runs */
void                 cs_session_set_duration       (CsSession *self,
                                                    double     seconds);
gboolean             cs_session_get_complete       (CsSession *self);
void                 cs_session_set_complete       (CsSession *self,
                                                    gboolean   complete);

/* runs; the session takes ownership of what is added */
guint                cs_session_get_n_runs         (CsSession *self);
CsRun               *cs_session_get_run            (CsSession *self,
                                                    guint      i);
CsRun               *cs_session_add_run            (CsSession *self);  /* new empty run, index set */
void                 cs_run_add_count              (CsRun      *run,
                                                    const char *name,
                                                    const char *event,
                                                    const char *fstr,
                                                    guint64     value,
                                                    guint64     time_enabled,
                                                    guint64     time_running);
CsRegion            *cs_run_add_region             (CsRun      *run,
                                                    const char *name);
void                 cs_region_add_count           (CsRegion   *region,
                                                    const char *name,
                                                    const char *event,
                                                    const char *fstr,
                                                    guint64     value,
                                                    guint64     time_enabled,
                                                    guint64     time_running);
guint                cs_session_get_n_sampling_runs(CsSession *self);
CsSamplingRun       *cs_session_get_sampling_run   (CsSession *self,
                                                    guint      i);
CsSamplingRun       *cs_session_add_sampling_run   (CsSession *self);

/* notes are informational, warnings are shown in the viewer's banner */
const char * const  *cs_session_get_notes          (CsSession *self);
const char * const  *cs_session_get_warnings       (CsSession *self);
void                 cs_session_add_note           (CsSession  *self,
                                                    const char *text);
void                 cs_session_add_warning        (CsSession  *self,
                                                    const char *text);

/* Forgets the runs, sampling runs and warnings added after the first
 * @n_runs_kept, @n_sampling_runs_kept and @n_warnings_kept (the collector's
 * provisional saves list runs still to come, then take them back). */
void                 cs_session_truncate           (CsSession  *self,
                                                    guint       n_runs_kept,
                                                    guint       n_sampling_runs_kept,
                                                    guint       n_warnings_kept);

/* One region: its name, the calls of the first run that has it, and its
 * values as cs_session_build_counts() gives them. */
typedef struct
{
  char     *name;
  guint64   calls;
  CsCounts *counts;
} CsRegionCounts;

/* Every region of the session (CsRegionCounts*, in the order of
 * cs_session_list_regions()), in one pass over the runs: with thousands of
 * regions, cs_session_build_counts() for each would read every run once
 * per region. */
GPtrArray           *cs_session_build_all_region_counts (CsSession *self);

/* Region names present in any run, in first-seen order. */
GPtrArray           *cs_session_list_regions       (CsSession *self);

/* Appended (regions, issue 15). */

/* Appends a count to a CsCount array (CsRegion.inclusive, CsThreadCounts). */
void                 cs_count_array_add            (GArray     *counts,
                                                    const char *name,
                                                    const char *event,
                                                    const char *fstr,
                                                    guint64     value,
                                                    guint64     time_enabled,
                                                    guint64     time_running);
CsThreadCounts      *cs_region_add_thread          (CsRegion   *region,
                                                    gint64      pid,
                                                    gint64      tid,
                                                    const char *comm);
/* A thread of a region across runs: thread ids change from run to run, so
 * a thread is known by its name and its rank among the region's threads of
 * that name (by thread id): "worker" or, when several share it,
 * "worker #2". @region's threads in first-entry order; new array of char*. */
GPtrArray           *cs_session_list_region_threads (CsSession  *self,
                                                     const char *region);
/* cs_session_build_counts() for a region's inclusive counts (@inclusive),
 * or for one thread's share (@thread: a key from
 * cs_session_list_region_threads(), NULL: all threads). */
CsCounts            *cs_session_build_region_counts (CsSession  *self,
                                                     const char *region,
                                                     gboolean    inclusive,
                                                     const char *thread);
/* The key of @region's thread @index in @run, as listed above. */
char                *cs_region_thread_key           (const CsRegion *region,
                                                     guint           index);
/* Absolute path of a sampling run's region marks, NULL when none. */
char                *cs_session_get_regions_path    (CsSession           *self,
                                                     const CsSamplingRun *run);

/* The values a model is evaluated on, for the whole program (@region NULL) or
 * one region: per event name, each count scaled by time_enabled/time_running
 * (provenance SCALED when that ratio is < 1), averaged over the runs that
 * counted it (the cycles event is counted in every run: its mean is used) and,
 * when a cycles alias is set and several runs exist, normalised to the mean
 * cycles — value × mean_cycles / cycles_of_its_run — so events from different
 * runs describe the same amount of work. A count with time_running == 0 is
 * left out (and reported by cs_session_get_unscheduled()).
 *
 * Pseudo-events are added for formulas that need time: "duration_time" (mean
 * wall time of the counting runs, ns), "user_time" and "system_time" (mean
 * CPU time of the program, ns, from getrusage of the children), all with
 * provenance COUNTED; when every run recorded its rusage also
 * "voluntary_switches", "involuntary_switches", "minor_faults",
 * "major_faults" and "max_rss" (KiB), the means over the runs. */
CsCounts            *cs_session_build_counts       (CsSession  *self,
                                                    const char *region);
/* Mean and sample standard deviation of an event over the runs that counted
 * it (e.g. the repeated cycles count). FALSE if never counted. */
gboolean             cs_session_get_event_spread   (CsSession  *self,
                                                    const char *name,
                                                    double     *mean,
                                                    double     *stddev,
                                                    guint      *n);
/* Smallest time_running/time_enabled seen for @name (1.0 when never scaled). */
double               cs_session_get_running_ratio  (CsSession  *self,
                                                    const char *name);
/* Event names that had time_running == 0 in some run (new GPtrArray of char*). */
GPtrArray           *cs_session_get_unscheduled    (CsSession  *self);

gboolean             cs_session_equal              (CsSession *a,
                                                    CsSession *b);

/* Appended by the session implementation (engineer b). */

/* The session.json spelling of a run status: "ok", "failed", "interrupted",
 * "not-run"; NULL for a value outside the enum. */
const char          *cs_run_status_to_string       (CsRunStatus  status);
gboolean             cs_run_status_from_string     (const char  *text,
                                                    CsRunStatus *status);

G_END_DECLS
