/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-children.c — Children and Self per module, function or line
 *
 * perf's iterator adds a sample once to its own entry (Self and Children)
 * and once to every other entry its call chain passes through (Children),
 * skipping an entry already added for that sample. The same here, per
 * distinct stack rather than per sample: each frame of the stack gives its
 * keys, a key counts once per stack (a stamp remembers the last stack that
 * counted it).
 */
#include "config.h"

#include <string.h>

#include "cs-call-children.h"
#include "cs-call-graph-private.h"
#include "cs-profile-private.h"

typedef struct
{
  CsProfile     *profile;
  CsChildrenKey  kind;
  GPtrArray     *keys;        /* CsChildrenRow* */
  GHashTable    *key_ids;     /* string -> index + 1 (BY_LINE) */
  guint32       *frame_first; /* [n_frames + 1]: the frame's keys … */
  GArray        *frame_keys;  /* … in here */
  guint32       *frame_self;  /* [n_frames]: the key of a sample taken there */
} Keys;

static guint32
row_index (Keys       *k,
           const char *id,
           const char *file,
           guint       line,
           const CsProfileSymbol *symbol)
{
  gpointer v = g_hash_table_lookup (k->key_ids, id);
  CsChildrenRow *row;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  row = g_new0 (CsChildrenRow, 1);
  row->file = file;
  row->line = line;
  row->symbol = symbol;
  row->module = symbol->module;
  g_ptr_array_add (k->keys, row);
  g_hash_table_insert (k->key_ids, g_strdup (id), GUINT_TO_POINTER (k->keys->len));
  return k->keys->len - 1;
}

static guint32
line_key (Keys                  *k,
          const char            *file,
          guint                  line,
          const CsProfileSymbol *symbol)
{
  g_autofree char *id = file != NULL ? g_strdup_printf ("%s:%u", file, line)
                                     : g_strdup_printf ("\1%u", symbol->index);

  return row_index (k, id, file, line, symbol);
}

/* The keys of every frame of the recorded stacks. */
static void
frame_keys (Keys               *k,
            const CsCallStacks *stacks)
{
  CsProfile *profile = k->profile;
  guint n = cs_call_stacks_get_n_frames (stacks);

  k->frame_first = g_new (guint32, n + 1);
  k->frame_self = g_new (guint32, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      guint n_fns;
      const guint32 *fns = cs_call_stacks_get_frame_functions (stacks, i, &n_fns);
      const CsCallFunction *emitted = cs_profile_get_function (profile, fns[0]);
      guint32 key;

      k->frame_first[i] = k->frame_keys->len;
      switch (k->kind)
        {
        case CS_CHILDREN_BY_MODULE:
          key = emitted->module->index;
          g_array_append_val (k->frame_keys, key);
          k->frame_self[i] = key;
          break;
        case CS_CHILDREN_BY_FUNCTION:
          g_array_append_vals (k->frame_keys, fns, n_fns);
          k->frame_self[i] = fns[0];
          break;
        case CS_CHILDREN_BY_LINE:
        default:
          {
            const CsCallFrame *f = cs_call_stacks_get_frame (stacks, i);
            const CsLocation *loc = cs_symbolizer_resolve (profile->symbolizer,
                                                           g_ptr_array_index (profile->raw_modules, f->module),
                                                           f->offset);

            /* each level of the inline chain is where its function is */
            k->frame_self[i] = line_key (k, loc->file, loc->line, emitted->symbol);
            for (guint l = 0; l < loc->n_frames; l++)
              {
                key = line_key (k, loc->frames[l].file, loc->frames[l].line, emitted->symbol);
                g_array_append_val (k->frame_keys, key);
              }
            if (loc->n_frames == 0)
              g_array_append_val (k->frame_keys, k->frame_self[i]);
          }
          break;
        }
    }
  k->frame_first[n] = k->frame_keys->len;
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const CsChildrenRow *x = a, *y = b;

  if (x->children != y->children)
    return x->children > y->children ? -1 : 1;
  if (x->self != y->self)
    return x->self > y->self ? -1 : 1;
  return 0;
}

static guint
n_keys (Keys *k)
{
  switch (k->kind)
    {
    case CS_CHILDREN_BY_MODULE:
      return cs_profile_get_n_modules (k->profile);
    case CS_CHILDREN_BY_FUNCTION:
      return cs_profile_get_n_functions (k->profile);
    case CS_CHILDREN_BY_LINE:
    default:
      return k->keys->len;
    }
}

GArray *
cs_profile_dup_children_table (CsProfile     *profile,
                               CsChildrenKey  kind,
                               guint          event,
                               guint          limit,
                               GCancellable  *cancellable,
                               GError       **error)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsChildrenRow));
  const CsCallStacks *stacks;
  const CsProfileSamples *samples;
  guint n_nodes, E, nk;
  g_autofree guint64 *leaf = NULL;
  g_autofree guint64 *totals = NULL;
  g_autofree guint64 *counts = NULL;
  g_autofree guint64 *self_cost = NULL;
  g_autofree guint64 *children = NULL;
  g_autofree guint64 *node_samples = NULL;
  g_autofree guint64 *self_samples = NULL;
  g_autofree guint64 *children_samples = NULL;
  g_autofree guint32 *stamp = NULL;
  const guint32 *subset;
  guint n_subset;
  Keys k = { profile, kind, NULL, NULL, NULL, NULL, NULL };
  double total;

  g_return_val_if_fail (CS_IS_PROFILE (profile), rows);
  if (!cs_profile_has_call_chains (profile) || event >= cs_profile_get_n_events (profile))
    return rows;

  stacks = cs_profile_get_call_stacks (profile);
  samples = cs_profile_get_samples (profile);
  n_nodes = cs_call_stacks_get_n_nodes (stacks);
  E = cs_profile_get_n_events (profile);
  leaf = g_new0 (guint64, (gsize) n_nodes * E);
  totals = g_new0 (guint64, E);
  counts = g_new0 (guint64, E);
  if (!_cs_call_sum_samples (profile, stacks, samples->stack, NULL, 0, E, leaf, totals, counts,
                             cancellable, error))
    {
      g_array_unref (rows);
      return NULL;
    }

  k.keys = g_ptr_array_new_with_free_func (g_free);
  k.key_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k.frame_keys = g_array_new (FALSE, FALSE, sizeof (guint32));
  frame_keys (&k, stacks);
  nk = n_keys (&k);
  self_cost = g_new0 (guint64, MAX (nk, 1));
  children = g_new0 (guint64, MAX (nk, 1));
  self_samples = g_new0 (guint64, MAX (nk, 1));
  children_samples = g_new0 (guint64, MAX (nk, 1));
  stamp = g_new0 (guint32, MAX (nk, 1));

  /* the samples of each stack, for perf's -n column */
  node_samples = g_new0 (guint64, MAX (n_nodes, 1));
  subset = cs_profile_get_subset (profile, &n_subset);
  for (guint i = 0; i < n_subset; i++)
    {
      guint s = subset != NULL ? subset[i] : i;

      if (cs_profile_samples_event (samples, s) == event && samples->stack[s] < n_nodes)
        node_samples[samples->stack[s]]++;
    }

  for (guint node = 1; node < n_nodes; node++)
    {
      guint64 cost = leaf[(gsize) node * E + event];
      const CsCallStackNode *sn = cs_call_stacks_get_node (stacks, node);

      if (cost == 0)
        continue;
      self_cost[k.frame_self[sn->frame]] += cost;
      self_samples[k.frame_self[sn->frame]] += node_samples[node];
      for (guint32 v = node; v != 0; v = cs_call_stacks_get_node (stacks, v)->caller)
        {
          guint32 frame = cs_call_stacks_get_node (stacks, v)->frame;

          for (guint32 i = k.frame_first[frame]; i < k.frame_first[frame + 1]; i++)
            {
              guint32 key = g_array_index (k.frame_keys, guint32, i);

              if (stamp[key] == node)
                continue;
              stamp[key] = node;
              children[key] += cost;
              children_samples[key] += node_samples[node];
            }
        }
    }

  total = (double) totals[event];
  for (guint i = 0; i < nk; i++)
    {
      CsChildrenRow row = { 0 };

      if (children[i] == 0 && self_cost[i] == 0)
        continue;
      switch (kind)
        {
        case CS_CHILDREN_BY_MODULE:
          row.module = cs_profile_get_module (profile, i);
          break;
        case CS_CHILDREN_BY_FUNCTION:
          row.function = cs_profile_get_function (profile, i);
          row.module = row.function->module;
          break;
        case CS_CHILDREN_BY_LINE:
        default:
          row = *(CsChildrenRow *) g_ptr_array_index (k.keys, i);
          break;
        }
      row.self = self_cost[i];
      row.children = children[i];
      row.self_samples = self_samples[i];
      row.children_samples = children_samples[i];
      row.self_percent = total > 0 ? 100.0 * (double) row.self / total : 0;
      row.children_percent = total > 0 ? 100.0 * (double) row.children / total : 0;
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_rows);
  if (limit > 0 && rows->len > limit)
    g_array_set_size (rows, limit);

  g_ptr_array_unref (k.keys);
  g_hash_table_unref (k.key_ids);
  g_array_unref (k.frame_keys);
  g_free (k.frame_first);
  g_free (k.frame_self);
  return rows;
}
