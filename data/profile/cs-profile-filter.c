/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-filter.c — the filter value: its clauses (perf's syntax for them:
 * cs-profile-filter-parse.c) */
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
