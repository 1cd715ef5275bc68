/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-filter-parse.c — perf's syntax for a filter's clauses (--time, --pid, --cpu, …)
 *
 * The time syntax is perf's (tools/perf/util/time-utils.c): absolute
 * ranges "START,STOP" in seconds with up to nine decimals, an end left
 * empty (or 0) being open, several ranges separated by spaces, ascending
 * and disjoint; or percentages of the time from the first to the last
 * sample, where a range's end is moved one nanosecond back unless it is
 * the last sample's time, so that "0%-50%,50%-100%" cuts the recording in
 * two without sharing a nanosecond.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-profile-filter.h"

/* perf's parse_nsec_time(): "SEC" or "SEC.FRACTION" (at most nine
 * decimals). */
static gboolean
parse_seconds (const char *text,
               guint64    *ns)
{
  const char *p = text;
  guint64 sec = 0, frac = 0;
  guint digits = 0;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      if (sec > G_MAXUINT64 / 10 / G_USEC_PER_SEC / 1000)
        return FALSE;
      sec = sec * 10 + (guint64) (*p - '0');
    }
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++, digits++)
      {
        if (digits == 9)
          return FALSE;
        frac = frac * 10 + (guint64) (*p - '0');
      }
  if (*p != '\0')
    return FALSE;
  for (; digits < 9; digits++)
    frac *= 10;
  *ns = sec * G_GUINT64_CONSTANT (1000000000) + frac;
  return TRUE;
}

static gboolean
parse_percent (const char *text,
               double     *fraction)
{
  g_autofree char *copy = g_strdup (text);
  char *pc = strchr (copy, '%');
  char *end = NULL;

  if (pc == NULL || pc[1] != '\0')
    return FALSE;
  *pc = '\0';
  *fraction = g_ascii_strtod (copy, &end) / 100.0;
  return end != copy && *end == '\0';
}

/* perf's set_percent_time(). */
static gboolean
percent_range (double       start_pc,
               double       end_pc,
               guint64      first,
               guint64      last,
               CsTimeRange *range)
{
  guint64 total = last - first;

  if (!(start_pc >= 0 && start_pc <= 1 && end_pc >= 0 && end_pc <= 1))
    return FALSE;
  range->start = first + (guint64) round (start_pc * (double) total);
  range->end = first + (guint64) round (end_pc * (double) total);
  if (range->end > range->start && range->end != last)
    range->end--;
  return TRUE;
}

static gboolean
parse_percent_item (const char  *item,
                    guint64      first,
                    guint64      last,
                    gboolean     slash,
                    CsTimeRange *range)
{
  g_auto(GStrv) parts = g_strsplit (item, slash ? "/" : "-", 2);
  double a, b;

  if (parts[0] == NULL || parts[1] == NULL)
    return FALSE;
  if (slash)
    {
      char *end = NULL;
      long n = strtol (parts[1], &end, 10);

      if (!parse_percent (parts[0], &a) || end == parts[1] || *end != '\0' || a <= 0)
        return FALSE;
      return percent_range (a * (double) (n - 1), a * (double) n, first, last, range);
    }
  return parse_percent (parts[0], &a) && parse_percent (parts[1], &b) &&
         percent_range (a, b, first, last, range);
}

static gboolean
time_error (const char  *text,
            GError     **error)
{
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
               _("--time “%s” is no time range: give START,STOP in seconds as perf script prints "
                 "times (either may be left out), several such ranges separated by spaces, or "
                 "percentages of the recording such as 20%%-60%% or 10%%/2"), text);
  return FALSE;
}

gboolean
cs_profile_filter_parse_time (CsProfileFilter  *self,
                              const char       *text,
                              guint64           first,
                              guint64           last,
                              GError          **error)
{
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (CsTimeRange));

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (strchr (text, '%') != NULL)
    {
      gboolean slash = strchr (text, '/') != NULL;
      gboolean dash = strchr (text, '-') != NULL;
      g_auto(GStrv) items = g_strsplit (text, ",", -1);

      if (last < first || (first == 0 && last == 0))
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                       _("--time with percentages needs the time of the first and the last sample, "
                         "and this recording has no timestamps: give absolute times instead"));
          return FALSE;
        }
      for (guint i = 0; items[i] != NULL; i++)
        {
          g_autofree char *item = NULL;
          CsTimeRange r;

          if (slash || dash)
            {
              if (!parse_percent_item (items[i], first, last, slash, &r))
                return time_error (text, error);
            }
          else
            {
              /* "50%": the first half, as perf's "50%/1" */
              item = g_strconcat (items[i], "/1", NULL);
              if (items[1] != NULL || !parse_percent_item (item, first, last, TRUE, &r))
                return time_error (text, error);
            }
          g_array_append_val (ranges, r);
        }
    }
  else
    {
      g_autofree char *copy = g_strstrip (g_strdup (text));
      g_auto(GStrv) items = g_regex_split_simple ("\\s+", copy, 0, 0);

      for (guint i = 0; items[i] != NULL; i++)
        {
          const char *comma = strchr (items[i], ',');
          g_autofree char *start = NULL;
          CsTimeRange r = { 0, 0 };

          if (comma == NULL || strchr (comma + 1, ',') != NULL)
            return time_error (text, error);
          start = g_strndup (items[i], comma - items[i]);
          if ((start[0] != '\0' && !parse_seconds (start, &r.start)) ||
              (comma[1] != '\0' && !parse_seconds (comma + 1, &r.end)))
            return time_error (text, error);
          if (r.end != 0 && r.end < r.start)
            {
              g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                           _("--time “%s” ends before it starts"), items[i]);
              return FALSE;
            }
          /* perf: an end of 0 is no end */
          if (r.end == 0)
            r.end = G_MAXUINT64;
          if (ranges->len > 0 && g_array_index (ranges, CsTimeRange, ranges->len - 1).end >= r.start)
            {
              g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                           _("the ranges of --time “%s” overlap or are out of order: give them "
                             "earliest first"), text);
              return FALSE;
            }
          g_array_append_val (ranges, r);
        }
      if (ranges->len == 0)
        return time_error (text, error);
    }
  cs_profile_filter_add_time (self, FALSE, (const CsTimeRange *) ranges->data, ranges->len);
  return TRUE;
}

/* perf's CPU list: "0-3,6". */
static gboolean
parse_cpu_list (const char *text,
                GArray     *numbers)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) ends = g_strsplit (items[i], "-", 2);
      guint64 a, b;

      if (!g_ascii_string_to_unsigned (ends[0], 10, 0, G_MAXUINT16 - 1, &a, NULL))
        return FALSE;
      b = a;
      if (ends[1] != NULL && !g_ascii_string_to_unsigned (ends[1], 10, a, G_MAXUINT16 - 1, &b, NULL))
        return FALSE;
      for (guint64 c = a; c <= b; c++)
        {
          gint64 v = (gint64) c;

          g_array_append_val (numbers, v);
        }
    }
  return numbers->len > 0;
}

gboolean
cs_profile_filter_parse_list (CsProfileFilter  *self,
                              CsFilterKind      kind,
                              const char       *text,
                              const char       *option,
                              GError          **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  switch (kind)
    {
    case CS_FILTER_PROCESS:
    case CS_FILTER_THREAD:
    case CS_FILTER_CPU:
      {
        g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
        gboolean ok = TRUE;

        if (kind == CS_FILTER_CPU)
          ok = parse_cpu_list (text, numbers);
        else
          {
            g_auto(GStrv) items = g_strsplit (text, ",", -1);

            for (guint i = 0; ok && items[i] != NULL; i++)
              {
                gint64 v;

                ok = g_ascii_string_to_signed (items[i], 10, 0, G_MAXINT32, &v, NULL);
                if (ok)
                  g_array_append_val (numbers, v);
              }
            ok = ok && numbers->len > 0;
          }
        if (!ok)
          {
            g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                         kind == CS_FILTER_CPU
                           ? _("%s “%s” is no CPU list: give CPU numbers and ranges such as 0-3,6")
                           : _("%s “%s” is no list of ids: give numbers separated by commas, such as 1234,1240"),
                         option, text);
            return FALSE;
          }
        cs_profile_filter_add_numbers (self, kind, FALSE, (const gint64 *) numbers->data, numbers->len);
        return TRUE;
      }
    case CS_FILTER_COMM:
    case CS_FILTER_MODULE:
    case CS_FILTER_SYMBOL:
    case CS_FILTER_FUNCTION:
      {
        g_auto(GStrv) items = g_strsplit (text, ",", -1);

        if (items[0] == NULL || items[0][0] == '\0')
          {
            g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                         _("%s needs at least one name (several separated by commas)"), option);
            return FALSE;
          }
        cs_profile_filter_add_strings (self, kind, FALSE, (const char * const *) items);
        return TRUE;
      }
    case CS_FILTER_TIME:
    default:
      g_return_val_if_reached (FALSE);
    }
}
