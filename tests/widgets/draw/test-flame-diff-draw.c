/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-flame-diff-draw.c — the differential flame graph rendered headless
 *
 * On the call chains of cs-callchain-synth.h (counted by hand there: 800 in
 * all; _start 700 → main → worker → one_round 700 → descend 400 and
 * op_divide 300; op_rotate 100 on its own) as the new recording, with base
 * shares written here by hand: every node as in the new one except
 * op_divide (20 %, now 300/800 = 37.5 %: grew by 17.5 points) and
 * one_round's descend (60 %, now 400/800 = 50 %: shrank by 10 points).
 * Read back from the pixels of the frames' top lines (no text there):
 *
 *  - op_divide is red, descend blue, worker (unchanged) white;
 *  - the larger change is the deeper colour;
 *  - with a base of 10 samples the 17.5 points are within the noise (two
 *    standard errors of the shares; the synthetic recording has 8 samples
 *    of period 100: 2 · hypot (100 · sqrt (0.2 · 0.8 / 10),
 *    100 · sqrt (0.375 · 0.625 / 8)) ≈ 42.5 points) and op_divide is
 *    white; with no base count known (0) it is red again;
 *  - without base shares the colours are the modules' as before.
 *
 * Arguments (meson passes them): CALLGRAPH-WORKLOAD
 */
#include "config.h"

#include "cs-callchain-synth.h"
#include "cs-flame-draw.h"
#include "cs-test-charts.h"

#define WIDTH  800
#define HEIGHT 500

static CsCallGraph *graph;

static gboolean
red (TestPixel p)
{
  return p.r > p.g + 0.3 && p.r > p.b + 0.3;
}

static gboolean
blue (TestPixel p)
{
  return p.b > p.r + 0.3 && p.b > p.g + 0.3;
}

static gboolean
white (TestPixel p)
{
  return p.r > 0.9 && p.g > 0.9 && p.b > 0.9;
}

/* Base shares equal to the new ones (from the graph's totals), but for
 * the two nodes changed by hand. */
static CsNodeShares *
base_shares (void)
{
  guint n = cs_call_graph_get_n_nodes (graph, CS_CALL_TREE_TOP_DOWN);
  guint64 total = cs_call_graph_get_event_total (graph, 0);
  CsNodeShares *shares = g_new0 (CsNodeShares, n);

  g_assert_cmpuint (total, >, 0);
  for (guint i = 0; i < n; i++)
    {
      shares[i].total_share = 100.0 * cs_call_graph_get_total (graph, CS_CALL_TREE_TOP_DOWN, i, 0) / total;
      shares[i].self_share = 100.0 * cs_call_graph_get_self (graph, CS_CALL_TREE_TOP_DOWN, i, 0) / total;
    }
  shares[synth_node (graph, "_start/main/worker/one_round/op_divide")].total_share = 20;
  shares[synth_node (graph, "_start/main/worker/one_round/descend")].total_share = 60;
  return shares;
}

static TestPixel
frame_pixel (const CsFlameLayout      *layout,
             const CsFlameDrawOptions *options,
             const char               *path)
{
  const CsFlameFrame *f = cs_flame_layout_find_node (layout, synth_node (graph, path));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  CsChartStyle style;
  TestPixel p;

  g_assert_nonnull (f);
  cs_chart_style_init (&style, CS_THEME_LIGHT);
  cs_flame_draw (cr, layout, &style, options, WIDTH, HEIGHT);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  /* inside, past the darker left edge, on the top line */
  p = test_pixel (surface, (int) (f->x + f->width / 2),
                  (int) cs_flame_row_y (layout, &style, options, HEIGHT, f->depth) + 1);
  cairo_surface_destroy (surface);
  return p;
}

static void
test_colours (void)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, NULL);
  g_autofree CsNodeShares *shares = base_shares ();
  CsFlameDrawOptions options;
  TestPixel grew, shrank, same;
  double delta;

  cs_flame_draw_options_init (&options);
  options.base_shares = shares;
  grew = frame_pixel (layout, &options, "_start/main/worker/one_round/op_divide");
  shrank = frame_pixel (layout, &options, "_start/main/worker/one_round/descend");
  same = frame_pixel (layout, &options, "_start/main/worker");
  g_test_message ("grew %.2f %.2f %.2f, shrank %.2f %.2f %.2f, same %.2f %.2f %.2f",
                  grew.r, grew.g, grew.b, shrank.r, shrank.g, shrank.b, same.r, same.g, same.b);
  g_assert_true (red (grew));
  g_assert_true (blue (shrank));
  g_assert_true (white (same));
  /* 17.5 points deeper than 10 */
  g_assert_cmpfloat (grew.r - grew.g, >, shrank.b - shrank.r);

  g_assert_cmpint (cs_flame_frame_diff (layout, &options,
                                        cs_flame_layout_find_node (layout, synth_node (graph, "_start/main/worker/one_round/op_divide")),
                                        &delta), ==, CS_FLAME_DIFF_GREW);
  g_assert_cmpfloat_with_epsilon (delta, 37.5 - 20, 1e-9);
  g_assert_cmpint (cs_flame_frame_diff (layout, &options,
                                        cs_flame_layout_find_node (layout, synth_node (graph, "_start/main/worker/one_round/descend")),
                                        &delta), ==, CS_FLAME_DIFF_SHRANK);
  g_assert_cmpfloat_with_epsilon (delta, 50 - 60, 1e-9);
}

static void
test_noise (void)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, NULL);
  g_autofree CsNodeShares *shares = base_shares ();
  CsFlameDrawOptions options;

  cs_flame_draw_options_init (&options);
  options.base_shares = shares;
  g_assert_cmpuint (cs_call_graph_get_event_samples (graph, 0), ==, 8);
  options.base_samples = 10;
  g_assert_true (white (frame_pixel (layout, &options, "_start/main/worker/one_round/op_divide")));
  options.base_samples = 0;
  g_assert_true (red (frame_pixel (layout, &options, "_start/main/worker/one_round/op_divide")));
}

static void
test_plain (void)
{
  g_autoptr(CsFlameLayout) layout = cs_flame_layout_new (graph, CS_CALL_TREE_TOP_DOWN, 0, CS_CALL_ROOT,
                                                         WIDTH, 0, NULL);
  const CsFlameFrame *f = cs_flame_layout_find_node (layout, synth_node (graph, "_start/main/worker/one_round/op_divide"));
  CsChartStyle style;
  CsFlameDrawOptions options;
  CsColor module;
  TestPixel p;

  cs_flame_draw_options_init (&options);
  p = frame_pixel (layout, &options, "_start/main/worker/one_round/op_divide");
  cs_chart_style_init (&style, CS_THEME_LIGHT);
  cs_flame_frame_color (layout, &style, f->function, &module);
  g_assert_cmpfloat (fabs (p.r - module.red) + fabs (p.g - module.green) + fabs (p.b - module.blue), <, 0.05);
  g_assert_cmpint (cs_flame_frame_diff (layout, &options, f, NULL), ==, CS_FLAME_DIFF_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *workload = NULL;
  g_autofree char *tmpdir = NULL;
  g_autofree char *data = NULL;
  CsProfile *profile;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-flame-diff-draw CALLGRAPH-WORKLOAD");
  workload = g_canonicalize_filename (argv[1], NULL);
  tmpdir = cs_test_mkdtemp ();
  data = synth_write_stacks (workload, tmpdir);
  profile = synth_load (data, tmpdir);
  graph = synth_graph (profile);

  g_test_add_func ("/flame-diff-draw/colours", test_colours);
  g_test_add_func ("/flame-diff-draw/noise", test_noise);
  g_test_add_func ("/flame-diff-draw/plain", test_plain);
  status = g_test_run ();
  g_clear_object (&graph);
  g_clear_object (&profile);
  cs_test_rmdir (tmpdir);
  return status;
}
