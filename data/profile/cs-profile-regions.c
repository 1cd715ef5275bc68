/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-regions.c — samples per region: the modular symbol-level analysis
 *
 * Kruse sampled inside each framework module and showed the modules ranked
 * by samples (Fig. 5.6) and, per module and event, its top symbols with
 * samples, percentage, name, library and full signature (Fig. 5.7) (Kruse,
 * CMSSW Performance Monitoring, 2011, §5.4). Here every key carries the
 * region its samples ran in (cs-profile.c asks cs-region-marks.c once per
 * sample), so these tables are sums over the keys of one region; they are
 * built when asked for, from a few thousand keys. With call chains, each
 * kept sample has its region too (CsProfileSamples.region), and a region's
 * call graph is the graph of its samples.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-call-graph.h"
#include "cs-error.h"
#include "cs-profile-private.h"

guint
cs_profile_get_n_regions (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->marks != NULL ? cs_region_marks_get_n_regions (self->marks) : 0;
}

const char *
cs_profile_get_region_name (CsProfile *self,
                            guint      region)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->marks != NULL ? cs_region_marks_get_name (self->marks, region) : NULL;
}

guint
cs_profile_find_region (CsProfile  *self,
                        const char *name)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->marks != NULL && name != NULL ? cs_region_marks_find (self->marks, name) : 0;
}

void
cs_profile_get_region_total (CsProfile *self,
                             guint      event,
                             guint      region,
                             guint64   *samples,
                             guint64   *period)
{
  guint64 n = 0, p = 0;

  g_return_if_fail (CS_IS_PROFILE (self));

  for (guint k = 0; k < self->table.n_keys; k++)
    {
      const CsProfileKey *key = &self->table.keys[k];

      if (key->event == event && key->region == region)
        {
          n += key->samples;
          p += key->period;
        }
    }
  if (samples != NULL)
    *samples = n;
  if (period != NULL)
    *period = p;
}

static int
compare_region_rows (gconstpointer a,
                     gconstpointer b)
{
  const CsProfileRegionRow *ra = a, *rb = b;

  if (ra->period != rb->period)
    return ra->period > rb->period ? -1 : 1;
  if (ra->samples != rb->samples)
    return ra->samples > rb->samples ? -1 : 1;
  return g_strcmp0 (ra->name, rb->name);
}

GArray *
cs_profile_dup_region_table (CsProfile *self,
                             guint      event)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileRegionRow));
  guint n;
  g_autofree guint64 *samples = NULL, *period = NULL;

  g_return_val_if_fail (CS_IS_PROFILE (self), rows);
  g_return_val_if_fail (event < self->n_events, rows);

  n = cs_profile_get_n_regions (self);
  samples = g_new0 (guint64, n + 1);
  period = g_new0 (guint64, n + 1);
  for (guint k = 0; k < self->table.n_keys; k++)
    {
      const CsProfileKey *key = &self->table.keys[k];

      if (key->event == event && key->region <= n)
        {
          samples[key->region] += key->samples;
          period[key->region] += key->period;
        }
    }
  for (guint r = 1; r <= n; r++)
    {
      CsProfileRegionRow row = { r, cs_profile_get_region_name (self, r), samples[r], period[r], 0 };

      if (row.samples == 0)
        continue;
      row.percent = _cs_profile_percent (self, event, row.period);
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_region_rows);
  return rows;
}

GArray *
cs_profile_dup_region_symbol_table (CsProfile *self,
                                    guint      event,
                                    guint      region,
                                    guint      limit)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileSymbolRow));
  g_autofree gint *row_of = NULL;   /* symbol index -> row + 1 */
  guint64 total = 0;

  g_return_val_if_fail (CS_IS_PROFILE (self), rows);
  g_return_val_if_fail (event < self->n_events, rows);

  row_of = g_new0 (gint, MAX (self->symbols->len, 1));
  for (guint k = 0; k < self->table.n_keys; k++)
    {
      const CsProfileKey *key = &self->table.keys[k];
      guint sym = self->key_symbol[k];
      CsProfileSymbolRow *row;

      if (key->event != event || key->region != region || key->samples == 0)
        continue;
      if (row_of[sym] == 0)
        {
          CsProfileSymbolRow fresh = { cs_profile_get_symbol (self, sym), 0, 0, 0, 0 };

          g_array_append_val (rows, fresh);
          row_of[sym] = (gint) rows->len;
        }
      row = &g_array_index (rows, CsProfileSymbolRow, row_of[sym] - 1);
      row->samples += key->samples;
      row->period += key->period;
      total += key->period;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      CsProfileSymbolRow *row = &g_array_index (rows, CsProfileSymbolRow, i);

      row->percent = _cs_profile_percent (self, event, row->period);
      row->module_percent = total > 0 ? 100.0 * (double) row->period / (double) total : 0;
    }
  g_array_sort (rows, _cs_profile_compare_symbol_rows);
  if (limit > 0 && rows->len > limit)
    g_array_set_size (rows, limit);
  return rows;
}

CsCounts *
cs_profile_build_region_counts (CsProfile *self,
                                CsModel   *model,
                                guint      region)
{
  CsCounts *counts = cs_counts_new ();

  g_return_val_if_fail (CS_IS_PROFILE (self), counts);
  g_return_val_if_fail (CS_IS_MODEL (model), counts);

  for (guint i = 0; i < self->n_events; i++)
    {
      const char *alias;
      guint64 period;

      if (self->events[i].n_samples == 0 || (alias = cs_profile_get_model_alias (self, model, i)) == NULL)
        continue;
      cs_profile_get_region_total (self, i, region, NULL, &period);
      /* As for modules: Σ period estimates the count, never counts it. */
      cs_counts_add (counts, alias, (double) period, CS_PROVENANCE_ESTIMATED);
    }
  return counts;
}

CsCallGraph *
cs_call_graph_new_for_region (CsProfile     *profile,
                              guint          region,
                              GCancellable  *cancellable,
                              GError       **error)
{
  const CsProfileSamples *samples;
  g_autoptr(GArray) subset = NULL;
  const guint32 *selected;
  guint n_selected;

  g_return_val_if_fail (CS_IS_PROFILE (profile), NULL);

  /* (its error says how to record call chains) */
  if (!cs_profile_has_call_chains (profile))
    return cs_call_graph_new_for_profile (profile, cancellable, error);
  samples = cs_profile_get_samples (profile);
  if (samples->location_region == NULL || region == 0 || region > cs_profile_get_n_regions (profile))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("%s has no samples of that region: record with “cyclescope record --regions” "
                     "a program that marks its regions"), cs_profile_get_path (profile));
      return NULL;
    }
  subset = g_array_new (FALSE, FALSE, sizeof (guint32));
  /* (of a filtered profile's selection, when it is one) */
  selected = cs_profile_get_subset (profile, &n_selected);
  for (guint32 j = 0; j < n_selected; j++)
    {
      guint32 i = selected != NULL ? selected[j] : j;

      if (cs_profile_samples_region (samples, i) == region)
        g_array_append_val (subset, i);
    }
  return cs_call_graph_new (profile, cs_profile_get_call_stacks (profile), samples->stack,
                            (const guint32 *) (gpointer) subset->data, subset->len, cancellable, error);
}
