/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-callgraph.c — the call trees of `cyclescope report`
 *
 * Text, as perf report -g prints its graphs: each outermost function (for
 * --call-graph caller: the top-down tree) or each sampled function (callee:
 * the bottom-up tree) with its total and self share, then its subtree.
 * A call that carries everything of its caller continues on the next line
 * without a share; where calls branch, each branch reads
 * "|--12.34%--name", the last " --12.34%--name". Shares are of the event's
 * total; branches under --percent-limit are left out. The top-down tree
 * follows totals, the bottom-up tree the sampled functions' own cost
 * through each path.
 *
 * JSON carries both trees, nested, pruned at the same limit (by total in
 * the top-down tree, by the sampled functions' own cost in the bottom-up).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-cli-util.h"
#include "cs-report-samples-private.h"

typedef struct
{
  CsCallGraph    *graph;
  CsCallTreeKind  kind;
  guint           event;
  guint64         min_cost;   /* below this a node is left out */
  GString        *out;
} Printer;

/* What a node is ranked and printed by in its tree. */
static guint64
node_cost (const Printer *p,
           guint          node)
{
  return p->kind == CS_CALL_TREE_TOP_DOWN ? cs_call_graph_get_total (p->graph, p->kind, node, p->event)
                                          : cs_call_graph_get_self (p->graph, p->kind, node, p->event);
}

static int
compare_by_cost (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const Printer *p = user_data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  guint64 cx = node_cost (p, x), cy = node_cost (p, y);

  if (cx != cy)
    return cx > cy ? -1 : 1;
  return x < y ? -1 : x > y;
}

static GArray *
shown_children (const Printer *p,
                guint          node)
{
  const CsCallNode *n = cs_call_graph_get_node (p->graph, p->kind, node);
  GArray *kids = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint c = node + 1; c < node + n->size; c += cs_call_graph_get_node (p->graph, p->kind, c)->size)
    if (node_cost (p, c) > 0 && node_cost (p, c) >= p->min_cost)
      g_array_append_val (kids, c);
  g_array_sort_with_data (kids, compare_by_cost, (gpointer) p);
  return kids;
}

static const CsCallFunction *
node_function (const Printer *p,
               guint          node)
{
  return cs_profile_get_function (cs_call_graph_get_profile (p->graph),
                                  cs_call_graph_get_node (p->graph, p->kind, node)->function);
}

static double
share (const Printer *p,
       guint64        cost)
{
  guint64 total = cs_call_graph_get_event_total (p->graph, p->event);

  return total > 0 ? 100.0 * (double) cost / (double) total : 0;
}

static void
print_name (const Printer *p,
            guint          node)
{
  const CsCallFunction *f = node_function (p, node);

  g_string_append (p->out, f->name);
  if (f->inlined)
    g_string_append (p->out, _(" (inlined)"));
  g_string_append_c (p->out, '\n');
}

/* The subtree under @node; @prefix is what precedes the 3-character
 * marker of each line, @first whether the next straight line opens the
 * graph ("---"). */
static void
print_below (const Printer *p,
             guint          node,
             const char    *prefix,
             gboolean       first)
{
  g_autoptr(GArray) kids = shown_children (p, node);
  g_autofree char *inner = NULL;

  if (kids->len == 0)
    return;
  if (kids->len == 1 && node_cost (p, g_array_index (kids, guint, 0)) == node_cost (p, node) &&
      (p->kind == CS_CALL_TREE_BOTTOM_UP || cs_call_graph_get_self (p->graph, p->kind, node, p->event) == 0))
    {
      guint kid = g_array_index (kids, guint, 0);

      g_string_append_printf (p->out, "%s%s", prefix, first ? "---" : "   ");
      print_name (p, kid);
      print_below (p, kid, prefix, FALSE);
      return;
    }

  /* the first branches of a function hang under its line, later ones
   * under the name of the call they follow */
  inner = g_strconcat (prefix, first ? "" : "   ", NULL);
  g_string_append_printf (p->out, "%s|\n", inner);
  for (guint i = 0; i < kids->len; i++)
    {
      guint kid = g_array_index (kids, guint, i);
      gboolean last = i + 1 == kids->len;
      g_autofree char *pct = g_strdup_printf ("%.2f%%", share (p, node_cost (p, kid)));
      g_autofree char *pad = g_strnfill (strlen (pct) + 1, ' ');
      g_autofree char *next = g_strconcat (inner, last ? " " : "|", pad, NULL);

      g_string_append_printf (p->out, "%s%s%s--", inner, last ? " --" : "|--", pct);
      print_name (p, kid);
      print_below (p, kid, next, FALSE);
      if (!last)
        g_string_append_printf (p->out, "%s|\n", inner);
    }
}

void
_cs_report_callgraph_text (CsCallGraph                 *graph,
                           const CsProfileEvent        *e,
                           const CsReportSampleOptions *options,
                           GString                     *out)
{
  Printer p = { graph, options->call_graph == CS_REPORT_CALL_GRAPH_CALLEE ? CS_CALL_TREE_BOTTOM_UP
                                                                         : CS_CALL_TREE_TOP_DOWN,
                e->index, 0, out };
  guint64 total = cs_call_graph_get_event_total (graph, e->index);
  double broken = cs_call_graph_get_broken_percent (graph, e->index);
  g_autoptr(GArray) tops = NULL;

  p.min_cost = (guint64) ceil ((double) total * options->percent_limit / 100.0);
  g_string_append_c (out, '\n');
  if (p.kind == CS_CALL_TREE_TOP_DOWN)
    g_string_append (out, _("# Call graph, caller first: from the outermost functions down to the sampled ones\n"));
  else
    g_string_append (out, _("# Call graph, callee first: from the sampled functions up to their callers\n"));
  g_string_append_printf (out, _("# Shares are of the event's total; calls under %.2f %% are left out (--percent-limit)\n"),
                          options->percent_limit);
  g_string_append_printf (out, _("# Stacks that do not reach the program's or a thread's entry: %.2f %%\n"), broken);
  if (broken > 10)
    g_string_append_printf (out, _("# Warning: more than %d %% of the stacks are broken: the trees miss callers. "
                                   "Build the program with -fno-omit-frame-pointer, or record with DWARF unwinding.\n"), 10);
  g_string_append_printf (out, "# %9s %9s  %s\n#\n", _("Total"), _("Self"), _("Function"));

  tops = shown_children (&p, CS_CALL_ROOT);
  for (guint i = 0; i < tops->len; i++)
    {
      guint node = g_array_index (tops, guint, i);
      const CsCallFunction *f = node_function (&p, node);

      g_string_append_printf (out, "  %8.2f%% %8.2f%%  %s ",
                              share (&p, cs_call_graph_get_total (graph, p.kind, node, e->index)),
                              share (&p, cs_call_graph_get_self (graph, p.kind, node, e->index)),
                              f->kernel ? "[k]" : "[.]");
      print_name (&p, node);
      print_below (&p, node, "            ", TRUE);
      g_string_append_c (out, '\n');
    }
}

static json_object *
node_json (const Printer *p,
           guint          node)
{
  json_object *o = json_object_new_object ();
  json_object *kids_json = json_object_new_array ();
  const CsCallFunction *f = node_function (p, node);
  guint64 self = cs_call_graph_get_self (p->graph, p->kind, node, p->event);
  guint64 total = cs_call_graph_get_total (p->graph, p->kind, node, p->event);
  const CsCallNode *n = cs_call_graph_get_node (p->graph, p->kind, node);

  json_object_object_add (o, "function", json_object_new_string (f->name));
  json_object_object_add (o, "dso", json_object_new_string (f->module->name));
  json_object_object_add (o, "inlined", json_object_new_boolean (f->inlined));
  json_object_object_add (o, "self_percent", json_object_new_double (share (p, self)));
  json_object_object_add (o, "total_percent", json_object_new_double (share (p, total)));
  json_object_object_add (o, "self_period", json_object_new_int64 ((gint64) self));
  json_object_object_add (o, "total_period", json_object_new_int64 ((gint64) total));
  for (guint c = node + 1; c < node + n->size; c += cs_call_graph_get_node (p->graph, p->kind, c)->size)
    {
      guint64 t = node_cost (p, c);

      if (t > 0 && t >= p->min_cost)
        json_object_array_add (kids_json, node_json (p, c));
    }
  json_object_object_add (o, "children", kids_json);
  return o;
}

static json_object *
tree_json (Printer *p)
{
  json_object *array = json_object_new_array ();
  const CsCallNode *root = cs_call_graph_get_node (p->graph, p->kind, CS_CALL_ROOT);

  for (guint c = 1; c < root->size; c += cs_call_graph_get_node (p->graph, p->kind, c)->size)
    {
      guint64 t = node_cost (p, c);

      if (t > 0 && t >= p->min_cost)
        json_object_array_add (array, node_json (p, c));
    }
  return array;
}

json_object *
_cs_report_callgraph_json (CsCallGraph          *graph,
                           const CsProfileEvent *e,
                           double                percent_limit)
{
  json_object *o = json_object_new_object ();
  guint64 total = cs_call_graph_get_event_total (graph, e->index);
  Printer p = { graph, CS_CALL_TREE_TOP_DOWN, e->index, 0, NULL };

  p.min_cost = (guint64) ceil ((double) total * percent_limit / 100.0);
  json_object_object_add (o, "percent_limit", json_object_new_double (percent_limit));
  json_object_object_add (o, "broken_percent", json_object_new_double (cs_call_graph_get_broken_percent (graph, e->index)));
  json_object_object_add (o, "broken_period", json_object_new_int64 ((gint64) cs_call_graph_get_broken (graph, e->index)));
  json_object_object_add (o, "top_down", tree_json (&p));
  p.kind = CS_CALL_TREE_BOTTOM_UP;
  json_object_object_add (o, "bottom_up", tree_json (&p));
  return o;
}
