/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-diff-text.c — `cyclescope diff` as text
 *
 * Run facts side by side, the metrics with base, new, delta, ratio and
 * verdict, then the module, function and region tables. A verdict is said
 * in words ("within noise", "no spread: record with --repeat N", "only in
 * new"): the point of the comparison is whether a change is real. Recorded
 * text (paths, commands, symbols) is escaped as in the report.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-cli-util.h"
#include "cs-diff-report.h"

#define FACT_WIDTH  17
#define SIDE_WIDTH  30

/* A padded cell that stays apart from the next one when @text is wider
 * than @width (a long name, a longer translation). */
static void
cell (GString    *out,
      const char *text,
      guint       width)
{
  cs_cli_append_padded (out, text, width);
  if (width > 0 && cs_cli_display_width (text) >= width)
    g_string_append_c (out, ' ');
}

/* A number with its sign, so that a delta reads as one. */
static char *
signed_value (double      value,
              const char *unit)
{
  g_autofree char *text = cs_chart_format_value (value, unit);

  return !isnan (value) && value > 0 ? g_strconcat ("+", text, NULL) : g_steal_pointer (&text);
}

static char *
format_seconds (double seconds,
                gboolean sign)
{
  g_autofree char *number = NULL;

  if (isnan (seconds))
    return g_strdup (CS_CHART_NO_VALUE);
  number = cs_chart_format_grouped (seconds, fabs (seconds) >= 100 ? 1 : 3);
  /* TRANSLATORS: a duration in seconds, e.g. "2.105 s" */
  return g_strdup_printf (sign && seconds > 0 ? _("+%s s") : _("%s s"), number);
}

static void
fact (GString    *out,
      const char *label,
      char       *base,
      char       *new_value)
{
  g_autofree char *b = base, *n = new_value;

  cell (out, label, FACT_WIDTH);
  cell (out, b, SIDE_WIDTH);
  cell (out, n, 0);
  cs_cli_end_line (out);
}

static char *
spread_text (const CsCompareSideFacts *facts)
{
  if (isnan (facts->rel_spread))
    /* TRANSLATORS: the recording has fewer than two runs of the cycles event */
    return g_strdup_printf (g_dngettext (NULL, "none (%u run)", "none (%u runs)", facts->n_runs),
                            facts->n_runs);
  /* TRANSLATORS: relative standard deviation of the repeated cycles count, e.g. "±1.25 % (3 runs)" */
  return g_strdup_printf (g_dngettext (NULL, "±%.2f %% (%u run)", "±%.2f %% (%u runs)", facts->n_runs),
                          100.0 * facts->rel_spread, facts->n_runs);
}

static void
text_facts (const CsDiffReport *report,
            GString            *out)
{
  CsAnalysis *side[2] = { cs_comparison_get_base (report->comparison),
                          cs_comparison_get_new (report->comparison) };
  CsCompareSideFacts facts[2];
  const char *event = cs_comparison_get_event (report->comparison);
  const char *programs[2];

  for (guint i = 0; i < 2; i++)
    cs_comparison_get_side_facts (report->comparison, i == 0, &facts[i]);

  fact (out, "", g_strdup (_("Base")), g_strdup (_("New")));
  fact (out, _("File"), g_strdup (cs_analysis_get_path (side[0])), g_strdup (cs_analysis_get_path (side[1])));
  fact (out, _("Command"), cs_diff_command (side[0]), cs_diff_command (side[1]));
  fact (out, _("Duration"), format_seconds (cs_session_get_duration (cs_analysis_get_session (side[0])), FALSE),
        format_seconds (cs_session_get_duration (cs_analysis_get_session (side[1])), FALSE));
  fact (out, _("Model"), g_strdup (cs_diff_model_id (side[0]) ?: _("none")),
        g_strdup (cs_diff_model_id (side[1]) ?: _("none")));
  fact (out, _("Runs"), g_strdup_printf ("%u", cs_diff_n_runs (side[0])),
        g_strdup_printf ("%u", cs_diff_n_runs (side[1])));
  fact (out, _("Samples"), cs_cli_grouped (facts[0].n_samples), cs_cli_grouped (facts[1].n_samples));
  fact (out, _("Sampled time"), format_seconds (facts[0].sampled_seconds, FALSE),
        format_seconds (facts[1].sampled_seconds, FALSE));
  fact (out, _("Cycles spread"), spread_text (&facts[0]), spread_text (&facts[1]));
  if (cs_comparison_get_programs (report->comparison, &programs[0], &programs[1]))
    /* TRANSLATORS: the two recorded programs' file names (the text is escaped when printed) */
    g_string_append_printf (out, _("The recorded programs %s and %s are matched with each other "
                                   "(rows show the second name).\n"), programs[0], programs[1]);
  if (event != NULL)
    g_string_append_printf (out, _("Tables of event %s: shares are percent of each side’s samples.\n"), event);
  else
    g_string_append (out, _("The recordings have no sampled event in common: no tables.\n"));
}

static void
text_metrics (const CsDiffReport *report,
              GString            *out)
{
  const GArray *metrics = cs_comparison_get_metrics (report->comparison);

  if (metrics->len == 0)
    return;
  g_string_append_printf (out, "\n%s\n", _("Metrics (whole program)"));
  cell (out, _("Metric"), 34);
  cell (out, _("Base"), 18);
  cell (out, _("New"), 18);
  cell (out, _("Delta"), 18);
  cell (out, _("Ratio"), 8);
  cell (out, _("Verdict"), 0);
  cs_cli_end_line (out);
  for (guint i = 0; i < metrics->len; i++)
    {
      const CsMetricDelta *m = &g_array_index (metrics, CsMetricDelta, i);
      g_autofree char *b = cs_chart_format_value (m->base, m->unit);
      g_autofree char *n = cs_chart_format_value (m->new_value, m->unit);
      g_autofree char *d = signed_value (m->delta, m->unit);
      g_autofree char *r = cs_chart_format_value (m->ratio, NULL);

      cell (out, m->label, 34);
      cell (out, b, 18);
      cell (out, n, 18);
      cell (out, d, 18);
      cell (out, r, 8);
      cell (out, cs_change_to_string (m->change), 0);
      cs_cli_end_line (out);
    }
}

static char *
share_text (double share,
            gboolean present)
{
  return present ? g_strdup_printf ("%.2f", share) : g_strdup (CS_CHART_NO_VALUE);
}

static void
text_table (const CsDiffTable *table,
            GString           *out)
{
  if (table->n_rows == 0)
    return;
  g_string_append_printf (out, "\n%s\n", table->title);
  cell (out, _("Base %"), 9);
  cell (out, _("New %"), 9);
  cell (out, _("Δ points"), 10);
  cell (out, _("Δ time"), 12);
  cell (out, _("Share"), 14);
  cell (out, _("Time"), 14);
  cell (out, table->functions ? _("Function (module)") : _("Name"), 0);
  cs_cli_end_line (out);
  for (guint i = 0; i < table->rows->len; i++)
    {
      const CsRowDelta *r = &g_array_index (table->rows, CsRowDelta, i);
      gboolean in_base = r->change != CS_CHANGE_NEW_ONLY;
      gboolean in_new = r->change != CS_CHANGE_BASE_ONLY;
      g_autofree char *b = share_text (r->base_share, in_base);
      g_autofree char *n = share_text (r->new_share, in_new);
      /* no sign on a change that rounds to nothing */
      g_autofree char *d = fabs (r->delta_points) < 0.005 ? g_strdup ("0.00")
                                                          : g_strdup_printf ("%+.2f", r->delta_points);
      g_autofree char *t = format_seconds (r->delta_seconds, TRUE);
      g_autofree char *name = table->functions && r->module != NULL
                              ? g_strdup_printf ("%s (%s)", r->name, r->module) : g_strdup (r->name);

      cell (out, b, 9);
      cell (out, n, 9);
      cell (out, d, 10);
      cell (out, t, 12);
      cell (out, cs_change_to_string (r->change), 14);
      cell (out, cs_change_to_string (r->seconds_change), 14);
      cell (out, name, 0);
      cs_cli_end_line (out);
    }
  if (table->rows->len < table->n_rows)
    g_string_append_printf (out, g_dngettext (NULL, "… %u more row (--limit 0 shows all)\n",
                                              "… %u more rows (--limit 0 shows all)\n",
                                              table->n_rows - table->rows->len),
                            table->n_rows - table->rows->len);
}

void
cs_diff_render_text (const CsDiffReport *report,
                     GString            *out)
{
  text_facts (report, out);
  text_metrics (report, out);
  for (guint i = 0; i < G_N_ELEMENTS (report->tables); i++)
    text_table (&report->tables[i], out);
}
