/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-filter.c — the filter value: clauses, and perf's syntax for them
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

typedef struct
{
  CsFilterClause public;
  GArray        *ranges;    /* CsTimeRange */
  GArray        *numbers;   /* gint64 */
  GStrv          strings;
} Clause;

struct _CsProfileFilter
{
  gatomicrefcount ref;
  GPtrArray      *clauses;  /* Clause* */
};

G_DEFINE_BOXED_TYPE (CsProfileFilter, cs_profile_filter, cs_profile_filter_ref, cs_profile_filter_unref)

static void
clause_free (gpointer data)
{
  Clause *c = data;

  g_clear_pointer (&c->ranges, g_array_unref);
  g_clear_pointer (&c->numbers, g_array_unref);
  g_strfreev (c->strings);
  g_free (c);
}

static void
clause_update (Clause *c)
{
  c->public.ranges = c->ranges != NULL ? (const CsTimeRange *) c->ranges->data : NULL;
  c->public.numbers = c->numbers != NULL ? (const gint64 *) c->numbers->data : NULL;
  c->public.strings = (const char * const *) c->strings;
  c->public.n_values = c->ranges != NULL ? c->ranges->len
                     : c->numbers != NULL ? c->numbers->len
                     : c->strings != NULL ? g_strv_length (c->strings) : 0;
}

static Clause *
clause_copy (const Clause *c)
{
  Clause *n = g_new0 (Clause, 1);

  n->public = c->public;
  if (c->ranges != NULL)
    {
      n->ranges = g_array_sized_new (FALSE, FALSE, sizeof (CsTimeRange), c->ranges->len);
      g_array_append_vals (n->ranges, c->ranges->data, c->ranges->len);
    }
  if (c->numbers != NULL)
    {
      n->numbers = g_array_sized_new (FALSE, FALSE, sizeof (gint64), c->numbers->len);
      g_array_append_vals (n->numbers, c->numbers->data, c->numbers->len);
    }
  n->strings = g_strdupv (c->strings);
  clause_update (n);
  return n;
}

CsProfileFilter *
cs_profile_filter_new (void)
{
  CsProfileFilter *self = g_new0 (CsProfileFilter, 1);

  g_atomic_ref_count_init (&self->ref);
  self->clauses = g_ptr_array_new_with_free_func (clause_free);
  return self;
}

CsProfileFilter *
cs_profile_filter_ref (CsProfileFilter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
cs_profile_filter_unref (CsProfileFilter *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_ptr_array_unref (self->clauses);
  g_free (self);
}

CsProfileFilter *
cs_profile_filter_copy (const CsProfileFilter *self)
{
  CsProfileFilter *copy = cs_profile_filter_new ();

  g_return_val_if_fail (self != NULL, copy);
  for (guint i = 0; i < self->clauses->len; i++)
    g_ptr_array_add (copy->clauses, clause_copy (g_ptr_array_index (self->clauses, i)));
  return copy;
}

static int
compare_ranges (gconstpointer a,
                gconstpointer b)
{
  const CsTimeRange *x = a, *y = b;

  return x->start < y->start ? -1 : x->start > y->start;
}

static int
compare_numbers (gconstpointer a,
                 gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

void
cs_profile_filter_add_time (CsProfileFilter   *self,
                            gboolean           exclude,
                            const CsTimeRange *ranges,
                            guint              n_ranges)
{
  Clause *c;
  GArray *merged;

  g_return_if_fail (self != NULL);
  g_return_if_fail (ranges != NULL || n_ranges == 0);

  c = g_new0 (Clause, 1);
  c->public.kind = CS_FILTER_TIME;
  c->public.exclude = exclude;
  c->ranges = g_array_sized_new (FALSE, FALSE, sizeof (CsTimeRange), n_ranges);
  for (guint i = 0; i < n_ranges; i++)
    if (ranges[i].start <= ranges[i].end)
      g_array_append_val (c->ranges, ranges[i]);
  g_array_sort (c->ranges, compare_ranges);
  /* Overlapping or touching ranges become one: a value is a set of times. */
  merged = g_array_sized_new (FALSE, FALSE, sizeof (CsTimeRange), c->ranges->len);
  for (guint i = 0; i < c->ranges->len; i++)
    {
      CsTimeRange r = g_array_index (c->ranges, CsTimeRange, i);
      CsTimeRange *last = merged->len > 0 ? &g_array_index (merged, CsTimeRange, merged->len - 1) : NULL;

      if (last != NULL && (last->end == G_MAXUINT64 || r.start <= last->end + 1))
        last->end = MAX (last->end, r.end);
      else
        g_array_append_val (merged, r);
    }
  g_array_unref (c->ranges);
  c->ranges = merged;
  clause_update (c);
  g_ptr_array_add (self->clauses, c);
}

void
cs_profile_filter_add_numbers (CsProfileFilter *self,
                               CsFilterKind     kind,
                               gboolean         exclude,
                               const gint64    *numbers,
                               guint            n_numbers)
{
  Clause *c;

  g_return_if_fail (self != NULL);
  g_return_if_fail (kind == CS_FILTER_PROCESS || kind == CS_FILTER_THREAD || kind == CS_FILTER_CPU);

  c = g_new0 (Clause, 1);
  c->public.kind = kind;
  c->public.exclude = exclude;
  c->numbers = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_numbers);
  g_array_append_vals (c->numbers, numbers, n_numbers);
  g_array_sort (c->numbers, compare_numbers);
  clause_update (c);
  g_ptr_array_add (self->clauses, c);
}

void
cs_profile_filter_add_strings (CsProfileFilter    *self,
                               CsFilterKind        kind,
                               gboolean            exclude,
                               const char * const *strings)
{
  Clause *c;

  g_return_if_fail (self != NULL);
  g_return_if_fail (kind == CS_FILTER_COMM || kind == CS_FILTER_MODULE || kind == CS_FILTER_SYMBOL ||
                    kind == CS_FILTER_FUNCTION);

  c = g_new0 (Clause, 1);
  c->public.kind = kind;
  c->public.exclude = exclude;
  c->strings = g_strdupv ((char **) strings);
  if (c->strings == NULL)
    c->strings = g_new0 (char *, 1);
  clause_update (c);
  g_ptr_array_add (self->clauses, c);
}

void
cs_profile_filter_add_number (CsProfileFilter *self,
                              CsFilterKind     kind,
                              gboolean         exclude,
                              gint64           number)
{
  cs_profile_filter_add_numbers (self, kind, exclude, &number, 1);
}

void
cs_profile_filter_add_string (CsProfileFilter *self,
                              CsFilterKind     kind,
                              gboolean         exclude,
                              const char      *string)
{
  const char *strings[] = { string, NULL };

  cs_profile_filter_add_strings (self, kind, exclude, strings);
}

void
cs_profile_filter_remove (CsProfileFilter *self,
                          guint            index)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->clauses->len);
  g_ptr_array_remove_index (self->clauses, index);
}

void
cs_profile_filter_truncate (CsProfileFilter *self,
                            guint            n)
{
  g_return_if_fail (self != NULL);
  if (n < self->clauses->len)
    g_ptr_array_set_size (self->clauses, n);
}

gboolean
cs_profile_filter_is_empty (const CsProfileFilter *self)
{
  return self == NULL || self->clauses->len == 0;
}

guint
cs_profile_filter_get_n_clauses (const CsProfileFilter *self)
{
  return self != NULL ? self->clauses->len : 0;
}

const CsFilterClause *
cs_profile_filter_get_clause (const CsProfileFilter *self,
                              guint                  index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->clauses->len, NULL);
  return &((Clause *) g_ptr_array_index (self->clauses, index))->public;
}

static gboolean
clause_equal (const CsFilterClause *a,
              const CsFilterClause *b)
{
  if (a->kind != b->kind || a->exclude != b->exclude || a->n_values != b->n_values)
    return FALSE;
  for (guint i = 0; i < a->n_values; i++)
    {
      if (a->ranges != NULL && (a->ranges[i].start != b->ranges[i].start || a->ranges[i].end != b->ranges[i].end))
        return FALSE;
      if (a->numbers != NULL && a->numbers[i] != b->numbers[i])
        return FALSE;
      if (a->strings != NULL && g_strcmp0 (a->strings[i], b->strings[i]) != 0)
        return FALSE;
    }
  return TRUE;
}

gboolean
cs_profile_filter_equal (const CsProfileFilter *a,
                         const CsProfileFilter *b)
{
  guint n = cs_profile_filter_get_n_clauses (a);

  if (n != cs_profile_filter_get_n_clauses (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!clause_equal (cs_profile_filter_get_clause (a, i), cs_profile_filter_get_clause (b, i)))
      return FALSE;
  return TRUE;
}

CsTimeRange
cs_profile_filter_get_time_span (const CsProfileFilter *self)
{
  CsTimeRange span = { 0, G_MAXUINT64 };

  for (guint i = 0; i < cs_profile_filter_get_n_clauses (self); i++)
    {
      const CsFilterClause *c = cs_profile_filter_get_clause (self, i);

      if (c->kind != CS_FILTER_TIME || c->exclude)
        continue;
      if (c->n_values == 0)
        return (CsTimeRange) { 1, 0 };
      span.start = MAX (span.start, c->ranges[0].start);
      span.end = MIN (span.end, c->ranges[c->n_values - 1].end);
    }
  return span;
}

/* --- perf's syntax --- */

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
