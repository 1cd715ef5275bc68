/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-format.c — how chart numbers read: separators, units, "—" */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "cs-chart-format.h"

static void
get_locale_marks (const char **decimal_point,
                  const char **thousands_sep)
{
  struct lconv *lc = localeconv ();

  *decimal_point = (lc->decimal_point != NULL && lc->decimal_point[0] != '\0') ? lc->decimal_point : ".";
  if (lc->thousands_sep != NULL && lc->thousands_sep[0] != '\0')
    *thousands_sep = lc->thousands_sep;
  else
    /* The C locale has no grouping, but unseparated ten-digit cycle counts do
     * not read at a glance; use the mark that cannot be confused with the
     * decimal point. */
    *thousands_sep = strcmp (*decimal_point, ",") == 0 ? "." : ",";
}

char *
cs_chart_format_grouped (double value,
                         guint  decimals)
{
  const char *decimal_point;
  const char *thousands_sep;
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 64];
  char format[16];
  const char *digits;
  const char *frac;
  gboolean negative;
  gsize n_int;
  GString *out;

  if (!isfinite (value))
    return g_strdup (CS_CHART_NO_VALUE);

  decimals = MIN (decimals, 9);
  get_locale_marks (&decimal_point, &thousands_sep);
  g_snprintf (format, sizeof format, "%%.%uf", decimals);
  /* Formatted in the C locale, then re-marked, so grouping is ours alone. */
  g_ascii_formatd (buf, sizeof buf, format, fabs (value));

  digits = buf;
  frac = strchr (buf, '.');
  n_int = frac != NULL ? (gsize) (frac - buf) : strlen (buf);
  /* "-0.0" is not a negative number worth a sign. */
  negative = value < 0 && strspn (buf, "0.") != strlen (buf);

  out = g_string_new (negative ? "-" : "");
  for (gsize i = 0; i < n_int; i++)
    {
      if (i > 0 && (n_int - i) % 3 == 0)
        g_string_append (out, thousands_sep);
      g_string_append_c (out, digits[i]);
    }
  if (frac != NULL)
    {
      g_string_append (out, decimal_point);
      g_string_append (out, frac + 1);
    }
  return g_string_free (out, FALSE);
}

static const char *
unit_separator (const char *unit)
{
  /* A ratio or a plain count needs no unit after the number. */
  if (unit == NULL || unit[0] == '\0' || strcmp (unit, "ratio") == 0 || strcmp (unit, "count") == 0)
    return NULL;
  return " ";
}

/* Model units are identifiers ("cycles"); the words among them are shown in
 * the reader's language. Symbols ("%", "s", "ms", "/s") stay as they are. */
static const char *
unit_text (const char *unit)
{
  if (g_strcmp0 (unit, "cycles") == 0)
    /* TRANSLATORS: unit after a number of CPU cycles, e.g. "4.97 G cycles" */
    return _("cycles");
  if (g_strcmp0 (unit, "slots") == 0)
    /* TRANSLATORS: unit after a number of pipeline issue slots, e.g. "1.2 G slots" */
    return _("slots");
  return unit;
}

static char *
append_unit (char       *number,
             const char *unit)
{
  char *ret;

  if (unit_separator (unit) == NULL || strcmp (number, CS_CHART_NO_VALUE) == 0)
    return number;
  ret = g_strconcat (number, unit_separator (unit), unit_text (unit), NULL);
  g_free (number);
  return ret;
}

/* Three significant digits, trailing zeros dropped down to one decimal:
 * 0.25, 1.25, 2.0, 48.7. */
static char *
format_significant (double value)
{
  double a = fabs (value);
  int decimals;
  char *s;
  char *dot;
  gsize len;

  if (a < 1e-9)
    return g_strdup ("0");
  decimals = CLAMP (2 - (int) floor (log10 (a)), 1, 9);
  s = cs_chart_format_grouped (value, decimals);
  len = strlen (s);
  dot = s + len - decimals;
  while (len > 0 && s + len - 1 > dot && s[len - 1] == '0')
    s[--len] = '\0';
  return s;
}

char *
cs_chart_format_value (double      value,
                       const char *unit)
{
  char *number;

  if (!isfinite (value))
    return g_strdup (CS_CHART_NO_VALUE);

  if (g_strcmp0 (unit, "%") == 0)
    number = cs_chart_format_grouped (value, 1);
  else if (fabs (value) >= 1000.0 || fabs (value - round (value)) < 1e-9)
    number = cs_chart_format_grouped (round (value), 0);
  else
    number = format_significant (value);
  return append_unit (number, unit);
}

/* "1.00" → "1", "1.50" → "1.5": @decimals digits follow the decimal mark. */
static char *
strip_zeros (char  *s,
             guint  decimals)
{
  const char *decimal_point;
  const char *thousands_sep;
  gsize len = strlen (s);
  guint stripped = 0;

  if (decimals == 0)
    return s;
  get_locale_marks (&decimal_point, &thousands_sep);
  while (stripped < decimals && len > 0 && s[len - 1] == '0')
    {
      s[--len] = '\0';
      stripped++;
    }
  if (stripped == decimals && len >= strlen (decimal_point))
    s[len - strlen (decimal_point)] = '\0';
  return s;
}

char *
cs_chart_format_compact (double      value,
                         const char *unit)
{
  static const struct { double base; const char *prefix; } prefixes[] = {
    { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" },
  };
  double a = fabs (value);

  if (!isfinite (value))
    return g_strdup (CS_CHART_NO_VALUE);

  if (g_strcmp0 (unit, "%") != 0)
    for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
      {
        /* 999,600 rounds to "1.00 M", not "1000 k". */
        if (a >= prefixes[i].base * 0.9995)
          {
            double scaled = value / prefixes[i].base;
            guint decimals = fabs (scaled) >= 99.95 ? 0 : fabs (scaled) >= 9.995 ? 1 : 2;
            g_autofree char *number = strip_zeros (cs_chart_format_grouped (scaled, decimals), decimals);

            if (unit_separator (unit) == NULL)
              return g_strconcat (number, " ", prefixes[i].prefix, NULL);
            return g_strconcat (number, " ", prefixes[i].prefix, " ", unit_text (unit), NULL);
          }
      }

  /* Whole percentages (thresholds, mostly) read better without ".0". */
  if (g_strcmp0 (unit, "%") == 0)
    return append_unit (cs_chart_format_grouped (value, (a >= 100 || fabs (value - round (value)) < 1e-9) ? 0 : 1), unit);
  if (fabs (value - round (value)) < 1e-9)
    return append_unit (cs_chart_format_grouped (round (value), 0), unit);
  return append_unit (format_significant (value), unit);
}

char *
cs_chart_format_share (double share)
{
  g_autofree char *number = NULL;

  if (!isfinite (share))
    return g_strdup (CS_CHART_NO_VALUE);
  number = cs_chart_format_grouped (share * 100.0, 1);
  return g_strconcat (number, " %", NULL);
}

const char *
cs_provenance_get_marker (CsProvenance provenance)
{
  switch (provenance)
    {
    case CS_PROVENANCE_SCALED:
      return "~";
    case CS_PROVENANCE_ESTIMATED:
      return "≈";
    case CS_PROVENANCE_RECONSTRUCTED:
      return "†";
    case CS_PROVENANCE_NONE:
    case CS_PROVENANCE_COUNTED:
    default:
      return "";
    }
}

const char *
cs_provenance_get_description (CsProvenance provenance)
{
  switch (provenance)
    {
    case CS_PROVENANCE_SCALED:
      return _("scaled: counted part of the time (multiplexed)");
    case CS_PROVENANCE_ESTIMATED:
      return _("estimated from samples");
    case CS_PROVENANCE_RECONSTRUCTED:
      return _("reconstructed");
    case CS_PROVENANCE_NONE:
    case CS_PROVENANCE_COUNTED:
    default:
      return NULL;
    }
}
