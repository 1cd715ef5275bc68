/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-timeline-draw.c — the timeline's layout and pixels, headless
 *
 * On the recording of cs-timeline-synth.h, whose rule says where every
 * sample is: thread 101 runs only in the second half, process 200 only in
 * the first, every even sample on CPU 0 and every odd one on CPU 1. So:
 *
 *  - each row's bins hold exactly the samples the rule puts there, in the
 *    half the rule says, also zoomed into the second half;
 *  - drawn, the bar colour appears in thread 101's row right of the middle
 *    of the plot and nowhere left of it, and the reverse in process 200's;
 *  - the lost samples' mark is red on the axis at its time; a selection
 *    tints its range; a time filter shades what it leaves out.
 *
 * Arguments (meson passes them): CALLGRAPH-WORKLOAD
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cs-test-charts.h"
#include "cs-timeline-draw.h"
#include "cs-timeline-synth.h"

#define BINS 400

static char *tmpdir;
static CsProfile *profile;

static CsTimelineLayout *
layout_for (guint64 start,
            guint64 end)
{
  static const gint32 expanded[] = { 100 };
  CsTimelineOptions options;

  cs_timeline_options_init (&options);
  options.start = start;
  options.end = end;
  options.n_bins = BINS;
  options.expanded = expanded;
  options.n_expanded = 1;
  return cs_timeline_layout_new (profile, &options);
}

static const CsTimelineRow *
find_row (const CsTimelineLayout *layout,
          CsTimelineRowKind       kind,
          gint                    id,
          guint                  *index)
{
  for (guint i = 0; i < layout->rows->len; i++)
    {
      const CsTimelineRow *r = g_ptr_array_index (layout->rows, i);

      if (r->kind == kind && ((kind == CS_TIMELINE_ROW_PROCESS && r->pid == id) ||
                              (kind == CS_TIMELINE_ROW_THREAD && r->tid == id) ||
                              (kind == CS_TIMELINE_ROW_CPU && (gint) r->index == id)))
        {
          if (index != NULL)
            *index = i;
          return r;
        }
    }
  g_error ("no row %d of kind %d", id, kind);
}

/* Samples of the rule that @keep says yes to, in bins [@from, @to) of a
 * layout of the whole recording. */
static guint64
expected (gboolean (*keep) (const TlSample *s),
          guint      from,
          guint      to)
{
  guint64 first = TL_T0, span = (TL_N - 1) * TL_STEP + 1, n = 0;

  for (guint i = 0; i < TL_N; i++)
    {
      TlSample s = tl_synth_sample (i);
      guint bin = (guint) ((double) (s.time - first) * BINS / (double) span);

      if (keep (&s) && bin >= from && bin < to)
        n++;
    }
  return n;
}

static gboolean keep_101 (const TlSample *s) { return s->tid == 101; }
static gboolean keep_200 (const TlSample *s) { return s->pid == 200; }
static gboolean keep_100 (const TlSample *s) { return s->pid == 100; }
static gboolean keep_cpu0 (const TlSample *s) { return s->cpu == 0; }

static void
test_rows (void)
{
  g_autoptr(CsTimelineLayout) layout = layout_for (0, 0);
  const CsTimelineRow *p100, *t101, *p200, *cpu0;
  guint i100, i101, i200;

  g_assert_true (layout->has_time);
  g_assert_cmpuint (layout->first, ==, TL_T0);
  g_assert_cmpuint (layout->last, ==, TL_T0 + (TL_N - 1) * TL_STEP);
  /* process 100 with its two threads, process 200, then the two CPUs */
  g_assert_cmpuint (layout->rows->len, ==, 6);
  g_assert_cmpuint (layout->n_process_rows, ==, 4);
  p100 = find_row (layout, CS_TIMELINE_ROW_PROCESS, 100, &i100);
  t101 = find_row (layout, CS_TIMELINE_ROW_THREAD, 101, &i101);
  p200 = find_row (layout, CS_TIMELINE_ROW_PROCESS, 200, &i200);
  cpu0 = find_row (layout, CS_TIMELINE_ROW_CPU, 0, NULL);
  g_assert_cmpuint (i100, ==, 0);
  g_assert_true (p100->expandable && p100->expanded);
  g_assert_false (p200->expandable);
  g_assert_cmpstr (p100->label, ==, "alpha (100)");
  g_assert_cmpstr (t101->label, ==, "alpha-late 101");
  g_assert_cmpuint (i101, ==, 2);
  /* every sample where the rule puts it (the one without a time nowhere) */
  g_assert_cmpuint (t101->n_samples, ==, TL_N / 4);
  g_assert_cmpuint (cs_timeline_row_count (layout, t101, 0, BINS / 2), ==, 0);
  g_assert_cmpuint (cs_timeline_row_count (layout, t101, BINS / 2, BINS), ==, expected (keep_101, BINS / 2, BINS));
  g_assert_cmpuint (cs_timeline_row_count (layout, p200, BINS / 2, BINS), ==, 0);
  g_assert_cmpuint (cs_timeline_row_count (layout, p200, 0, BINS / 2), ==, expected (keep_200, 0, BINS / 2));
  g_assert_cmpuint (p100->n_samples, ==, expected (keep_100, 0, BINS));
  g_assert_cmpuint (cpu0->n_samples, ==, expected (keep_cpu0, 0, BINS));
  for (guint b = 0; b < BINS; b += 37)
    g_assert_cmpuint (cs_timeline_row_count (layout, cpu0, b, b + 37), ==, expected (keep_cpu0, b, b + 37));
  /* lifetimes: 200 ends at its EXIT, in the middle */
  g_assert_cmpuint (p200->end, ==, tl_synth_sample (TL_N / 2).time - 1);
  g_assert_cmpuint (layout->marks->len, ==, 3);
}

/* Zoomed into the second half, thread 101 fills the plot. */
static void
test_zoom (void)
{
  guint64 mid = tl_synth_sample (TL_N / 2).time, last = tl_synth_sample (TL_N - 1).time;
  g_autoptr(CsTimelineLayout) layout = layout_for (mid, last);
  const CsTimelineRow *t101 = find_row (layout, CS_TIMELINE_ROW_THREAD, 101, NULL);
  const CsTimelineRow *p200 = find_row (layout, CS_TIMELINE_ROW_PROCESS, 200, NULL);

  g_assert_cmpuint (t101->n_samples, ==, TL_N / 4);
  g_assert_cmpuint (p200->n_samples, ==, 0);
  g_assert_cmpuint (cs_timeline_row_count (layout, t101, 0, BINS / 10), >, 0);
  g_assert_cmpuint (cs_timeline_row_count (layout, t101, BINS - BINS / 10, BINS), >, 0);
  g_assert_cmpuint (layout->marks->len, ==, 0);
}

static cairo_surface_t *
render (const CsTimelineLayout      *layout,
        const CsTimelineDrawOptions *options,
        int                         *width,
        int                         *height)
{
  CsChartStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  {
    CsTimelineMetrics m;

    cs_timeline_get_metrics (&style, &m);
    *width = (int) (m.label_width + BINS + m.right_margin);
  }
  g_assert_cmpuint (cs_timeline_plot_width (&style, *width), ==, BINS);
  *height = (int) ceil (cs_timeline_get_natural_height (layout, &style));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, *width, *height);
  cr = cairo_create (surface);
  cs_timeline_draw (cr, layout, &style, options, *width, *height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

/* Pixels of row @row in plot columns [@from, @to) that are the bar colour. */
static guint
bar_pixels (cairo_surface_t        *surface,
            const CsTimelineLayout *layout,
            guint                   row,
            guint                   from,
            guint                   to)
{
  CsChartStyle style;
  CsTimelineMetrics m;
  CsColor c;
  TestPixel want;
  guint n = 0;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  cs_timeline_get_metrics (&style, &m);
  cs_palette_get_part_color (CS_THEME_LIGHT, 0, layout->n_lanes, &c);
  want = (TestPixel) { c.red, c.green, c.blue };
  for (guint x = from; x < to; x++)
    for (int y = (int) (m.axis_height + row * m.row_height); y < (int) (m.axis_height + (row + 1) * m.row_height); y++)
      {
        TestPixel p = test_pixel (surface, (int) m.label_width + x, y);

        n += fabs (p.r - want.r) < 0.02 && fabs (p.g - want.g) < 0.02 && fabs (p.b - want.b) < 0.02;
      }
  return n;
}

static void
test_pixels (void)
{
  g_autoptr(CsTimelineLayout) layout = layout_for (0, 0);
  guint i101, i200;
  int width, height;
  cairo_surface_t *surface;

  find_row (layout, CS_TIMELINE_ROW_THREAD, 101, &i101);
  find_row (layout, CS_TIMELINE_ROW_PROCESS, 200, &i200);
  surface = render (layout, NULL, &width, &height);
  {
    g_autofree char *png = g_build_filename (tmpdir, "timeline.png", NULL);

    g_assert_cmpint (cairo_surface_write_to_png (surface, png), ==, CAIRO_STATUS_SUCCESS);
    g_test_message ("drawn: %s", png);
  }
  /* the thread of the second half draws only there, the process of the
   * first only there */
  g_assert_cmpuint (bar_pixels (surface, layout, i101, 0, BINS / 2), ==, 0);
  g_assert_cmpuint (bar_pixels (surface, layout, i101, BINS / 2, BINS), >, BINS / 4);
  g_assert_cmpuint (bar_pixels (surface, layout, i200, BINS / 2, BINS), ==, 0);
  g_assert_cmpuint (bar_pixels (surface, layout, i200, 0, BINS / 2), >, BINS / 4);

  /* the lost samples' mark: red on the axis at its time */
  {
    CsChartStyle style;
    CsTimelineMetrics m;
    const CsProfileMark *lost = &g_array_index (layout->marks, CsProfileMark, 0);
    int x, red = 0;

    cs_chart_style_init (&style, CS_THEME_LIGHT);
    cs_timeline_get_metrics (&style, &m);
    g_assert_cmpuint (lost->kind, ==, CS_PROFILE_MARK_LOST);
    x = (int) cs_timeline_time_x (layout, &style, lost->time);
    for (int y = (int) m.axis_height - 8; y < (int) m.axis_height; y++)
      {
        TestPixel p = test_pixel (surface, x, y);

        red += p.r > 0.7 && p.g < 0.3 && p.b < 0.3;
      }
    g_assert_cmpint (red, >, 2);
  }
  cairo_surface_destroy (surface);
}

/* A selection tints its range; a time filter shades what it leaves out. */
static void
test_selection_and_filter (void)
{
  g_autoptr(CsTimelineLayout) layout = layout_for (0, 0);
  CsTimelineDrawOptions options;
  CsChartStyle style;
  CsTimelineMetrics m;
  int width, height, inside, outside;
  cairo_surface_t *plain, *selected, *filtered;
  guint i200;
  TestPixel a, b;

  find_row (layout, CS_TIMELINE_ROW_PROCESS, 200, &i200);
  cs_chart_style_init (&style, CS_THEME_LIGHT);
  cs_timeline_get_metrics (&style, &m);
  cs_timeline_draw_options_init (&options);
  plain = render (layout, &options, &width, &height);
  options.has_selection = TRUE;
  options.selection_start = tl_synth_sample (TL_N / 2 + 20).time;
  options.selection_end = tl_synth_sample (TL_N - 20).time;
  selected = render (layout, &options, &width, &height);
  inside = (int) cs_timeline_time_x (layout, &style, tl_synth_sample (TL_N * 3 / 4).time);
  outside = (int) cs_timeline_time_x (layout, &style, tl_synth_sample (TL_N / 4).time);
  /* process 200's row is empty in the second half: only the tint is there */
  a = test_pixel (plain, inside, (int) (m.axis_height + i200 * m.row_height + 2));
  b = test_pixel (selected, inside, (int) (m.axis_height + i200 * m.row_height + 2));
  g_assert_false (test_pixel_equal (a, b));
  g_assert_cmpfloat (b.b, >, b.r);
  a = test_pixel (plain, outside, (int) (m.axis_height + i200 * m.row_height + 1));
  b = test_pixel (selected, outside, (int) (m.axis_height + i200 * m.row_height + 1));
  g_assert_true (test_pixel_equal (a, b));

  /* a filter to the second half: process 200's bars of the first half fade */
  options.has_selection = FALSE;
  options.shown = (CsTimeRange) { tl_synth_sample (TL_N / 2).time, G_MAXUINT64 };
  filtered = render (layout, &options, &width, &height);
  g_assert_cmpuint (bar_pixels (filtered, layout, i200, 0, BINS / 2), ==, 0);
  g_assert_cmpuint (bar_pixels (plain, layout, i200, 0, BINS / 2), >, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (selected);
  cairo_surface_destroy (filtered);
}

static void
test_hit_testing (void)
{
  g_autoptr(CsTimelineLayout) layout = layout_for (0, 0);
  CsChartStyle style;
  CsTimelineMetrics m;
  guint i101;
  guint64 t = tl_synth_sample (TL_N / 2).time;

  cs_chart_style_init (&style, CS_THEME_LIGHT);
  cs_timeline_get_metrics (&style, &m);
  find_row (layout, CS_TIMELINE_ROW_THREAD, 101, &i101);
  g_assert_cmpuint (cs_timeline_row_at (layout, &style, m.axis_height + i101 * m.row_height + 3), ==, i101);
  g_assert_cmpuint (cs_timeline_row_at (layout, &style, 2), ==, CS_TIMELINE_NO_ROW);
  g_assert_cmpuint (cs_timeline_row_at (layout, &style, m.axis_height + 50 * m.row_height), ==, CS_TIMELINE_NO_ROW);
  /* a time and its x agree within a bin */
  g_assert_cmpfloat (fabs (cs_timeline_bin_at (layout, &style, cs_timeline_time_x (layout, &style, t)) -
                           cs_timeline_layout_time_bin (layout, t)), <, 1e-6);
  g_assert_cmpuint (cs_timeline_layout_bin_time (layout, cs_timeline_layout_time_bin (layout, t)), <=, t);
  g_assert_cmpuint (cs_timeline_layout_bin_time (layout, cs_timeline_layout_time_bin (layout, t) + 1), >, t);
}

static void
test_format (void)
{
  const struct
  {
    guint64     offset, resolution;
    const char *text;
  } cases[] = {
    { 1500000000, 500000000, "1.5 s" },
    { 340000000, 10000000, "340 ms" },
    { 2000, 1000, "2 µs" },
    { 0, 1000000000, "0 s" },
    { 12500000, 500000, "12.5 ms" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cs_timeline_format_offset (cases[i].offset, cases[i].resolution);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *path = NULL;
  g_autofree char *kallsyms = NULL;
  g_autoptr(CsSymbolizer) symbolizer = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-timeline-draw CALLGRAPH-WORKLOAD");
  tmpdir = g_dir_make_tmp ("cs-timeline-XXXXXX", NULL);
  path = tl_synth_default (argv[1], FALSE, tmpdir, "timeline.data", NULL, NULL);
  kallsyms = tl_synth_kallsyms (tmpdir);
  symbolizer = cs_symbolizer_new ();
  cs_symbolizer_set_kallsyms_path (symbolizer, kallsyms);
  profile = cs_profile_load (path, symbolizer, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/timeline-draw/rows", test_rows);
  g_test_add_func ("/timeline-draw/zoom", test_zoom);
  g_test_add_func ("/timeline-draw/pixels", test_pixels);
  g_test_add_func ("/timeline-draw/selection-and-filter", test_selection_and_filter);
  g_test_add_func ("/timeline-draw/hit-testing", test_hit_testing);
  g_test_add_func ("/timeline-draw/format", test_format);
  status = g_test_run ();
  g_object_unref (profile);
  {
    g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmpdir, name, NULL);

        g_unlink (p);
      }
    g_rmdir (tmpdir);
  }
  return status;
}
