/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-callgraph-perf.c — call graphs agree with perf on a real recording
 *
 * callgraph-workload (recursion, calls through function pointers, a shared
 * library calling back, two threads; frame pointers) is recorded with
 * `perf record -g` at test time. perf is the oracle:
 *
 *  - `cyclescope report --children --sort sym` against
 *    `perf report --children --sort sym -g none`: perf's top 20 rows are
 *    ours within 0.1 points, Children and Self, and ours are perf's;
 *  - `cyclescope export --folded` against `perf script` collapsed here, as
 *    stackcollapse-perf.pl --kernel collapses it (this file's collapse(),
 *    which shares nothing with ours): the same number of samples, and the
 *    same lines with the same counts for all but a sliver of them.
 *
 * And the trees as text and JSON, the flame graph as PNG, and what a file
 * without call chains says.
 *
 * What may differ, and why: perf here expands no inline frames (Debian's
 * perf is built without libbfd) while we do, so frames in inlined code of
 * libraries with debug info (the C library's start-up) read differently;
 * the workload itself inlines nothing. Lines that differ must stay under
 * 1 % of the samples, and every line above 1 % must be identical.
 *
 * Arguments (meson passes them): CYCLESCOPE CALLGRAPH-WORKLOAD
 * Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <cairo.h>
#include <json-c/json.h>
#include <math.h>

#include "cs-children-rows.h"
#include "cs-test-json.h"

#define TOLERANCE 0.1
#define TOP       20

static char *perf;
static char *cyclescope;
static char *workload;
static char *tmpdir;
static char *data;

static void
test_children (void)
{
  gboolean perf_inlines;
  g_autoptr(GPtrArray) theirs = cs_children_perf_rows (perf, data, NULL, &perf_inlines);
  g_autoptr(GPtrArray) ours = cs_children_our_rows (cyclescope, data, perf_inlines);
  const char *expected[] = { "worker", "one_round", "descend", "leaf_spin", "op_divide", "op_rotate",
                             "cgw_lib_apply", "cgw_lib_hash", "callback_work", "main", "start_thread" };

  cs_children_print ("perf report --children --sort sym", theirs, TOP + 5);
  cs_children_print ("cyclescope report --children --sort sym", ours, TOP + 5);
  g_assert_cmpuint (theirs->len, >=, TOP);
  cs_children_check_top ("perf", theirs, "cyclescope", ours, TOP, TOLERANCE);
  cs_children_check_top ("cyclescope", ours, "perf", theirs, TOP, TOLERANCE);
  /* the case holds what it claims: every shape is in the recording */
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (cs_children_find (theirs, expected[i]) == NULL)
      g_error ("perf saw no %s: the recording is too short", expected[i]);
  /* worker is on every stack of the workload's threads but has no time of its own */
  g_assert_cmpfloat (cs_children_find (ours, "worker")->children, >, 90);
  g_assert_cmpfloat (cs_children_find (ours, "worker")->self, <, 1);
}

/* perf script's output collapsed as stackcollapse-perf.pl --kernel does
 * (see its source): "comm;outermost;…;innermost" -> samples. */
static GHashTable *
collapse (const char *script)
{
  GHashTable *stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) lines = g_strsplit (script, "\n", -1);
  g_autoptr(GRegex) header = g_regex_new ("^(\\S.+?)\\s+(\\d+)/*(\\d+)*\\s+", 0, 0, NULL);
  g_autoptr(GRegex) frame = g_regex_new ("^\\s*(\\w+)\\s*(.+) \\((\\S*)\\)", 0, 0, NULL);
  g_autoptr(GRegex) offset = g_regex_new ("\\+0x[\\da-f]+$", 0, 0, NULL);
  g_autoptr(GRegex) params = g_regex_new ("\\((?!anonymous namespace\\)).*", 0, 0, NULL);
  g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *pname = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_autoptr(GMatchInfo) m = NULL;

      if (line[0] == '#')
        continue;
      if (line[0] == '\0')
        {
          if (pname != NULL && stack->len > 0)
            {
              GString *key = g_string_new (pname);
              guint64 *count;

              for (guint k = stack->len; k > 0; k--)
                g_string_append_printf (key, ";%s", (const char *) stack->pdata[k - 1]);
              count = g_hash_table_lookup (stacks, key->str);
              if (count == NULL)
                {
                  count = g_new0 (guint64, 1);
                  g_hash_table_insert (stacks, g_strdup (key->str), count);
                }
              (*count)++;
              g_string_free (key, TRUE);
            }
          g_ptr_array_set_size (stack, 0);
          g_clear_pointer (&pname, g_free);
          continue;
        }
      if (!g_ascii_isspace (line[0]) && g_regex_match (header, line, 0, &m))
        {
          g_free (pname);
          pname = g_match_info_fetch (m, 1);
          g_strdelimit (pname, " ", '_');
          continue;
        }
      g_clear_pointer (&m, g_match_info_free);
      if (g_regex_match (frame, line, 0, &m))
        {
          g_autofree char *raw = g_match_info_fetch (m, 2);
          g_autofree char *mod = g_match_info_fetch (m, 3);
          g_autofree char *func = g_regex_replace_literal (offset, raw, -1, 0, "", 0, NULL);
          g_autofree char *tidy = NULL;
          GString *f;

          if (g_str_equal (func, "[unknown]"))
            {
              const char *base = strrchr (mod, '/');

              g_free (func);
              func = g_str_equal (mod, "[unknown]") ? g_strdup ("[unknown]")
                                                      : g_strdup_printf ("[%s]", base != NULL ? base + 1 : mod);
            }
          g_strdelimit (func, ";", ':');
          tidy = g_regex_replace_literal (params, func, -1, 0, "", 0, NULL);
          f = g_string_new (NULL);
          for (const char *c = tidy; *c; c++)
            if (*c != '"' && *c != '\'')
              g_string_append_c (f, *c);
          if ((mod[0] == '[' || g_str_has_suffix (mod, "vmlinux")) && strstr (mod, "unknown") == NULL)
            g_string_append (f, "_[k]");
          /* frames come innermost first: reversed when the line is made */
          g_ptr_array_add (stack, g_string_free (f, FALSE));
        }
    }
  return stacks;
}

static GHashTable *
parse_folded (const char *text,
              guint64    *total)
{
  GHashTable *stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  const char *prev = "";

  *total = 0;
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      char *space = strrchr (lines[i], ' ');
      guint64 *count = g_new (guint64, 1);

      g_assert_nonnull (space);
      *space = '\0';
      /* sorted as the script sorts, one line per stack */
      g_assert_cmpint (strcmp (prev, lines[i]), <, 0);
      prev = lines[i];
      *count = g_ascii_strtoull (space + 1, NULL, 10);
      *total += *count;
      g_hash_table_insert (stacks, g_strdup (lines[i]), count);
    }
  return stacks;
}

/* Samples of the lines of @a that @b has with the same count; lines of
 * @a above @big samples must be among them. */
static guint64
matching (GHashTable *a,
          GHashTable *b,
          const char *a_name,
          guint64     big)
{
  GHashTableIter it;
  gpointer k, v;
  guint64 same = 0;

  g_hash_table_iter_init (&it, a);
  while (g_hash_table_iter_next (&it, &k, &v))
    {
      guint64 *other = g_hash_table_lookup (b, k);

      if (other != NULL && *other == *(guint64 *) v)
        same += *other;
      else
        {
          g_test_message ("%s only: %s %" G_GUINT64_FORMAT " (other: %" G_GUINT64_FORMAT ")", a_name,
                          (const char *) k, *(guint64 *) v, other != NULL ? *other : 0);
          if (*(guint64 *) v > big)
            g_error ("the stack “%s” (%" G_GUINT64_FORMAT " samples) is not the same in both", (const char *) k,
                     *(guint64 *) v);
        }
    }
  return same;
}

static void
test_folded (void)
{
  const char *script_args[] = { "script", "-i", data, NULL };
  g_autofree char *script = cs_perf_test_run (perf, script_args);
  g_autoptr(GHashTable) theirs = collapse (script);
  const char *args[] = { "export", data, "--folded", "-", NULL };
  CliResult res = cli_run (cyclescope, args);
  g_autoptr(GHashTable) ours = NULL;
  guint64 total = 0, their_total = 0, same_ours, same_theirs;
  GHashTableIter it;
  gpointer v;

  if (res.status != 0)
    g_error ("cyclescope export --folded failed (%d): %s", res.status, res.err);
  ours = parse_folded (res.out, &total);
  g_hash_table_iter_init (&it, theirs);
  while (g_hash_table_iter_next (&it, NULL, &v))
    their_total += *(guint64 *) v;
  g_test_message ("%" G_GUINT64_FORMAT " samples, %u stacks (perf script: %u)", total,
                  g_hash_table_size (ours), g_hash_table_size (theirs));
  g_assert_cmpuint (total, ==, their_total);
  g_assert_cmpuint (total, >, 1000);
  same_ours = matching (ours, theirs, "cyclescope", total / 100);
  same_theirs = matching (theirs, ours, "perf script", total / 100);
  g_assert_cmpuint (same_ours, ==, same_theirs);
  g_assert_cmpfloat ((double) same_ours, >=, 0.99 * (double) total);
  cli_result_clear (&res);
}

/* The trees as text and JSON, the flame graph as an image. */
static void
test_outputs (void)
{
  const char *text_args[] = { "report", data, "--sort", "sym", "--call-graph", "caller", "--limit", "3", NULL };
  const char *callee_args[] = { "report", data, "--sort", "sym", "--call-graph", "callee", "--limit", "3", NULL };
  const char *json_args[] = { "report", data, "--format", "json", "--limit", "3", NULL };
  g_autofree char *png = g_build_filename (tmpdir, "flame.png", NULL);
  const char *flame_args[] = { "export", data, "--flame-graph", "--png", png, "--size", "900x500", NULL };
  CliResult res;
  json_object *root, *events, *graph, *top;
  cairo_surface_t *image;

  res = cli_run (cyclescope, text_args);
  g_assert_cmpint (res.status, ==, 0);
  /* worker calls one_round on both threads' paths */
  g_assert_nonnull (strstr (res.out, "# Call graph, caller first"));
  g_assert_nonnull (strstr (res.out, "--one_round\n"));
  g_assert_nonnull (strstr (res.out, "[.] start_thread\n"));
  cli_result_clear (&res);

  res = cli_run (cyclescope, callee_args);
  g_assert_cmpint (res.status, ==, 0);
  g_assert_nonnull (strstr (res.out, "# Call graph, callee first"));
  g_assert_nonnull (strstr (res.out, "[.] leaf_spin\n"));
  cli_result_clear (&res);

  res = cli_run (cyclescope, json_args);
  g_assert_cmpint (res.status, ==, 0);
  root = cs_test_json_parse (res.out);
  g_assert_nonnull (root);
  events = json_object_object_get (json_object_object_get (root, "profile"), "events");
  graph = json_object_object_get (json_object_array_get_idx (events, 0), "call_graph");
  g_assert_nonnull (graph);
  top = json_object_object_get (graph, "top_down");
  g_assert_cmpint (json_object_array_length (top), >=, 2);
  g_assert_cmpint (json_object_array_length (json_object_object_get (graph, "bottom_up")), >=, 3);
  /* frame pointers all the way: the workload's stacks reach their entries */
  g_assert_cmpfloat (json_object_get_double (json_object_object_get (graph, "broken_percent")), <, 10);
  json_object_put (root);
  cli_result_clear (&res);

  res = cli_run (cyclescope, flame_args);
  g_assert_cmpint (res.status, ==, 0);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 900);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 500);
  cairo_surface_destroy (image);
  cli_result_clear (&res);
}

/* Without call chains: the trees and stacks are errors that say how to
 * record them; --children gives the plain tables. */
static void
test_no_call_chains (void)
{
  g_autofree char *plain = g_build_filename (tmpdir, "plain.data", NULL);
  const char *rec_args[] = { "-F", "5000", "-e", "cpu-clock", NULL };
  const char *cmd[] = { workload, "50", NULL };
  const char *tree_args[] = { "report", plain, "--call-graph", "caller", NULL };
  const char *folded_args[] = { "export", plain, "--folded", "-", NULL };
  const char *children_args[] = { "report", plain, "--children", "--format", "csv", NULL };
  CliResult res;

  profile_record (perf, plain, rec_args, cmd);
  res = cli_run (cyclescope, tree_args);
  g_assert_cmpint (res.status, ==, 1);
  g_assert_nonnull (strstr (res.err, "no call chains"));
  g_assert_nonnull (strstr (res.err, "record -g"));
  cli_result_clear (&res);
  res = cli_run (cyclescope, folded_args);
  g_assert_cmpint (res.status, ==, 1);
  g_assert_nonnull (strstr (res.err, "record -g"));
  cli_result_clear (&res);
  res = cli_run (cyclescope, children_args);
  g_assert_cmpint (res.status, ==, 0);
  g_assert_true (g_str_has_prefix (res.out, "event,percent,samples,period,dso,symbol"));
  cli_result_clear (&res);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-callgraph-perf CYCLESCOPE CALLGRAPH-WORKLOAD");
  if (!(perf = cs_test_find_perf ()))
    {
      g_printerr ("perf is not installed: skipped\n");
      return CS_TEST_SKIP_EXIT;
    }
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  data = g_build_filename (tmpdir, "callgraph.data", NULL);
  {
    const char *args[] = { "-g", "-F", "10000", "-e", "cpu-clock", NULL };
    const char *cmd[] = { workload, "400", NULL };

    profile_record (perf, data, args, cmd);
  }

  g_test_add_func ("/callgraph-perf/children", test_children);
  g_test_add_func ("/callgraph-perf/folded", test_folded);
  g_test_add_func ("/callgraph-perf/outputs", test_outputs);
  g_test_add_func ("/callgraph-perf/no-call-chains", test_no_call_chains);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (data);
  g_free (perf);
  return status;
}
