/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-filter.h — which samples a view shows
 *
 * A filter is a list of clauses, all of which a sample must pass. A clause
 * includes or excludes a set of values of one kind: time ranges, processes,
 * threads, thread names, CPUs, modules, symbols or functions. An include
 * clause passes the samples whose value is in its set (for functions: any
 * function on the stack), an exclude clause those whose value is not. So a
 * clause is what `perf report --pid 1,2` or `--time a,b` says, or one chip
 * of the viewer's timeline ("Filter In" on a range, "Filter Out" on a
 * thread), and stacking chips appends clauses: each narrows the view.
 *
 * Matching follows perf report:
 *  - time: ranges include both ends (perf's perf_time__skip_sample()); a
 *    sample without a timestamp (time 0) passes every time clause;
 *  - process and thread: the sample's pid and tid (--pid, --tid);
 *  - comm: the thread's name when the sample was taken (--comm);
 *  - cpu: the sample's CPU; a sample recorded without one matches none;
 *  - module: the name ("libc.so.6", "[kernel.kallsyms]") or the path of
 *    the module of the sample's own symbol (--dso);
 *  - symbol: the sample's own symbol, by the name perf shows, its
 *    signature or its raw name (--symbols);
 *  - function: any function on the sample's call stack (inlined ones
 *    included), by name; without call chains, the sample's own symbol.
 *
 * perf decides --pid, --tid, --comm, --dso and --symbols per row of its
 * table rather than per sample: a row that mixes passing and failing
 * samples is shown whole, or not at all, as its first sample went (see
 * docs/cli.md). A filter here always goes by sample; the two agree
 * whenever the filtered value is one of the row's keys.
 *
 * Filters are values: built, then shared read-only (refcounted).
 */
#pragma once

#include <gio/gio.h>

#include "cs-perf-reader.h"
#include "cs-profile.h"

G_BEGIN_DECLS

typedef enum
{
  CS_FILTER_TIME,
  CS_FILTER_PROCESS,
  CS_FILTER_THREAD,
  CS_FILTER_COMM,
  CS_FILTER_CPU,
  CS_FILTER_MODULE,
  CS_FILTER_SYMBOL,
  CS_FILTER_FUNCTION,
} CsFilterKind;

/* Both ends included; ns on the perf clock. */
typedef struct
{
  guint64 start;
  guint64 end;
} CsTimeRange;

typedef struct
{
  CsFilterKind        kind;
  gboolean            exclude;
  guint               n_values;
  const CsTimeRange  *ranges;    /* TIME: sorted, disjoint */
  const gint64       *numbers;   /* PROCESS, THREAD, CPU: sorted */
  const char * const *strings;   /* COMM, MODULE, SYMBOL, FUNCTION */
} CsFilterClause;

typedef struct _CsProfileFilter CsProfileFilter;

#define CS_TYPE_PROFILE_FILTER (cs_profile_filter_get_type ())
GType                 cs_profile_filter_get_type      (void) G_GNUC_CONST;

/* A filter without clauses: every sample passes. */
CsProfileFilter      *cs_profile_filter_new           (void);
CsProfileFilter      *cs_profile_filter_ref           (CsProfileFilter       *self);
void                  cs_profile_filter_unref         (CsProfileFilter       *self);
/* A new filter with the clauses of @self, to add to. */
CsProfileFilter      *cs_profile_filter_copy          (const CsProfileFilter *self);

void                  cs_profile_filter_add_time      (CsProfileFilter       *self,
                                                       gboolean               exclude,
                                                       const CsTimeRange     *ranges,
                                                       guint                  n_ranges);
void                  cs_profile_filter_add_numbers   (CsProfileFilter       *self,
                                                       CsFilterKind           kind,
                                                       gboolean               exclude,
                                                       const gint64          *numbers,
                                                       guint                  n_numbers);
void                  cs_profile_filter_add_strings   (CsProfileFilter       *self,
                                                       CsFilterKind           kind,
                                                       gboolean               exclude,
                                                       const char * const    *strings);
/* A clause of one value. */
void                  cs_profile_filter_add_number    (CsProfileFilter       *self,
                                                       CsFilterKind           kind,
                                                       gboolean               exclude,
                                                       gint64                 number);
void                  cs_profile_filter_add_string    (CsProfileFilter       *self,
                                                       CsFilterKind           kind,
                                                       gboolean               exclude,
                                                       const char            *string);
/* Removes clause @index; keeps the first @n clauses. */
void                  cs_profile_filter_remove        (CsProfileFilter       *self,
                                                       guint                  index);
void                  cs_profile_filter_truncate      (CsProfileFilter       *self,
                                                       guint                  n);

gboolean              cs_profile_filter_is_empty      (const CsProfileFilter *self);
guint                 cs_profile_filter_get_n_clauses (const CsProfileFilter *self);
const CsFilterClause *cs_profile_filter_get_clause    (const CsProfileFilter *self,
                                                       guint                  index);
gboolean              cs_profile_filter_equal         (const CsProfileFilter *a,
                                                       const CsProfileFilter *b);
/* The time the samples passing every time clause could have: the
 * intersection of the include ranges, [0, G_MAXUINT64] without any. */
CsTimeRange           cs_profile_filter_get_time_span (const CsProfileFilter *self);

/* A time clause in perf's `--time` syntax: "START,STOP" in seconds as
 * `perf script` prints times (either end may be left out), several
 * ranges separated by spaces, or percentages of the recording
 * ("20%-60%", "10%/2", "0%-10%,30%-40%", "50%") measured from @first to
 * @last, the first and last sample time (cs_profile_get_time_bounds()). */
gboolean              cs_profile_filter_parse_time    (CsProfileFilter       *self,
                                                       const char            *text,
                                                       guint64                first,
                                                       guint64                last,
                                                       GError               **error);
/* An include clause of @kind from a comma-separated list: numbers for
 * processes and threads, a CPU list ("0-3,6") for CPUs, names otherwise.
 * @option names the option in errors ("--cpu"). */
gboolean              cs_profile_filter_parse_list    (CsProfileFilter       *self,
                                                       CsFilterKind           kind,
                                                       const char            *text,
                                                       const char            *option,
                                                       GError               **error);

/* The samples of @profile's file that pass @self, as ascending indices
 * into cs_profile_get_samples() (g_free() it). NULL only when cancelled. */
guint32              *cs_profile_filter_select        (const CsProfileFilter *self,
                                                       CsProfile             *profile,
                                                       guint                 *n_selected,
                                                       GCancellable          *cancellable,
                                                       GError               **error);

/* The profile of the samples of @base's file that pass @filter: every
 * table, tree and count of it covers those samples only (percentages are
 * of their total), while symbols, modules and functions keep their
 * indices, so that a row can be found again in the other. The filter
 * applies to the whole file, also when @base is itself filtered. It shares
 * @base's columns and symbols; NULL only when cancelled. */
CsProfile            *cs_profile_new_filtered         (CsProfile             *base,
                                                       const CsProfileFilter *filter,
                                                       GCancellable          *cancellable,
                                                       GError               **error);
/* The profile of the whole file (@self itself when not filtered). */
CsProfile            *cs_profile_get_base             (CsProfile             *self);

/* The samples @profile holds (a filtered profile's selection), to find
 * them again in another reading of the file (the memory view reads it for
 * the registers the columns do not keep): by thread and time. */
typedef struct _CsProfileSampleSet CsProfileSampleSet;

CsProfileSampleSet   *cs_profile_sample_set_new       (CsProfile             *profile);
void                  cs_profile_sample_set_free      (CsProfileSampleSet    *set);
/* Whether the sample of @tid at @time is one of @set (a
 * CsProfileSampleSet*): the shape of cs_memory_profile_filter()'s
 * function. */
gboolean              cs_profile_sample_set_contains  (guint64                time,
                                                       guint32                pid,
                                                       guint32                tid,
                                                       guint                  cpu,
                                                       gpointer               set);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsProfileFilter, cs_profile_filter_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsProfileSampleSet, cs_profile_sample_set_free)

G_END_DECLS
