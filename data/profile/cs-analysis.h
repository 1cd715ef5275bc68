/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis.h — everything the report, the exporter and the viewer show
 *
 * An analysis is loaded from a session bundle (NAME.cyclescope/) or a plain
 * perf.data file. It holds the session (counts; synthesised for a plain
 * perf.data), the profile of its first sampling run (modules, symbols; NULL
 * when there are no samples), the model, and one evaluation per scope: the
 * whole program, each region (instrumented framework module, counted) and
 * each sampled module (estimated from samples). Loading runs the reader and
 * the symbolizer; it reports progress and can be cancelled, so the viewer
 * calls the async variant from the main thread.
 */
#pragma once

#include <gio/gio.h>

#include "cs-evaluation.h"
#include "cs-model.h"
#include "cs-profile.h"
#include "cs-profile-filter.h"
#include "cs-session.h"

G_BEGIN_DECLS

typedef enum
{
  CS_SCOPE_PROGRAM,
  CS_SCOPE_REGION,   /* counted per region (seed 000 §5.3) */
  CS_SCOPE_MODULE,   /* a DSO, estimated from samples (seed 000 §5.4) */
} CsScopeKind;

typedef struct
{
  CsScopeKind   kind;
  char         *name;         /* region name, or module basename ("libc.so.6") */
  char         *path;         /* module path, NULL for regions */
  int           module_id;    /* profile module id, -1 for regions and the program */
  CsEvaluation *evaluation;
  guint64       n_samples;    /* samples of the default event in this scope */
  double        sample_share; /* fraction of the default event's samples, 0..1 */
  /* Appended (regions, issue 15): the profile's region (1…n) of a region
   * scope whose samples were attributed (record --regions), else 0. */
  guint         region_id;
} CsScope;

/* Called from the loading thread; @fraction is 0..1 or -1 when unknown. */
typedef void (*CsProgressFunc) (const char *stage,
                                double      fraction,
                                gpointer    user_data);

typedef struct
{
  const char  *model_id;        /* NULL: the session's, else chosen from the events */
  const char * const *debug_dirs;
  guint        symbol_limit;    /* top-N symbols per event (0: 20) */
} CsAnalysisOptions;

#define CS_TYPE_ANALYSIS (cs_analysis_get_type ())
G_DECLARE_FINAL_TYPE (CsAnalysis, cs_analysis, CS, ANALYSIS, GObject)

CsAnalysis      *cs_analysis_load              (const char              *path,
                                                const CsAnalysisOptions *options,
                                                CsProgressFunc           progress,
                                                gpointer                 progress_data,
                                                GCancellable            *cancellable,
                                                GError                 **error);
void             cs_analysis_load_async        (const char              *path,
                                                const CsAnalysisOptions *options,
                                                CsProgressFunc           progress,
                                                gpointer                 progress_data,
                                                GCancellable            *cancellable,
                                                GAsyncReadyCallback      callback,
                                                gpointer                 user_data);
CsAnalysis      *cs_analysis_load_finish       (GAsyncResult            *result,
                                                GError                 **error);

const char      *cs_analysis_get_path          (CsAnalysis *self);
CsSession       *cs_analysis_get_session       (CsAnalysis *self);
CsModel         *cs_analysis_get_model         (CsAnalysis *self);
/* The whole-program scope (counted when the session has counting runs,
 * otherwise estimated from samples). */
const CsScope   *cs_analysis_get_program       (CsAnalysis *self);
/* Regions first (in session order), then sampled modules by samples. */
guint            cs_analysis_get_n_scopes      (CsAnalysis *self);
const CsScope   *cs_analysis_get_scope         (CsAnalysis *self,
                                                guint       i);
/* Charts for the whole program (CsChartValues*): with samples, "Samples by
 * module" (CS_ANALYSIS_CHART_SAMPLES_BY_MODULE) first, then the model's
 * charts. Without counting runs, the model's charts that have no value at
 * all are left out (cs_analysis_get_hidden_charts()). */
GPtrArray       *cs_analysis_get_charts        (CsAnalysis *self);
/* Short warnings to show above the charts (no PMU, multiplexing, lost
 * samples, missing debug info …), stated from the session's facts in the
 * current language. */
const char * const *cs_analysis_get_warnings   (CsAnalysis *self);

/* Appended by the aggregation (engineer p). */

/* TRUE when @path is a perf.data file (either byte order), which
 * cs_analysis_load() opens as a session of one sampling run. */
gboolean         cs_analysis_is_perf_data      (const char *path);
/* The profile of the first sampling run, or NULL when there are no samples. */
CsProfile       *cs_analysis_get_profile       (CsAnalysis *self);
/* Names of the sampled events (NULL-terminated; empty without samples). */
const char * const *cs_analysis_get_sampled_events (CsAnalysis *self);
/* The event CsScope.n_samples counts: the model's sample event when it was
 * sampled, else the one with the most samples; NULL without samples. */
const CsProfileEvent *cs_analysis_get_default_event (CsAnalysis *self);
/* Top symbols (CsAnalysisOptions.symbol_limit of them) of a module scope,
 * of a region scope with samples (region_id > 0: module_percent is then the
 * share of the region), or of the whole program for any other scope, for
 * @event (a sampled event's name; NULL: the default event). GArray of
 * CsProfileSymbolRow, empty without samples. */
GArray          *cs_analysis_dup_top_symbols   (CsAnalysis    *self,
                                                const CsScope *scope,
                                                const char    *event);
/* A symbol's source lines / instructions for @event (NULL: the default
 * event); built on first use and cached, owned by the analysis. NULL for an
 * unknown event. */
const GArray    *cs_analysis_get_line_table    (CsAnalysis            *self,
                                                const CsProfileSymbol *symbol,
                                                const char            *event);
const GArray    *cs_analysis_get_insn_table    (CsAnalysis            *self,
                                                const CsProfileSymbol *symbol,
                                                const char            *event);

/* Appended by the viewer polish (engineer q). */

#define CS_ANALYSIS_CHART_SAMPLES_BY_MODULE "samples-by-module"

/* The model's charts left out of cs_analysis_get_charts() because every
 * value is NaN and the session has no counting runs that could give one
 * (CsChartValues*; empty when nothing was left out). */
GPtrArray       *cs_analysis_get_hidden_charts (CsAnalysis *self);
/* The warning sentences the recorder stored in the session (in the language
 * of the recording): the details behind cs_analysis_get_warnings().
 * NULL-terminated, possibly empty. */
const char * const *cs_analysis_get_warning_details (CsAnalysis *self);
/* "4 charts need counting runs: record with “cyclescope record”." — the line
 * the viewer, the report and the exporter show for the hidden charts; NULL
 * when none were left out. */
char            *cs_analysis_describe_hidden_charts (CsAnalysis *self);
/* The short warnings that follow from a session's facts alone, translated:
 * an interrupted recording, no hardware PMU, multiplexed or unscheduled
 * events, failed runs, lost samples. For reports that read counts without
 * an analysis. NULL-terminated; free with g_strfreev(). */
char           **cs_analysis_dup_session_warnings (CsSession *session);

/* Appended by the timeline (issue 14). */

/* The analysis of the samples of @base's recording that pass @filter
 * (cs-profile-filter.h): its profile is the filtered profile, its module
 * scopes and sample charts are evaluated from those samples; counted
 * values stay as counted. The filter applies to the whole recording, also
 * when @base is filtered; an empty filter gives the whole recording's
 * analysis. NULL only when cancelled. */
CsAnalysis      *cs_analysis_new_filtered      (CsAnalysis            *base,
                                                const CsProfileFilter *filter,
                                                GCancellable          *cancellable,
                                                GError               **error);
/* The analysis of the whole recording (@self when not filtered). */
CsAnalysis      *cs_analysis_get_base          (CsAnalysis            *self);
/* The filter of a filtered analysis, NULL for the whole recording. */
CsProfileFilter *cs_analysis_get_filter        (CsAnalysis            *self);
/* Appended (regions, issue 15). */

/* cs_analysis_get_line_table() / _insn_table() restricted to the samples of
 * @scope when it is a region scope with samples (else all of them). */
const GArray    *cs_analysis_get_scope_line_table (CsAnalysis            *self,
                                                   const CsScope         *scope,
                                                   const CsProfileSymbol *symbol,
                                                   const char            *event);
const GArray    *cs_analysis_get_scope_insn_table (CsAnalysis            *self,
                                                   const CsScope         *scope,
                                                   const CsProfileSymbol *symbol,
                                                   const char            *event);
/* The region scope named @name, or NULL. */
const CsScope   *cs_analysis_find_region       (CsAnalysis *self,
                                                const char *name);

G_END_DECLS
