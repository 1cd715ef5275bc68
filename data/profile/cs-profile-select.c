/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-select.c — the samples that pass a filter
 *
 * A filter is compiled into tables over what samples point to, so that a
 * sample costs a few lookups: whether its context (thread, cpu) passes
 * the process, thread, name and CPU clauses, whether its location (key:
 * module and symbol) passes the module and symbol clauses, whether its
 * stack node passes the function clauses (a node contains a function when
 * its caller does or its own frame stands for it; node ids grow from
 * callers to callees, so one pass fills the table), and its time.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-profile-filter.h"
#include "cs-profile-private.h"

#define CANCEL_EVERY 65536

static gboolean
has_number (const CsFilterClause *c,
            gint64                v)
{
  guint lo = 0, hi = c->n_values;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->numbers[mid] < v)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < c->n_values && c->numbers[lo] == v;
}

static gboolean
has_string (const CsFilterClause *c,
            const char           *s)
{
  for (guint i = 0; s != NULL && i < c->n_values; i++)
    if (strcmp (c->strings[i], s) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
symbol_named (const CsFilterClause  *c,
              const CsProfileSymbol *s)
{
  return has_string (c, s->display_name) || has_string (c, s->symbol->name) ||
         has_string (c, s->symbol->signature) || has_string (c, s->symbol->mangled);
}

/* Whether the samples of context @ctx pass the clause (one of process,
 * thread, comm, cpu). */
static gboolean
context_passes (CsProfile             *profile,
                const CsProfileContext *ctx,
                const CsFilterClause  *c)
{
  const CsProfileThread *t = g_ptr_array_index (profile->threads, ctx->thread);
  gboolean in;

  switch (c->kind)
    {
    case CS_FILTER_PROCESS:
      in = has_number (c, t->pid);
      break;
    case CS_FILTER_THREAD:
      in = has_number (c, t->tid);
      break;
    case CS_FILTER_COMM:
      in = has_string (c, t->comm);
      break;
    case CS_FILTER_CPU:
      /* a sample without a CPU is on none */
      if (ctx->cpu == CS_PROFILE_NO_CPU)
        return c->exclude;
      in = has_number (c, ctx->cpu);
      break;
    default:
      return TRUE;
    }
  return in != c->exclude;
}

static gboolean
location_passes (CsProfile            *profile,
                 guint                 k,
                 const CsFilterClause *c)
{
  const CsProfileSymbol *s = cs_profile_get_symbol (profile, profile->key_symbol[k]);
  gboolean in;

  switch (c->kind)
    {
    case CS_FILTER_MODULE:
      in = has_string (c, s->module->name) || has_string (c, s->module->path);
      break;
    case CS_FILTER_SYMBOL:
      in = symbol_named (c, s);
      break;
    case CS_FILTER_FUNCTION:
      /* without stacks: the sample's own function */
      if (profile->has_call_chains)
        return TRUE;
      in = symbol_named (c, s);
      break;
    default:
      return TRUE;
    }
  return in != c->exclude;
}

/* For each stack node, whether the stack holds a function of @c. */
static void
mark_nodes (CsProfile            *profile,
            const CsFilterClause *c,
            guint8               *holds)
{
  const CsCallStacks *stacks = profile->stacks;
  guint n_nodes = cs_call_stacks_get_n_nodes (stacks);
  guint n_frames = cs_call_stacks_get_n_frames (stacks);
  guint n_functions = cs_profile_get_n_functions (profile);
  g_autofree guint8 *named = g_new0 (guint8, MAX (n_functions, 1));
  g_autofree guint8 *frame_holds = g_new0 (guint8, MAX (n_frames, 1));

  for (guint f = 0; f < n_functions; f++)
    named[f] = has_string (c, cs_profile_get_function (profile, f)->name);
  for (guint fr = 0; fr < n_frames; fr++)
    {
      guint n;
      const guint32 *fns = cs_call_stacks_get_frame_functions (stacks, fr, &n);

      for (guint k = 0; k < n && !frame_holds[fr]; k++)
        frame_holds[fr] = fns[k] < n_functions && named[fns[k]];
    }
  holds[0] = FALSE;
  for (guint node = 1; node < n_nodes; node++)
    {
      const CsCallStackNode *sn = cs_call_stacks_get_node (stacks, node);

      holds[node] = holds[sn->caller] || frame_holds[sn->frame];
    }
}

static inline gboolean
time_passes (const CsFilterClause *c,
             guint64               t)
{
  gboolean in = FALSE;

  for (guint i = 0; i < c->n_values && !in; i++)
    in = t >= c->ranges[i].start && t <= c->ranges[i].end;
  return in != c->exclude;
}

guint32 *
cs_profile_filter_select (const CsProfileFilter *self,
                          CsProfile             *profile,
                          guint                 *n_selected,
                          GCancellable          *cancellable,
                          GError               **error)
{
  const CsProfileSamples *samples;
  guint n_clauses = cs_profile_filter_get_n_clauses (self);
  g_autofree guint8 *context_ok = NULL;
  g_autofree guint8 *location_ok = NULL;
  g_autofree guint8 *node_ok = NULL;
  g_autoptr(GPtrArray) time_clauses = g_ptr_array_new ();
  guint32 *out;
  guint n = 0;

  g_return_val_if_fail (CS_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (n_selected != NULL, NULL);

  profile = cs_profile_get_base (profile);
  samples = &profile->samples;
  context_ok = g_new (guint8, MAX (samples->n_contexts, 1));
  memset (context_ok, 1, MAX (samples->n_contexts, 1));
  location_ok = g_new (guint8, MAX (samples->n_locations, 1));
  memset (location_ok, 1, MAX (samples->n_locations, 1));

  for (guint i = 0; i < n_clauses; i++)
    {
      const CsFilterClause *c = cs_profile_filter_get_clause (self, i);

      switch (c->kind)
        {
        case CS_FILTER_TIME:
          g_ptr_array_add (time_clauses, (gpointer) c);
          break;
        case CS_FILTER_PROCESS:
        case CS_FILTER_THREAD:
        case CS_FILTER_COMM:
        case CS_FILTER_CPU:
          for (guint x = 0; x < samples->n_contexts; x++)
            context_ok[x] = context_ok[x] && context_passes (profile, &samples->contexts[x], c);
          break;
        case CS_FILTER_FUNCTION:
          if (samples->stack != NULL)
            {
              guint n_nodes = cs_call_stacks_get_n_nodes (profile->stacks);
              g_autofree guint8 *holds = g_new (guint8, MAX (n_nodes, 1));

              if (node_ok == NULL)
                {
                  node_ok = g_new (guint8, MAX (n_nodes, 1));
                  memset (node_ok, 1, MAX (n_nodes, 1));
                }
              mark_nodes (profile, c, holds);
              for (guint x = 0; x < n_nodes; x++)
                node_ok[x] = node_ok[x] && holds[x] != c->exclude;
              break;
            }
          /* without stacks: the sample's own function */
          G_GNUC_FALLTHROUGH;
        case CS_FILTER_MODULE:
        case CS_FILTER_SYMBOL:
          for (guint k = 0; k < samples->n_locations; k++)
            location_ok[k] = location_ok[k] && location_passes (profile, k, c);
          break;
        default:
          break;
        }
    }

  out = g_new (guint32, MAX (samples->n, 1));
  for (guint i = 0; i < samples->n; i++)
    {
      gboolean ok;

      if (G_UNLIKELY (i % CANCEL_EVERY == 0) && g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CANCELLED, "%s", _("Filtering was cancelled"));
          g_free (out);
          return NULL;
        }
      ok = context_ok[samples->context[i]] && location_ok[samples->location[i]] &&
           (node_ok == NULL || node_ok[samples->stack[i]]);
      /* perf keeps a sample without a timestamp whatever the range */
      for (guint c = 0; ok && c < time_clauses->len && samples->time[i] != 0; c++)
        ok = time_passes (g_ptr_array_index (time_clauses, c), samples->time[i]);
      if (ok)
        out[n++] = i;
    }
  *n_selected = n;
  return out;
}
