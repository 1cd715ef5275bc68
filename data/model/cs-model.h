/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model.h — a cycle-accounting model loaded from a JSON file in data/models
 *
 * A model names the PMUs it applies to, the events it needs (libpfm4 strings
 * with short aliases), constants (penalties in cycles), metrics (formulas over
 * aliases, constants and other metrics), the BAR and REF charts of the
 * overview and the default module-table columns. docs/models.md describes the
 * file format.
 */
#pragma once

#include <glib-object.h>

#include "cs-formula.h"

G_BEGIN_DECLS

typedef struct
{
  char  *alias;         /* short name used in formulas, e.g. "cycles" */
  char  *event;         /* libpfm4 string, e.g. "RS_UOPS_DISPATCHED:c=1:i=1" */
  char **alternatives;  /* other spellings tried in order when @event does not
                         * encode (older libpfm4), NULL-terminated, may be NULL */
  char  *description;
  char  *constraint;    /* scheduling hint the kernel checks but libpfm4 does not:
                         * "pmc0" (only counter 0), "pmc1", "offcore_rsp"
                         * (shares one MSR), "leader" (must lead its group), or NULL */
  char  *sample_period; /* default period when sampled, NULL = use frequency */
  char **pmus;          /* PMUs that have this event (NULL-terminated); NULL: all
                         * the model's PMUs. Elsewhere it is not planned and
                         * metrics needing it are NaN. */
} CsModelEvent;

typedef struct
{
  char   *name;
  double  value;
  char   *description;
} CsModelConstant;

typedef struct
{
  char   *name;         /* identifier used in formulas and on the CLI */
  char   *title;        /* human title, translatable through the model domain */
  char   *formula;
  CsExpr *expr;
  char   *unit;         /* "cycles", "%", "ratio", "count", "ms" … */
  char   *description;
  int     level;        /* 1 = top of the tree */
  char   *group;        /* e.g. "stalls", "instructions" */
} CsModelMetric;

typedef enum
{
  CS_CHART_BAR,
  CS_CHART_REF,
} CsChartKind;

typedef struct
{
  char        *id;
  CsChartKind  kind;
  char        *title;
  char        *description;
  /* BAR: the metrics that make up a whole (NULL-terminated). */
  char       **parts;
  /* REF: one metric on a low / medium / high scale. Bands: value < medium is
   * "low", medium <= value < high is "medium", value >= high is "high"; @low
   * is where the drawn scale starts. With @higher_is_better the colours of
   * low and high swap (green means good in both cases). */
  char        *metric;
  double       low;
  double       medium;
  double       high;
  gboolean     higher_is_better;
  char        *sentence_low;
  char        *sentence_medium;
  char        *sentence_high;
} CsModelChart;

#define CS_TYPE_MODEL (cs_model_get_type ())
G_DECLARE_FINAL_TYPE (CsModel, cs_model, CS, MODEL, GObject)

CsModel               *cs_model_new_from_file      (const char  *path,
                                                    GError     **error);
/* @filename is only used in error messages. */
CsModel               *cs_model_new_from_data      (const char  *data,
                                                    gssize       len,
                                                    const char  *filename,
                                                    GError     **error);
const char            *cs_model_get_id             (CsModel     *self);
const char            *cs_model_get_name           (CsModel     *self);
const char            *cs_model_get_description    (CsModel     *self);
const char            *cs_model_get_filename       (CsModel     *self);
/* libpfm4 PMU names the model applies to; "*" matches any (software). */
const char * const    *cs_model_get_pmus           (CsModel     *self);
gboolean               cs_model_applies_to_pmu     (CsModel     *self,
                                                    const char  *pmu_name);
/* Alias of the event that counts core cycles; every run group carries it. */
const char            *cs_model_get_cycles_alias   (CsModel     *self);
/* Alias of the event sampled by default (NULL: the cycles alias). */
const char            *cs_model_get_sample_alias   (CsModel     *self);

guint                  cs_model_get_n_events       (CsModel     *self);
const CsModelEvent    *cs_model_get_event          (CsModel     *self,
                                                    guint        i);
const CsModelEvent    *cs_model_find_event         (CsModel     *self,
                                                    const char  *alias);
guint                  cs_model_get_n_constants    (CsModel     *self);
const CsModelConstant *cs_model_get_constant       (CsModel     *self,
                                                    guint        i);
guint                  cs_model_get_n_metrics      (CsModel     *self);
const CsModelMetric   *cs_model_get_metric         (CsModel     *self,
                                                    guint        i);
const CsModelMetric   *cs_model_find_metric        (CsModel     *self,
                                                    const char  *name);
int                    cs_model_get_metric_index   (CsModel     *self,
                                                    const char  *name);
guint                  cs_model_get_n_charts       (CsModel     *self);
const CsModelChart    *cs_model_get_chart          (CsModel     *self,
                                                    guint        i);
const CsModelChart    *cs_model_find_chart         (CsModel     *self,
                                                    const char  *id);
/* Metric names shown as module-table columns by default. */
const char * const    *cs_model_get_table_columns  (CsModel     *self);

/* Added by the model engine (appended; the declarations above are unchanged). */

#define CS_MODEL_FORMAT_VERSION 1

/* What a formula identifier names in a model. Event aliases, constants,
 * metrics and the pseudo-events share one namespace. */
typedef enum
{
  CS_MODEL_NAME_NONE,
  CS_MODEL_NAME_EVENT,
  CS_MODEL_NAME_CONSTANT,
  CS_MODEL_NAME_METRIC,
  CS_MODEL_NAME_PSEUDO_EVENT,  /* duration_time, user_time, system_time (ns):
                                * put into counts by cs_session_build_counts() */
} CsModelNameKind;

/* @index (nullable) receives the event / constant / metric index. */
CsModelNameKind        cs_model_lookup_name        (CsModel     *self,
                                                    const char  *name,
                                                    guint       *index);
gboolean               cs_model_is_pseudo_event    (const char  *name);
/* Where the model comes from, e.g. "Kruse, CMSSW Performance Monitoring,
 * 2011, §6.1"; may be NULL. */
const char            *cs_model_get_source         (CsModel     *self);
/* Events that apply to @pmu_name: those without a "pmus" list, and those
 * naming @pmu_name. */
gboolean               cs_model_event_applies_to_pmu (const CsModelEvent *event,
                                                      const char         *pmu_name);

G_END_DECLS
