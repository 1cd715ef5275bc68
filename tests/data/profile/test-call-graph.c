/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-call-graph.c — call trees, callers, callees and folded stacks from
 * call chains written by hand
 *
 * Each case writes a perf.data whose every call chain is chosen here: the
 * addresses are functions of callgraph-workload (found with nm, mapped as
 * readelf says) and of a kallsyms file written here, so what each function
 * must cost is counted by hand from the stacks below, never taken from the
 * code under test. The inline case uses cs-symtest, whose hot loop has mix()
 * inlined: addr2line -i names the inline chain of an address there.
 *
 * Arguments (meson passes them): CALLGRAPH-WORKLOAD CS-SYMTEST
 */
#include "config.h"

#include "cs-call-children.h"
#include "cs-callchain-synth.h"
#include "cs-folded.h"

static char *workload;
static char *symtest;
static char *tmpdir;

static guint64
total_of (CsCallGraph *graph,
          const char  *name)
{
  return cs_call_graph_get_function_total (graph, synth_function (cs_call_graph_get_profile (graph), name)->index, 0);
}

static guint64
self_of (CsCallGraph *graph,
         const char  *name)
{
  return cs_call_graph_get_function_self (graph, synth_function (cs_call_graph_get_profile (graph), name)->index, 0);
}

static guint64
edge_cost (CsCallGraph *graph,
           const char  *caller,
           const char  *callee)
{
  CsProfile *profile = cs_call_graph_get_profile (graph);
  g_autoptr(GArray) rows = cs_call_graph_dup_callees (graph, synth_function (profile, caller)->index, 0);
  g_autoptr(GArray) back = cs_call_graph_dup_callers (graph, synth_function (profile, callee)->index, 0);
  guint64 cost = 0, cost_back = 0;

  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (g_array_index (rows, CsCallEdgeRow, i).function->name, callee))
      cost = g_array_index (rows, CsCallEdgeRow, i).cost;
  for (guint i = 0; i < back->len; i++)
    if (g_str_equal (g_array_index (back, CsCallEdgeRow, i).function->name, caller))
      cost_back = g_array_index (back, CsCallEdgeRow, i).cost;
  /* the same edge seen from both ends */
  g_assert_cmpuint (cost, ==, cost_back);
  return cost;
}

static void
test_recursion (void)
{
  g_autofree char *path = synth_write_stacks (workload, tmpdir);
  g_autoptr(CsProfile) profile = synth_load (path, tmpdir);
  g_autoptr(CsCallGraph) graph = synth_graph (profile);

  g_assert_true (cs_profile_has_call_chains (profile));
  g_assert_cmpuint (cs_profile_get_samples (profile)->n, ==, 8);
  g_assert_cmpuint (cs_call_graph_get_event_total (graph, 0), ==, 8 * PERIOD);
  /* descend is three times on A's stacks: A counts once (300), C and D once each */
  g_assert_cmpuint (total_of (graph, "descend"), ==, 5 * PERIOD);
  g_assert_cmpuint (self_of (graph, "descend"), ==, 1 * PERIOD);
  g_assert_cmpuint (total_of (graph, "leaf_spin"), ==, 4 * PERIOD);
  g_assert_cmpuint (self_of (graph, "leaf_spin"), ==, 4 * PERIOD);
  g_assert_cmpuint (total_of (graph, "one_round"), ==, 7 * PERIOD);
  g_assert_cmpuint (self_of (graph, "one_round"), ==, 0);
  g_assert_cmpuint (total_of (graph, "op_divide"), ==, 3 * PERIOD);
  g_assert_cmpuint (self_of (graph, "op_divide"), ==, 2 * PERIOD);
  /* an edge counts once per stack too: descend → descend twice in A */
  g_assert_cmpuint (edge_cost (graph, "descend", "descend"), ==, 3 * PERIOD);
  g_assert_cmpuint (edge_cost (graph, "one_round", "descend"), ==, 4 * PERIOD);
  g_assert_cmpuint (edge_cost (graph, "descend", "leaf_spin"), ==, 4 * PERIOD);
  g_assert_cmpuint (edge_cost (graph, "op_rotate", "descend"), ==, 1 * PERIOD);

  /* The bottom-up tree: leaf_spin ← descend ← {descend (A: 300), op_rotate (D: 100)}. */
  {
    const CsCallFunction *leaf = synth_function (profile, "leaf_spin");
    const CsCallFunction *descend = synth_function (profile, "descend");
    guint n = CS_CALL_NO_NODE, m;
    g_autoptr(GArray) kids = cs_call_graph_dup_children (graph, CS_CALL_TREE_BOTTOM_UP, CS_CALL_ROOT, 0);

    for (guint i = 0; i < kids->len; i++)
      if (cs_call_graph_get_node (graph, CS_CALL_TREE_BOTTOM_UP, g_array_index (kids, guint, i))->function == leaf->index)
        n = g_array_index (kids, guint, i);
    g_assert_cmpuint (n, !=, CS_CALL_NO_NODE);
    g_assert_cmpuint (cs_call_graph_get_self (graph, CS_CALL_TREE_BOTTOM_UP, n, 0), ==, 4 * PERIOD);
    g_assert_cmpuint (cs_call_graph_get_total (graph, CS_CALL_TREE_BOTTOM_UP, n, 0), ==, 4 * PERIOD);
    m = cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_BOTTOM_UP, n, 0);
    g_assert_cmpuint (cs_call_graph_get_node (graph, CS_CALL_TREE_BOTTOM_UP, m)->function, ==, descend->index);
    g_assert_cmpuint (cs_call_graph_get_self (graph, CS_CALL_TREE_BOTTOM_UP, m, 0), ==, 4 * PERIOD);
    m = cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_BOTTOM_UP, m, 0);
    g_assert_cmpuint (cs_call_graph_get_node (graph, CS_CALL_TREE_BOTTOM_UP, m)->function, ==, descend->index);
    g_assert_cmpuint (cs_call_graph_get_self (graph, CS_CALL_TREE_BOTTOM_UP, m, 0), ==, 3 * PERIOD);
    /* top level: the function's own total, recursion counted once */
    for (guint i = 0; i < kids->len; i++)
      {
        guint k = g_array_index (kids, guint, i);

        if (cs_call_graph_get_node (graph, CS_CALL_TREE_BOTTOM_UP, k)->function == descend->index)
          g_assert_cmpuint (cs_call_graph_get_total (graph, CS_CALL_TREE_BOTTOM_UP, k, 0), ==, 5 * PERIOD);
      }
  }

  /* perf report --children's table counts the same way */
  {
    g_autoptr(GArray) rows = cs_profile_dup_children_table (profile, CS_CHILDREN_BY_FUNCTION, 0, 0, NULL, NULL);

    for (guint i = 0; i < rows->len; i++)
      {
        const CsChildrenRow *r = &g_array_index (rows, CsChildrenRow, i);

        if (g_str_equal (r->function->name, "descend"))
          {
            g_assert_cmpuint (r->children, ==, 5 * PERIOD);
            g_assert_cmpuint (r->self, ==, 1 * PERIOD);
          }
      }
    g_assert_cmpstr (g_array_index (rows, CsChildrenRow, 0).function->name, ==, "one_round");
  }
}

/* In stacks without recursion, self plus the callees' inclusive costs is
 * the total: every function but descend here. */
static void
test_self_plus_callees (void)
{
  g_autofree char *path = synth_write_stacks (workload, tmpdir);
  g_autoptr(CsProfile) profile = synth_load (path, tmpdir);
  g_autoptr(CsCallGraph) graph = synth_graph (profile);
  const char *names[] = { "_start", "main", "worker", "one_round", "op_divide", "op_rotate",
                          "leaf_spin", "k_mid", "k_leaf" };
  guint64 top = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const CsCallFunction *f = synth_function (profile, names[i]);
      g_autoptr(GArray) callees = cs_call_graph_dup_callees (graph, f->index, 0);
      guint64 sum = cs_call_graph_get_function_self (graph, f->index, 0);

      for (guint c = 0; c < callees->len; c++)
        sum += g_array_index (callees, CsCallEdgeRow, c).cost;
      g_assert_cmpuint (sum, ==, cs_call_graph_get_function_total (graph, f->index, 0));
      g_assert_cmpuint (sum, >, 0);
    }
  /* The same in the top-down tree, node by node: self + children = total. */
  for (guint n = 0; n < cs_call_graph_get_n_nodes (graph, CS_CALL_TREE_TOP_DOWN); n++)
    {
      g_autoptr(GArray) kids = cs_call_graph_dup_children (graph, CS_CALL_TREE_TOP_DOWN, n, 0);
      guint64 sum = cs_call_graph_get_self (graph, CS_CALL_TREE_TOP_DOWN, n, 0);

      for (guint c = 0; c < kids->len; c++)
        sum += cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, g_array_index (kids, guint, c), 0);
      g_assert_cmpuint (sum, ==, cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, n, 0));
    }
  /* The root's children: _start (A, B, C, E) and op_rotate (D). */
  {
    g_autoptr(GArray) kids = cs_call_graph_dup_children (graph, CS_CALL_TREE_TOP_DOWN, CS_CALL_ROOT, 0);

    g_assert_cmpuint (kids->len, ==, 2);
    top = cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, g_array_index (kids, guint, 0), 0);
    g_assert_cmpuint (top, ==, 7 * PERIOD);
  }
}

static void
test_kernel_user (void)
{
  g_autofree char *path = synth_write_stacks (workload, tmpdir);
  g_autoptr(CsProfile) profile = synth_load (path, tmpdir);
  g_autoptr(CsCallGraph) graph = synth_graph (profile);
  const CsCallFunction *leaf = synth_function (profile, "k_leaf");
  const CsCallFunction *mid = synth_function (profile, "k_mid");
  const CsCallFunction *divide = synth_function (profile, "op_divide");
  guint node = CS_CALL_ROOT;
  const char *path_down[] = { "_start", "main", "worker", "one_round", "op_divide", "k_mid", "k_leaf" };

  /* named from the kallsyms file, in the kernel's module */
  g_assert_true (leaf->kernel && mid->kernel);
  g_assert_false (divide->kernel);
  g_assert_cmpstr (leaf->module->name, ==, "[kernel.kallsyms]");
  g_assert_cmpuint (self_of (graph, "k_leaf"), ==, PERIOD);
  g_assert_cmpuint (total_of (graph, "k_mid"), ==, PERIOD);
  /* the user part goes on where the kernel part was entered */
  g_assert_cmpuint (edge_cost (graph, "op_divide", "k_mid"), ==, PERIOD);
  for (guint i = 0; i < G_N_ELEMENTS (path_down); i++)
    {
      g_autoptr(GArray) kids = cs_call_graph_dup_children (graph, CS_CALL_TREE_TOP_DOWN, node, 0);
      guint next = CS_CALL_NO_NODE;

      for (guint k = 0; k < kids->len; k++)
        if (g_str_equal (cs_profile_get_function (profile, cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN,
                                                                                   g_array_index (kids, guint, k))->function)->name,
                         path_down[i]))
          next = g_array_index (kids, guint, k);
      if (next == CS_CALL_NO_NODE)
        g_error ("%s is not under the node of %s", path_down[i], i > 0 ? path_down[i - 1] : "the root");
      node = next;
    }
  g_assert_cmpuint (cs_call_graph_get_self (graph, CS_CALL_TREE_TOP_DOWN, node, 0), ==, PERIOD);
}

static void
test_broken (void)
{
  g_autofree char *path = synth_write_stacks (workload, tmpdir);
  g_autoptr(CsProfile) profile = synth_load (path, tmpdir);
  g_autoptr(CsCallGraph) graph = synth_graph (profile);

  g_assert_true (synth_function (profile, "_start")->entry);
  g_assert_false (synth_function (profile, "op_rotate")->entry);
  /* D only: 100 of 800 */
  g_assert_cmpuint (cs_call_graph_get_broken (graph, 0), ==, PERIOD);
  g_assert_cmpfloat_with_epsilon (cs_call_graph_get_broken_percent (graph, 0), 12.5, 1e-9);
}

/* A subset of the samples: thread 101's (the B stacks). */
static void
test_subset (void)
{
  g_autofree char *path = synth_write_stacks (workload, tmpdir);
  g_autoptr(CsProfile) profile = synth_load (path, tmpdir);
  const CsProfileSamples *samples = cs_profile_get_samples (profile);
  g_autoptr(GArray) subset = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(CsCallGraph) graph = NULL;
  g_autoptr(GError) error = NULL;

  for (guint32 i = 0; i < samples->n; i++)
    if (cs_profile_get_thread (profile, cs_profile_samples_thread (samples, i))->tid == TID2)
      g_array_append_val (subset, i);
  g_assert_cmpuint (subset->len, ==, 2);
  graph = cs_call_graph_new (profile, cs_profile_get_call_stacks (profile), samples->stack,
                             (const guint32 *) subset->data, subset->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cs_call_graph_get_event_total (graph, 0), ==, 2 * PERIOD);
  g_assert_cmpuint (total_of (graph, "one_round"), ==, 2 * PERIOD);
  g_assert_cmpuint (total_of (graph, "descend"), ==, 0);
  g_assert_cmpuint (cs_call_graph_get_broken (graph, 0), ==, 0);
}

static void
test_folded (void)
{
  g_autofree char *path = synth_write_stacks (workload, tmpdir);
  g_autoptr(CsProfile) profile = synth_load (path, tmpdir);
  g_autoptr(GString) folded = cs_folded_stacks_build (profile, cs_profile_get_call_stacks (profile),
                                                      cs_profile_get_samples (profile)->stack, NULL, 0, 0);
  /* thread 101 inherited the name at FORK; spaces become "_"; kernel
   * frames carry "_[k]"; lines sorted bytewise */
  const char *expected =
    "cg_test;_start;main;worker;one_round;descend 1\n"
    "cg_test;_start;main;worker;one_round;descend;descend;descend;leaf_spin 3\n"
    "cg_test;_start;main;worker;one_round;op_divide 2\n"
    "cg_test;_start;main;worker;one_round;op_divide;k_mid_[k];k_leaf_[k] 1\n"
    "cg_test;op_rotate;descend;leaf_spin 1\n";

  g_assert_cmpstr (folded->str, ==, expected);
  /* stackcollapse-perf.pl's tidying */
  {
    g_autofree char *a = cs_folded_tidy_name ("ns::f(int; \"x\")");
    g_autofree char *b = cs_folded_tidy_name ("(anonymous namespace)::g");
    g_autofree char *c = cs_folded_tidy_name ("net/http.(*Client).Do");

    g_assert_cmpstr (a, ==, "ns::f");
    g_assert_cmpstr (b, ==, "(anonymous namespace)::g");
    g_assert_cmpstr (c, ==, "net/http.(*Client).Do");
  }
}

/* The name of the function whose body holds line @line of @file: the
 * identifier before the "(" of the last definition line (one that starts
 * with a name and an opening parenthesis) at or above it. */
static char *
source_function_at (const char *file,
                    guint       line)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_nonnull (file);
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (line, <=, g_strv_length (lines));
  for (guint i = line; i > 0; i--)
    {
      const char *l = lines[i - 1];
      gsize n = strspn (l, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");

      if (n > 0 && l[n] == ' ' && l[n + 1] == '(')
        return g_strndup (l, n);
    }
  g_error ("no function around %s:%u", file, line);
}

/* An address inside mix(), inlined into cssym::work::hot_loop: the frame
 * stands for both, outermost first, as addr2line -i names them. */
static void
test_inline (void)
{
  Synth s;
  const NmSymbol *hot;
  g_autoptr(GArray) addresses = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GPtrArray) frames = NULL;
  g_autofree char *path = NULL;
  g_autoptr(CsProfile) profile = NULL;
  g_autoptr(CsCallGraph) graph = NULL;
  const A2lFrame *inner = NULL, *outer = NULL;
  guint64 inside = 0;
  guint node;

  synth_init (&s, symtest);
  hot = nm_find (s.symbols, "cssym::work::hot_loop");
  g_assert_nonnull (hot);
  for (guint64 a = hot->address; a < hot->address + hot->size; a++)
    g_array_append_val (addresses, a);
  frames = addr2line_frames (symtest, addresses);
  for (guint i = 0; i < frames->len && inside == 0; i++)
    {
      GArray *f = frames->pdata[i];

      if (f->len == 2)
        {
          inside = g_array_index (addresses, guint64, i);
          inner = &g_array_index (f, A2lFrame, 0);
          outer = &g_array_index (f, A2lFrame, 1);
        }
    }
  g_assert_cmpuint (inside, !=, 0);

  synth_maps (&s);
  {
    guint64 chain[] = { USER, BASE + inside - s.text_vaddr, fn (&s, "main", 9), fn (&s, "_start", 9) };

    synth_sample (&s, PID, FALSE, chain, G_N_ELEMENTS (chain));
  }
  path = synth_write (&s, tmpdir, "inline.data");
  profile = synth_load (path, tmpdir);
  graph = synth_graph (profile);

  /* _start → main → hot_loop → mix */
  node = cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_TOP_DOWN, CS_CALL_ROOT, 0);
  node = cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_TOP_DOWN, node, 0);
  node = cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_TOP_DOWN, node, 0);
  {
    const CsCallFunction *f = cs_profile_get_function (profile, cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, node)->function);
    g_autofree char *want = g_strndup (outer->function, strcspn (outer->function, "("));

    g_assert_cmpstr (f->name, ==, want);
    g_assert_false (f->inlined);
  }
  node = cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_TOP_DOWN, node, 0);
  {
    const CsCallFunction *f = cs_profile_get_function (profile, cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, node)->function);
    /* binutils' addr2line names an inlined level after the function it is
     * in; its line says which function it is */
    g_autofree char *want = source_function_at (inner->file, inner->line);

    g_assert_cmpstr (f->name, ==, want);
    g_assert_true (f->inlined);
    /* its code is in the function it was inlined into */
    g_assert_true (g_str_has_prefix (outer->function, f->symbol->display_name));
    g_assert_cmpuint (cs_call_graph_get_self (graph, CS_CALL_TREE_TOP_DOWN, node, 0), ==, PERIOD);
    g_assert_cmpuint (cs_call_graph_get_hottest_child (graph, CS_CALL_TREE_TOP_DOWN, node, 0), ==, CS_CALL_NO_NODE);
  }
  /* perf's --children: Self to the emitted function, the inlined one only Children */
  {
    g_autoptr(GArray) rows = cs_profile_dup_children_table (profile, CS_CHILDREN_BY_FUNCTION, 0, 0, NULL, NULL);

    for (guint i = 0; i < rows->len; i++)
      {
        const CsChildrenRow *r = &g_array_index (rows, CsChildrenRow, i);

        g_assert_cmpuint (r->children, ==, PERIOD);
        g_assert_cmpuint (r->self, ==, r->function->inlined || !g_str_has_prefix (outer->function, r->function->name) ? 0 : PERIOD);
      }
    g_assert_cmpuint (rows->len, ==, 4);
  }
  synth_clear (&s);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-call-graph CALLGRAPH-WORKLOAD CS-SYMTEST");
  /* absolute: the files' paths go into the recordings */
  workload = g_canonicalize_filename (argv[1], NULL);
  symtest = g_canonicalize_filename (argv[2], NULL);
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/call-graph/recursion", test_recursion);
  g_test_add_func ("/call-graph/self-plus-callees", test_self_plus_callees);
  g_test_add_func ("/call-graph/kernel-user", test_kernel_user);
  g_test_add_func ("/call-graph/broken", test_broken);
  g_test_add_func ("/call-graph/subset", test_subset);
  g_test_add_func ("/call-graph/folded", test_folded);
  g_test_add_func ("/call-graph/inline", CS_TEST_CLANG ? cs_test_skip_clang_dwarf : test_inline);
  status = g_test_run ();
  if (g_getenv ("CS_TEST_KEEP") == NULL)
    cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (workload);
  g_free (symtest);
  return status;
}
