/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-diff-csv.c — `cyclescope diff --format csv`
 *
 * Two tables, each with its header row, separated by an empty line as the
 * report's CSV tables are: the metrics, then the rows of the module,
 * function and region tables with the table's name in the first column.
 * Numbers are plain C numbers (a "." decimal mark whatever the locale), an
 * empty field where a value cannot be computed.
 */
#include "config.h"

#include <math.h>

#include "cs-cli-util.h"
#include "cs-diff-report.h"

static void
number_field (GString *out,
              double   value,
              gboolean last)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  cs_cli_csv_field (out, isnan (value) || isinf (value) ? NULL
                         : g_ascii_formatd (buffer, sizeof buffer, "%.6g", value), last);
}

static void
count_field (GString *out,
             guint64  value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  cs_cli_csv_field (out, text, FALSE);
}

static void
header (GString            *out,
        const char * const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    cs_cli_csv_field (out, names[i], names[i + 1] == NULL);
}

static void
csv_metrics (const CsDiffReport *report,
             GString            *out)
{
  static const char * const names[] = {
    "metric", "title", "unit", "base", "new", "delta", "ratio", "base_stddev", "new_stddev",
    "base_runs", "new_runs", "verdict", NULL,
  };
  const GArray *metrics = cs_comparison_get_metrics (report->comparison);

  header (out, names);
  for (guint i = 0; i < metrics->len; i++)
    {
      const CsMetricDelta *m = &g_array_index (metrics, CsMetricDelta, i);

      cs_cli_csv_field (out, m->name, FALSE);
      cs_cli_csv_field (out, m->label, FALSE);
      cs_cli_csv_field (out, m->unit, FALSE);
      number_field (out, m->base, FALSE);
      number_field (out, m->new_value, FALSE);
      number_field (out, m->delta, FALSE);
      number_field (out, m->ratio, FALSE);
      number_field (out, m->base_spread, FALSE);
      number_field (out, m->new_spread, FALSE);
      count_field (out, m->base_runs);
      count_field (out, m->new_runs);
      cs_cli_csv_field (out, cs_diff_change_id (m->change), TRUE);
    }
}

static void
csv_rows (const CsDiffReport *report,
          GString            *out)
{
  static const char * const names[] = {
    "table", "name", "module", "base_samples", "new_samples", "base_share", "new_share",
    "delta_points", "base_seconds", "new_seconds", "delta_seconds", "verdict", "time_verdict", NULL,
  };

  header (out, names);
  for (guint t = 0; t < G_N_ELEMENTS (report->tables); t++)
    {
      const CsDiffTable *table = &report->tables[t];

      for (guint i = 0; i < table->rows->len; i++)
        {
          const CsRowDelta *r = &g_array_index (table->rows, CsRowDelta, i);

          cs_cli_csv_field (out, table->id, FALSE);
          cs_cli_csv_field (out, r->name, FALSE);
          cs_cli_csv_field (out, r->module, FALSE);
          count_field (out, r->base_samples);
          count_field (out, r->new_samples);
          number_field (out, r->base_share, FALSE);
          number_field (out, r->new_share, FALSE);
          number_field (out, r->delta_points, FALSE);
          number_field (out, r->base_seconds, FALSE);
          number_field (out, r->new_seconds, FALSE);
          number_field (out, r->delta_seconds, FALSE);
          cs_cli_csv_field (out, cs_diff_change_id (r->change), FALSE);
          cs_cli_csv_field (out, cs_diff_change_id (r->seconds_change), TRUE);
        }
    }
}

void
cs_diff_render_csv (const CsDiffReport *report,
                    GString            *out)
{
  csv_metrics (report, out);
  g_string_append_c (out, '\n');
  csv_rows (report, out);
}
