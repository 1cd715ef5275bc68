/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-format.h — how chart numbers read: separators, units, "—"
 *
 * Shared by the chart drawing, the widgets' tooltips and the export CLI so
 * that a number looks the same everywhere. Grouping and the decimal mark
 * follow LC_NUMERIC (a "," grouping is used when the locale has none, as in
 * the C locale).
 */
#pragma once

#include <glib.h>

#include "cs-counts.h"

G_BEGIN_DECLS

/* The string shown for a value that cannot be computed (NaN, ±inf). */
#define CS_CHART_NO_VALUE "—"

/* Full precision: "1,405,883,341 cycles", "48.7 %", "1.25", "—". */
char       *cs_chart_format_value        (double        value,
                                          const char   *unit);
/* Short, for tick labels and narrow segments: "1.41 G cycles", "684 M". */
char       *cs_chart_format_compact      (double        value,
                                          const char   *unit);
/* A share 0..1 as a percentage: "41.0 %"; NaN gives "—". */
char       *cs_chart_format_share        (double        share);
/* @value rounded to @decimals with the locale's grouping: "1,234,567.8". */
char       *cs_chart_format_grouped      (double        value,
                                          guint         decimals);

/* A one-character marker drawn next to a number ("≈" estimated from samples,
 * "~" scaled for multiplexing, "†" reconstructed), "" when counted or none. */
const char *cs_provenance_get_marker     (CsProvenance  provenance);
/* Translated explanation, e.g. "estimated from samples"; NULL when counted. */
const char *cs_provenance_get_description(CsProvenance  provenance);

G_END_DECLS
