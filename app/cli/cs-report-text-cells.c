/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-text-cells.c — the pieces every scope of the text report
 * repeats: its fixed words, cells padded by characters, metric values and
 * the lines of a chart
 *
 * A report of 20 000 regions writes each of these hundreds of thousands of
 * times, so the words are translated once, short pieces are appended
 * without printf, and a REF chart's thresholds are formatted once.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-chart-format.h"
#include "cs-cli-append.h"
#include "cs-report-counts-private.h"

/* The words every scope repeats, translated once: with 20 000 regions
 * gettext cost more than all the formatting around it. A report runs in
 * one language from start to end. */

const CsReportWords *
_cs_report_words (void)
{
  static CsReportWords w;
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      w.provenance[CS_PROVENANCE_NONE] = _("not available");
      w.provenance[CS_PROVENANCE_COUNTED] = _("counted");
      w.provenance[CS_PROVENANCE_SCALED] = _("scaled (multiplexed)");
      w.provenance[CS_PROVENANCE_ESTIMATED] = _("estimated from samples");
      w.provenance[CS_PROVENANCE_RECONSTRUCTED] = _("reconstructed");
      w.band[CS_BAND_NONE + 1] = _("no value");
      w.band[CS_BAND_LOW + 1] = _("low");
      w.band[CS_BAND_MEDIUM + 1] = _("medium");
      w.band[CS_BAND_HIGH + 1] = _("high");
      w.counts = _("Counts (scaled, normalised to mean cycles, mean over runs)");
      w.none = _("none");
      w.metrics = _("Metrics");
      w.charts = _("Charts");
      w.higher_is_better = _(", higher is better");
      w.bar = _("  BAR  %s (total %s)\n");
      w.ref = _("  REF  %s: %s%s — %s (low < %s ≤ medium < %s ≤ high%s)\n");
      /* TRANSLATORS: "== Region TrackProducer (1,000 calls) ==" */
      w.region = _("\n== Region %s (%s calls) ==\n");
      g_once_init_leave (&done, 1);
    }
  return &w;
}

const char *
_cs_report_provenance_label (CsProvenance provenance)
{
  if ((guint) provenance > CS_PROVENANCE_RECONSTRUCTED)
    provenance = CS_PROVENANCE_NONE;
  return _cs_report_words ()->provenance[provenance];
}

static const char *
band_label (CsBand band)
{
  if (band < CS_BAND_NONE || band > CS_BAND_HIGH)
    band = CS_BAND_NONE;
  return _cs_report_words ()->band[band + 1];
}

/* printf pads by bytes; titles hold "µ" and values "—", so pad by
 * characters. @width > 0 pads on the right (left-aligned), < 0 on the left.
 * A longer text is kept whole (a report must never cut a name) and still
 * separated from its neighbour by one space. */
void
_cs_report_append_cell (GString    *out,
                        const char *text,
                        int         width)
{
  gsize bytes = strlen (text);
  /* Mostly ASCII: the bytes are the characters. */
  glong len = cs_cli_is_ascii (text, bytes) ? (glong) bytes : g_utf8_strlen (text, bytes);
  /* At least one space between cells, even when a text overflows. */
  glong pad = MAX (1, (glong) ABS (width) - len);

  if (width < 0)
    cs_cli_append_spaces (out, pad);
  cs_cli_append_len (out, text, bytes);
  if (width > 0)
    cs_cli_append_spaces (out, pad);
}

/* Ends a table line without the padding of empty trailing cells. */
void
_cs_report_end_line (GString *out)
{
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  g_string_append_c (out, '\n');
}

/* As cs_chart_format_value(), but a small non-zero percentage keeps its
 * significant digits instead of reading "0.0 %". */
char *
_cs_report_format_metric_value (double      value,
                                const char *unit)
{
  if (!isfinite (value))
    return g_strdup (CS_CHART_NO_VALUE);
  if (g_strcmp0 (unit, "%") == 0 && value != 0 && fabs (value) < 0.1)
    {
      g_autofree char *number = cs_chart_format_value (value, NULL);

      return g_strconcat (number, " %", NULL);
    }
  return cs_chart_format_value (value, unit);
}

/* @text and a line feed. */
void
_cs_report_append_line (GString    *out,
                        const char *text)
{
  cs_cli_append (out, text);
  cs_cli_append_len (out, "\n", 1);
}

/* printf's %s for translated formats whose arguments are all strings:
 * "%s", "%N$s" (a translation may reorder them; msgfmt -c checks that it
 * uses the same ones as the msgid) and "%%". */
void
_cs_report_append_format (GString            *out,
                          const char         *format,
                          const char * const *args,
                          guint               n_args)
{
  const char *p = format;
  guint next = 0;

  while (*p != '\0')
    {
      const char *pct = strchr (p, '%');
      guint index;

      if (pct == NULL)
        {
          cs_cli_append (out, p);
          return;
        }
      cs_cli_append_len (out, p, pct - p);
      p = pct + 1;
      if (*p == '%')
        {
          cs_cli_append_len (out, "%", 1);
          p++;
          continue;
        }
      index = next++;
      if (g_ascii_isdigit (*p))
        {
          char *end;
          guint64 n = g_ascii_strtoull (p, &end, 10);

          if (*end == '$' && n >= 1)
            {
              index = (guint) n - 1;
              p = end + 1;
            }
        }
      g_return_if_fail (*p == 's' && index < n_args);
      cs_cli_append (out, args[index]);
      p++;
    }
}

/* @value as cs_chart_format_value() writes it without a unit, from
 * @formatted (NULL: none) when it was written before: a REF chart's
 * thresholds are the same numbers in every scope. */
static const char *
format_cached (GHashTable *formatted,
               double      value,
               char      **owned)
{
  gint64 bits;
  char *text;

  *owned = NULL;
  if (formatted == NULL)
    return *owned = cs_chart_format_value (value, NULL);
  memcpy (&bits, &value, sizeof bits);
  text = g_hash_table_lookup (formatted, &bits);
  if (text == NULL)
    {
      text = cs_chart_format_value (value, NULL);
      g_hash_table_insert (formatted, g_memdup2 (&bits, sizeof bits), text);
    }
  return text;
}

void
_cs_report_chart_text_cached (const CsChartValues *chart,
                              GHashTable          *formatted,
                              GString             *out)
{
  const CsReportWords *w = _cs_report_words ();

  if (chart->kind == CS_CHART_BAR)
    {
      g_autofree char *total = cs_chart_format_value (chart->total, chart->unit);

      const char *args[] = { chart->title, total };

      _cs_report_append_format (out, w->bar, args, G_N_ELEMENTS (args));
      for (guint i = 0; i < chart->n_parts; i++)
        {
          const CsChartPart *part = &chart->parts[i];
          g_autofree char *value = _cs_report_format_metric_value (part->value, chart->unit);
          g_autofree char *share = isnan (part->value) ? g_strdup (CS_CHART_NO_VALUE)
                                                       : cs_chart_format_share (part->share);

          cs_cli_append_spaces (out, 7);
          _cs_report_append_cell (out, part->label, 46);
          _cs_report_append_cell (out, value, -24);
          _cs_report_append_cell (out, share, -9);
          cs_cli_append_len (out, " ", 1);
          cs_cli_append (out, cs_provenance_get_marker (part->provenance));
          _cs_report_end_line (out);
        }
    }
  else
    {
      g_autofree char *value = _cs_report_format_metric_value (chart->value, chart->unit);
      g_autofree char *own_medium = NULL, *own_high = NULL;
      const char *medium = format_cached (formatted, chart->medium, &own_medium);
      const char *high = format_cached (formatted, chart->high, &own_high);

      const char *args[] = { chart->title, value, cs_provenance_get_marker (chart->provenance),
                             band_label (chart->band), medium, high,
                             chart->higher_is_better ? w->higher_is_better : "" };

      _cs_report_append_format (out, w->ref, args, G_N_ELEMENTS (args));
      if (chart->sentence != NULL)
        {
          cs_cli_append_spaces (out, 7);
          _cs_report_append_line (out, chart->sentence);
        }
    }
}

void
_cs_report_chart_text (const CsChartValues *chart,
                      GString             *out)
{
  _cs_report_chart_text_cached (chart, NULL, out);
}

