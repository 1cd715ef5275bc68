/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-counts-private.h — what the text and the JSON / CSV renderers
 * of the counting report share: the scopes, evaluated once */
#pragma once

#include "cs-chart-values.h"
#include "cs-evaluation.h"
#include "cs-json-writer.h"
#include "cs-report-counts.h"

G_BEGIN_DECLS

typedef struct
{
  char         *region;      /* NULL: the whole program */
  guint64       calls;       /* region entries (first run that has it) */
  CsCounts     *counts;
  CsEvaluation *evaluation;  /* NULL without a model */
} CsReportScope;

typedef struct
{
  CsSession *session;
  CsModel   *model;          /* nullable */
  GPtrArray *scopes;         /* CsReportScope*; the program first unless --region */
  GPtrArray *event_names;    /* char*: whole-program count names in first-seen order */
  /* Short warnings stated from facts, in the user's language; the details
   * are the sentences recorded in the session. */
  char     **warnings;
  GPtrArray *program_charts; /* CsChartValues* of the analysis, nullable */
  GPtrArray *hidden_charts;  /* CsChartValues* the program's charts left out, nullable */
  char      *hidden_line;    /* says how many were left out, NULL when none */
  CsAnalysis *analysis;      /* nullable: the samples per region */
  gboolean   one_region;     /* --region */
  /* cs_report_counts_print(): what was written so far goes to standard
   * output after each scope; FALSE once a write failed. */
  gboolean   stream;
  gboolean   stream_ok;
  gboolean   stream_json;
} CsReport;

const char *_cs_report_band_keyword     (CsBand       band);
/* The libpfm4 string counted for @name, from the first run that has it. */
const char *_cs_report_event_string     (CsReport    *report,
                                        const char  *name);
/* The charts of @scope (CsChartValues*), NULL without a model. Built when
 * printed and dropped after: kept for 20 000 regions they were most of the
 * report's memory. */
GPtrArray  *_cs_report_scope_charts     (CsReport      *report,
                                        CsReportScope *scope);
/* Called by the renderers after each scope: when streaming, writes out
 * what @out holds (a scope ends between characters and between JSON
 * values, so the pieces are escaped as the whole would be). */
void        _cs_report_scope_done       (CsReport      *report,
                                        GString       *out);
/* min time_running / time_enabled over a run's whole-program counts. */
double      _cs_report_run_running_ratio (const CsRun *run);

void        _cs_report_render_text      (CsReport    *report,
                                        GString     *out);
/* One chart's lines in the text report. */
void        _cs_report_chart_text       (const CsChartValues *chart,
                                        GString             *out);

/* cs-report-text-cells.c: what each scope of the text report repeats. */
typedef struct
{
  const char *provenance[CS_PROVENANCE_RECONSTRUCTED + 1];
  const char *band[CS_BAND_HIGH + 2];   /* CS_BAND_NONE first */
  const char *counts;
  const char *none;
  const char *metrics;
  const char *charts;
  const char *higher_is_better;
  const char *bar;                      /* formats of strings only */
  const char *ref;
  const char *region;
} CsReportWords;

/* The fixed words, translated once per process. */
const CsReportWords *_cs_report_words          (void);
const char *_cs_report_provenance_label        (CsProvenance  provenance);
/* @text padded with spaces to @width characters (> 0: on the right, < 0:
 * on the left), one space at least. */
void        _cs_report_append_cell             (GString      *out,
                                                const char   *text,
                                                int           width);
/* Ends a table line without the padding of empty trailing cells. */
void        _cs_report_end_line                (GString      *out);
void        _cs_report_append_line             (GString      *out,
                                                const char   *text);
/* A metric's value as the report shows it ("—" when not finite). */
char       *_cs_report_format_metric_value     (double        value,
                                                const char   *unit);
/* A translated format of "%s" / "%N$s" directives filled with @args. */
void        _cs_report_append_format           (GString            *out,
                                                const char         *format,
                                                const char * const *args,
                                                guint               n_args);
/* _cs_report_chart_text() with the texts of numbers written before kept in
 * @formatted (gint64 bits of a double -> text; NULL: none). */
void        _cs_report_chart_text_cached       (const CsChartValues *chart,
                                                GHashTable          *formatted,
                                                GString             *out);
void        _cs_report_render_json      (CsReport    *report,
                                        GString     *out);
/* The JSON array of @charts (CsChartValues*), as text. */
char       *_cs_report_charts_json      (GPtrArray   *charts);
void        _cs_report_render_csv       (CsReport    *report,
                                        GString     *out);

/* cs-report-regions.c: the table of every region with every metric, the
 * model's table columns first (Fig. 5.4); a region's inclusive counts and
 * threads; the same as JSON members of a region scope. */
void        _cs_report_region_table_text  (CsReport      *report,
                                           GString       *out);
void        _cs_report_region_detail_text (CsReport      *report,
                                           CsReportScope *scope,
                                           GString       *out);
void        _cs_report_region_json        (CsReport      *report,
                                           CsReportScope *scope,
                                           CsJsonWriter  *w);

G_END_DECLS
