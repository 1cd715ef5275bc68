/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-children-rows.h — `perf report --children --sort sym` beside
 * `cyclescope report --children --sort sym`, for the call-graph tests
 * (header only)
 *
 * Rows are keyed by symbol name. Code without a symbol is printed by perf
 * as its run-time address ("0x…" or 16 hex digits) and by us as
 * "module+0x<file offset>": both become "+0x" and the address's offset in
 * its page, which mapping preserves.
 */
#pragma once

#include <math.h>

#include "cs-profile-test-util.h"

typedef struct
{
  char   *key;
  double  children;
  double  self;
} CsChildrenRow;

static inline void
cs_children_row_free (gpointer p)
{
  CsChildrenRow *r = p;

  g_free (r->key);
  g_free (r);
}

static inline char *
cs_children_row_key (const char *sym)
{
  const char *plus = strstr (sym, "+0x");
  gsize hex = strspn (sym, "0123456789abcdef");

  if (g_str_has_prefix (sym, "0x"))
    return g_strdup_printf ("+0x%03" G_GINT64_MODIFIER "x", g_ascii_strtoull (sym + 2, NULL, 16) & 0xfff);
  if (hex == 16 && sym[16] == '\0')
    return g_strdup_printf ("+0x%03" G_GINT64_MODIFIER "x", g_ascii_strtoull (sym, NULL, 16) & 0xfff);
  if (plus != NULL && strchr (plus + 3, ' ') == NULL)
    return g_strdup_printf ("+0x%03" G_GINT64_MODIFIER "x", g_ascii_strtoull (plus + 3, NULL, 16) & 0xfff);
  return g_strdup (sym);
}

/* perf's rows; @extra: more perf report arguments (NULL-terminated, may be
 * NULL). *@any_inlined: whether perf showed an inlined function. */
static inline GPtrArray *
cs_children_perf_rows (const char         *perf,
                       const char         *file,
                       const char * const *extra,
                       gboolean           *any_inlined)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *base[] = { "report", "-i", file, "--stdio", "--children", "--sort", "sym", "-g", "none",
                         "-t", "|", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  /* perf's own text of a row -> the row */
  g_autoptr(GHashTable) by_text = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *rows = g_ptr_array_new_with_free_func (cs_children_row_free);

  for (guint i = 0; base[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) base[i]);
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  g_ptr_array_add (args, NULL);
  out = cs_perf_test_run (perf, (const char * const *) args->pdata);
  lines = g_strsplit (out, "\n", -1);
  *any_inlined = FALSE;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      char *sym;
      CsChildrenRow *r;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], "|", 3);
      if (g_strv_length (f) < 3)
        continue;
      sym = g_strstrip (f[2]);
      if (g_str_has_prefix (sym, "[.] ") || g_str_has_prefix (sym, "[k] "))
        sym += 4;
      if (g_str_has_suffix (sym, " (inlined)"))
        *any_inlined = TRUE;
      /* --sort sym can split one address without a symbol over two rows
       * (one per map structure of the threads that reach it, as --sort
       * dso,sym shows in one row): those add up */
      if ((r = g_hash_table_lookup (by_text, sym)) == NULL)
        {
          r = g_new0 (CsChildrenRow, 1);
          r->key = cs_children_row_key (sym);
          g_hash_table_insert (by_text, g_strdup (sym), r);
          g_ptr_array_add (rows, r);
        }
      r->children += g_ascii_strtod (g_strstrip (f[0]), NULL);
      r->self += g_ascii_strtod (g_strstrip (f[1]), NULL);
    }
  return rows;
}

/* Our rows, without inlined functions unless @keep_inlined. */
static inline GPtrArray *
cs_children_our_rows (const char *cyclescope,
                      const char *file,
                      gboolean    keep_inlined)
{
  const char *args[] = { "report", file, "--children", "--sort", "sym", "--format", "csv", "--limit", "0", NULL };
  CliResult res = cli_run (cyclescope, args);
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (cs_children_row_free);

  if (res.status != 0)
    g_error ("cyclescope report failed (%d): %s", res.status, res.err);
  lines = g_strsplit (res.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "event,children_percent,self_percent,children_period,self_period,dso,symbol,inlined,"
                                 "samples,children_samples");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) f = csv_split (lines[i]);
      CsChildrenRow *r;

      g_assert_cmpuint (g_strv_length (f), ==, 10);
      if (!keep_inlined && g_str_equal (f[7], "1"))
        continue;
      r = g_new0 (CsChildrenRow, 1);
      r->children = g_ascii_strtod (f[1], NULL);
      r->self = g_ascii_strtod (f[2], NULL);
      r->key = cs_children_row_key (f[6]);
      g_ptr_array_add (rows, r);
    }
  cli_result_clear (&res);
  return rows;
}

static inline const CsChildrenRow *
cs_children_find (GPtrArray  *rows,
                  const char *key)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (((CsChildrenRow *) rows->pdata[i])->key, key))
      return rows->pdata[i];
  return NULL;
}

static inline int
cs_children_by_children (gconstpointer a,
                         gconstpointer b)
{
  const CsChildrenRow *x = *(const CsChildrenRow **) a, *y = *(const CsChildrenRow **) b;

  return x->children < y->children ? 1 : x->children > y->children ? -1 : 0;
}

/* Rows of the same name as one, by Children again: a function and its
 * .cold part add up; code without a symbol, which perf lists once by the
 * sample's own address (Self) and once by the address its call chains
 * hold (Children), is one row with the largest of each (perf's rows of
 * the same address were added up as they were read). */
static inline void
cs_children_merge (GPtrArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    {
      CsChildrenRow *r = rows->pdata[i];

      for (guint k = i + 1; k < rows->len;)
        {
          CsChildrenRow *o = rows->pdata[k];

          if (g_str_equal (o->key, r->key))
            {
              gboolean unknown = g_str_has_prefix (r->key, "+0x");

              r->children = unknown ? MAX (r->children, o->children) : r->children + o->children;
              r->self = unknown ? MAX (r->self, o->self) : r->self + o->self;
              g_ptr_array_remove_index (rows, k);
            }
          else
            k++;
        }
    }
  g_ptr_array_sort (rows, cs_children_by_children);
}

static inline void
cs_children_print (const char *what,
                   GPtrArray  *rows,
                   guint       n)
{
  g_test_message ("%s:", what);
  for (guint i = 0; i < rows->len && i < n; i++)
    {
      const CsChildrenRow *r = rows->pdata[i];

      g_test_message ("  %6.2f %6.2f  %s", r->children, r->self, r->key);
    }
}

/* @a's first @top rows are in @b within @tolerance points, Children and
 * Self (a row @b lacks counts as 0). */
static inline void
cs_children_check_top (const char *a_name,
                       GPtrArray  *a,
                       const char *b_name,
                       GPtrArray  *b,
                       guint       top,
                       double      tolerance)
{
  for (guint i = 0; i < a->len && i < top; i++)
    {
      const CsChildrenRow *ra = a->pdata[i];
      const CsChildrenRow *rb = cs_children_find (b, ra->key);
      double children = rb != NULL ? rb->children : 0, self = rb != NULL ? rb->self : 0;

      if (fabs (ra->children - children) > tolerance || fabs (ra->self - self) > tolerance)
        {
          cs_children_print (a_name, a, top + 5);
          cs_children_print (b_name, b, top + 5);
          g_error ("“%s”: children %.2f %%, self %.2f %% in %s but %.2f %%, %.2f %% in %s", ra->key,
                   ra->children, ra->self, a_name, children, self, b_name);
        }
    }
}
