/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-comparison-rows.c — the module, function and region tables of both
 * sides, matched by name
 *
 * Never by address: the same source built twice puts its functions at other
 * addresses, so a function is its module's basename and the name perf
 * prints (demangled, without parameters; of aliases the one the profile
 * already chose). Rows of one side that share a key (two static functions
 * of one name in one module) are added up, as a reader of the two reports
 * would, and so is a module's code that no symbol covers. `perf diff` is
 * the oracle (tests/app/cli/test-diff-perf.c). Shares are of the period, as `perf report` computes them, so the
 * deltas are the difference of the two reports.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cs-comparison-private.h"
#include "cs-error.h"

/* The function row of a module's code that no symbol covers. */
#define UNNAMED_CODE "[unknown]"

typedef struct
{
  char    *name;
  char    *module;
  guint64  samples[2];   /* base, new */
  guint64  period[2];
  gboolean seen[2];
} Match;

static void
match_free (Match *m)
{
  g_free (m->name);
  g_free (m->module);
  g_free (m);
}

typedef struct
{
  GHashTable *by_key;    /* "module\x1fname" -> Match* (owned) */
  GPtrArray  *order;     /* Match*, first seen first */
} Matcher;

static void
matcher_init (Matcher *matcher)
{
  matcher->by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) match_free);
  matcher->order = g_ptr_array_new ();
}

static void
matcher_clear (Matcher *matcher)
{
  g_ptr_array_unref (matcher->order);
  g_hash_table_unref (matcher->by_key);
}

static void
matcher_add (Matcher    *matcher,
             guint       side,
             const char *module,
             const char *name,
             guint64     samples,
             guint64     period)
{
  g_autofree char *key = g_strconcat (module != NULL ? module : "", "\x1f", name, NULL);
  Match *m = g_hash_table_lookup (matcher->by_key, key);

  if (m == NULL)
    {
      m = g_new0 (Match, 1);
      m->name = g_strdup (name);
      m->module = g_strdup (module);
      g_hash_table_insert (matcher->by_key, g_steal_pointer (&key), m);
      g_ptr_array_add (matcher->order, m);
    }
  m->samples[side] += samples;
  m->period[side] += period;
  m->seen[side] = TRUE;
}

static void
add_modules (Matcher             *matcher,
             guint                side,
             const CsCompareSide *s)
{
  g_autoptr(GArray) rows = cs_profile_dup_module_table (s->profile, s->event);

  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileModuleRow *r = &g_array_index (rows, CsProfileModuleRow, i);

      matcher_add (matcher, side, NULL, _cs_compare_side_module (s, r->module->name), r->samples, r->period);
    }
}

static void
add_functions (Matcher             *matcher,
               guint                side,
               const CsCompareSide *s)
{
  g_autoptr(GArray) rows = cs_profile_dup_symbol_table (s->profile, s->event, NULL, 0);

  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileSymbolRow *r = &g_array_index (rows, CsProfileSymbolRow, i);
      const CsSymbol *sym = r->symbol->symbol;
      gboolean unnamed = sym == NULL || sym->unknown;

      /* Code no symbol covers is one row per module, as `perf diff` pairs
       * it (its entries collapse by symbol name, and these have none): an
       * address of one build means nothing in the other. */
      matcher_add (matcher, side, _cs_compare_side_module (s, r->symbol->module->name), unnamed ? UNNAMED_CODE : r->symbol->display_name,
                   r->samples, r->period);
    }
}

static void
add_regions (Matcher             *matcher,
             guint                side,
             const CsCompareSide *s)
{
  g_autoptr(GArray) rows = NULL;

  if (cs_profile_get_n_regions (s->profile) == 0)
    return;
  rows = cs_profile_dup_region_table (s->profile, s->event);
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileRegionRow *r = &g_array_index (rows, CsProfileRegionRow, i);

      matcher_add (matcher, side, NULL, r->name, r->samples, r->period);
    }
}

static double
share_of (guint64 period,
          guint64 total)
{
  return total > 0 ? 100.0 * (double) period / (double) total : 0.0;
}

static void
fill_row (CsRowDelta          *row,
          const Match         *m,
          const CsCompareSide *base,
          const CsCompareSide *new_side)
{
  double sb, sn, tb, tn;

  row->name = g_strdup (m->name);
  row->module = g_strdup (m->module);
  row->base_samples = m->samples[0];
  row->new_samples = m->samples[1];
  row->base_share = share_of (m->period[0], base->period);
  row->new_share = share_of (m->period[1], new_side->period);
  row->delta_points = row->new_share - row->base_share;
  row->base_seconds = row->base_share / 100.0 * base->sampled_seconds;
  row->new_seconds = row->new_share / 100.0 * new_side->sampled_seconds;
  row->delta_seconds = row->new_seconds - row->base_seconds;

  sb = _cs_share_sigma (row->base_share, base->n_samples, base->rel_spread);
  sn = _cs_share_sigma (row->new_share, new_side->n_samples, new_side->rel_spread);
  tb = _cs_seconds_sigma (row->base_seconds, m->samples[0], base->rel_spread);
  tn = _cs_seconds_sigma (row->new_seconds, m->samples[1], new_side->rel_spread);
  row->delta_points_sigma = sqrt (sb * sb + sn * sn);
  row->delta_seconds_sigma = sqrt (tb * tb + tn * tn);

  if (!m->seen[0])
    row->change = row->seconds_change = CS_CHANGE_NEW_ONLY;
  else if (!m->seen[1])
    row->change = row->seconds_change = CS_CHANGE_BASE_ONLY;
  else
    {
      row->change = _cs_change_judge (row->delta_points, sb, sn);
      row->seconds_change = _cs_change_judge (row->delta_seconds, tb, tn);
    }
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const CsRowDelta *ra = a, *rb = b;
  double da = fabs (ra->delta_points), db = fabs (rb->delta_points);
  int by_module;

  if (da != db)
    return da > db ? -1 : 1;
  by_module = g_strcmp0 (ra->module, rb->module);
  return by_module != 0 ? by_module : g_strcmp0 (ra->name, rb->name);
}

static GArray *
rows_of (Matcher             *matcher,
         const CsCompareSide *base,
         const CsCompareSide *new_side)
{
  GArray *rows = g_array_sized_new (FALSE, TRUE, sizeof (CsRowDelta), matcher->order->len);

  g_array_set_clear_func (rows, (GDestroyNotify) cs_row_delta_clear);
  for (guint i = 0; i < matcher->order->len; i++)
    {
      CsRowDelta row = { 0 };

      fill_row (&row, g_ptr_array_index (matcher->order, i), base, new_side);
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_rows);
  return rows;
}

GArray *
cs_comparison_dup_rows (CsComparison   *self,
                        CsCompareTable  table)
{
  const CsCompareSide *sides[2];
  Matcher matcher;
  GArray *rows;

  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  sides[0] = &self->base;
  sides[1] = &self->new_side;
  matcher_init (&matcher);
  for (guint side = 0; side < 2 && self->event != NULL; side++)
    switch (table)
      {
      case CS_COMPARE_MODULES:
        add_modules (&matcher, side, sides[side]);
        break;
      case CS_COMPARE_FUNCTIONS:
        add_functions (&matcher, side, sides[side]);
        break;
      case CS_COMPARE_REGIONS:
        add_regions (&matcher, side, sides[side]);
        break;
      default:
        g_return_val_if_reached (NULL);
      }
  rows = rows_of (&matcher, sides[0], sides[1]);
  matcher_clear (&matcher);
  return rows;
}

/* A side's functions by total: the period of the samples with the
 * function on their stack; the samples are estimated from the period
 * (the graph keeps costs, not counts) for the sampling error. */
static gboolean
add_totals (Matcher             *matcher,
            guint                side,
            const CsCompareSide *s,
            GCancellable        *cancellable,
            GError             **error)
{
  g_autoptr(CsCallGraph) graph = cs_call_graph_new_for_profile (s->profile, cancellable, error);
  g_autoptr(GArray) rows = NULL;
  guint64 total;

  if (graph == NULL)
    {
      g_prefix_error (error, "%s: ", cs_analysis_get_path (s->analysis));
      return FALSE;
    }
  total = cs_call_graph_get_event_total (graph, s->event);
  rows = cs_call_graph_dup_functions (graph, s->event, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      const CsCallFunctionRow *r = &g_array_index (rows, CsCallFunctionRow, i);
      guint64 samples = total > 0 ? (guint64) llround ((double) s->n_samples * r->total / total) : 0;

      matcher_add (matcher, side, r->function->module != NULL ? _cs_compare_side_module (s, r->function->module->name) : NULL,
                   r->function->name, samples, r->total);
    }
  return TRUE;
}

GArray *
cs_comparison_dup_total_rows (CsComparison  *self,
                              GCancellable  *cancellable,
                              GError       **error)
{
  const CsCompareSide *sides[2];
  Matcher matcher;
  GArray *rows = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (CS_IS_COMPARISON (self), NULL);
  if (self->event == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("The recordings have no sampled event in common: there are no call stacks to compare."));
      return NULL;
    }
  sides[0] = &self->base;
  sides[1] = &self->new_side;
  matcher_init (&matcher);
  for (guint side = 0; side < 2 && ok; side++)
    ok = add_totals (&matcher, side, sides[side], cancellable, error);
  if (ok)
    rows = rows_of (&matcher, sides[0], sides[1]);
  matcher_clear (&matcher);
  return rows;
}
